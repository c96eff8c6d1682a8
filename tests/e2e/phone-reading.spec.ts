import {expect, test} from './fixtures.ts';

/** Reading a guide on a phone: the title comes soon after the navbar, and the code stays readable. */
test.use({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});

const GUIDE = '/guides/nodejs';

test('the title starts soon after the navbar: breadcrumbs, Copy page and "On this page" take little room', async ({
  page,
}) => {
  await page.goto(GUIDE);
  const navbar = (await page.locator('nav.navbar').boundingBox())!;
  const title = (await page.locator('article h1').boundingBox())!;
  expect(title.y - (navbar.y + navbar.height)).toBeLessThanOrEqual(140);
  // The crumbs still lead back up; the current page's own crumb is the H1 below.
  await expect(page.locator('nav[aria-label="Breadcrumbs"]').getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('button', {name: 'Copy page'})).toBeVisible();
});

test('after a tap into a code block, the copy and wrap buttons do not cover its code', async ({page}) => {
  await page.goto(GUIDE);
  const block = page.locator('.theme-code-block').first();
  const pre = block.locator('pre');
  await pre.scrollIntoViewIfNeeded();
  await pre.tap();
  const copy = block.getByRole('button', {name: /copy/i});
  await expect(copy).toBeVisible();
  await expect(copy).toHaveCSS('opacity', '1');
  const code = (await pre.boundingBox())!;
  const buttons = (await block.locator('pre + div').boundingBox())!;
  expect(buttons.y).toBeGreaterThanOrEqual(code.y + code.height - 1);
});
