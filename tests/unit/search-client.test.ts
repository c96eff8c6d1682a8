import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {readFileSync} from 'node:fs';
import {version} from '../../src/plugins/search/client/button.tsx';
import {createFailureTracker} from '../../src/plugins/search/client/failures.ts';
import {
  HIGHLIGHT_POST,
  HIGHLIGHT_PRE,
  escapeHtml,
  sanitizeHit,
} from '../../src/plugins/search/client/sanitize.ts';
import {searchSettings} from '../../config/search.ts';
import {normalizeRequests} from '../../src/plugins/search/algolia-protocol/requests.ts';
import {
  createLocalSearchClient,
  openIndexAhead,
  wrapSearchClient,
  type SearchClientLike,
} from '../../src/plugins/search/client/searchClient.ts';
import {runIndexCall, type IndexCall} from '../../src/plugins/search/client/localIndex.ts';
import type {WarmUp} from '../../src/plugins/search/client/serveIndexCalls.ts';
import {encodeIndex} from '../../src/plugins/search/index-file/codec.ts';
import {splitIndex} from '../../src/plugins/search/index-file/shards.ts';
import {recordsFromBlocks} from '../../src/plugins/search/records/page.ts';

// The plugin's global data (which backend, which index), as the built site's would say.
const backendData = vi.hoisted(() => ({backend: 'local', localIndexUrl: '/search-index.json'}));
vi.mock('../../src/plugins/search/client/backend.ts', () => ({searchBackend: () => backendData}));

// vi.waitFor gives up after 1 s by default, which a busy machine can outrun: wait as long as the test may.
const UNTIL_TEST_TIMEOUT = {timeout: 50_000};
const evil = '<img src=x onerror=alert(1)>';
const mark = (text: string) => `${HIGHLIGHT_PRE}${text}${HIGHLIGHT_POST}`;

/** A backend that answers every request with one hit full of markup, as Algolia returns it (unescaped). */
function fakeBackend(): SearchClientLike & {received: unknown[]} {
  const received: unknown[] = [];
  return {
    received,
    transporter: {algoliaAgent: {value: 'fake', add: () => undefined}},
    addAlgoliaAgent: () => undefined,
    async search(input) {
      received.push(input);
      return {
        results: normalizeRequests(input).map(() => ({
          hits: [
            {
              objectID: '1',
              url: 'https://docs.example.com/a#b',
              type: 'content',
              content: `Use ${evil} & "quotes"`,
              hierarchy: {lvl0: 'Q&A <b>', lvl1: `Title ${evil}`, lvl2: null},
              _highlightResult: {
                hierarchy: {lvl0: {value: `Q&A ${mark('<b>')}`}, lvl1: {value: `Title ${mark(evil)}`}},
                content: {value: `Use ${mark(evil)} & "quotes"`},
              },
              _snippetResult: {
                content: {value: `… ${mark('Use')} ${evil}`},
                hierarchy: {lvl1: {value: `Title ${evil}`}},
              },
            },
          ],
          nbHits: 1,
        })),
      };
    },
  };
}

