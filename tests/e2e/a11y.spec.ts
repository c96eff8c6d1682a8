import AxeBuilder from '@axe-core/playwright';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {baseURL} from '../../playwright.config';
import {test as base, expect} from './fixtures';

/**
 * axe-core (WCAG 2.1 A and AA) on every page in the sitemap, plus the not-found
 * page, in light and in dark mode. Best-practice rules are Lighthouse's job.
 *
 * Fast enough for every run: each worker keeps one browser page, so assets stay
 * in its HTTP cache, and the dark-mode pass uses the colour switch instead of a
 * second page load.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const NOT_FOUND = '/no/such/page';

function sitemapRoutes(): string[] {
  const sitemap = readFileSync(path.join('build', 'sitemap.xml'), 'utf8');
  const routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  const base = `/${(process.env.BASE_URL ?? '').replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
  return routes.map((route) => `/${route.slice(base.length)}`);
}

const routes = sitemapRoutes();

type SharedPage = {page: Page; problems: string[]};

const test = base.extend<object, {sharedPage: SharedPage}>({
  sharedPage: [
    async ({browser}, use) => {
      const context = await browser.newContext({baseURL});
      const page = await context.newPage();
      // Every load starts in light mode; the dark pass switches with the toggle.
      await page.addInitScript(() => localStorage.setItem('theme', 'light'));
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await use({page, problems});
      await context.close();
    },
    {scope: 'worker'},
  ],
});

async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({page}).withTags(WCAG_TAGS).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * Judge the page as the reader sees it once it is still: colour transitions
 * (links fade for 200 ms after a mode switch) have ended, and any diagram still
 * rendered in the browser has appeared.
 */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const diagrams = page.locator('.docusaurus-mermaid-container');
  const count = await diagrams.count();
  for (let i = 0; i < count; i++) await expect(diagrams.nth(i).locator('svg')).toBeAttached();
}

test('the sitemap lists the whole site', () => {
  expect(routes.length).toBeGreaterThan(100);
  expect(routes).toContain('/');
  expect(routes).toContain('/usage/sdk/api/classes/StreamrClient');
});

// Axe takes seconds on the longest pages of a busy machine, twice per page.
test.describe.configure({timeout: 120_000});

for (const route of [...routes, NOT_FOUND]) {
  test(`${route} has no WCAG 2.1 A/AA violations in light and dark mode`, async ({sharedPage}) => {
    const {page, problems} = sharedPage;
    problems.length = 0;
    const response = await page.goto(route);
    expect(response?.status()).toBe(route === NOT_FOUND ? 404 : 200);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await settle(page);
    const light = await wcagViolations(page);

    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await settle(page);
    const dark = await wcagViolations(page);

    expect({light, dark}).toEqual({light: [], dark: []});
    // The not-found page is served with status 404, which Chromium logs.
    const unexpected = problems.filter((p) => !(route === NOT_FOUND && /status of 404/.test(p)));
    expect(unexpected, 'browser console errors').toEqual([]);
  });
}
