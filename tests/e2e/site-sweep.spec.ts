import AxeBuilder from '@axe-core/playwright';
import {test as base, expect, type Page} from '@playwright/test';
import {baseURL} from '../../playwright.config.ts';
import {descriptionProblem} from '../../config/description-rule.ts';
import {builtSitemapPaths, sitemapPaths} from '../support/sitemap.ts';
import {watchCspViolations} from './csp-helpers.ts';
import {apiPages, specRoutes} from './spec-routes.ts';

/**
 * The one crawl of the whole site: every page of the built sitemap, plus the
 * not-found page, visited once. Each page must answer 200, break no rule of the
 * Content-Security-Policy (csp.spec.ts checks that every file declares it), carry a meta description that
 * meets the content rule, render exactly one h1 and no admonition left as literal
 * `:::` text, log no console error, and pass axe-core (WCAG 2.1 A and AA) in light
 * and in dark mode. Best-practice rules are Lighthouse's job (`npm run audit`).
 *
 * Fast enough for every run: each worker keeps one browser page, so assets stay
 * in its HTTP cache, and the dark-mode pass uses the colour switch instead of a
 * second page load. The shared page collects console errors itself, so this file
 * uses Playwright's plain `test` rather than the per-test page of ./fixtures.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const NOT_FOUND = '/no/such/page';
const routes = builtSitemapPaths();

type SharedPage = {
  page: Page;
  consoleProblems: string[];
  cspViolations: Awaited<ReturnType<typeof watchCspViolations>>;
};

const test = base.extend<object, {sharedPage: SharedPage}>({
  sharedPage: [
    async ({browser}, use) => {
      const context = await browser.newContext({baseURL});
      const page = await context.newPage();
      // Every load starts in light mode; the dark pass switches with the toggle.
      await page.addInitScript(() => localStorage.setItem('theme', 'light'));
      const consoleProblems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleProblems.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => consoleProblems.push(`uncaught: ${error.message}`));
      const cspViolations = await watchCspViolations(page);
      await use({page, consoleProblems, cspViolations});
      await context.close();
    },
    {scope: 'worker'},
  ],
});

test('the sitemap is served and lists the whole site: every spec route and API page, no dogfood page', async ({
  request,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(sitemapPaths(await response.text())).toEqual(routes);

  expect(routes.length).toBeGreaterThan(100);
  const listed = new Set(routes);
  const expected = [
    ...specRoutes,
    '/usage/sdk/api',
    ...Object.entries(apiPages).flatMap(([kind, names]) =>
      names.map((name) => `/usage/sdk/api/${kind}/${name}`),
    ),
  ];
  expect(
    expected.filter((route) => !listed.has(route)),
    'spec routes missing from sitemap.xml',
  ).toEqual([]);
  expect(routes.filter((route) => route.startsWith('/dogfood'))).toEqual([]);
});

/** The content of every `<meta name="description">` in an HTML document, as served (minified or not). */
function metaDescriptions(html: string): string[] {
  return [...html.matchAll(/<meta\b[^>]*>/gi)]
    .map((match) => match[0])
    .filter((tag) => /\bname=["']?description["'\s/>]/i.test(tag))
    .map((tag) => {
      const content = /\bcontent=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(tag);
      return decodeEntities(content ? (content[1] ?? content[2] ?? content[3]) : '');
    });
}

/** The text an attribute's character references stand for ("&#x27;" is one character of the description). */
function decodeEntities(text: string): string {
  const named: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'"};
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));/gi, (entity, hex, decimal, name) =>
    hex
      ? String.fromCodePoint(parseInt(hex, 16))
      : decimal
        ? String.fromCodePoint(Number(decimal))
        : (named[name.toLowerCase()] ?? entity),
  );
}

/** What is wrong with the served HTML of a sitemap page: its meta description. */
function servedHtmlProblems(html: string): string[] {
  const problems: string[] = [];
  // Search results and link previews read the description from the served HTML (Lighthouse's SEO
  // score too); the live DOM is no use here: the head manager swaps the tags while the page hydrates.
  // The same length rule as the front-matter check (scripts/check-content.mjs).
  const descriptions = metaDescriptions(html);
  const problem = descriptions.length === 1 ? descriptionProblem(descriptions[0]) : 'one meta description';
  if (problem) problems.push(`${problem}: ${JSON.stringify(descriptions)}`);
  return problems;
}

