import {expect, test} from './fixtures';

/**
 * What `load` does and does not promise: the shared fixtures (./fixtures.ts)
 * make navigations wait until the app has hydrated, so tests never act on the
 * server-rendered page alone.
 */

const toggle = (page: import('@playwright/test').Page) =>
  page.getByRole('button', {name: /Switch between dark and light mode/});

test('on the shared fixtures, goto returns only once the page has hydrated, also when the app runs after load', async ({
  page,
}) => {
  // The app's main bundle only defines a function, which the test calls after `load`: the order a
  // slow phone or a busy test machine can produce.
  await page.route(/\/assets\/js\/main\.[0-9a-f]+\.js$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      body: `window.runMainLater = function () {\n${await response.text()}\n};`,
    });
  });
  const loaded = page.waitForEvent('load');
  let returned = false;
  const navigation = page.goto('/guides/nodejs').then(() => (returned = true));
  await loaded;
  await page.waitForFunction(() => 'runMainLater' in window);
  // A round trip to the page after `load`: a goto that waited for `load` alone has returned by now.
  // The server-rendered page says "false"; the app sets "true" once it has hydrated.
  expect(await page.evaluate(() => document.documentElement.dataset.hasHydrated)).toBe('false');
  expect(returned, 'goto returned before the page hydrated').toBe(false);
  await page.evaluate(() => (window as unknown as {runMainLater: () => void}).runMainLater());
  await navigation;
  expect(await page.evaluate(() => document.documentElement.dataset.hasHydrated)).toBe('true');
  await toggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});
