import {test as base, expect, type ConsoleMessage} from '@playwright/test';

export {expect};

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
