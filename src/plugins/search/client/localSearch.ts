import {
  answerSearch,
  firstOfEachSection,
  shownRecords,
  type SearchResponse,
} from '../algolia-protocol/answer.ts';
import type {SearchParams} from '../algolia-protocol/requests.ts';
import type {LocalIndexFile, SplitIndexFile} from '../records/indexFile.ts';
import {openIndex, type ShardReader} from '../records/openIndex.ts';

/**
 * What a consumer shows of a page of hits: DocSearch's dialog shows at most
 * `perSection` hits of each section (its `maxResultsPerGroup`); the others
 * need no content, and are left out of its answers.
 */
export type ShownHits = {perSection?: number};

/**
 * Answers one Algolia search request from the index, loading the shards it needs
 * first; `loadAll` loads the rest of them.
 */
export type LocalSearch = ((
  indexName: string,
  params: SearchParams,
  shown?: ShownHits,
) => Promise<SearchResponse>) & {
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
  const answer = async (indexName: string, params: SearchParams, {perSection}: ShownHits = {}) => {
    await index.prepare(typeof params.query === 'string' ? params.query : '');
    const page = shownRecords(index.engine, params);
    // A record's section is known before its content is loaded.
    const shown = perSection === undefined ? page : firstOfEachSection(page, perSection);
    await index.loadContent(shown);
    return answerSearch(index.engine, indexName, params, shown);
  };
  return Object.assign(answer, {loadAll: () => index.loadAll()});
}
