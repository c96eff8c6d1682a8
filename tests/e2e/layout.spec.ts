import {expect, test} from './fixtures.ts';

test.describe('navbar', () => {
  test('shows only the title and logo and stays visible on scroll', async ({page}) => {
    await page.goto('/guides/nodejs');
    const navbar = page.locator('nav.navbar');
    await expect(navbar.locator('.navbar__title')).toHaveText('Streamr Docs');
    await expect(navbar.locator('.navbar__brand img').first()).toHaveAttribute('alt', 'Streamr Docs logo');
    // No navigation items: only the brand, the colour toggle and (once configured) search.
    await expect(navbar.locator('a.navbar__item, .navbar__item.dropdown')).toHaveCount(0);
    await page.mouse.wheel(0, 3000);
    // The page has scrolled and drawn a frame since (the navbar hides, if it does, on scroll).
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await expect(navbar).toBeInViewport();
    await expect(navbar).not.toHaveClass(/navbarHidden/);
  });
});

test('footer groups and links are the ones the spec lists', async ({page}) => {
  await page.goto('/');
  const footer = page.locator('footer');
  const groups = await footer.locator('.footer__title').allInnerTexts();
  expect(groups).toEqual(['DOCS', 'COMMUNITY', 'MORE']);
  const docsLinks = footer.locator('.footer__col').nth(0).locator('a');
  await expect(docsLinks).toHaveText(['Quickstart Guides', 'Usage', 'The Network', 'Node Operators', 'Help']);
  const hrefs = await docsLinks.evaluateAll((links) =>
    links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
  );
  expect(hrefs).toEqual([
    '/guides/nodejs',
    '/usage/identity',
    '/streamr-network',
    '/streamr-network/network-roles/operators',
    '/help/developer-faq',
  ]);
  const community = footer.locator('.footer__col').nth(1).locator('a');
  await expect(community).toHaveText([/Discord/, /X \(Twitter\)/]);
  await expect(community.nth(0)).toHaveAttribute('href', /^https:\/\/discord\.gg\//);
  await expect(community.nth(1)).toHaveAttribute('href', /^https:\/\/x\.com\//);
  const more = footer.locator('.footer__col').nth(2).locator('a');
  await expect(more).toHaveText([/Blog/, /GitHub/]);
  await expect(more.nth(0)).toHaveAttribute('href', '/blog');
  await expect(more.nth(1)).toHaveAttribute('href', /^https:\/\/github\.com\//);
});

test('skip link is the first tab stop and moves focus to the content', async ({page}) => {
  await page.goto('/guides/nodejs');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', {name: 'Skip to main content'});
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  // The link moves the focus start point to <main>: the next Tab lands inside the
  // content, past the navbar and the sidebar.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => !!document.activeElement?.closest('main'));
  const inSidebar = await page.evaluate(
    () => !!document.activeElement?.closest('nav[aria-label="Docs sidebar"]'),
  );
  expect(inMain).toBe(true);
  expect(inSidebar).toBe(false);
});

test('document metadata: language, robots, title', async ({page}) => {
  await page.goto('/guides/nodejs');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
  await expect(page).toHaveTitle(/\| Streamr Docs$/);
});

test.describe('docs sidebar', () => {
  test('first link is Quickstart Guides, to /guides', async ({page}) => {
    await page.goto('/guides/nodejs');
    const first = page.locator('nav[aria-label="Docs sidebar"] a').first();
    await expect(first).toHaveText('Quickstart Guides');
    await expect(first).toHaveAttribute('href', '/guides');
  });

  test('cannot be hidden, and opening one category leaves the others open', async ({page}) => {
    await page.goto('/guides/nodejs');
    await expect(page.getByRole('button', {name: 'Collapse sidebar', exact: true})).toHaveCount(0);
    await expect(page.locator('button[title="Collapse sidebar"]')).toHaveCount(0);
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    for (const label of ['Help', 'Streamr Project']) {
      await sidebar.getByRole('button', {name: new RegExp(`Expand sidebar category '${label}'`)}).click();
    }
    await expect(sidebar.getByRole('button', {name: /Collapse sidebar category 'Help'/})).toBeVisible();
    await expect(
      sidebar.getByRole('button', {name: /Collapse sidebar category 'Streamr Project'/}),
    ).toBeVisible();
    await expect(
      sidebar.getByRole('button', {name: /Collapse sidebar category 'Quickstart Guides'/}),
    ).toBeVisible();
  });

  test('category index pages have a real description', async ({page}) => {
    for (const route of [
      '/guides',
      '/usage',
      '/streamr-network',
      '/network-roles',
      '/incentives',
      '/streamr-project',
      '/help',
    ]) {
      await page.goto(route);
      const description = await page.locator('main header p, main article header p').first().innerText();
      expect(description.length, `${route} description`).toBeGreaterThan(80);
    }
  });
});

test('table of contents lists the h2 and h3 headings and nothing deeper', async ({page}) => {
  // The StreamrClient reference has h2 (groups), h3 (members) and h4 (parameters, returns).
  await page.goto('/usage/sdk/api/classes/StreamrClient');
  await expect(page.locator('article h4[id]').first()).toBeAttached();
  const tocTargets = await page
    .locator('.table-of-contents a')
    .evaluateAll((links) => links.map((a) => decodeURIComponent((a as HTMLAnchorElement).hash.slice(1))));
  const headingIds = await page
    .locator('article h2[id], article h3[id]')
    .evaluateAll((headings) => headings.map((h) => h.id));
  expect(tocTargets.length).toBeGreaterThan(10);
  expect(tocTargets).toEqual(headingIds);
});

test('edit links point to the docs folder of the source repository; generated API pages have none', async ({
  page,
}) => {
  await page.goto('/usage/identity');
  const edit = page.locator('a.theme-edit-this-page');
  await expect(edit).toHaveAttribute(
    'href',
    /^https:\/\/github\.com\/[^/]+\/[^/]+\/edit\/[^/]+\/docs\/usage\/identity\.mdx?$/,
  );
  // The SDK reference is generated at build time, so there is no file to edit.
  for (const route of [
    '/usage/sdk/api/classes/StreamrClient',
    '/usage/sdk/api/changes',
    '/usage/sdk/api/102',
  ]) {
    await page.goto(route);
    await expect(page.locator('article h1'), route).toBeVisible();
    await expect(page.locator('a.theme-edit-this-page'), route).toHaveCount(0);
  }
});

test('blog shows reading time, a yearly sidebar and edit links', async ({page}) => {
  await page.goto('/blog');
  await expect(page.locator('article').first()).toContainText(/min read/);
  const sidebar = page.locator('nav[aria-label="Blog recent posts navigation"]');
  await expect(sidebar.locator('[role="group"] h3, .yearGroupHeading, h3').first()).toHaveText(/^20\d\d$/);
  await page.locator('article h2 a').first().click();
  await expect(page.locator('a.theme-edit-this-page')).toHaveAttribute('href', /\/edit\/[^/]+\/blog\//);
});
