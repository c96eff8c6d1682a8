import {answerSearch, shownRecords, type SearchResponse} from '../algolia-protocol/answer';
import type {SearchParams} from '../algolia-protocol/requests';
import type {LocalIndexFile, SplitIndexFile} from '../records/indexFile';
import {openIndex, type ShardReader} from '../records/openIndex';

/**
 * Answers one Algolia search request from the index, loading the shards it needs
 * first; `loadAll` loads the rest of them.
 */
export type LocalSearch = ((indexName: string, params: SearchParams) => Promise<SearchResponse>) & {
  loadAll(): Promise<void>;
};

/**
 * The index made searchable: its first file decoded, and for each request the
 * posting shards of the query's terms and the content shards of the hits shown
 * (each loaded once), answered through the Algolia adapter with the settings
 * the file carries. The local client loads this module on the first search, so
 * all of it is one chunk of code.
 */
export function localSearch(file: LocalIndexFile | SplitIndexFile, read: ShardReader): LocalSearch {
  const index = openIndex(file, read);
  const answer = async (indexName: string, params: SearchParams) => {
    await index.prepare(typeof params.query === 'string' ? params.query : '');
    await index.loadContent(shownRecords(index.engine, params));
    return answerSearch(index.engine, indexName, params);
  };
  return Object.assign(answer, {loadAll: () => index.loadAll()});
}
