import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import type {Page, Request} from '@playwright/test';
import {recordsFromBuild} from '../../src/plugins/search/records/build.ts';
import {DOCSEARCH_DIALOG_PARAMS} from '../../src/plugins/search/warm-up/run.ts';
import {recordsFromBlocks} from '../../src/plugins/search/records/page.ts';
import {recordRules} from '../../config/search.ts';
import {startAlgoliaStandIn, type StandIn} from '../support/algolia-stand-in.ts';
import {expect, test} from './fixtures.ts';
import {openSearch, searchDialog, searchFor} from './search-helpers.ts';

/**
 * Algolia mode: the second build (`npm run build:search-algolia`, in build-algolia/)
 * with an app id, search key and index name. The browser's requests to Algolia's
 * hosts are answered by a local stand-in of Algolia's REST API, which the real
 * `docusaurus search-upload` command filled with the site's records.
 */
const ALGOLIA_TEST = JSON.parse(readFileSync('tests/support/algolia-test-build.json', 'utf8')) as {
  appId: string;
  searchKey: string;
  indexName: string;
  adminKey: string;
  outDir: string;
};
const dir = ALGOLIA_TEST.outDir;
/** Next to the main build's port (E2E_PORT). */
const port = Number(process.env.E2E_PORT ?? 3210) + 1;
const site = `http://127.0.0.1:${port}`;
const host = new RegExp(
  `^https://${ALGOLIA_TEST.appId}(-dsn\\.algolia\\.net|-[123]\\.algolianet\\.com)/`,
  'i',
);

let standIn: StandIn;
let server: ChildProcess;

test.describe.configure({mode: 'serial'});

test.beforeAll(async () => {
  test.setTimeout(180_000);
  expect(
    existsSync(path.join(dir, 'index.html')),
    `no ${dir}/: run \`npm run build:search-algolia\` first`,
  ).toBe(true);
  standIn = await startAlgoliaStandIn({
    appId: ALGOLIA_TEST.appId,
    searchKey: ALGOLIA_TEST.searchKey,
    adminKey: ALGOLIA_TEST.adminKey,
  });
  // Asynchronously: the stand-in answers from this process.
  const upload = await new Promise<{status: number | null; stdout: string; stderr: string}>((resolve) => {
    const child = spawn('npx', ['docusaurus', 'search-upload', '--out-dir', dir, '--host', standIn.url], {
      env: {
        ...process.env,
        ALGOLIA_APP_ID: ALGOLIA_TEST.appId,
        ALGOLIA_SEARCH_API_KEY: ALGOLIA_TEST.searchKey,
        ALGOLIA_INDEX_NAME: ALGOLIA_TEST.indexName,
        ALGOLIA_ADMIN_API_KEY: ALGOLIA_TEST.adminKey,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({status, stdout, stderr}));
  });
  expect(upload.status, upload.stdout + upload.stderr).toBe(0);
  expect(upload.stdout).toMatch(/\[search\] uploaded \d+ records to Algolia index "streamr-docs-test"/);
  standIn.buildEngine(ALGOLIA_TEST.indexName);
  server = spawn('node', ['scripts/serve-build.ts', '--dir', dir, '--port', String(port)]);
  // It says when it listens, however long a busy machine takes to start it (the hook's time bounds
  // that); on a port in use (a leftover server with another build) it exits with the error.
  let output = '';
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Serving ')) resolve();
    });
    server.stderr!.on('data', (chunk) => (output += chunk));
    server.on('exit', (code) =>
      reject(new Error(`serve-build exited (${code}) before listening:\n${output}`)),
    );
  });
});

test.afterAll(async () => {
  server?.kill();
  await standIn?.close();
});

