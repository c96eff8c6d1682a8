/**
 * Search: which backend the DocSearch dialog and the /search page query, and how
 * the records are built. Without Algolia settings, an index of the site's own pages
 * built into build/ (src/plugins/search); with ALGOLIA_APP_ID, ALGOLIA_SEARCH_API_KEY
 * and ALGOLIA_INDEX_NAME, Algolia (`npm run search:upload`, with ALGOLIA_ADMIN_API_KEY).
 */
import type {
  Options as SearchPluginOptions,
  RecordRules,
  SearchSettings,
  Synonym,
} from '../src/plugins/search/index.ts';
import {DOCSEARCH_SEARCHABLE_ATTRIBUTES, algoliaIndexSettings} from '../src/plugins/search/index.ts';
import {siteSections} from './docs-sections.ts';
import {baseUrl, siteUrl} from './site.ts';

export type AlgoliaSettings = {appId: string; apiKey: string; indexName: string};

/** Environment variables read for the browser-side Algolia configuration. */
export const ALGOLIA_ENV = {
  appId: 'ALGOLIA_APP_ID',
  apiKey: 'ALGOLIA_SEARCH_API_KEY',
  indexName: 'ALGOLIA_INDEX_NAME',
} as const;

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
  // lvl0 is the active sidebar category, as in DocSearch's Docusaurus template, except in the site sections
  // that are not a docs folder (the SDK API reference, the blog): their pages take the section's name.
  sections: siteSections()
    .filter((section) => !section.docsFolder)
    .flatMap(({label, paths}) =>
      paths.flatMap((prefix) => [prefix, `${prefix}/**`]).map((pattern) => ({pattern, lvl0: label})),
    ),
  // Algolia's customRanking starts with weight.pageRank (higher first); ties then go by heading level and position.
  // The FAQs touch every subject briefly: below the pages that explain one (tuned on tests/search-relevance).
  pageRank: [
    {pattern: '/usage/sdk/api/**', rank: 0},
    {pattern: '/blog/**', rank: 0},
    {pattern: '/help/**', rank: 1},
    {pattern: '/**', rank: 2},
  ],
  // The SDK reference's h3 headings are its classes' and types' members (methods, properties).
  members: [
    {pattern: '/usage/sdk/api', level: 3},
    {pattern: '/usage/sdk/api/**', level: 3},
  ],
};

/**
 * How both backends rank and answer (the uploader sends `algoliaIndexSettings` of it
 * to Algolia), as DocSearch's Docusaurus template except typos: Algolia's defaults,
 * 1 from 4 letters and 2 from 8, so a 3-letter word (`key`, `api`) stays exact.
 */
export const searchSettings: SearchSettings = {
  searchableAttributes: DOCSEARCH_SEARCHABLE_ATTRIBUTES,
  facets: ['language', 'docusaurus_tag', 'version', 'type'],
  typos: {oneTypo: 4, twoTypos: 8},
  // One hit per page: the dialog lists a page's hits together, so a second hit of the first page
  // would push the next page down (tests/e2e/search-relevance.spec.ts measures the dialog's order).
  distinct: 'url_without_anchor',
  customRanking: [
    {attribute: 'weight.pageRank', order: 'desc'},
    {attribute: 'weight.level', order: 'desc'},
    {attribute: 'weight.position', order: 'asc'},
  ],
  answer: {
    attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
    attributesToHighlight: ['hierarchy', 'content'],
    attributesToSnippet: [{attribute: 'content', words: 10}],
    highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
    highlightPostTag: '</span>',
    snippetEllipsisText: '…',
    hitsPerPage: 20,
  },
  // Tuned on tests/search-relevance: a word counts more in a page title (lvl1) or heading than in text,
  // less in the sidebar category (lvl0), which many pages share.
  weights: {
    fields: [0.5, 4, 3.6, 2.5, 2, 1.5, 1.3, 1],
    part: 0.6,
    repeat: 0.375,
    page: 0.5,
    proximity: 0.5,
    pageRankBoost: 0.4,
    recordCoverage: 1,
    pageCoverage: 2,
    samePageDecay: 0.85,
  },
};

/** Algolia index settings, applied by the uploader before every upload. */
export const algoliaSettings = algoliaIndexSettings(searchSettings);

const resolved = resolveSearchBackend();

export const searchBackend = resolved.backend;

/**
 * `themeConfig.algolia`: only what DocSearch itself reads. In local mode the theme
 * still needs an app id, key and index name, which no request uses (the index name
 * keys the recent searches in local storage).
 */
export const algoliaThemeConfig = {
  ...(resolved.backend === 'algolia'
    ? resolved.algolia
    : {appId: 'local', apiKey: 'local', indexName: 'streamr-docs'}),
  contextualSearch: true,
  searchPagePath: 'search',
};

export const searchPluginOptions = (): SearchPluginOptions => ({
  backend: searchBackend,
  records: recordRules,
  synonyms: searchSynonyms,
  settings: searchSettings,
  algolia: {
    indexSettings: algoliaSettings,
    // The admin key is read by the uploader only, never part of the site configuration.
    env: {appId: ALGOLIA_ENV.appId, indexName: ALGOLIA_ENV.indexName, adminKey: 'ALGOLIA_ADMIN_API_KEY'},
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
