import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {openBuildIndex, type IndexSearch} from '../../src/plugins/search/node.ts';

/**
 * Relevance of the local search: every query the writers listed in
 * tests/search-relevance/*.json must have its expected page
 * - among the first 3 hits the DocSearch dialog shows (`dialogOrder`: its grouping by section
 *   and page, at most 5 hits a group), which is what a reader sees first, and
 * - among the first 3 pages of the engine's own order (the /search page's order).
 * Searched the way the dialog searches: the built index, contextual facet filters, 20 hits, of
 * which the engine answers only those the dialog shows (`perSection`: algolia-protocol/answer.ts).
 * A case may also name a page the dialog must show (`shows`, anywhere among its hits) and pages
 * that must not be 2nd and 3rd (`notSecondAndThird`, as "URL#anchor"), for queries where the
 * reader's complaint was about the dialog itself. `dialogMiss: true` marks a known miss in the
 * dialog's order (the engine ranks the page in its top 3, but another section's pages are listed
 * first); such a case is reported once the dialog does show the page, so the mark goes.
 * Runs in Node on build/search-index.json and its shards (no browser needed),
 * opened and answered by the browser's code.
 */
type Case = {
  query: string;
  expected: string;
  shows?: string;
  notSecondAndThird?: string[];
  dialogMiss?: true;
};

const folder = 'tests/search-relevance';
const suites = readdirSync(folder)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({file, cases: JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Case[]}));

/** The dialog's `maxResultsPerGroup` (client/DocSearchModal.tsx passes DocSearch's default). */
const MAX_RESULTS_PER_GROUP = 5;

type DialogHit = {
  url: string;
  type: string;
  hierarchy: Record<string, string | null>;
  _highlightResult?: {hierarchy?: {lvl0?: {value: string}}};
};

/**
 * `groupBy` of @docsearch/react 3.9 (src/utils/groupBy.ts): a plain object keyed by the group,
 * each group keeping its first `max` items. Object keys keep the order of first insertion
 * (except integer-like keys, which come first; a plain object here keeps that too).
 */
function groupBy<T>(values: T[], key: (value: T) => string, max: number): Record<string, T[]> {
  return values.reduce<Record<string, T[]>>((groups, value) => {
    const name = key(value);
    if (!Object.hasOwn(groups, name)) groups[name] = [];
    if (groups[name]!.length < max) groups[name]!.push(value);
    return groups;
  }, {});
}

/**
 * The hits in the order DocSearch's dialog lists them, as its DocSearchModal.tsx (3.9) does in
 * `getSources`: the answer's hits grouped by section (`removeHighlightTags(hit)`: the highlighted
 * lvl0 without its tags), one source per section in the order of its first hit; each source's
 * items (`getItems`) grouped again by `hierarchy.lvl1`, each group at most `maxResultsPerGroup`.
 */
export function dialogOrder<T extends DialogHit>(hits: T[], max = MAX_RESULTS_PER_GROUP): T[] {
  const section = (hit: T) =>
    hit._highlightResult?.hierarchy?.lvl0?.value.replace(/<mark>|<\/mark>/g, '') ??
    String(hit.hierarchy.lvl0);
  return Object.values(groupBy(hits, section, max)).flatMap((items) =>
    Object.values(groupBy(items, (item) => String(item.hierarchy.lvl1), max)).flat(),
  );
}

let search: IndexSearch;
test.beforeAll(() => {
  // As the browser opens it: the first file, then the shards each query needs.
  search = openBuildIndex('build');
});

const sitePath = (url: string) => new URL(url).pathname.replace(/\/$/, '') || '/';

/** The hits for a query the dialog gets, asked as it asks (tags, retrieved attributes, filters). */
async function answer(query: string): Promise<DialogHit[]> {
  const {hits} = await search(
    'streamr-docs',
    {
      query,
      hitsPerPage: 20,
      facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
      attributesToRetrieve: ['hierarchy', 'type', 'url'],
      attributesToHighlight: ['hierarchy.lvl0'],
      attributesToSnippet: [],
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
    },
    {perSection: MAX_RESULTS_PER_GROUP},
  );
  return hits as unknown as DialogHit[];
}

/**
 * The first `count` distinct pages in the engine's order. The dialog's answer leaves out none of
 * the engine's first 3 hits (answer.ts drops a hit only after 2 of its section and 1 of another).
 */
function enginePages(hits: DialogHit[], count = 3): string[] {
  return [...new Set(hits.map((hit) => sitePath(hit.url)))].slice(0, count);
}

/** A hit as a reader tells it apart: page, and its heading when it is not the page itself. */
const named = (hit: DialogHit) =>
  `${sitePath(hit.url)}${hit.type === 'lvl1' ? '' : ` › ${hit.hierarchy[hit.type === 'content' ? 'lvl2' : hit.type] ?? '(text)'}`}`;

