import type {SearchParams} from '../algolia-protocol/requests.ts';
import {isSplitIndex, type ContentShard, type IndexMetadata, type PostingShard} from '../index-file/codec.ts';
import {openIndex} from '../index-file/open.ts';
import {decodePostingList, encodePostingList} from '../index-file/postings.ts';
import {LEVELS} from '../types.ts';
import type {WarmUpSample} from './sample.ts';

/** The sample `copies` times over (a loop is compiled once it has run long enough), asked `rounds` times. */
const WARM_UP = {copies: 20, rounds: 2};

/** What DocSearch 3.9's dialog asks besides the query, facet filters and tags: the warm-up asks it too. */
export const DOCSEARCH_DIALOG_PARAMS = {
  attributesToRetrieve: [...LEVELS.map((level) => `hierarchy.${level}`), 'content', 'type', 'url'],
  attributesToSnippet: [...LEVELS.slice(1).map((level) => `hierarchy.${level}:10`), 'content:10'],
  snippetEllipsisText: '…',
  hitsPerPage: 20,
} satisfies SearchParams;

/** Resolves in a task of its own, so the messages queued meanwhile run first (no timer clamping). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Asks the warm-up sample of `file` its queries, one search per task, until done or until `stop()`
 * says a real call has come: a visitor's query then waits for one step at most (repeating the
 * sample, opening it, or one search of it). Resolves with the number of searches run; a failure
 * changes nothing.
 */
export async function warmUpEngine(file: IndexMetadata, stop: () => boolean, {copies, rounds} = WARM_UP) {
  if (!isSplitIndex(file) || !file.warmUp) return 0;
  const start = performance.now();
  let searches = 0;
  try {
    await nextTask();
    if (stop()) return 0;
    const sample = repeatSample(file.warmUp, copies);
    const {settings, synonyms} = file;
    const facetFilters = dialogFilters(sample);
    for (let round = 0; round < rounds; round++) {
      // Opening the sample is a task of its own: the first one runs cold, like the first search.
      await nextTask();
      if (stop()) return searches;
      const search = openIndex({...sample.first, settings, synonyms}, async (name) => sample.shards[name]);
      for (const query of sample.queries) {
        await nextTask();
        if (stop()) return searches;
        await search(
          'warm-up',
          {
            ...DOCSEARCH_DIALOG_PARAMS,
            query,
            facetFilters,
            highlightPreTag: '<mark>',
            highlightPostTag: '</mark>',
          },
          {perSection: 5},
        );
        searches += 1;
      }
    }
  } catch {
    // The real index answers on its own.
  } finally {
    // The warm-up in the worker's timeline, with the number of searches it ran.
    try {
      performance.measure('docs-search:warm-up', {start, end: performance.now(), detail: {searches}});
    } catch {
      // Older browsers without User Timing Level 3.
    }
  }
  return searches;
}

/** Facet filters shaped like the dialog's (a value, then a group of values), matching the sample's first page. */
function dialogFilters({first}: WarmUpSample): SearchParams['facetFilters'] {
  const {language, docusaurus_tag: tag} = first.facets[first.pages[0]?.[3] ?? 0] ?? {};
  return [
    ...(language === undefined ? [] : [`language:${language}`]),
    ...(tag === undefined ? [] : [[`docusaurus_tag:${tag}`]]),
  ];
}

/**
 * The sample `copies` times over: its pages again under new URLs, their records
 * and posting lists after them, so a query matches `copies` times the records.
 */
export function repeatSample(sample: WarmUpSample, copies: number): WarmUpSample {
  const {first} = sample;
  const records = first.pages.reduce((sum, page) => sum + page[4], 0);
  const pages: typeof first.pages = [];
  for (let copy = 0; copy < copies; copy++)
    for (const [url, ...rest] of first.pages) pages.push([`${url}?copy=${copy}`, ...rest]);
  const shards: WarmUpSample['shards'] = {};
  for (const [name, shard] of Object.entries(sample.shards)) {
    shards[name] =
      'lists' in shard
        ? ({
            ...shard,
            lists: shard.lists.map((list) => repeatPostingList(list, copies, records)),
          } satisfies PostingShard)
        : ({
            ...shard,
            content: Array.from({length: copies}, () => shard.content).flat(),
            levels: shard.levels.map((column) => column.repeat(copies)),
          } satisfies ContentShard);
  }
  const {types, anchors} = first.records;
  return {
    ...sample,
    first: {...first, pages, records: {types: types.repeat(copies), anchors: anchors.repeat(copies)}},
    shards,
  };
}

/** A posting list and `copies - 1` copies of it, each copy's records `shift` above the previous one's. */
function repeatPostingList(encoded: string, copies: number, shift: number): string {
  const list = decodePostingList(encoded);
  const repeated = Array.from({length: copies}, (_, copy) =>
    Array.from(list, (value, index) => (index % 3 === 0 ? value + copy * shift : value)),
  );
  return encodePostingList(repeated.flat());
}
