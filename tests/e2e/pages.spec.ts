import {expect, test} from './fixtures';
import {apiPages, specRoutes} from './spec-routes';
import {descriptionProblem} from '../../config/description-rule.ts';

/** URLs listed in the built sitemap, as paths relative to the served site. */
async function sitemapPaths(request: import('@playwright/test').APIRequestContext): Promise<string[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

test('the sitemap lists every route of the spec and every API page', async ({request}) => {
  const paths = new Set(await sitemapPaths(request));
  const expected = [
    ...specRoutes,
    '/usage/sdk/api',
    ...Object.entries(apiPages).flatMap(([kind, names]) =>
      names.map((name) => `/usage/sdk/api/${kind}/${name}`),
    ),
  ];
  const missing = expected.filter((route) => !paths.has(route));
  expect(missing, 'spec routes missing from sitemap.xml').toEqual([]);
});

test('the sitemap leaves out the dogfood pages', async ({request}) => {
  const paths = await sitemapPaths(request);
  expect(paths.filter((p) => p.startsWith('/dogfood'))).toEqual([]);
});

test('every sitemap URL answers 200, renders one h1, no literal ::: directive, and has a meta description', async ({
  page,
  request,
}) => {
  test.setTimeout(10 * 60_000);
  const paths = await sitemapPaths(request);
  expect(paths.length).toBeGreaterThan(100);
  const failures: string[] = [];
  for (const path of paths) {
    const response = await page.goto(path, {waitUntil: 'domcontentloaded'});
    if (response?.status() !== 200) {
      failures.push(`${path}: HTTP ${response?.status()}`);
      continue;
    }
    // The page's content area (the skip link's target): /search, for one, has no <main> around its h1.
    const h1s = await page.locator('#__docusaurus_skipToContent_fallback h1').allInnerTexts();
    if (h1s.length !== 1 || !h1s[0].trim())
      failures.push(`${path}: ${h1s.length} h1 elements (${h1s.join(' | ')})`);
    // An admonition Docusaurus did not recognise (e.g. `:::warning Title` under future.v4) ships as text.
    const literalDirectives = await page
      .locator('#__docusaurus_skipToContent_fallback p')
      .filter({hasText: /^\s*:::/})
      .allInnerTexts();
    if (literalDirectives.length)
      failures.push(`${path}: admonition shown as text: ${literalDirectives.join(' | ')}`);
    // Search results and link previews read it from the served HTML (Lighthouse's SEO score too);
    // the live DOM is no use here: the head manager swaps the tags while the page hydrates.
    // The same length rule as the front-matter check (scripts/check-content.ts).
    const descriptions = metaDescriptions(await response.text());
    const problem = descriptions.length === 1 ? descriptionProblem(descriptions[0]) : 'one meta description';
    if (problem) failures.push(`${path}: ${problem}: ${JSON.stringify(descriptions)}`);
  }
  expect(failures).toEqual([]);
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
