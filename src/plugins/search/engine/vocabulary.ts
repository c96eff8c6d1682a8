import {ENGINE_ERROR} from '../codeMarkers.ts';
import type {SearchSettings} from '../settings.ts';
import type {Synonym} from '../types.ts';
import type {TermMatch} from './highlight.ts';
import {boundedDistance, normalize, startsWithWordChar, stem, STOP_WORDS, tokenize} from './tokenize.ts';

/**
 * The engine's vocabulary: every indexed term (sorted), the posting lists loaded
 * so far, and how a query word matches terms: the same stem (plurals, -ing, -ed
 * ignored), the last word also as a prefix while typing, synonyms, and (for a
 * word found nowhere) typos as `settings.typos` allows, none in numbers.
 */

export type QueryWord = {
  original: string;
  norm: string;
  /** The last word, still being typed: matches as a prefix too. */
  prefix: boolean;
  /** A stop word: adds to the score and proximity but is never required. */
  stop: boolean;
};

/** A query worked out against the vocabulary: its words, and the terms each matches. */
export type ParsedQuery = {words: QueryWord[]; matchers: Map<string, TermMatch>[]};

const MAX_QUERY_WORDS = 10;

/** Posting attribute codes of compound-word parts are offset by this (so at most this many searchable attributes). */
export const PART = 8;

export class Vocabulary {
  /** Sorted terms, for prefix ranges. */
  readonly terms: string[];
  /** term → flat [record, attribute code, position, …]; a split index's arrive with their shards. */
  private readonly postings = new Map<string, ArrayLike<number>>();
  /** stem → terms with that stem, filled as queries ask (stemming the whole vocabulary slowed the first search). */
  private readonly byStem = new Map<string, string[]>();
  /** Stem of each term, once worked out. */
  private readonly termStems: (string | undefined)[];
  /** stem → stems it may also match (Algolia synonyms). */
  private readonly synonyms = new Map<string, Set<string>>();
  private readonly typos: SearchSettings['typos'];

  /** Posting lists come later, with `addPostings`: a split index's as queries need them. */
  constructor(terms: string[], synonyms: Synonym[], typos: SearchSettings['typos']) {
    this.terms = terms;
    this.termStems = new Array(terms.length);
    this.typos = typos;
    for (const entry of synonyms) {
      const add = (from: string, to: string) => {
        const [a, b] = [stem(normalize(from)), stem(normalize(to))];
        if (a === b) return;
        if (!this.synonyms.has(a)) this.synonyms.set(a, new Set());
        this.synonyms.get(a)!.add(b);
      };
      if (entry.type === 'synonym') for (const a of entry.synonyms) for (const b of entry.synonyms) add(a, b);
      else for (const b of entry.synonyms) add(entry.input, b);
    }
  }

  /** A term's posting list; a missing one is a bug of the caller (it should have loaded it). */
  listOf(term: string): ArrayLike<number> {
    const list = this.postings.get(term);
    if (!list) throw new Error(`${ENGINE_ERROR} the posting list of "${term}" is not loaded`);
    return list;
  }

  /** The query's words and the terms each matches (no posting list needed yet). */
  parse(query: string): ParsedQuery {
    const words = parseQuery(query);
    return {words, matchers: words.map((word) => this.matchTerms(word))};
  }

  /** Matched terms of a parsed query whose posting lists are not loaded yet (a split index). */
  missingTerms({matchers}: ParsedQuery): string[] {
    const terms = new Set(matchers.flatMap((matches) => [...matches.keys()]));
    return [...terms].filter((term) => !this.postings.has(term));
  }

  addPostings(terms: string[], lists: ArrayLike<number>[]): void {
    terms.forEach((term, index) => this.postings.set(term, lists[index]));
  }

  /**
   * Terms with this stem, in vocabulary order. `stem` only cuts a suffix, or
   * turns "ies" into "y", so such a term starts with the stem less its last
   * letter: only the terms in that prefix range are stemmed.
   */
  private termsWithStem(wordStem: string): string[] {
    let list = this.byStem.get(wordStem);
    if (list) return list;
    list = [];
    const prefix = wordStem.slice(0, -1);
    const {terms} = this;
    for (let i = lowerBound(terms, prefix); i < terms.length && terms[i].startsWith(prefix); i++) {
      const termStem = (this.termStems[i] ??= stem(terms[i]));
      if (termStem === wordStem) list.push(terms[i]);
    }
    this.byStem.set(wordStem, list);
    return list;
  }

  /** Terms a query word matches: same stem, prefix (last word), synonyms, or within the typo budget. */
  private matchTerms(word: QueryWord): Map<string, TermMatch> {
    const matches = new Map<string, TermMatch>();
    const {terms} = this;
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
      for (let i = lowerBound(terms, word.norm); i < terms.length && terms[i].startsWith(word.norm); i++) {
        if (!matches.has(terms[i]))
          matches.set(terms[i], {typos: 0, exact: false, prefixLength: word.norm.length});
      }
    }
    // Typos are looked for only when the word itself is not in the vocabulary, and never in numbers.
    const {length} = word.norm;
    const maxTypos = length >= this.typos.twoTypos ? 2 : length >= this.typos.oneTypo ? 1 : 0;
    if (maxTypos > 0 && matches.size === 0 && !/^\d+$/.test(word.norm)) {
      for (const term of terms) {
        if (Math.abs(term.length - word.norm.length) > maxTypos || matches.has(term) || /^\d+$/.test(term))
          continue;
        const typos = boundedDistance(word.norm, term, maxTypos);
        if (typos <= maxTypos) matches.set(term, {typos, exact: false, prefixLength: null});
      }
    }
    return matches;
  }
}

export function parseQuery(query: string): QueryWord[] {
  const tokens = tokenize(query).filter((token) => !token.part);
  // A word character at the end: the same test as a word's start, on the last character (a code point).
  const typingLastWord = startsWithWordChar(Array.from(query).at(-1) ?? '');
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

/** Position of the first item ≥ `value` in a sorted list (strings in JavaScript string order). */
export function lowerBound<T extends string | number>(sorted: readonly T[], value: T): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
