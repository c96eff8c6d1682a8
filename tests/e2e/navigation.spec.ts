import {expect, test, waitForHydrationAfterNavigations} from './fixtures.ts';

test('pages requested as .html or /index.html are shown at their clean path', async ({page}) => {
  // `/guides/nodejs/index.html` does not exist on the host (the page is `guides/nodejs.html`).
  for (const url of ['/guides/nodejs.html', '/guides/nodejs.html?ref=x#before-you-start']) {
    await page.goto(url);
    await expect(page.locator('article h1')).toHaveText('Publish and subscribe in Node.js');
    await expect(page).toHaveTitle('Publish and subscribe in Node.js | Streamr Docs');
    // The client cleans the address when its bundles run: wait for it rather than read it once.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/guides/nodejs');
  }
  expect(new URL(page.url()).search + new URL(page.url()).hash).toBe('?ref=x#before-you-start');
  await page.goto('/index.html');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  await expect(page.locator('article h1')).toBeVisible();
  // The console gate fails this test on a hydration mismatch.
});

test('a trailing slash on a page URL gets the not-found page, as on GitHub Pages; the app then shows the page', async ({
  page,
  allowConsole,
}) => {
  // Pages are built as `x.html`, so the host answers `/x/` with 404.html; the client router
  // matches `/x/` to the page and renders it over the not-found markup (React reports the mismatch).
  allowConsole(/status of 404/);
  allowConsole(/Minified React error #418/);
  const response = await page.goto('/usage/sdk/api/');
  expect(response?.status()).toBe(404);
  await expect(page.locator('article h1')).toHaveText('@streamr/sdk 103.3.1');
});

test('navigating to another page starts at its top', async ({page}) => {
  await page.goto('/help/developer-faq');
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.locator('footer').getByRole('link', {name: 'Usage'}).click();
  await expect(page).toHaveURL(/\/usage\/identity$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a link with a hash scrolls to its heading', async ({page}) => {
  await page.goto('/usage/sdk/api/classes/StreamrClient');
  const tocLink = page.locator('.table-of-contents a').nth(20);
  const hash = await tocLink.evaluate((a) => (a as HTMLAnchorElement).hash);
  await tocLink.click();
  await expect(page).toHaveURL(new RegExp(`${hash}$`));
  await expect(page.locator(`[id="${decodeURIComponent(hash.slice(1))}"]`)).toBeInViewport();

  // Opening a URL with a hash lands on the heading too.
  await page.goto(`/usage/sdk/api/classes/StreamrClient${hash}`);
  await expect(page.locator(`[id="${decodeURIComponent(hash.slice(1))}"]`)).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
});

test('a slow route shows the progress bar and keeps the current page until the next one loads', async ({
  page,
}) => {
  await page.goto('/');
  const heading = await page.locator('article h1').innerText();
  // Hold back the next page's code until the progress bar has been seen: released by the test, not
  // after a fixed time that a slow machine could use up before the bar's 200 ms delay has passed.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/js\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.locator('footer').getByRole('link', {name: 'Help'}).click();
  await expect(page.locator('#nprogress')).toBeAttached();
  // The address already shows the new page, the content is still the old one.
  await expect(page.locator('article h1')).toHaveText(heading);
  release();
  await expect(page.locator('article h1')).not.toHaveText(heading);
  await expect(page).toHaveURL(/\/help\/developer-faq$/);
});

test('a fast route shows no progress bar', async ({page}) => {
  await page.goto('/');
  // Let the next route's code arrive before the click: hovering adds its chunk scripts, all at once,
  // and the chunk loader removes each once loaded. (A wait for network quiet returns at once here:
  // the page reached that state before the hover.) Prefetches of links in view are not scripts.
  const routeCode = page.waitForRequest((request) => request.resourceType() === 'script');
  await page.locator('footer').getByRole('link', {name: 'Help'}).hover();
  await routeCode;
  await expect(page.locator('script[data-rspack], script[data-webpack]')).toHaveCount(0);
  // Watch until the new page's heading is shown (not for a fixed time): did the bar appear before it?
  const sawProgress = page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.getElementById('nprogress')) resolve(true);
          else if (document.querySelector('article h1')?.textContent === 'Developer FAQ') resolve(false);
        });
        observer.observe(document.body, {childList: true, subtree: true, characterData: true});
      }),
  );
  await page.locator('footer').getByRole('link', {name: 'Help'}).click();
  expect(await sawProgress).toBe(false);
});

test('a route whose code fails to load reloads the page', async ({page, allowConsole}) => {
  allowConsole(/Failed to load resource|ChunkLoadError|Loading chunk/);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  let reloadStarted = false;
  let blocked = 0;
  await page.route(/\/assets\/js\/.*\.js$/, (route) => {
    if (reloadStarted) return route.continue();
    blocked += 1;
    return route.abort();
  });
  // The reload is a new document request; client-side navigation never makes one.
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.resourceType() === 'document') reloadStarted = true;
  });
  await page.locator('footer').getByRole('link', {name: 'Help'}).click();
  await expect.poll(() => reloadStarted).toBe(true);
  expect(blocked).toBeGreaterThan(0);
  await expect(page.locator('article h1')).toHaveText('Developer FAQ');
});

test('links are prefetched on hover, but not when the visitor saves data', async ({browser}) => {
  for (const saveData of [false, true]) {
    const context = await browser.newContext();
    if (saveData) {
      await context.addInitScript(() => {
        Object.defineProperty(navigator, 'connection', {value: {saveData: true, effectiveType: '4g'}});
      });
    }
    const page = await context.newPage();
    // A context of its own, outside the shared fixtures: hovering prefetches only once the app runs.
    waitForHydrationAfterNavigations(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/js/')) requested.push(request.url());
    });
    await page.locator('footer').getByRole('link', {name: 'Node Operators'}).hover();
    if (saveData) {
      // Prefetches wait for an idle moment (src/plugins/prefetch-once): let two pass, however slow.
      await page.evaluate(
        () => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))),
      );
      expect(requested, 'requests with save-data on').toEqual([]);
    } else await expect.poll(() => requested.length, 'prefetch requests').toBeGreaterThan(0);
    await context.close();
  }
});

test('old links redirect to their new pages', async ({page}) => {
  await page.goto('/usage/authenticate');
  await expect(page).toHaveURL(/\/usage\/identity$/);
  await expect(page.locator('article h1')).toBeVisible();
});
