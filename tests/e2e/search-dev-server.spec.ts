import {spawn, type ChildProcess} from 'node:child_process';
import {isPortFree} from '../../scripts/lib/free-ports.ts';
import {expect, test} from './fixtures.ts';
import {blockForeignRequests, openSearch, searchDialog, searchFor} from './search-helpers.ts';

/**
 * Writers search while running `npm start`: the dev server has no built HTML,
 * so the plugin indexes the Markdown sources and the dev server serves that index.
 * Starts the real dev server (about a minute), on the port after build-algolia's.
 */
const port = Number(process.env.E2E_PORT ?? 3210) + 2;
const site = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
let output = '';
/** The first file of the split index: one type per record (the content is in shards). */
let index: {records: {types: string}; width: number; pages: [string][]} | undefined;

test.describe.configure({mode: 'serial', timeout: 120_000});

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // A leftover dev server on the port would answer the poll below with stale sources.
  expect(await isPortFree(port), `port ${port} is in use: stop what listens there or set E2E_PORT`).toBe(
    true,
  );
  server = spawn('npx', ['docusaurus', 'start', '--port', String(port), '--host', '127.0.0.1', '--no-open'], {
    detached: true, // its own process group, so the whole dev server stops with it
    env: {
      ...process.env,
      ALGOLIA_APP_ID: '',
      ALGOLIA_SEARCH_API_KEY: '',
      ALGOLIA_INDEX_NAME: '',
      BROWSER: 'none',
    },
  });
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  // The index is kept from the answer that ends the poll: on a busy machine the dev server, still
  // compiling, has reset the connection of a second request (ECONNRESET).
  await expect
    .poll(
      async () => {
        try {
          const response = await fetch(`${site}/search-index.json`);
          if (response.ok) index = await response.json();
          return response.status;
        } catch {
          return 0; // not listening yet
        }
      },
      {timeout: 280_000, intervals: [2000]},
    )
    .toBe(200)
    .catch((error: unknown) => {
      // Its output as it is now (a poll's message would be fixed before the server wrote anything).
      throw new Error(`dev server did not serve the index:\n${output}`, {cause: error});
    });
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

test('the dev server serves an index of the Markdown sources, and the dialog searches it', async ({page}) => {
  test.setTimeout(180_000);
  const foreign = await blockForeignRequests(page.context());
  expect(index!.records.types.length / index!.width).toBeGreaterThan(1000);
  expect(index!.pages.map(([url]) => new URL(url).pathname)).toContain('/usage/streams/partitioning');

  // A development bundle hydrates slowly on a busy machine: openSearch waits for it within the
  // test's time, not the fixture's 20 s.
  await page.goto(`${site}/guides/nodejs`, {timeout: 150_000, waitUntil: 'load'});
  await openSearch(page);
  await searchFor(page, 'partition limits');
  const first = searchDialog(page).hits.first();
  await expect(first.locator('.DocSearch-Hit-title')).toHaveText('Partition limits');
  await expect(first.locator('a')).toHaveAttribute('href', '/usage/streams/partitioning#partition-limits');
  expect(foreign).toEqual([]);
});
