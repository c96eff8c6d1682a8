import {describe, expect, it} from 'vitest';
import {searchSettings} from '../../config/search.ts';
import {answerSearch, type Hit} from '../../src/plugins/search/algolia-protocol/answer.ts';
import {parseQuery} from '../../src/plugins/search/engine/vocabulary.ts';
import {applyFacetFilters, parseFacetFilters} from '../../src/plugins/search/engine/facets.ts';
import {
  boundedDistance,
  splitWordRuns,
  startsWithWordChar,
  stem,
  tokenize,
  UNICODE_PATTERNS,
  wordPatterns,
} from '../../src/plugins/search/engine/tokenize.ts';
import {encodeIndex} from '../../src/plugins/search/index-file/codec.ts';
import {searchEngineFor} from '../../src/plugins/search/index-file/open.ts';
import {recordsFromBlocks, type Block} from '../../src/plugins/search/records/page.ts';
import type {SearchRecord} from '../../src/plugins/search/types.ts';

function page(
  path: string,
  lvl0: string,
  blocks: Block[],
  facets = {language: 'en', docusaurus_tag: 'docs-default-current'},
  pageRank = 1,
) {
  return recordsFromBlocks({url: `https://docs.example.com${path}`, lvl0, pageRank, facets}, blocks);
}
const h = (level: 1 | 2 | 3, text: string, anchor: string | null = null): Block => ({
  kind: 'heading',
  level,
  text,
  anchor,
});
const c = (text: string): Block => ({kind: 'content', text});

const records: SearchRecord[] = [
  ...page('/usage/streams/partitioning', 'Streams', [
    h(1, 'Partitioning'),
    c('Split a stream into partitions to scale throughput.'),
    h(2, 'Partition limits', 'limits'),
    c('A stream has between 1 and 100 partitions.'),
  ]),
  ...page('/usage/streams/publishing', 'Streams', [
    h(1, 'Publishing'),
    c('Call publish with a stream ID and a message; the SDK signs it.'),
    h(2, 'Publish metadata', 'metadata'),
    c('PublishMetadata sets the timestamp and the partition key of a message.'),
  ]),
  ...page(
    '/usage/sdk/api/classes/StreamrClient',
    'Classes',
    [
      h(1, 'Class: StreamrClient'),
      h(2, 'getOrCreateStream()', 'getorcreatestream'),
      c('Gets a stream, creating one if it does not exist. Returns Promise<Stream>.'),
      h(2, 'waitForStorage()', 'waitforstorage'),
      c('Waits until the message is stored.'),
    ],
    undefined,
    0,
  ),
  ...page(
    '/blog/release',
    'Blog',
    [h(1, 'Release notes'), c('Partitions are faster now.')],
    {language: 'en', docusaurus_tag: 'default'},
    0,
  ),
  ...page('/fr/partitionnement', 'Flux', [h(1, 'Partitionnement'), c('Partitions en français.')], {
    language: 'fr',
    docusaurus_tag: 'docs-default-current',
  }),
];
const engine = searchEngineFor(
  encodeIndex(records, searchSettings, [
    {objectID: 'max', type: 'oneWaySynonym', input: 'maximum', synonyms: ['limit']},
  ]),
);
const contextual = ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']];
const search = (query: string, params: Record<string, unknown> = {}) =>
  answerSearch(engine, 'docs', {query, facetFilters: contextual, ...params});
const urls = (hits: Hit[]) => hits.map((hit) => String(hit.url).replace('https://docs.example.com', ''));

