import AxeBuilder from '@axe-core/playwright';
import type {Locator, Page} from '@playwright/test';
import {expect, test} from './fixtures.ts';

/**
 * Type hovers on compiled TypeScript samples (src/plugins/code-highlighting,
 * type-info.ts): rendered at build time, shown by CSS on hover and focus; a
 * symbol's later mentions share the first one's tooltip (client/type-hovers.ts).
 */
const GUIDE = '/guides/nodejs';

/** The tooltip an identifier names with aria-describedby. */
async function tooltipOf(page: Page, identifier: Locator): Promise<Locator> {
  const id = await identifier.getAttribute('aria-describedby');
  expect(id).toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

/** WCAG contrast ratio of an element's text color on its background color (both opaque rgb()). */
async function contrast(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    const luminance = (color: string) => {
      const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
    return ((a ?? 0) + 0.05) / ((b ?? 0) + 0.05);
  });
}

/** Whether the tooltip is really on screen, not clipped by the scrolling code block. */
async function expectOnTop(tooltip: Locator) {
  const box = await tooltip.boundingBox();
  expect(box).not.toBeNull();
  const hit = await tooltip.evaluate(
    (node, {x, y}) => {
      // The tooltip ignores the pointer (pointer-events: none); hit-testing needs it to count.
      (node as HTMLElement).style.pointerEvents = 'auto';
      const found = document.elementFromPoint(x, y)?.closest('[role="tooltip"]')?.id ?? null;
      (node as HTMLElement).style.pointerEvents = '';
      return found;
    },
    {x: box!.x + Math.min(20, box!.width / 2), y: box!.y + Math.min(8, box!.height / 2)},
  );
  expect(hit).toBe(await tooltip.getAttribute('id'));
}

test('focus an SDK identifier: its type shows in a tooltip, and its link lands on the API anchor', async ({
  page,
}) => {
  await page.goto(GUIDE);
  const getStream = page.locator('pre a.twoslash-hover', {hasText: /^getStream$/}).first();
  const tooltip = await tooltipOf(page, getStream);
  await expect(tooltip).toBeHidden();
  await getStream.focus();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveAttribute('role', 'tooltip');
  await expect(tooltip).toContainText('StreamrClient.getStream(');
  await expect(getStream).toHaveAccessibleDescription(/StreamrClient\.getStream\(/);
  await expectOnTop(tooltip);
  await expect(getStream).toHaveAttribute('href', /\/usage\/sdk\/api\/classes\/StreamrClient#getstream$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/usage\/sdk\/api\/classes\/StreamrClient#getstream$/);
  const heading = page.locator('h3#getstream');
  await expect(heading).toHaveText(/^getStream\(\)/);
  await expect(heading).toBeInViewport();
});

test('hovering a local identifier shows its type; ^? and the expected error render under their lines', async ({
  page,
}) => {
  await page.goto(GUIDE);
  const stream = page
    .locator('pre span.twoslash-hover:has(+ .twoslash-popup)', {hasText: /^stream$/})
    .first();
  const tooltip = await tooltipOf(page, stream);
  await stream.hover();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText('const stream: Stream');

  const query = page.locator('pre .twoslash-query').first();
  await expect(query).toContainText('const stream: Stream');
  const error = page.locator('pre .twoslash-error-message').first();
  await expect(error).toContainText('error TS2322');
  // The annotation lines themselves are not shown, nor copied.
  await expect(page.locator('pre', {hasText: '^?'})).toHaveCount(0);
  await expect(page.locator('pre', {hasText: '@errors'})).toHaveCount(0);
});

test('a later mention of a symbol shows the tooltip it shares with the first, under itself', async ({
  page,
}) => {
  await page.goto(GUIDE);
  const later = page
    .locator('pre span.twoslash-hover:not(:has(+ .twoslash-popup))', {hasText: /^stream$/})
    .first();
  const tooltip = await tooltipOf(page, later);
  // No tooltip of its own: it names the first mention's.
  expect(await later.evaluate((node) => node.nextElementSibling?.getAttribute('role') ?? null)).not.toBe(
    'tooltip',
  );
  await expect(tooltip).toHaveCount(1);
  await expect(later).toHaveAccessibleDescription(/const stream: Stream/);
  await expect(tooltip).toBeHidden();
  await later.hover();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText('const stream: Stream');
  await expectOnTop(tooltip);
  // Under this mention, not the first one.
  const [word, box] = [await later.boundingBox(), await tooltip.boundingBox()];
  expect(Math.abs(box!.y - (word!.y + word!.height))).toBeLessThan(8);
  expect(Math.abs(box!.x - word!.x)).toBeLessThan(8);
  await page.mouse.move(1, 1);
  await expect(tooltip).toBeHidden();
  // Clicked, it keeps focus and its tooltip while the pointer is elsewhere.
  await later.click();
  await page.mouse.move(1, 1);
  await expect(later).toBeFocused();
  await expect(tooltip).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(tooltip).toBeHidden();
});

test('tooltips are readable and axe-clean in dark mode', async ({page}) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto(GUIDE);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const identifier = page.locator('pre a.twoslash-hover').first();
  const tooltip = await tooltipOf(page, identifier);
  await identifier.focus();
  await expect(tooltip).toBeVisible();
  expect(await contrast(tooltip)).toBeGreaterThanOrEqual(4.5);
  await expect(identifier).toHaveCSS('outline-style', 'solid');
  const results = await new AxeBuilder({page})
    .include('pre')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});

/** The viewport-relative box of a shown tooltip, and the window's size. */
async function placement(tooltip: Locator) {
  return tooltip.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return {
      top: box.top,
      bottom: box.bottom,
      left: box.left,
      right: box.right,
      width: innerWidth,
      height: innerHeight,
    };
  });
}

