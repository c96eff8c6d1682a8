import {withObjectId} from '../indexFormat';
import {LEVELS, type SearchRecord} from '../types';
import {applyFacetFilters, countFacets, type FacetFilters} from './facets';
import {
  highlightRanges,
  renderHighlight,
  renderSnippet,
  type QueryMatcher,
  type TermMatch,
} from './highlight';
import {boundedDistance, normalize, stem, STOP_WORDS, tokenize, type Token} from './tokenize';

/**
 * An in-memory search engine over the DocSearch records that answers Algolia
 * search requests (same parameters, same response shape), so the stock DocSearch
 * dialog, the /search page and algoliasearch-helper work on it unchanged:
 * - query words match words of the same stem (plurals, -ing, -ed ignored), the
 *   last word also as a prefix while typing, synonyms, and (for a word found
 *   nowhere) typos: 1 from 4 letters, 2 from 8, none in numbers. Stop words count
 *   but are never required. Records matching more of the query rank first, but any
 *   match is a hit (like Algolia's `removeWordsIfNoResults: allOptional`);
 * - ranking: see RANKING below; ties go by weight.pageRank desc, weight.level desc,
 *   weight.position asc (Algolia's customRanking for these records);
 * - distinct on `url`, facet filters and counts, pagination, `attributesToRetrieve`,
 *   highlights and snippets with the requested tags, `queryID` with `clickAnalytics`.
 * Values come back unescaped, as Algolia returns them: the client escapes them.
 */

/** Searchable attributes in ranking order. */
export const SEARCHABLE = [...LEVELS.map((level) => `hierarchy.${level}` as const), 'content' as const];
const CONTENT = SEARCHABLE.length - 1;

/** The index settings a DocSearch crawler index has, used when a request does not override them. */
export const DEFAULT_SETTINGS = {
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToSnippet: ['content:10'],
  highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
  highlightPostTag: '</span>',
  snippetEllipsisText: '…',
  hitsPerPage: 20,
};

/** Algolia's synonym objects (the two kinds the index uses). */
export type Synonym =
  | {objectID: string; type: 'synonym'; synonyms: string[]}
  | {objectID: string; type: 'oneWaySynonym'; input: string; synonyms: string[]};

export type SearchParams = {
  query?: string;
  page?: number;
  hitsPerPage?: number;
  facetFilters?: FacetFilters;
  facets?: string | string[];
  attributesToRetrieve?: string[];
  attributesToHighlight?: string[];
  attributesToSnippet?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  snippetEllipsisText?: string;
  clickAnalytics?: boolean;
  [other: string]: unknown;
};

export type AttributeResult = {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
};

export type Hit = Record<string, unknown> & {objectID: string};

export type SearchResponse = {
  hits: Hit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: true;
  exhaustive: {nbHits: true; typo: true};
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
  queryID?: string;
  facets?: Record<string, Record<string, number>>;
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
  postings: number[][];
};

const MAX_QUERY_WORDS = 10;

/**
 * Ranking weights, tuned on tests/search-relevance (see README "Search").
 * A record scores the sum over query words of idf(word) x the weight of the field
 * it matches in (`fields`) x the match quality; times the share of the
 * query it covers; plus `page` x its page's score (the same sum over the whole
 * page, times the squared coverage); times 1 + `pageRankBoost` x weight.pageRank.
 */
export const RANKING = {
  /** hierarchy.lvl0 .. lvl6, content: a word counts more in a page title (lvl1) or heading than in text, less in the sidebar category (lvl0), which many pages share. */
  fields: [0.5, 4, 3, 2.5, 2, 1.5, 1.3, 1],
  /** A part of a compound word (`Id` of `streamId`) counts less than a whole word. */
  part: 0.6,
  /** Share of a word's second-best match in a page that adds to the page's score. */
  repeat: 0.5,
  /** Weight of the page's own score (all its records together). */
  page: 0.5,
  /** Two query words side by side in the same field, times the smaller idf. */
  proximity: 0.5,
  /** Per point of weight.pageRank. */
  pageRankBoost: 0.4,
  /** Exponent of the share of the query a record covers (higher: partial matches sink faster). */
  recordCoverage: 1,
  /** The same for a page. */
  pageCoverage: 2,
  /** Score factor of a page's second record, squared for its third, and so on. */
  samePageDecay: 0.85,
};

/** Posting attribute codes of compound-word parts are offset by this. */
const PART = 8;

