import {expect, test} from './fixtures.ts';

const toggle = (page: import('@playwright/test').Page) =>
  page.getByRole('button', {name: /Switch between dark and light mode/});

test('light by default, even when the system prefers dark', async ({page}) => {
  await page.emulateMedia({colorScheme: 'dark'});
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the switch changes the mode, stores it under "theme" and keeps it after reload', async ({page}) => {
  await page.goto('/guides/nodejs');
  await toggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('a change in one tab reaches the other tabs', async ({context}) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto('/');
  await second.goto('/usage/identity');
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'light');
  await toggle(first).click();
  await expect(first.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
});
