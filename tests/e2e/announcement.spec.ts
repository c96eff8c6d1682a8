import {expect, test} from './fixtures.ts';

const bar = (page: import('@playwright/test').Page) => page.locator('div[role="banner"]');

test('shows real content with a working link', async ({page}) => {
  await page.goto('/');
  await expect(bar(page)).toBeVisible();
  await expect(bar(page)).toContainText(/\w{4,}.*\w{4,}/);
  await bar(page).getByRole('link').click();
  await expect(page.locator('h1')).toBeVisible();
  await expect(page).not.toHaveTitle(/Page Not Found/);
});

test('dismissal persists across reloads and pages', async ({page}) => {
  await page.goto('/');
  await bar(page).getByRole('button', {name: 'Close'}).click();
  await expect(bar(page)).toHaveCount(0);
  await page.reload();
  await expect(bar(page)).toHaveCount(0);
  await page.goto('/guides/nodejs');
  await expect(bar(page)).toHaveCount(0);
});

test('a new announcement id shows the bar again to visitors who dismissed an older one', async ({page}) => {
  await page.goto('/');
  // What a visitor who dismissed a previous announcement has stored.
  await page.evaluate(() => {
    localStorage.setItem('docusaurus.announcement.dismiss', 'true');
    localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement');
  });
  await page.reload();
  await expect(bar(page)).toBeVisible();
});