describe('tokenizer', () => {
  it('words with offsets; compound words also give their parts', () => {
    expect(
      tokenize("getOrCreateStream STREAMR_NODE_ADDRESS ERC1271 owner's 0x4a8F Ünïcode").map((t) => [
        t.norm,
        t.pos,
        t.part,
      ]),
    ).toEqual([
      ['getorcreatestream', 0, false],
      ['get', 0, true],
      ['or', 0, true],
      ['create', 0, true],
      ['stream', 0, true],
      ['streamr_node_address', 1, false],
      ['streamr', 1, true],
      ['node', 1, true],
      ['address', 1, true],
      ['erc1271', 2, false],
      ['erc', 2, true],
      ['1271', 2, true],
      ['owner', 3, false],
      ['0x4a8f', 4, false],
      ['unicode', 5, false],
    ]);
    const [token] = tokenize('  Hello');
    expect([token.start, token.end]).toEqual([2, 7]);
  });

  it('stems plurals and common endings, not numbers', () => {
    expect(['partitions', 'partitioning', 'partition'].map(stem)).toEqual([
      'partition',
      'partition',
      'partition',
    ]);
    expect(['delegate', 'delegators', 'delegation', 'delegated'].map(stem)).toEqual(Array(4).fill('delegat'));
    expect(['queries', 'addresses', 'status', 'gas', 'stored', 'store', '1990s'].map(stem)).toEqual([
      'query',
      'address',
      'status',
      'gas',
      'stor',
      'stor',
      '1990s',
    ]);
  });

  it("a word starts with its stem less the last letter (the engine finds a stem's words in that prefix range)", () => {
    const bases = [
      'query',
      'address',
      'partition',
      'delegate',
      'study',
      'stop',
      'tie',
      'die',
      'operat',
      'bus',
    ];
    const endings = [
      '',
      's',
      'es',
      'ies',
      'ing',
      'ed',
      'ation',
      'ator',
      'ations',
      'e',
      'ied',
      'sses',
      'ss',
      'us',
    ];
    const words = [
      ...bases.flatMap((base) => endings.map((ending) => base + ending)),
      'x',
      'ies',
      '1990s',
      'ying',
    ];
    const broken = words.filter((word) => !word.startsWith(stem(word).slice(0, -1)));
    expect(broken).toEqual([]);
    expect(stem('studies')).toBe('study'); // the one rewrite that is not a cut: why "less the last letter"
  });

  it('bounded Damerau-Levenshtein distance', () => {
    expect(boundedDistance('stream', 'stream', 2)).toBe(0);
    expect(boundedDistance('stream', 'straem', 2)).toBe(1); // transposition
    expect(boundedDistance('stream', 'steam', 2)).toBe(1);
    expect(boundedDistance('stream', 'strange', 1)).toBe(2); // over the budget: max + 1
    expect(boundedDistance('a', 'abcd', 1)).toBe(2);
  });

  it('plain texts take the ASCII patterns, and they find what the Unicode ones find', () => {
    const plain = [
      'getOrCreateStream(streamId) returns a Stream',
      'STREAMR_STORAGE_NODE_ADDRESS=0x4a8f… ERC1271 and web3 v2 _private __x__',
      'The operator’s node — “delegated” stake – isn’t 100%; see #partitions\tand\nlines',
      'aB Ab ABc abC 1a a1 A1b2C3 HTTPServer XMLHttpRequest2',
      '',
    ];
    for (const text of plain) {
      expect(wordPatterns(text), text).not.toBe(UNICODE_PATTERNS);
      expect(tokenize(text), text).toEqual(tokenize(text, UNICODE_PATTERNS));
      expect(splitWordRuns(text), text).toEqual(text.split(UNICODE_PATTERNS.wordRun));
      for (const piece of splitWordRuns(text))
        expect(startsWithWordChar(piece), piece).toBe(UNICODE_PATTERNS.wordStart.test(piece));
    }
    // Letters, marks and digits outside ASCII (µ and ² are in Latin-1) take the Unicode patterns.
    for (const text of ['Café', 'naïve', 'µs', 'x²', 'Ⅻ', 'e\u0301', '日本語', '𝒳y']) {
      expect(wordPatterns(text), text).toBe(UNICODE_PATTERNS);
      expect(startsWithWordChar(text), text).toBe(true);
    }
    expect(tokenize('Café naïve µs x² 𝒳y').map((token) => token.norm)).toEqual([
      'cafe',
      'naive',
      'μs',
      'x2',
      'xy',
    ]);
    expect(parseQuery('café').map((word) => word.prefix)).toEqual([true]);
    expect(parseQuery('café ’').map((word) => word.prefix)).toEqual([false]);
  });

  it('query words: the last one is a prefix while typing; stop words are optional', () => {
    expect(parseQuery('how to publ').map((w) => [w.norm, w.prefix, w.stop])).toEqual([
      ['how', false, true],
      ['to', false, true],
      ['publ', true, false],
    ]);
    expect(parseQuery('publish ').map((w) => w.prefix)).toEqual([false]);
    expect(parseQuery('where to').every((w) => !w.stop)).toBe(true);
  });
});

describe('facet filters', () => {
  it('AND of ORs, negation, and a single string', () => {
    expect(parseFacetFilters(['language:en', ['docusaurus_tag:a', '-type:lvl1']])).toEqual([
      [{attribute: 'language', value: 'en', negated: false}],
      [
        {attribute: 'docusaurus_tag', value: 'a', negated: false},
        {attribute: 'type', value: 'lvl1', negated: true},
      ],
    ]);
    expect(parseFacetFilters('language:"en"')).toEqual([
      [{attribute: 'language', value: 'en', negated: false}],
    ]);
    expect(() => parseFacetFilters(['nonsense'])).toThrow(/attribute:value/);
    const mask = applyFacetFilters(records, ['language:fr']);
    expect(records.filter((_, i) => mask[i]).every((record) => record.language === 'fr')).toBe(true);
  });
});

