/**
 * Step 6 of `npm run audit`: every budget, in one place, and the verdicts.
 *
 * The first-load JavaScript budget is shared with the browser test in `npm test`
 * (tests/e2e/performance.spec.ts), which compares our page with the stock figures
 * stored in config/first-load-js-budget.json rather than build a stock site in
 * every test run: they are deterministic (same packages and content, same bytes).
 * The file records the Docusaurus version it was measured with; the test refuses
 * a file of another version, and the audit notes when a fresh measurement differs.
 */
import {promises as fs} from 'node:fs';
import type {Sizes} from './first-load-js.ts';
import type {Medians} from './lighthouse.ts';
import {formatBytes, formatMs, formatRatio} from './format.ts';

export const BUDGET_FILE = 'config/first-load-js-budget.json';

/** Our docs page whose first-load JavaScript is budgeted. */
export const BUDGETED_DOCS_PAGE = '/guides/nodejs';

/** How much more than the one-page stock Docusaurus baseline a docs page may load. */
const ALLOWANCE = 0.1;

/** Budgets, in one place. Scores are medians of at least `minRuns` runs. */
export const BUDGETS = {
  minRuns: 3,
  /** Accessibility, best practices, SEO. */
  perfectScore: 100,
  performance: 95,
  /** Cumulative layout shift, per page (median). */
  cls: 0.02,
  /** Largest contentful paint as Lighthouse simulates it on a phone, per page (median, ms). */
  lcpMs: 1500,
};

/** The most a docs page may load, in the baseline's unit (bytes). */
const firstLoadJsLimit = (baseline: number) => Math.floor(baseline * (1 + ALLOWANCE));

export type Measurement = {route: string; total: Sizes};
export type BudgetFile = {docusaurus: string; stockOnePage: Measurement};

export async function readBudgetFile(file: string): Promise<BudgetFile> {
  const data = JSON.parse(await fs.readFile(file, 'utf8'));
  if (typeof data?.stockOnePage?.total?.brotli !== 'number')
    throw new Error(`${file}: stockOnePage.total.brotli is missing`);
  if (typeof data.docusaurus !== 'string') throw new Error(`${file}: docusaurus version is missing`);
  return data;
}

export async function writeBudgetFile(file: string, budget: BudgetFile): Promise<void> {
  const $comment =
    'Written by `npm run audit -- --update-budget`. First-load JavaScript of the docs page of a stock Docusaurus ' +
    'classic site (scripts/audit/stock-sites.ts), in bytes as served. tests/e2e/performance.spec.ts allows ' +
    `${BUDGETED_DOCS_PAGE} at most stockOnePage.total.brotli + ${ALLOWANCE * 100} %.`;
  await fs.writeFile(file, `${JSON.stringify({$comment, ...budget}, null, 2)}\n`);
}

/**
 * Rewrites the budget file when asked to; otherwise returns a note when the
 * stored figures differ from this run's (reported, never failed).
 */
export async function refreshOrCompareBudgetFile(file: string, fresh: BudgetFile, update: boolean) {
  if (update) {
    await writeBudgetFile(file, fresh);
    return undefined;
  }
  const stored = await readBudgetFile(file).catch(() => undefined);
  const storedBytes = stored?.stockOnePage.total.brotli;
  if (storedBytes === fresh.stockOnePage.total.brotli && stored?.docusaurus === fresh.docusaurus)
    return undefined;
  return (
    `${BUDGET_FILE} (used by \`npm test\`) holds ${storedBytes ?? 'nothing'} B for the one-page baseline ` +
    `(Docusaurus ${stored?.docusaurus ?? '?'}); this run measured ${fresh.stockOnePage.total.brotli} B ` +
    `(Docusaurus ${fresh.docusaurus}). Refresh it with \`npm run audit -- --update-budget\`.`
  );
}

