import {answerSearch, type SearchResponse} from '../algolia-protocol/answer';
import type {SearchParams} from '../algolia-protocol/requests';
import {SearchEngine} from '../engine/engine';
import {decodeIndex, type LocalIndexFile} from '../records/indexFile';

/** Answers one Algolia search request from the loaded index. */
export type LocalSearch = (indexName: string, params: SearchParams) => SearchResponse;

/**
 * The index file made searchable: decoded, indexed by the engine with the
 * settings it carries, answered through the Algolia adapter. The local client
 * loads this module on the first search, so all of it is one chunk of code.
 */
export function localSearch(file: LocalIndexFile): LocalSearch {
  const engine = new SearchEngine(decodeIndex(file), {settings: file.settings, synonyms: file.synonyms});
  return (indexName, params) => answerSearch(engine, indexName, params);
}
