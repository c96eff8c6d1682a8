import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {measureFirstLoadJs} from '../../scripts/audit/first-load-js.ts';
import {darkCodeTheme, lightCodeTheme} from '../../config/prism.ts';
import {hydrated} from './search-helpers.ts';
import {expect, test} from './fixtures.ts';

/**
 * Code blocks are highlighted at build time (src/plugins/code-highlighting) and
 * coloured by CSS in each colour mode; the browser runs no highlighter.
 */

/** A theme's style for a token type (later entries win, as in the theme). */
function themeStyle(theme: typeof lightCodeTheme, type: string): {color?: string; fontStyle?: string} {
  return Object.assign(
    {},
    ...theme.styles.filter((entry) => entry.types.includes(type)).map((entry) => entry.style),
  );
}

/** A CSS colour as the browser computes it. */
async function computedColor(page: Page, color: string): Promise<string> {
  return page.evaluate((value) => {
    const probe = document.createElement('span');
    probe.style.color = value;
    document.body.append(probe);
    const computed = getComputedStyle(probe).color;
    probe.remove();
    return computed;
  }, color);
}

async function expectThemeColours(page: Page, theme: typeof lightCodeTheme) {
  const keyword = page.locator('pre.language-ts .token.keyword').first();
  const expected = themeStyle(theme, 'keyword');
  await expect(keyword).toHaveCSS('color', await computedColor(page, expected.color!));
  await expect(keyword).toHaveCSS('font-style', expected.fontStyle ?? 'normal');
  const comment = page.locator('pre.language-ts .token.comment').first();
  await expect(comment).toHaveCSS('color', await computedColor(page, themeStyle(theme, 'comment').color!));
  await expect(page.locator('pre.language-ts').first()).toHaveCSS(
    'background-color',
    await computedColor(page, theme.plain.backgroundColor!),
  );
}

test('code is coloured by the theme of each colour mode, switching without a reload', async ({page}) => {
  await page.goto('/guides/nodejs');
  await hydrated(page);
  await expectThemeColours(page, lightCodeTheme);
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectThemeColours(page, darkCodeTheme);
});

test('a page opened in dark mode shows dark code from the first paint', async ({page, allowConsole}) => {
  allowConsole(/Failed to load resource/);
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  // No JavaScript: what the server sent, with the colour-mode script only.
  await page.route(/\/assets\/js\//, (route) => route.abort());
  // The page never hydrates: the load event is all there is to wait for (tests/e2e/fixtures.ts).
  await page.goto('/guides/nodejs', {waitUntil: 'load'});
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectThemeColours(page, darkCodeTheme);
});

test('the browser loads no syntax highlighter', async ({page, baseURL}) => {
  const measured = await measureFirstLoadJs(page, `${baseURL}/guides/nodejs`, {buildDir: 'build'});
  expect(measured.scripts.length).toBeGreaterThan(4);
  for (const script of measured.scripts) {
    const source = readFileSync(path.join('build', new URL(script.url).pathname), 'utf8');
    // Prism's tokenizer runs this hook; no other code on the page names it.
    expect(source.includes('after-tokenize'), `${script.file} contains Prism`).toBe(false);
  }
});

test.describe('code block features', () => {
  test.use({permissions: ['clipboard-read', 'clipboard-write']});

  test('title, line numbers, highlighted lines, markup shown as text, copy without magic comments', async ({
    page,
  }) => {
    let alerted = false;
    page.on('dialog', async (dialog) => {
      alerted = true;
      await dialog.dismiss();
    });
    await page.goto('/dogfood/code-blocks');
    await hydrated(page);
    const blocks = page.locator('.theme-code-block');
    await expect(blocks).toHaveCount(3);

    const ts = blocks.nth(0);
    await expect(ts.getByText('publish.ts')).toBeVisible();
    await expect(ts.locator('.token-line')).toHaveCount(4);
    await expect(ts.locator('.code-line-number')).toHaveCount(4);
    // The line number is drawn by CSS from a counter that starts at 1.
    const number = await ts
      .locator('.code-line-number')
      .nth(3)
      .evaluate((cell) => getComputedStyle(cell, '::before').content);
    expect(number).toBe('counter(line-count)');
    await expect(ts.locator('.theme-code-block-highlighted-line')).toHaveText(
      "await client.publish('streamr.eth/demo', {n: 1})",
    );
    await ts.hover();
    await ts.getByRole('button', {name: /copy/i}).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).not.toContain('highlight-next-line');
    expect(copied).toBe(
      "import {StreamrClient} from '@streamr/sdk'\n\nconst client = new StreamrClient()\n" +
        "await client.publish('streamr.eth/demo', {n: 1})",
    );

    const bash = blocks.nth(1);
    await expect(bash.locator('.theme-code-block-highlighted-line')).toHaveText('npm run build');

    const html = blocks.nth(2);
    await expect(html.locator('.theme-code-block-highlighted-line')).toHaveText(
      "<script>alert('shown as text')</script>",
    );
    await expect(html.locator('script')).toHaveCount(0);
    expect(alerted).toBe(false);
  });
});
