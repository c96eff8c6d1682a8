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

test('the switcher keeps the member a reader is at, and the page where the other version lacks it', async ({
  page,
}) => {
  const switcher = page.getByRole('navigation', {name: 'SDK version'});
  await page.goto(`${current}#subscribe`);
  await switcher.getByRole('link', {name: '102'}).click();
  await expect(page).toHaveURL(`${previous}#subscribe`);
  await expect(page.locator('#subscribe')).toBeInViewport();
  // Removed in 103 (the changes page lists it): the current page opens, at its top.
  await page.goto(`${previous}#generateethereumaccount`);
  await expect(page.locator('#generateethereumaccount')).toBeInViewport();
  await switcher.getByRole('link', {name: '103 (current)'}).click();
  await expect(page).toHaveURL(`${current}#generateethereumaccount`);
  await expect(page.locator('article h1')).toHaveText(/StreamrClient/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
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
