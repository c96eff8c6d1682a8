/**
 * `npm run audit -- --against <commit>`: this tree and a commit, measured in one
 * run on the same machine. The commit is checked out in a temporary git
 * worktree, both are built cold the same way and served side by side, and every
 * measurement alternates between them (A, B, A, B, …) so both see the same
 * machine noise. Writes <out>/compare.md and compare.json; judges no budget.
 */
import {execFileSync} from 'node:child_process';
import {promises as fs} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {buildSite, timed, type BuiltSite} from './build.ts';
import {measureInFreshContext} from './first-load-js.ts';
import {formatBytes, formatMs, markdownTable} from './format.ts';
import {
  aggregateRuns,
  interleaved,
  launchChromium,
  runLighthouse,
  summarizeLhr,
  type Medians,
  type RunSummary,
} from './lighthouse.ts';
import {serve, statusOf} from './serve.ts';

export const SIDES = ['current', 'against'] as const;
export type Side = (typeof SIDES)[number];

export type PageFigures = {missing?: string; firstLoadJsBrotli?: number; lighthouse?: Medians};
export type SideFigures = {label: string; build: BuiltSite; pages: Record<string, PageFigures>};

/** Measures one Lighthouse run of a URL; `key` names its raw report. */
export type MeasureRun = (url: string, key: string) => Promise<RunSummary>;

/**
 * Lighthouse medians of every route on both sides. The targets alternate sides
 * (current then against for each route) and every run goes through all of them
 * before the next begins, so a burst of machine noise falls on both sides alike.
 */
export async function lighthouseBothSides({
  routes,
  origins,
  runs,
  measure,
}: {
  routes: Record<Side, string[]>;
  origins: Record<Side, string>;
  runs: number;
  measure: MeasureRun;
}): Promise<Record<Side, Map<string, Medians>>> {
  const allRoutes = [...new Set(SIDES.flatMap((side) => routes[side]))];
  const targets = allRoutes.flatMap((route) =>
    SIDES.filter((side) => routes[side].includes(route)).map((side) => ({
      key: `${side}${route === '/' ? '-home' : route.replace(/[^a-zA-Z0-9]+/g, '-')}`,
      side,
      route,
    })),
  );
  const byKey = await interleaved(targets, runs, (target, run) =>
    measure(`${origins[target.side]}${target.route}`, `${target.key}-run${run}`),
  );
  const medians = {current: new Map(), against: new Map()} as Record<Side, Map<string, Medians>>;
  for (const target of targets) medians[target.side].set(target.route, aggregateRuns(byKey.get(target.key)!));
  return medians;
}

type Row = {
  figure: string;
  page: string;
  values: Record<Side, number | undefined>;
  format: (n: number) => string;
};

/** What the table compares: build time, then per page Lighthouse medians and first-load JavaScript. */
export function comparisonRows(routes: string[], sides: Record<Side, SideFigures>): Row[] {
  const rows: Row[] = [
    {
      figure: 'Cold build',
      page: '',
      values: {current: sides.current.build.seconds, against: sides.against.build.seconds},
      format: (s) => `${s.toFixed(1)} s`,
    },
  ];
  const perPage = (
    figure: string,
    format: Row['format'],
    value: (page: PageFigures) => number | undefined,
  ) => {
    for (const route of routes)
      rows.push({
        figure,
        page: route,
        values: {
          current: value(sides.current.pages[route] ?? {}),
          against: value(sides.against.pages[route] ?? {}),
        },
        format,
      });
  };
  perPage('Performance', String, (page) => page.lighthouse?.scores.performance);
  perPage('LCP', formatMs, (page) => page.lighthouse?.lcp);
  perPage('TBT', formatMs, (page) => page.lighthouse?.tbt);
  perPage('First-load JS (brotli)', formatBytes, (page) => page.firstLoadJsBrotli);
  return rows;
}

/** current − against, signed, in the row's unit; and as a percentage where that says more. */
function delta({values, format, figure}: Row): string {
  const {current, against} = values;
  if (current === undefined || against === undefined) return '';
  const difference = current - against;
  const sign = difference > 0 ? '+' : difference < 0 ? '−' : '±';
  const percent =
    figure === 'Performance' || against === 0
      ? ''
      : ` (${sign}${Math.abs((difference / against) * 100).toFixed(1)} %)`;
  return `${sign}${format(Math.abs(difference))}${percent}`;
}

