import type {SearchSettings} from '../settings.ts';
import type {SearchRecord, Synonym} from '../types.ts';
import {encodeIndex, type ContentShard, type PostingShard, type SplitIndexFile} from '../index-file/codec.ts';
import {buildPostings} from '../index-file/postings.ts';
import {splitIndex} from '../index-file/shards.ts';

/**
 * The site's first records as a tiny split index of its own, carried in the first file, with queries
 * the worker asks before the visitor has typed (../README.md, "The search worker and its warm-up").
 */
export type WarmUpSample = {
  /** The sample's first file, without `settings` and `synonyms` (the real index's are used). */
  first: Omit<SplitIndexFile, 'settings' | 'synonyms'>;
  /** Its shards by name, as the shard reader would fetch them. */
  shards: Record<string, PostingShard | ContentShard>;
  /** Queries that match it: a common word, that word as typed so far, two words, and a typo. */
  queries: string[];
};

/** Records the sample takes: enough for every step of a search to run, few enough to cost little. */
export const WARM_UP_RECORDS = 24;

/** The sample of `records`: the first WARM_UP_RECORDS (undefined if they have too few words for the queries). */
export function warmUpSample(
  records: SearchRecord[],
  settings: SearchSettings,
  synonyms: Synonym[] = [],
): WarmUpSample | undefined {
  const taken = records.slice(0, WARM_UP_RECORDS);
  if (taken.length === 0) return undefined;
  const whole = encodeIndex(taken, settings, synonyms);
  const {first, shards} = splitIndex(whole, 'warm-up/');
  const {terms, lists} = buildPostings(whole);
  // The words most records hold (three entries per posting), long enough for typo tolerance.
  const common = terms
    .map((term, index) => ({term, postings: lists[index].length / 3}))
    .filter(({term}) => /^[a-z]{5,}$/.test(term))
    .sort((a, b) => b.postings - a.postings || (a.term < b.term ? -1 : 1))
    .map(({term}) => term);
  if (common.length < 2) return undefined;
  const [word, other] = common;
  // Two different letters swapped inside the word: a match with typos.
  const at = [...other].findIndex(
    (letter, index) => index >= 2 && index < other.length - 1 && letter !== other[index + 1],
  );
  const typo = at < 0 ? other : `${other.slice(0, at)}${other[at + 1]}${other[at]}${other.slice(at + 2)}`;
  // The worker searches the sample with the real index's settings and synonyms.
  const {settings: sameSettings, synonyms: sameSynonyms, ...own} = first;
  return {
    first: own,
    shards: Object.fromEntries(shards),
    queries: [word, word.slice(0, 3), `${word} ${other}`, typo],
  };
}
