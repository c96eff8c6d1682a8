import {ENGINE_ERROR} from '../codeMarkers.ts';
import type {SearchSettings} from '../settings.ts';
import type {SearchRecord, Synonym} from '../types.ts';
import {applyFacetFilters, type FacetFilters} from './facets.ts';
import type {QueryMatcher} from './highlight.ts';
import {rankRecords, type Allowed, type Scoring} from './scoring.ts';
import {tokenize, type Token} from './tokenize.ts';
import {PART, Vocabulary, type ParsedQuery} from './vocabulary.ts';

/**
 * Retrieval and ranking over the DocSearch records, by the rules of one
 * SearchSettings object (../settings.ts). It knows nothing of Algolia's request
 * or response shapes (../algolia-protocol turns its answers into those) nor of
 * the index file (../index-file decodes the records it is given). This file
 * holds the records, their pages and the filters; each other step is a file:
 * - ./vocabulary.ts: the terms a query word matches (stems, prefix, synonyms,
 *   typos). Stop words count but are never required;
 * - ./scoring.ts: a record's score (`settings.weights`). Records matching more
 *   of the query rank first, but any match is a hit (like Algolia's
 *   `removeWordsIfNoResults: allOptional`);
 * - ./topK.ts: the best records in order, as far as a page of hits asks, one
 *   per value of `settings.distinct`; ties go by `settings.customRanking`.
 */

export type EngineQuery = {query: string; facetFilters?: FacetFilters};

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

/**
 * A term table made ahead (../index-file/postings.ts `buildPostings`): sorted terms
 * and, for each, flat [record, attribute code, position, …], exactly what the
 * engine would make from the records' text. A split index gives the terms alone
 * (`lists` shorter or empty): a query's lists are added with `addPostings` before
 * it is searched (`missingTerms` says which).
 */
export type PrebuiltPostings = {terms: string[]; lists: ArrayLike<number>[]};

/**
 * What an index file knows of its records' layout, so that the first search does
 * not have to read it from every record (at ten times the site, that reading was
 * most of the first search's time).
 */
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
  /**
   * A number per record, equal for two records exactly when their `settings.distinct`
   * values are equal (a cheaper stand-in for that value).
   */
  distinctKey?: (record: number) => number;
  /**
   * With `distinctKey`: the same values as small numbers within a page (below `size`), so that
   * counting a query's distinct values needs no set. Two records of one page have the same
   * `keyOf` exactly when they have the same `distinctKey`; values never span pages.
   */
  distinctInPage?: {keyOf: (record: number) => number; size: number};
  /** Reads a numeric attribute (`weight.pageRank`, a `customRanking` one) of a record without making it. */
  numberOf?: (attribute: string) => ((record: number) => number) | undefined;
};

/** Records made when first read (a split index's: making all of them up front took longer than the search). */
export type RecordSource = {count: number; at(index: number): SearchRecord};

