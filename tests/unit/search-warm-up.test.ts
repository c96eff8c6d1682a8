import {describe, expect, it} from 'vitest';
import {searchSettings} from '../../config/search.ts';
import {
  encodeIndex,
  type PostingShard,
  type SplitIndexFile,
} from '../../src/plugins/search/index-file/codec.ts';
import {openIndex} from '../../src/plugins/search/index-file/open.ts';
import {decodePostingList} from '../../src/plugins/search/index-file/postings.ts';
import {splitIndex} from '../../src/plugins/search/index-file/shards.ts';
import {repeatSample, warmUpEngine} from '../../src/plugins/search/warm-up/run.ts';
import {WARM_UP_RECORDS, warmUpSample, type WarmUpSample} from '../../src/plugins/search/warm-up/sample.ts';
import {recordsFromBlocks} from '../../src/plugins/search/records/page.ts';
import type {SearchRecord} from '../../src/plugins/search/types.ts';

/** Three pages about streams, nineteen records each: `streams` and the first page's topic are in every record of the sample. */
const records: SearchRecord[] = ['publishing', 'subscribing', 'partitions'].flatMap((topic, page) =>
  recordsFromBlocks(
    {
      url: `https://docs.example.com/${topic}`,
      lvl0: 'Streams',
      pageRank: 1,
      facets: {language: 'en', docusaurus_tag: 'docs-default-current', version: 'current'},
    },
    [
      {kind: 'heading', level: 1, text: `${topic} on streams`, anchor: null},
      ...Array.from({length: 9}, (_, section) => [
        {
          kind: 'heading' as const,
          level: 2 as const,
          text: `Section ${section}`,
          anchor: `section-${page}-${section}`,
        },
        {
          kind: 'content' as const,
          text: `Streams carry messages; ${topic} ${section} moves messages between nodes.`,
        },
      ]).flat(),
    ],
  ),
);

const sample = warmUpSample(records, searchSettings)!;

/** The real index's first file with the sample, as the build writes it. */
function firstFileWith(warmUp: WarmUpSample | undefined): SplitIndexFile {
  const {first} = splitIndex(encodeIndex(records, searchSettings), 'search-index/abc');
  return {...first, warmUp};
}

const searchSample = (from: WarmUpSample, query: string) =>
  openIndex({...from.first, settings: searchSettings, synonyms: []}, async (name) => from.shards[name])(
    'warm-up',
    {query, hitsPerPage: 1000},
  );

describe('the warm-up sample (built into the first file)', () => {
  it('is the first records as a split index of its own, without the settings the real index has', () => {
    expect(sample.first.pages.reduce((sum, page) => sum + page[4], 0)).toBe(WARM_UP_RECORDS);
    expect(sample.first.pages.map(([url]) => url)).toEqual([
      'https://docs.example.com/publishing',
      'https://docs.example.com/subscribing',
    ]);
    expect(sample.first).not.toHaveProperty('settings');
    expect(sample.first).not.toHaveProperty('synonyms');
    expect(Object.keys(sample.shards).sort()).toEqual(['warm-up/c0.json', 'warm-up/t0.json']);
  });

  it('asks a common word, the word as typed so far, two words and a typo, each of which finds records', async () => {
    expect(sample.queries).toEqual(['streams', 'str', 'streams publishing', 'pulbishing']);
    for (const query of sample.queries) {
      const answer = await searchSample(sample, query);
      expect(answer.nbHits, query).toBeGreaterThan(0);
    }
  });

  it('is left out when the records have too few words to ask', () => {
    const tiny = recordsFromBlocks({url: 'https://docs.example.com/a', lvl0: 'A', pageRank: 1, facets: {}}, [
      {kind: 'heading', level: 1, text: 'Hi', anchor: null},
    ]);
    expect(warmUpSample(tiny, searchSettings)).toBeUndefined();
    expect(warmUpSample([], searchSettings)).toBeUndefined();
  });
});

describe('warming up (in the search worker)', () => {
  it('a repeated sample is the sample again under new URLs: a query finds its records once per copy', async () => {
    const once = await searchSample(sample, 'messages');
    const thrice = await searchSample(repeatSample(sample, 3), 'messages');
    expect(thrice.nbHits).toBe(3 * once.nbHits);
    const urls = thrice.hits.map((hit) => String(hit.url));
    for (const copy of [0, 1, 2]) expect(urls.some((url) => url.includes(`?copy=${copy}`))).toBe(true);
    // Content comes from the repeated content shard.
    expect(thrice.hits.every((hit) => hit.type !== 'content' || typeof hit.content === 'string')).toBe(true);
  });

  it("repeats each posting list, each copy's records after the previous copy's", () => {
    const lists = (from: WarmUpSample) => (from.shards['warm-up/t0.json'] as PostingShard).lists;
    const thrice = lists(repeatSample(sample, 3));
    lists(sample).forEach((list, term) => {
      const once = [...decodePostingList(list)];
      const repeated = [0, 1, 2].flatMap((copy) =>
        once.map((value, index) => (index % 3 === 0 ? value + copy * WARM_UP_RECORDS : value)),
      );
      expect([...decodePostingList(thrice[term])], String(term)).toEqual(repeated);
    });
  });

  it('asks every query of the sample, round after round, and says how many searches it ran', async () => {
    await expect(warmUpEngine(firstFileWith(sample), () => false, {copies: 2, rounds: 2})).resolves.toBe(8);
  });

  it('stops as soon as a real call has come, between two searches', async () => {
    let asked = 0;
    const stop = () => asked++ >= 4;
    // One check before it starts, one before opening each round's sample, one before each search.
    await expect(warmUpEngine(firstFileWith(sample), stop, {copies: 2, rounds: 2})).resolves.toBe(2);
  });

  it('does nothing without a sample, and a broken sample changes nothing (it resolves)', async () => {
    await expect(warmUpEngine(firstFileWith(undefined), () => false)).resolves.toBe(0);
    const broken = {...sample, shards: {}};
    await expect(warmUpEngine(firstFileWith(broken), () => false, {copies: 2, rounds: 1})).resolves.toBe(0);
  });
});