/** The byte-budget verdict for our page, as a message a writer can act on. */
export function judgeFirstLoadJs(ours: Sizes, budget: BudgetFile, installedDocusaurus: string) {
  const baseline = budget.stockOnePage.total.brotli;
  const limit = firstLoadJsLimit(baseline);
  if (budget.docusaurus !== installedDocusaurus) {
    const message =
      `${BUDGET_FILE} was measured with Docusaurus ${budget.docusaurus}, but ${installedDocusaurus} is installed: ` +
      'run `npm run audit -- --update-budget` and commit the file.';
    return {ok: false, limit, message};
  }
  const percent = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} %`;
  const message =
    `${BUDGETED_DOCS_PAGE} loads ${ours.brotli} B of JavaScript (brotli) on first load, ` +
    `${percent(ours.brotli / baseline - 1)} of the one-page stock Docusaurus baseline (${baseline} B); ` +
    `the budget is ${limit} B (baseline + ${ALLOWANCE * 100} %).`;
  return {ok: ours.brotli <= limit, limit, message};
}

export type PageResult = {
  label: string;
  route: string;
  missing?: string;
  medians?: Medians;
};
export type FirstLoadJsRoutes = {ours: Measurement; stockOnePage: Measurement};
export type Check = {
  name: string;
  subject: string;
  measured: string;
  limit: string;
  ok: boolean;
  note?: string;
};

/**
 * Every budget, judged; a missing page fails. The budgets are set against the
 * one-page stock site (`baseline`): performance at least 95, or at least the
 * baseline's median when the baseline itself is below 95; first-load JavaScript
 * at most the baseline's + 10 %.
 */
export function evaluateBudgets({
  pages,
  baseline,
  firstLoadJs,
}: {
  pages: PageResult[];
  baseline: PageResult;
  firstLoadJs: FirstLoadJsRoutes;
}): Check[] {
  const checks: Check[] = [];
  const stockPerformance = baseline.medians?.scores.performance;
  // The fallback bar: the one-page site's median, when that site itself is below 95.
  const fallback =
    stockPerformance !== undefined && stockPerformance < BUDGETS.performance ? stockPerformance : undefined;
  for (const page of pages) {
    const subject = `${page.label} (${page.route})`;
    const check = (name: string, measured: string, limit: string, ok: boolean, note?: string) =>
      checks.push({name, subject, measured, limit, ok, ...(note && {note})});
    const m = page.medians;
    if (!m) {
      check('Lighthouse', `not measured: ${page.missing ?? 'no result'}`, '-', false);
      continue;
    }
    if (m.runs < BUDGETS.minRuns) check('runs', String(m.runs), `>= ${BUDGETS.minRuns}`, false);
    for (const id of ['accessibility', 'best-practices', 'seo'] as const)
      check(id, String(m.scores[id]), String(BUDGETS.perfectScore), m.scores[id] >= BUDGETS.perfectScore);
    const perf = m.scores.performance;
    const passes = perf >= BUDGETS.performance;
    const note = passes
      ? undefined
      : stockPerformance === undefined
        ? 'no stock baseline measured'
        : fallback !== undefined
          ? `the stock one-page site scores ${fallback} here, below ${BUDGETS.performance}`
          : `the stock one-page site reaches ${stockPerformance} here`;
    check(
      'performance',
      String(perf),
      passes || fallback === undefined
        ? `>= ${BUDGETS.performance}`
        : `>= stock one-page site, median ${fallback}`,
      // The fallback is below 95, so a page at 95 or more passes either way.
      perf >= (fallback ?? BUDGETS.performance),
      note,
    );
    check('CLS', m.cls.toFixed(3), `<= ${BUDGETS.cls}`, m.cls <= BUDGETS.cls);
    check('LCP', formatMs(m.lcp), `<= ${formatMs(BUDGETS.lcpMs)}`, m.lcp <= BUDGETS.lcpMs);
  }
  const {ours, stockOnePage} = firstLoadJs;
  const limit = firstLoadJsLimit(stockOnePage.total.brotli);
  checks.push({
    name: 'first-load JS (brotli)',
    subject: ours.route,
    measured: formatBytes(ours.total.brotli),
    limit: `<= ${formatBytes(limit)} (stock one-page site + ${ALLOWANCE * 100} %)`,
    ok: ours.total.brotli <= limit,
    note: `${formatRatio(ours.total.brotli / stockOnePage.total.brotli)} of the stock one-page site`,
  });
  return checks;
}