/** The same word 1, another form of it (plural, -ing, -ed) 0.9, a prefix or synonym 0.8, typos less. */

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
  /** First record of each page. */
  private readonly pageFirst: Int32Array;
  private readonly pageFacets: Int32Array | undefined;
  /**
   * `settings.customRanking` in order: the attribute's value, its direction, and
   * each record's value once read (`known`). Ties are common (a page's records
   * matching alike), so ranking compares the same records many times. Flags, not
   * a NaN fill: zeroed arrays cost nothing to make, filling ten times the site's
   * records was noticeable when opening the index.
   */
  private readonly customRanking: {
    read: (record: number) => number;
    sign: number;
    values: Float64Array;
    known: Uint8Array;
  }[];
  /** The last searchable attribute is running text (not cached: it seldom repeats). */
  private readonly textAttribute: number;

  constructor(
    records: SearchRecord[] | RecordSource,
    options: {
      settings: SearchSettings;
      synonyms?: Synonym[];
      postings?: PrebuiltPostings;
      layout?: RecordLayout;
    },
  ) {
    if (Array.isArray(records)) {
      this.recordAt = (index) => records[index];
      this.recordCount = records.length;
    } else {
      this.recordAt = (index) => records.at(index);
      this.recordCount = records.count;
    }
    const count = this.recordCount;
    const {layout} = options;
    const numberOf = (attribute: string) => {
      const valueOf = this.valueOf(attribute);
      return (
        layout?.numberOf?.(attribute) ?? ((record: number) => Number(valueOf(this.recordAt(record)) ?? 0))
      );
    };
    this.settings = options.settings;
    const attributes = this.settings.searchableAttributes;
    if (attributes.length > PART || this.settings.weights.fields.length !== attributes.length)
      throw new Error(
        `${ENGINE_ERROR} needs one field weight per searchable attribute, and at most ${PART} attributes`,
      );
    this.attributeTexts = attributes.map((attribute) => {
      const valueOf = this.valueOf(attribute);
      return (record: SearchRecord) => {
        const value = valueOf(record);
        return typeof value === 'string' && value ? value : null;
      };
    });
    this.customRanking = this.settings.customRanking.map(({attribute, order}) => ({
      read: numberOf(attribute),
      sign: order === 'asc' ? 1 : -1,
      values: new Float64Array(count),
      known: new Uint8Array(count),
    }));
    this.textAttribute = attributes.length - 1;
    let pageOf: Int32Array;
    if (layout) {
      if (layout.pageOf.length !== count)
        throw new Error(
          `${ENGINE_ERROR} the record layout has ${layout.pageOf.length} records, not ${count}`,
        );
      pageOf = layout.pageOf;
      this.pageFirst = layout.pageFirst;
    } else {
      pageOf = new Int32Array(count);
      const pages = new Map<string, number>();
      for (let index = 0; index < count; index++) {
        const url = this.recordAt(index).url_without_anchor;
        let page = pages.get(url);
        if (page === undefined) pages.set(url, (page = pages.size));
        pageOf[index] = page;
      }
      this.pageFirst = new Int32Array(pages.size).fill(-1);
      for (let record = 0; record < count; record++)
        if (this.pageFirst[pageOf[record]] < 0) this.pageFirst[pageOf[record]] = record;
    }
    this.pageFacets = layout?.pageFacets;
    const distinctOf = this.valueOf(this.settings.distinct);
    // Tokenizing every text is most of the cost of a first search: an index file gives the table made at build time.
    const {terms, lists} = options.postings ?? this.postingsFromText();
    this.vocabulary = new Vocabulary(terms, lists, options.synonyms ?? [], this.settings.typos);
    this.scoring = {
      recordCount: count,
      pageOf,
      pageCount: this.pageFirst.length,
      contiguous: layout !== undefined,
      distinctKey: layout?.distinctKey ?? ((record) => distinctOf(this.recordAt(record))),
      distinctInPage: layout?.distinctKey ? layout.distinctInPage : undefined,
      samePageDecay: this.settings.weights.samePageDecay,
      decayPowers: [1],
      compareCustom: (a, b) => this.compareCustom(a, b),
      weights: this.settings.weights,
      pageRankOf: numberOf('weight.pageRank'),
      listOf: (term) => this.vocabulary.listOf(term),
    };
  }

  /** The term table made from the records' text (records given as objects, not an index file). */
  private postingsFromText(): PrebuiltPostings {
    const built = new Map<string, number[]>();
    for (let index = 0; index < this.recordCount; index++) {
      const record = this.recordAt(index);
      this.attributeTexts.forEach((textOf, attribute) => {
        const text = textOf(record);
        if (!text) return;
        for (const token of this.tokens(text, attribute < this.textAttribute)) {
          let list = built.get(token.norm);
          if (!list) built.set(token.norm, (list = []));
          list.push(index, token.part ? attribute + PART : attribute, token.pos);
        }
      });
    }
    const terms = [...built.keys()].sort();
    return {terms, lists: terms.map((term) => built.get(term)!)};
  }

  /** Tokens of a text; headings repeat on every record of a section, so they are cached. */
  tokens(text: string, cache = true): Token[] {
    let tokens = this.tokenCache.get(text);
    if (!tokens) {
      tokens = tokenize(text);
      if (cache) this.tokenCache.set(text, tokens);
    }
    return tokens;
  }

  /** Parses and ranks in one go: every posting list the query needs must be loaded. */
  search({query, facetFilters}: EngineQuery): EngineResult {
    return this.rank(this.vocabulary.parse(query), facetFilters);
  }

  /** The ranked hits of a parsed query whose posting lists are loaded. */
  rank({words, matchers}: ParsedQuery, facetFilters?: FacetFilters): EngineResult {
    const ranked = rankRecords(this.scoring, words, matchers, this.allowed(facetFilters));
    const {recordAt} = this;
    let all: SearchRecord[] | undefined;
    // A page of hits needs a few records of the thousands a common word matches at scale:
    // they are put in order, and made, only as far as a page asks.
    return {
      get records() {
        return (all ??= ranked.slice(0, ranked.count).map(recordAt));
      },
      count: ranked.count,
      slice: (start, end) => ranked.slice(start, end).map(recordAt),
      matcher: {words: words.map((word) => word.original), terms: matchers},
    };
  }

  /** Whether the searchable attribute at this position is running text (its tokens are not cached). */
  isTextAttribute(attribute: number): boolean {
    return attribute >= this.textAttribute;
  }

  /** Records the facet filters let through (cached: the dialog sends the same filters on every keystroke). */
  private allowed(facetFilters: FacetFilters | undefined): Allowed {
    const key = JSON.stringify(facetFilters ?? null);
    let entry = this.filterCache.get(key);
    if (!entry) {
      const {pageFacets} = this;
      const {pageOf} = this.scoring;
      if (pageFacets) {
        // One record of a page of each facet number.
        const first = new Map<number, number>();
        pageFacets.forEach((facets, page) => {
          if (!first.has(facets)) first.set(facets, this.pageFirst[page]);
        });
        const numbers = [...first.keys()];
        const verdicts = applyFacetFilters(
          numbers.map((facets) => this.recordAt(first.get(facets)!)),
          facetFilters,
        );
        const byNumber = new Map(numbers.map((facets, index) => [facets, verdicts[index]]));
        const pageAllowed = Uint8Array.from(pageFacets, (facets) => byNumber.get(facets)!);
        // Per page, not per record: filling a mask of every record was a noticeable part of the first search.
        let count = 0;
        pageAllowed.forEach((allowed, page) => {
          if (allowed) count += (this.pageFirst[page + 1] ?? this.recordCount) - this.pageFirst[page];
        });
        entry = {
          allows: (record) => pageAllowed[pageOf[record]] === 1,
          mask: pageAllowed,
          byPage: true,
          count,
        };
      } else {
        const mask = applyFacetFilters(
          Array.from({length: this.recordCount}, (_, index) => this.recordAt(index)),
          facetFilters,
        );
        let count = 0;
        for (let record = 0; record < mask.length; record++) count += mask[record];
        entry = {allows: (record) => mask[record] === 1, mask, byPage: false, count};
      }
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

  /** Reads a dotted attribute path of a record. */
  private valueOf(attribute: string): (record: SearchRecord) => unknown {
    const keys = attribute.split('.');
    return (record) => {
      let value: unknown = record;
      for (const key of keys)
        value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
      return value;
    };
  }
}
