// cspell:ignore Sizefor (Algolia's spelling of minWordSizefor1Typo)
import {LEVELS, type SearchRecord} from './types.ts';

/**
 * How search ranks and answers, in one place: the local engine reads this object
 * (it travels inside the local index file), and `algoliaIndexSettings` turns the
 * same object into the settings the uploader sends to Algolia. Change a rule here
 * and both backends follow; tests/unit/search-settings.test.ts checks they agree.
 *
 * Browser code reads it too (through the index file), so it is plain data.
 */
export type SearchSettings = {
  /** Searched attributes, most important first (Algolia: `searchableAttributes`, all `unordered`). */
  searchableAttributes: readonly string[];
  /** Attributes a facet filter or count may name. */
  facets: readonly string[];
  /** Typos allowed in a query word: 1 from `oneTypo` letters, 2 from `twoTypos`; never in numbers. */
  typos: {oneTypo: number; twoTypos: number};
  /** One hit per value of this attribute (Algolia `distinct`): per URL, or per page. */
  distinct: 'url' | 'url_without_anchor';
  /** Tie-breaks after relevance, in order (Algolia `customRanking`): a record's numbers are its `weight`. */
  customRanking: readonly {attribute: `weight.${keyof SearchRecord['weight']}`; order: 'asc' | 'desc'}[];
  /** Defaults for requests that do not say. */
  answer: {
    attributesToRetrieve: readonly string[];
    attributesToHighlight: readonly string[];
    /** Attribute and snippet length in words. */
    attributesToSnippet: readonly {attribute: string; words: number}[];
    highlightPreTag: string;
    highlightPostTag: string;
    snippetEllipsisText: string;
    hitsPerPage: number;
  };
  /** Weights of the local engine's relevance score; Algolia ranks with its own formula. */
  weights: {
    /** Per searchable attribute, in `searchableAttributes` order. */
    fields: readonly number[];
    /** A part of a compound word (`Id` of `streamId`) counts less than a whole word. */
    part: number;
    /** Share of a word's second-best match in a page that adds to the page's score. */
    repeat: number;
    /** Weight of the page's own score (all its records together). */
    page: number;
    /** Two query words side by side in the same field, times the smaller idf. */
    proximity: number;
    /** Per point of the record's weight.pageRank. */
    pageRankBoost: number;
    /** Exponent of the share of the query a record covers (higher: partial matches sink faster). */
    recordCoverage: number;
    /** The same for a page. */
    pageCoverage: number;
    /** Score factor of a page's second record, squared for its third, and so on (above 0, at most 1). */
    samePageDecay: number;
  };
};

/** The Algolia index settings that say what `settings` says, plus Algolia-only options of the DocSearch crawler template. */
export function algoliaIndexSettings(settings: SearchSettings): Record<string, unknown> {
  const {answer} = settings;
  return {
    attributesForFaceting: [...settings.facets],
    attributesToRetrieve: [...answer.attributesToRetrieve],
    attributesToHighlight: [...answer.attributesToHighlight],
    attributesToSnippet: answer.attributesToSnippet.map(({attribute, words}) => `${attribute}:${words}`),
    snippetEllipsisText: answer.snippetEllipsisText,
    hitsPerPage: answer.hitsPerPage,
    camelCaseAttributes: ['hierarchy', 'content'],
    searchableAttributes: settings.searchableAttributes.map((attribute) =>
      attribute === 'content' ? attribute : `unordered(${attribute})`,
    ),
    distinct: true,
    attributeForDistinct: settings.distinct,
    customRanking: settings.customRanking.map(({attribute, order}) => `${order}(${attribute})`),
    ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
    highlightPreTag: answer.highlightPreTag,
    highlightPostTag: answer.highlightPostTag,
    minWordSizefor1Typo: settings.typos.oneTypo,
    minWordSizefor2Typos: settings.typos.twoTypos,
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
}

/** The searchable attributes of a DocSearch record: the hierarchy from section to deepest heading, then text. */
export const DOCSEARCH_SEARCHABLE_ATTRIBUTES: readonly string[] = [
  ...LEVELS.map((level) => `hierarchy.${level}`),
  'content',
];
