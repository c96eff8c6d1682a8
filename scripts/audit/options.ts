/** Step 0 of `npm run audit`: the command line, and the `--help` text that explains it. */
import {BUDGETS} from './budgets.ts';

/** What the command line asks for; USAGE says what each means. */
export type AuditOptions = {
  runs: number;
  skipBuild: boolean;
  out: string;
  updateBudget: boolean;
  scale?: number;
  against?: string;
  help: boolean;
};

export const USAGE = `Usage: node scripts/audit/index.ts [--runs ${BUDGETS.minRuns}] [--skip-build] [--out reports/audit] [--update-budget]
       node scripts/audit/index.ts --against <commit> [--runs ${BUDGETS.minRuns}] [--skip-build] [--out reports/audit-against]
       node scripts/audit/index.ts --scale 10 [--runs ${BUDGETS.minRuns}] [--out reports/audit-scale]

Builds the site and a one-page stock Docusaurus site cold, serves them like a static host, measures
first-load JavaScript and runs Lighthouse on each; writes <out>/report.md and summary.json (raw
Lighthouse reports in <out>/lighthouse/) and exits 1 when a budget fails. Method: scripts/audit/README.md.

  --runs N            Lighthouse runs per page (with --scale: first searches per scale), at least ${BUDGETS.minRuns}
                      (default ${BUDGETS.minRuns}; with --against at least 1)
  --skip-build        measure the existing build/ (the report then has no build time)
  --out DIR           report folder (default reports/audit; emptied first)
  --update-budget     rewrite config/first-load-js-budget.json from this run's stock measurements
  --against COMMIT    instead, compare this tree with COMMIT (built in a temporary git worktree), measured
                      alternately; writes <out>/compare.md and compare.json (default out: reports/audit-against)
  --scale N           instead, the scale audit: the site at 1× and N× the docs pages, builds and first
                      searches; writes <out>/scale.md and scale.json (default out: reports/audit-scale)
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