for (const viewport of [
  {name: 'desktop', width: 1280, height: 900},
  {name: 'phone', width: 390, height: 844},
]) {
  test(`a tooltip opened near the window's bottom or side edge stays on screen (${viewport.name})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await page.goto(GUIDE);
    const subscribe = page.locator('pre .twoslash-hover', {hasText: /^subscribe$/}).first();
    const tooltip = await tooltipOf(page, subscribe);
    // Put the identifier 30 px above the window's bottom edge.
    await subscribe.evaluate((node) => {
      const box = node.getBoundingClientRect();
      window.scrollBy(0, box.bottom - (innerHeight - 30));
    });
    await subscribe.hover();
    await expect(tooltip).toBeVisible();
    await expect.poll(async () => (await placement(tooltip)).bottom).toBeLessThanOrEqual(viewport.height);
    const shown = await placement(tooltip);
    const word = await subscribe.evaluate((node) => node.getBoundingClientRect().toJSON() as DOMRect);
    // Above the identifier, wholly in the window.
    expect(shown.bottom).toBeLessThanOrEqual(word.top);
    expect(shown.top).toBeGreaterThanOrEqual(0);
    expect(shown.left).toBeGreaterThanOrEqual(0);
    expect(shown.right).toBeLessThanOrEqual(shown.width);
    await expectOnTop(tooltip);
    await page.screenshot({path: testInfo.outputPath(`tooltip-bottom-${viewport.name}.png`)});
    // An identifier at the block's right edge: its tooltip keeps inside the window's side.
    const last = page.locator('pre .twoslash-hover').last();
    await last.scrollIntoViewIfNeeded();
    await last.hover();
    const lastTooltip = await tooltipOf(page, last);
    await expect(lastTooltip).toBeVisible();
    const side = await placement(lastTooltip);
    expect(side.left).toBeGreaterThanOrEqual(0);
    expect(side.right).toBeLessThanOrEqual(side.width);
    expect(side.bottom).toBeLessThanOrEqual(side.height);
  });
}

test('Escape hides a focused identifier’s tooltip; the pointer can move onto a tooltip, which stays', async ({
  page,
}) => {
  await page.goto(GUIDE);
  const getStream = page.locator('pre a.twoslash-hover', {hasText: /^getStream$/}).first();
  const tooltip = await tooltipOf(page, getStream);
  await getStream.focus();
  await expect(tooltip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
  await expect(getStream).toBeFocused();
  // Focus elsewhere and back: it shows again.
  await page.locator('pre').first().focus();
  await getStream.focus();
  await expect(tooltip).toBeVisible();
  await getStream.blur();

  // The pointer can move from the identifier down onto the tooltip, then across its text.
  await getStream.hover();
  await expect(tooltip).toBeVisible();
  const box = (await tooltip.boundingBox())!;
  await page.mouse.move(box.x + 10, box.y + box.height / 2, {steps: 5});
  await page.mouse.move(box.x + box.width - 10, box.y + box.height / 2, {steps: 5});
  await page.waitForTimeout(600);
  await expect(tooltip).toBeVisible();
  // Its text can be selected by pointer.
  await page.mouse.down();
  await page.mouse.move(box.x + 10, box.y + box.height / 2, {steps: 5});
  await page.mouse.up();
  expect((await page.evaluate(() => getSelection()?.toString() ?? '')).length).toBeGreaterThan(3);
  // Escape hides a hovered one too; leaving it hides it after the grace period.
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
  await getStream.hover();
  await expect(tooltip).toBeVisible();
  await page.mouse.move(1, 1);
  await expect(tooltip).toBeHidden();
});

test('a code block is one tab stop; the arrow keys move through its identifiers, as it says', async ({
  page,
}) => {
  await page.goto(GUIDE);
  const stops = await page.evaluate(
    () =>
      Array.from(document.querySelectorAll<HTMLElement>('pre .twoslash-hover')).filter(
        (node) => node.tabIndex >= 0,
      ).length,
  );
  expect(stops).toBe(0);
  const block = page.locator('pre:has(.twoslash-hover)').first();
  await expect(block).toHaveAttribute('tabindex', '0');
  await expect(block).toHaveAttribute('aria-description', /arrow down and arrow up move through its names/i);
  const identifiers = block.locator('.twoslash-hover');
  await block.focus();
  await page.keyboard.press('ArrowDown');
  await expect(identifiers.nth(0)).toBeFocused();
  await expect(await tooltipOf(page, identifiers.nth(0))).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(identifiers.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(identifiers.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(identifiers.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(block).toBeFocused();
  // Tab from an identifier leaves the block.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  expect(await block.evaluate((node) => node.contains(document.activeElement))).toBe(false);
});
