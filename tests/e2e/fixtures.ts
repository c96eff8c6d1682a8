import {
  test as base,
  expect,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Response,
} from '@playwright/test';

export {expect};

/**
 * The entry bundles run after the first paint (config/page-template.ts), so the
 * `load` event that ends `page.goto` does not mean the app is running: a click
 * or an evaluate right after it can reach the server-rendered page before React
 * has hydrated it. So on the shared fixtures, `goto`, `reload`, `goBack`,
 * `goForward` and `waitForURL` also wait for Docusaurus's
 * `html[data-has-hydrated="true"]` when they land on one of the site's app pages
 * (an HTML document with the `#__docusaurus` root) and JavaScript is on.
 * Markdown twins, llms.txt, the offline page and other documents without the app
 * are returned as they are.
 *
 * A test that wants the page before (or without) hydration, for example one
 * that holds or blocks the bundles, passes `waitUntil` and gets exactly that
 * Playwright state.
 */
const HYDRATED = 'html[data-has-hydrated="true"]';
// Hydration of a large page on a busy machine: generous, but well inside a test's time.
const HYDRATION_TIMEOUT = 20_000;

type NavigationOptions = {waitUntil?: unknown};

async function hydratedAfter(page: Page, response: Response | null, options?: NavigationOptions) {
  if (options?.waitUntil !== undefined) return;
  if (response && !/^text\/html\b/.test(response.headers()['content-type'] ?? '')) return;
  if ((await page.locator('#__docusaurus').count()) === 0) return;
  try {
    await page.locator(HYDRATED).waitFor({state: 'attached', timeout: HYDRATION_TIMEOUT});
  } catch (error) {
    throw new Error(
      `${page.url()} did not hydrate within ${HYDRATION_TIMEOUT} ms of loading; a test that ` +
        'expects that passes `waitUntil` (tests/e2e/fixtures.ts)',
      {cause: error},
    );
  }
}

const watched = new WeakSet<Page>();

/** Makes the page's navigations wait for hydration (see above). */
export function waitForHydrationAfterNavigations(page: Page): void {
  if (watched.has(page)) return;
  watched.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const goBack = page.goBack.bind(page);
  const goForward = page.goForward.bind(page);
  const waitForURL = page.waitForURL.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await hydratedAfter(page, response, options);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await hydratedAfter(page, response, options);
    return response;
  };
  page.goBack = async (options) => {
    const response = await goBack(options);
    await hydratedAfter(page, response, options);
    return response;
  };
  page.goForward = async (options) => {
    const response = await goForward(options);
    await hydratedAfter(page, response, options);
    return response;
  };
  page.waitForURL = async (url, options) => {
    await waitForURL(url, options);
    await hydratedAfter(page, null, options);
  };
}

function watchContext(context: BrowserContext): void {
  for (const page of context.pages()) waitForHydrationAfterNavigations(page);
  context.on('page', waitForHydrationAfterNavigations);
}

/**
 * The scripts the page fetches from now on, with their bodies. A body is read when the test asks,
 * not in the response listener: a listener still reading one when the test ends fails the test
 * ("Test ended"), and one that has not finished yet leaves the script out of the list.
 */
export function scriptResponses(page: Page): () => Promise<{url: string; body: string}[]> {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  });
  return () =>
    Promise.all(responses.map(async (response) => ({url: response.url(), body: await response.text()})));
}

type Fixtures = {
  /** Console messages that a test expects; anything else at error level fails it. */
  allowConsole: (pattern: RegExp) => void;
  consoleGate: void;
  /** Let the site's offline service worker run (tests/e2e/offline.spec.ts); other tests hide it. */
  offlineWorker: boolean;
  serviceWorkerSupport: void;
};

/**
 * Every browser test fails on an uncaught exception or a console error it did
 * not announce with `allowConsole(/pattern/)`.
 */
export const test = base.extend<Fixtures>({
  // Pages of the test's context (the `page` fixture, and any it opens) wait for hydration after
  // navigations; with JavaScript off there is nothing to wait for.
  context: async ({context, javaScriptEnabled}, use) => {
    if (javaScriptEnabled !== false) watchContext(context);
    await use(context);
  },
  allowConsole: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const allowed: RegExp[] = [];
      (testInfo as unknown as {allowedConsole: RegExp[]}).allowedConsole = allowed;
      await use((pattern) => allowed.push(pattern));
    },
    {scope: 'test'},
  ],
  consoleGate: [
    async ({page, allowConsole: _allow}, use, testInfo) => {
      const allowed = (testInfo as unknown as {allowedConsole: RegExp[]}).allowedConsole;
      const problems: string[] = [];
      const record = (text: string) => {
        if (!allowed.some((pattern) => pattern.test(text))) problems.push(text);
      };
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() === 'error') record(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => record(`uncaught: ${error.message}`));
      await use();
      expect(problems, 'browser console errors').toEqual([]);
    },
    {auto: true},
  ],
  offlineWorker: [false, {option: true}],
  serviceWorkerSupport: [
    async ({context, offlineWorker}, use) => {
      // The worker would answer requests that tests route with page.route() (Playwright cannot see
      // those) and serve saved copies across a test's "deploys". The page sees a browser without service
      // workers, which the site leaves alone. (Playwright's serviceWorkers: 'block' leaves a register()
      // that resolves to nothing, which the registration code reports as an error.)
      if (!offlineWorker) {
        await context.addInitScript(() => {
          delete (Navigator.prototype as {serviceWorker?: unknown}).serviceWorker;
        });
      }
      await use();
    },
    {auto: true},
  ],
});
