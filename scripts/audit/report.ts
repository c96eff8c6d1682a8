// @ts-check
/**
 * The pure half of `npm run audit`: turns Lighthouse results and byte
 * measurements into medians, budget verdicts and a Markdown report. No I/O here,
 * so tests/unit/audit-report.test.ts can prove every budget can fail.
 */

import {ALLOWANCE, firstLoadJsLimit} from './first-load-js-budget.mjs';

export const CATEGORIES = /** @type {const} */ (['performance', 'accessibility', 'best-practices', 'seo']);
/** @typedef {(typeof CATEGORIES)[number]} Category */

/** Budgets, in one place. Scores are medians of at least MIN_RUNS runs. */
export const BUDGETS = {
  minRuns: 3,
  /** Accessibility, best practices, SEO. */
  perfectScore: 100,
  performance: 95,
  /** Cumulative layout shift, per page (median). */
  cls: 0.02,
  /** First-load JS of a docs page may exceed the one-page stock site's by this fraction. */
  firstLoadJsAllowance: ALLOWANCE,
};

/** Lighthouse metric audits shown in the report, with their units. */
const METRICS = /** @type {const} */ ({
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
});

/**
 * @typedef {{id: string, weight: number, group?: string}} AuditRef
 * @typedef {{id: string, title: string, score: number | null, auditRefs: AuditRef[]}} LhCategory
 * @typedef {{id: string, title: string, score: number | null, numericValue?: number, displayValue?: string,
 *   details?: {items?: Array<Record<string, unknown>>}}} LhAudit
 * @typedef {{requestedUrl: string, finalDisplayedUrl?: string, lighthouseVersion: string, fetchTime: string,
 *   runtimeError?: {code: string, message: string}, runWarnings?: string[],
 *   categories: Record<string, LhCategory>, audits: Record<string, LhAudit>}} Lhr
 *
 * @typedef {{category: string, id: string, title: string, score: number, displayValue?: string}} Shortfall
 * @typedef {{scores: Record<Category, number>, fcp: number, lcp: number, tbt: number, cls: number, si: number,
 *   scriptBytes: number, scriptRequests: number, domSize: number, bootupMs: number, mainThreadMs: number,
 *   shortfalls: Shortfall[]}} RunSummary
 */

/**
 * What one Lighthouse run says about a page.
 * @param {Lhr} lhr
 * @returns {RunSummary}
 */
export function summarizeLhr(lhr) {
  if (lhr.runtimeError)
    throw new Error(`Lighthouse could not audit ${lhr.requestedUrl}: ${lhr.runtimeError.message}`);
  /** @type {Record<string, number>} */
  const scores = {};
  for (const id of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    if (typeof score !== 'number')
      throw new Error(`Lighthouse returned no ${id} score for ${lhr.requestedUrl}`);
    scores[id] = Math.round(score * 100);
  }
  /** @param {string} id */
  const numeric = (id) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`Lighthouse returned no ${id} for ${lhr.requestedUrl}`);
    return value;
  };
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  /** @type {Shortfall[]} */
  const shortfalls = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && typeof audit.score === 'number' && audit.score < 1) {
        shortfalls.push({
          category: id,
          id: ref.id,
          title: audit.title,
          score: audit.score,
          displayValue: audit.displayValue,
        });
      }
    }
  }
  return {
    scores: /** @type {Record<Category, number>} */ (scores),
    fcp: numeric(METRICS.fcp),
    lcp: numeric(METRICS.lcp),
    tbt: numeric(METRICS.tbt),
    cls: numeric(METRICS.cls),
    si: numeric(METRICS.si),
    scriptBytes: scripts.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0),
    scriptRequests: scripts.length,
    // Diagnostics that explain a performance score: page size, script execution, all main-thread work.
    domSize: lhr.audits['dom-size']?.numericValue ?? 0,
    bootupMs: lhr.audits['bootup-time']?.numericValue ?? 0,
    mainThreadMs: lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0,
    shortfalls,
  };
}

/**
 * Median of numbers (mean of the middle two for an even count).
 * @param {number[]} values
 */
