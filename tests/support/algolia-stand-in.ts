import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {searchSettings} from '../../config/search.ts';
import {answerSearch} from '../../src/plugins/search/algolia-protocol/answer.ts';
import {normalizeRequests} from '../../src/plugins/search/algolia-protocol/requests.ts';
import type {SearchEngine} from '../../src/plugins/search/engine/engine.ts';
import {encodeIndex} from '../../src/plugins/search/index-file/codec.ts';
import {searchEngineFor} from '../../src/plugins/search/index-file/open.ts';
import type {SearchRecord, Synonym} from '../../src/plugins/search/types.ts';

/**
 * A local stand-in for the parts of Algolia's REST API the site uses: search
 * (`POST /1/indexes/* /queries`), and what the uploader calls (settings, synonyms,
 * batch, copy/move operations, tasks). It checks application id and keys like
 * Algolia (query string or headers), records every request, and answers searches
 * from what was uploaded, with the local engine and the site's search settings.
 */
export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
};

type Index = {
  records: Map<string, SearchRecord>;
  settings: Record<string, unknown>;
  synonyms: Synonym[];
  engine?: SearchEngine;
};

export type StandIn = {
  url: string;
  port: number;
  requests: RecordedRequest[];
  indices: Map<string, Index>;
  /** Puts records straight into an index (no upload), and builds its engine. */
  seed(indexName: string, records: SearchRecord[]): void;
  /**
   * Builds an index's engine now, not on the first search: that would answer slowly on a busy
   * machine, and Algolia's client gives up on a slow host and retries on the next.
   */
  buildEngine(indexName: string): void;
  close(): Promise<void>;
};

export async function startAlgoliaStandIn(credentials: {
  appId: string;
  searchKey: string;
  adminKey: string;
}): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  const indices = new Map<string, Index>();
  let taskId = 0;

  const index = (name: string): Index => {
    let found = indices.get(name);
    if (!found) indices.set(name, (found = {records: new Map(), settings: {}, synonyms: []}));
    return found;
  };
  const task = () => ({taskID: ++taskId, updatedAt: new Date().toISOString()});
  // Ranks like the local backend: both read the site's one settings object.
  const engineOf = (target: Index) =>
    (target.engine ??= searchEngineFor(
      encodeIndex(byPage([...target.records.values()]), searchSettings, target.synonyms),
    ));

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const text = await new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', () => resolve(data));
    });
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const query = Object.fromEntries(url.searchParams);
    requests.push({method: req.method ?? 'GET', path: url.pathname, query, headers: req.headers, body});

    const send = (status: number, payload: unknown) => {
      res.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
        'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
      });
      res.end(JSON.stringify(payload));
    };
    if (req.method === 'OPTIONS') return send(200, {});

    const appId = query['x-algolia-application-id'] ?? req.headers['x-algolia-application-id'];
    const key = query['x-algolia-api-key'] ?? req.headers['x-algolia-api-key'];
    if (appId !== credentials.appId || (key !== credentials.searchKey && key !== credentials.adminKey)) {
      return send(403, {message: 'Invalid Application-ID or API key', status: 403});
    }
    const write = key === credentials.adminKey;
    const route = `${req.method} ${url.pathname}`;
    let match: RegExpExecArray | null;

    if (route === 'POST /1/indexes/*/queries') {
      const results = normalizeRequests(body).map(({indexName, params}) =>
        answerSearch(engineOf(index(indexName)), indexName, params),
      );
      return send(200, {results});
    }
    if (!write) return send(403, {message: 'Method not allowed with this API key', status: 403});
    if (route === 'GET /1/indexes') {
      const items = [...indices].map(([name, target]) => ({name, entries: target.records.size}));
      return send(200, {items, nbPages: 1});
    }
    if ((match = /^PUT \/1\/indexes\/([^/]+)\/settings$/.exec(route))) {
      index(decodeURIComponent(match[1])).settings = body as Record<string, unknown>;
      return send(200, task());
    }
    if ((match = /^POST \/1\/indexes\/([^/]+)\/synonyms\/batch$/.exec(route))) {
      const target = index(decodeURIComponent(match[1]));
      target.synonyms =
        query.replaceExistingSynonyms === 'true'
          ? [...(body as Synonym[])]
          : [...target.synonyms, ...(body as Synonym[])];
      target.engine = undefined;
      return send(200, task());
    }
    if ((match = /^POST \/1\/indexes\/([^/]+)\/batch$/.exec(route))) {
      const target = index(decodeURIComponent(match[1]));
      const objectIDs: string[] = [];
      for (const {action, body: record} of (body as {requests: {action: string; body: SearchRecord}[]})
        .requests) {
        if (action !== 'addObject' && action !== 'updateObject')
          return send(400, {message: `Unsupported action ${action}`, status: 400});
        target.records.set(record.objectID, record);
        objectIDs.push(record.objectID);
      }
      target.engine = undefined;
      return send(200, {...task(), objectIDs});
    }
    if ((match = /^POST \/1\/indexes\/([^/]+)\/operation$/.exec(route))) {
      const source = index(decodeURIComponent(match[1]));
      const {operation, destination, scope} = body as {
        operation: 'copy' | 'move';
        destination: string;
        scope?: string[];
      };
      const copy: Index = {
        records: !scope || operation === 'move' ? new Map(source.records) : index(destination).records,
        settings: !scope || scope.includes('settings') ? {...source.settings} : index(destination).settings,
        synonyms: !scope || scope.includes('synonyms') ? [...source.synonyms] : index(destination).synonyms,
      };
      indices.set(destination, copy);
      if (operation === 'move') indices.delete(decodeURIComponent(match[1]));
      return send(200, task());
    }
    if ((match = /^GET \/1\/indexes\/([^/]+)\/task\/(\d+)$/.exec(route))) {
      return send(200, {status: 'published', pendingTask: false});
    }
    return send(404, {message: `The stand-in does not implement ${route}`, status: 404});
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    indices,
    seed(indexName, records) {
      const target = index(indexName);
      for (const record of records) target.records.set(record.objectID, record);
      target.engine = undefined;
      engineOf(target);
    },
    buildEngine: (indexName) => void engineOf(index(indexName)),
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** Records with each page's records together, pages in the order of their first record (the index file's layout). */
function byPage(records: SearchRecord[]): SearchRecord[] {
  const pages = new Map<string, SearchRecord[]>();
  for (const record of records)
    pages.set(record.url_without_anchor, [...(pages.get(record.url_without_anchor) ?? []), record]);
  return [...pages.values()].flat();
}