describe('escaping answers (both backends)', () => {
  it('asks for sentinel highlight tags and turns them into the tags the dialog asked for, escaping everything else', async () => {
    const backend = fakeBackend();
    const client = wrapSearchClient(backend, {profile: 'modal', tracker: createFailureTracker()});
    const {results} = await client.search({
      requests: [
        {
          indexName: 'docs',
          query: evil,
          highlightPreTag: '<mark>',
          highlightPostTag: '</mark>',
          hitsPerPage: 20,
        },
      ],
    });
    expect(backend.received[0]).toEqual({
      requests: [
        {
          indexName: 'docs',
          query: evil,
          highlightPreTag: HIGHLIGHT_PRE,
          highlightPostTag: HIGHLIGHT_POST,
          hitsPerPage: 20,
        },
      ],
    });
    const hit = (results[0] as {hits: Record<string, never>[]}).hits[0] as Record<
      string,
      Record<string, Record<string, {value: string}>>
    >;
    expect(hit._snippetResult.content.value).toBe('… <mark>Use</mark> &lt;img src=x onerror=alert(1)&gt;');
    expect(hit._highlightResult.content.value).toBe(
      'Use <mark>&lt;img src=x onerror=alert(1)&gt;</mark> &amp; &quot;quotes&quot;',
    );
    // DocSearch shows lvl0 (its group title) as text: left as text.
    expect(hit._highlightResult.hierarchy.lvl0.value).toBe('Q&A <mark><b></mark>');
    // Raw fields DocSearch renders as HTML (recent searches, missing snippets) are escaped too.
    expect(hit.content).toBe('Use &lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(hit.hierarchy).toEqual({
      lvl0: 'Q&A <b>',
      lvl1: 'Title &lt;img src=x onerror=alert(1)&gt;',
      lvl2: null,
    });
  });

  it('the /search page gets escaped HTML with its own highlight class, from legacy-shaped requests', async () => {
    const backend = fakeBackend();
    const client = wrapSearchClient(backend, {profile: 'page', tracker: createFailureTracker()});
    const {results} = await client.search([{indexName: 'docs', params: {query: 'x', facets: ['language']}}]);
    expect(backend.received[0]).toEqual({
      requests: [
        {
          indexName: 'docs',
          query: 'x',
          facets: ['language'],
          highlightPreTag: HIGHLIGHT_PRE,
          highlightPostTag: HIGHLIGHT_POST,
        },
      ],
    });
    const hit = (results[0] as {hits: Record<string, never>[]}).hits[0] as Record<
      string,
      Record<string, Record<string, {value: string}>>
    >;
    expect(hit._highlightResult.hierarchy.lvl0.value).toBe(
      'Q&amp;A <span class="algolia-docsearch-suggestion--highlight">&lt;b&gt;</span>',
    );
    expect(hit._highlightResult.hierarchy.lvl1.value).not.toContain('<img');
    expect(hit.content).toBe(`Use ${evil} & "quotes"`); // the page never renders raw fields
  });

  it('escapeHtml and sanitizeHit leave hits without highlights alone', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(sanitizeHit({objectID: '1', url: 'u'}, {pre: '<mark>', post: '</mark>'}, 'page')).toEqual({
      objectID: '1',
      url: 'u',
    });
  });
});

