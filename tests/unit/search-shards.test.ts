// cspell:ignore subscr opertor xyzzy
import {describe, expect, it, vi} from 'vitest';
import {searchSettings} from '../../config/search.ts';
import {answerSearch} from '../../src/plugins/search/algolia-protocol/answer.ts';
import {bestByPage} from '../../src/plugins/search/engine/topK.ts';
import {
  encodeIndex,
  type ContentShard,
  type SplitIndexFile,
} from '../../src/plugins/search/index-file/codec.ts';
import {decodeIndex, loadedContent, splitRecords} from '../../src/plugins/search/index-file/layout.ts';
import {openIndex, searchEngineFor} from '../../src/plugins/search/index-file/open.ts';
import {decodePostingList, encodePostingList} from '../../src/plugins/search/index-file/postings.ts';
import {joinIndex, shardPath, splitIndex} from '../../src/plugins/search/index-file/shards.ts';
import {recordsFromBlocks} from '../../src/plugins/search/records/page.ts';
import {withObjectId} from '../../src/plugins/search/records/recordId.ts';

/** Pages enough for several shards of each kind, with words shared between pages and some only in one. */
const WORDS = ['stream', 'publish', 'subscribe', 'partition', 'operator', 'delegate', 'storage', 'node'];
const records = Array.from({length: 40}, (_, page) =>
  recordsFromBlocks(
    {
      url: `https://docs.example.com/page-${page}`,
      lvl0: page % 2 ? 'Guides' : 'Usage',
      pageRank: page % 3,
      facets: {
        language: 'en',
        docusaurus_tag: page < 30 ? 'docs-default-current' : 'docs-default-102',
        version: page < 30 ? 'current' : '102',
      },
    },
    [
      {kind: 'heading', level: 1, text: `${WORDS[page % WORDS.length]} page ${page}`, anchor: null},
      {
        kind: 'content',
        text: `How to ${WORDS[(page + 3) % WORDS.length]} with getOrCreateStream, word${page}.`,
      },
      {
        kind: 'heading',
        level: 2,
        text: `${WORDS[(page + 1) % WORDS.length]} options`,
        anchor: `options-${page}`,
      },
      {
        kind: 'content',
        text: `The ${WORDS[(page + 5) % WORDS.length]} call takes a partition number ${page * 7}.`,
      },
    ],
  ),
).flat();

const whole = JSON.parse(JSON.stringify(encodeIndex(records, searchSettings)));
/** Small shards, so a query touches few of many. */
const split = splitIndex(whole, 'search-index/abc123', {postings: 200, content: 40});
const first = JSON.parse(JSON.stringify(split.first)) as SplitIndexFile;

function shardReader() {
  const fetched: string[] = [];
  const read = async (name: string) => {
    fetched.push(name);
    const shard = split.shards.get(name);
    if (!shard) throw new Error(`no shard ${name}`);
    return JSON.parse(JSON.stringify(shard)) as unknown;
  };
  return {fetched, read};
}

const QUERIES = [
  'publish',
  'subscr',
  'partition number',
  'getOrCreateStream',
  'stream',
  'opertor',
  'word17',
  'xyzzy',
];
const PARAMS = [
  {hitsPerPage: 5, facetFilters: ['version:current']},
  {hitsPerPage: 20, page: 1},
  {hitsPerPage: 3, facets: ['version'], attributesToRetrieve: ['*']},
];

