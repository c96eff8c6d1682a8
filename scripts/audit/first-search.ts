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
 * The engine runs in a worker (src/plugins/search/client/searchWorker.ts),
 * which DevTools' throttling does not slow: ./worker-throttle.ts slows its
 * thread by the same factor, and the index files it fetches are read from its
 * own resource timings. A run fails if the page used a worker that was not slowed.
 *
 * Several runs, each in a fresh browser context (no cache, no recent
 * searches); the medians are reported.
 */
import type {Browser, Page} from '@playwright/test';
import {INDEX_FILE} from '../../src/plugins/search/node.ts';
import {launchChromium, median} from './lighthouse.ts';
import {throttleWorkers} from './worker-throttle.ts';

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
  await fetch(new URL(`/${INDEX_FILE}`, url), {headers: {'accept-encoding': 'br, gzip'}});
  // No service worker: once it controls the page, resource timing reports the index files it hands over
  // uncompressed, and what a visitor downloads is the compressed transfer.
  const context = await browser.newContext({serviceWorkers: 'block'});
  let throttle: ReturnType<typeof throttleWorkers> | undefined;
  try {
    const page = await context.newPage();
    await page.addInitScript(watchFirstHit);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: CPU_SLOWDOWN});
    await page.goto(url);
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 120_000});
    // The page's clock starts at timeOrigin (ms since the epoch, as Node's clock counts).
    const pageOrigin: number = await page.evaluate(() => performance.timeOrigin);
    // The search worker starts when the dialog opens, in one of the browser's renderer processes.
    const renderers = await rendererProcessIds(browser);
    throttle = throttleWorkers({rate: CPU_SLOWDOWN, processIds: () => renderers});
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
    const workers = page.workers().length;
    if (workers > 0 && throttle.throttledPeriods() === 0)
      throw new Error(`The search worker on ${url} was not slowed (threads found: ${throttle.threads.size})`);
    const measured = await indexFetches(page, pageOrigin);
    if (!measured.count) throw new Error(`The first search on ${url} did not fetch ${INDEX_FILE}`);
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
    throttle?.stop();
  }
}

/** Process ids of the browser's renderers (where pages and their workers run). */
async function rendererProcessIds(browser: Browser): Promise<number[]> {
  const session = await browser.newBrowserCDPSession();
  try {
    const {processInfo} = (await session.send('SystemInfo.getProcessInfo')) as {
      processInfo: {type: string; id: number}[];
    };
    return processInfo.filter(({type}) => type === 'renderer').map(({id}) => id);
  } finally {
    await session.detach();
  }
}

type IndexFetch = {start: number; end: number; bytes: number; path: string};

/**
 * The index files the page and its workers fetched (each keeps its own resource
 * timings, on its own clock): times on the page's clock, in order of start.
 */
async function indexFetches(page: Page, pageOrigin: number) {
  const stem = INDEX_FILE.replace(/\.json$/, '');
  const read = (indexStem: string) => ({
    origin: performance.timeOrigin,
    fetches: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.includes(indexStem))
      .map((entry) => ({
        start: entry.startTime,
        end: entry.responseEnd,
        bytes: entry.encodedBodySize,
        path: new URL(entry.name).pathname,
      })),
  });
  const timings = [await page.evaluate(read, stem)];
  for (const worker of page.workers()) timings.push(await worker.evaluate(read, stem));
  const entries: IndexFetch[] = timings
    .flatMap(({origin, fetches}) =>
      fetches.map((fetch) => ({
        ...fetch,
        start: fetch.start + origin - pageOrigin,
        end: fetch.end + origin - pageOrigin,
      })),
    )
    .sort((a, b) => a.start - b.start);
  // The moments spent waiting for index files: the union of their fetches (shards load in parallel).
  const spans: number[][] = [];
  for (const {start, end} of entries) {
    const last = spans[spans.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else spans.push([start, end]);
  }
  return {
    firstHitAt: await page.evaluate(() => (window as unknown as FirstHitState).__firstHitAt),
    spans,
    bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
    count: entries.length,
    files: entries.map((entry) => entry.path),
  };
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
  const browser = await launchChromium(chrome);
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
