/**
 * Step 0 of `npm run audit`: the command line. Everything the audit can be told
 * is here, with the `--help` text that explains it.
 */
import {BUDGETS} from './budgets.ts';

export type AuditOptions = {
  /** Lighthouse runs per page; budgets are judged on their medians. */
  runs: number;
  /** Measure the existing build/ instead of building cold (the report then has no build time). */
  skipBuild: boolean;
  /** Report folder, relative to the project. */
  out: string;
  /** Rewrite config/first-load-js-budget.json from this run's stock measurements. */
  updateBudget: boolean;
  help: boolean;
};

export const USAGE = `Usage: node scripts/audit/index.ts [--runs ${BUDGETS.minRuns}] [--skip-build] [--out reports/audit] [--update-budget]

Builds the site and two stock Docusaurus sites cold, serves them like a static host,
measures first-load JavaScript and runs Lighthouse on each, then writes
<out>/report.md and <out>/summary.json (raw Lighthouse reports in <out>/lighthouse/).
Exits 1 when a budget fails.

  --runs N         Lighthouse runs per page, at least ${BUDGETS.minRuns} (default ${BUDGETS.minRuns})
  --skip-build     measure the existing build/ (the report then has no build time)
  --out DIR        report folder (default reports/audit; emptied first)
  --update-budget  rewrite config/first-load-js-budget.json from this run's stock measurements
  --help           show this text
`;

export function parseArgs(argv: string[]): AuditOptions {
  const options: AuditOptions = {
    runs: BUDGETS.minRuns,
    skipBuild: false,
    out: 'reports/audit',
    updateBudget: false,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg === '--skip-build') options.skipBuild = true;
    else if (arg === '--update-budget') options.updateBudget = true;
    else if (arg === '--runs') options.runs = Number(argv[++i]);
    else if (arg === '--out') options.out = argv[++i];
    else throw new Error(`Unknown argument ${arg}\n\n${USAGE}`);
  }
  if (!Number.isInteger(options.runs) || options.runs < BUDGETS.minRuns) {
    throw new Error(
      `--runs must be at least ${BUDGETS.minRuns}: budgets are judged on medians of ${BUDGETS.minRuns} or more runs`,
    );
  }
  return options;
}
