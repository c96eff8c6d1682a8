/**
 * The search record: the shape DocSearch's Algolia crawler (Docusaurus v3
 * template) writes, so the DocSearch UI renders local and Algolia hits alike.
 */
export const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type Level = (typeof LEVELS)[number];
export type RecordType = Level | 'content';
export type Hierarchy = Record<Level, string | null>;

export type SearchRecord = {
  objectID: string;
  /** Absolute URL of the page, with `#anchor` of the nearest heading when there is one. */
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: RecordType;
  hierarchy: Hierarchy;
  content: string | null;
  /** Algolia customRanking: pageRank (desc), level (desc), position (asc). */
  weight: {pageRank: number; level: number; position: number};
  /** Facets, from the page's `<meta name="docsearch:*">` tags. */
  language?: string;
  docusaurus_tag?: string;
  version?: string;
};

/** Heading level weights of the crawler template: 100 for lvl0, 10 less per level; content records weigh 0. */
export const LEVEL_WEIGHT = {
  ...Object.fromEntries(LEVELS.map((level, depth) => [level, 100 - 10 * depth])),
  content: 0,
} as Record<RecordType, number>;

/** Algolia's synonym objects (the two kinds the index uses); the local engine applies them too. */
export type Synonym =
  | {objectID: string; type: 'synonym'; synonyms: string[]}
  | {objectID: string; type: 'oneWaySynonym'; input: string; synonyms: string[]};
