import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {SearchParams} from './algolia-protocol/requests.ts';
import type {LocalIndexFile, SplitIndexFile} from './index-file/codec.ts';
import {openIndex, type IndexSearch} from './index-file/open.ts';
import {joinIndex} from './index-file/shards.ts';
import type {Hierarchy} from './types.ts';

/**
 * The search's one entry for Node tools (docs-mcp, the audit, the bench, the relevance suite): where
 * a build keeps its index, opening it, and answering a query with the browser's code.
 */

export type {IndexSearch} from './index-file/open.ts';
export type {LocalIndexFile};

/** The local index's first file, at the site root (build/ or the dev server); its shards are in a folder of the same stem. */
export const INDEX_FILE = 'search-index.json';

/** A build's files, parsed, by their path relative to the build folder. */
function reader(buildDir: string): (name: string) => unknown {
  return (name) => JSON.parse(readFileSync(path.join(buildDir, name), 'utf8')) as unknown;
}

/** A build's index whole: its first file with every content shard joined in (docs-mcp embeds it). */
export function readBuildIndex(buildDir: string): LocalIndexFile {
  const read = reader(buildDir);
  return joinIndex(read(INDEX_FILE) as LocalIndexFile | SplitIndexFile, read);
}

/** A build's index opened as the browser opens it: the first file now, each shard when a query needs it. */
export function openBuildIndex(buildDir: string): IndexSearch {
  const read = reader(buildDir);
  return openIndex(read(INDEX_FILE) as SplitIndexFile, async (name) => read(name));
}

/** An index already in memory (a whole one needs no shards). */
export function openIndexFile(file: LocalIndexFile): IndexSearch {
  return openIndex(file, async (name) => {
    throw new Error(`A whole search index has no shard ${name}`);
  });
}

/** A section that matches a query. */
type FoundSection = {
  url: string;
  urlWithoutAnchor: string;
  hierarchy: Hierarchy;
  /** The matching text around the query words, which are between `mark`s. */
  snippet: string;
};

/** The snippet attributes, in the order a hit's snippet is taken from (the first that matches). */
const SNIPPET_ATTRIBUTES = ['content', ...['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2', 'lvl1', 'lvl0']];

/**
 * The best sections for a query, asked as `params` say (facet filters), each
 * with a snippet: the matching content around the query words, or, for a
 * heading's own record (no content), the heading that matched.
 */
export async function findSections(
  index: IndexSearch,
  query: string,
  {limit, mark = '**', words = 30, ...params}: {limit: number; mark?: string; words?: number} & SearchParams,
): Promise<FoundSection[]> {
  const {hits} = await index('node', {
    ...params,
    query,
    hitsPerPage: limit,
    attributesToRetrieve: ['hierarchy', 'url', 'url_without_anchor'],
    attributesToHighlight: [],
    attributesToSnippet: SNIPPET_ATTRIBUTES.map((name) =>
      name === 'content' ? `content:${words}` : `hierarchy.${name}:${words}`,
    ),
    highlightPreTag: mark,
    highlightPostTag: mark,
  });
  return hits.map((hit) => {
    const snippets = hit._snippetResult as SnippetResults | undefined;
    const found = SNIPPET_ATTRIBUTES.map((name) =>
      name === 'content' ? snippets?.content : snippets?.hierarchy?.[name],
    ).find((result) => result !== undefined && result.matchLevel !== 'none');
    return {
      url: String(hit.url),
      urlWithoutAnchor: String(hit.url_without_anchor),
      hierarchy: hit.hierarchy as Hierarchy,
      snippet: found?.value ?? '',
    };
  });
}

type SnippetResult = {value: string; matchLevel: 'none' | 'partial' | 'full'};
type SnippetResults = {content?: SnippetResult; hierarchy?: Record<string, SnippetResult | undefined>};
