import {expect, test} from './fixtures.ts';

test.use({viewport: {width: 800, height: 900}});

test('below 996 px the sidebar moves into a menu with a back-to-main-menu button', async ({page}) => {
  await page.goto('/guides/nodejs');
  await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeHidden();
  const menuButton = page.getByRole('button', {name: 'Toggle navigation bar'});
  await menuButton.click();
  const menu = page.locator('.navbar-sidebar');
  await expect(menu).toBeVisible();
  // The menu opens on the docs sidebar (the secondary menu).
  const docsSidebar = menu.locator('.navbar-sidebar__item').nth(1);
  await expect(docsSidebar.getByRole('link', {name: 'Quickstart Guides'})).toBeVisible();
  await expect(menu.getByRole('button', {name: /Back to main menu/})).toBeVisible();
  await docsSidebar.getByRole('link', {name: 'Quickstart Guides'}).click();
  await expect(page).toHaveURL(/\/guides$/);
  await expect(menu).toBeHidden();
});

test('back to main menu shows the site sections', async ({page}) => {
  await page.goto('/usage/identity');
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  const menu = page.locator('.navbar-sidebar');
  await menu.getByRole('button', {name: /Back to main menu/}).click();
  const sections = menu.locator('.navbar-sidebar__item').first().locator('a.menu__link');
  await expect(sections).toHaveText([
    'Quickstart Guides',
    'Usage',
    'Streamr Network',
    'Streamr Project',
    'Help',
    'SDK API reference',
    'Blog',
  ]);
  await sections.filter({hasText: 'Help'}).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(menu).toBeHidden();
});

test('the desktop sidebar stays mounted but hidden on a narrow screen, and shows at desktop width', async ({
  page,
}) => {
  // src/theme/DocSidebar keeps it rather than removing it after hydration (a long task on phones).
  await page.goto('/guides/nodejs');
  await expect(page.locator('.theme-doc-toc-desktop')).toHaveCount(0);
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  await expect(sidebar).toHaveCount(1);
  await expect(sidebar).toBeHidden();
  await page.setViewportSize({width: 1200, height: 900});
  await expect(sidebar).toBeVisible();
  // The current page's entry, as the theme marks it.
  await expect(sidebar.locator('a[aria-current="page"]')).toBeVisible();
});

test('the menu closes when the window grows to desktop width', async ({page}) => {
  await page.goto('/usage/identity');
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await expect(page.locator('.navbar-sidebar')).toBeVisible();
  await page.setViewportSize({width: 1200, height: 900});
  await expect(page.locator('.navbar-sidebar')).toBeHidden();
  await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeVisible();
});

test('the back button closes the open menu instead of leaving the page', async ({page}) => {
  await page.goto('/guides/nodejs');
  // Client-side navigation, so "back" is a history pop inside the app.
  await page.locator('footer').getByRole('link', {name: 'Usage'}).click();
  await expect(page).toHaveURL(/\/usage\/identity$/);
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await expect(page.locator('.navbar-sidebar')).toBeVisible();
  await page.goBack();
  await expect(page.locator('.navbar-sidebar')).toBeHidden();
  await expect(page).toHaveURL(/\/usage\/identity$/);
});

test('the menu is built only when the reader reaches for its button, then opens as before', async ({
  page,
}) => {
  await page.goto('/usage/sdk/api/classes/StreamrClient');
  const menu = page.locator('.navbar-sidebar');
  const menuButton = page.getByRole('button', {name: 'Toggle navigation bar'});
  // Hydrated on a narrow screen (the desktop table of contents is gone): the menu is not built yet.
  await expect(page.locator('.theme-doc-toc-desktop')).toHaveCount(0);
  await expect(menu).toHaveCount(0);
  // Keyboard focus on the button builds it, still closed.
  await menuButton.focus();
  await expect(menu).toBeAttached();
  await expect(menu).toBeHidden();
  await menuButton.click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', {name: 'StreamrClient', exact: true})).toBeVisible();
});

test('a tap on the menu button builds and opens the menu in one go', async ({page}) => {
  await page.goto('/guides/nodejs');
  await expect(page.locator('.navbar-sidebar')).toHaveCount(0);
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await expect(page.locator('.navbar-sidebar')).toBeVisible();
  // It opens on the docs sidebar, as before.
  const docsSidebar = page.locator('.navbar-sidebar .navbar-sidebar__item').nth(1);
  await expect(docsSidebar.getByRole('link', {name: 'Quickstart Guides'})).toBeVisible();
});
