/**
 * Step 0 of `npm run audit`: the command line. Everything the audit can be told
 * is here, with the `--help` text that explains it.
 */
import {BUDGETS} from './budgets.ts';

export type AuditOptions = {
  /** Lighthouse runs per page (first searches per scale with `scale`); budgets are judged on their medians. */
  runs: number;
  /** Measure the existing build/ instead of building cold (the report then has no build time). */
  skipBuild: boolean;
  /** Report folder, relative to the project. */
  out: string;
  /** Rewrite config/first-load-js-budget.json from this run's stock measurements. */
  updateBudget: boolean;
  /** Run the scale audit instead (scale.ts): the site at 1× and at this many times the docs pages. */
  scale?: number;
  /** Compare this tree with this commit instead (compare.ts). */
  against?: string;
  help: boolean;
};

export const USAGE = `Usage: node scripts/audit/index.ts [--runs ${BUDGETS.minRuns}] [--skip-build] [--out reports/audit] [--update-budget]
       node scripts/audit/index.ts --against <commit> [--runs ${BUDGETS.minRuns}] [--skip-build] [--out reports/audit-against]
       node scripts/audit/index.ts --scale 10 [--runs ${BUDGETS.minRuns}] [--out reports/audit-scale]

Builds the site and two stock Docusaurus sites cold, serves them like a static host,
measures first-load JavaScript and runs Lighthouse on each, then writes
<out>/report.md and <out>/summary.json (raw Lighthouse reports in <out>/lighthouse/).
Exits 1 when a budget fails.

  --runs N            Lighthouse runs per page (with --scale: first searches per scale), at least ${BUDGETS.minRuns}
                      (default ${BUDGETS.minRuns}; with --against at least 1)
  --skip-build        measure the existing build/ (the report then has no build time)
  --out DIR           report folder (default reports/audit; emptied first)
  --update-budget     rewrite config/first-load-js-budget.json from this run's stock measurements
  --against COMMIT    instead of the above, compare this tree with COMMIT: builds both cold (the commit in a
                      temporary git worktree), measures them alternately and writes <out>/compare.md and
                      compare.json (default out: reports/audit-against): build time, and per page the
                      Lighthouse performance, LCP and TBT medians and first-load JavaScript, with the delta.
                      Judges no budget.
  --scale N           instead of the above, the scale audit: copies the site into a temp folder at 1× and with
                      N times the docs pages (synthetic variants of the real ones), builds both cold and reports
                      build CPU seconds per page, peak RSS, the search index size (gzip, brotli) and the first
                      search in Chromium with a 4× slower CPU, judged against the scale goals; writes
                      <out>/scale.md and <out>/scale.json, the 1× figures first to <out>/scale-1x.json
                      (default out: reports/audit-scale). Two cold builds, the second about N times longer.
  --help              show this text
`;

export function parseArgs(argv: string[]): AuditOptions {
  const options: AuditOptions = {
    runs: BUDGETS.minRuns,
    skipBuild: false,
    out: 'reports/audit',
    updateBudget: false,
    help: false,
  };
  const value = (i: number) => {
    if (argv[i] === undefined || argv[i].startsWith('--'))
      throw new Error(`${argv[i - 1]} needs a value\n\n${USAGE}`);
    return argv[i];
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg === '--skip-build') options.skipBuild = true;
    else if (arg === '--update-budget') options.updateBudget = true;
    else if (arg === '--runs') options.runs = Number(value(++i));
    else if (arg === '--out') options.out = value(++i);
    else if (arg === '--scale') options.scale = Number(value(++i));
    else if (arg === '--against') options.against = value(++i);
    else throw new Error(`Unknown argument ${arg}\n\n${USAGE}`);
  }
  if (options.scale !== undefined && options.against !== undefined)
    throw new Error('--scale and --against are two different audits: give one of them');
  // The comparison judges no budget, so one run each is a (noisy) answer.
  const minRuns = options.against === undefined ? BUDGETS.minRuns : 1;
  if (!Number.isInteger(options.runs) || options.runs < minRuns) {
    throw new Error(
      options.against === undefined
        ? `--runs must be at least ${minRuns}: budgets are judged on medians of ${minRuns} or more runs`
        : '--runs must be a whole number of at least 1',
    );
  }
  if (options.scale !== undefined && (!Number.isInteger(options.scale) || options.scale < 2))
    throw new Error('--scale must be a whole number of at least 2 (the 1× site is always measured)');
  if (!argv.includes('--out') && options.scale !== undefined) options.out = 'reports/audit-scale';
  if (!argv.includes('--out') && options.against !== undefined) options.out = 'reports/audit-against';
  return options;
}
