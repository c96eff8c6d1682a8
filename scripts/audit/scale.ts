/**
 * `npm run audit -- --scale 10`: how the build and the local search scale with
 * the number of docs pages (opt-in). Copies the project twice into a temporary
 * folder (node_modules linked): as it is (1×) and with synthetic variants of the
 * hand-written docs pages (synthetic-docs.ts) until the docs hold `factor` times
 * as many pages, the generated SDK reference counted. Builds both cold, measures
 * each build's CPU seconds per page and peak RSS (proc-tree.ts), the search index
 * as served, and the first search with the CPU slowed 4× (first-search.ts), and
 * judges the goals: <out>/scale.md and scale.json.
 */
import {promises as fs} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {countPages, docusaurusBuild, type RunCost} from './build.ts';
import {INDEX_FILE} from '../../src/plugins/search/node.ts';
import {compressedSizes, sumSizes, type Sizes} from './first-load-js.ts';
import {measureFirstSearch, type FirstSearch} from './first-search.ts';
import {formatHolds, formatMebibytes, formatMs, markdownTable} from './format.ts';
import {SAMPLE_MS} from './proc-tree.ts';
import {writeReport} from './report.ts';
import {serveOnFreePort} from '../serve-build.ts';
import {seededRandom, variantFileName, variantSource, vocabulary} from './synthetic-docs.ts';

/** The goals of the scale audit, judged as budgets. */
export const SCALE_BUDGETS = {
  /** Search index of the real site (1×), gzip, bytes. */
  indexGzipAt1x: 150 * 1024,
  /** First search at the largest scale: time from index downloaded (or keystroke) to results, ms. */
  firstResultsAfterDownloadMs: 300,
  /**
   * Build CPU seconds per page at the largest scale may exceed 1× by this
   * fraction: "does not grow", with room for the noise of one build each.
   */
  cpuPerPageGrowth: 0.15,
};

/** Top-level entries of the project never copied: outputs, caches, installed packages. */
const NOT_COPIED = new Set(['node_modules', 'build', '.docusaurus', '.git', 'reports', 'test-results']);

/** Generated at build time inside docs/ (TypeDoc's SDK reference): never copied, always regenerated. */
const GENERATED_DOCS = path.join('usage', 'sdk', 'api');