describe('failures', () => {
  it('a failed request is answered with no hits and recorded; the next successful one clears it', async () => {
    const tracker = createFailureTracker();
    let fail = true;
    const backend: SearchClientLike = {
      ...fakeBackend(),
      search: async (input) => {
        if (fail) throw Object.assign(new Error('Unreachable hosts'), {name: 'RetryError'});
        return fakeBackend().search(input);
      },
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = wrapSearchClient(backend, {profile: 'modal', tracker});
    const listener = vi.fn();
    tracker.subscribe(listener);
    const failed = await client.search({requests: [{indexName: 'docs', query: 'stream', hitsPerPage: 20}]});
    expect(failed.results).toEqual([
      expect.objectContaining({hits: [], nbHits: 0, hitsPerPage: 20, query: 'stream'}),
    ]);
    expect(tracker.isFailed()).toBe(true);
    expect(warn).toHaveBeenCalledWith('Search failed:', expect.any(Error));
    fail = false;
    await client.search({requests: [{indexName: 'docs', query: 'streams'}]});
    expect(tracker.isFailed()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('an older request failing after a newer one started does not count; clearing the query resets', () => {
    const tracker = createFailureTracker();
    const older = tracker.begin();
    const newer = tracker.begin();
    tracker.fail(older);
    expect(tracker.isFailed()).toBe(false);
    tracker.fail(newer);
    expect(tracker.isFailed()).toBe(true);
    tracker.reset();
    expect(tracker.isFailed()).toBe(false);
  });
});

/** An index of one page, two records (a heading and its content): what the local client tests search. */
const file = encodeIndex(
  recordsFromBlocks(
    {url: 'https://docs.example.com/publishing', lvl0: 'Streams', pageRank: 1, facets: {language: 'en'}},
    [
      {kind: 'heading', level: 1, text: 'Publishing', anchor: null},
      {kind: 'content', text: 'Publish a message to a stream.'},
    ],
  ),
  searchSettings,
);

describe('local client', () => {
  it('wrapped, it gets the requests normalized once, with the sentinel tags, and is not asked to normalize again', async () => {
    const answer = vi.fn(async (requests: unknown[]) => requests.map(() => ({hits: []})));
    const local = {...fakeBackend(), search: () => Promise.reject(new Error('normalized twice')), answer};
    const client = wrapSearchClient(local, {profile: 'page', tracker: createFailureTracker()});
    await client.search([{indexName: 'docs', params: 'query=stream&hitsPerPage=5'}]);
    expect(answer).toHaveBeenCalledWith([
      {
        indexName: 'docs',
        params: {
          query: 'stream',
          hitsPerPage: 5,
          highlightPreTag: HIGHLIGHT_PRE,
          highlightPostTag: HIGHLIGHT_POST,
        },
      },
    ]);
  });

  afterEach(() => vi.unstubAllGlobals());

  it('fetches the index once, on the first search, and answers like Algolia', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(file)));
    vi.stubGlobal('fetch', fetch);
    const client = createLocalSearchClient('/index-a.json');
    expect(fetch).not.toHaveBeenCalled();
    const {results} = await client.search({
      requests: [{indexName: 'docs', query: 'publish', hitsPerPage: 20}],
    });
    await client.search([{indexName: 'docs', params: 'query=message&hitsPerPage=5'}]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/index-a.json', expect.objectContaining({cache: 'no-cache'}));
    expect(results[0]).toMatchObject({nbHits: 1, hitsPerPage: 20, index: 'docs'}); // both records share one URL: distinct
  });

  it('a missing index fails the search, and is fetched again on the next one', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response('Not found', {status: 404}))
      .mockResolvedValue(new Response(JSON.stringify(file)));
    vi.stubGlobal('fetch', fetch);
    const client = createLocalSearchClient('/index-b.json');
    await expect(client.search({requests: [{indexName: 'docs', query: 'publish'}]})).rejects.toThrow(
      /answered HTTP 404/,
    );
    await expect(client.search({requests: [{indexName: 'docs', query: 'publish'}]})).resolves.toMatchObject({
      results: [{nbHits: 1}],
    });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('warming up (the dialog opening) fetches the index once for the search that follows; a failed one is silent and retried', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response('Not found', {status: 404}))
      .mockImplementation(async () => new Response(JSON.stringify(file)));
    vi.stubGlobal('fetch', fetch);
    openIndexAhead('/index-w.json');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1), UNTIL_TEST_TIMEOUT);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the failure settles
    const client = createLocalSearchClient('/index-w.json');
    // The failed warm-up is not the search's failure: the search fetches again and answers.
    await expect(client.search({requests: [{indexName: 'docs', query: 'publish'}]})).resolves.toMatchObject({
      results: [{nbHits: 1}],
    });
    expect(fetch).toHaveBeenCalledTimes(2);
    openIndexAhead('/index-w.json');
    await client.search({requests: [{indexName: 'docs', query: 'message'}]});
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  /** A server of a split index: the first file at /docs/<name>.json and its shards, per deploy. */
  function splitServer(name: string, deploys: string[]) {
    const served = new Map<string, unknown>();
    let deploy = 0;
    const publish = () => {
      const {first, shards} = splitIndex(file, `${name}/${deploys[deploy]}`);
      served.clear();
      served.set(`/docs/${name}.json`, first);
      for (const [path, shard] of shards) served.set(`/docs/${path}`, shard);
    };
    publish();
    const fetch = vi.fn(async (url: string) =>
      served.has(url)
        ? new Response(JSON.stringify(served.get(url)))
        : new Response('Not found', {status: 404}),
    );
    const redeploy = () => {
      deploy += 1;
      publish();
    };
    return {fetch, redeploy};
  }

  it('a split index: fetches the first file, then the shards the query and its hits need, next to it', async () => {
    const {fetch} = splitServer('index-c', ['one']);
    vi.stubGlobal('fetch', fetch);
    const client = createLocalSearchClient('/docs/index-c.json');
    const {results} = await client.search({requests: [{indexName: 'docs', query: 'publish'}]});
    expect(results[0]).toMatchObject({nbHits: 1, hits: [{hierarchy: {lvl1: 'Publishing'}}]});
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/docs/index-c.json',
      '/docs/index-c/one/t0.json',
      '/docs/index-c/one/c0.json',
    ]);
  });

  it('after a redeploy, a missing shard fetches the new first file once and answers from it', async () => {
    const {fetch, redeploy} = splitServer('index-d', ['one', 'two']);
    vi.stubGlobal('fetch', fetch);
    const client = createLocalSearchClient('/docs/index-d.json');
    await client.search({requests: [{indexName: 'docs', query: 'stream', hitsPerPage: 0}]});
    redeploy();
    const {results} = await client.search({requests: [{indexName: 'docs', query: 'message'}]});
    expect(results[0]).toMatchObject({nbHits: 1});
    const urls = fetch.mock.calls.map(([url]) => url);
    expect(urls.filter((url) => url === '/docs/index-d.json')).toHaveLength(2);
    expect(urls).toContain('/docs/index-d/one/t0.json');
    expect(urls.slice(-2)).toEqual(['/docs/index-d/two/t0.json', '/docs/index-d/two/c0.json']);
  });

  it('rejects requests it cannot read', () => {
    expect(() => normalizeRequests({nope: true})).toThrow(/list of requests/);
    expect(
      normalizeRequests([
        {indexName: 'i', params: 'query=a%20b&hitsPerPage=3&facetFilters=%5B%22language%3Aen%22%5D'},
      ]),
    ).toEqual([{indexName: 'i', params: {query: 'a b', hitsPerPage: 3, facetFilters: ['language:en']}}]);
  });
});