/** Sends the page's Algolia requests to the stand-in (or fails them); refuses anything else outside the site. */
async function routeAlgolia(page: Page, mode: 'stand-in' | 'down' = 'stand-in') {
  const algolia: Request[] = [];
  const foreign: string[] = [];
  await page.context().route(
    (url) => url.hostname !== '127.0.0.1',
    async (route) => {
      const request = route.request();
      if (!host.test(request.url())) {
        foreign.push(request.url());
        return route.abort('blockedbyclient');
      }
      algolia.push(request);
      if (mode === 'down') return route.abort('connectionrefused');
      const url = new URL(request.url());
      const response = await route.fetch({url: `${standIn.url}${url.pathname}${url.search}`});
      return route.fulfill({response});
    },
  );
  return {algolia, foreign};
}

test('the upload command filled the index with the built pages’ records and the index settings', async () => {
  const live = standIn.indices.get(ALGOLIA_TEST.indexName)!;
  const built = await recordsFromBuild(dir, recordRules);
  expect(live.records.size).toBe(built.length);
  expect(live.settings).toMatchObject({
    attributesForFaceting: ['language', 'docusaurus_tag', 'version', 'type'],
    distinct: true,
  });
  expect([...standIn.indices.keys()]).toEqual([ALGOLIA_TEST.indexName]); // the temporary index was moved over it
  const writes = standIn.requests.filter((request) => request.method !== 'GET');
  expect(writes.every((request) => request.headers['x-algolia-api-key'] === ALGOLIA_TEST.adminKey)).toBe(
    true,
  );
});

test('the dialog sends stock DocSearch requests to Algolia and shows the answer', async ({page}) => {
  const {algolia, foreign} = await routeAlgolia(page);
  const local: string[] = [];
  page.on('request', (request) => request.url().includes('search-index') && local.push(request.url()));
  await page.goto(`${site}/`);
  // Stock Algolia mode: a preconnect to the DocSearch cluster, and Algolia's logo in the dialog.
  await expect(
    page.locator(`link[rel="preconnect"][href="https://${ALGOLIA_TEST.appId}-dsn.algolia.net"]`),
  ).toHaveCount(1);
  await openSearch(page);
  await searchFor(page, 'publish message');

  // The first attempt goes to the DSN host (a slow answer makes the client retry on the fallback hosts).
  const request = algolia.find(
    (sent) => JSON.parse(sent.postData()!).requests[0].query === 'publish message',
  )!;
  const url = new URL(request.url());
  expect(request.method()).toBe('POST');
  expect(`${url.origin}${url.pathname}`).toBe(
    `https://${ALGOLIA_TEST.appId.toLowerCase()}-dsn.algolia.net/1/indexes/*/queries`,
  );
  expect(url.searchParams.get('x-algolia-application-id')).toBe(ALGOLIA_TEST.appId);
  expect(url.searchParams.get('x-algolia-api-key')).toBe(ALGOLIA_TEST.searchKey);
  const body = JSON.parse(request.postData()!) as {requests: Record<string, unknown>[]};
  expect(body.requests).toHaveLength(1);
  expect(body.requests[0]).toMatchObject({
    query: 'publish message',
    indexName: ALGOLIA_TEST.indexName,
    // What the local engine's warm-up asks too (it must run the code the dialog's searches run).
    ...DOCSEARCH_DIALOG_PARAMS,
    clickAnalytics: false,
    facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
  });
  // Highlight tags are asked for as markers, so the answer can be escaped before they become <mark>.
  expect(body.requests[0].highlightPreTag).toBe('__docs-search-highlight__');

  const {hits, groups} = searchDialog(page);
  await expect(groups.first()).toHaveText('Usage');
  await expect(hits.first().locator('.DocSearch-Hit-title')).toHaveText('Publish a message');
  await expect(hits.first().locator('.DocSearch-Hit-title mark')).toHaveText(['Publish', 'message']);
  await expect(hits.first().locator('a')).toHaveAttribute(
    'href',
    '/usage/streams/publishing#publish-a-message',
  );
  await expect(page.locator('.DocSearch-Logo')).toBeVisible();
  expect(local).toEqual([]);
  expect(foreign).toEqual([]);
});

