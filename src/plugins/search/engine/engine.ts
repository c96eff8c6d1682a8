import {ENGINE_ERROR} from '../codeMarkers.ts';
import type {SearchSettings} from '../settings.ts';
import type {SearchRecord, Synonym} from '../types.ts';
import {applyFacetFilters, type FacetFilters} from './facets.ts';
import type {QueryMatcher, TermMatch} from './highlight.ts';
import {
  boundedDistance,
  normalize,
  startsWithWordChar,
  stem,
  STOP_WORDS,
  tokenize,
  type Token,
} from './tokenize.ts';

/**
 * Retrieval and ranking over the DocSearch records, by the rules of one
 * SearchSettings object (../settings.ts). It knows nothing of Algolia's request
 * or response shapes (../algolia-protocol turns its answers into those) nor of
 * the index file (../records/indexFile.ts decodes the records it is given).
 * - query words match words of the same stem (plurals, -ing, -ed ignored), the
 *   last word also as a prefix while typing, synonyms, and (for a word found
 *   nowhere) typos as `settings.typos` allows, none in numbers. Stop words count
 *   but are never required. Records matching more of the query rank first, but any
 *   match is a hit (like Algolia's `removeWordsIfNoResults: allOptional`);
 * - ranking: see `rank` and `settings.weights`; ties go by `settings.customRanking`;
 * - one hit per value of `settings.distinct`; facet filters.
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

type QueryWord = {
  original: string;
  norm: string;
  /** The last word, still being typed: matches as a prefix too. */
  prefix: boolean;
  /** A stop word: adds to the score and proximity but is never required. */
  stop: boolean;
};

type WordMatches = {
  /** Per record: weight of the best match (0 = none). */
  weight: Float64Array;
  /** Records with a match (allowed by the filters). */
  records: number[];
  /** Posting lists of the matched terms. */
  postings: ArrayLike<number>[];
};

const MAX_QUERY_WORDS = 10;

/** Posting attribute codes of compound-word parts are offset by this (so at most this many searchable attributes). */
export const PART = 8;