describe('the slim search button', () => {
  it('copies the DocSearch version the site installs', () => {
    const installed = JSON.parse(readFileSync('node_modules/@docsearch/react/package.json', 'utf8')) as {
      version: string;
    };
    expect(version).toBe(installed.version);
  });
});

describe('the search worker', () => {
  // Each test imports the client afresh: it picks where the engine runs once per page.
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    vi.unstubAllGlobals();
    Object.assign(backendData, {backend: 'local', localIndexUrl: '/search-index.json'});
  });

  /**
   * A browser Worker for Node: its script is src/plugins/search/client/searchWorker.ts's,
   * `serveIndexCalls` over a scope of its own, run in this thread after the page's current task;
   * messages in both directions are structured clones delivered in later tasks, as between threads.
   * `starts: false`: its script fails to load, which a browser reports as an error event.
   */
  function fakeWorkers({starts, warmUp}: {starts: boolean; warmUp?: WarmUp}) {
    const created: {url: string; name?: string; posted: unknown[]; received: number; terminated: boolean}[] =
      [];
    class FakeWorker extends EventTarget {
      readonly record;
      private readonly listeners: ((event: MessageEvent<{id: number; call: IndexCall}>) => void)[] = [];
      constructor(url: URL, options?: {name?: string}) {
        super();
        this.record = {
          url: String(url),
          name: options?.name,
          posted: [] as unknown[],
          received: 0,
          terminated: false,
        };
        created.push(this.record);
        setTimeout(async () => {
          if (!starts) return this.dispatchEvent(new Event('error'));
          const {serveIndexCalls} = await import('../../src/plugins/search/client/serveIndexCalls.ts');
          serveIndexCalls(
            {
              name: options?.name ?? '',
              addEventListener: (_type, listener) => this.listeners.push(listener),
              postMessage: (message) =>
                setTimeout(() =>
                  this.dispatchEvent(new MessageEvent('message', {data: structuredClone(message)})),
                ),
            },
            warmUp,
          );
        });
      }
      postMessage(message: {id: number; call: IndexCall}) {
        this.record.posted.push(structuredClone(message));
        if (!starts) return;
        const data = structuredClone(message);
        const deliver = () => {
          // Messages posted before the script ran wait for it, as in a browser.
          if (this.listeners.length === 0) return setTimeout(deliver);
          this.record.received += 1;
          for (const listener of this.listeners) listener(new MessageEvent('message', {data}));
        };
        setTimeout(deliver);
      }
      terminate() {
        this.record.terminated = true;
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    return created;
  }

  const serving = (url: string) =>
    vi.fn(async (requested: string) =>
      requested === url ? new Response(JSON.stringify(file)) : new Response('Not found', {status: 404}),
    );

  it('starts when search is opened, named after the index, and opens it before any message reaches it', async () => {
    const workers = fakeWorkers({starts: true});
    const fetch = serving('/index-w0.json');
    vi.stubGlobal('fetch', fetch);
    backendData.localIndexUrl = '/index-w0.json';
    const {startLocalSearch} = await import('../../src/plugins/search/client/searchWorkerStart.ts');
    startLocalSearch();
    startLocalSearch();
    expect(workers).toHaveLength(1);
    expect(workers[0]).toMatchObject({name: 'docs-search /index-w0.json'});
    expect(workers[0].url).toMatch(/searchWorker/);
    await vi.waitFor(
      () => expect(fetch).toHaveBeenCalledWith('/index-w0.json', expect.anything()),
      UNTIL_TEST_TIMEOUT,
    );
    expect(workers[0].posted).toEqual([]);
    // The dialog's client uses that worker and that load of the index.
    const {createLocalSearchClient: create, openIndexAhead: openAhead} =
      await import('../../src/plugins/search/client/searchClient.ts');
    openAhead('/index-w0.json');
    const {results} = await create('/index-w0.json').search({
      requests: [{indexName: 'docs', query: 'publish'}],
    });
    expect(results[0]).toMatchObject({nbHits: 1});
    expect(workers).toHaveLength(1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is not started by opening search when the site searches Algolia', async () => {
    const workers = fakeWorkers({starts: true});
    backendData.backend = 'algolia';
    const {startLocalSearch} = await import('../../src/plugins/search/client/searchWorkerStart.ts');
    startLocalSearch();
    expect(workers).toHaveLength(0);
  });

  it('runs the engine in a worker when there is one: one worker per page, answers and errors come back', async () => {
    const workers = fakeWorkers({starts: true});
    const fetch = serving('/index-w1.json');
    vi.stubGlobal('fetch', fetch);
    backendData.localIndexUrl = '/index-w1.json';
    const {createLocalSearchClient: create, openIndexAhead: openAhead} =
      await import('../../src/plugins/search/client/searchClient.ts');
    openAhead('/index-w1.json');
    const client = create('/index-w1.json', {perSection: 5});
    const {results} = await client.search({requests: [{indexName: 'docs', query: 'message'}]});
    expect(results[0]).toMatchObject({nbHits: 1, hits: [{hierarchy: {lvl0: 'Streams'}}]});
    await expect(
      create('/index-gone.json').search({requests: [{indexName: 'docs', query: 'message'}]}),
    ).rejects.toThrow(/index-gone.json answered HTTP 404/);
    expect(workers).toHaveLength(1);
    expect(workers[0]).toMatchObject({name: 'docs-search /index-w1.json', terminated: false});
    expect(workers[0].posted.map((message) => (message as {call: IndexCall}).call.kind)).toEqual([
      'open',
      'search',
      'search',
    ]);
    expect((workers[0].posted[1] as {call: IndexCall}).call).toMatchObject({shown: {perSection: 5}});
    // The worker's own opening and the dialog's share one fetch of the first file.
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/index-w1.json', '/index-gone.json']);
  });

  it('a worker that does not start (its script gone after a redeploy): the waiting call and later ones run in the page', async () => {
    const workers = fakeWorkers({starts: false});
    const fetch = vi.fn(async () => new Response(JSON.stringify(file)));
    vi.stubGlobal('fetch', fetch);
    backendData.localIndexUrl = '/index-w2.json';
    const {createLocalSearchClient: create, openIndexAhead: openAhead} =
      await import('../../src/plugins/search/client/searchClient.ts');
    performance.clearMeasures('docs-search:load');
    openAhead('/index-w2.json');
    // Opening succeeds in the page (the load is measured only then), from a fetch of its own.
    await vi.waitFor(
      () => expect(performance.getEntriesByName('docs-search:load')).toHaveLength(1),
      UNTIL_TEST_TIMEOUT,
    );
    const client = create('/index-w2.json');
    await expect(client.search({requests: [{indexName: 'docs', query: 'stream'}]})).resolves.toMatchObject({
      results: [{nbHits: 1}],
    });
    await expect(client.search({requests: [{indexName: 'docs', query: 'message'}]})).resolves.toMatchObject({
      results: [{nbHits: 1}],
    });
    expect(workers).toHaveLength(1);
    expect(workers[0].terminated).toBe(true);
    expect(workers[0].posted).toHaveLength(1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a worker that failed before the dialog used it: the dialog runs the engine in the page at once', async () => {
    const workers = fakeWorkers({starts: false});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(file))),
    );
    backendData.localIndexUrl = '/index-w4.json';
    const {startLocalSearch} = await import('../../src/plugins/search/client/searchWorkerStart.ts');
    startLocalSearch();
    await new Promise((resolve) => setTimeout(resolve, 5)); // the error event
    const {createLocalSearchClient: create} = await import('../../src/plugins/search/client/searchClient.ts');
    await expect(
      create('/index-w4.json').search({requests: [{indexName: 'docs', query: 'stream'}]}),
    ).resolves.toMatchObject({results: [{nbHits: 1}]});
    expect(workers).toHaveLength(1);
    expect(workers[0].posted).toEqual([]);
  });

  it('warms up once the named index is open, until the first call other than open', async () => {
    const stops: boolean[][] = [];
    const warmedOn: unknown[] = [];
    let stopOf: () => boolean = () => true;
    const warmUp: WarmUp = async (opened, stop) => {
      warmedOn.push(opened);
      stopOf = stop;
      stops.push([stop()]);
    };
    const workers = fakeWorkers({starts: true, warmUp});
    vi.stubGlobal('fetch', serving('/index-w5.json'));
    backendData.localIndexUrl = '/index-w5.json';
    const {startLocalSearch} = await import('../../src/plugins/search/client/searchWorkerStart.ts');
    startLocalSearch();
    await vi.waitFor(() => expect(warmedOn).toHaveLength(1), UNTIL_TEST_TIMEOUT);
    expect(warmedOn[0]).toEqual(JSON.parse(JSON.stringify(file)));
    expect(stops).toEqual([[false]]);
    const {createLocalSearchClient: create, openIndexAhead: openAhead} =
      await import('../../src/plugins/search/client/searchClient.ts');
    openAhead('/index-w5.json');
    await vi.waitFor(() => expect(workers[0].posted).toHaveLength(1), UNTIL_TEST_TIMEOUT);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(stopOf()).toBe(false); // opening again is no reason to stop
    await create('/index-w5.json').search({requests: [{indexName: 'docs', query: 'stream'}]});
    expect(stopOf()).toBe(true);
  });

  it('does not warm up when a search reached the worker before the index was open', async () => {
    const warmUp = vi.fn(async () => undefined);
    const workers = fakeWorkers({starts: true, warmUp});
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await held;
        return new Response(JSON.stringify(file));
      }),
    );
    backendData.localIndexUrl = '/index-w6.json';
    const {createLocalSearchClient: create} = await import('../../src/plugins/search/client/searchClient.ts');
    const answered = create('/index-w6.json').search({requests: [{indexName: 'docs', query: 'stream'}]});
    await vi.waitFor(() => expect(workers[0].received).toBe(1), UNTIL_TEST_TIMEOUT);
    release();
    await expect(answered).resolves.toMatchObject({results: [{nbHits: 1}]});
    expect(warmUp).not.toHaveBeenCalled();
  });

  it('a call is answered with its value or its error, by name and message, and never rejects', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Not found', {status: 404})),
    );
    await expect(runIndexCall({kind: 'open', url: '/index-w3.json'})).resolves.toEqual({
      ok: false,
      name: 'Error',
      message: 'The search index /index-w3.json answered HTTP 404',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(file))),
    );
    await expect(
      runIndexCall({
        kind: 'search',
        url: '/index-w3.json',
        requests: [{indexName: 'docs', params: {query: 'stream'}}],
      }),
    ).resolves.toMatchObject({ok: true, value: [{nbHits: 1, index: 'docs'}]});
  });
});
