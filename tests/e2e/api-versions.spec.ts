import {openSearch, searchDialog, searchFor} from './search-helpers.ts';
import {expect, test} from './fixtures.ts';

// The previous SDK major's reference (docs version 102, config/typedoc.ts) next to the current one.
const current = '/usage/sdk/api/classes/StreamrClient';
const previous = '/usage/sdk/api/102/classes/StreamrClient';

test('the switcher moves between the same page in both versions', async ({page}) => {
  await page.goto(current);
  const switcher = page.getByRole('navigation', {name: 'SDK version'});
  await expect(switcher.locator('[aria-current="page"]')).toHaveText('103 (current)');
  await switcher.getByRole('link', {name: '102'}).click();
  await expect(page).toHaveURL(previous);
  await expect(page.locator('article h1')).toHaveText(/StreamrClient/);
  await expect(switcher.locator('[aria-current="page"]')).toHaveText('102');
  await switcher.getByRole('link', {name: '103 (current)'}).click();
  await expect(page).toHaveURL(current);
});

test('the switcher keeps the member a reader is at, and the page with a note where the other version lacks it', async ({
  page,
}) => {
  const switcher = page.getByRole('navigation', {name: 'SDK version'});
  await page.goto(`${current}#subscribe`);
  await switcher.getByRole('link', {name: '102'}).click();
  await expect(page).toHaveURL(`${previous}#subscribe`);
  await expect(page.locator('#subscribe')).toBeInViewport();
  // The page has notes (members only 103 has), hidden while another anchor is the target.
  await expect(page.locator('.sdk-missing-member')).not.toHaveCount(0);
  await expect(page.locator('.sdk-missing-member:visible')).toHaveCount(0);
  // Removed in 103 (the changes page lists it): the current page opens at a note naming it.
  await page.goto(`${previous}#generateethereumaccount`);
  await expect(page.locator('#generateethereumaccount')).toBeInViewport();
  await switcher.getByRole('link', {name: '103 (current)'}).click();
  await expect(page).toHaveURL(`${current}#generateethereumaccount`);
  await expect(page.locator('article h1')).toHaveText(/StreamrClient/);
  const removed = page.locator('.sdk-missing-member:visible');
  await expect(removed).toHaveText(
    'StreamrClient.generateEthereumAccount is in SDK 102 only: 103 removed it.',
  );
  await expect(removed).toBeInViewport();
  // Added in 103: the 102 page says 102 does not have it.
  await page.goto(`${current}#findproxynodes`);
  await switcher.getByRole('link', {name: '102'}).click();
  await expect(page).toHaveURL(`${previous}#findproxynodes`);
  await expect(page.locator('.sdk-missing-member:visible')).toHaveText(
    'StreamrClient.findProxyNodes is new in SDK 103: SDK 102 does not have it.',
  );
});

test('a 102 page keeps the site sidebar and breadcrumb, with its reference under SDK', async ({page}) => {
  await page.goto(current);
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  const pageLinks = (nav: typeof sidebar) =>
    nav
      .locator('a.menu__link[href]:not(.menu__link--sublist)')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  const siteLinks = await pageLinks(sidebar);
  await page.goto(previous);
  const trail = await sidebar.locator('.menu__link--active').allInnerTexts();
  expect(trail.map((text) => text.trim())).toEqual([
    'Usage',
    'SDK',
    'SDK 102 (previous major)',
    'Classes',
    'StreamrClient',
  ]);
  // The site's pages are all there, at their addresses (the current reference's category is collapsed).
  expect(siteLinks).toContain('/guides/nodejs');
  const previousLinks = await pageLinks(sidebar);
  const outsideReference = siteLinks.filter((href) => !href?.startsWith('/usage/sdk/api'));
  expect(outsideReference.filter((href) => !previousLinks.includes(href))).toEqual([]);
  await expect(sidebar.locator('a.menu__link--sublist', {hasText: /^API reference$/})).toHaveCount(1);
  const crumbs = page.locator('nav[aria-label="Breadcrumbs"] .breadcrumbs__item');
  await expect(crumbs).toHaveText([
    '',
    'Usage',
    'SDK',
    'SDK 102 (previous major)',
    'Classes',
    'StreamrClient',
  ]);
  // The version stays plain: the badge and the switcher say 102.
  await expect(page.locator('.theme-doc-version-badge')).toHaveText('Version: 102');
  await expect(
    page.getByRole('navigation', {name: 'SDK version'}).locator('[aria-current="page"]'),
  ).toHaveText('102');
});

test('the unmaintained banner is on the 102 pages only, and guides have no switcher', async ({page}) => {
  await page.goto(previous);
  const banner = page.locator('.theme-doc-version-banner');
  await expect(banner).toContainText(
    'This is the API reference of SDK 102, a major version that is no longer maintained.',
  );
  await expect(banner.getByRole('link', {name: 'latest version'})).toHaveAttribute('href', current);
  await page.goto(current);
  await expect(page.locator('.theme-doc-version-banner')).toHaveCount(0);
  await page.goto('/guides/nodejs');
  await expect(page.locator('.theme-doc-version-banner')).toHaveCount(0);
  await expect(page.getByRole('navigation', {name: 'SDK version'})).toHaveCount(0);
  await expect(page.locator('.theme-doc-version-badge')).toHaveCount(0);
});

test('the changes page lists a known added and a known removed member, and links the guide', async ({
  page,
}) => {
  await page.goto('/usage/sdk/api/changes');
  await expect(page.locator('article h1')).toHaveText('API changes 102 → 103');
  // Added in 103 (src/identity in the SDK): links to its place in the current reference.
  const added = page.locator('article a', {hasText: /^ECDSAKeyPairIdentity\.getUserId$/});
  await expect(added).toHaveAttribute('href', '/usage/sdk/api/classes/ECDSAKeyPairIdentity#getuserid');
  // Removed in 103: StreamrClient.generateEthereumAccount exists only in the 102 reference.
  await expect(
    page.locator('article li code', {hasText: /^StreamrClient\.generateEthereumAccount$/}),
  ).toHaveCount(1);
  await expect(page.locator('article a[href="/usage/sdk/upgrading"]')).toHaveCount(1);
  await added.click();
  await expect(page.locator('#getuserid')).toBeVisible();
  // The member's own section (up to the next member) says since when it exists.
  const section = await page.locator('#getuserid').evaluate((heading) => {
    const texts: string[] = [];
    for (
      let node = heading.nextElementSibling;
      node && node.tagName !== 'H3';
      node = node.nextElementSibling
    ) {
      texts.push(node.textContent ?? '');
    }
    return texts.join('\n');
  });
  expect(section).toMatch(/Since\W*103/);
});

test('search on a 102 page finds the 102 reference, and on a current page does not', async ({page}) => {
  // Two cold index loads.
  test.slow();
  await page.goto(previous);
  await openSearch(page);
  // The first query waits for the index to load (slow on a busy machine), so not searchFor's 7 s.
  await searchDialog(page).input.fill('generateEthereumAccount');
  const links = searchDialog(page).hits.locator('a');
  await expect(links.first()).toHaveAttribute(
    'href',
    /\/usage\/sdk\/api\/102\/classes\/StreamrClient#generateethereumaccount/,
    {timeout: 30_000},
  );
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
    expect(href).not.toMatch(/^\/usage\/sdk\/api\/(classes|interfaces|enumerations)\//);
  }

  await page.goto(current);
  await openSearch(page);
  await searchFor(page, 'StreamrClient subscribe');
  await expect(links.first()).toBeVisible();
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
    expect(href).not.toMatch(/\/usage\/sdk\/api\/102\//);
  }
});
