import {normalizeRequests, type SearchParams} from '../algolia-protocol/requests';
import type {FailureTracker} from './failures';
import type {LocalSearch, ShownHits} from './localSearch';
import {HIGHLIGHT_POST, HIGHLIGHT_PRE, sanitizeHit, type RenderProfile} from './sanitize';
import {staleAssets} from './staleAssets';

/** The part of Algolia's lite client that DocSearch and algoliasearch-helper use. */
export type SearchClientLike = {
  appId?: string;
  search(input: unknown, requestOptions?: unknown): Promise<{results: unknown[]}>;
  addAlgoliaAgent(segment: string, version?: string): void;
  transporter: {algoliaAgent: {value: string; add(options: {segment: string; version?: string}): unknown}};
  clearCache?(): Promise<void>;
};

/** The highlight tags a consumer expects when it does not ask for any (the index's settings). */
const DEFAULT_TAGS: Record<RenderProfile, {pre: string; post: string}> = {
  modal: {pre: '<mark>', post: '</mark>'},
  page: {pre: '<span class="algolia-docsearch-suggestion--highlight">', post: '</span>'},
};

/**
 * Any search client, made safe for the UI and observable:
 * - requests ask for sentinel highlight tags; answers are escaped, then the
 *   sentinels become the tags the consumer asked for (see sanitize.ts);
 * - a failure (network, index file) is recorded in `tracker` and answered with no
 *   hits, so the UI shows the error screen instead of hanging or "No results".
 */
export function wrapSearchClient(
  client: SearchClientLike,
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
        const response = await client.search(
          {
            requests: requests.map(({indexName, params}) => ({
              indexName,
              ...params,
              highlightPreTag: HIGHLIGHT_PRE,
              highlightPostTag: HIGHLIGHT_POST,
            })),
          },
          requestOptions,
        );
        tracker.succeed(request);
        return {
          results: response.results.map((result, index) => {
            const {hits} = result as {hits?: Record<string, unknown>[]};
            return Array.isArray(hits)
              ? {...(result as object), hits: hits.map((hit) => sanitizeHit(hit, tags[index], profile))}
              : result;
          }),
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

const engines = new Map<string, Promise<LocalSearch>>();

/** Marks for `npm run bench:search` (User Timing: visible in browser profiles, no cost otherwise). */
function measure(name: string, start: number): void {
  try {
    performance.measure(name, {start, end: performance.now()});
  } catch {
    // Older browsers without User Timing Level 3.
  }
}

/** A shard the first file names is gone: the site was deployed again since that file was fetched. */
class StaleIndexError extends Error {
  override name = 'StaleIndexError';
}

async function loadEngine(url: string): Promise<LocalSearch> {
  const start = performance.now();
  const [response, {localSearch}] = await Promise.all([
    fetch(url, {cache: 'no-cache', credentials: 'same-origin'}),
    import('./localSearch'),
  ]).catch((error: unknown) => {
    // The engine's chunk is gone after a redeploy: reload once, or ask for a reload.
    staleAssets.report(error, 'engine');
    throw error;
  });
  if (!response.ok) throw new Error(`The search index ${url} answered HTTP ${response.status}`);
  const file = await response.json();
  // Shard paths are relative to the first file. Their names carry the index's hash: the browser's
  // cache may keep them, and a missing one means a newer deploy.
  const folder = url.slice(0, url.lastIndexOf('/') + 1);
  const read = async (shard: string) => {
    const answer = await fetch(`${folder}${shard}`, {credentials: 'same-origin'});
    if (answer.status === 404) throw new StaleIndexError(`The search index shard ${shard} is gone`);
    if (!answer.ok) throw new Error(`The search index shard ${shard} answered HTTP ${answer.status}`);
    return answer.json();
  };
  const search = localSearch(file, read);
  measure('docs-search:load', start);
  return search;
}

/** Indexes whose remaining shards are fetched (or being fetched) for offline use. */
const savedForOffline = new WeakSet<LocalSearch>();

/**
 * With a service worker in control (offline reading, src/plugins/offline), the
 * shards the first searches did not need are fetched one by one when the browser
 * is idle after an answer, so that the worker's copy of the index is whole and
 * any search works offline later. Without a worker nothing more is downloaded.
 */
function saveForOffline(search: LocalSearch): void {
  if (savedForOffline.has(search) || !navigator.serviceWorker?.controller) return;
  savedForOffline.add(search);
  // A failure (offline, a deploy removed the shards) is tried again after the next answer.
  const run = () => void search.loadAll().catch(() => savedForOffline.delete(search));
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, {timeout: 10_000});
  else setTimeout(run, 2_000);
}

/** The index at `indexUrl`, loading (once per page load, shared by the dialog and the /search page). */
function engineFor(indexUrl: string): Promise<LocalSearch> {
  let loading = engines.get(indexUrl);
  if (!loading) {
    loading = loadEngine(indexUrl);
    engines.set(indexUrl, loading);
    // A failed fetch is tried again by the next search.
    loading.catch(() => engines.delete(indexUrl));
  }
  return loading;
}

/**
 * Starts fetching and opening the index while the reader is still typing (the
 * dialog calls this when it opens), so the first answer waits for less. A
 * failure here is silent: the search that follows fetches again and reports it.
 */
export function warmUpLocalSearch(indexUrl: string): void {
  engineFor(indexUrl).catch(() => undefined);
}

/**
 * An Algolia-compatible client over the site's own index, fetched on the first
 * search (or when the dialog opens, `warmUpLocalSearch`); a failed fetch is
 * tried again on the next search. `shown`: what the consumer shows of a page of
 * hits (the dialog: a few per section), so that nothing else is loaded for it.
 */
export function createLocalSearchClient(indexUrl: string, shown: ShownHits = {}): SearchClientLike {
  const engine = () => engineFor(indexUrl);
  const agent = {value: 'docs-search-local', add: () => agent};
  return {
    appId: 'local',
    transporter: {algoliaAgent: agent},
    addAlgoliaAgent: () => undefined,
    clearCache: () => Promise.resolve(),
    async search(input) {
      const requests = normalizeRequests(input);
      const answer = async () => {
        const ready = await engine();
        const answers = await Promise.all(
          requests.map(({indexName, params}) => ready(indexName, params, shown)),
        );
        saveForOffline(ready);
        return answers;
      };
      const start = performance.now();
      let results;
      try {
        results = await answer();
      } catch (error) {
        if (!(error instanceof StaleIndexError)) throw error;
        // The index was replaced by a deploy: fetch its new first file and try once more.
        engines.delete(indexUrl);
        results = await answer();
      }
      measure('docs-search:query', start);
      return {results};
    },
  };
}
