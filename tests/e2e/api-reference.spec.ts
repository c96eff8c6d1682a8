import {readFileSync} from 'node:fs';
import {sitemapPaths} from '../support/sitemap.ts';
import {expect, test} from './fixtures.ts';
import {apiPages} from './spec-routes.ts';

const sdkVersion: string = JSON.parse(readFileSync('package.json', 'utf8')).dependencies['@streamr/sdk'];

test('the index names the SDK and its version and links every page', async ({page}) => {
  await page.goto('/usage/sdk/api');
  await expect(page.locator('article h1')).toHaveText(/^@streamr\/sdk \d+\.\d+\.\d+/);
  await expect(page.locator('article h1')).toHaveText(`@streamr/sdk ${sdkVersion}`);
  for (const [kind, names] of Object.entries(apiPages)) {
    for (const name of names) {
      await expect(page.locator(`article a[href="/usage/sdk/api/${kind}/${name}"]`).first()).toBeAttached();
    }
  }
});

test('no pages beyond the classes, enumerations and interfaces the spec lists', async ({request}) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  // The current version's pages; the previous major (/usage/sdk/api/102/) and the changes page: api-versions.spec.ts.
  const apiPaths = sitemapPaths(xml).filter(
    (route) =>
      route.startsWith('/usage/sdk/api/') &&
      !route.startsWith('/usage/sdk/api/102') &&
      route !== '/usage/sdk/api/changes',
  );
  const expected = Object.entries(apiPages).flatMap(([kind, names]) =>
    names.map((n) => `/usage/sdk/api/${kind}/${n}`),
  );
  expect(apiPaths.sort()).toEqual(expected.sort());
});

test('internal MessageSigner is not documented anywhere', async ({page, request}) => {
  expect((await request.get('/usage/sdk/api/classes/MessageSigner')).status()).toBe(404);
  await page.goto('/usage/sdk/api');
  await expect(page.locator('article')).not.toContainText('MessageSigner');
  await page.goto('/usage/sdk/api/classes/StreamrClient');
  await expect(page.locator('article')).not.toContainText('MessageSigner');
});

test('private and protected members are left out', async ({page}) => {
  await page.goto('/usage/sdk/api/classes/StreamrClient');
  const article = page.locator('article');
  // Declared `private readonly` in the SDK's StreamrClient.
  for (const privateMember of ['publisher', 'subscriber', 'resends']) {
    await expect(article.locator(`h3#${privateMember}`)).toHaveCount(0);
  }
  // TypeDoc marks such members with a `private` / `protected` flag.
  const flags = await article.locator('code').allInnerTexts();
  expect(flags.filter((text) => ['private', 'protected'].includes(text.trim()))).toEqual([]);
  await expect(article.locator('h3#publish')).toBeAttached();
});

test('table of contents entries wrap between the humps of a member name, never inside one', async ({
  page,
}) => {
  await page.setViewportSize({width: 1280, height: 900});
  await page.goto('/usage/sdk/api/classes/StreamrClient');
  const entry = page.locator('.table-of-contents a[href="#addstreamtostoragenode"]');
  // Same anchor and text as the heading; breaks add no characters.
  await expect(entry).toHaveText('addStreamToStorageNode()');
  await expect(page.locator('article h3#addstreamtostoragenode')).toHaveText('addStreamToStorageNode()');
  // A text run without spaces that spans two lines has been broken inside a word.
  const brokenWords = await page.locator('.table-of-contents a').evaluateAll((links) =>
    links.flatMap((link) => {
      const runs = Array.from(link.childNodes).filter((node) => node.nodeType === Node.TEXT_NODE);
      return runs.flatMap((run) => {
        const range = document.createRange();
        range.selectNodeContents(run);
        const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
        return lines.size > 1 && !/\s/.test(run.textContent ?? '') ? [run.textContent] : [];
      });
    }),
  );
  expect(brokenWords).toEqual([]);
  // The long name does wrap in that column, so the check above has something to look at.
  const lines = await entry.evaluate((link) => {
    const range = document.createRange();
    range.selectNodeContents(link);
    return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBeGreaterThan(1);
});

test('the reference sits under Usage → SDK in the sidebar, grouped by kind', async ({page}) => {
  await page.goto('/usage/sdk/api/classes/Stream');
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  const activeTrail = await sidebar.locator('.menu__link--active').allInnerTexts();
  expect(activeTrail.map((t) => t.trim())).toEqual(['Usage', 'SDK', 'API reference', 'Classes', 'Stream']);
  const apiCategory = sidebar.locator('li', {has: page.locator('> div > a', {hasText: /^API reference$/})});
  const groups = apiCategory.locator('> ul > li > div > a');
  await expect(groups).toHaveText(['Classes', 'Enumerations', 'Interfaces']);
});

for (const [kind, names] of Object.entries(apiPages)) {
  test(`every ${kind} page renders its title and members`, async ({page}) => {
    test.setTimeout(names.length * 5_000);
    for (const name of names) {
      await page.goto(`/usage/sdk/api/${kind}/${name}`);
      await expect(page.locator('article h1'), name).toContainText(name);
      // Members are h3 headings under h2 groups (Properties, Methods, Enumeration Members...).
      const members = await page.locator('article h3').count();
      expect(members, `${name} members`).toBeGreaterThan(0);
    }
  });
}

test('h4–h6 have the theme heading markup, each from one component', async ({page}) => {
  await page.goto('/usage/sdk/api/classes/StreamrClient');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  const minor = page.locator('article h4', {hasText: /^Parameters/}).first();
  const id = await minor.getAttribute('id');
  expect(id).toMatch(/^parameters/);
  // The same classes (anchor, scroll margin below the sticky navbar) as a theme-rendered h3.
  expect(await minor.getAttribute('class')).toBe(
    await page.locator('article h3[id]').first().getAttribute('class'),
  );
  const anchor = minor.locator('a.hash-link');
  await expect(anchor).toHaveAttribute('href', `#${id}`);
  await expect(anchor).toHaveAttribute('aria-label', 'Direct link to Parameters');
  await anchor.click();
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
  // React components between a heading and the element it sits in: the theme's h3 has three of its own
  // (map entry, MDX heading, Heading) above those of the page; the lighter h4–h6 have one.
  const componentsAbove = (selector: string) =>
    page.evaluate(
      (sel) =>
        Array.from(document.querySelectorAll(sel)).map((heading) => {
          type Fiber = {tag: number; return: Fiber | null};
          const key = Object.keys(heading).find((name) => name.startsWith('__reactFiber$')) ?? '';
          let fiber = (heading as unknown as Record<string, Fiber>)[key]?.return;
          let components = 0;
          // Up to the next host element (tag 5) or the root (3); 0, 1, 11, 14 and 15 are components.
          while (fiber && fiber.tag !== 5 && fiber.tag !== 3) {
            if ([0, 1, 11, 14, 15].includes(fiber.tag)) components++;
            fiber = fiber.return;
          }
          return components;
        }),
      selector,
    );
  const [h3] = await componentsAbove('article h3[id]');
  const perHeading = await componentsAbove('article h4, article h5, article h6');
  expect(perHeading.length).toBeGreaterThan(100);
  expect(Math.max(...perHeading)).toBe(h3 - 2);
});
