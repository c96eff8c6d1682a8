import type {Page} from '@playwright/test';
import {expect, scriptResponses, test} from './fixtures.ts';

/**
 * The cards of a generated category page show each page's description, which
 * src/plugins/docs-card-data gives that page only: no other docs page loads the
 * descriptions of the whole version.
 */

const hydrated = (page: Page) => page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached'});

async function metaDescription(page: Page, route: string) {
  await page.goto(route);
  return page.locator('meta[name="description"]').getAttribute('content');
}

test('a category page shows each linked page’s description on its card, also after client navigation', async ({
  page,
}) => {
  const faqDescription = await metaDescription(page, '/help/developer-faq');
  expect(faqDescription).toBeTruthy();

  const scriptsSoFar = scriptResponses(page);
  await page.goto('/guides/nodejs');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const scripts = await scriptsSoFar();
  expect(scripts.length).toBeGreaterThan(0);
  // The FAQ page's description is on the Help category's card, not in a guide's scripts.
  const withDescription = scripts.filter(({body}) => body.includes(faqDescription!.slice(0, 40)));
  expect(withDescription.map(({url}) => url)).toEqual([]);

  // Navigating in the app: the category page brings its cards' descriptions itself.
  await page
    .getByRole('navigation', {name: 'Docs sidebar'})
    .getByRole('link', {name: 'Help', exact: true})
    .click();
  await expect(page).toHaveURL(/\/help$/);
  const faqCard = page.locator('article a.card', {hasText: 'Developer FAQ'});
  await expect(faqCard).toContainText(faqDescription!.slice(0, 40));
  for (const card of await page.locator('article a.card').all())
    await expect(card.locator('p')).not.toBeEmpty();
});