export function median(values) {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * @typedef {{scores: Record<Category, number>, fcp: number, lcp: number, tbt: number, cls: number, si: number,
 *   scriptBytes: number, domSize: number, bootupMs: number, mainThreadMs: number, runs: number,
 *   performanceRange: [number, number], shortfalls: Array<Shortfall & {runs: number}>}} Medians
 */

/**
 * Medians of every number over the runs of one page, and how often each
 * audit fell short (so the report can say what holds a score down).
 * @param {RunSummary[]} runs
 * @returns {Medians}
 */
export function aggregateRuns(runs) {
  if (runs.length === 0) throw new Error('no runs to aggregate');
  /** @type {Record<string, number>} */
  const scores = {};
  for (const id of CATEGORIES) scores[id] = median(runs.map((run) => run.scores[id]));
  /** @type {Map<string, Shortfall & {runs: number}>} */
  const shortfalls = new Map();
  for (const run of runs) {
    for (const shortfall of run.shortfalls) {
      const key = `${shortfall.category}/${shortfall.id}`;
      const seen = shortfalls.get(key);
      // Keep the median-ish example: the first one seen, counting how many runs had it.
      shortfalls.set(key, seen ? {...seen, runs: seen.runs + 1} : {...shortfall, runs: 1});
    }
  }
  const performance = runs.map((run) => run.scores.performance);
  return {
    scores: /** @type {Record<Category, number>} */ (scores),
    fcp: median(runs.map((run) => run.fcp)),
    lcp: median(runs.map((run) => run.lcp)),
    tbt: median(runs.map((run) => run.tbt)),
    cls: median(runs.map((run) => run.cls)),
    si: median(runs.map((run) => run.si)),
    scriptBytes: median(runs.map((run) => run.scriptBytes)),
    domSize: median(runs.map((run) => run.domSize)),
    bootupMs: median(runs.map((run) => run.bootupMs)),
    mainThreadMs: median(runs.map((run) => run.mainThreadMs)),
    runs: runs.length,
    performanceRange: [Math.min(...performance), Math.max(...performance)],
    shortfalls: [...shortfalls.values()],
  };
}

/**
 * @typedef {{label: string, route: string, site: 'ours' | 'stock', missing?: string, optional?: string, medians?: Medians}} PageResult
 * @typedef {{raw: number, gzip: number, brotli: number}} Sizes
 * @typedef {{route: string, total: Sizes}} JsMeasurement
 * @typedef {{ours: JsMeasurement, stockSameContent: JsMeasurement, stockOnePage: JsMeasurement}} FirstLoadJs
 * `ok` is null when a page could not be measured because it is optional and missing.
 * @typedef {{name: string, subject: string, measured: string, limit: string, ok: boolean | null, note?: string}} Check
 */

/**
 * Every budget, judged. A missing page is never passed: it fails, or, if the
 * page is optional (not built yet), it is listed as not measured.
 *
 * The budgets are the ones the project set, against the one-page stock site
 * (`baseline`): performance at least 95, or at least the baseline's median when
 * the baseline itself is below 95; first-load JavaScript at most the baseline's
 * + 10 %. The same pages built by stock Docusaurus (`sameContent`) never change
 * a verdict: their numbers go in the notes, to tell what the content costs on
 * any Docusaurus site from what our code costs.
 * @param {{pages: PageResult[], baseline: PageResult, sameContent?: PageResult[], firstLoadJs: FirstLoadJs}} input
 * @returns {Check[]}
 */
export function evaluateBudgets({pages, baseline, sameContent = [], firstLoadJs}) {
  /** @type {Check[]} */
  const checks = [];
  const onePagePerformance = baseline.medians?.scores.performance;
  for (const page of pages) {
    const subject = `${page.label} (${page.route})`;
    const m = page.medians;
    if (!m) {
      checks.push({
        name: 'Lighthouse',
        subject,
        measured: `not measured: ${page.missing ?? 'no result'}`,
        limit: '-',
        ok: page.optional && page.missing ? null : false,
        note: page.optional,
      });
      continue;
    }
    if (m.runs < BUDGETS.minRuns) {
      checks.push({
        name: 'runs',
        subject,
        measured: String(m.runs),
        limit: `>= ${BUDGETS.minRuns}`,
        ok: false,
      });
    }
    for (const id of /** @type {const} */ (['accessibility', 'best-practices', 'seo'])) {
      checks.push({
        name: id,
        subject,
        measured: String(m.scores[id]),
        limit: String(BUDGETS.perfectScore),
        ok: m.scores[id] >= BUDGETS.perfectScore,
      });
    }
    const perf = m.scores.performance;
    const samePage = sameContent.find((stock) => stock.route === page.route && stock.medians);
    // The fallback bar: the one-page site's median, when that site itself is below 95.
    const fallback =
      onePagePerformance !== undefined && onePagePerformance < BUDGETS.performance
        ? onePagePerformance
        : undefined;
    const passes = perf >= BUDGETS.performance;
    let baselineNote;
    if (passes) baselineNote = undefined;
    else if (onePagePerformance === undefined) baselineNote = 'no stock baseline measured';
    else if (fallback !== undefined)
      baselineNote = `the stock one-page site scores ${fallback} here, below ${BUDGETS.performance}`;
    else baselineNote = `the stock one-page site reaches ${onePagePerformance} here`;
    const samePageNote =
      samePage && `stock Docusaurus scores ${samePage.medians?.scores.performance} on the same page`;
    checks.push({
      name: 'performance',
      subject,
      measured: String(perf),
      limit:
        passes || fallback === undefined
          ? `>= ${BUDGETS.performance}`
          : `>= stock one-page site, median ${fallback}`,
      // The fallback is below 95, so a page at 95 or more passes either way.
      ok: perf >= (fallback ?? BUDGETS.performance),
      note: [baselineNote, samePageNote].filter(Boolean).join('; ') || undefined,
    });
    checks.push({
      name: 'CLS',
      subject,
      measured: formatCls(m.cls),
      limit: `<= ${BUDGETS.cls}`,
      ok: m.cls <= BUDGETS.cls,
    });
  }
  const {ours, stockSameContent, stockOnePage} = firstLoadJs;
  const limit = firstLoadJsLimit(stockOnePage.total.brotli);
  checks.push({
    name: 'first-load JS (brotli)',
    subject: ours.route,
    measured: formatBytes(ours.total.brotli),
    limit: `<= ${formatBytes(limit)} (stock one-page site + ${BUDGETS.firstLoadJsAllowance * 100} %)`,
    ok: ours.total.brotli <= limit,
    note: `${formatRatio(ours.total.brotli / stockOnePage.total.brotli)} of the stock one-page site; ${formatRatio(ours.total.brotli / stockSameContent.total.brotli)} of stock Docusaurus with the same content (${formatBytes(stockSameContent.total.brotli)})`,
  });
  return checks;
}

/** @param {number} bytes */
export function formatBytes(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** @param {number} ratio */
export function formatRatio(ratio) {
  const percent = (ratio - 1) * 100;
  return `${percent >= 0 ? '+' : '−'}${Math.abs(percent).toFixed(1)} %`;
}

/** @param {number} cls */
function formatCls(cls) {
  return cls.toFixed(3);
}

/** @param {number} ms */
function formatMs(ms) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

/**
 * @typedef {{seconds?: number, pages: number, sitemapUrls: number}} BuildFacts
 * @typedef {{date: string, machine: string, chrome: string, lighthouse: string, docusaurus: string, runs: number,
 *   build: BuildFacts, stockBuild: {onePageSeconds?: number, sameContentSeconds?: number},
 *   pages: PageResult[], baseline: PageResult, sameContent?: PageResult[], firstLoadJs: FirstLoadJs, checks: Check[], rawDir: string,
 *   notes?: string[]}} AuditSummary
 */

/**
 * The Markdown report.
 * @param {AuditSummary} summary
 */
export function renderMarkdown(summary) {
  const lines = [];
  const failed = summary.checks.filter((check) => check.ok === false);
  const unmeasured = summary.checks.filter((check) => check.ok === null);
  lines.push(`# Performance and accessibility audit`, '');
  lines.push(
    `Measured ${summary.date} on ${summary.machine}; Lighthouse ${summary.lighthouse} (mobile, simulated throttling), ` +
      `${summary.chrome}, Docusaurus ${summary.docusaurus}. Every number is the median of ${summary.runs} runs ` +
      `per page; our pages and the stock sites were measured in the same interleaved runs. Stock sites: ` +
      `Docusaurus's classic preset with nothing added, one with a single docs page, one with this site's content.`,
    '',
  );
  lines.push(
    failed.length
      ? `**${failed.length} budget(s) failed:** ${failed.map((c) => `${c.name} on ${c.subject}`).join('; ')}.`
      : `**Every budget holds${unmeasured.length ? ' on every page that exists' : ''}.**`,
    '',
  );
  if (unmeasured.length) {
    lines.push(
      `Not measured: ${unmeasured.map((c) => `${c.subject}, ${c.measured.replace(/^not measured: /, '')}`).join('; ')}.`,
      '',
    );
  }

  const allPages = [...summary.pages, ...(summary.sameContent ?? []), summary.baseline];
  /** @param {PageResult} page */
  const pageName = (page) =>
    `${page.site === 'stock' ? (page === summary.baseline ? 'Stock, one page: ' : 'Stock, same content: ') : ''}` +
    `${page.label} \`${page.route}\``;
  lines.push('## Lighthouse (medians)', '');
  lines.push('| Page | Perf. (range) | A11y | Best pr. | SEO | FCP | LCP | TBT | CLS | JS transferred |');
  lines.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const page of allPages) {
    const name = pageName(page);
    const m = page.medians;
    if (!m) {
      lines.push(`| ${name} | missing: ${page.missing ?? 'no result'} | | | | | | | | |`);
      continue;
    }
    lines.push(
      `| ${name} | ${m.scores.performance} (${m.performanceRange.join('–')}) | ${m.scores.accessibility} | ` +
        `${m.scores['best-practices']} | ${m.scores.seo} | ${formatMs(m.fcp)} | ${formatMs(m.lcp)} | ${formatMs(m.tbt)} | ` +
        `${formatCls(m.cls)} | ${formatBytes(m.scriptBytes)} |`,
    );
  }
  lines.push(
    '',
    'JS transferred: compressed script bytes of the page load as Lighthouse recorded them (the server sends brotli).',
    '',
  );
  lines.push('What the performance score depends on here (medians): page size and main-thread work.', '');
  lines.push(
    '| Page | DOM elements | Script evaluation | All main-thread work |',
    '| --- | --- | --- | --- |',
  );
  for (const page of allPages) {
    const m = page.medians;
    if (m)
      lines.push(
        `| ${pageName(page)} | ${Math.round(m.domSize)} | ${formatMs(m.bootupMs)} | ${formatMs(m.mainThreadMs)} |`,
      );
  }
  lines.push('');

  lines.push('## First-load JavaScript (deterministic)', '');
  lines.push(
    'Scripts a fresh tab fetches to show and hydrate the page (prefetches of linked pages excluded), compressed as served.',
    '',
  );
  lines.push('| Site and page | Raw | gzip | brotli |', '| --- | --- | --- | --- |');
  const js = summary.firstLoadJs;
  for (const [name, value] of /** @type {const} */ ([
    ['Ours', js.ours],
    ['Stock, same content', js.stockSameContent],
    ['Stock, one page', js.stockOnePage],
  ])) {
    lines.push(
      `| ${name} \`${value.route}\` | ${formatBytes(value.total.raw)} | ${formatBytes(value.total.gzip)} | ${formatBytes(value.total.brotli)} |`,
    );
  }
  lines.push('');

  lines.push('## Build', '');
  const build = summary.build;
  lines.push(
    `- Cold build (no persistent bundler cache, TypeDoc included): ${build.seconds === undefined ? 'not measured (--skip-build)' : `${build.seconds.toFixed(1)} s`}`,
    `- Pages: ${build.pages} HTML pages, ${build.sitemapUrls} in the sitemap`,
    `- Stock builds, cold: one page ${formatSeconds(summary.stockBuild.onePageSeconds)}, same content ${formatSeconds(summary.stockBuild.sameContentSeconds)}`,
    '',
  );

  lines.push('## Budgets', '');
  lines.push('| Budget | Page | Measured | Limit | Holds | Note |', '| --- | --- | --- | --- | --- | --- |');
  for (const check of summary.checks) {
    lines.push(
      `| ${check.name} | ${check.subject} | ${check.measured} | ${check.limit} | ${check.ok === null ? 'not measured' : check.ok ? 'yes' : '**no**'} | ${check.note ?? ''} |`,
    );
  }
  lines.push('');

  const below = allPages.filter((page) => page.medians && page.medians.shortfalls.length);
  if (below.length) {
    lines.push('## What holds scores below 100', '');
    for (const page of below) {
      const m = /** @type {Medians} */ (page.medians);
      lines.push(`- ${pageName(page)}:`);
      for (const s of m.shortfalls) {
        lines.push(
          `  - ${s.category}: ${s.title}${s.displayValue ? ` (${s.displayValue})` : ''}, score ${s.score.toFixed(2)}, in ${s.runs} of ${m.runs} runs`,
        );
      }
    }
    lines.push('');
  }
  for (const note of summary.notes ?? []) lines.push(`Note: ${note}`, '');
  lines.push(`Raw Lighthouse reports (JSON and HTML): \`${summary.rawDir}\`.`, '');
  return lines.join('\n');
}

/** @param {number | undefined} seconds */
function formatSeconds(seconds) {
  return seconds === undefined ? 'not measured' : `${seconds.toFixed(1)} s`;
}
