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
  help: boolean;
};

export const USAGE = `Usage: node scripts/audit/index.ts [--runs ${BUDGETS.minRuns}] [--skip-build] [--out reports/audit] [--update-budget]
       node scripts/audit/index.ts --scale 10 [--runs ${BUDGETS.minRuns}] [--out reports/audit-scale]

Builds the site and two stock Docusaurus sites cold, serves them like a static host,
measures first-load JavaScript and runs Lighthouse on each, then writes
<out>/report.md and <out>/summary.json (raw Lighthouse reports in <out>/lighthouse/).
Exits 1 when a budget fails.

  --runs N         Lighthouse runs per page (with --scale: first searches per scale), at least ${BUDGETS.minRuns}
                   (default ${BUDGETS.minRuns})
  --skip-build     measure the existing build/ (the report then has no build time)
  --out DIR        report folder (default reports/audit; emptied first)
  --update-budget  rewrite config/first-load-js-budget.json from this run's stock measurements
  --scale N        instead of the above, the scale audit: copies the site into a temp folder at 1× and with
                   N times the docs pages (synthetic variants of the real ones), builds both cold and reports
                   build CPU seconds per page, peak RSS, the search index size (gzip, brotli) and the first
                   search in Chromium with a 4× slower CPU, judged against the scale goals; writes
                   <out>/scale.md and <out>/scale.json, the 1× figures first to <out>/scale-1x.json
                   (default out: reports/audit-scale). Two cold builds, the second about N times longer.
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
    else if (arg === '--scale') options.scale = Number(argv[++i]);
    else throw new Error(`Unknown argument ${arg}\n\n${USAGE}`);
  }
  if (!Number.isInteger(options.runs) || options.runs < BUDGETS.minRuns) {
    throw new Error(
      `--runs must be at least ${BUDGETS.minRuns}: budgets are judged on medians of ${BUDGETS.minRuns} or more runs`,
    );
  }
  if (options.scale !== undefined) {
    if (!Number.isInteger(options.scale) || options.scale < 2)
      throw new Error('--scale must be a whole number of at least 2 (the 1× site is always measured)');
    if (!argv.includes('--out')) options.out = 'reports/audit-scale';
  }
  return options;
}
