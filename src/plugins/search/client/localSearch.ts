import {answerSearch, type SearchResponse} from '../algolia-protocol/answer';
import type {SearchParams} from '../algolia-protocol/requests';
import type {LocalIndexFile} from '../records/indexFile';
import {searchEngineFor} from '../records/openIndex';

/** Answers one Algolia search request from the loaded index. */
export type LocalSearch = (indexName: string, params: SearchParams) => SearchResponse;

/**
 * The index file made searchable: decoded, its term table built from the
 * file's piece numbers, answered through the Algolia adapter with the settings
 * it carries. The local client loads this module on the first search, so all of
 * it is one chunk of code.
 */
export function localSearch(file: LocalIndexFile): LocalSearch {
  const engine = searchEngineFor(file);
  return (indexName, params) => answerSearch(engine, indexName, params);
}
