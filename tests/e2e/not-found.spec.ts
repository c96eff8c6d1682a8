import AxeBuilder from '@axe-core/playwright';
import {expect, test} from './fixtures.ts';

/**
 * The 404 page (src/theme/NotFound/Content): the site's own words, the site's
 * search, and the pages closest to the address asked for (src/plugins/route-list).
 * And `/x/` for the page `/x`, which GitHub Pages answers with the 404 page.
 */

test('a mistyped address offers the closest pages, search and home, and passes axe in both modes', async ({
  page,
  allowConsole,
}) => {
  allowConsole(/status of 404/);
  const response = await page.goto('/guide/node-js');
  expect(response?.status()).toBe(404);
  const main = page.locator('main[data-page-not-found]');
  await expect(main.locator('h1')).toHaveText('Page not found');
  await expect(main).not.toContainText('contact the owner');
  await expect(main).toContainText('/guide/node-js');
  const likely = main.getByRole('region', {name: 'Pages with a similar address'});
  await expect(likely.getByRole('link').first()).toHaveAttribute('href', '/guides/nodejs');
  expect(await likely.getByRole('link').count()).toBeLessThanOrEqual(5);
  await expect(main.getByRole('link', {name: 'home page'})).toHaveAttribute('href', '/');
  for (const theme of ['light', 'dark']) {
    await page.evaluate((mode) => document.documentElement.setAttribute('data-theme', mode), theme);
    const results = await new AxeBuilder({page})
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations.map((violation) => `${theme} ${violation.id}: ${violation.help}`)).toEqual([]);
  }
  // The search box is the site's search page.
  const search = main.getByRole('searchbox', {name: 'Search the docs'});
  await search.fill('publish');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=publish$/);
});

test('an SDK member address with a typo suggests its class page', async ({page, allowConsole}) => {
  allowConsole(/status of 404/);
  // cspell:disable-next-line
  await page.goto('/usage/sdk/api/classes/StreamrClent');
  const likely = page.getByRole('region', {name: 'Pages with a similar address'});
  await expect(likely.getByRole('link').first()).toHaveAttribute(
    'href',
    '/usage/sdk/api/classes/StreamrClient',
  );
});

test('the page /x asked for as /x/ (a 404 on GitHub Pages) opens /x, without a hydration error', async ({
  page,
  allowConsole,
}) => {
  allowConsole(/status of 404/);
  const response = await page.request.get('/guides/nodejs/');
  expect(response.status()).toBe(404);
  await page.goto('/guides/nodejs/?from=x#install-the-sdk', {waitUntil: 'commit'});
  await page.waitForURL(/\/guides\/nodejs\?from=x#install-the-sdk$/);
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  await expect(page.locator('h1')).toHaveText('Publish and subscribe in Node.js');
  await expect(page.locator('main[data-page-not-found]')).toHaveCount(0);
});

test('a missing address that ends in a slash shows the 404 page at the address without it', async ({
  page,
  allowConsole,
}) => {
  allowConsole(/status of 404/);
  await page.goto('/no/such-page/', {waitUntil: 'commit'});
  await page.waitForURL(/\/no\/such-page$/);
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  await expect(page.locator('main[data-page-not-found] h1')).toHaveText('Page not found');
});
