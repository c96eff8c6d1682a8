/**
 * Search: which backend the DocSearch dialog and the /search page query, and
 * how the search records are built from the site's pages.
 *
 * - Without Algolia settings (the default, and on any laptop), search runs on an
 *   index of the site's own pages, built into `build/search-index.json` and
 *   fetched on the first search (see src/plugins/search-local).
 * - With ALGOLIA_APP_ID, ALGOLIA_SEARCH_API_KEY and ALGOLIA_INDEX_NAME set, the
 *   stock DocSearch client queries Algolia. `npm run search:upload` refreshes
 *   that index (it also needs ALGOLIA_ADMIN_API_KEY, which only the uploader reads).
 */
import type {Synonym} from '../src/plugins/search-local/engine/engine';
import type {Options as SearchPluginOptions, RecordRules} from '../src/plugins/search-local/index';
import {baseUrl, siteUrl} from './site';

export type SearchBackend = 'local' | 'algolia';

export type AlgoliaSettings = {appId: string; apiKey: string; indexName: string};

/** Environment variables read for the browser-side Algolia configuration. */
export const ALGOLIA_ENV = {
  appId: 'ALGOLIA_APP_ID',
  apiKey: 'ALGOLIA_SEARCH_API_KEY',
  indexName: 'ALGOLIA_INDEX_NAME',
} as const;

/** Read by the uploader only; never part of the site configuration. */
export const ALGOLIA_ADMIN_KEY_ENV = 'ALGOLIA_ADMIN_API_KEY';

/** The index name used for local storage keys (recent searches) when no Algolia index is configured. */
export const LOCAL_INDEX_NAME = 'streamr-docs';

/** File the local index is written to, relative to the site root (build/ or the dev server). */
export const LOCAL_INDEX_FILE = 'search-index.json';

/**
 * Decides the backend from the environment. Any Algolia variable set means
 * Algolia mode, and then all three are required: a half-configured build
 * fails here, naming what is missing, instead of shipping a broken search box.
 */
export function resolveSearchBackend(
  environment: Record<string, string | undefined> = process.env,
): {backend: 'local'} | {backend: 'algolia'; algolia: AlgoliaSettings} {
  const read = (name: string) => environment[name]?.trim() || undefined;
  const values = {
    appId: read(ALGOLIA_ENV.appId),
    apiKey: read(ALGOLIA_ENV.apiKey),
    indexName: read(ALGOLIA_ENV.indexName),
  };
  const set = Object.entries(values).filter(([, value]) => value !== undefined);
  if (set.length === 0) return {backend: 'local'};
  const missing = (Object.keys(values) as (keyof typeof values)[])
    .filter((key) => values[key] === undefined)
    .map((key) => ALGOLIA_ENV[key]);
  if (missing.length > 0) {
    throw new Error(
      `Algolia search is only partly configured: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing ` +
        `(found ${set.map(([key]) => ALGOLIA_ENV[key as keyof typeof values]).join(', ')}). ` +
        `Set all of ${Object.values(ALGOLIA_ENV).join(', ')} to search with Algolia, or none of them to use the built-in local index.`,
    );
  }
  return {backend: 'algolia', algolia: values as AlgoliaSettings};
}

/**
 * What becomes a search record, shared by the local index and the Algolia upload
 * so both backends search the same records. Patterns are site paths (without the
 * base URL); `*` matches within one path segment, `**` across segments.
 */
export const recordRules: RecordRules = {
  siteUrl,
  baseUrl,
  // Listing pages repeat their posts; the search page and the crash demo are not content.
  exclude: [
    '/search',
    '/404',
    '/dogfood/**',
    '/blog',
    '/blog/page/**',
    '/blog/tags',
    '/blog/tags/**',
    '/blog/archive',
    '/blog/authors',
    '/blog/authors/**',
  ],
  // lvl0 is the active sidebar category, as in DocSearch's Docusaurus template; pages without a sidebar get these.
  sections: [{pattern: '/blog/**', lvl0: 'Blog'}],
  // Algolia's customRanking starts with weight.pageRank (higher first); ties then go by heading level and position.
  pageRank: [
    {pattern: '/usage/sdk/api/**', rank: 0},
    {pattern: '/blog/**', rank: 0},
    {pattern: '/**', rank: 1},
  ],
};

/**
 * Algolia index settings, applied by the uploader before every upload. They follow
 * DocSearch's Docusaurus crawler template; the local engine ranks the same way.
 */
export const algoliaIndexSettings = {
  attributesForFaceting: ['language', 'docusaurus_tag', 'version', 'type'],
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  camelCaseAttributes: ['hierarchy', 'content'],
  searchableAttributes: [
    'unordered(hierarchy.lvl0)',
    'unordered(hierarchy.lvl1)',
    'unordered(hierarchy.lvl2)',
    'unordered(hierarchy.lvl3)',
    'unordered(hierarchy.lvl4)',
    'unordered(hierarchy.lvl5)',
    'unordered(hierarchy.lvl6)',
    'content',
  ],
  distinct: true,
  attributeForDistinct: 'url',
  customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
  ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
  highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
  highlightPostTag: '</span>',
  minWordSizefor1Typo: 3,
  minWordSizefor2Typos: 7,
  allowTyposOnNumericTokens: false,
  minProximity: 1,
  ignorePlurals: true,
  queryLanguages: ['en'],
  removeStopWords: ['en'],
  advancedSyntax: true,
  attributeCriteriaComputedByMinProximity: true,
  removeWordsIfNoResults: 'allOptional',
  separatorsToIndex: '_',
};

const resolved = resolveSearchBackend();

export const searchBackend: SearchBackend = resolved.backend;

/**
 * `themeConfig.algolia`. In local mode the theme still needs an app id, key and
 * index name; they name nothing real and no request uses them (the modal and
 * the /search page are given the local client instead).
 */
export const algoliaThemeConfig = {
  ...(resolved.backend === 'algolia'
    ? resolved.algolia
    : {appId: 'local', apiKey: 'local', indexName: LOCAL_INDEX_NAME}),
  contextualSearch: true,
  searchPagePath: 'search',
  // Read by src/plugins/search-local/client (passed through to the modal as props).
  searchBackend,
  localIndexUrl: `${baseUrl}${LOCAL_INDEX_FILE}`,
};

export const searchPluginOptions = (): SearchPluginOptions => ({
  backend: searchBackend,
  indexFile: LOCAL_INDEX_FILE,
  records: recordRules,
  synonyms: searchSynonyms,
  algolia: {
    indexSettings: algoliaIndexSettings,
    env: {appId: ALGOLIA_ENV.appId, indexName: ALGOLIA_ENV.indexName, adminKey: ALGOLIA_ADMIN_KEY_ENV},
  },
});

/**
 * Synonyms for both backends (uploaded to Algolia, written into the local
 * index). Add one when readers' words and the docs' words differ.
 */
export const searchSynonyms: Synonym[] = [
  // "maximum partitions" → "Partition limits"
  {objectID: 'maximum', type: 'oneWaySynonym', input: 'maximum', synonyms: ['max', 'limit']},
];
