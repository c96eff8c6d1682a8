import AxeBuilder from '@axe-core/playwright';
import type {BrowserContext, Locator, Page} from '@playwright/test';
import {expect, test} from './fixtures.ts';
import {hydrated, openSearch, searchDialog, searchFor} from './search-helpers.ts';

/**
 * The site after a first visit, with the network cut (src/plugins/offline).
 * Tests on the shared fixtures hide service workers (tests/e2e/fixtures.ts);
 * this one lets the site's own run.
 */
test.use({offlineWorker: true});

// Pages load twice or more, and the worker installs and saves in between.
test.describe.configure({timeout: 120_000});

/** The service worker controls the page, and the page it was first loaded with is saved. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {timeout: 30_000});
  await expect
    .poll(() => page.evaluate(async () => Boolean(await caches.match(location.href))), {timeout: 15_000})
    .toBe(true);
}

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
}

test('pages read before, their search and their Markdown twins open offline; others say so', async ({
  page,
  context,
  allowConsole,
}) => {
  // The unsaved page answers 503 from the service worker.
  allowConsole(/Failed to load resource: the server responded with a status of 503/);
  await page.goto('/');
  await hydrated(page);
  await controlled(page);
  await page.goto('/guides/nodejs');
  await hydrated(page);
  await openSearch(page);
  // The first search downloads the index's first file and the shards it needs: give it time on a busy machine.
  await searchDialog(page).input.fill('stream');
  await expect(searchDialog(page).hits.first()).toBeVisible({timeout: 30_000});
  await page.keyboard.press('Escape');
  // Then, at idle, the shards no search needed yet, so that any search works offline.
  const index = (await (await page.request.get('/search-index.json')).json()) as {
    shards: {terms: unknown[]; records: unknown[]};
  };
  const shardCount = index.shards.terms.length + index.shards.records.length;
  // The search worker fetches them (through the page's service worker); each keeps its own resource timings.
  const shardsFetched = () =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /^\/search-index\/[^/]+\/[tc]\d+\.json$/.test(path));
  await expect
    .poll(
      async () =>
        new Set(
          (
            await Promise.all([
              page.evaluate(shardsFetched),
              ...page.workers().map((worker) => worker.evaluate(shardsFetched)),
            ])
          ).flat(),
        ).size,
      {timeout: 60_000},
    )
    .toBe(shardCount);
  const twin = await page.request.get('/guides/nodejs.md');
  expect(twin.ok()).toBe(true);
  // Fetched by the page, so through its service worker.
  await page.evaluate(() => fetch('/guides/nodejs.md').then((response) => response.text()));

  // Offline, the page's prefetches of pages never read fail (what the browser logs for any failed request).
  // Allowed before the switch: a prefetch already on its way fails the moment the network goes.
  allowConsole(/Failed to load resource: net::ERR_FAILED/);
  await goOffline(context, page);

  // A page read before reloads and renders.
  await page.reload();
  await hydrated(page);
  const heading = page.locator('article h1');
  await expect(heading).toBeVisible();
  const title = await heading.textContent();
  expect(title).toBeTruthy();

  // Client-side navigation to a page read before.
  await page.locator('.navbar__brand').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('main')).toBeVisible();
  await page.goBack();
  await expect(heading).toHaveText(title!);

  // Search answers from the saved index: the query searched online, and words it did not need.
  await openSearch(page);
  await searchFor(page, 'stream');
  await expect(searchDialog(page).hits.first()).toBeVisible();
  await expect(page.locator('.docs-search-error')).toHaveCount(0);
  await searchFor(page, 'delegation operator');
  await expect(
    searchDialog(page)
      .hits.filter({hasText: /delegat/i})
      .first(),
  ).toBeVisible();
  await expect(page.locator('.docs-search-error')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The Markdown twin.
  await page.goto('/guides/nodejs.md');
  await expect(page.locator('body')).toContainText(`# ${title}`);

  // A page never read: a page that says why, not the browser's error.
  const response = await page.goto('/help');
  expect(response?.status()).toBe(503);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('You are offline');
  await expect(page.getByRole('link', {name: 'Streamr Docs home page'})).toBeVisible();
});

test('after a deploy a prompt offers the new version, and reloading shows it', async ({page, context}) => {
  // The build before the deploy: its service worker differs from the one in ./build, and the first page
  // carries a mark. Playwright routes the worker script's first fetch but not the browser's update checks,
  // so the routed one is the old build. The page is routed with page.route, which sees it because no
  // worker controls the page yet (routing the worker's own fetches stalls its update in Chromium).
  await context.route(/\/sw\.js(\?|$)/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({response, body: `${await response.text()}\n// the build before\n`});
  });
  await page.route(/\/guides\/nodejs$/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('<head>', '<head><meta name="deploy" content="before">');
    await route.fulfill({response, body: html});
  });
  await page.goto('/guides/nodejs');
  await hydrated(page);
  await controlled(page);
  const mark = page.locator('meta[name="deploy"]');
  await expect(mark).toHaveCount(1);

  // The deploy; the browser looks for a new service worker (on a navigation, or now).
  await context.unrouteAll();
  await page.unrouteAll();
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });

  const prompt = page.getByRole('status', {name: 'Site update'});
  await expect(prompt).toContainText('New version available', {timeout: 30_000});
  for (const mode of ['light', 'dark']) {
    await page.evaluate((theme) => document.documentElement.setAttribute('data-theme', theme), mode);
    const results = await new AxeBuilder({page})
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .include('#pwa-popup-container')
      .analyze();
    expect(results.violations.map((v) => `${mode} ${v.id}: ${v.help}`)).toEqual([]);
    expect(results.passes.length, 'axe checked something').toBeGreaterThan(0);
  }
  expect(loads).toEqual([]);

  // Keyboard: the button takes focus and Enter reloads into the new version.
  const refresh = prompt.getByRole('button', {name: 'Refresh'});
  await refresh.focus();
  await expect(refresh).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => loads.length, {timeout: 30_000}).toBe(1);
  await hydrated(page);
  await expect(mark).toHaveCount(0);
  await expect(prompt).toHaveCount(0);
});

test('offline, search marks the pages never saved, and one opens as a page that says so', async ({
  page,
  context,
  allowConsole,
}) => {
  allowConsole(/Failed to load resource: the server responded with a status of 503/);
  allowConsole(/Failed to load resource: net::ERR_FAILED/);
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  const isSaved = (path: string) =>
    page.evaluate(async (url) => Boolean(await caches.match(new URL(url, location.href).href)), path);
  await page.goto('/');
  await hydrated(page);
  await controlled(page);
  // Read one page by loading it, one by a link (a route change: its HTML is fetched to be kept too).
  await page.goto('/guides/nodejs');
  await hydrated(page);
  const link = page.locator('article a[href^="/usage/"]').first();
  const linked = new URL((await link.getAttribute('href'))!, 'http://x').pathname;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${linked}(#.*)?$`));
  await expect.poll(() => isSaved(linked), {timeout: 15_000}).toBe(true);
  await page.goto('/search?q=node');
  await expect(page.locator('main article').first()).toBeVisible({timeout: 30_000});
  expect(await isSaved('/search?q=node')).toBe(true);
  await openSearch(page);
  await searchFor(page, 'node');
  await page.keyboard.press('Escape');

  await goOffline(context, page);
  const saved = new Set(['/', '/guides/nodejs', linked]);
  /** Each hit's page, and whether it carries the note. */
  const marks = async (hits: Locator) =>
    (
      await hits.evaluateAll((links) =>
        links.map(
          (a) =>
            [
              new URL((a as HTMLAnchorElement).href).pathname,
              a.querySelector('.docs-search-unsaved') !== null,
            ] as const,
        ),
      )
    ).filter(([path], index, all) => all.findIndex(([other]) => other === path) === index);
  const checkMarks = (found: (readonly [string, boolean])[]) => {
    expect(found.length).toBeGreaterThan(3);
    for (const [path, marked] of found) expect(marked, path).toBe(!saved.has(path));
    expect(found.some(([path]) => saved.has(path))).toBe(true);
  };

  // The /search page searches again (a reload would not do: Playwright's offline mode ends for a new document).
  const results = page.locator('main article h2 a');
  const query = page.getByRole('searchbox', {name: 'Search'});
  await query.fill('');
  await expect(results).toHaveCount(0);
  await query.fill('node');
  await expect(results.first()).toBeVisible({timeout: 30_000});
  await expect(page.locator('main article .docs-search-unsaved').first()).toHaveText(
    'Not saved for offline reading',
  );
  checkMarks(await marks(results));

  await openSearch(page);
  await searchFor(page, 'node');
  const hits = searchDialog(page).hits.locator('a');
  checkMarks(await marks(hits));
  const unsaved = hits.filter({has: page.locator('.docs-search-unsaved')}).first();
  const target = new URL((await unsaved.getAttribute('href'))!, 'http://x').pathname;
  await unsaved.click();
  await expect(page).toHaveURL(new RegExp(`${target}(#.*)?$`));
  await expect(page.getByRole('heading', {level: 1})).toHaveText('You are offline');
  expect(messages.filter((text) => /ChunkLoadError|Loading chunk/.test(text))).toEqual([]);
});
