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
  await expect
    .poll(
      () =>
        fetch(`${site}/search-index.json`).then(
          (response) => response.status,
          () => 0,
        ),
      {
        timeout: 280_000,
        intervals: [2000],
        message: `dev server did not serve the index:\n${output}`,
      },
    )
    .toBe(200);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

test('the dev server serves an index of the Markdown sources, and the dialog searches it', async ({page}) => {
  test.setTimeout(180_000);
  const foreign = await blockForeignRequests(page.context());
  // The first file of the split index: one type per record (the content is in shards).
  const index = (await (await fetch(`${site}/search-index.json`)).json()) as {
    records: {types: string};
    width: number;
    pages: [string][];
  };
  expect(index.records.types.length / index.width).toBeGreaterThan(1000);
  expect(index.pages.map(([url]) => new URL(url).pathname)).toContain('/usage/streams/partitioning');

  await page.goto(`${site}/guides/nodejs`, {timeout: 150_000});
  await openSearch(page);
  await searchFor(page, 'partition limits');
  const first = searchDialog(page).hits.first();
  await expect(first.locator('.DocSearch-Hit-title')).toHaveText('Partition limits');
  await expect(first.locator('a')).toHaveAttribute('href', '/usage/streams/partitioning#partition-limits');
  expect(foreign).toEqual([]);
});
