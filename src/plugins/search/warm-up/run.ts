import type {SearchParams} from '../algolia-protocol/requests.ts';
import {isSplitIndex, type IndexMetadata} from '../index-file/codec.ts';
import {openIndex} from '../index-file/open.ts';
import {splitIndex} from '../index-file/shards.ts';
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
 * Asks the warm-up sample of `file` its queries, one step per task, until done or until `stop()`
 * says a real call has come. Resolves with the number of searches run; a failure changes nothing.
 */
export async function warmUpEngine(file: IndexMetadata, stop: () => boolean, {copies, rounds} = WARM_UP) {
  if (!isSplitIndex(file) || !file.warmUp) return 0;
  const start = performance.now();
  let searches = 0;
  try {
    await nextTask();
    if (stop()) return 0;
    const {settings, synonyms, warmUp} = file;
    const {first, shards} = splitIndex({...repeatSample(warmUp, copies), settings, synonyms}, 'warm-up/');
    const facetFilters = dialogFilters(warmUp);
    for (let round = 0; round < rounds; round++) {
      // Opening the sample is a task of its own: the first one runs cold, like the first search.
      await nextTask();
      if (stop()) return searches;
      const search = openIndex(first, async (name) => shards.get(name));
      for (const query of warmUp.queries) {
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
function dialogFilters({index}: WarmUpSample): SearchParams['facetFilters'] {
  const {language, docusaurus_tag: tag} = index.facets[index.pages[0]?.[3] ?? 0] ?? {};
  return [
    ...(language === undefined ? [] : [`language:${language}`]),
    ...(tag === undefined ? [] : [[`docusaurus_tag:${tag}`]]),
  ];
}

/** The sample `copies` times over: its pages again under new URLs, their records after them. */
export function repeatSample({index}: WarmUpSample, copies: number): WarmUpSample['index'] {
  const {pages, records} = index;
  const copyNumbers = Array.from({length: copies}, (_, copy) => copy);
  return {
    ...index,
    pages: copyNumbers.flatMap((copy) =>
      pages.map(([url, ...rest]): (typeof pages)[number] => [`${url}?copy=${copy}`, ...rest]),
    ),
    records: {
      types: records.types.repeat(copies),
      anchors: records.anchors.repeat(copies),
      levels: records.levels.map((column) => column.repeat(copies)),
      content: copyNumbers.flatMap(() => records.content),
    },
  };
}