/** compare.md. No I/O, so the unit test reads it directly. */
export function renderComparison({
  routes,
  sides,
  runs,
  machine,
  date,
}: {
  routes: string[];
  sides: Record<Side, SideFigures>;
  runs: number;
  machine: string;
  date: string;
}): string {
  const cell = (row: Row, side: Side) => {
    const value = row.values[side];
    return value === undefined
      ? (row.page && sides[side].pages[row.page]?.missing) || 'not measured'
      : row.format(value);
  };
  return [
    `# Audit: ${sides.current.label} against ${sides.against.label}`,
    '',
    `Measured ${date} on ${machine}. Both sides built cold the same way and measured alternately in one run; ` +
      `Lighthouse figures are medians of ${runs} run(s) per page (mobile, simulated throttling). ` +
      'Delta: current minus against.',
    '',
    ...markdownTable(
      ['Figure', 'Page', sides.current.label, sides.against.label, 'Delta'],
      comparisonRows(routes, sides).map((row) => [
        row.figure,
        row.page && `\`${row.page}\``,
        cell(row, 'current'),
        cell(row, 'against'),
        delta(row),
      ]),
    ),
    '',
  ].join('\n');
}

/**
 * `commit` checked out in a temporary worktree, ready to build. node_modules is
 * linked when the commit's package-lock.json is this tree's (the same packages),
 * and installed with `npm ci` otherwise.
 */
async function checkOut(projectDir: string, commit: string, dir: string, log: string): Promise<string> {
  const git = (...args: string[]) => execFileSync('git', args, {cwd: projectDir, encoding: 'utf8'}).trim();
  const sha = git('rev-parse', '--verify', `${commit}^{commit}`);
  git('worktree', 'add', '--detach', dir, sha);
  const lock = async (root: string) => fs.readFile(path.join(root, 'package-lock.json'), 'utf8');
  if ((await lock(projectDir)) === (await lock(dir))) {
    await fs.symlink(path.join(projectDir, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  } else {
    console.log(`${commit} has other packages: npm ci in its worktree...`);
    await timed('npm', ['ci', '--no-audit', '--no-fund'], {cwd: dir, log});
  }
  return git('rev-parse', '--short', sha);
}

/** The whole comparison. */
export async function runComparison({
  projectDir,
  outDir,
  commit,
  routes,
  runs,
  chrome,
  machine,
  skipBuild,
}: {
  projectDir: string;
  outDir: string;
  commit: string;
  routes: string[];
  runs: number;
  chrome: string;
  machine: string;
  skipBuild: boolean;
}): Promise<void> {
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'docs-audit-against-'));
  const worktree = path.join(tempDir, 'worktree');
  const served = [];
  try {
    const shortSha = await checkOut(projectDir, commit, worktree, path.join(outDir, 'npm-ci.log'));
    const dirs: Record<Side, string> = {current: projectDir, against: worktree};
    const builds = {
      current: await buildSite({dir: projectDir, log: path.join(outDir, 'build.log'), skip: skipBuild}),
      against: await buildSite({dir: worktree, log: path.join(outDir, 'build-against.log'), skip: false}),
    };
    const sides: Record<Side, SideFigures> = {
      current: {label: 'this tree', build: builds.current, pages: {}},
      against: {label: `${commit} (${shortSha})`, build: builds.against, pages: {}},
    };
    const origins = {} as Record<Side, string>;
    const present: Record<Side, string[]> = {current: [], against: []};
    for (const side of SIDES) {
      const site = await serve(path.join(dirs[side], 'build'));
      served.push(site);
      origins[side] = site.origin;
      for (const route of routes) {
        const status = await statusOf(site.origin, route);
        if (status === 200) present[side].push(route);
        else sides[side].pages[route] = {missing: `HTTP ${status}`};
      }
    }
    const browser = await launchChromium(chrome);
    try {
      for (const route of routes)
        for (const side of SIDES) {
          if (!present[side].includes(route)) continue;
          const js = await measureInFreshContext(
            browser,
            `${origins[side]}${route}`,
            path.join(dirs[side], 'build'),
          );
          sides[side].pages[route] = {firstLoadJsBrotli: js.total.brotli};
        }
    } finally {
      await browser.close();
    }
    const rawDir = path.join(outDir, 'lighthouse');
    await fs.mkdir(rawDir, {recursive: true});
    const medians = await lighthouseBothSides({
      routes: present,
      origins,
      runs,
      measure: async (url, key) =>
        summarizeLhr(await runLighthouse({projectDir, url, chrome, outBase: path.join(rawDir, key)})),
    });
    for (const side of SIDES)
      for (const [route, lighthouse] of medians[side])
        sides[side].pages[route] = {...sides[side].pages[route], lighthouse};
    const date = new Date().toISOString().slice(0, 10);
    await fs.writeFile(
      path.join(outDir, 'compare.json'),
      `${JSON.stringify({date, machine, runs, sides}, null, 2)}\n`,
    );
    const report = path.join(outDir, 'compare.md');
    await fs.writeFile(report, renderComparison({routes, sides, runs, machine, date}));
    console.log(`\nReport: ${path.relative(projectDir, report)}`);
  } finally {
    for (const {server} of served) server.close();
    execFileSync('git', ['worktree', 'remove', '--force', worktree], {cwd: projectDir, stdio: 'ignore'});
    await fs.rm(tempDir, {recursive: true, force: true});
  }
}
