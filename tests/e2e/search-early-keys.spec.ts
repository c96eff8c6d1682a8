import {expect, test} from './fixtures.ts';
import {hydrated, searchDialog} from './search-helpers.ts';

/**
 * Keys typed right after the search shortcut, while the dialog's code is still
 * loading, end up in the dialog's input (src/plugins/search/client/earlyOpen.ts)
 * instead of being lost on the page.
 */
test('keys typed while the dialog loads become the query, before and after hydration', async ({page}) => {
  const {input, modal} = searchDialog(page);
  for (const [when, shortcut] of [
    ['before hydration', 'Control+k'],
    ['after hydration', 'Control+k'],
    ['after hydration', '/'],
  ] as const) {
    const name = `${shortcut} ${when}`;
    // Hold every script the page asks for from now on: the dialog's code, and before
    // hydration the app itself, arrive only after the keys are typed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const scripts = /\/assets\/js\/[^/]+\.js$/;
    if (when === 'before hydration') {
      await page.route(scripts, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/guides/nodejs', {waitUntil: 'commit'});
      await page.locator('.DocSearch-Button').waitFor();
    } else {
      await page.goto('/guides/nodejs');
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      await page.route(scripts, async (route) => {
        await held;
        await route.continue();
      });
    }
    await page.keyboard.press(shortcut);
    await page.keyboard.type('publish');
    await expect(modal, name).toHaveCount(0);
    release();
    await expect(input, name).toBeFocused({timeout: 20_000});
    await expect(input, name).toHaveValue('publish');
    // The query runs like a typed one: hits for it appear.
    await expect(page.locator('.DocSearch-Hit').first(), name).toBeVisible();
    await page.unroute(scripts);
  }
});

test('a click while the dialog loads drops the kept keys', async ({page}) => {
  await page.goto('/guides/nodejs');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/js\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.keyboard.press('Control+k');
  await page.keyboard.type('abc');
  await page.locator('article h1').click();
  await page.keyboard.type('xyz');
  release();
  const {input} = searchDialog(page);
  await expect(input).toBeFocused({timeout: 20_000});
  await expect(input).toHaveValue('');
});
