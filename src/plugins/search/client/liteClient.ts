import {searchBackend} from './backend.ts';
import {searchPageFailures} from './failures.ts';
import {createLocalSearchClient, wrapSearchClient, type SearchClientLike} from './searchClient.ts';

/**
 * Stands in for `algoliasearch/lite` (aliased in; the /search page imports it):
 * the page gets the local index client or Algolia's lite client (loaded when the
 * first search runs), escaped and with failures recorded for the page.
 */
export function liteClient(
  appId: string,
  apiKey: string,
  options?: Record<string, unknown>,
): SearchClientLike {
  const {backend: kind, localIndexUrl} = searchBackend();
  const backend =
    kind === 'local' ? createLocalSearchClient(localIndexUrl) : lazyAlgoliaClient(appId, apiKey, options);
  return wrapSearchClient(backend, {profile: 'page', tracker: searchPageFailures});
}

function lazyAlgoliaClient(
  appId: string,
  apiKey: string,
  options?: Record<string, unknown>,
): SearchClientLike {
  const agents: [string, string | undefined][] = [];
  let client: Promise<SearchClientLike> | undefined;
  const load = () =>
    (client ??= import('algoliasearch/dist/lite/builds/browser.js').then(({liteClient: create}) => {
      const created = create(appId, apiKey, options) as unknown as SearchClientLike;
      for (const [segment, version] of agents) created.addAlgoliaAgent(segment, version);
      return created;
    }));
  const agent = {value: '', add: () => agent};
  return {
    appId,
    transporter: {algoliaAgent: agent},
    addAlgoliaAgent: (segment, version) => void agents.push([segment, version]),
    clearCache: async () => (await load()).clearCache?.(),
    search: async (input, requestOptions) => (await load()).search(input, requestOptions),
  };
}
