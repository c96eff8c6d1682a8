import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {ENTRY_SCRIPT_ATTRIBUTE} from '../../config/page-template.ts';
import {COMPILE_HINT} from '../../src/plugins/hydration-tasks/index.ts';
import {expect, test} from './fixtures.ts';

/**
 * The entry bundles run after the first paint (config/page-template.ts), so the
 * server-rendered page shows before the bundles are evaluated, and the page still
 * comes alive afterwards, in a visible tab and in a hidden one.
 */

const BUILD = path.join(__dirname, '..', '..', 'build');
const toggle = (page: import('@playwright/test').Page) =>
  page.getByRole('button', {name: /Switch between dark and light mode/});

test('built pages preload the entry bundles and start none of them with a script tag', () => {
  for (const file of ['index.html', 'guides/nodejs.html', 'search.html']) {
    const html = readFileSync(path.join(BUILD, file), 'utf8');
    expect(html, file).not.toMatch(/<script[^>]*\ssrc=/);
    const entries = [...html.matchAll(new RegExp(`<link\\b[^>]*\\b${ENTRY_SCRIPT_ATTRIBUTE}\\b[^>]*>`, 'g'))];
    expect(
      entries.map(([tag]) => tag.match(/href=["']?([^"' >]+)/)?.[1]),
      file,
    ).toEqual([
      expect.stringMatching(/\/assets\/js\/runtime~main\.[0-9a-f]+\.js$/),
      expect.stringMatching(/\/assets\/js\/main\.[0-9a-f]+\.js$/),
    ]);
    for (const [tag] of entries) expect(tag, file).toMatch(/rel=["']?preload\b.*fetchpriority=["']?low\b/);
  }
});

test('the entry bundles, and only they, ask V8 to compile all their functions as they download', () => {
  const scripts = readdirSync(path.join(BUILD, 'assets', 'js')).filter((name) => name.endsWith('.js'));
  const firstLine = (name: string) =>
    readFileSync(path.join(BUILD, 'assets', 'js', name), 'utf8').split('\n')[0];
  const entries = scripts.filter((name) => /^(runtime~main|main)\./.test(name));
  expect(entries).toHaveLength(2);
  for (const name of entries) expect(firstLine(name), name).toBe(COMPILE_HINT);
  const others = scripts.filter((name) => !entries.includes(name));
  expect(others.length).toBeGreaterThan(10);
  for (const name of others) expect(firstLine(name), name).not.toBe(COMPILE_HINT);
  const css = path.join(BUILD, 'assets', 'css');
  for (const name of readdirSync(css))
    expect(readFileSync(path.join(css, name), 'utf8'), name).not.toContain('//#');
});

test('the bundles start only after a frame has been drawn, in order, and the page comes alive', async ({
  page,
}) => {
  // Counts animation frames and notes how many had run when each entry bundle was added.
  await page.addInitScript(() => {
    const state = {frames: 0, added: [] as Array<{src: string; frames: number}>};
    (window as unknown as {loadingState: typeof state}).loadingState = state;
    const count = () => {
      state.frames++;
      requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        mutation.addedNodes.forEach((node) => {
          if (node instanceof HTMLScriptElement && node.src.includes('/assets/js/'))
            state.added.push({src: new URL(node.src).pathname, frames: state.frames});
        });
    }).observe(document, {childList: true, subtree: true});
  });
  await page.goto('/guides/nodejs');
  await toggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const {added} = await page.evaluate(
    () => (window as unknown as {loadingState: {added: Array<{src: string; frames: number}>}}).loadingState,
  );
  const entries = added.filter(({src}) => /\/(runtime~main|main)\./.test(src));
  expect(entries.map(({src}) => src.replace(/\.[0-9a-f]+\.js$/, ''))).toEqual([
    '/assets/js/runtime~main',
    '/assets/js/main',
  ]);
  for (const entry of entries) expect(entry.frames, entry.src).toBeGreaterThanOrEqual(1);
});

test('a page opened in a background tab comes alive without waiting for a frame', async ({page}) => {
  // Background tabs get no animation frames: the loader must not wait for one there.
  await page.addInitScript(() => {
    Object.defineProperty(document, 'visibilityState', {get: () => 'hidden'});
    window.requestAnimationFrame = () => 0;
  });
  // Docusaurus sets its hydration mark through react-helmet, in an animation frame this tab never
  // gets, so the fixture's wait would never end (tests/e2e/fixtures.ts). The switch is disabled until
  // the page has hydrated, so the click below is what waits for it.
  await page.goto('/', {waitUntil: 'load'});
  await toggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('without paint timing the bundles still start, after a frame', async ({page}) => {
  // Browsers without PerformanceObserver paint entries fall back to the next animation frame.
  await page.addInitScript(() => {
    // @ts-expect-error: removed on purpose, as in a browser without it
    delete window.PerformanceObserver;
    // The loader's 2 s safety timer must not be what starts them here.
    const setTimeoutOf = window.setTimeout.bind(window);
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) =>
      delay === 2000 ? 0 : setTimeoutOf(handler, delay, ...rest)) as typeof window.setTimeout;
  });
  await page.goto('/guides/nodejs');
  await toggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('when the first paint came before the page was parsed, the bundles wait for a later frame', async ({
  page,
}) => {
  // A busy browser can paint the top of a long page before the parser reaches the loader; that
  // paint is not the largest. Paint timing here reports only such an early paint, and no
  // largest-contentful-paint entry after it: the loader must wait for the next frame (and 50 ms).
  await page.addInitScript(() => {
    const state = {observedAt: 0, addedAt: 0};
    (window as unknown as {loadingState: typeof state}).loadingState = state;
    // The one entry a PerformanceObserverEntryList would hold, by both of its lookups.
    const early = [{name: 'first-contentful-paint', entryType: 'paint', startTime: 1}];
    type List = {getEntries: () => unknown[]; getEntriesByName: (name: string) => unknown[]};
    const list: List = {
      getEntries: () => early,
      getEntriesByName: (name) => early.filter((e) => e.name === name),
    };
    class EarlyPaintOnly {
      private callback: (list: List, observer: EarlyPaintOnly) => void;
      constructor(callback: (list: List, observer: EarlyPaintOnly) => void) {
        this.callback = callback;
      }
      observe({type}: {type: string}) {
        state.observedAt ||= performance.now();
        if (type === 'paint') queueMicrotask(() => this.callback(list, this));
      }
      disconnect() {}
    }
    (window as unknown as {PerformanceObserver: unknown}).PerformanceObserver = EarlyPaintOnly;
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        mutation.addedNodes.forEach((node) => {
          if (node instanceof HTMLScriptElement && /\/runtime~main\./.test(node.src))
            state.addedAt ||= performance.now();
        });
    }).observe(document, {childList: true, subtree: true});
  });
  await page.goto('/guides/nodejs');
  const {observedAt, addedAt} = await page.evaluate(
    () => (window as unknown as {loadingState: {observedAt: number; addedAt: number}}).loadingState,
  );
  expect(observedAt).toBeGreaterThan(0);
  expect(addedAt - observedAt, 'ms from the loader to the first bundle').toBeGreaterThanOrEqual(50);
  await toggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

for (const viewport of [
  {name: 'phone', width: 412, height: 823},
  {name: 'desktop', width: 1280, height: 800},
]) {
  test.describe(() => {
    test.use({viewport});
    // One test per screen: eight loads of large pages in one test neared its time on a busy machine.
    test(`hydration finds the markup it expects, on a ${viewport.name} screen`, async ({page}) => {
      // A mismatch makes React log a recoverable error and re-render the page from scratch: the
      // expensive kind of hydration. The fixtures fail the test on that console error. Covers the
      // late start of the bundles and the window-size hook (src/plugins/hydration-tasks), on
      // the pages the performance audit measures.
      for (const url of ['/', '/guides/nodejs', '/usage/sdk/api/classes/StreamrClient', '/search']) {
        await page.goto(url);
        // The window-size update is a transition: wait until the layout for this width is in place
        // (on a phone the desktop table of contents goes away; the docs sidebar stays, hidden).
        if (url !== '/' && url !== '/search') {
          const desktopToc = page.locator('.theme-doc-toc-desktop');
          if (viewport.width < 996) await expect(desktopToc).toHaveCount(0);
          else await expect(desktopToc).toBeVisible();
          await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeVisible({
            visible: viewport.width >= 996,
          });
        }
      }
    });
  });
}

test('on the shared fixtures, goto returns only once the page has hydrated, also when the app runs after load', async ({
  page,
}) => {
  // The app's main bundle only defines a function, which the test calls after `load`: the order a
  // slow phone or a busy test machine can produce now that the bundles start after the first paint.
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
