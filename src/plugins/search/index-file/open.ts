import {
  answerSearch,
  firstOfEachSection,
  pageOfHits,
  type SearchResponse,
} from '../algolia-protocol/answer.ts';
import type {SearchParams} from '../algolia-protocol/requests.ts';
import {INDEX_FILE_ERROR} from '../codeMarkers.ts';
import {SearchEngine} from '../engine/engine.ts';
import {lowerBound} from '../engine/vocabulary.ts';
import type {SearchRecord} from '../types.ts';
import {
  checkSplitFormat,
  isSplitIndex,
  type ContentShard,
  type LocalIndexFile,
  type PostingShard,
  type SplitIndexFile,
} from './codec.ts';
import {splitRecords, loadedContent, recordLayout, wholeRecords} from './layout.ts';
import {buildPostings, decodePostingList} from './postings.ts';
import {shardPath} from './shards.ts';

/** Fetches a shard by its path relative to the first file, parsed. */
type ShardReader = (path: string) => Promise<unknown>;

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
export type IndexSearch = ((
  indexName: string,
  params: SearchParams,
  shown?: ShownHits,
) => Promise<SearchResponse>) & {
  engine: SearchEngine;
  loadAll(): Promise<void>;
};

/** The engine over a whole index file, with the term table built from the file's piece numbers (no tokenizing). */
export function searchEngineFor(file: LocalIndexFile): SearchEngine {
  const layout = recordLayout(file);
  const {terms, lists} = buildPostings(file);
  const engine = new SearchEngine(wholeRecords(file, layout), {
    settings: file.settings,
    synonyms: file.synonyms,
    terms,
    layout,
  });
  engine.vocabulary.addPostings(terms, lists);
  return engine;
}

/**
 * An index file, whole or split, ready to answer requests, each in one pass (../README.md, "One
 * request, one pass"); a split one loads each shard the first time a query or a hit needs it.
 */
export function openIndex(file: LocalIndexFile | SplitIndexFile, read: ShardReader): IndexSearch {
  const {engine, load} = isSplitIndex(file)
    ? openSplit(file, read)
    : {engine: searchEngineFor(file), load: undefined};
  const answer = async (indexName: string, params: SearchParams, {perSection}: ShownHits = {}) => {
    const parsed = engine.vocabulary.parse(typeof params.query === 'string' ? params.query : '');
    await load?.postings(engine.vocabulary.missingTerms(parsed));
    const result = engine.rank(parsed, params.facetFilters);
    const page = pageOfHits(engine, result, params);
    // A record's section is known before its content is loaded.
    const shown = perSection === undefined ? page : firstOfEachSection(page, perSection);
    await load?.content(shown);
    return answerSearch(engine, indexName, params, result, shown);
  };
  return Object.assign(answer, {engine, loadAll: async () => load?.all()});
}

/** The engine over a split index's first file, and what loads its shards as a query needs them. */
function openSplit(file: SplitIndexFile, read: ShardReader) {
  checkSplitFormat(file);
  const {shards} = file;
  const terms = file.terms.split('\n');
  // Filled as content shards arrive; the records read their content and headings from it.
  const content = loadedContent(file);
  const layout = recordLayout(file);
  const engine = new SearchEngine(splitRecords(file, content, layout), {
    settings: file.settings,
    synonyms: file.synonyms,
    terms,
    layout,
  });
  const loaded = new Map<string, Promise<void>>();
  const load = (kind: 't' | 'c', index: number, apply: (shard: unknown) => void): Promise<void> => {
    const name = shardPath(shards.path, kind, index);
    let loading = loaded.get(name);
    if (!loading) {
      loading = read(name).then(apply);
      loaded.set(name, loading);
      // A failed fetch is tried again by the next search.
      loading.catch(() => loaded.delete(name));
    }
    return loading;
  };
  // Lists of loaded shards, still encoded: a shard holds the lists of many neighboring terms, and a
  // query needs a few of them.
  const encodedLists = new Map<string, string>();
  const applyPostings = (index: number) => (data: unknown) => {
    const shard = data as PostingShard;
    if (shard?.first !== shards.terms[index] || !Array.isArray(shard.lists))
      throw new Error(`${INDEX_FILE_ERROR} posting shard ${index} does not fit the index`);
    shard.lists.forEach((list, offset) => encodedLists.set(terms[shard.first + offset], list));
  };
  const applyContent = (index: number) => (data: unknown) => {
    const shard = data as ContentShard;
    if (shard?.first !== shards.records[index] || !Array.isArray(shard.content))
      throw new Error(`${INDEX_FILE_ERROR} content shard ${index} does not fit the index`);
    // `add` checks the shard's headings against its records.
    content.add(shard);
  };
  // First record of each page, by URL: a hit's content shard is its page's.
  const pageStart = new Map<string, number>();
  file.pages.forEach(([url], page) => pageStart.set(url, layout.pageFirst[page]));
  return {
    engine,
    load: {
      /** Posting lists of the terms the engine lacks for a parsed query. */
      async postings(missing: string[]) {
        if (missing.length === 0) return;
        const unloaded = missing.filter((term) => !encodedLists.has(term));
        if (unloaded.length) {
          // A term's number is its position in the sorted vocabulary (no map of every term to build).
          const needed = new Set(unloaded.map((term) => shardOf(shards.terms, lowerBound(terms, term))));
          await Promise.all([...needed].map((index) => load('t', index, applyPostings(index))));
        }
        // Decoded once, when a query first needs them (a list another query added meanwhile stays).
        const decode = missing.filter((term) => encodedLists.has(term));
        engine.vocabulary.addPostings(
          decode,
          decode.map((term) => decodePostingList(encodedLists.get(term)!)),
        );
        for (const term of decode) encodedLists.delete(term);
      },
      /** Content and headings of the records about to be shown. */
      async content(records: readonly SearchRecord[]) {
        const needed = new Set<number>();
        for (const hit of records) {
          const start = pageStart.get(hit.url_without_anchor);
          if (start !== undefined) needed.add(shardOf(shards.records, start));
        }
        await Promise.all([...needed].map((index) => load('c', index, applyContent(index))));
      },
      async all() {
        for (let index = 0; index < shards.terms.length; index++)
          await load('t', index, applyPostings(index));
        for (let index = 0; index < shards.records.length; index++)
          await load('c', index, applyContent(index));
      },
    },
  };
}

/** The shard holding item `item`, by the ascending first items of the shards (the first is 0). */
function shardOf(firstItems: number[], item: number): number {
  return lowerBound(firstItems, item + 1) - 1;
}
