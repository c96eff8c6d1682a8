import type {Page} from '@playwright/test';
import {expect, test} from './fixtures.ts';

/**
 * The menu of the "Copy page" split button (src/components/CopyPage): roles and
 * keyboard after the WAI-ARIA menu button pattern, the assistant links, the
 * fallback without JavaScript. Copying itself is covered in llms-txt.spec.ts.
 */

const PAGE = '/usage/streams/publishing';
const TWIN_URL = 'https://docs.streamr.network/usage/streams/publishing.md';
const PROMPT = `Read ${TWIN_URL} (a page of Streamr Docs, as Markdown) so that you can answer my questions about it.`;
const ITEMS = ['Copy page as Markdown', 'View as Markdown', 'Open in ChatGPT', 'Open in Claude'];

async function openPage(page: Page, path = PAGE) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  const trigger = page.getByRole('button', {name: 'More ways to use this page'});
  const menu = page.locator('[role="menu"]');
  return {trigger, menu, item: (name: string) => page.getByRole('menuitem', {name: new RegExp(`^${name}`)})};
}

test.describe('page menu', () => {
  test('is a menu button that controls a menu of four items', async ({page}) => {
    const {trigger, menu} = await openPage(page);
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    const id = await trigger.getAttribute('aria-controls');
    expect(await menu.getAttribute('id')).toBe(id);

    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAccessibleName('Page actions');
    const names = await menu.getByRole('menuitem').allInnerTexts();
    expect(names.map((name) => name.replace(/\s*\(opens in a new tab\)$/, ''))).toEqual(ITEMS);
    await expect(menu.getByRole('menuitem').first()).toBeFocused();

    // A click outside closes it.
    await page.locator('main article h1').click();
    await expect(menu).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('links the twin and opens the assistants in a new tab with a prompt that names it', async ({page}) => {
    const {trigger, menu} = await openPage(page);
    // The menu loads on first opening: until then an empty hidden menu stands in for it.
    await expect(menu.getByRole('menuitem', {includeHidden: true})).toHaveCount(0);
    await trigger.click();
    await expect(page.getByRole('menuitem', {name: 'View as Markdown'})).toHaveAttribute(
      'href',
      '/usage/streams/publishing.md',
    );
    const expected = {
      'Open in ChatGPT': `https://chatgpt.com/?q=${encodeURIComponent(PROMPT)}`,
      'Open in Claude': `https://claude.ai/new?q=${encodeURIComponent(PROMPT)}`,
    };
    for (const [name, href] of Object.entries(expected)) {
      const link = page.getByRole('menuitem', {name: new RegExp(`^${name}`)});
      await expect(link).toHaveAttribute('href', href);
      expect(await link.getAttribute('href')).toContain(encodeURIComponent(TWIN_URL));
      expect(new URL((await link.getAttribute('href')) ?? '').searchParams.get('q')).toContain(TWIN_URL);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAccessibleName(`${name} (opens in a new tab)`);
    }
  });

  test('follows the menu button pattern from the keyboard', async ({page}) => {
    const {trigger, menu, item} = await openPage(page);
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(item('Copy page as Markdown')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('View as Markdown')).toBeFocused();
    await page.keyboard.press('End');
    await expect(item('Open in Claude')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('Copy page as Markdown')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(item('Open in Claude')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(item('Copy page as Markdown')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(item('Copy page as Markdown')).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowUp');
    await expect(item('Open in Claude')).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press(' ');
    await expect(item('Copy page as Markdown')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test.describe('copying from the menu', () => {
    test.use({permissions: ['clipboard-read', 'clipboard-write']});

    test('"Copy page as Markdown" copies the twin and returns focus to the menu button', async ({page}) => {
      const {trigger, menu, item} = await openPage(page);
      await trigger.focus();
      await page.keyboard.press('Enter');
      await expect(item('Copy page as Markdown')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(menu).toBeHidden();
      await expect(trigger).toBeFocused();
      await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# Publishing\n/);
    });
  });
});

test.describe('page menu without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('shows a plain "View as Markdown" link instead of the buttons', async ({page}) => {
    await page.goto(PAGE);
    const link = page.getByRole('link', {name: 'View as Markdown'});
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '/usage/streams/publishing.md');
    await expect(page.getByRole('button', {name: 'Copy page'})).toBeHidden();
    await expect(page.getByRole('button', {name: 'More ways to use this page'})).toBeHidden();
  });
});