/** Markdown/MDX files under `dir`, relative to it. */
async function docFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, {recursive: true, withFileTypes: true});
  return entries
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** A buildable copy of the project in `dir` (node_modules linked, outputs left out). */
export async function copyProject(projectDir: string, dir: string): Promise<void> {
  await fs.mkdir(dir, {recursive: true});
  for (const entry of await fs.readdir(projectDir)) {
    if (NOT_COPIED.has(entry)) continue;
    await fs.cp(path.join(projectDir, entry), path.join(dir, entry), {
      recursive: true,
      filter: (source) => !source.startsWith(path.join(projectDir, 'docs', GENERATED_DOCS)),
    });
  }
  await fs.symlink(path.join(projectDir, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
}

/**
 * Adds synthetic variants of the hand-written docs pages of the copy in `dir`
 * until its docs hold `targetDocs` pages, counting `generatedDocs` pages the
 * build will generate. Variants are spread evenly over the pages. Returns how
 * many were written.
 */
export async function addSyntheticDocs(
  dir: string,
  {targetDocs, generatedDocs}: {targetDocs: number; generatedDocs: number},
): Promise<number> {
  const docsDir = path.join(dir, 'docs');
  const files = await docFiles(docsDir);
  const pages = await Promise.all(
    files.map(async (file) => ({
      file: path.join(docsDir, file),
      source: await fs.readFile(path.join(docsDir, file), 'utf8'),
    })),
  );
  const words = vocabulary(pages);
  const random = seededRandom(20261125);
  const wanted = Math.max(0, targetDocs - files.length - generatedDocs);
  for (let written = 0; written < wanted; written++) {
    const index = written % files.length;
    // Copy 1 is the original page.
    const copy = Math.floor(written / files.length) + 2;
    const file = path.join(docsDir, files[index]);
    await fs.writeFile(
      path.join(path.dirname(file), variantFileName(path.basename(file), copy)),
      variantSource(pages[index], {copy, words, random}),
    );
  }
  return wanted;
}

export type IndexSize = Sizes & {files: string[]};

/**
 * Index files of a build (site paths, e.g. what the first search fetched), compressed as served;
 * without `files`, the whole index: the first file and every shard in the folder named after it.
 */
export async function measureIndex(buildDir: string, files?: string[]): Promise<IndexSize> {
  const stem = INDEX_FILE.replace(/\.json$/, '');
  const names =
    files?.map((file) => file.replace(/^\/+/, '')) ??
    (await fs.readdir(buildDir, {recursive: true}))
      .map((name) => name.split(path.sep).join('/'))
      .filter((name) => (name === INDEX_FILE || name.startsWith(`${stem}/`)) && name.endsWith('.json'));
  if (!names.includes(INDEX_FILE))
    throw new Error(`No ${INDEX_FILE} in ${buildDir}: was the build made with the local backend?`);
  const sizes = await Promise.all(
    names.map(async (name) => compressedSizes(await fs.readFile(path.join(buildDir, name)))),
  );
  return {files: names, ...sumSizes(sizes)};
}

export type ScalePoint = {
  factor: number;
  docsPages: number;
  syntheticPages: number;
  pages: number;
  build: RunCost;
  cpuSecondsPerPage?: number;
  /** What the first search downloads of the index (the goal at 1×). */
  index: IndexSize;
  /** The whole index: first file and all shards. */
  wholeIndex: IndexSize;
  firstSearch: FirstSearch;
};

export type ScaleCheck = {name: string; measured: string; limit: string; ok: boolean | null};

export type ScaleSummary = {
  date: string;
  machine: string;
  loadAverage: {start: number; end: number};
  points: ScalePoint[];
  checks: ScaleCheck[];
};

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The runs' range beside a median: on a shared machine they spread widely. */
const spread = ({resultsAfterDownloadEach: each}: FirstSearch) =>
  each?.length > 1 ? ` (${formatMs(Math.min(...each))}–${formatMs(Math.max(...each))})` : '';

/** The scale goals, judged on the 1× point and the scaled one, in that order. */
export function evaluateScale([base, top]: ScalePoint[]): ScaleCheck[] {
  const after = top.firstSearch.resultsAfterDownloadMs;
  const [low, high] = [base.cpuSecondsPerPage, top.cpuSecondsPerPage];
  const limit = low === undefined ? undefined : low * (1 + SCALE_BUDGETS.cpuPerPageGrowth);
  return [
    {
      name: 'Search index the first search downloads at 1×, gzip',
      measured: kib(base.index.gzip),
      limit: kib(SCALE_BUDGETS.indexGzipAt1x),
      ok: base.index.gzip <= SCALE_BUDGETS.indexGzipAt1x,
    },
    {
      name: `First search at ${top.factor}×: results after the index download (CPU 4× slower)`,
      measured: formatMs(after),
      limit: formatMs(SCALE_BUDGETS.firstResultsAfterDownloadMs),
      ok: after <= SCALE_BUDGETS.firstResultsAfterDownloadMs,
    },
    {
      name: `Build CPU per page at ${top.factor}× vs 1×`,
      measured:
        high === undefined || low === undefined
          ? 'not measured'
          : `${high.toFixed(2)} vs ${low.toFixed(2)} CPU-s`,
      limit:
        limit === undefined
          ? 'n/a'
          : `${limit.toFixed(2)} CPU-s (+${SCALE_BUDGETS.cpuPerPageGrowth * 100} %)`,
      ok: high === undefined || limit === undefined ? null : high <= limit,
    },
  ];
}

/** scale.md. No I/O, so the unit test reads it directly. */
export function renderScaleMarkdown(summary: ScaleSummary): string {
  const failed = summary.checks.filter((check) => check.ok === false);
  const loaded = Math.max(summary.loadAverage.start, summary.loadAverage.end) > os.cpus().length;
  const optional = (value: number | undefined, format: (n: number) => string) =>
    value === undefined ? 'n/a' : format(value);
  const seconds = (digits: number) => (n: number) => `${n.toFixed(digits)} s`;
  return [
    '# Scale audit',
    '',
    // The machine's description already gives the load average at the start.
    `Measured ${summary.date} on ${summary.machine}; load average ${summary.loadAverage.end.toFixed(1)} at the end` +
      `${loaded ? ' (**a loaded machine: times are not representative**)' : ''}. Each scale is a copy of the site ` +
      'built cold with `docusaurus build`; the larger ones add synthetic variants of the hand-written docs pages ' +
      '(new names, titles and varied prose) until the docs hold that many times the pages of the real site.',
    '',
    failed.length
      ? `**${failed.length} goal(s) missed:** ${failed.map((c) => c.name).join('; ')}.`
      : '**Every goal holds.**',
    '',
    ...markdownTable(
      'Scale | Docs pages (synthetic) | HTML pages | Build wall | Build CPU | CPU per page | Peak RSS | Whole index gzip | First search index raw | gzip | brotli | Index download | Results after download | Keystroke to results',
      summary.points.map((p) => [
        `${p.factor}×`,
        `${p.docsPages} (${p.syntheticPages})`,
        String(p.pages),
        seconds(0)(p.build.seconds),
        optional(p.build.cpuSeconds, seconds(0)),
        optional(p.cpuSecondsPerPage, seconds(2)),
        optional(p.build.peakRssBytes, formatMebibytes),
        `${kib(p.wholeIndex.gzip)} (${p.wholeIndex.files.length} files)`,
        ...[p.index.raw, p.index.gzip, p.index.brotli].map(kib),
        `${formatMs(p.firstSearch.downloadMs)} (${kib(p.firstSearch.transferredBytes)})`,
        formatMs(p.firstSearch.resultsAfterDownloadMs) + spread(p.firstSearch),
        formatMs(p.firstSearch.keystrokeToResultsMs),
      ]),
    ),
    '',
    'Build CPU: user + system seconds of the build’s whole process tree; per page: over the HTML pages built. ' +
      `Peak RSS: the largest sum of the resident memory of the tree’s processes, sampled every ${SAMPLE_MS} ms ` +
      `(shared pages counted per process, so an upper bound). First search: median of ${summary.points[0].firstSearch.runs} runs in ` +
      'Chromium with the CPU slowed 4× (DevTools CPU throttling for the page, a cgroup CPU quota for the search ' +
      'worker’s thread), served from localhost without network throttling: the download time is the transfer from a ' +
      'local server, the bytes are what a visitor downloads. First search index: the index files that search fetched ' +
      '(first file, then the shards its query and hits need). Results after download: from the first index file’s ' +
      'end (or the keystroke, if later) to the first hit in the dialog, less the time spent waiting for shards; the ' +
      'median of the runs, their range in brackets.',
    '',
    '## Goals',
    '',
    ...markdownTable(
      'Goal | Measured | Limit | Holds',
      summary.checks.map((check) => [check.name, check.measured, check.limit, formatHolds(check.ok)]),
    ),
    '',
  ].join('\n');
}

/** Where the scale audit writes, and how it measures first searches (`runs` of them per scale). */
type ScaleContext = {outDir: string; chrome: string; runs: number};

/** Builds the copy in `dir` cold and measures build, index and first search. */
async function measurePoint(
  dir: string,
  {factor, syntheticPages}: {factor: number; syntheticPages: number},
  {outDir, chrome, runs}: ScaleContext,
): Promise<ScalePoint> {
  console.log(`Building the ${factor}× copy cold...`);
  const build = await docusaurusBuild(dir, path.join(outDir, `scale-${factor}x-build.log`));
  console.log(`  ${build.seconds.toFixed(0)} s, ${build.cpuSeconds?.toFixed(0) ?? '?'} CPU-s`);
  const buildDir = path.join(dir, 'build');
  const {pages} = await countPages(buildDir);
  const docsPages = (await docFiles(path.join(dir, 'docs'))).length;
  const wholeIndex = await measureIndex(buildDir);
  const served = await serveOnFreePort(buildDir);
  try {
    const firstSearch = await measureFirstSearch({origin: served.origin, chrome, runs});
    const index = await measureIndex(buildDir, firstSearch.files);
    console.log(`  first search: ${formatMs(firstSearch.resultsAfterDownloadMs)} after download`);
    return {
      factor,
      docsPages,
      syntheticPages,
      pages,
      build,
      cpuSecondsPerPage: build.cpuSeconds === undefined ? undefined : build.cpuSeconds / pages,
      index,
      wholeIndex,
      firstSearch,
    };
  } finally {
    served.server.close();
  }
}

/** The whole scale audit; resolves with how many goals were missed. */
export async function runScale({
  projectDir,
  factor,
  machine,
  ...context
}: ScaleContext & {projectDir: string; factor: number; machine: string}): Promise<number> {
  const loadStart = os.loadavg()[0];
  const {outDir} = context;
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'docs-scale-'));
  try {
    const baseDir = path.join(tempDir, '1x');
    await copyProject(projectDir, baseDir);
    const base = await measurePoint(baseDir, {factor: 1, syntheticPages: 0}, context);
    // Kept at once: the larger build takes long, and may fail or be stopped.
    await fs.writeFile(path.join(outDir, 'scale-1x.json'), `${JSON.stringify(base, null, 2)}\n`);
    const generatedDocs = (await docFiles(path.join(baseDir, 'docs', GENERATED_DOCS))).length;
    // Free the disk before the next copy: only the numbers are kept.
    await fs.rm(baseDir, {recursive: true, force: true});

    const scaledDir = path.join(tempDir, `${factor}x`);
    await copyProject(projectDir, scaledDir);
    const syntheticPages = await addSyntheticDocs(scaledDir, {
      targetDocs: base.docsPages * factor,
      generatedDocs,
    });
    console.log(`${syntheticPages} synthetic docs pages added for ${factor}×`);
    const scaled = await measurePoint(scaledDir, {factor, syntheticPages}, context);

    const points = [base, scaled];
    const summary: ScaleSummary = {
      date: new Date().toISOString().slice(0, 10),
      machine,
      loadAverage: {start: loadStart, end: os.loadavg()[0]},
      points,
      checks: evaluateScale(points),
    };
    const failed = summary.checks.filter((check) => check.ok === false);
    await writeReport(
      outDir,
      {'scale.json': `${JSON.stringify(summary, null, 2)}\n`, 'scale.md': renderScaleMarkdown(summary)},
      failed.map((check) => `${check.name}: ${check.measured} (limit ${check.limit})`),
    );
    return failed.length;
  } finally {
    await fs.rm(tempDir, {recursive: true, force: true});
  }
}