/** What is wrong with the rendered content of a sitemap page: its h1 and stray directives. */
async function contentProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  // The page's content area (the skip link's target): /search, for one, has no <main> around its h1.
  const content = page.locator('#__docusaurus_skipToContent_fallback');
  const h1s = await content.locator('h1').allInnerTexts();
  if (h1s.length !== 1 || !h1s[0].trim()) problems.push(`${h1s.length} h1 elements (${h1s.join(' | ')})`);
  // An admonition Docusaurus did not recognise (e.g. `:::warning Title` under future.v4) ships as text.
  const literalDirectives = await content
    .locator('p')
    .filter({hasText: /^\s*:::/})
    .allInnerTexts();
  if (literalDirectives.length) problems.push(`admonition shown as text: ${literalDirectives.join(' | ')}`);
  return problems;
}

async function wcagViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe once in the page. The default runs it per frame, then again in a new blank page
  // to merge the frames' results, which the site (no iframes) does not need: twice as slow over 400 runs.
  // Only violations come back, not every node that passed.
  // `options` replaces the options `withTags` sets, so it comes first.
  const results = await new AxeBuilder({page})
    .options({resultTypes: ['violations']})
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

test('the axe check reports what breaks WCAG on a real page (low contrast, an unnamed button), and only that', async ({
  sharedPage,
}) => {
  const {page} = sharedPage;
  await page.goto('/guides/nodejs');
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  expect(await wcagViolations(page)).toEqual([]);
  await page.locator('article').evaluate((article) => {
    const faint = document.createElement('p');
    faint.textContent = 'Faint text';
    faint.style.color = '#eeeeee';
    const button = document.createElement('button');
    button.id = 'unnamed-button';
    article.append(faint, button);
    // Content outside every landmark breaks axe's best-practice rule `region`, not WCAG.
    const stray = document.createElement('div');
    stray.textContent = 'Outside the landmarks';
    document.body.append(stray);
  });
  const violations = await wcagViolations(page);
  expect(violations.find((violation) => violation.startsWith('color-contrast '))).toBeTruthy();
  expect(violations.find((violation) => violation.startsWith('button-name '))).toContain('#unnamed-button');
  expect(violations.filter((violation) => violation.startsWith('region '))).toEqual([]);
});

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

// Axe takes seconds on the longest pages of a busy machine, twice per page.
test.describe.configure({timeout: 120_000});

for (const route of [...routes, NOT_FOUND]) {
  const notFound = route === NOT_FOUND;
  test(`${route}: ${notFound ? '404' : '200, one h1, meta description, CSP'}, no console error, axe in light and dark mode`, async ({
    sharedPage,
  }) => {
    const {page, consoleProblems, cspViolations} = sharedPage;
    // Whatever an earlier test on this page left unread is not this page's.
    await cspViolations.read();
    consoleProblems.length = 0;

    const response = await page.goto(route);
    expect(response?.status()).toBe(notFound ? 404 : 200);
    // Hydration runs the page's scripts and React's first render: policy violations would show by then.
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    const problems = notFound
      ? []
      : [...servedHtmlProblems(await response!.text()), ...(await contentProblems(page))];

    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await settle(page);
    const light = await wcagViolations(page);
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await settle(page);
    const dark = await wcagViolations(page);

    expect(problems, 'page content').toEqual([]);
    expect({light, dark}, 'WCAG 2.1 A/AA violations').toEqual({light: [], dark: []});
    expect(await cspViolations.read(), 'Content-Security-Policy violations').toEqual([]);
    // The not-found page is served with status 404, which Chromium logs.
    const unexpected = consoleProblems.filter((p) => !(notFound && /status of 404/.test(p)));
    expect(unexpected, 'browser console errors').toEqual([]);
  });
}
