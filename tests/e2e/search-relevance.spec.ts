import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {openBuildIndex, type IndexSearch} from '../../src/plugins/search/node.ts';

/**
 * Relevance of the local search: every query the writers listed in
 * tests/search-relevance/*.json must have its expected page among the first 3
 * pages of the dialog's hits (in the order the engine ranks them), searched
 * the way the dialog searches: the built index, contextual facet filters, 20 hits.
 * Runs in Node on build/search-index.json and its shards (no browser needed),
 * opened and answered by the browser's code.
 */
type Case = {query: string; expected: string};

const folder = 'tests/search-relevance';
const suites = readdirSync(folder)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({file, cases: JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Case[]}));

let search: IndexSearch;
test.beforeAll(() => {
  // As the browser opens it: the first file, then the shards each query needs.
  search = openBuildIndex('build');
});

/** The first pages of the hits for a query, as site paths. */
async function topPages(query: string, count = 3): Promise<string[]> {
  const {hits} = await search('streamr-docs', {
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
  test(`relevance: ${file}`, async () => {
    const answered = [];
    for (const {query, expected} of cases) answered.push({query, expected, top: await topPages(query)});
    const failures = answered
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

test('the check can fail: a page that is not in the top 3 is reported', async () => {
  const top = await topPages('undelegation queue');
  expect(top).not.toContain('/guides/nodejs');
  expect(top.length).toBeGreaterThan(0);
});
