import globalData from '@generated/globalData';
import {usePluginData} from '@docusaurus/useGlobalData';

/** What the plugin tells the browser about the backend (its global data, set in ../index.ts). */
export type SearchGlobalData = {
  /** `local`: the site's own index; `algolia`: the stock DocSearch client. */
  backend: 'local' | 'algolia';
  /** URL of the local index file. */
  localIndexUrl: string;
};

export const SEARCH_PLUGIN_NAME = 'docs-search';

/**
 * The backend, read outside React (the /search page creates its client through
 * `algoliasearch/lite`, see ./liteClient.ts); components use `useSearchBackend`.
 */
export function searchBackend(): SearchGlobalData {
  return globalData[SEARCH_PLUGIN_NAME]!.default as SearchGlobalData;
}

export function useSearchBackend(): SearchGlobalData {
  return usePluginData(SEARCH_PLUGIN_NAME) as SearchGlobalData;
}
