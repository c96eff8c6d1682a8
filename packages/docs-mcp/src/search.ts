import {
  answerSearch,
  searchEngineFor,
  type Hierarchy,
  type LocalIndexFile,
} from '../../../src/plugins/search/node.ts';

/**
 * Search over the site's own index with the site's own engine and Algolia
 * adapter (the code the browser runs), asked the way the search dialog asks,
 * so an agent gets the hits a reader gets, in the same order.
 */

export type SearchResult = {
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
export const DIALOG_FACET_FILTERS = [
  'language:en',
  ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
];

export function createSearch(file: LocalIndexFile, baseUrl: string) {
  const engine = searchEngineFor(file);
  const base = baseUrl.replace(/\/+$/, '');
  return (query: string, limit: number): SearchResult[] => {
    const {hits} = answerSearch(engine, 'docs-mcp', {
      query,
      hitsPerPage: limit,
      facetFilters: DIALOG_FACET_FILTERS,
      attributesToRetrieve: ['hierarchy', 'url', 'url_without_anchor'],
      attributesToHighlight: [],
      attributesToSnippet: ['content:30'],
      highlightPreTag: '**',
      highlightPostTag: '**',
    });
    return hits.map((hit) => {
      const hierarchy = hit.hierarchy as Hierarchy;
      const levels = [
        hierarchy.lvl1,
        hierarchy.lvl2,
        hierarchy.lvl3,
        hierarchy.lvl4,
        hierarchy.lvl5,
        hierarchy.lvl6,
      ];
      let path = new URL(String(hit.url_without_anchor)).pathname;
      if (base && path.startsWith(base)) path = path.slice(base.length);
      const snippet = (hit._snippetResult as {content?: {value: string}} | undefined)?.content?.value ?? '';
      return {
        title:
          levels.filter((level): level is string => Boolean(level)).join(' › ') || hierarchy.lvl0 || path,
        url: String(hit.url),
        path: path.replace(/\/+$/, '') || '/',
        snippet,
      };
    });
  };
}
