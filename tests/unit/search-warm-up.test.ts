import {describe, expect, it} from 'vitest';
import {searchSettings} from '../../config/search.ts';
import {encodeIndex, type SplitIndexFile} from '../../src/plugins/search/index-file/codec.ts';
import {decodeIndex} from '../../src/plugins/search/index-file/layout.ts';
import {openIndex} from '../../src/plugins/search/index-file/open.ts';
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

/** Searches a sample as the worker does: split, with the real index's settings. */
function searchSample(index: WarmUpSample['index'], query: string) {
  const {first, shards} = splitIndex({...index, settings: searchSettings, synonyms: []}, 'warm-up/');
  return openIndex(first, async (name) => shards.get(name))('warm-up', {query, hitsPerPage: 1000});
}

describe('the warm-up sample (built into the first file)', () => {
  it('is the first records as an index of its own, without the settings the real index has', () => {
    expect(sample.index.pages.reduce((sum, page) => sum + page[4], 0)).toBe(WARM_UP_RECORDS);
    expect(sample.index.pages.map(([url]) => url)).toEqual([
      'https://docs.example.com/publishing',
      'https://docs.example.com/subscribing',
    ]);
    expect(sample.index).not.toHaveProperty('settings');
    expect(sample.index).not.toHaveProperty('synonyms');
    const decoded = decodeIndex({...sample.index, settings: searchSettings, synonyms: []});
    expect(decoded).toEqual(records.slice(0, WARM_UP_RECORDS).map((record) => ({...record, objectID: ''})));
  });

  it('asks a common word, the word as typed so far, two words and a typo, each of which finds records', async () => {
    expect(sample.queries).toEqual(['streams', 'str', 'streams publishing', 'pulbishing']);
    for (const query of sample.queries) {
      const answer = await searchSample(sample.index, query);
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
    const once = await searchSample(sample.index, 'messages');
    const thrice = await searchSample(repeatSample(sample, 3), 'messages');
    expect(thrice.nbHits).toBe(3 * once.nbHits);
    const urls = thrice.hits.map((hit) => String(hit.url));
    for (const copy of [0, 1, 2]) expect(urls.some((url) => url.includes(`?copy=${copy}`))).toBe(true);
    // Content comes from the repeated content shard.
    expect(thrice.hits.every((hit) => hit.type !== 'content' || typeof hit.content === 'string')).toBe(true);
  });

  it("repeats each record, each copy's records after the previous copy's", () => {
    const decoded = (index: WarmUpSample['index']) =>
      decodeIndex({...index, settings: searchSettings, synonyms: []});
    const once = decoded(sample.index);
    const thrice = decoded(repeatSample(sample, 3));
    expect(thrice).toHaveLength(3 * WARM_UP_RECORDS);
    thrice.forEach((record, index) => {
      const {url, url_without_anchor, ...same} = once[index % WARM_UP_RECORDS];
      const copy = Math.floor(index / WARM_UP_RECORDS);
      expect(record).toMatchObject(same);
      expect(record.url_without_anchor).toBe(`${url_without_anchor}?copy=${copy}`);
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
    // A format the splitting refuses.
    const broken = {...sample, index: {...sample.index, format: 2}} as unknown as WarmUpSample;
    await expect(warmUpEngine(firstFileWith(broken), () => false, {copies: 2, rounds: 1})).resolves.toBe(0);
  });
});
