import {expect, test} from './fixtures.ts';

test('an unknown URL answers 404 with the not-found page', async ({page, allowConsole}) => {
  allowConsole(/status of 404/);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('Page not found');
  await expect(page.locator('footer')).toBeVisible();
});

test('a client-side navigation to an unknown route shows the not-found page', async ({page}) => {
  await page.goto('/');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/missing-page');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.locator('h1')).toHaveText('Page not found');
});

test('a crashing page shows "This page crashed." and Try again recovers it', async ({page, allowConsole}) => {
  allowConsole(/Crash requested on the dogfood page/);
  allowConsole(/The above error occurred|React will try to recreate|error boundary/i);
  await page.goto('/dogfood/page-crash');
  await expect(page.locator('h1')).toHaveText('Error boundary check');
  await page.getByRole('button', {name: 'Crash this page'}).click();
  await expect(page.locator('h1')).toHaveText('This page crashed.');
  await expect(page).toHaveTitle('Page Error');
  await expect(page.getByText('Crash requested on the dogfood page')).toBeVisible();
  await page.getByRole('button', {name: 'Try again'}).click();
  await expect(page.locator('h1')).toHaveText('Error boundary check');
});
