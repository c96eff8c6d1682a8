import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {answerSearch} from '../../src/plugins/search/algolia-protocol/answer';
import type {SearchEngine} from '../../src/plugins/search/engine/engine';
import type {LocalIndexFile} from '../../src/plugins/search/records/indexFile';
import {searchEngineFor} from '../../src/plugins/search/records/openIndex';

/**
 * Relevance of the local search: every query the writers listed in
 * tests/search-relevance/*.json must have its expected page among the first 3
 * pages of the dialog's hits (in the order the engine ranks them), searched
 * the way the dialog searches: the built index, contextual facet filters, 20 hits.
 * Runs in Node on build/search-index.json (no browser needed).
 */
type Case = {query: string; expected: string};

const folder = 'tests/search-relevance';
const suites = readdirSync(folder)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({file, cases: JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Case[]}));

let engine: SearchEngine;
test.beforeAll(() => {
  const file = JSON.parse(readFileSync('build/search-index.json', 'utf8')) as LocalIndexFile;
  // As the browser opens it: the term table built from the file's piece numbers.
  engine = searchEngineFor(file);
});

/** The first pages of the hits for a query, as site paths. */
function topPages(searchEngine: SearchEngine, query: string, count = 3): string[] {
  const {hits} = answerSearch(searchEngine, 'streamr-docs', {
    query,
    hitsPerPage: 20,
    facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
    attributesToRetrieve: ['url'],
    attributesToHighlight: [],
    attributesToSnippet: [],
  });
  const pages = hits.map((hit) => new URL(String(hit.url)).pathname.replace(/\/$/, '') || '/');
  return [...new Set(pages)].slice(0, count);
}

test('the query files are well formed', () => {
  const all = suites.flatMap(({cases}) => cases);
  expect(all.length).toBeGreaterThan(100);
  for (const entry of all) {
    expect(Object.keys(entry).sort(), JSON.stringify(entry)).toEqual(['expected', 'query']);
    expect(entry.expected, entry.query).toMatch(/^\//);
  }
});

for (const {file, cases} of suites) {
  test(`relevance: ${file}`, () => {
    const failures = cases
      .map(({query, expected}) => ({query, expected, top: topPages(engine, query)}))
      .filter(({expected, top}) => !top.includes(expected))
      .map(
        ({query, expected, top}) =>
          `"${query}": expected ${expected}, top 3: ${top.join(' | ') || '(no hits)'}`,
      );
    expect(
      failures,
      `${failures.length} of ${cases.length} queries miss their page:\n${failures.join('\n')}`,
    ).toEqual([]);
  });
}

test('the check can fail: a page that is not in the top 3 is reported', () => {
  const top = topPages(engine, 'undelegation queue');
  expect(top).not.toContain('/guides/nodejs');
  expect(top.length).toBeGreaterThan(0);
});
