import type {Locator, Page} from '@playwright/test';
import {expect, test} from './fixtures.ts';

/**
 * Everything a visitor can do with a mouse, done with the keyboard only, with a
 * focus indicator that can be seen (an outline or a box shadow while the
 * element matches :focus-visible).
 */

/** Presses Tab until `target` has focus; fails if it is not reached. */
async function tabTo(page: Page, target: Locator, maxPresses = 60) {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${target} was not reached with ${maxPresses} presses of Tab`);
}

type FocusStyle = {
  name: string;
  focusVisible: boolean;
  outline: string;
  boxShadow: string;
  visible: boolean;
};

/**
 * The focus indicator of `el` once it has settled. Some indicators fade in
 * (DocSearch's button eases its ring in over Infima's 0.2 s), so reading the
 * style straight after the key press can catch the first, transparent frame:
 * wait for the element's running CSS transitions first.
 */
async function focusStyleOf(el: Element): Promise<FocusStyle> {
  const transitions = el.getAnimations().filter((animation) => animation instanceof CSSTransition);
  await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
  const style = getComputedStyle(el);
  const outlineShown =
    style.outlineStyle !== 'none' &&
    parseFloat(style.outlineWidth) > 0 &&
    style.outlineColor !== 'rgba(0, 0, 0, 0)';
  const shadowShown = style.boxShadow !== 'none' && !/^rgba\(0, 0, 0, 0\)/.test(style.boxShadow);
  const text = (el.textContent ?? '').trim().slice(0, 40);
  return {
    name: `${el.tagName.toLowerCase()} "${text || el.getAttribute('aria-label')}"`,
    focusVisible: el.matches(':focus-visible'),
    outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
    boxShadow: style.boxShadow,
    visible: outlineShown || shadowShown,
  };
}

async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  const style = await target.evaluate(focusStyleOf);
  expect(style.focusVisible, 'focus came from the keyboard, so :focus-visible applies').toBe(true);
  expect(
    style.visible,
    `a focus indicator is drawn (outline: ${style.outline}; box-shadow: ${style.boxShadow})`,
  ).toBe(true);
}

test.describe('desktop', () => {
  test.use({viewport: {width: 1280, height: 900}});

  test('every tab stop on a docs page shows a visible focus indicator', async ({page}) => {
    // 80 key presses, each followed by a style check: about 17 s on an idle
    // machine, so give it room when CI runs tests side by side.
    test.slow();
    await page.goto('/guides/nodejs');
    const seen: string[] = [];
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      // Nothing matches :focus while focus rests on the page itself.
      const focused = page.locator(':focus');
      if ((await focused.count()) === 0) continue;
      const style = await focused.evaluate(focusStyleOf);
      seen.push(style.focusVisible && style.visible ? 'ok' : `no visible focus: ${style.name}`);
    }
    expect(seen.length, 'tab stops visited').toBeGreaterThan(40);
    expect(seen.filter((entry) => entry !== 'ok')).toEqual([]);
  });

  test('navbar: the logo link takes you home from the keyboard', async ({page}) => {
    await page.goto('/usage/identity');
    const brand = page.locator('a.navbar__brand');
    await tabTo(page, brand);
    await expectVisibleFocus(brand);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
  });

  test('colour switch: Enter and Space change the mode', async ({page}) => {
    await page.goto('/guides/nodejs');
    const html = page.locator('html');
    const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
    await tabTo(page, toggle);
    await expectVisibleFocus(toggle);
    await page.keyboard.press('Enter');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(html).not.toHaveAttribute('data-theme', 'dark');
  });

  test('announcement bar: the close button is reachable and closes the bar', async ({page}) => {
    await page.goto('/');
    const bar = page.locator('div[role="banner"]');
    const close = bar.getByRole('button', {name: 'Close'});
    await tabTo(page, close);
    await expectVisibleFocus(close);
    await page.keyboard.press('Enter');
    await expect(bar).toHaveCount(0);
  });

  test('sidebar: categories open and close, links navigate', async ({page}) => {
    test.slow(); // Tab walks through the navbar and sidebar
    await page.goto('/guides/nodejs');
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    const expand = sidebar.getByRole('button', {name: "Expand sidebar category 'Help'"});
    await tabTo(page, expand, 120);
    await expectVisibleFocus(expand);
    await page.keyboard.press('Enter');
    const collapse = sidebar.getByRole('button', {name: "Collapse sidebar category 'Help'"});
    await expect(collapse).toBeFocused();
    await expect(collapse).toHaveAttribute('aria-expanded', 'true');
    const faq = sidebar.getByRole('link', {name: 'Developer FAQ', exact: true});
    await tabTo(page, faq, 20);
    await expectVisibleFocus(faq);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/help\/developer-faq$/);
  });

  test('table of contents: links move to their heading', async ({page}) => {
    await page.goto('/guides/nodejs');
    const toc = page.locator('.table-of-contents');
    const second = toc.locator('a').nth(1);
    const hash = await second.evaluate((a) => (a as HTMLAnchorElement).hash);
    // The table of contents comes right after the page's previous/next links in
    // the tab order. Starting there, rather than pressing Tab through the whole
    // page, keeps this test well inside its time limit on a busy machine.
    await page.locator('.pagination-nav a').last().focus();
    await tabTo(page, second, 30);
    await expectVisibleFocus(second);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${hash}$`));
    await expect(page.locator(`[id="${decodeURIComponent(hash.slice(1))}"]`)).toBeInViewport();
  });

  test('search dialog opens, takes a query and closes from the keyboard', async ({page}) => {
    await page.goto('/guides/nodejs');
    const button = page.getByRole('button', {name: /^Search/});
    await tabTo(page, button);
    await expectVisibleFocus(button);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    // The first opening fetches the dialog's code.
    await expect(dialog).toBeVisible({timeout: 20_000});
    const input = dialog.getByRole('searchbox').or(dialog.getByRole('combobox')).first();
    await expect(input).toBeFocused();
    await page.keyboard.type('stream');
    await expect(input).toHaveValue('stream');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Ctrl+K and "/" open it too.
    await page.keyboard.press('ControlOrMeta+k');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.locator('main').click({position: {x: 1, y: 1}});
    await page.keyboard.press('/');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
  });
});

test.describe('mobile', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('the menu opens, its links work, and it closes, all from the keyboard', async ({page}) => {
    await page.goto('/guides/nodejs');
    const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
    await tabTo(page, toggle);
    await expectVisibleFocus(toggle);
    await page.keyboard.press('Enter');
    const menu = page.locator('.navbar-sidebar');
    await expect(menu).toBeVisible();

    // The close button is reachable and closes the menu.
    const close = menu.getByRole('button', {name: 'Close navigation bar'});
    await tabTo(page, close);
    await expectVisibleFocus(close);
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    // Focus goes back to the menu button, not to the top of the page.
    await expect(toggle).toBeFocused();

    // Open again and follow a link.
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    const link = menu.getByRole('link', {name: 'Run a Streamr node', exact: true});
    await tabTo(page, link);
    await expectVisibleFocus(link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/guides\/how-to-run-streamr-node$/);
    await expect(menu).toBeHidden();
  });
});
