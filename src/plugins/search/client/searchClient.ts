import {normalizeRequests, type SearchParams, type SearchRequest} from '../algolia-protocol/requests.ts';
import type {FailureTracker} from './failures.ts';
import type {IndexCall, IndexReply} from './localIndex.ts';
import type {ShownHits} from '../index-file/open.ts';
import {HIGHLIGHT_POST, HIGHLIGHT_PRE, sanitizeHit, type RenderProfile} from './sanitize.ts';
import {searchWorker} from './searchWorkerStart.ts';
import {staleAssets} from './staleAssets.ts';
import {markUnsavedPages} from './unsavedPages.ts';

/** The part of Algolia's lite client that DocSearch and algoliasearch-helper use. */
export type SearchClientLike = {
  appId?: string;
  search(input: unknown, requestOptions?: unknown): Promise<{results: unknown[]}>;
  addAlgoliaAgent(segment: string, version?: string): void;
  transporter: {algoliaAgent: {value: string; add(options: {segment: string; version?: string}): unknown}};
  clearCache?(): Promise<void>;
};

/** The local client: also takes requests already normalized, so a wrapped one normalizes them once. */
export type LocalSearchClient = SearchClientLike & {answer(requests: SearchRequest[]): Promise<unknown[]>};

/** The highlight tags a consumer expects when it does not ask for any (the index's settings). */
const DEFAULT_TAGS: Record<RenderProfile, {pre: string; post: string}> = {
  modal: {pre: '<mark>', post: '</mark>'},
  page: {pre: '<span class="algolia-docsearch-suggestion--highlight">', post: '</span>'},
};

/**
 * Any search client, made safe for the UI and observable: answers are escaped (./sanitize.ts), and
 * a failure is recorded in `tracker` and answered with no hits, so the UI shows its error screen
 * instead of hanging or "No results"; offline, hits for pages never saved are marked.
 */
export function wrapSearchClient(
  client: SearchClientLike | LocalSearchClient,
  {profile, tracker}: {profile: RenderProfile; tracker: FailureTracker},
): SearchClientLike {
  return {
    appId: client.appId,
    transporter: client.transporter,
    addAlgoliaAgent: (segment, version) => client.addAlgoliaAgent(segment, version),
    clearCache: () => client.clearCache?.() ?? Promise.resolve(),
    async search(input, requestOptions) {
      const requests = normalizeRequests(input);
      const tags = requests.map(({params}) => ({
        pre: typeof params.highlightPreTag === 'string' ? params.highlightPreTag : DEFAULT_TAGS[profile].pre,
        post:
          typeof params.highlightPostTag === 'string' ? params.highlightPostTag : DEFAULT_TAGS[profile].post,
      }));
      const request = tracker.begin();
      try {
        const sent = requests.map(({indexName, params}) => ({
          indexName,
          params: {...params, highlightPreTag: HIGHLIGHT_PRE, highlightPostTag: HIGHLIGHT_POST},
        }));
        const results =
          'answer' in client
            ? await client.answer(sent)
            : (
                await client.search(
                  {requests: sent.map(({indexName, params}) => ({indexName, ...params}))},
                  requestOptions,
                )
              ).results;
        tracker.succeed(request);
        return {
          results: await Promise.all(
            results.map(async (result, index) => {
              const {hits} = result as {hits?: Record<string, unknown>[]};
              if (!Array.isArray(hits)) return result;
              const safe = hits.map((hit) => sanitizeHit(hit, tags[index], profile));
              return {...(result as object), hits: await markUnsavedPages(safe, profile)};
            }),
          ),
        };
      } catch (error) {
        tracker.fail(request);
        console.warn('Search failed:', error);
        return {results: requests.map(({indexName, params}) => emptyResult(indexName, params))};
      }
    },
  };
}

function emptyResult(indexName: string, params: SearchParams) {
  return {
    hits: [],
    nbHits: 0,
    page: 0,
    nbPages: 0,
    hitsPerPage: typeof params.hitsPerPage === 'number' ? params.hitsPerPage : 20,
    exhaustiveNbHits: true,
    query: typeof params.query === 'string' ? params.query : '',
    params: '',
    index: indexName,
    processingTimeMS: 0,
  };
}

/** Marks for `npm run bench:search` (User Timing: visible in browser profiles, no cost otherwise). */
const measure = (name: string, start: number) => performance.measure(name, {start, end: performance.now()});

/** Runs a call on the engine, wherever it is (./localIndex.ts); rejects with the engine's error. */
type IndexBackend = (call: IndexCall) => Promise<unknown>;

