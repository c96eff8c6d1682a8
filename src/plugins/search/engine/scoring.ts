import type {SearchSettings} from '../settings.ts';
import type {TermMatch} from './highlight.ts';
import {bestByPage, type OrderedLazily, type RecordPages} from './topK.ts';
import {PART, type QueryWord} from './vocabulary.ts';

/**
 * Scoring, tuned on tests/search-relevance; the weights are `settings.weights`.
 * The merge that puts the scores in order is ./topK.ts.
 */

/** What scoring reads of the engine (./engine.ts). */
export type Scoring = RecordPages & {
  recordCount: number;
  weights: SearchSettings['weights'];
  pageRankOf: (record: number) => number;
  listOf: (term: string) => ArrayLike<number>;
};

/** The pages facet filters let through (1: allowed), and how many records they hold. */
export type Allowed = {mask: Uint8Array; count: number};

type WordMatches = {
  /** Per record: weight of the best match (0 = none). */
  weight: Float64Array;
  /** Records with a match (allowed by the filters). */
  records: number[];
  /** Posting lists of the matched terms. */
  postings: ArrayLike<number>[];
};

/** The same word 1, another form of it (plural, -ing, -ed) 0.9, a prefix or synonym 0.8, typos less. */
function matchQuality(match: TermMatch): number {
  if (match.typos > 0) return 0.6 ** match.typos * 0.9;
  if (match.prefixLength !== null || match.synonym) return 0.8;
  return match.exact ? 1 : 0.9;
}

/**
 * A record scores the sum over query words of idf(word) x the
 * weight of the field it matches in (`fields`) x the match quality; times the share
 * of the query it covers; plus `page` x its page's score (the same sum over the
 * whole page, times the squared coverage); times 1 + `pageRankBoost` x weight.pageRank.
 * Returns the best record of each `settings.distinct` value, best first.
 */
export function rankRecords(
  s: Scoring,
  words: QueryWord[],
  matchers: Map<string, TermMatch>[],
  allowed: Allowed,
): OrderedLazily {
  const {weights} = s;
  const scores = new Float64Array(s.recordCount);
  const byScore = (a: number, b: number) => scores[b] - scores[a] || s.compareCustom(a, b);
  if (words.length === 0) {
    // Every score 0: the merge puts the records in the custom ranking's order.
    const all: number[] = [];
    for (let i = 0; i < s.recordCount; i++) if (allowed.mask[s.pageOf[i]] === 1) all.push(i);
    return bestByPage(s, all, scores, byScore, () => undefined);
  }
  const perWord = matchers.map((terms) => wordMatches(s, terms, allowed));
  // Rare words weigh more (inverse document frequency).
  const idf = perWord.map((matches) => Math.log(1 + allowed.count / (1 + matches.records.length)));
  const idfSum = idf.reduce((sum, value, word) => (words[word].stop ? sum : sum + value), 0);
  const adjacent = perWord
    .slice(1)
    .map((matches, index) => adjacency(s.recordCount, perWord[index], matches));

  // How well each page covers each word: the best weight the word has in any of
  // its records, plus a share of the second best (a word the page comes back to).
  const width = perWord.length;
  const pageBest = new Float64Array(s.pageCount * 2 * width);
  const touched = new Uint8Array(s.pageCount);
  const {pageOf} = s;
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
  const pageScore = new Float64Array(s.pageCount);
  for (let page = 0; page < s.pageCount; page++) {
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

  let lastCovered = Number.NaN;
  let coverage = 0;
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
    const rank = s.pageRankOf(record);
    // Records in a row often match the same words: the power is worked out again only when that changes.
    if (covered !== lastCovered) {
      lastCovered = covered;
      coverage = (covered / idfSum) ** weights.recordCoverage;
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
    return (sum + weights.page * pageScore[page]) * (1 + weights.pageRankBoost * s.pageRankOf(record));
  };
  // Candidates: records matching a word that is not a stop word.
  const seen = new Uint8Array(s.recordCount);
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
  // The bound holds for weights that are not negative (and a page rank that only raises a score).
  const bounded = [
    ...weights.fields,
    weights.part,
    weights.proximity,
    weights.page,
    weights.pageRankBoost,
    weights.recordCoverage,
  ].every((weight) => weight >= 0);
  return bestByPage(s, candidates, scores, byScore, score, bounded ? upperBound : undefined);
}

/** For each record, the weight of its best match of a query word (0: no match). */
function wordMatches(s: Scoring, terms: Map<string, TermMatch>, allowed: Allowed): WordMatches {
  const weight = new Float64Array(s.recordCount);
  const records: number[] = [];
  const postings: ArrayLike<number>[] = [];
  const {weights, pageOf} = s;
  // Plain loops over typed arrays below: they run once per posting, tens of thousands of times on the
  // first search, before the code is optimized.
  const {mask} = allowed;
  const valueOfCode = new Float64Array(2 * PART);
  for (const [term, match] of terms) {
    const list = s.listOf(term);
    postings.push(list);
    const quality = matchQuality(match);
    for (let code = 0; code < weights.fields.length; code++) {
      valueOfCode[code] = weights.fields[code] * quality;
      valueOfCode[code + PART] = weights.fields[code] * quality * weights.part;
    }
    for (let i = 0; i < list.length; i += 3) {
      const record = list[i];
      if (mask[pageOf[record]] === 0) continue;
      const value = valueOfCode[list[i + 1]];
      const current = weight[record];
      if (current === 0) records.push(record);
      if (value > current) weight[record] = value;
    }
  }
  return {weight, records, postings};
}

/** Records where the two words stand next to each other in the same attribute. */
function adjacency(recordCount: number, first: WordMatches, second: WordMatches): Uint8Array {
  const adjacent = new Uint8Array(recordCount);
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
