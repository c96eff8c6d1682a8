import {findSections, openIndexFile, type LocalIndexFile} from '../../../src/plugins/search/node.ts';

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

export function createSearch(file: LocalIndexFile, baseUrl: string) {
  const index = openIndexFile(file);
  const base = baseUrl.replace(/\/+$/, '');
  return async (query: string, limit: number): Promise<SearchResult[]> => {
    const sections = await findSections(index, query, {limit, facetFilters: DIALOG_FACET_FILTERS});
    return sections.map(({url, urlWithoutAnchor, hierarchy, snippet}) => {
      const levels = ([1, 2, 3, 4, 5, 6] as const).map((level) => hierarchy[`lvl${level}`]);
      let path = new URL(urlWithoutAnchor).pathname;
      if (base && path.startsWith(base)) path = path.slice(base.length);
      return {
        title:
          levels.filter((level): level is string => Boolean(level)).join(' › ') || hierarchy.lvl0 || path,
        url,
        path: path.replace(/\/+$/, '') || '/',
        snippet,
      };
    });
  };
}
