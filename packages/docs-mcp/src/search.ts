import {openIndexFile, type Hierarchy, type LocalIndexFile} from '../../../src/plugins/search/node.ts';
import {normalizePagePath} from './pages.ts';

/**
 * Search over the site's own index with the site's own engine and Algolia
 * adapter (the code the browser runs), asked the way the search dialog asks,
 * so an agent gets the hits a reader gets, in the same order.
 */

type SearchResult = {
  /** Page and section headings, e.g. `Publish and subscribe in Node.js › Subscribe`. */
  title: string;
  /** Section URL on the site (with anchor). */
  url: string;
  /** Site path of the page, for get_page. */
  path: string;
  /** The matching text around the query words, which are in **bold**. */
  snippet: string;
};

/** The dialog's contextual filter on a docs page: English, the docs (not the blog). */
const DIALOG_FACET_FILTERS = [
  'language:en',
  ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
];

/**
 * Where a hit's snippet comes from: the first of these that matches, so a heading's own record
 * (no content) shows the heading that matched.
 */
const SNIPPET_LEVELS = ['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2', 'lvl1', 'lvl0'];
const SNIPPET_WORDS = 30;

type Snippet = {value: string; matchLevel: 'none' | 'partial' | 'full'};

export function createSearch(file: LocalIndexFile, baseUrl: string) {
  const index = openIndexFile(file);
  return async (query: string, limit: number): Promise<SearchResult[]> => {
    const {hits} = await index('docs-mcp', {
      query,
      hitsPerPage: limit,
      facetFilters: DIALOG_FACET_FILTERS,
      attributesToRetrieve: ['hierarchy', 'url', 'url_without_anchor'],
      attributesToHighlight: [],
      attributesToSnippet: ['content', ...SNIPPET_LEVELS.map((level) => `hierarchy.${level}`)].map(
        (attribute) => `${attribute}:${SNIPPET_WORDS}`,
      ),
      highlightPreTag: '**',
      highlightPostTag: '**',
    });
    return hits.map((hit) => {
      const hierarchy = hit.hierarchy as Hierarchy;
      const snippets = hit._snippetResult as
        {content?: Snippet; hierarchy?: Record<string, Snippet>} | undefined;
      const snippet = [
        snippets?.content,
        ...SNIPPET_LEVELS.map((level) => snippets?.hierarchy?.[level]),
      ].find((found) => found !== undefined && found.matchLevel !== 'none');
      const levels = ([1, 2, 3, 4, 5, 6] as const).map((level) => hierarchy[`lvl${level}`]);
      const path = normalizePagePath(String(hit.url_without_anchor), baseUrl);
      return {
        title:
          levels.filter((level): level is string => Boolean(level)).join(' › ') || hierarchy.lvl0 || path,
        url: String(hit.url),
        path,
        snippet: snippet?.value ?? '',
      };
    });
  };
}
