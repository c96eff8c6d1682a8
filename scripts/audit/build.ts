/**
 * Step 1 of `npm run audit`: build a site cold (no persistent bundler cache),
 * timed, and count what the build holds.
 */
import {spawn} from 'node:child_process';
import {existsSync, promises as fs} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {builtHtmlFiles} from '../../src/build-output/index.ts';
import {canMeasure} from './proc-tree.ts';

const CHILD_TIMES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'child-times.ts');

/** Environment of a cold Docusaurus build: no bundler cache left by an earlier one. */
const COLD_BUILD_ENV = {DOCUSAURUS_NO_PERSISTENT_CACHE: 'true'};

/**
 * What a command cost: wall-clock seconds and, on Linux, CPU seconds (user +
 * system) and peak summed RSS of its whole process tree (see proc-tree.ts).
 */
export type RunCost = {seconds: number; cpuSeconds?: number; peakRssBytes?: number};

/** Runs a command, its output into a log file; resolves with what it cost. */
export async function timed(
  command: string,
  args: string[],
  {cwd, log, env}: {cwd: string; log: string; env?: NodeJS.ProcessEnv},
): Promise<RunCost> {
  const measure = canMeasure();
  const costFile = `${log}.cost.json`;
  const started = performance.now();
  const logFile = await fs.open(log, 'w');
  const [file, fileArgs] = measure
    ? [process.execPath, [CHILD_TIMES, costFile, command, ...args]]
    : [command, args];
  const child = spawn(file, fileArgs, {
    cwd,
    env: {...process.env, ...env},
    stdio: ['ignore', logFile.fd, logFile.fd],
  });
  const code = await new Promise((resolve) => child.on('close', resolve));
  const seconds = (performance.now() - started) / 1000;
  await logFile.close();
  if (code !== 0) {
    const tail = (await fs.readFile(log, 'utf8')).split('\n').slice(-30).join('\n');
    throw new Error(
      `${command} ${args.join(' ')} failed (exit ${code}) in ${cwd}:\n${tail}\nFull log: ${log}`,
    );
  }
  if (!measure) return {seconds};
  const cost = JSON.parse(await fs.readFile(costFile, 'utf8'));
  await fs.rm(costFile);
  return {seconds, ...cost};
}

/** HTML pages of a build (not counting 404.html) and URLs in its sitemap. */
export async function countPages(buildDir: string): Promise<{pages: number; sitemapUrls: number}> {
  const sitemap = await fs.readFile(path.join(buildDir, 'sitemap.xml'), 'utf8');
  return {pages: builtHtmlFiles(buildDir).length, sitemapUrls: (sitemap.match(/<loc>/g) ?? []).length};
}

export type BuiltSite = Partial<RunCost> & {pages: number; sitemapUrls: number};

type BuildSiteOptions = {dir: string; log: string; skip: boolean};

/**
 * Builds the site in `dir` cold into its build/ with its own checked build (broken
 * links fail it), as CI builds it, unless `skip` says to measure the build that is
 * there (then the cost is undefined).
 */
export async function buildSite({dir, log, skip}: BuildSiteOptions): Promise<BuiltSite> {
  const buildDir = path.join(dir, 'build');
  let cost: RunCost | undefined;
  if (!skip) {
    console.log(`Building ${dir} cold...`);
    cost = await timed(process.execPath, ['scripts/build-checked.ts'], {cwd: dir, log, env: COLD_BUILD_ENV});
    console.log(
      `  ${cost.seconds.toFixed(1)} s` +
        (cost.cpuSeconds === undefined ? '' : `, ${cost.cpuSeconds.toFixed(1)} CPU-s`),
    );
  } else if (!existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error(`--skip-build, but there is no build in ${buildDir}: run \`npm run build\` first.`);
  }
  return {...cost, ...(await countPages(buildDir))};
}

/** A plain cold `docusaurus build` of the site in `dir` (the stock site and scale copies, which have no checked build). */
export function docusaurusBuild(dir: string, log: string): Promise<RunCost> {
  const cli = path.join(dir, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');
  return timed(process.execPath, [cli, 'build'], {cwd: dir, log, env: COLD_BUILD_ENV});
}
