/**
 * The first search as a visitor on a slow phone meets it: a fresh tab (no cache,
 * no service worker, no recent searches) with the CPU slowed 4×, a docs page,
 * the search button, one query. Figures, on the page's own clock:
 *
 * - download: the time the page waited for index files (the union of their
 *   fetches: the first file, then the shards the query and its hits need) and
 *   their transferred bytes, compressed as served;
 * - results after download: from the later of the first file's end and the
 *   keystroke to the first hit in the dialog, less the time spent waiting for
 *   shards: decoding the index, ranking, rendering;
 * - keystroke to results: what the visitor waits after typing.
 *
 * The query arrives as one text input (DevTools' Input.insertText), stamped when
 * sent: Playwright's `fill` first runs actionability checks on the slowed main
 * thread, which no visitor waits for. The first hit is seen by a MutationObserver
 * in the page, so the wait adds no polling of its own. DevTools slows the page
 * but not the search worker, so worker-throttle.ts slows its thread alike; a run
 * fails if the page used a worker that was not slowed. Medians of several runs.
 */
import type {Browser, Page} from '@playwright/test';
import {INDEX_FILE} from '../../src/plugins/search/node.ts';
import {launchChromium, median} from './lighthouse.ts';
import {throttleWorkers} from './worker-throttle.ts';

const CPU_SLOWDOWN = 4;
/** A page and a query with many hits at every scale. */
const FIRST_SEARCH_PAGE = '/guides/nodejs';
const FIRST_SEARCH_QUERY = 'publish';

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

type FirstHitState = {__firstHit?: Promise<number>};

/** Records, in the page, when the first search hit appears (before any page script runs). */
function watchFirstHit() {
  const state = window as unknown as FirstHitState;
  state.__firstHit = new Promise((resolve) => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('.DocSearch-Dropdown .DocSearch-Hit')) {
        observer.disconnect();
        resolve(performance.now());
      }
    }).observe(document, {childList: true, subtree: true});
  });
}

async function oneRun(
  browser: Browser,
  url: string,
  query: string,
): Promise<FirstSearchRun & {files: string[]}> {
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
    const firstHitAt = await page.evaluate(() =>
      Promise.race([
        (window as unknown as FirstHitState).__firstHit,
        new Promise<undefined>((resolve) => setTimeout(resolve, 120_000)),
      ]),
    );
    if (firstHitAt === undefined) throw new Error(`No search hit for "${query}" on ${url} within 120 s`);
    if ((await input.inputValue()) !== query)
      throw new Error(`The search box did not receive "${query}": was it focused when the dialog opened?`);
    if (page.workers().length > 0 && throttle.throttledPeriods() === 0)
      throw new Error(`The search worker on ${url} was not slowed (threads found: ${throttle.threads.size})`);
    const measured = await indexFetches(page, pageOrigin);
    if (!measured.files.length) throw new Error(`The first search on ${url} did not fetch ${INDEX_FILE}`);
    const waited = (from: number) =>
      measured.spans.reduce((sum, [start, end]) => sum + Math.max(0, end - Math.max(start, from)), 0);
    const from = Math.max(measured.spans[0][1], keystrokeAt);
    return {
      downloadMs: waited(0),
      transferredBytes: measured.bytes,
      resultsAfterDownloadMs: firstHitAt - from - waited(from),
      keystrokeToResultsMs: firstHitAt - keystrokeAt,
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
  const entries = timings
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
    spans,
    bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
    files: entries.map((entry) => entry.path),
  };
}

type MeasureFirstSearchOptions = {origin: string; chrome: string; runs: number};

/** The first search on the site served at `origin`, measured `runs` times. */
export async function measureFirstSearch({
  origin,
  chrome,
  runs,
}: MeasureFirstSearchOptions): Promise<FirstSearch> {
  const browser = await launchChromium(chrome);
  try {
    const page = `${origin}${FIRST_SEARCH_PAGE}`;
    // One run unmeasured: the static server compresses a file on its first request and caches it, so
    // the measured downloads are transfers, not brotli level 11 running in the server.
    await oneRun(browser, page, FIRST_SEARCH_QUERY);
    const results: (FirstSearchRun & {files: string[]})[] = [];
    for (let run = 0; run < runs; run++) results.push(await oneRun(browser, page, FIRST_SEARCH_QUERY));
    return medianFirstSearch(results, FIRST_SEARCH_QUERY, FIRST_SEARCH_PAGE, results[0].files);
  } finally {
    await browser.close();
  }
}
