import {ENGINE_ERROR} from '../codeMarkers.ts';
import type {SearchSettings} from '../settings.ts';
import type {SearchRecord, Synonym} from '../types.ts';
import {applyFacetFilters, valueAt, type FacetFilters} from './facets.ts';
import type {QueryMatcher} from './highlight.ts';
import {rankRecords, type Allowed, type Scoring} from './scoring.ts';
import {tokenize, type Token} from './tokenize.ts';
import {PART, Vocabulary, type ParsedQuery} from './vocabulary.ts';

/**
 * Retrieval and ranking by the rules of one SearchSettings object, knowing nothing of Algolia's
 * shapes nor of the index file, which gives it the records, their layout and the term table.
 */

export type EngineResult = {
  /** Matching records, best first, one per `settings.distinct` value (made when first read). */
  readonly records: SearchRecord[];
  /** How many `records` there are. */
  count: number;
  /** `records.slice(start, end)`, making only those records. */
  slice(start: number, end: number): SearchRecord[];
  /** What the query matched, for highlighting (./highlight.ts). */
  matcher: QueryMatcher;
};

/** What an index file knows of its records, so that ranking reads no record (../index-file/layout.ts). */
export type RecordLayout = {
  /** Page number of each record: records with the same `url_without_anchor` share one. */
  pageOf: Int32Array;
  /** First record of each page (pages numbered from 0 in record order; a page's records are contiguous). */
  pageFirst: Int32Array;
  /**
   * The facet values of each page as a number: a page's records share their facet values, and
   * pages with the same number have the same ones, so a filter is tried once per number.
   */
  pageFacets: Int32Array;
  /** A number per record, equal for two records exactly when their `settings.distinct` values are. */
  distinctKey: (record: number) => number;
  /** The same as small numbers within a page (below `size`); values never span pages. */
  distinctInPage: {keyOf: (record: number) => number; size: number};
  /** Reads a `weight.*` attribute of a record (`customRanking`, the page rank) without making it. */
  numberOf: (attribute: `weight.${keyof SearchRecord['weight']}`) => (record: number) => number;
};

/** Records made when first read (making all of a split index's up front took longer than the search). */
export type RecordSource = {count: number; at(index: number): SearchRecord};

export class SearchEngine {
  /** The record at an index, and how many there are. */
  readonly recordAt: (index: number) => SearchRecord;
  readonly recordCount: number;
  readonly settings: SearchSettings;
  /** Text of each searchable attribute of a record, in `settings.searchableAttributes` order. */
  readonly attributeTexts: ((record: SearchRecord) => string | null)[];
  /** Terms, posting lists, and what a query matches: a split index parses a query here, loads its lists, then ranks. */
  readonly vocabulary: Vocabulary;
  /** What scoring and the top-k merge read: pages, distinct keys, custom ranking. */
  private readonly scoring: Scoring;
  private readonly tokenCache = new Map<string, Token[]>();
  private readonly filterCache = new Map<string, Allowed>();
  private readonly layout: RecordLayout;
  /**
   * `settings.customRanking` in order: how to read the value, its direction, and each record's value
   * once read (`known`): ties are common, so ranking compares the same records many times. Flags, not
   * a NaN fill, because zeroed arrays cost nothing to make.
   */
  private readonly customRanking: {
    read: (record: number) => number;
    sign: number;
    values: Float64Array;
    known: Uint8Array;
  }[];

