import type {Page} from '@playwright/test';
import {findSearchChunks, isSearchRequest} from '../support/search-code.ts';
import {expect, test} from './fixtures.ts';
import {blockForeignRequests, hydrated, openSearch, searchDialog, searchFor} from './search-helpers.ts';

/**
 * Search in a tab opened before a deploy. Chunk names are content hashes, so
 * after a deploy the server answers 404 for the search code such a tab asks for.
 * Each test loads a page, then "deploys": from then on every script or style
 * the tab had not fetched yet answers 404, also after a reload (the test serves
 * the same page again, so only the files it fetched before the deploy exist).
 * Search must reload the page once, and if that does not help, say so.
 */

let foreign: string[] = [];
test.beforeEach(async ({context, allowConsole}, testInfo) => {
  // Each test loads pages two or three times, search code and index included.
  testInfo.setTimeout(120_000);
  foreign = await blockForeignRequests(context);
  allowConsole(/Failed to load resource: the server responded with a status of 404/);
});
test.afterEach(() => {
  expect(foreign, 'requests outside the site').toEqual([]);
});

/** Serves the site; after `deploy()`, only the assets fetched before it. Counts page loads. */
async function siteThatRedeploys(page: Page) {
  const fetchedBeforeDeploy = new Set<string>();
  let deployed = false;
  let missing = 0;
  await page.route(/\/assets\/(js|css)\//, (route) => {
    const url = route.request().url();
    if (!deployed) fetchedBeforeDeploy.add(url);
    if (!deployed || fetchedBeforeDeploy.has(url)) return route.continue();
    missing += 1;
    return route.fulfill({status: 404, contentType: 'text/html', body: 'Not found'});
  });
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  return {
    deploy: () => {
      deployed = true;
    },
    loads,
    missingRequests: () => missing,
  };
}

const reloadRequest = (page: Page) => page.getByRole('alert').filter({hasText: 'Search needs a page reload'});

test('the dialog code is gone: the page reloads once, then asks for a reload', async ({page}) => {
  const site = await siteThatRedeploys(page);
  await page.goto('/guides/nodejs');
  await hydrated(page);
  site.deploy();

  // The click reloads the page (once), and the reloaded page tries to open search again.
  const reloaded = page.waitForEvent('load');
  await page.locator('.DocSearch-Button').click();
  await reloaded;
  expect(site.loads).toHaveLength(2);
  await hydrated(page);
  const message = reloadRequest(page);
  await expect(message).toBeVisible({timeout: 15_000});
  await expect(message).toContainText('The site was updated after this page was loaded.');
  await expect(message.getByRole('button', {name: 'Reload the page'})).toBeVisible();
  expect(site.missingRequests()).toBeGreaterThan(0);
  await expect(searchDialog(page).modal).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/guides/nodejs');

  // A second failure asks, it does not reload again: no loop. The pause starts once the dialog's
  // code has failed again, so a reload would have begun by its end however slow the machine.
  const missingBefore = site.missingRequests();
  await page.locator('.DocSearch-Button').click();
  await expect.poll(site.missingRequests).toBeGreaterThan(missingBefore);
  await page.waitForTimeout(1_000);
  expect(site.loads).toHaveLength(2);
  await expect(message).toBeVisible();

  await message.getByRole('button', {name: 'Dismiss'}).click();
  await expect(message).toHaveCount(0);
});

test('the engine code is gone: the page reloads once, reopens search, then asks for a reload', async ({
  page,
}) => {
  const site = await siteThatRedeploys(page);
  await page.goto('/');
  await hydrated(page);
  // Hovering the button fetches the dialog's code; opening the dialog then starts loading the engine's.
  // Deploy only once that code has arrived: the chunk loader adds a script element per chunk, all
  // at once, and removes each when its file has loaded. (A wait for network quiet returns at once
  // here: the page reached that state before the hover.)
  const searchChunks = await findSearchChunks('build');
  const dialogCode = page.waitForRequest((request) => isSearchRequest(request.url(), searchChunks));
  await page.locator('.DocSearch-Button').hover();
  await dialogCode;
  await expect(page.locator('script[data-rspack], script[data-webpack]')).toHaveCount(0);
  site.deploy();

  const reloaded = page.waitForEvent('load');
  await page.locator('.DocSearch-Button').click();
  await reloaded;
  expect(site.loads).toHaveLength(2);
  // The reloaded page opens the dialog again by itself (its code was fetched before the deploy).
  await hydrated(page);
  await expect(searchDialog(page).input).toBeFocused({timeout: 20_000});
  await searchFor(page, 'stream');
  const error = page.locator('.docs-search-error');
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(error.locator('.DocSearch-Title')).toHaveText('Search needs a page reload');
  await expect(error.locator('.DocSearch-Help')).toHaveText(
    'The site was updated after this page was loaded. Reload the page to search.',
  );
  await expect(error.getByRole('button', {name: 'Reload the page'})).toBeVisible();
  expect(site.loads).toHaveLength(2);

  // Its button reloads the page: that is the visitor's choice, and the new page searches.
  const reloadedAgain = page.waitForEvent('load');
  await error.getByRole('button', {name: 'Reload the page'}).click();
  await reloadedAgain;
  expect(site.loads).toHaveLength(3);
});

test('the index cannot be fetched: no reload, the dialog says search is unreachable', async ({page}) => {
  const site = await siteThatRedeploys(page);
  await page.route('**/search-index.json', (route) => route.fulfill({status: 404, body: 'Not found'}));
  await page.goto('/');
  await openSearch(page);
  await searchFor(page, 'stream');
  const error = page.locator('.docs-search-error');
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(error.locator('.DocSearch-Title')).toHaveText('Unable to fetch results');
  await page.waitForTimeout(1_000);
  expect(site.loads).toHaveLength(1);
  await expect(reloadRequest(page)).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('docs-search-reloaded-at'))).toBeNull();
});

test('the index was replaced by a deploy: its old shards are gone, search fetches the new first file and answers', async ({
  page,
}) => {
  const site = await siteThatRedeploys(page);
  // Deploys of the index alone: each deploy's first file names its own shard folder (the real shards, renamed).
  let deploy = 0;
  const folder = (n: number) => `search-index/deploy${String(n).padStart(6, '0')}/`;
  const firstFiles: number[] = [];
  await page.route('**/search-index.json', async (route) => {
    const response = await route.fetch();
    const file = await response.json();
    firstFiles.push(deploy);
    await route.fulfill({response, json: {...file, shards: {...file.shards, path: folder(deploy)}}});
  });
  await page.route(/\/search-index\/deploy\d{6}\//, async (route) => {
    const url = new URL(route.request().url());
    const real = url.pathname.match(/\/search-index\/deploy(\d{6})\/(.*)$/)!;
    // Only the current deploy's shards exist.
    if (Number(real[1]) !== deploy) return route.fulfill({status: 404, body: 'Not found'});
    const realFolder = (await (await page.request.get('/search-index.json')).json()).shards.path;
    return route.fulfill({response: await page.request.get(`/${realFolder}${real[2]}`)});
  });
  await page.goto('/');
  await openSearch(page);
  await searchFor(page, 'stream');
  await expect(searchDialog(page).hits.first()).toBeVisible();

  deploy = 1;
  // A word whose shards this tab has not loaded yet: the old folder answers 404.
  await searchFor(page, 'delegation');
  await expect.poll(() => firstFiles).toEqual([0, 1]);
  await expect(searchDialog(page).hits.first()).toContainText(/delegat/i);
  await expect(page.locator('.docs-search-error')).toHaveCount(0);
  expect(site.loads).toHaveLength(1);
});