/**
 * A term table made ahead (../records/indexFile.ts `buildPostings`): sorted terms
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
function matchQuality(match: TermMatch): number {
  if (match.typos > 0) return 0.6 ** match.typos * 0.9;
  if (match.prefixLength !== null || match.synonym) return 0.8;
  return match.exact ? 1 : 0.9;
}

export class SearchEngine {
  /** The record at an index, and how many there are. */
  readonly recordAt: (index: number) => SearchRecord;
  readonly recordCount: number;
  readonly settings: SearchSettings;
  /** Text of each searchable attribute of a record, in `settings.searchableAttributes` order. */
  readonly attributeTexts: ((record: SearchRecord) => string | null)[];
  /** term → flat [record, attribute, position, ...] */
  private readonly postings = new Map<string, ArrayLike<number>>();
  /** Sorted vocabulary, for prefix ranges. */
  private readonly terms: string[];
  /** stem → terms with that stem, filled as queries ask (stemming the whole vocabulary slowed the first search). */
  private readonly byStem = new Map<string, string[]>();
  /** Stem of each vocabulary term, once worked out. */
  private readonly termStems: (string | undefined)[];
  private readonly tokenCache = new Map<string, Token[]>();
  private readonly filterCache = new Map<string, Allowed>();
  /** Page number of each record. */
  private readonly pageOf: Int32Array;
  private readonly pageCount: number;
  /** First record of each page. */
  private readonly pageFirst: Int32Array;
  private readonly pageFacets: Int32Array | undefined;
  private readonly distinctKey: (record: number) => unknown;
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
  private readonly pageRankOf: (record: number) => number;
  /** samePageDecay^n, as far as a page's candidates have needed. */
  private readonly decayPowers: number[] = [1];
  /** Distinct values as small numbers within each page, when the layout gives them. */
  private readonly distinctInPage: RecordLayout['distinctInPage'];
  /** Whether each page's records are contiguous (an index file's layout): sorting record numbers groups them by page. */
  private readonly pagesContiguous: boolean;
  /** The last searchable attribute is running text (not cached: it seldom repeats). */
  private readonly textAttribute: number;

  /** stem → stems it may also match (Algolia synonyms). */
  private readonly synonyms = new Map<string, Set<string>>();

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
    this.pageRankOf = numberOf('weight.pageRank');
    this.textAttribute = attributes.length - 1;
    for (const entry of options.synonyms ?? []) {
      const add = (from: string, to: string) => {
        const [a, b] = [stem(normalize(from)), stem(normalize(to))];
        if (a === b) return;
        if (!this.synonyms.has(a)) this.synonyms.set(a, new Set());
        this.synonyms.get(a)!.add(b);
      };
      if (entry.type === 'synonym') for (const a of entry.synonyms) for (const b of entry.synonyms) add(a, b);
      else for (const b of entry.synonyms) add(entry.input, b);
    }
    if (layout) {
      if (layout.pageOf.length !== count)
        throw new Error(
          `${ENGINE_ERROR} the record layout has ${layout.pageOf.length} records, not ${count}`,
        );
      this.pageOf = layout.pageOf;
      this.pageFirst = layout.pageFirst;
      this.pageCount = layout.pageFirst.length;
    } else {
      this.pageOf = new Int32Array(count);
      const pages = new Map<string, number>();
      for (let index = 0; index < count; index++) {
        const url = this.recordAt(index).url_without_anchor;
        let page = pages.get(url);
        if (page === undefined) pages.set(url, (page = pages.size));
        this.pageOf[index] = page;
      }
      this.pageCount = pages.size;
      this.pageFirst = new Int32Array(this.pageCount).fill(-1);
      for (let record = 0; record < count; record++)
        if (this.pageFirst[this.pageOf[record]] < 0) this.pageFirst[this.pageOf[record]] = record;
    }
    this.pageFacets = layout?.pageFacets;
    const distinctOf = this.valueOf(this.settings.distinct);
    this.distinctKey = layout?.distinctKey ?? ((record) => distinctOf(this.recordAt(record)));
    this.distinctInPage = layout?.distinctKey ? layout.distinctInPage : undefined;
    this.pagesContiguous = layout !== undefined;
    if (options.postings) {
      // Tokenizing every text is most of the cost of a first search: take the table made at build time.
      const {terms, lists} = options.postings;
      for (let index = 0; index < lists.length; index++) this.postings.set(terms[index], lists[index]);
      this.terms = terms;
    } else {
      const built = new Map<string, number[]>();
      for (let index = 0; index < count; index++) {
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
      for (const [term, list] of built) this.postings.set(term, list);
      this.terms = [...built.keys()].sort();
    }
    this.termStems = new Array(this.terms.length);
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

  /** Vocabulary terms the query matches whose posting lists are not loaded yet (a split index). */
  missingTerms(query: string): string[] {
    const missing = new Set<string>();
    for (const word of parseQuery(query))
      for (const term of this.matchTerms(word).keys()) if (!this.postings.has(term)) missing.add(term);
    return [...missing];
  }

  /** Posting lists loaded after the engine was made (a split index's shards). */
  addPostings(terms: string[], lists: ArrayLike<number>[]): void {
    terms.forEach((term, index) => this.postings.set(term, lists[index]));
    this.lastSearch = undefined;
  }

  search({query, facetFilters}: EngineQuery): EngineResult {
    // The adapter asks twice for a page of hits (which content to load, then the answer).
    const key = JSON.stringify([query, facetFilters ?? null]);
    if (this.lastSearch?.key === key) return this.lastSearch.result;
    const result = this.searchNow({query, facetFilters});
    this.lastSearch = {key, result};
    return result;
  }

  private lastSearch: {key: string; result: EngineResult} | undefined;

  private searchNow({query, facetFilters}: EngineQuery): EngineResult {
    const words = parseQuery(query);
    const matchers = words.map((word) => this.matchTerms(word));
    const ranked = this.rank(words, matchers, this.allowed(facetFilters));
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
          allows: (record) => pageAllowed[this.pageOf[record]] === 1,
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

  /**
   * Vocabulary terms with this stem, in vocabulary order. `stem` only cuts a
   * suffix, or turns "ies" into "y", so such a term starts with the stem less its
   * last letter: only the terms in that prefix range are stemmed.
   */
  private termsWithStem(wordStem: string): string[] {
    let list = this.byStem.get(wordStem);
    if (list) return list;
    list = [];
    const prefix = wordStem.slice(0, -1);
    for (
      let i = lowerBound(this.terms, prefix);
      i < this.terms.length && this.terms[i].startsWith(prefix);
      i++
    ) {
      const termStem = (this.termStems[i] ??= stem(this.terms[i]));
      if (termStem === wordStem) list.push(this.terms[i]);
    }
    this.byStem.set(wordStem, list);
    return list;
  }

  /** Vocabulary terms a query word matches: same stem, prefix (last word), or within the typo budget. */
  private matchTerms(word: QueryWord): Map<string, TermMatch> {
    const matches = new Map<string, TermMatch>();
    const wordStem = stem(word.norm);
    for (const term of this.termsWithStem(wordStem))
      matches.set(term, {typos: 0, exact: term === word.norm, prefixLength: null});
    for (const synonym of this.synonyms.get(wordStem) ?? []) {
      for (const term of this.termsWithStem(synonym)) {
        if (!matches.has(term))
          matches.set(term, {typos: 0, exact: false, prefixLength: null, synonym: true});
      }
    }
    if (word.prefix) {
      for (
        let i = lowerBound(this.terms, word.norm);
        i < this.terms.length && this.terms[i].startsWith(word.norm);
        i++
      ) {
        if (!matches.has(this.terms[i]))
          matches.set(this.terms[i], {typos: 0, exact: false, prefixLength: word.norm.length});
      }
    }
    // Typos are looked for only when the word itself is not in the vocabulary.
    const {oneTypo, twoTypos} = this.settings.typos;
    const maxTypos =
      matches.size > 0 || /^\d+$/.test(word.norm)
        ? 0
        : word.norm.length >= twoTypos
          ? 2
          : word.norm.length >= oneTypo
            ? 1
            : 0;
    if (maxTypos > 0) {
      for (const term of this.terms) {
        if (Math.abs(term.length - word.norm.length) > maxTypos || matches.has(term) || /^\d+$/.test(term))
          continue;
        const typos = boundedDistance(word.norm, term, maxTypos);
        if (typos <= maxTypos) matches.set(term, {typos, exact: false, prefixLength: null});
      }
    }
    return matches;
  }

  /**
   * Ranking, tuned on tests/search-relevance (see README "Search"); the weights are
   * `settings.weights`. A record scores the sum over query words of idf(word) x the
   * weight of the field it matches in (`fields`) x the match quality; times the share
   * of the query it covers; plus `page` x its page's score (the same sum over the
   * whole page, times the squared coverage); times 1 + `pageRankBoost` x weight.pageRank.
   * Returns the best record of each `settings.distinct` value, best first.
   */
  private rank(words: QueryWord[], matchers: Map<string, TermMatch>[], allowed: Allowed): OrderedLazily {
    const {weights} = this.settings;
    if (words.length === 0) {
      const all: number[] = [];
      for (let i = 0; i < this.recordCount; i++) if (allowed.allows(i)) all.push(i);
      return this.bestOfEachDistinct(all, (a, b) => this.compareCustom(a, b));
    }
    const perWord = matchers.map((terms) => this.wordMatches(terms, allowed));
    // Rare words weigh more (inverse document frequency).
    const idf = perWord.map((matches) => Math.log(1 + allowed.count / (1 + matches.records.length)));
    const idfSum = idf.reduce((sum, value, word) => (words[word].stop ? sum : sum + value), 0);
    const adjacent = perWord.slice(1).map((matches, index) => this.adjacency(perWord[index], matches));

    // How well each page covers each word: the best weight the word has in any of
    // its records, plus a share of the second best (a word the page comes back to).
    const width = perWord.length;
    const pageBest = new Float64Array(this.pageCount * 2 * width);
    const touched = new Uint8Array(this.pageCount);
    const {pageOf} = this;
    for (let word = 0; word < width; word++) {
      const {records, weight: weightOf} = perWord[word];
      for (let i = 0; i < records.length; i++) {
        const record = records[i];
        const page = pageOf[record];
        touched[page] = 1;
        const at = page * 2 * width;
        const weight = weightOf[record];
        if (weight > pageBest[at + word]) {
          pageBest[at + width + word] = pageBest[at + word];
          pageBest[at + word] = weight;
        } else if (weight > pageBest[at + width + word]) pageBest[at + width + word] = weight;
      }
    }
    const pageScore = new Float64Array(this.pageCount);
    for (let page = 0; page < this.pageCount; page++) {
      if (!touched[page]) continue;
      const at = page * 2 * width;
      let score = 0;
      let covered = 0;
      for (let word = 0; word < width; word++) {
        const weight = pageBest[at + word] + weights.repeat * pageBest[at + width + word];
        score += idf[word] * weight;
        if (weight > 0 && !words[word].stop) covered += idf[word];
      }
      pageScore[page] = score * (covered / idfSum) ** weights.pageCoverage;
    }

    const coverageFactor = new Map<number, number>();
    let lastCovered = Number.NaN;
    let coverage = 0;
    const scores = new Float64Array(this.recordCount);
    /** Works out a candidate's score into `scores` (before the same-page decay). */
    const score = (record: number) => {
      let sum = 0;
      let covered = 0;
      // A plain loop: this runs once per matching record, thousands of times on the first search.
      for (let word = 0; word < width; word++) {
        const weight = perWord[word].weight[record];
        if (weight === 0) continue;
        sum += idf[word] * weight;
        if (!words[word].stop) covered += idf[word];
        if (word > 0 && adjacent[word - 1][record])
          sum += weights.proximity * Math.min(idf[word - 1], idf[word]);
      }
      const rank = this.pageRankOf(record);
      // Few distinct coverages (one per set of words matched): the power is worked out once for each.
      if (covered !== lastCovered) {
        lastCovered = covered;
        const known = coverageFactor.get(covered);
        coverage = known ?? (covered / idfSum) ** weights.recordCoverage;
        if (known === undefined) coverageFactor.set(covered, coverage);
      }
      const combined = sum * coverage + weights.page * pageScore[pageOf[record]];
      scores[record] = combined * (1 + weights.pageRankBoost * rank);
    };
    /**
     * No record of the page scores more: each word's weight is at most its best in the page, the
     * coverage at most 1, and every proximity bonus is counted. The same sums and products as
     * `score`, of terms no smaller and none negative, so rounding keeps the bound.
     */
    const upperBound = (page: number, record: number) => {
      const at = page * 2 * width;
      let sum = 0;
      for (let word = 0; word < width; word++) {
        sum += idf[word] * pageBest[at + word];
        if (word > 0) sum += weights.proximity * Math.min(idf[word - 1], idf[word]);
      }
      return (sum + weights.page * pageScore[page]) * (1 + weights.pageRankBoost * this.pageRankOf(record));
    };
    // Candidates: records matching a word that is not a stop word.
    const seen = new Uint8Array(this.recordCount);
    const candidates: number[] = [];
    for (let first = 0; first < width; first++) {
      if (words[first].stop) continue;
      const {records} = perWord[first];
      for (let i = 0; i < records.length; i++) {
        const record = records[i];
        if (seen[record]) continue;
        seen[record] = 1;
        candidates.push(record);
      }
    }
    const byScore = (a: number, b: number) => scores[b] - scores[a] || this.compareCustom(a, b);
    // The bound holds for weights that are not negative (and a page rank that only raises a score).
    const bounded =
      this.pagesContiguous &&
      [
        ...weights.fields,
        weights.part,
        weights.proximity,
        weights.page,
        weights.pageRankBoost,
        weights.recordCoverage,
      ].every((weight) => weight >= 0);
    return this.bestByPage(candidates, scores, byScore, score, bounded ? upperBound : undefined);
  }

  /**
   * The best record of each `settings.distinct` value among `candidates`, best
   * first, after the same-page decay: the nth best record of a page (by
   * `byScore`) has its score multiplied by samePageDecay^n, so other pages' best
   * records come up. Only as much is worked out as a page of hits asks for: the
   * pages are merged best head first (a heap), and a page's candidates are sorted
   * only when the merge reaches its second one. With a decay between 0 and 1 a
   * page's order is the same before and after the decay, so the merge gives the
   * order a sort of all the decayed candidates would, and the first record of a
   * distinct value in its page's order is that value's best.
   *
   * With `upperBound` (a score no record of the page can pass), pages are
   * scored only when the merge needs them: in the order of their bounds, until
   * the best record left scores more than the best bound of the pages not
   * scored yet. A common word matches thousands of records; a page of hits
   * needs a few dozen pages scored.
   */
  private bestByPage(
    candidates: number[],
    scores: Float64Array,
    byScore: (a: number, b: number) => number,
    score: (record: number) => void,
    upperBound?: (page: number, record: number) => number,
  ): OrderedLazily {
    const decayRate = this.settings.weights.samePageDecay;
    const {grouped, starts} = this.groupByPage(candidates);
    const groups = starts.length - 1;
    if (!(decayRate > 0 && decayRate <= 1)) {
      // The decay could reorder a page: decay every page, then sort what is asked.
      for (let i = 0; i < candidates.length; i++) score(candidates[i]);
      for (let group = 0; group < groups; group++)
        this.sortPage(grouped, starts[group], starts[group + 1], scores, byScore);
      return this.bestOfEachDistinct(candidates, byScore);
    }
    const count = this.countDistinct(grouped, starts);
    const head = new Int32Array(groups);
    // Scores a page's candidates and finds its best (the group's head until the group is sorted).
    const scorePage = (group: number) => {
      const end = starts[group + 1];
      let best = grouped[starts[group]];
      for (let i = starts[group]; i < end; i++) {
        const record = grouped[i];
        score(record);
        // byScore(record, best) < 0, without a call for every candidate.
        if (
          scores[record] > scores[best] ||
          (scores[record] === scores[best] && this.compareCustom(record, best) < 0)
        )
          best = record;
      }
      head[group] = best;
    };
    // Position of each group's head in it; -1: the group is not sorted yet (the head is its best).
    const cursor = new Int32Array(groups).fill(-1);
    const heap = new MinHeap([], (a, b) => byScore(head[a], head[b]));
    // Pages not scored yet, highest bound first.
    let waiting: MinHeap | undefined;
    let bound: Float64Array | undefined;
    if (upperBound) {
      const bounds = new Float64Array(groups);
      for (let group = 0; group < groups; group++) {
        const first = grouped[starts[group]];
        bounds[group] = upperBound(this.pageOf[first], first);
      }
      bound = bounds;
      waiting = new MinHeap(
        Array.from({length: groups}, (_, group) => group),
        (a, b) => bounds[b] - bounds[a],
      );
    } else {
      for (let group = 0; group < groups; group++) {
        scorePage(group);
        heap.push(group);
      }
    }
    const emitted = new Set<unknown>();
    const ordered: number[] = [];
    const orderTo = (end: number) => {
      while (ordered.length < end) {
        // A page not scored yet might hold a record that beats (or ties) the best one left: score it first.
        if (waiting && waiting.size > 0) {
          const next = waiting.peek();
          if (heap.size === 0 || !(scores[head[heap.peek()]] > bound![next])) {
            waiting.pop();
            scorePage(next);
            heap.push(next);
            continue;
          }
        }
        if (heap.size === 0) break;
        const group = heap.peek();
        const record = head[group];
        const first = starts[group];
        const size = starts[group + 1] - first;
        if (cursor[group] < 0) {
          if (size > 1) this.sortPage(grouped, first, first + size, scores, byScore);
          cursor[group] = 0;
        }
        if (++cursor[group] < size) {
          head[group] = grouped[first + cursor[group]];
          heap.replaceTop(group);
        } else heap.pop();
        const key = this.distinctKey(record);
        if (emitted.has(key)) continue;
        emitted.add(key);
        ordered.push(record);
      }
    };
    return {
      count,
      slice(from, to) {
        orderTo(Math.min(to, count));
        return ordered.slice(from, to);
      },
    };
  }

  /** How many `settings.distinct` values the candidates (grouped by page) have. */
  private countDistinct(grouped: Int32Array, starts: number[]): number {
    const inPage = this.distinctInPage;
    if (!inPage) {
      const keys = new Set<unknown>();
      for (let i = 0; i < grouped.length; i++) keys.add(this.distinctKey(grouped[i]));
      return keys.size;
    }
    // Values never span pages: a value is marked with its page's group number.
    const mark = new Int32Array(inPage.size);
    let count = 0;
    for (let group = 0; group + 1 < starts.length; group++) {
      for (let i = starts[group]; i < starts[group + 1]; i++) {
        const key = inPage.keyOf(grouped[i]);
        if (mark[key] !== group + 1) {
          mark[key] = group + 1;
          count += 1;
        }
      }
    }
    return count;
  }

  /**
   * The candidates grouped by page: `grouped[starts[g] … starts[g + 1])` are the
   * candidates of the gth page that has any. When a page's records are
   * contiguous (an index file's layout), sorting the record numbers groups them;
   * otherwise a counting sort by page does.
   */
  private groupByPage(candidates: number[]): {grouped: Int32Array; starts: number[]} {
    const {pageOf, pageCount} = this;
    let grouped: Int32Array;
    if (this.pagesContiguous) {
      grouped = Int32Array.from(candidates).sort();
    } else {
      const start = new Int32Array(pageCount + 1);
      for (let i = 0; i < candidates.length; i++) start[pageOf[candidates[i]] + 1] += 1;
      for (let page = 0; page < pageCount; page++) start[page + 1] += start[page];
      grouped = new Int32Array(candidates.length);
      for (let i = 0; i < candidates.length; i++) {
        const record = candidates[i];
        grouped[start[pageOf[record]]++] = record;
      }
    }
    const starts: number[] = [];
    let previous = -1;
    for (let i = 0; i < grouped.length; i++) {
      const page = pageOf[grouped[i]];
      if (page !== previous) starts.push(i);
      previous = page;
    }
    starts.push(grouped.length);
    return {grouped, starts};
  }

  /** Sorts a page's candidates by `byScore`, then multiplies the nth one's score by samePageDecay^n. */
  private sortPage(
    grouped: Int32Array,
    first: number,
    end: number,
    scores: Float64Array,
    byScore: (a: number, b: number) => number,
  ): void {
    if (end - first < 2) return;
    // Most pages have a few candidates: an insertion sort, without the sort builtin's callbacks.
    if (end - first <= 16) {
      for (let i = first + 1; i < end; i++) {
        const record = grouped[i];
        let j = i - 1;
        for (; j >= first && byScore(record, grouped[j]) < 0; j--) grouped[j + 1] = grouped[j];
        grouped[j + 1] = record;
      }
    } else grouped.subarray(first, end).sort(byScore);
    const rate = this.settings.weights.samePageDecay;
    const powers = this.decayPowers;
    for (let n = 1; n < end - first; n++) scores[grouped[first + n]] *= powers[n] ??= rate ** n;
  }

  /**
   * The records in the order `compare` gives, keeping the first of each
   * `settings.distinct` value: the best of each value is found in one pass, and
   * only those are put in order, as far as asked.
   */
  private bestOfEachDistinct(records: number[], compare: (a: number, b: number) => number): OrderedLazily {
    const best = new Map<unknown, number>();
    for (const record of records) {
      const key = this.distinctKey(record);
      const current = best.get(key);
      if (current === undefined || compare(record, current) < 0) best.set(key, record);
    }
    return orderedLazily([...best.values()], compare);
  }

  /** For each record, the weight of its best match of a query word (0: no match). */
  private wordMatches(terms: Map<string, TermMatch>, allowed: Allowed): WordMatches {
    const weight = new Float64Array(this.recordCount);
    const records: number[] = [];
    const postings: ArrayLike<number>[] = [];
    const {weights} = this.settings;
    const {pageOf} = this;
    // Plain loops over typed arrays below: they run once per posting, tens of thousands of times on the
    // first search, before the code is optimized.
    const {mask, byPage} = allowed;
    const valueOfCode = new Float64Array(2 * PART);
    for (const [term, match] of terms) {
      const list = this.postings.get(term);
      if (!list) throw new Error(`${ENGINE_ERROR} the posting list of "${term}" is not loaded`);
      postings.push(list);
      const quality = matchQuality(match);
      for (let code = 0; code < weights.fields.length; code++) {
        valueOfCode[code] = weights.fields[code] * quality;
        valueOfCode[code + PART] = weights.fields[code] * quality * weights.part;
      }
      for (let i = 0; i < list.length; i += 3) {
        const record = list[i];
        if (mask[byPage ? pageOf[record] : record] === 0) continue;
        const value = valueOfCode[list[i + 1]];
        const current = weight[record];
        if (current === 0) records.push(record);
        if (value > current) weight[record] = value;
      }
    }
    return {weight, records, postings};
  }

  /** Records where the two words stand next to each other in the same attribute. */
  private adjacency(first: WordMatches, second: WordMatches): Uint8Array {
    const adjacent = new Uint8Array(this.recordCount);
    const positions = new Set<number>();
    const key = (record: number, attribute: number, position: number) =>
      (record * 8 + attribute) * 65536 + position;
    for (const list of first.postings) {
      for (let i = 0; i < list.length; i += 3)
        if (second.weight[list[i]] > 0) positions.add(key(list[i], list[i + 1] % PART, list[i + 2]));
    }
    if (positions.size === 0) return adjacent;
    for (const list of second.postings) {
      for (let i = 0; i < list.length; i += 3) {
        const [record, attribute, position] = [list[i], list[i + 1] % PART, list[i + 2]];
        if (
          positions.has(key(record, attribute, position - 1)) ||
          positions.has(key(record, attribute, position)) ||
          positions.has(key(record, attribute, position + 1))
        ) {
          adjacent[record] = 1;
        }
      }
    }
    return adjacent;
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

/** The records facet filters let through, and how many. */
type Allowed = {
  allows: (record: number) => boolean;
  /** The same as an array, for the loops over posting lists: 1 per allowed page (`byPage`) or record. */
  mask: Uint8Array;
  byPage: boolean;
  count: number;
};

/** A binary heap of numbers whose top is the least by `compare`. */
class MinHeap {
  private readonly items: number[];
  private readonly compare: (a: number, b: number) => number;

  constructor(items: number[], compare: (a: number, b: number) => number) {
    this.items = items;
    this.compare = compare;
    for (let at = (items.length >> 1) - 1; at >= 0; at--) this.down(at);
  }

  get size(): number {
    return this.items.length;
  }

  peek(): number {
    return this.items[0];
  }

  push(item: number): void {
    const {items, compare} = this;
    let at = items.length;
    items.push(item);
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (compare(items[parent], item) <= 0) break;
      items[at] = items[parent];
      at = parent;
    }
    items[at] = item;
  }

  /** Replaces the top with an item no less than it was (the next record of the same page). */
  replaceTop(item: number): void {
    this.items[0] = item;
    this.down(0);
  }

  pop(): void {
    const last = this.items.pop()!;
    if (this.items.length === 0) return;
    this.items[0] = last;
    this.down(0);
  }

  private down(from: number): void {
    const {items, compare} = this;
    const item = items[from];
    let at = from;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= items.length) break;
      if (child + 1 < items.length && compare(items[child + 1], items[child]) < 0) child += 1;
      if (compare(items[child], item) >= 0) break;
      items[at] = items[child];
      at = child;
    }
    items[at] = item;
  }
}

