/**
 * The first search as a visitor on a slow phone meets it: a fresh tab with the
 * CPU slowed 4× (DevTools' Emulation.setCPUThrottlingRate), a docs page, the
 * search button, one query typed. Measured in the page's own clock:
 *
 * - download: the index file's resource timing (request start to response end)
 *   and its transferred bytes (compressed, as served);
 * - results after download: from the later of the index's response end and the
 *   last keystroke to the first hit in the dialog (decoding the index, building
 *   the engine's tables, ranking, rendering);
 * - keystroke to results: what the visitor waits after typing.
 *
 * Several runs, each in a fresh browser context (no cache, no recent
 * searches); the medians are reported.
 */
import {chromium, type Browser} from '@playwright/test';
import {CHROME_FLAGS, median} from './lighthouse.ts';

/**
 * The local index file (LOCAL_INDEX_FILE in config/search.ts, which Node cannot
 * load natively: its imports carry no extensions). tests/unit/audit-scale.test.ts
 * keeps the two equal.
 */
export const LOCAL_INDEX_FILE = 'search-index.json';

export const CPU_SLOWDOWN = 4;
export const FIRST_SEARCH_RUNS = 3;
/** A page and a query with many hits at every scale. */
export const FIRST_SEARCH_PAGE = '/guides/nodejs';
export const FIRST_SEARCH_QUERY = 'publish';

export type FirstSearchRun = {
  downloadMs: number;
  transferredBytes: number;
  resultsAfterDownloadMs: number;
  keystrokeToResultsMs: number;
};
export type FirstSearch = FirstSearchRun & {runs: number; query: string; page: string};

/** Medians of each figure over the runs. */
export function medianFirstSearch(runs: FirstSearchRun[], query: string, page: string): FirstSearch {
  const of = (key: keyof FirstSearchRun) => median(runs.map((run) => run[key]));
  return {
    downloadMs: of('downloadMs'),
    transferredBytes: of('transferredBytes'),
    resultsAfterDownloadMs: of('resultsAfterDownloadMs'),
    keystrokeToResultsMs: of('keystrokeToResultsMs'),
    runs: runs.length,
    query,
    page,
  };
}

/** Records, in the page, when the first search hit appears (before any page script runs). */
function watchFirstHit() {
  const state = window as unknown as {__firstHitAt?: number};
  new MutationObserver((_, observer) => {
    if (state.__firstHitAt === undefined && document.querySelector('.DocSearch-Dropdown .DocSearch-Hit')) {
      state.__firstHitAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, {childList: true, subtree: true});
}

async function oneRun(browser: Browser, url: string, query: string): Promise<FirstSearchRun> {
  // The static server compresses a file on its first request and caches it: warm it, so the
  // download below is the transfer, not brotli level 11 running in the server.
  await fetch(new URL(`/${LOCAL_INDEX_FILE}`, url), {headers: {'accept-encoding': 'br, gzip'}});
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(watchFirstHit);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: CPU_SLOWDOWN});
    await page.goto(url);
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 120_000});
    await page.locator('.DocSearch-Button').click();
    const input = page.locator('.DocSearch-Input');
    await input.waitFor({state: 'visible', timeout: 120_000});
    // The whole query in one input event, so "keystroke" is one moment.
    const keystrokeAt: number = await page.evaluate(() => performance.now());
    await input.fill(query);
    await page.locator('.DocSearch-Dropdown .DocSearch-Hit').first().waitFor({timeout: 120_000});
    const stem = LOCAL_INDEX_FILE.replace(/\.json$/, '');
    const measured = await page.evaluate((indexStem) => {
      const entries = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.includes(indexStem)) as PerformanceResourceTiming[];
      return {
        firstHitAt: (window as unknown as {__firstHitAt?: number}).__firstHitAt,
        start: Math.min(...entries.map((entry) => entry.startTime)),
        end: Math.max(...entries.map((entry) => entry.responseEnd)),
        bytes: entries.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
        count: entries.length,
      };
    }, stem);
    if (!measured.count) throw new Error(`The first search on ${url} did not fetch ${LOCAL_INDEX_FILE}`);
    if (measured.firstHitAt === undefined) throw new Error(`No search hit was recorded on ${url}`);
    return {
      downloadMs: measured.end - measured.start,
      transferredBytes: measured.bytes,
      resultsAfterDownloadMs: measured.firstHitAt - Math.max(measured.end, keystrokeAt),
      keystrokeToResultsMs: measured.firstHitAt - keystrokeAt,
    };
  } finally {
    await context.close();
  }
}

/** The first search on the site served at `origin`, `FIRST_SEARCH_RUNS` times. */
export async function measureFirstSearch({
  origin,
  chrome,
  runs = FIRST_SEARCH_RUNS,
}: {
  origin: string;
  chrome: string;
  runs?: number;
}): Promise<FirstSearch> {
  const browser = await chromium.launch({
    executablePath: chrome,
    args: CHROME_FLAGS.filter((flag) => flag !== '--headless=new'),
  });
  try {
    const results: FirstSearchRun[] = [];
    for (let run = 0; run < runs; run++)
      results.push(await oneRun(browser, `${origin}${FIRST_SEARCH_PAGE}`, FIRST_SEARCH_QUERY));
    return medianFirstSearch(results, FIRST_SEARCH_QUERY, FIRST_SEARCH_PAGE);
  } finally {
    await browser.close();
  }
}
