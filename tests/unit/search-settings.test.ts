import {describe, expect, it} from 'vitest';
import {algoliaSettings, searchSettings} from '../../config/search.ts';
import {answerSearch} from '../../src/plugins/search/algolia-protocol/answer.ts';
import {encodeIndex} from '../../src/plugins/search/index-file/codec.ts';
import {searchEngineFor} from '../../src/plugins/search/index-file/open.ts';
import {recordsFromBlocks} from '../../src/plugins/search/records/page.ts';
import {algoliaIndexSettings} from '../../src/plugins/search/settings.ts';

/**
 * One settings object feeds the local engine and the Algolia index settings:
 * what the engine does and what Algolia is told must be the same rule.
 */
const facets = {language: 'en', docusaurus_tag: 'docs-default-current', version: 'current'};
const records = [
  // Words of every length from 3 to 9 letters, to probe the typo thresholds.
  ...['abc', 'abcd', 'abcde', 'abcdef', 'abcdefg', 'abcdefgh', 'abcdefghi'].flatMap((word) =>
    recordsFromBlocks({url: `https://docs.example.com/${word}`, lvl0: 'Words', pageRank: 1, facets}, [
      {kind: 'heading', level: 1, text: `Page ${word}`, anchor: null},
      {kind: 'content', text: `The word ${word} and some more words after it, to cut a snippet from.`},
    ]),
  ),
  ...recordsFromBlocks({url: 'https://docs.example.com/blog/post', lvl0: 'Blog', pageRank: 0, facets}, [
    {kind: 'heading', level: 1, text: 'Post', anchor: null},
    {kind: 'content', text: 'Nothing here.'},
  ]),
];
const engine = searchEngineFor(encodeIndex(records, searchSettings));
const found = (query: string) =>
  engine.search({query: `${query} `}).records.map((record) => new URL(record.url).pathname);

/** `word` with its last `typos` letters replaced (substitutions: `typos` typos). */
const misspell = (word: string, typos: number) => word.slice(0, word.length - typos) + 'z'.repeat(typos);

describe('search settings: the local engine and Algolia agree', () => {
  it('the site settings are what the uploader sends', () => {
    expect(algoliaSettings).toEqual(algoliaIndexSettings(searchSettings));
  });

  it('typo tolerance: 1 typo from minWordSizefor1Typo letters, 2 from minWordSizefor2Typos', () => {
    const one = algoliaSettings.minWordSizefor1Typo as number;
    const two = algoliaSettings.minWordSizefor2Typos as number;
    for (let length = 3; length <= 9; length++) {
      const word = 'abcdefghi'.slice(0, length);
      const oneTypo = found(misspell(word, 1)).includes(`/${word}`);
      const twoTypos = found(misspell(word, 2)).includes(`/${word}`);
      expect(oneTypo, `"${misspell(word, 1)}" finds "${word}"`).toBe(length >= one);
      expect(twoTypos, `"${misspell(word, 2)}" finds "${word}"`).toBe(length >= two);
    }
  });

  it('searchable attributes, in the same order', () => {
    const algolia = (algoliaSettings.searchableAttributes as string[]).map((attribute) =>
      attribute.replace(/^unordered\((.*)\)$/, '$1'),
    );
    expect(engine.settings.searchableAttributes).toEqual(algolia);
    expect(engine.attributeTexts).toHaveLength(algolia.length);
  });

  it('facets: the engine counts exactly the attributes Algolia facets on', () => {
    const {facets: counted} = answerSearch(engine, 'docs', {query: 'word', facets: ['*', 'url']});
    expect(Object.keys(counted!)).toEqual(algoliaSettings.attributesForFaceting);
  });

  it('answers: snippet length, hits per page, distinct and custom ranking', () => {
    const answer = answerSearch(engine, 'docs', {query: ''});
    expect(answer.hitsPerPage).toBe(algoliaSettings.hitsPerPage);
    // Distinct by page: each page once, even with several records under several anchors.
    const urls = answer.hits.map((hit) => hit.url_without_anchor);
    expect(new Set(urls).size).toBe(urls.length);
    expect(algoliaSettings.attributeForDistinct).toBe('url_without_anchor');
    // customRanking desc(weight.pageRank) first: the blog post (rank 0) comes last.
    expect(urls.at(-1)).toBe('https://docs.example.com/blog/post');
    expect(algoliaSettings.customRanking).toEqual([
      'desc(weight.pageRank)',
      'desc(weight.level)',
      'asc(weight.position)',
    ]);
    const [hit] = answerSearch(engine, 'docs', {query: 'snippet', hitsPerPage: 1}).hits;
    const snippet = (hit._snippetResult as {content: {value: string}}).content.value;
    const words = Number((algoliaSettings.attributesToSnippet as string[])[0].split(':')[1]);
    expect(
      snippet
        .replace(/<[^>]+>/g, '')
        .replace(/…/g, '')
        .trim()
        .split(/\s+/),
    ).toHaveLength(words);
  });
});