/** The same word 1, another form of it (plural, -ing, -ed) 0.9, a prefix or synonym 0.8, typos less. */
function matchQuality(match: TermMatch): number {
  if (match.typos > 0) return 0.6 ** match.typos * 0.9;
  if (match.prefixLength !== null || match.synonym) return 0.8;
  return match.exact ? 1 : 0.9;
}

export class SearchEngine {
  readonly records: SearchRecord[];
  /** term → flat [record, attribute, position, ...] */
  private readonly postings = new Map<string, number[]>();
  /** Sorted vocabulary, for prefix ranges. */
  private readonly terms: string[];
  /** stem → terms with that stem */
  private readonly byStem = new Map<string, string[]>();
  private readonly tokenCache = new Map<string, Token[]>();
  private readonly filterCache = new Map<string, {mask: Uint8Array; count: number}>();
  /** Page number of each record. */
  private readonly pageOf: Int32Array;

  /** stem → stems it may also match (Algolia synonyms). */
  private readonly synonyms = new Map<string, Set<string>>();

  constructor(records: SearchRecord[], options: {synonyms?: Synonym[]} = {}) {
    this.records = records;
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
    this.pageOf = new Int32Array(records.length);
    const pages = new Map<string, number>();
    records.forEach((record, index) => {
      let page = pages.get(record.url_without_anchor);
      if (page === undefined) pages.set(record.url_without_anchor, (page = pages.size));
      this.pageOf[index] = page;
    });
    records.forEach((record, index) => {
      SEARCHABLE.forEach((_, attribute) => {
        const text = attributeText(record, attribute);
        if (!text) return;
        for (const token of this.tokens(text, attribute < CONTENT)) {
          let list = this.postings.get(token.norm);
          if (!list) this.postings.set(token.norm, (list = []));
          list.push(index, token.part ? attribute + PART : attribute, token.pos);
        }
      });
    });
    this.terms = [...this.postings.keys()].sort();
    for (const term of this.terms) {
      const key = stem(term);
      const list = this.byStem.get(key);
      if (list) list.push(term);
      else this.byStem.set(key, [term]);
    }
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

  search(indexName: string, params: SearchParams): SearchResponse {
    const started = now();
    const query = typeof params.query === 'string' ? params.query : '';
    const words = parseQuery(query);
    const matchers = words.map((word) => this.matchTerms(word));
    const allowed = this.allowed(params.facetFilters);

    const ranked = this.rank(words, matchers, allowed);
    const distinct: number[] = [];
    const seenUrls = new Set<string>();
    for (const candidate of ranked) {
      const url = this.records[candidate].url;
      if (seenUrls.has(url)) continue;
      seenUrls.add(url);
      distinct.push(candidate);
    }

    const hitsPerPage = clampInt(params.hitsPerPage, DEFAULT_SETTINGS.hitsPerPage, 0, 1000);
    const page = clampInt(params.page, 0, 0, 10_000);
    const pageRecords = hitsPerPage === 0 ? [] : distinct.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
    const queryMatcher: QueryMatcher = {words: words.map((word) => word.original), terms: matchers};
    const hits = pageRecords.map((index) => this.hit(this.records[index], params, queryMatcher));

    const response: SearchResponse = {
      hits,
      nbHits: distinct.length,
      page,
      nbPages: hitsPerPage === 0 ? 0 : Math.ceil(distinct.length / hitsPerPage),
      hitsPerPage,
      exhaustiveNbHits: true,
      exhaustive: {nbHits: true, typo: true},
      query,
      params: encodeParams(params),
      index: indexName,
      processingTimeMS: Math.round(now() - started),
    };
    if (params.clickAnalytics) response.queryID = randomHex(32);
    const facetNames = facetList(params.facets);
    if (facetNames.length)
      response.facets = countFacets(
        distinct.map((index) => this.records[index]),
        facetNames,
      );
    return response;
  }

  /** Records the facet filters let through (cached: the dialog sends the same filters on every keystroke). */
  private allowed(facetFilters: FacetFilters | undefined): {mask: Uint8Array; count: number} {
    const key = JSON.stringify(facetFilters ?? null);
    let entry = this.filterCache.get(key);
    if (!entry) {
      const mask = applyFacetFilters(this.records, facetFilters);
      entry = {mask, count: mask.reduce((sum, value) => sum + value, 0)};
      if (this.filterCache.size >= 16) this.filterCache.delete(this.filterCache.keys().next().value!);
      this.filterCache.set(key, entry);
    }
    return entry;
  }

  /** Vocabulary terms a query word matches: same stem, prefix (last word), or within the typo budget. */
  private matchTerms(word: QueryWord): Map<string, TermMatch> {
    const matches = new Map<string, TermMatch>();
    const wordStem = stem(word.norm);
    for (const term of this.byStem.get(wordStem) ?? [])
      matches.set(term, {typos: 0, exact: term === word.norm, prefixLength: null});
    for (const synonym of this.synonyms.get(wordStem) ?? []) {
      for (const term of this.byStem.get(synonym) ?? []) {
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
    const maxTypos =
      matches.size > 0 || /^\d+$/.test(word.norm)
        ? 0
        : word.norm.length >= 8
          ? 2
          : word.norm.length >= 4
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

  /** Record indexes, best first (before distinct). */
  private rank(
    words: QueryWord[],
    matchers: Map<string, TermMatch>[],
    allowed: {mask: Uint8Array; count: number},
  ): number[] {
    if (words.length === 0) {
      const all: number[] = [];
      for (let i = 0; i < this.records.length; i++) if (allowed.mask[i]) all.push(i);
      return all.sort((a, b) => this.compareCustom(a, b));
    }
    const perWord = matchers.map((terms) => this.wordMatches(terms, allowed.mask));
    // Rare words weigh more (inverse document frequency).
    const idf = perWord.map((matches) => Math.log(1 + allowed.count / (1 + matches.records.length)));
    const idfSum = idf.reduce((sum, value, word) => (words[word].stop ? sum : sum + value), 0);
    const adjacent = perWord.slice(1).map((matches, index) => this.adjacency(perWord[index], matches));

    // How well each page covers each word: the best weight the word has in any of
    // its records, plus a share of the second best (a word the page comes back to).
    const pageBest = new Map<number, Float64Array>();
    perWord.forEach((matches, word) => {
      const width = perWord.length;
      for (const record of matches.records) {
        const page = this.pageOf[record];
        let best = pageBest.get(page);
        if (!best) pageBest.set(page, (best = new Float64Array(2 * width)));
        const weight = matches.weight[record];
        if (weight > best[word]) [best[word], best[width + word]] = [weight, best[word]];
        else if (weight > best[width + word]) best[width + word] = weight;
      }
    });
    const pageScore = new Map<number, number>();
    for (const [page, best] of pageBest) {
      let score = 0;
      let covered = 0;
      perWord.forEach((_, word) => {
        const weight = best[word] + RANKING.repeat * best[perWord.length + word];
        score += idf[word] * weight;
        if (weight > 0 && !words[word].stop) covered += idf[word];
      });
      pageScore.set(page, score * (covered / idfSum) ** RANKING.pageCoverage);
    }

    const seen = new Uint8Array(this.records.length);
    const scored: {record: number; score: number}[] = [];
    for (const [word, matches] of perWord.entries()) {
      if (words[word].stop) continue;
      for (const record of matches.records) {
        if (seen[record]) continue;
        seen[record] = 1;
        let score = 0;
        let covered = 0;
        perWord.forEach((other, word) => {
          const weight = other.weight[record];
          if (weight === 0) return;
          score += idf[word] * weight;
          if (!words[word].stop) covered += idf[word];
          if (word > 0 && adjacent[word - 1][record])
            score += RANKING.proximity * Math.min(idf[word - 1], idf[word]);
        });
        const rank = this.records[record].weight.pageRank;
        const combined =
          score * (covered / idfSum) ** RANKING.recordCoverage +
          RANKING.page * pageScore.get(this.pageOf[record])!;
        scored.push({record, score: combined * (1 + RANKING.pageRankBoost * rank)});
      }
    }
    scored.sort((a, b) => b.score - a.score || this.compareCustom(a.record, b.record));
    // Each further record of the same page counts a little less, so other pages' best records come up.
    const shown = new Map<number, number>();
    for (const candidate of scored) {
      const page = this.pageOf[candidate.record];
      const count = shown.get(page) ?? 0;
      shown.set(page, count + 1);
      candidate.score *= RANKING.samePageDecay ** count;
    }
    scored.sort((a, b) => b.score - a.score || this.compareCustom(a.record, b.record));
    return scored.map((candidate) => candidate.record);
  }

  /** For each record, the weight of its best match of a query word (0: no match). */
  private wordMatches(terms: Map<string, TermMatch>, allowed: Uint8Array): WordMatches {
    const weight = new Float64Array(this.records.length);
    const records: number[] = [];
    const postings: number[][] = [];
    for (const [term, match] of terms) {
      const list = this.postings.get(term)!;
      postings.push(list);
      const quality = matchQuality(match);
      for (let i = 0; i < list.length; i += 3) {
        const record = list[i];
        if (!allowed[record]) continue;
        const code = list[i + 1];
        const value =
          code >= PART
            ? RANKING.fields[code - PART] * quality * RANKING.part
            : RANKING.fields[code] * quality;
        if (weight[record] === 0) records.push(record);
        if (value > weight[record]) weight[record] = value;
      }
    }
    return {weight, records, postings};
  }

  /** Records where the two words stand next to each other in the same attribute. */
  private adjacency(first: WordMatches, second: WordMatches): Uint8Array {
    const adjacent = new Uint8Array(this.records.length);
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
    const wa = this.records[a].weight;
    const wb = this.records[b].weight;
    return wb.pageRank - wa.pageRank || wb.level - wa.level || wa.position - wb.position || a - b;
  }

  private hit(record: SearchRecord, params: SearchParams, matcher: QueryMatcher): Hit {
    withObjectId(record);
    const hit: Hit = {
      ...retrieve(record, params.attributesToRetrieve ?? DEFAULT_SETTINGS.attributesToRetrieve),
      objectID: record.objectID,
    };
    const pre = params.highlightPreTag ?? DEFAULT_SETTINGS.highlightPreTag;
    const post = params.highlightPostTag ?? DEFAULT_SETTINGS.highlightPostTag;
    const toHighlight = params.attributesToHighlight ?? ['hierarchy', 'content'];
    const toSnippet = (params.attributesToSnippet ?? DEFAULT_SETTINGS.attributesToSnippet).map(
      parseSnippetAttribute,
    );
    const ellipsis = params.snippetEllipsisText ?? DEFAULT_SETTINGS.snippetEllipsisText;

    const highlight: Record<string, unknown> = {};
    const snippet: Record<string, unknown> = {};
    SEARCHABLE.forEach((attribute, index) => {
      const text = attributeText(record, index);
      if (!text) return;
      const wantsHighlight = toHighlight.some(
        (name) => name === '*' || attribute === name || attribute.startsWith(`${name}.`),
      );
      const snippetWords = toSnippet.find(
        (entry) => entry.name === '*' || attribute === entry.name || attribute.startsWith(`${entry.name}.`),
      )?.words;
      if (!wantsHighlight && snippetWords === undefined) return;
      const found = highlightRanges(this.tokens(text, index < CONTENT), matcher);
      if (wantsHighlight) setPath(highlight, attribute, renderHighlight(text, found, pre, post, matcher));
      if (snippetWords !== undefined)
        setPath(snippet, attribute, renderSnippet(text, found, snippetWords, pre, post, ellipsis, matcher));
    });
    if (Object.keys(highlight).length) hit._highlightResult = highlight;
    if (Object.keys(snippet).length) hit._snippetResult = snippet;
    return hit;
  }
}

export function parseQuery(query: string): QueryWord[] {
  const tokens = tokenize(query).filter((token) => !token.part);
  const typingLastWord = /[\p{L}\p{M}\p{N}_]$/u.test(query);
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

function attributeText(record: SearchRecord, attribute: number): string | null {
  return attribute === CONTENT ? record.content : record.hierarchy[LEVELS[attribute]];
}

function retrieve(record: SearchRecord, attributes: string[]): Record<string, unknown> {
  if (attributes.includes('*')) {
    const all = structuredClone(record) as Record<string, unknown>;
    delete all.objectID;
    return all;
  }
  const result: Record<string, unknown> = {};
  for (const attribute of attributes) {
    const [head, ...rest] = attribute.split('.');
    let value: unknown = (record as Record<string, unknown>)[head];
    for (const key of rest)
      value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    if (value === undefined) continue;
    setPath(result, attribute, value && typeof value === 'object' ? structuredClone(value) : value);
  }
  return result;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

function parseSnippetAttribute(entry: string): {name: string; words: number} {
  const [name, count] = entry.split(':');
  const words = Number(count);
  return {name, words: Number.isFinite(words) && words > 0 ? Math.floor(words) : 10};
}

function facetList(facets: SearchParams['facets']): string[] {
  if (!facets) return [];
  const list = Array.isArray(facets) ? facets : String(facets).split(',');
  return list.map((facet) => facet.trim()).filter(Boolean);
}

function lowerBound(sorted: string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number)
    ? Math.min(max, Math.max(min, Math.floor(number)))
    : fallback;
}

function encodeParams(params: SearchParams): string {
  return Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(
      ([key, value]) =>
        `${encodeURIComponent(key)}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`,
    )
    .join('&');
}

function randomHex(length: number): string {
  let text = '';
  while (text.length < length)
    text += Math.floor(Math.random() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  return text.slice(0, length);
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}
