import type {SearchRequest} from '../algolia-protocol/requests.ts';
import type {LocalIndexFile, SplitIndexFile} from '../index-file/codec.ts';
import {openIndex, type IndexSearch, type ShownHits} from '../index-file/open.ts';

/**
 * The site's own index where the engine runs, in the search worker or in the page: fetches the
 * first file once per index URL, and answers requests already normalized to Algolia's form.
 */

/** A shard the first file names is gone: the site was deployed again since that file was fetched. */
class StaleIndexError extends Error {
  override name = 'StaleIndexError';
}

type OpenedIndex = {search: IndexSearch; file: LocalIndexFile | SplitIndexFile};

const engines = new Map<string, Promise<OpenedIndex>>();

async function loadEngine(url: string): Promise<OpenedIndex> {
  // A deploy replaces the file under the same name: ask whether the browser's copy is current.
  const response = await fetch(url, {cache: 'no-cache', credentials: 'same-origin'});
  if (!response.ok) throw new Error(`The search index ${url} answered HTTP ${response.status}`);
  const file = JSON.parse(new TextDecoder().decode(await response.arrayBuffer()));
  // Shard paths are relative to the first file. Their names carry the index's hash: the browser's
  // cache may keep them, and a missing one means a newer deploy.
  const folder = url.slice(0, url.lastIndexOf('/') + 1);
  const read = async (shard: string) => {
    const answer = await fetch(`${folder}${shard}`, {credentials: 'same-origin'});
    if (answer.status === 404) throw new StaleIndexError(`The search index shard ${shard} is gone`);
    if (!answer.ok) throw new Error(`The search index shard ${shard} answered HTTP ${answer.status}`);
    return answer.json();
  };
  return {search: openIndex(file, read), file};
}

/** The index at `url`, loading (once; a failed load is tried again by the next call). */
function engineFor(url: string): Promise<OpenedIndex> {
  let loading = engines.get(url);
  if (!loading) {
    loading = loadEngine(url);
    engines.set(url, loading);
    loading.catch(() => engines.delete(url));
  }
  return loading;
}

/** Opens the index ahead of the first search; resolves with its first file, parsed. */
export async function openLocalIndex(url: string): Promise<LocalIndexFile | SplitIndexFile> {
  return (await engineFor(url)).file;
}

/** Answers each request from the index at `url`; after a redeploy, once more from the new index. */
async function answerLocally(url: string, requests: SearchRequest[], shown: ShownHits = {}) {
  const answer = async () => {
    const {search} = await engineFor(url);
    return Promise.all(requests.map(({indexName, params}) => search(indexName, params, shown)));
  };
  try {
    return await answer();
  } catch (error) {
    if (!(error instanceof StaleIndexError)) throw error;
    engines.delete(url);
    return answer();
  }
}

/** What the page asks the engine (posted to the search worker). `loadAll`: every shard, for offline use. */
export type IndexCall =
  | {kind: 'open'; url: string}
  | {kind: 'search'; url: string; requests: SearchRequest[]; shown?: ShownHits}
  | {kind: 'loadAll'; url: string};

/** The engine's answer to a call: its value, or the error's name and message (errors do not cross threads whole). */
export type IndexReply = {ok: true; value: unknown} | {ok: false; name: string; message: string};

/** Runs one call; never rejects (a failure is a reply). */
export async function runIndexCall(call: IndexCall): Promise<IndexReply> {
  try {
    let value: unknown;
    if (call.kind === 'open') await openLocalIndex(call.url);
    else if (call.kind === 'search') value = await answerLocally(call.url, call.requests, call.shown);
    else await (await engineFor(call.url)).search.loadAll();
    return {ok: true, value};
  } catch (error) {
    const {name, message} = error instanceof Error ? error : new Error(String(error));
    return {ok: false, name, message};
  }
}