/** What is wrong with a case's answer, or nothing. */
function problems(
  {query, expected, shows, notSecondAndThird, dialogMiss}: Case,
  hits: DialogHit[],
): string[] {
  const shown = dialogOrder(hits);
  const found: string[] = [];
  const firstShown = shown.slice(0, 3);
  const inDialog = firstShown.some((hit) => sitePath(hit.url) === expected);
  if (dialogMiss && inDialog)
    found.push(`"${query}": the dialog now shows ${expected} among its first 3: remove "dialogMiss"`);
  if (!dialogMiss && !inDialog)
    found.push(
      `"${query}": expected ${expected}, dialog's first 3: ${firstShown.map(named).join(' | ') || '(no hits)'}`,
    );
  const top = enginePages(hits);
  if (!top.includes(expected))
    found.push(`"${query}": expected ${expected}, engine's top 3 pages: ${top.join(' | ') || '(no hits)'}`);
  if (shows && !shown.some((hit) => new URL(hit.url).pathname + new URL(hit.url).hash === shows))
    found.push(`"${query}": the dialog does not show ${shows}`);
  const secondAndThird = shown.slice(1, 3).map((hit) => new URL(hit.url).pathname + new URL(hit.url).hash);
  if (notSecondAndThird && notSecondAndThird.every((hit) => secondAndThird.includes(hit)))
    found.push(`"${query}": ${notSecondAndThird.join(' and ')} are 2nd and 3rd in the dialog`);
  return found;
}

test('the query files are well formed', () => {
  const all = suites.flatMap(({cases}) => cases);
  expect(all.length).toBeGreaterThan(100);
  for (const entry of all) {
    const keys = Object.keys(entry);
    expect(keys, JSON.stringify(entry)).toEqual(expect.arrayContaining(['expected', 'query']));
    expect(
      keys.filter((key) => !['expected', 'query', 'shows', 'notSecondAndThird', 'dialogMiss'].includes(key)),
      JSON.stringify(entry),
    ).toEqual([]);
    expect(entry.expected, entry.query).toMatch(/^\//);
    if ('dialogMiss' in entry) expect(entry.dialogMiss, entry.query).toBe(true);
  }
  // The goal for the dialog's order: at least 120 of the queries (with the engine's order at all of them).
  expect(all.filter((entry) => !entry.dialogMiss).length).toBeGreaterThanOrEqual(120);
});

for (const {file, cases} of suites) {
  test(`relevance: ${file}`, async () => {
    const failures = [];
    for (const entry of cases) failures.push(...problems(entry, await answer(entry.query)));
    expect(failures, `${failures.length} misses in ${cases.length} queries:\n${failures.join('\n')}`).toEqual(
      [],
    );
  });
}

test("the dialog's order: grouped by section in order of first hit, then by page, 5 a group", () => {
  const hit = (lvl0: string, lvl1: string, n: number): DialogHit => ({
    url: `https://x.test/${lvl1}#${n}`,
    type: 'content',
    hierarchy: {lvl0, lvl1},
  });
  const hits = [
    hit('A', 'p', 1),
    hit('B', 'q', 2),
    hit('A', 'r', 3),
    hit('A', 'p', 4),
    ...[5, 6, 7, 8].map((n) => hit('A', 's', n)),
  ];
  // A keeps its first 5 (1, 3, 4, 5, 6), p's hits come together, then B.
  expect(dialogOrder(hits).map((h) => new URL(h.url).hash)).toEqual(['#1', '#4', '#3', '#5', '#6', '#2']);
});

test('the check can fail: a page not among the first hits shown is reported', async () => {
  const entry = {query: 'undelegation queue', expected: '/guides/nodejs'};
  const found = problems(entry, await answer(entry.query));
  expect(found).toHaveLength(2);
  expect(found[0]).toContain("dialog's first 3");
  expect(found[1]).toContain("engine's top 3 pages");
  // The engine ranks /b 2nd, but the dialog shows section A's three pages first: a miss in the dialog alone.
  const hit = (lvl0: string, page: string, type = 'lvl1'): DialogHit => ({
    url: `https://x.test/${page}`,
    type,
    hierarchy: {lvl0, lvl1: page, lvl2: type === 'lvl2' ? 'Sub' : null},
  });
  const hits = [hit('A', 'a'), hit('B', 'b'), hit('A', 'c'), hit('A', 'd')];
  expect(problems({query: 'q', expected: '/b'}, hits)).toEqual([
    `"q": expected /b, dialog's first 3: /a | /c | /d`,
  ]);
  expect(problems({query: 'q', expected: '/a', shows: '/b'}, hits)).toEqual([]);
  expect(problems({query: 'q', expected: '/a', shows: '/e'}, hits)).toEqual([
    '"q": the dialog does not show /e',
  ]);
  expect(problems({query: 'q', expected: '/b', dialogMiss: true}, hits)).toEqual([]);
  expect(problems({query: 'q', expected: '/c', dialogMiss: true}, hits)).toEqual([
    `"q": the dialog now shows /c among its first 3: remove "dialogMiss"`,
  ]);
  expect(problems({query: 'q', expected: '/a', notSecondAndThird: ['/c', '/d']}, hits)).toEqual([
    '"q": /c and /d are 2nd and 3rd in the dialog',
  ]);
});