describe('search engine (Algolia-compatible answers)', () => {
  it('ranks the page about the query first; contextual facets keep other languages out', () => {
    const result = search('partition limits');
    expect(urls(result.hits)[0]).toBe('/usage/streams/partitioning#limits');
    expect(urls(result.hits).some((url) => url.startsWith('/fr/'))).toBe(false);
    expect(urls(search('partitions', {facetFilters: ['language:fr']}).hits)).toEqual(['/fr/partitionnement']);
  });

  it('matches the last word as a prefix, other forms of words, synonyms, and typos in unknown words', () => {
    expect(urls(search('partiti').hits)).toContain('/usage/streams/partitioning');
    expect(search('partiti ').nbHits).toBe(0); // not a prefix once the word is finished
    expect(urls(search('maximum partitions').hits)[0]).toBe('/usage/streams/partitioning#limits');
    expect(urls(search('publshing').hits)[0]).toBe('/usage/streams/publishing');
    expect(urls(search('getOrCreateStream').hits)[0]).toBe(
      '/usage/sdk/api/classes/StreamrClient#getorcreatestream',
    );
    expect(urls(search('create stream').hits)).toContain(
      '/usage/sdk/api/classes/StreamrClient#getorcreatestream',
    );
  });

  it('guides outrank the API reference and the blog for the same words', () => {
    expect(urls(search('stream message').hits)[0]).toMatch(/^\/usage\/streams\//);
  });

  it("refuses a same-page decay that could put a page's second record above its first", () => {
    for (const samePageDecay of [0, 1.5, Number.NaN]) {
      const settings = {...searchSettings, weights: {...searchSettings.weights, samePageDecay}};
      expect(() => searchEngineFor(encodeIndex(records, settings))).toThrow(
        /docs-search engine: samePageDecay must be above 0 and at most 1/,
      );
    }
    expect(() =>
      searchEngineFor(
        encodeIndex(records, {...searchSettings, weights: {...searchSettings.weights, samePageDecay: 1}}),
      ),
    ).not.toThrow();
  });

  it('one hit per URL (distinct), pagination and counts', () => {
    const all = search('stream', {hitsPerPage: 100});
    expect(new Set(urls(all.hits)).size).toBe(all.hits.length);
    expect(all.nbHits).toBe(all.hits.length);
    const first = search('stream', {hitsPerPage: 2});
    const second = search('stream', {hitsPerPage: 2, page: 1});
    expect(first).toMatchObject({
      hitsPerPage: 2,
      page: 0,
      nbHits: all.nbHits,
      nbPages: Math.ceil(all.nbHits / 2),
    });
    expect(second.hits.map((hit) => hit.objectID)).toEqual(all.hits.slice(2, 4).map((hit) => hit.objectID));
    expect(search('zzzz').hits).toEqual([]);
  });

  it('highlights with the requested tags; snippets of N words with ellipses', () => {
    const [hit] = search('scale throu', {
      attributesToSnippet: ['content:3', 'hierarchy.lvl1:10'],
      highlightPreTag: '<em>',
      highlightPostTag: '</em>',
    }).hits as Hit[] & {_highlightResult: never}[];
    const highlight = hit._highlightResult as Record<
      string,
      Record<string, {value: string; matchLevel: string; matchedWords: string[]}>
    >;
    const snippet = hit._snippetResult as Record<string, {value: string}>;
    expect(highlight.content).toMatchObject({
      value: 'Split a stream into partitions to <em>scale</em> <em>throu</em>ghput.',
      matchLevel: 'full',
      matchedWords: ['scale', 'throu'],
    });
    expect(snippet.content.value).toBe('… to <em>scale</em> <em>throu</em>ghput.');
    expect(highlight.hierarchy.lvl1).toMatchObject({value: 'Partitioning', matchLevel: 'none'});
  });

  it('returns values as Algolia does: unescaped (the client escapes)', () => {
    const [hit] = search('Promise', {
      attributesToSnippet: ['content:10'],
      highlightPreTag: '[',
      highlightPostTag: ']',
    }).hits;
    // The 10-word window holding the match, "…" where the text was cut.
    expect((hit._snippetResult as {content: {value: string}}).content.value).toBe(
      '… stream, creating one if it does not exist. Returns [Promise]<Stream>.',
    );
  });

  it('retrieves the requested attributes, counts facets, answers with a queryID for click analytics', () => {
    const result = search('stream', {
      attributesToRetrieve: ['hierarchy.lvl0', 'url', 'type'],
      facets: ['docusaurus_tag'],
      clickAnalytics: true,
    });
    expect(
      Object.keys(result.hits[0])
        .filter((key) => !key.startsWith('_'))
        .sort(),
    ).toEqual(['hierarchy', 'objectID', 'type', 'url']);
    expect(Object.keys(result.hits[0].hierarchy as object)).toEqual(['lvl0']);
    expect(result.facets!.docusaurus_tag['docs-default-current']).toBeGreaterThan(0);
    expect(result.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(search('stream').queryID).toBeUndefined();
  });

  it('an empty query lists records by custom ranking', () => {
    const result = search('', {hitsPerPage: 4, attributesToRetrieve: ['*']});
    expect(result.hits.map((hit) => [hit.type, (hit.hierarchy as {lvl1: string}).lvl1])).toEqual([
      ['lvl1', 'Partitioning'], // pageRank 1, level 90, earlier position first
      ['lvl1', 'Publishing'],
      ['lvl1', 'Class: StreamrClient'], // pageRank 0; one hit per page (distinct by page)
      ['lvl1', 'Release notes'],
    ]);
  });

  it('never throws on odd queries', () => {
    for (const query of [
      '<img src=x onerror=alert(1)>',
      '"\'`',
      '.*+?^${}()|[]\\',
      '😀 emoji',
      'x'.repeat(500),
      '   ',
    ]) {
      expect(() => search(query)).not.toThrow();
    }
  });
});
