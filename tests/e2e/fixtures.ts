import {test as base, expect, type ConsoleMessage} from '@playwright/test';

export {expect};

type Fixtures = {
  /** Console messages that a test expects; anything else at error level fails it. */
  allowConsole: (pattern: RegExp) => void;
  consoleGate: void;
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
  serviceWorkerSupport: [
    async ({context, serviceWorkers}, use) => {
      // With service workers blocked (playwright.config.ts), Playwright leaves a register() that resolves
      // to nothing, which the site's offline code would take for a broken browser. Show the page a browser
      // without service workers instead, which the site simply leaves alone.
      if (serviceWorkers === 'block') {
        await context.addInitScript(() => {
          delete (Navigator.prototype as {serviceWorker?: unknown}).serviceWorker;
        });
      }
      await use();
    },
    {auto: true},
  ],
});
