import AxeBuilder from '@axe-core/playwright';
import {expect, test} from './fixtures.ts';

/**
 * Readers with JavaScript off get the content, the navigation and an explanation
 * where a feature needs it; readers with it on never see any of that.
 */

const PHONE = {width: 390, height: 844};
const SECTIONS = [
  'Quickstart Guides',
  'Usage',
  'Streamr Network',
  'Streamr Project',
  'Help',
  'SDK API reference',
  'Blog',
];
const SECTION_PATHS = [
  '/guides',
  '/usage',
  '/streamr-network',
  '/streamr-project',
  '/help',
  '/api-docs',
  '/blog',
];

test.describe('with JavaScript off, on a phone', () => {
  test.use({javaScriptEnabled: false, viewport: PHONE});
  // Several page loads each, on machines shared with other test runs.
  test.describe.configure({timeout: 90_000});

  test('the section list stands in for the menu button, and reaches every section', async ({
    page,
    request,
  }) => {
    await page.goto('/guides/nodejs');
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeHidden();
    const sections = page.getByRole('navigation', {name: 'Documentation sections'});
    await expect(sections).toBeVisible();
    const links = sections.getByRole('link');
    await expect(links).toHaveText(SECTIONS);
    const targets = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(targets).toEqual(SECTION_PATHS);
    for (const href of SECTION_PATHS) expect((await request.get(href)).status(), href).toBe(200);

    // Following a link works without the client router, and the list is on every page.
    await links.filter({hasText: 'Usage'}).click();
    await expect(page).toHaveURL(/\/usage$/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Usage');
    await expect(page.getByRole('navigation', {name: 'Documentation sections'})).toBeVisible();
    // The section's index page links to its pages.
    await expect(page.locator('main article a[href^="/usage/"]').first()).toBeVisible();
  });

  test('a docs page is readable: title, text and code within the screen width', async ({page}) => {
    await page.goto('/guides/nodejs');
    const heading = page.getByRole('heading', {level: 1});
    await expect(heading).toBeVisible();
    const article = page.locator('main article');
    await expect(article.locator('p').first()).toBeVisible();
    await expect(article.locator('pre code').first()).toBeVisible();
    const box = await article.boundingBox();
    expect(box, 'the article is laid out').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    // The section list sits between the navbar and the content, not over it.
    const sectionsBox = await page.getByRole('navigation', {name: 'Documentation sections'}).boundingBox();
    const headingBox = await heading.boundingBox();
    expect(sectionsBox!.y + sectionsBox!.height).toBeLessThanOrEqual(headingBox!.y);
  });

  test('/search says that search needs JavaScript', async ({page}) => {
    await page.goto('/search');
    const notice = page.getByRole('note');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Search needs JavaScript');
    await expect(notice.getByRole('link', {name: 'home page'})).toHaveAttribute('href', '/');
  });

  // a11y.spec.ts checks pages with JavaScript on, where the fallback is not in the page; axe
  // itself needs JavaScript. So the page is loaded as a browser without JavaScript builds it:
  // its scripts removed and the contents of <noscript> made part of the page.
  for (const route of ['/guides/nodejs', '/search']) {
    test(`the fallback passes axe (WCAG 2.1 A/AA) on ${route}`, async ({browser, baseURL}) => {
      // This describe block's `use` applies to new contexts too: turn JavaScript back on for axe.
      const context = await browser.newContext({baseURL, viewport: PHONE, javaScriptEnabled: true});
      try {
        const page = await context.newPage();
        await page.route(route, async (intercepted) => {
          const response = await intercepted.fetch();
          const html = (await response.text())
            .replace(/<script\b[\s\S]*?<\/script>/g, '')
            .replace(/<\/?noscript>/g, '');
          await intercepted.fulfill({response, body: html});
        });
        await page.goto(route);
        await expect(page.getByRole('navigation', {name: 'Documentation sections'})).toBeVisible();
        const axe = new AxeBuilder({page})
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .include('.no-js-menu');
        if (route === '/search') axe.include('.no-js-notice');
        const results = await axe.analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
        expect(results.passes.length, 'axe checked something').toBeGreaterThan(0);
      } finally {
        await context.close();
      }
    });
  }

  test('a page that works without JavaScript shows no notice', async ({page}) => {
    await page.goto('/guides/nodejs');
    await expect(page.getByRole('note')).toHaveCount(0);
  });
});

test.describe('with JavaScript off, on a desktop', () => {
  test.use({javaScriptEnabled: false, viewport: {width: 1280, height: 900}});

  test('the sidebar is there and the phone section list is not', async ({page}) => {
    await page.goto('/guides/nodejs');
    await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeVisible();
    await expect(page.getByRole('navigation', {name: 'Documentation sections'})).toBeHidden();
  });
});

test.describe('with JavaScript on', () => {
  for (const viewport of [PHONE, {width: 1280, height: 900}]) {
    test(`no fallback is shown and the menu button stays (${viewport.width} px)`, async ({page}) => {
      await page.setViewportSize(viewport);
      for (const route of ['/guides/nodejs', '/search']) {
        await page.goto(route);
        // Present in the served HTML, inert in the page.
        // Docs pages have a second one: the "View as Markdown" link of Copy page (src/components/CopyPage).
        await expect(page.locator('noscript')).toHaveCount(route === '/search' ? 1 : 2);
        await expect(page.getByRole('navigation', {name: 'Documentation sections'})).toHaveCount(0);
        await expect(page.getByText('Search needs JavaScript')).toHaveCount(0);
      }
      if (viewport.width < 997)
        await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeVisible();
    });
  }
});
