// @ts-check
/**
 * The first-load JavaScript budget of a docs page, shared by `npm run audit`
 * (which measures the stock sites and can refresh the stored numbers) and the
 * byte-budget browser test in `npm test` (which compares our page against them).
 *
 * Why a checked-in file: building the stock site in every test run would add a
 * minute of CPU to `npm test` on shared 2-core machines, and the stock numbers
 * are deterministic (same Docusaurus packages + same content = same bytes, brotli
 * is deterministic). The file records the Docusaurus version it was measured
 * with; the test refuses a file measured with another version, and the audit
 * reports when the stored numbers have drifted from a fresh measurement.
 */
import {promises as fs} from 'node:fs';

export const BUDGET_FILE = 'config/first-load-js-budget.json';

/** Our docs page whose first-load JavaScript is budgeted. */
export const BUDGETED_DOCS_PAGE = '/guides/nodejs';

/** How much more than the one-page stock Docusaurus baseline a docs page may load. */
export const ALLOWANCE = 0.1;

/**
 * The most a docs page may load, in the baseline's unit (bytes).
 * @param {number} baseline
 */
export function firstLoadJsLimit(baseline) {
  return Math.floor(baseline * (1 + ALLOWANCE));
}

/**
 * @typedef {{raw: number, gzip: number, brotli: number}} Sizes
 * @typedef {{route: string, total: Sizes}} Measurement
 * @typedef {{docusaurus: string, stockSameContent: Measurement, stockOnePage: Measurement}} BudgetFile
 */

/**
 * @param {string} file
 * @returns {Promise<BudgetFile>}
 */
export async function readBudgetFile(file) {
  const data = JSON.parse(await fs.readFile(file, 'utf8'));
  for (const key of ['stockSameContent', 'stockOnePage']) {
    if (typeof data?.[key]?.total?.brotli !== 'number')
      throw new Error(`${file}: ${key}.total.brotli is missing`);
  }
  if (typeof data.docusaurus !== 'string') throw new Error(`${file}: docusaurus version is missing`);
  return data;
}

/**
 * @param {string} file
 * @param {BudgetFile} budget
 */
export async function writeBudgetFile(file, budget) {
  const content = {
    $comment:
      'Written by `npm run audit -- --update-budget`. First-load JavaScript of a docs page of stock Docusaurus ' +
      'classic sites (scripts/lib/stock-site.mjs), in bytes as served. tests/e2e/performance.spec.ts allows ' +
      `${BUDGETED_DOCS_PAGE} at most stockOnePage.total.brotli + ${ALLOWANCE * 100} %.`,
    docusaurus: budget.docusaurus,
    stockSameContent: budget.stockSameContent,
    stockOnePage: budget.stockOnePage,
  };
  await fs.writeFile(file, `${JSON.stringify(content, null, 2)}\n`);
}

/**
 * The budget verdict for our page, as a message a writer can act on.
 * @param {Sizes} ours
 * @param {BudgetFile} budget
 * @param {string} installedDocusaurus
 * @returns {{ok: boolean, limit: number, message: string}}
 */
export function judgeFirstLoadJs(ours, budget, installedDocusaurus) {
  const baseline = budget.stockOnePage.total.brotli;
  const limit = firstLoadJsLimit(baseline);
  if (budget.docusaurus !== installedDocusaurus) {
    return {
      ok: false,
      limit,
      message:
        `${BUDGET_FILE} was measured with Docusaurus ${budget.docusaurus}, but ${installedDocusaurus} is installed: ` +
        'run `npm run audit -- --update-budget` and commit the file.',
    };
  }
  const percent = (/** @type {number} */ value) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} %`;
  const message =
    `${BUDGETED_DOCS_PAGE} loads ${ours.brotli} B of JavaScript (brotli) on first load, ` +
    `${percent(ours.brotli / baseline - 1)} of the one-page stock Docusaurus baseline (${baseline} B); ` +
    `the budget is ${limit} B (baseline + ${ALLOWANCE * 100} %). ` +
    `Stock Docusaurus with this site's content loads ${budget.stockSameContent.total.brotli} B.`;
  return {ok: ours.brotli <= limit, limit, message};
}