/** Items in the order of a strict total order, sorted only as far as `slice` has asked. */
type OrderedLazily = {count: number; slice(start: number, end: number): number[]};

function orderedLazily(items: number[], compare: (a: number, b: number) => number): OrderedLazily {
  // items[0 … ordered) are the first `ordered` items, in order; the rest are in no order.
  let ordered = 0;
  // Copied one by one: spreading tens of thousands of items into splice overflows the stack.
  const write = (from: number, values: number[]) => {
    for (let i = 0; i < values.length; i++) items[from + i] = values[i];
  };
  const orderTo = (end: number) => {
    if (end <= ordered) return;
    const rest = items.slice(ordered);
    const wanted = end - ordered;
    if (wanted * 8 >= rest.length) {
      write(ordered, rest.sort(compare));
      ordered = items.length;
      return;
    }
    // The `wanted` best of the rest with a heap whose root is the worst kept so far.
    const heap: number[] = [];
    const later = (a: number, b: number) => compare(heap[a], heap[b]) > 0;
    const swap = (a: number, b: number) => ([heap[a], heap[b]] = [heap[b], heap[a]]);
    for (const item of rest) {
      if (heap.length < wanted) {
        heap.push(item);
        for (let at = heap.length - 1; at > 0 && later(at, (at - 1) >> 1); at = (at - 1) >> 1)
          swap(at, (at - 1) >> 1);
      } else if (compare(item, heap[0]) < 0) {
        heap[0] = item;
        for (let at = 0; ;) {
          const left = 2 * at + 1;
          const right = left + 1;
          let worst = at;
          if (left < heap.length && later(left, worst)) worst = left;
          if (right < heap.length && later(right, worst)) worst = right;
          if (worst === at) break;
          swap(at, worst);
          at = worst;
        }
      }
    }
    heap.sort(compare);
    const chosen = new Set(heap);
    write(ordered, heap);
    write(
      end,
      rest.filter((item) => !chosen.has(item)),
    );
    ordered = end;
  };
  return {
    count: items.length,
    slice(start, end) {
      const stop = Math.min(end, items.length);
      orderTo(stop);
      return items.slice(start, stop);
    },
  };
}

/** The last character of a text, a surrogate pair whole. */
function lastCharacter(text: string): string {
  const code = text.charCodeAt(text.length - 1);
  return code >= 0xdc00 && code <= 0xdfff && text.length > 1 ? text.slice(-2) : text.slice(-1);
}

export function parseQuery(query: string): QueryWord[] {
  const tokens = tokenize(query).filter((token) => !token.part);
  // A word character at the end: the same test as a word's start, on the last character (or surrogate pair).
  const typingLastWord = startsWithWordChar(lastCharacter(query));
  const words = tokens.slice(0, MAX_QUERY_WORDS).map((token, index) => ({
    original: query.slice(token.start, token.end),
    norm: token.norm,
    prefix: typingLastWord && index === tokens.length - 1,
    stop: STOP_WORDS.has(token.norm),
  }));
  // A query of stop words only ("where to") searches for them.
  if (words.every((word) => word.stop)) for (const word of words) word.stop = false;
  return words;
}

/** Position of the first item ≥ `value` in a sorted list (JavaScript string order). */
export function lowerBound(sorted: string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