  constructor(
    records: RecordSource,
    options: {
      settings: SearchSettings;
      synonyms: Synonym[];
      /** The sorted vocabulary; posting lists are added to it (`vocabulary.addPostings`). */
      terms: string[];
      layout: RecordLayout;
    },
  ) {
    const {settings, layout} = options;
    const count = records.count;
    this.recordAt = (index) => records.at(index);
    this.recordCount = count;
    this.settings = settings;
    this.layout = layout;
    const attributes = settings.searchableAttributes;
    if (attributes.length > PART || settings.weights.fields.length !== attributes.length)
      throw new Error(
        `${ENGINE_ERROR} needs one field weight per searchable attribute, and at most ${PART} attributes`,
      );
    // A larger decay could put a page's second record above its first: the top-k merge assumes it cannot.
    if (!(settings.weights.samePageDecay > 0 && settings.weights.samePageDecay <= 1))
      throw new Error(`${ENGINE_ERROR} samePageDecay must be above 0 and at most 1`);
    if (layout.pageOf.length !== count)
      throw new Error(`${ENGINE_ERROR} the record layout has ${layout.pageOf.length} records, not ${count}`);
    this.attributeTexts = attributes.map((attribute) => {
      const path = attribute.split('.');
      return (record: SearchRecord) => {
        const value = valueAt(record, path);
        return typeof value === 'string' && value ? value : null;
      };
    });
    this.customRanking = settings.customRanking.map(({attribute, order}) => ({
      read: layout.numberOf(attribute),
      sign: order === 'asc' ? 1 : -1,
      values: new Float64Array(count),
      known: new Uint8Array(count),
    }));
    this.vocabulary = new Vocabulary(options.terms, options.synonyms, settings.typos);
    this.scoring = {
      recordCount: count,
      pageOf: layout.pageOf,
      pageCount: layout.pageFirst.length,
      distinctKey: layout.distinctKey,
      distinctInPage: layout.distinctInPage,
      samePageDecay: settings.weights.samePageDecay,
      decayPowers: [1],
      compareCustom: (a, b) => this.compareCustom(a, b),
      weights: settings.weights,
      pageRankOf: layout.numberOf('weight.pageRank'),
      listOf: (term) => this.vocabulary.listOf(term),
    };
  }

  /**
   * Tokens of the text of the searchable attribute at position `attribute`. Headings repeat on every
   * record of a section, so they are cached; the last attribute, running text, seldom repeats.
   */
  tokens(text: string, attribute: number): Token[] {
    let tokens = this.tokenCache.get(text);
    if (!tokens) {
      tokens = tokenize(text);
      if (attribute < this.attributeTexts.length - 1) this.tokenCache.set(text, tokens);
    }
    return tokens;
  }

  /** Parses and ranks in one go: every posting list the query needs must be loaded. */
  search({query, facetFilters}: {query: string; facetFilters?: FacetFilters}): EngineResult {
    return this.rank(this.vocabulary.parse(query), facetFilters);
  }

  /** The ranked hits of a parsed query whose posting lists are loaded. */
  rank({words, matchers}: ParsedQuery, facetFilters?: FacetFilters): EngineResult {
    const ranked = rankRecords(this.scoring, words, matchers, this.allowed(facetFilters));
    const {recordAt} = this;
    let all: SearchRecord[] | undefined;
    // A common word matches thousands of records at scale: they are put in order, and made, only as far as a page asks.
    return {
      get records() {
        return (all ??= ranked.slice(0, ranked.count).map(recordAt));
      },
      count: ranked.count,
      slice: (start, end) => ranked.slice(start, end).map(recordAt),
      matcher: {words: words.map((word) => word.original), terms: matchers},
    };
  }

  /**
   * Records the facet filters let through, per page (a mask of every record cost much of the first
   * search). Cached: the dialog sends the same filters on every keystroke.
   */
  private allowed(facetFilters: FacetFilters | undefined): Allowed {
    const key = JSON.stringify(facetFilters ?? null);
    let entry = this.filterCache.get(key);
    if (!entry) {
      const {pageFirst, pageFacets} = this.layout;
      // A filter is tried on the first record of the first page of each facet number.
      const verdicts = new Map<number, number>();
      const mask = Uint8Array.from(pageFacets, (facets, page) => {
        if (!verdicts.has(facets))
          verdicts.set(facets, applyFacetFilters([this.recordAt(pageFirst[page])], facetFilters)[0]);
        return verdicts.get(facets)!;
      });
      let count = 0;
      mask.forEach((allowed, page) => {
        if (allowed) count += (pageFirst[page + 1] ?? this.recordCount) - pageFirst[page];
      });
      entry = {mask, count};
      if (this.filterCache.size >= 16) this.filterCache.delete(this.filterCache.keys().next().value!);
      this.filterCache.set(key, entry);
    }
    return entry;
  }

  private compareCustom(a: number, b: number): number {
    const ranking = this.customRanking;
    for (let index = 0; index < ranking.length; index++) {
      const {read, sign, values, known} = ranking[index];
      if (known[a] === 0) {
        values[a] = read(a);
        known[a] = 1;
      }
      if (known[b] === 0) {
        values[b] = read(b);
        known[b] = 1;
      }
      if (values[a] !== values[b]) return sign * (values[a] - values[b]);
    }
    return a - b;
  }
}
