import {readFileSync} from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type {APIRequestContext, Page} from '@playwright/test';
import {sitemapPaths as parseSitemap} from '../support/sitemap.ts';
import {expect, test} from './fixtures.ts';
import {routeOfMarkdownFile} from '../../src/build-output/index.ts';
import {isDocsPage, listedUrls, listingProblems} from '../support/llms-listing.ts';

/** Paths of the built sitemap, relative to the served site. */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  return parseSitemap(await response.text());
}

async function text(request: APIRequestContext, path: string): Promise<{body: string; type: string}> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return {body: await response.text(), type: response.headers()['content-type'] ?? ''};
}

/** The Markdown without code blocks and code spans (examples of syntax may live there). */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The installed SDK's version, read the way the build reads it. */
const SDK_VERSION = (
  JSON.parse(readFileSync('node_modules/@streamr/sdk/package.json', 'utf8')) as {version: string}
).version;

/** Assistants fetch a twin whole; larger pages would be cut or refused. */
const MAX_TWIN_BYTES = 100_000;

async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
}

test.describe('llms.txt and Markdown twins', () => {
  test('llms.txt lists every docs page of the sitemap exactly once, in the spec sections', async ({
    request,
  }) => {
    const {body, type} = await text(request, '/llms.txt');
    expect(type).toContain('text/plain');
    expect(body).toMatch(/^# Streamr Docs\n\n> \S/);
    expect([...body.matchAll(/^## (.+)$/gm)].map((m) => m[1])).toEqual([
      'Guides',
      'Usage',
      'Network',
      'Project',
      'Help',
      'SDK API reference',
    ]);

    const docsPages = (await sitemapPaths(request)).filter((path) => isDocsPage(path));
    expect(docsPages.length).toBeGreaterThan(100);
    const listed = listedUrls(body).map((url) => routeOfMarkdownFile(new URL(url).pathname.slice(1)));
    expect(listingProblems(docsPages, listed)).toEqual([]);
    // Blog posts and the non-docs pages are left out on purpose (tests/support/llms-listing.ts).
    expect(listed.filter((path) => path.startsWith('/blog') || path === '/api-docs')).toEqual([]);
  });

  test('every listed Markdown twin is served as Markdown and starts with its title', async ({request}) => {
    // One request per twin: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    const llms = (await text(request, '/llms.txt')).body;
    const entries = [...llms.matchAll(/^- \[((?:\\.|[^\]\\])*)\]\(([^)]+)\)/gm)];
    const failures: string[] = [];
    for (const [, title, url] of entries) {
      const path = new URL(url).pathname;
      const response = await request.get(path);
      const body = await response.text();
      const prose = withoutCode(body);
      if (response.status() !== 200) failures.push(`${path}: HTTP ${response.status()}`);
      else if (!response.headers()['content-type']?.startsWith('text/markdown'))
        failures.push(`${path}: not text/markdown`);
      else if (!body.startsWith(`# ${title.replace(/\\(.)/g, '$1')}\n`))
        failures.push(`${path}: starts "${body.slice(0, 60)}"`);
      else if (/^import |<\/?(Tabs|TabItem)\b|^:::/m.test(prose))
        failures.push(`${path}: MDX or directive syntax left`);
      else if (/\]\((?!https?:|mailto:)/.test(prose)) failures.push(`${path}: relative link`);
    }
    expect(failures).toEqual([]);
  });

  test('llms.txt starts with instructions for assistants that name the installed SDK', async ({request}) => {
    const {body} = await text(request, '/llms.txt');
    const start = body.indexOf('Instructions for assistants:\n');
    expect(start).toBeGreaterThan(0);
    expect(start).toBeLessThan(body.indexOf('\n## '));
    expect(body).toContain(`\`@streamr/sdk\` ${SDK_VERSION}.`);
    expect(body).toContain('  - `StreamrClient.publish`: ');
    expect(body).toContain('  - `STREAMR_STORAGE_NODE_GERMANY`: use `STREAMR_STORAGE_NODE_ADDRESS` instead');
  });

  test('every docs page of the sitemap names its twin once in its head; other pages name none', async ({
    request,
  }) => {
    // Two requests for each of 200-odd pages: a busy machine's server needs minutes.
    test.setTimeout(600_000);
    const failures: string[] = [];
    const paths = await sitemapPaths(request);
    const check = async (path: string) => {
      const html = (await text(request, path)).body;
      const links = [...html.matchAll(/<link\b[^>]*\btype="?text\/markdown"?[^>]*>/g)].map((m) => m[0]);
      if (!isDocsPage(path)) {
        if (links.length) failures.push(`${path}: has ${links.length} Markdown alternate, but no twin`);
        return;
      }
      if (links.length !== 1 || !/\brel="?alternate\b/.test(links[0])) {
        failures.push(`${path}: ${links.length} Markdown alternate links`);
        return;
      }
      const href = /\bhref="?([^"\s>]+)/.exec(links[0])?.[1] ?? '';
      const twin = new URL(href);
      if (
        twin.origin !== 'https://docs.streamr.network' ||
        routeOfMarkdownFile(twin.pathname.slice(1)) !== path
      ) {
        failures.push(`${path}: alternate ${href} is not its twin`);
        return;
      }
      const response = await request.get(twin.pathname);
      if (response.status() !== 200) failures.push(`${path}: twin HTTP ${response.status()}`);
      else if (!response.headers()['content-type']?.startsWith('text/markdown'))
        failures.push(`${path}: twin not text/markdown`);
    };
    // A few at a time: one by one takes long on a busy machine.
    for (let i = 0; i < paths.length; i += 4) await Promise.all(paths.slice(i, i + 4).map(check));
    expect(paths.filter((path) => isDocsPage(path)).length).toBeGreaterThan(100);
    expect(paths.filter((path) => !isDocsPage(path)).length).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  test(`every twin is smaller than ${MAX_TWIN_BYTES / 1000} kB`, async ({request}) => {
    const llms = (await text(request, '/llms.txt')).body;
    const sizes = await Promise.all(
      listedUrls(llms).map(async (url) => {
        const body = await (await request.get(new URL(url).pathname)).body();
        return {path: new URL(url).pathname, bytes: body.byteLength};
      }),
    );
    expect(sizes.length).toBeGreaterThan(100);
    expect(sizes.filter((twin) => twin.bytes >= MAX_TWIN_BYTES)).toEqual([]);
  });

  test('llms-full.txt holds every listed page once', async ({request}) => {
    const llms = (await text(request, '/llms.txt')).body;
    const full = await text(request, '/llms-full.txt');
    expect(full.type).toContain('text/plain');
    const pages = listedUrls(llms).map((url) =>
      new URL(url).pathname.replace(/\.md$/, '').replace(/^\/index$/, '/'),
    );
    const sources = [...full.body.matchAll(/^Source: <([^>]+)>$/gm)].map((m) => new URL(m[1]).pathname);
    expect(sources.length).toBe(pages.length);
    expect([...sources].sort()).toEqual([...pages].sort());
    // Sidebar order: the overview page comes right after the Guides index, the SDK reference inside Usage.
    expect(sources.slice(0, 3)).toEqual(['/guides', '/', '/guides/nodejs']);
    expect(sources.indexOf('/usage/sdk/api')).toBeLessThan(sources.indexOf('/streamr-network'));
  });

  test('a Markdown page turns admonitions, links and Mermaid into plain Markdown', async ({request}) => {
    const {body} = await text(request, '/guides/become-an-operator.md');
    expect(body).toMatch(/^# How to become an Operator\n/);
    expect(body).not.toMatch(/^---\n/);
    expect(body).toContain('> **Tip: Practice on the testnet first**');
    expect(body).toMatch(/\]\(https:\/\/docs\.streamr\.network\/[a-z]/);
    const overview = (await text(request, '/index.md')).body;
    expect(overview).toMatch(/^# /);
    expect(overview).toContain('```mermaid\n');
  });

  test('an MDX page loses its imports and writes each tab as a labelled block', async ({request}) => {
    const {body} = await text(request, '/guides/how-to-run-streamr-node.md');
    expect(body).toMatch(/^# How to run a Streamr node\n/);
    expect(body).not.toContain("import Tabs from '@theme/Tabs'");
    expect(body).not.toMatch(/<\/?Tab/);
    expect(body).toContain('**Docker**\n\nCheck that Docker works:');
    expect(body).toContain('**npm**\n\nCheck your Node.js and npm versions:');
  });

  test('a generated category index has a twin that lists its child pages', async ({request}) => {
    const {body} = await text(request, '/guides.md');
    expect(body).toMatch(/^# Quickstart Guides\n\nHands-on guides/);
    expect(body).toContain(
      '- [Publish and subscribe in Node.js](https://docs.streamr.network/guides/nodejs): ',
    );
  });

  test('the SDK reference pages have twins with absolute links', async ({request}) => {
    const {body} = await text(request, '/usage/sdk/api/classes/Stream.md');
    expect(body).toMatch(/^# Class: Stream\n/);
    expect(body).toContain('(https://docs.streamr.network/usage/sdk/api#streamid)');
    expect(body).not.toMatch(/\]\([^)]*\.md[#)]/);
  });
});

test.describe('Copy page', () => {
  test.use({permissions: ['clipboard-read', 'clipboard-write']});

  test('copies the page as Markdown, fetched on click, and announces it', async ({page, request}) => {
    const markdownRequests: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.endsWith('.md')) markdownRequests.push(req.url());
    });
    await page.goto('/usage/streams/publishing');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(markdownRequests, 'the twin is not fetched at page load').toEqual([]);

    const button = page.getByRole('button', {name: 'Copy page'});
    await button.click();
    await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
    await expect(page.getByRole('status').filter({hasText: 'Page copied'})).toHaveText(
      'Page copied to the clipboard as Markdown.',
    );
    expect(markdownRequests.map((url) => new URL(url).pathname)).toEqual(['/usage/streams/publishing.md']);

    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const twin = (await text(request, '/usage/streams/publishing.md')).body;
    expect(copied).toBe(twin);
    expect(copied).toMatch(/^# Publishing\n/);
    // The button returns to its resting label.
    await expect(page.getByRole('button', {name: 'Copy page'})).toBeVisible();
  });

  test('works from the keyboard', async ({page}) => {
    await page.goto('/guides/nodejs');
    await hydrated(page);
    const button = page.getByRole('button', {name: 'Copy page'});
    // Reachable with Tab: the control follows the breadcrumbs in the tab order.
    await page.locator('.theme-doc-breadcrumbs a').last().focus();
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', {name: 'Copied'})).toBeFocused();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /^# Publish and subscribe in Node\.js\n/,
    );
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', {name: 'More ways to use this page'})).toBeFocused();
  });

  test('copies a generated category index and the home page', async ({page}) => {
    await page.goto('/streamr-network');
    await hydrated(page);
    await page.getByRole('button', {name: 'Copy page'}).click();
    await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /^# The Streamr Network\n\nHow the network/,
    );

    await page.goto('/');
    await hydrated(page);
    // The menu loads when first opened.
    await page.getByRole('button', {name: 'More ways to use this page'}).click();
    await expect(page.getByRole('menuitem', {name: 'View as Markdown'})).toHaveAttribute('href', '/index.md');
    await page.keyboard.press('Escape');
    await page.getByRole('button', {name: 'Copy page'}).click();
    await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /^# Streamr Network overview\n/,
    );
  });

  test('"View as Markdown" opens the twin and the page head points to it', async ({page}) => {
    await page.goto('/usage/sdk/api/classes/StreamrClient');
    await hydrated(page);
    await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute(
      'href',
      'https://docs.streamr.network/usage/sdk/api/classes/StreamrClient.md',
    );
    await page.getByRole('button', {name: 'More ways to use this page'}).click();
    const link = page.getByRole('menuitem', {name: 'View as Markdown'});
    await expect(link).toHaveAttribute('href', '/usage/sdk/api/classes/StreamrClient.md');
    const response = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(response.headers()['content-type']).toContain('text/markdown');
    expect(await response.text()).toMatch(/^# Class: StreamrClient\n/);
  });

  test('says so when copying fails', async ({page, allowConsole}) => {
    allowConsole(/status of 503/);
    await page.route('**/*.md', (route) => route.fulfill({status: 503, body: 'unavailable'}));
    await page.goto('/usage/identity');
    await hydrated(page);
    await page.getByRole('button', {name: 'Copy page'}).click();
    await expect(page.getByRole('button', {name: 'Copy failed'})).toBeVisible();
    await expect(page.getByRole('status').filter({hasText: 'Could not copy'})).toBeAttached();
  });

  test('fits and works on a phone screen', async ({page}) => {
    await page.setViewportSize({width: 360, height: 740});
    await page.goto('/usage/connect-apps-and-iot/streamr-node-interface');
    await hydrated(page);
    const button = page.getByRole('button', {name: 'Copy page'});
    const menuButton = page.getByRole('button', {name: 'More ways to use this page'});
    await expect(button).toBeInViewport();
    await expect(menuButton).toBeInViewport();
    for (const box of [await button.boundingBox(), await menuButton.boundingBox()]) {
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
      expect(box && box.height >= 24).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await button.click();
    await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# /);

    // The open menu fits on the screen too.
    await menuButton.click();
    const menu = page.getByRole('menu', {name: 'Page actions'});
    await expect(menu).toBeVisible();
    const menuBox = await menu.boundingBox();
    expect(menuBox && menuBox.x >= 0 && menuBox.x + menuBox.width <= 360).toBe(true);
    for (const item of await menu.getByRole('menuitem').all()) await expect(item).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`meets WCAG AA in ${mode} mode, before and after copying`, async ({page}) => {
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      await page.goto('/guides/web-app-frameworks');
      await hydrated(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const actions = page.getByRole('button', {name: 'Copy page'}).locator('..');
      const axe = () =>
        new AxeBuilder({page})
          .include('.theme-doc-breadcrumbs')
          .include('button[data-status]')
          .include('button[aria-haspopup="menu"]')
          .include('[role="menu"]')
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
      expect((await axe()).violations.map((v) => v.id)).toEqual([]);
      await actions.getByRole('button').first().hover();
      await page.getByRole('button', {name: 'Copy page'}).click();
      await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
      expect((await axe()).violations.map((v) => v.id)).toEqual([]);
      await page.getByRole('button', {name: 'More ways to use this page'}).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await page.keyboard.press('ArrowDown');
      expect((await axe()).violations.map((v) => v.id)).toEqual([]);
    });
  }
});
