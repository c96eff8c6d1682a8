/**
 * `npm run audit -- --against <commit>`: this tree and a commit, measured in one
 * run on the same machine. The commit is checked out in a temporary git worktree,
 * both are built cold the same way, served side by side and measured alike
 * (sites.ts: Lighthouse runs alternate between them, A, B, A, B, …, so both see
 * the same machine noise). Writes <out>/compare.md and compare.json; judges no budget.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, promises as fs} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {buildSite, timed, type BuiltSite} from './build.ts';
import {formatBytes, formatMs, markdownTable} from './format.ts';
import {writeReport} from './report.ts';
import {measureSites, type SiteResult} from './sites.ts';

export type Side = {label: string; build: BuiltSite; site: SiteResult};
type Row = {figure: string; route?: string; values: Array<number | undefined>; format: (n: number) => string};

/** What the table compares: build time, then per page Lighthouse medians and first-load JavaScript. */
function comparisonRows(routes: string[], sides: Side[]): Row[] {
  const perPage = (
    figure: string,
    format: Row['format'],
    value: (site: SiteResult, route: string) => number | undefined,
  ) => routes.map((route) => ({figure, route, format, values: sides.map((side) => value(side.site, route))}));
  return [
    {
      figure: 'Cold build',
      values: sides.map((side) => side.build.seconds),
      format: (s) => `${s.toFixed(1)} s`,
    },
    ...perPage('Performance', String, (site, route) => site.medians[route]?.scores.performance),
    ...perPage('LCP', formatMs, (site, route) => site.medians[route]?.lcp),
    ...perPage('TBT', formatMs, (site, route) => site.medians[route]?.tbt),
    ...perPage('First-load JS (brotli)', formatBytes, (site, route) => site.firstLoadJs[route]?.total.brotli),
  ];
}

/** The first side minus the second, signed, in the row's unit and (but for scores) in percent. */
function delta({values: [current, against], format, figure}: Row): string {
  if (current === undefined || against === undefined) return '';
  const difference = current - against;
  const sign = difference > 0 ? '+' : difference < 0 ? '−' : '±';
  const percent =
    figure === 'Performance' || !against
      ? ''
      : ` (${sign}${Math.abs((difference / against) * 100).toFixed(1)} %)`;
  return `${sign}${format(Math.abs(difference))}${percent}`;
}

type Comparison = {routes: string[]; sides: Side[]; runs: number; machine: string; date: string};

/** compare.md: this tree (first side) against the commit (second side). No I/O, so the unit test reads it. */
export function renderComparison({routes, sides, runs, machine, date}: Comparison): string {
  const cell = (row: Row, index: number) => {
    const value = row.values[index];
    if (value !== undefined) return row.format(value);
    return (row.route && sides[index].site.missing[row.route]) || 'not measured';
  };
  return [
    `# Audit: ${sides[0].label} against ${sides[1].label}`,
    '',
    `Measured ${date} on ${machine}. Both sides built cold the same way and measured alternately in one run; ` +
      `Lighthouse figures are medians of ${runs} run(s) per page (mobile, simulated throttling). Delta: the first side minus the second.`,
    '',
    ...markdownTable(
      `Figure | Page | ${sides[0].label} | ${sides[1].label} | Delta`,
      comparisonRows(routes, sides).map((row) => [
        row.figure,
        row.route ? `\`${row.route}\`` : '',
        cell(row, 0),
        cell(row, 1),
        delta(row),
      ]),
    ),
    '',
  ].join('\n');
}

/**
 * `commit` checked out in a temporary worktree at `dir`, ready to build. Its
 * node_modules is this tree's, linked, when its package-lock.json is the same
 * (the same packages); otherwise `npm ci` installs its own.
 */
async function checkOut(projectDir: string, commit: string, dir: string, log: string): Promise<string> {
  const git = (...args: string[]) => execFileSync('git', args, {cwd: projectDir, encoding: 'utf8'}).trim();
  const sha = git('rev-parse', '--verify', `${commit}^{commit}`);
  git('worktree', 'add', '--quiet', '--detach', dir, sha);
  const lock = (root: string) => fs.readFile(path.join(root, 'package-lock.json'), 'utf8');
  if ((await lock(projectDir)) === (await lock(dir)))
    await fs.symlink(path.join(projectDir, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  else {
    console.log(`${commit} locks other packages: npm ci in its worktree...`);
    await timed('npm', ['ci', '--no-audit', '--no-fund'], {cwd: dir, log});
  }
  return git('rev-parse', '--short', sha);
}

/** The whole comparison. */
export async function runComparison(options: {
  projectDir: string;
  outDir: string;
  commit: string;
  routes: string[];
  runs: number;
  chrome: string;
  machine: string;
  skipBuild: boolean;
}): Promise<void> {
  const {projectDir, outDir, commit, routes, runs, chrome, machine, skipBuild} = options;
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'docs-audit-against-'));
  const worktree = path.join(tempDir, 'worktree');
  try {
    const sha = await checkOut(projectDir, commit, worktree, path.join(outDir, 'npm-ci.log'));
    const builds = [
      await buildSite({dir: projectDir, log: path.join(outDir, 'build.log'), skip: skipBuild}),
      await buildSite({dir: worktree, log: path.join(outDir, 'build-against.log'), skip: false}),
    ];
    const sites = await measureSites({
      projectDir,
      chrome,
      runs,
      rawDir: path.join(outDir, 'lighthouse'),
      sites: [
        {key: 'current', buildDir: path.join(projectDir, 'build'), routes},
        {key: 'against', buildDir: path.join(worktree, 'build'), routes},
      ],
    });
    const sides: Side[] = [
      {label: 'this tree', build: builds[0], site: sites.current},
      {label: `${commit} (${sha})`, build: builds[1], site: sites.against},
    ];
    const date = new Date().toISOString().slice(0, 10);
    const json = `${JSON.stringify({date, machine, runs, sides}, null, 2)}\n`;
    const markdown = renderComparison({routes, sides, runs, machine, date});
    await writeReport(outDir, {'compare.json': json, 'compare.md': markdown}, []);
  } finally {
    // The link first, so that nothing removing the worktree can reach this tree's packages through it.
    const link = path.join(worktree, 'node_modules');
    if ((await fs.lstat(link).catch(() => undefined))?.isSymbolicLink()) await fs.unlink(link);
    if (existsSync(worktree))
      execFileSync('git', ['worktree', 'remove', '--force', worktree], {cwd: projectDir});
    await fs.rm(tempDir, {recursive: true, force: true});
  }
}
