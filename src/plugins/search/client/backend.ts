import globalData from '@generated/globalData';

/** What the plugin tells the browser about the backend (its global data, set in ../index.ts). */
export type SearchGlobalData = {
  /** `local`: the site's own index; `algolia`: the stock DocSearch client. */
  backend: 'local' | 'algolia';
  /** URL of the local index file. */
  localIndexUrl: string;
};

export const SEARCH_PLUGIN_NAME = 'docs-search';

/**
 * The backend, read from the generated module rather than React's context: the /search page
 * creates its client outside React, through `algoliasearch/lite` (./liteClient.ts).
 */
export function searchBackend(): SearchGlobalData {
  return globalData[SEARCH_PLUGIN_NAME]!.default as SearchGlobalData;
}