/** The reply's value, or its error rejected. */
async function unwrap(reply: IndexReply): Promise<unknown> {
  if (reply.ok) return reply.value;
  const error = new Error(reply.message);
  error.name = reply.name;
  throw error;
}

/** The engine in the page, its chunk loaded on first use (gone after a redeploy: ./staleAssets.ts). */
const inPage: IndexBackend = async (call) => {
  const {runIndexCall} = await import('./localIndex.ts').catch((error: unknown) => {
    staleAssets.report(error, 'engine');
    throw error;
  });
  return unwrap(await runIndexCall(call));
};

/**
 * The engine in the search worker (./searchWorkerStart.ts), so parsing and ranking do not hold up
 * the dialog. If the worker cannot start (its script gone after a redeploy, a browser refusing it),
 * its calls and all later ones run in the page.
 */
function inWorker(): IndexBackend | undefined {
  const started = searchWorker();
  if (!started || started.failed) return undefined;
  const {worker} = started;
  let next = 0;
  type Waiting = {call: IndexCall; resolve: (value: unknown) => void; reject: (error: unknown) => void};
  const pending = new Map<number, Waiting>();
  worker.addEventListener('message', ({data}: MessageEvent<{id: number; reply: IndexReply}>) => {
    const waiting = pending.get(data.id);
    if (!waiting) return;
    pending.delete(data.id);
    waiting.resolve(unwrap(data.reply));
  });
  // The worker answers every call, failures included: an error event means it did not start
  // (./searchWorkerStart.ts, whose listener came first, has marked it failed).
  worker.addEventListener('error', () => {
    worker.terminate();
    for (const [id, {call, resolve, reject}] of pending) {
      pending.delete(id);
      inPage(call).then(resolve, reject);
    }
  });
  return (call) =>
    started.failed
      ? inPage(call)
      : new Promise((resolve, reject) => {
          const id = next++;
          pending.set(id, {call, resolve, reject});
          worker.postMessage({id, call});
        });
}

let backend: IndexBackend | undefined;
/** The engine is started once per page (the dialog and the /search page share it). */
const runOnEngine: IndexBackend = (call) => (backend ??= inWorker() ?? inPage)(call);

/** Indexes whose remaining shards are fetched (or being fetched) for offline use. */
const savedForOffline = new Set<string>();

/**
 * With a service worker in control (src/plugins/offline), the shards no search needed yet are
 * fetched when the browser is idle after an answer, so any search works offline later.
 */
function saveForOffline(indexUrl: string): void {
  if (savedForOffline.has(indexUrl) || !navigator.serviceWorker?.controller) return;
  savedForOffline.add(indexUrl);
  // A failure (offline, a deploy removed the shards) is tried again after the next answer.
  const run = () =>
    void runOnEngine({kind: 'loadAll', url: indexUrl}).catch(() => savedForOffline.delete(indexUrl));
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, {timeout: 10_000});
  else setTimeout(run, 2_000);
}

/** Indexes opened (or opening) ahead of the first search. */
const openedAhead = new Set<string>();

/**
 * Opens the index while the reader is still typing (the dialog calls this when it opens), so the
 * first answer waits for less. A failure here is silent: the search that follows reports it.
 */
export function openIndexAhead(indexUrl: string): void {
  if (openedAhead.has(indexUrl)) return;
  openedAhead.add(indexUrl);
  const start = performance.now();
  runOnEngine({kind: 'open', url: indexUrl}).then(
    () => measure('docs-search:load', start),
    () => openedAhead.delete(indexUrl),
  );
}

/**
 * An Algolia-compatible client over the site's own index. `shown`: what the consumer shows of a
 * page of hits (the dialog: a few per section), so that nothing else is loaded for it.
 */
export function createLocalSearchClient(indexUrl: string, shown: ShownHits = {}): LocalSearchClient {
  const agent = {value: 'docs-search-local', add: () => agent};
  const answer = async (requests: SearchRequest[]) => {
    const start = performance.now();
    const results = (await runOnEngine({kind: 'search', url: indexUrl, requests, shown})) as unknown[];
    measure('docs-search:query', start);
    saveForOffline(indexUrl);
    return results;
  };
  return {
    appId: 'local',
    transporter: {algoliaAgent: agent},
    addAlgoliaAgent: () => undefined,
    clearCache: () => Promise.resolve(),
    answer,
    search: async (input) => ({results: await answer(normalizeRequests(input))}),
  };
}
