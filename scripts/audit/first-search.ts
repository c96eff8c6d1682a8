/**
 * The first search as a visitor on a slow phone meets it: a fresh tab with the
 * CPU slowed 4× (DevTools' Emulation.setCPUThrottlingRate), a docs page, the
 * search button, one query typed. Measured in the page's own clock:
 *
 * - download: the time the page waited for index files (the union of their
 *   resource timings, request start to response end: the first file, then the
 *   shards the query and its hits need) and their transferred bytes (compressed, as served);
 * - results after download: from the later of the first file's response end and
 *   the last keystroke to the first hit in the dialog, less the time spent waiting
 *   for shards: decoding the index, ranking, rendering (with one file this was
 *   the time from its response end);
 * - keystroke to results: what the visitor waits after typing.
 *
 * The query is typed the way a keyboard delivers it: one text input to the
 * focused search box (DevTools' Input.insertText), stamped when it is sent, with
 * no round trip into the page first. Playwright's `fill` first runs its
 * actionability checks in the page; on a CPU slowed 4× those took 50–70 ms of
 * the main thread before the text arrived, which no visitor waits for. The
 * first hit is reported by a MutationObserver in the page and awaited as a
 * promise, so the wait adds no polling of its own (a locator's wait checks on
 * every animation frame, on the same slowed main thread).
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
export type FirstSearch = FirstSearchRun & {
  runs: number;
  query: string;
  page: string;
  /** Site paths of the index files the search fetched (the same in every run). */
  files: string[];
  /** Each run's results after download, in run order (the median hides how much they spread). */
  resultsAfterDownloadEach: number[];
};

/** Medians of each figure over the runs. */
export function medianFirstSearch(
  runs: FirstSearchRun[],
  query: string,
  page: string,
  files: string[] = [],
): FirstSearch {
  const of = (key: keyof FirstSearchRun) => median(runs.map((run) => run[key]));
  return {
    downloadMs: of('downloadMs'),
    transferredBytes: of('transferredBytes'),
    resultsAfterDownloadMs: of('resultsAfterDownloadMs'),
    keystrokeToResultsMs: of('keystrokeToResultsMs'),
    runs: runs.length,
    query,
    page,
    files,
    resultsAfterDownloadEach: runs.map((run) => run.resultsAfterDownloadMs),
  };
}

type FirstHitState = {__firstHitAt?: number; __firstHit?: Promise<number>};

/** Records, in the page, when the first search hit appears (before any page script runs). */
function watchFirstHit() {
  const state = window as unknown as FirstHitState;
  state.__firstHit = new Promise((resolve) => {
    new MutationObserver((_, observer) => {
      if (state.__firstHitAt === undefined && document.querySelector('.DocSearch-Dropdown .DocSearch-Hit')) {
        state.__firstHitAt = performance.now();
        observer.disconnect();
        resolve(state.__firstHitAt);
      }
    }).observe(document, {childList: true, subtree: true});
  });
}

async function oneRun(
  browser: Browser,
  url: string,
  query: string,
): Promise<FirstSearchRun & {files: string[]}> {
  // The static server compresses a file on its first request and caches it: warm it, so the
  // download below is the transfer, not brotli level 11 running in the server.
  await fetch(new URL(`/${LOCAL_INDEX_FILE}`, url), {headers: {'accept-encoding': 'br, gzip'}});
  // No service worker: once it controls the page, resource timing reports the index files it hands over
  // uncompressed, and what a visitor downloads is the compressed transfer.
  const context = await browser.newContext({serviceWorkers: 'block'});
  try {
    const page = await context.newPage();
    await page.addInitScript(watchFirstHit);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: CPU_SLOWDOWN});
    await page.goto(url);
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 120_000});
    // The page's clock starts at timeOrigin (ms since the epoch, as Node's clock counts).
    const pageOrigin: number = await page.evaluate(() => performance.timeOrigin);
    await page.locator('.DocSearch-Button').click();
    const input = page.locator('.DocSearch-Input');
    await input.waitFor({state: 'visible', timeout: 120_000});
    // The dialog focuses its box on opening. The whole query in one input event, so "keystroke" is one moment.
    const keystrokeAt = performance.timeOrigin + performance.now() - pageOrigin;
    await page.keyboard.insertText(query);
    const hit = await page.evaluate(() =>
      Promise.race([
        (window as unknown as FirstHitState).__firstHit,
        new Promise<undefined>((resolve) => setTimeout(resolve, 120_000)),
      ]),
    );
    if (hit === undefined) throw new Error(`No search hit for "${query}" on ${url} within 120 s`);
    if ((await input.inputValue()) !== query)
      throw new Error(`The search box did not receive "${query}": was it focused when the dialog opened?`);
    const stem = LOCAL_INDEX_FILE.replace(/\.json$/, '');
    const measured = await page.evaluate((indexStem) => {
      const entries = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.includes(indexStem)) as PerformanceResourceTiming[];
      // The moments spent waiting for index files: the union of their fetches (shards load in parallel).
      const spans = entries.map((entry) => [entry.startTime, entry.responseEnd]).sort((a, b) => a[0] - b[0]);
      const merged: number[][] = [];
      for (const [start, end] of spans) {
        const last = merged[merged.length - 1];
        if (last && start <= last[1]) last[1] = Math.max(last[1], end);
        else merged.push([start, end]);
      }
      return {
        firstHitAt: (window as unknown as FirstHitState).__firstHitAt,
        spans: merged,
        bytes: entries.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
        count: entries.length,
        files: entries.map((entry) => new URL(entry.name).pathname),
      };
    }, stem);
    if (!measured.count) throw new Error(`The first search on ${url} did not fetch ${LOCAL_INDEX_FILE}`);
    if (measured.firstHitAt === undefined) throw new Error(`No search hit was recorded on ${url}`);
    const waited = (from: number) =>
      measured.spans.reduce((sum, [start, end]) => sum + Math.max(0, end - Math.max(start, from)), 0);
    const firstFileEnd = measured.spans[0][1];
    const from = Math.max(firstFileEnd, keystrokeAt);
    return {
      downloadMs: waited(0),
      transferredBytes: measured.bytes,
      resultsAfterDownloadMs: measured.firstHitAt - from - waited(from),
      keystrokeToResultsMs: measured.firstHitAt - keystrokeAt,
      files: measured.files,
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
    const page = `${origin}${FIRST_SEARCH_PAGE}`;
    // One run unmeasured: it has the server compress the shards this search fetches (as oneRun does for the first file).
    await oneRun(browser, page, FIRST_SEARCH_QUERY);
    const results: (FirstSearchRun & {files: string[]})[] = [];
    for (let run = 0; run < runs; run++) results.push(await oneRun(browser, page, FIRST_SEARCH_QUERY));
    return medianFirstSearch(results, FIRST_SEARCH_QUERY, FIRST_SEARCH_PAGE, results[0].files);
  } finally {
    await browser.close();
  }
}