test('record text with markup from Algolia is shown as text', async ({page}) => {
  standIn.seed(
    ALGOLIA_TEST.indexName,
    recordsFromBlocks(
      {
        url: 'https://docs.streamr.network/markup',
        lvl0: 'Test',
        pageRank: 1,
        facets: {language: 'en', docusaurus_tag: 'docs-default-current'},
      },
      [
        {kind: 'heading', level: 1, text: 'Markup page', anchor: null},
        {kind: 'content', text: 'narwhalword <img src=x onerror=window.__pwned=1> & Promise<Stream>'},
      ],
    ),
  );
  const {foreign} = await routeAlgolia(page);
  await page.goto(`${site}/`);
  await openSearch(page);
  await searchFor(page, 'narwhalword');
  await expect(searchDialog(page).hits.locator('.DocSearch-Hit-title')).toHaveText([
    'narwhalword <img src=x onerror=window.__pwned=1> & Promise<Stream>',
  ]);
  await expect(page.locator('.DocSearch-Modal img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as {__pwned?: number}).__pwned)).toBeUndefined();
  expect(foreign).toEqual([]);
});

test('all Algolia hosts down: "Unable to fetch results"', async ({page, allowConsole}) => {
  allowConsole(/net::ERR_CONNECTION_REFUSED/);
  const {algolia, foreign} = await routeAlgolia(page, 'down');
  await page.goto(`${site}/`);
  await openSearch(page);
  await searchFor(page, 'stream');
  await expect(page.locator('.docs-search-error .DocSearch-Title')).toHaveText('Unable to fetch results');
  await expect(page.locator('.docs-search-error .DocSearch-Help')).toHaveText(
    'You might want to check your network connection.',
  );
  // The client tried the DSN host and the fallbacks before giving up.
  expect(new Set(algolia.map((request) => new URL(request.url()).hostname)).size).toBe(4);
  expect(foreign).toEqual([]);
});

test('the /search page queries Algolia and shows the results', async ({page}) => {
  const {algolia, foreign} = await routeAlgolia(page);
  await page.goto(`${site}/search?q=partition%20key`);
  await expect(page.getByText(/^\d+ documents found$/)).toBeVisible();
  await expect(page.locator('article h2 a').first()).toHaveAttribute(
    'href',
    /^\/usage\/streams\/partitioning/,
  );
  await expect(page.locator('article .search-result-match').first()).toBeVisible();
  const body = JSON.parse(algolia.at(-1)!.postData()!) as {requests: {indexName: string; query: string}[]};
  expect(body.requests[0]).toMatchObject({indexName: ALGOLIA_TEST.indexName, query: 'partition key'});
  expect(foreign).toEqual([]);
});

test('the /search page with Algolia down shows the error', async ({page, allowConsole}) => {
  allowConsole(/net::ERR_CONNECTION_REFUSED/);
  await routeAlgolia(page, 'down');
  await page.goto(`${site}/search?q=stream`);
  await expect(page.locator('.docs-search-page-error')).toContainText('Unable to fetch results');
});

/** Files under the roots whose bytes contain `needle`. */
function filesContaining(roots: string[], needle: string): string[] {
  const files = (root: string): string[] =>
    readdirSync(root).flatMap((name) => {
      const file = path.join(root, name);
      return statSync(file).isDirectory() ? files(file) : [file];
    });
  return roots.flatMap(files).filter((file) => readFileSync(file).includes(needle));
}

test('the Algolia build ships no local index and never the admin key', () => {
  expect(existsSync(path.join(dir, 'search-index.json'))).toBe(false);
  expect(existsSync(path.join('build', 'search-index.json'))).toBe(true);
  // The build ran with the admin key in its environment.
  expect(filesContaining([dir, 'build'], ALGOLIA_TEST.adminKey)).toEqual([]);
  // The public search key does ship, and the scan finds it: it would find the admin key too.
  expect(filesContaining([path.join(dir, 'assets')], ALGOLIA_TEST.searchKey).length).toBeGreaterThan(0);
});