describe('split local index', () => {
  it('answers a request in one pass: the query is parsed and ranked once, after its shards are loaded', async () => {
    const index = openIndex(first, shardReader().read);
    const parse = vi.spyOn(index.engine.vocabulary, 'parse');
    const rank = vi.spyOn(index.engine, 'rank');
    const answer = await index('docs', {query: 'publish stream', hitsPerPage: 5});
    expect(answer.hits.length).toBeGreaterThan(0);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(rank).toHaveBeenCalledTimes(1);
  });

  it('writes several shards of each kind under the hashed folder, and the first file has no content', () => {
    expect(first.format).toBe(5);
    expect(first.shards.path).toBe('search-index/abc123/');
    expect(first.shards.terms.length).toBeGreaterThan(3);
    expect(first.shards.records.length).toBeGreaterThan(3);
    expect('content' in first.records).toBe(false);
    expect('levels' in first.records).toBe(false);
    expect([...split.shards.keys()].every((name) => /^search-index\/abc123\/[tc]\d+\.json$/.test(name))).toBe(
      true,
    );
  });

  it('answers every query exactly as the whole index does, loading only the shards it needs', async () => {
    const wholeEngine = searchEngineFor(whole);
    const {fetched, read} = shardReader();
    const search = openIndex(first, read);
    for (const query of QUERIES) {
      for (const params of PARAMS) {
        const request = {query, ...params};
        const expected = answerSearch(wholeEngine, 'docs', request);
        const answer = await search('docs', request);
        const strip = ({processingTimeMS: _, ...rest}: typeof answer) => rest;
        expect(strip(answer), `${query} ${JSON.stringify(params)}`).toEqual(strip(expected));
      }
    }
    // Every shard was needed by some query here; one query alone takes few.
    const one = shardReader();
    await openIndex(first, one.read)('docs', {query: 'publish', hitsPerPage: 5});
    expect(one.fetched.length).toBeLessThan(split.shards.size / 2);
    expect(new Set(fetched).size).toBe(fetched.length);
  });

  it('a consumer that shows a few hits per section gets those hits, and only their content is loaded', async () => {
    const request = {query: 'stream', hitsPerPage: 20, attributesToRetrieve: ['*']};
    const all = shardReader();
    const whole = await openIndex(first, all.read)('docs', request);
    const sections = new Map<unknown, number>();
    const expected = whole.hits.filter((hit) => {
      const section = (hit.hierarchy as {lvl0: string}).lvl0;
      sections.set(section, (sections.get(section) ?? 0) + 1);
      return sections.get(section)! <= 2;
    });
    expect(expected.length).toBeLessThan(whole.hits.length);
    const few = shardReader();
    const answer = await openIndex(first, few.read)('docs', request, {perSection: 2});
    const strip = ({processingTimeMS: _, ...rest}: typeof answer) => rest;
    expect(strip(answer)).toEqual({...strip(whole), hits: expected});
    const content = (fetched: string[]) => fetched.filter((name) => /\/c\d+\.json$/.test(name)).length;
    expect(content(few.fetched)).toBeLessThan(content(all.fetched));
  });

  it('merging pages by their best record gives the order a full sort of the decayed candidates gives', () => {
    const plain = decodeIndex(whole);
    const decay = whole.settings.weights.samePageDecay;
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    // Pages scored as the merge needs them, with a bound equal to a page's best score (ties with the
    // best record left), a looser one, and all pages scored up front.
    const bounds: ((best: number) => number)[] = [(best) => best, (best) => best * 1.5 + 1];
    // What the engine gives the merge: its pages, distinct keys and custom ranking.
    const ranker = searchEngineFor(whole)['scoring'];
    for (let round = 0; round < 30; round++) {
      // Candidates in no order, with scores from a few values: many ties, settled by the custom ranking.
      const candidates = plain.map((_, record) => record).filter(() => random() < 0.6);
      candidates.sort(() => random() - 0.5);
      const given = new Float64Array(plain.length);
      for (const record of candidates) given[record] = 1 + Math.floor(random() * 3);
      // The definition: sort each page's candidates, decay the nth by decay^n, sort them all, keep the
      // first record of each distinct value (URL or page, as the settings say).
      const reference = Float64Array.from(given);
      const compare = (a: number, b: number) => reference[b] - reference[a] || ranker.compareCustom(a, b);
      const byPage = new Map<string, number[]>();
      for (const record of candidates) {
        const page = plain[record].url_without_anchor;
        byPage.set(page, [...(byPage.get(page) ?? []), record]);
      }
      for (const records of byPage.values())
        records.sort(compare).forEach((record, n) => (reference[record] *= decay ** n));
      const seen = new Set<unknown>();
      const distinct = whole.settings.distinct as 'url' | 'url_without_anchor';
      const expected = [...candidates].sort(compare).filter((record) => {
        const fresh = !seen.has(plain[record][distinct]);
        seen.add(plain[record][distinct]);
        return fresh;
      });
      const best = (record: number) =>
        Math.max(...byPage.get(plain[record].url_without_anchor)!.map((other) => given[other]));
      for (const bound of [undefined, ...bounds]) {
        const scores = new Float64Array(plain.length);
        const scored = new Set<number>();
        const merged = bestByPage(
          ranker,
          [...candidates],
          scores,
          (a, b) => scores[b] - scores[a] || ranker.compareCustom(a, b),
          (record) => {
            scored.add(record);
            scores[record] = given[record];
          },
          bound && ((_, record) => bound(best(record))),
        );
        expect(merged.count).toBe(expected.length);
        expect(merged.slice(0, 7)).toEqual(expected.slice(0, 7));
        // With a bound, the first hits need only some of the pages scored.
        if (bound && round === 0) expect(scored.size).toBeLessThan(candidates.length);
        expect(merged.slice(0, expected.length)).toEqual(expected);
      }
    }
  });

  it('a page of hits is the same slice of the whole ranking, whichever pages were asked for before', () => {
    for (const query of [...QUERIES, '']) {
      const expected = searchEngineFor(whole)
        .search({query})
        .records.map((record) => record.url);
      const result = searchEngineFor(whole).search({query});
      const pages = [
        [0, 3],
        [3, 5],
        [1, 2],
        [8, 20],
        [0, expected.length],
      ];
      for (const [start, end] of pages)
        expect(
          result.slice(start, end).map((record) => record.url),
          `${query} ${start}-${end}`,
        ).toEqual(expected.slice(start, end));
      expect(result.count).toBe(expected.length);
    }
  });

  it('loadAll fetches every shard once, and later searches need no more', async () => {
    const all = shardReader();
    await openIndex(first, all.read).loadAll();
    expect([...all.fetched].sort()).toEqual([...split.shards.keys()].sort());
    // After a search has loaded some shards, the rest.
    const {fetched, read} = shardReader();
    const search = openIndex(first, read);
    await search('docs', {query: 'publish', hitsPerPage: 5});
    await search.loadAll();
    expect(new Set(fetched)).toEqual(new Set(split.shards.keys()));
    expect(fetched.length).toBe(split.shards.size);
    for (const query of QUERIES) await search('docs', {query, hitsPerPage: 20});
    expect(fetched.length).toBe(split.shards.size);
  });

  it('reading content or headings (lvl1 and below) that are not loaded is an error, not an empty text', async () => {
    const {read} = shardReader();
    const index = openIndex(first, read);
    expect(() => index.engine.recordAt(1).content).toThrow(/content of record 1 is not loaded/);
    expect(() => index.engine.recordAt(1).hierarchy.lvl1).toThrow(/headings of record 1 are not loaded/);
    // The section (lvl0) is the page's, in the first file: known before the content is loaded.
    expect(index.engine.recordAt(1).hierarchy.lvl0).toBe(records[1].hierarchy.lvl0);
    await index.loadAll();
    expect(index.engine.recordAt(1).content).toBe(records[1].content);
    expect(index.engine.recordAt(1).hierarchy).toEqual(records[1].hierarchy);
  });

  it('its records are the whole index records, field by field', () => {
    const loaded = loadedContent(first);
    first.shards.records.forEach((_, index) =>
      loaded.add(split.shards.get(shardPath(first.shards.path, 'c', index)) as ContentShard),
    );
    const source = splitRecords(first, loaded);
    const lazy = Array.from({length: source.count}, (_, index) => source.at(index));
    expect(lazy.map((record) => withObjectId(JSON.parse(JSON.stringify(record))))).toEqual(records);
    expect(lazy[5].hierarchy.lvl1).toBe(records[5].hierarchy.lvl1);
    expect(lazy[5].weight).toEqual(records[5].weight);
  });

  it('joins back into the whole index', () => {
    expect(joinIndex(first, (name) => JSON.parse(JSON.stringify(split.shards.get(name))))).toEqual(whole);
    expect(joinIndex(whole, () => undefined)).toBe(whole);
    expect(() => joinIndex(first, (name) => ({...(split.shards.get(name) as object), first: 1}))).toThrow(
      /content shard 0 does not start at record 0/,
    );
  });

  it('refuses a shard of another index, or a content shard without headings', async () => {
    const index = openIndex(first, async () => ({format: 5, first: 999, lists: []}));
    await expect(index('docs', {query: 'publish'})).rejects.toThrow(
      /posting shard \d+ does not fit the index/,
    );
    const {read} = shardReader();
    const withoutHeadings = openIndex(first, async (name) => ({
      ...((await read(name)) as object),
      levels: [],
    }));
    await expect(withoutHeadings('docs', {query: 'publish'})).rejects.toThrow(
      /content shard at record \d+ has no headings/,
    );
  });
});

describe('posting lists as text', () => {
  it('come back exactly, large numbers and long lists too', () => {
    const list = [0, 0, 0, 3, 1, 56, 3, 9, 57, 100_000, 15, 4000, 100_000, 2, 70_000, 2_000_000, 8, 1];
    const text = encodePostingList(list);
    expect(Array.from(decodePostingList(text))).toEqual(list);
    expect(text).not.toMatch(/["\\]/);
    expect(JSON.stringify(text)).toHaveLength(text.length + 2);
  });
});
