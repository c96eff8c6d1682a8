import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {measureFirstLoadJs} from '../../scripts/audit/first-load-js.ts';
import {
  BUDGET_FILE,
  BUDGETED_DOCS_PAGE,
  judgeFirstLoadJs,
  readBudgetFile,
} from '../../scripts/audit/budgets.ts';
import {findDiagrams} from '../../scripts/lib/diagrams.ts';
import {builtHtmlFiles, routeOfHtmlFile} from '../../src/build-output/index.ts';
import {findSearchChunks, isSearchRequest} from '../support/search-code.ts';
import {expect, test} from './fixtures.ts';

/**
 * Deterministic performance budgets: bytes, headers, images, fonts, layout
 * shift, lazy search. Lighthouse scores are noisy on shared machines and are
 * judged by `npm run audit` (and its workflow), not here.
 */

const BUILD = 'build';
const KEY_PAGES = ['/', '/guides/nodejs', '/usage/sdk/api/classes/StreamrClient', '/blog'];

/** Built pages with pre-rendered diagrams, and how many each has. */
function diagramPages(): Array<{route: string; count: number}> {
  return builtHtmlFiles(BUILD, {notFound: true})
    .map((file) => ({
      // Visited without a trailing slash, which the site's links never have.
      route: routeOfHtmlFile(file).replace(/(.)\/$/, '$1'),
      count: (readFileSync(path.join(BUILD, file), 'utf8').match(/class="?docusaurus-mermaid-static/g) ?? [])
        .length,
    }))
    .filter((page) => page.count > 0);
}

test.describe('first-load JavaScript', () => {
  // What a visitor's browser loads, the offline registration code included (as the audit measures).
  test.use({offlineWorker: true});

  test(`${BUDGETED_DOCS_PAGE} loads at most the one-page stock baseline's JavaScript + 10 %`, async ({
    page,
    baseURL,
  }) => {
    const budget = await readBudgetFile(BUDGET_FILE);
    const installed = JSON.parse(readFileSync('node_modules/@docusaurus/core/package.json', 'utf8')).version;
    const measured = await measureFirstLoadJs(page, `${baseURL}${BUDGETED_DOCS_PAGE}`, {buildDir: BUILD});
    // The measurement saw the whole page: entry bundles and the route's chunks.
    const files = measured.scripts.map((script) => script.file);
    expect(files.some((file) => /\/main\.[0-9a-f]+\.js$/.test(file))).toBe(true);
    expect(files.some((file) => /\/runtime~main\.[0-9a-f]+\.js$/.test(file))).toBe(true);
    expect(files.length).toBeGreaterThan(4);
    // The service worker was allowed: the page registered it.
    await expect
      .poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration())))
      .toBe(true);
    const verdict = judgeFirstLoadJs(measured.total, budget, installed);
    test.info().annotations.push({type: 'first-load JS', description: verdict.message});
    expect(verdict.ok, verdict.message).toBe(true);
  });
});

test.describe('served like GitHub Pages', () => {
  test('HTML and hashed assets come compressed, with the Cache-Control: max-age=600 that Pages sends', async ({
    request,
    page,
    baseURL,
  }) => {
    const html = await request.get('/guides/nodejs', {headers: {'Accept-Encoding': 'br, gzip'}});
    expect(html.headers()['content-encoding']).toBe('br');
    expect(html.headers()['cache-control']).toBe('max-age=600');
    const measured = await measureFirstLoadJs(page, `${baseURL}/guides/nodejs`, {buildDir: BUILD});
    const css = [
      ...readFileSync(path.join(BUILD, 'guides', 'nodejs.html'), 'utf8').matchAll(
        /href=["']?(\/assets\/css\/[^"' >]+)/g,
      ),
    ];
    expect(css.length).toBeGreaterThan(0);
    const assets = [
      ...measured.scripts.map((script) => new URL(script.url).pathname),
      ...css.map((match) => match[1]),
    ];
    for (const asset of assets) {
      const response = await request.get(asset, {headers: {'Accept-Encoding': 'br, gzip'}});
      expect(response.status(), asset).toBe(200);
      // Pages caches everything for 10 minutes, content-hashed assets included; the audit
      // measures what visitors of the deployed site get, so the test server does the same.
      expect(response.headers()['cache-control'], asset).toBe('max-age=600');
      // Tiny files are not worth compressing (the server leaves anything under 512 bytes alone).
      if (Number(response.headers()['content-length']) > 512)
        expect(response.headers()['content-encoding'], asset).toBe('br');
    }
  });
});

test.describe('no layout shift', () => {
  test('every image in the build is sized, in a modern format, and lazy below the navbar', () => {
    const problems: string[] = [];
    let images = 0;
    for (const file of builtHtmlFiles(BUILD, {notFound: true})) {
      const html = readFileSync(path.join(BUILD, file), 'utf8');
      // Images up to the end of the navbar are above the fold; everything after it must load lazily.
      const navbarEnd = html.indexOf('</nav>', html.indexOf('navbar'));
      for (const match of html.matchAll(/<img\b[^>]*>/g)) {
        images++;
        const tag = match[0];
        const where = `${file}: ${tag.slice(0, 120)}`;
        const attr = (name: string) =>
          new RegExp(`\\s${name}=("[^"]*"|'[^']*'|[^\\s>]+)`).exec(tag)?.[1].replace(/^["']|["']$/g, '');
        if (!attr('width') || !attr('height')) problems.push(`no width/height: ${where}`);
        const src = attr('src') ?? '';
        if (!/\.(svg|webp|avif)(\?|#|$)/i.test(src) && !src.startsWith('data:image/svg')) {
          problems.push(`not SVG, WebP or AVIF: ${where}`);
        }
        if ((match.index ?? 0) > navbarEnd && attr('loading') !== 'lazy')
          problems.push(`below the navbar but not lazy: ${where}`);
      }
    }
    expect(images, 'images checked').toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  test('web fonts, if any, never swap in late', () => {
    const cssDir = path.join(BUILD, 'assets', 'css');
    for (const file of readdirSync(cssDir).filter((name) => name.endsWith('.css'))) {
      const css = readFileSync(path.join(cssDir, file), 'utf8');
      for (const rule of css.match(/@font-face\s*{[^}]*}/g) ?? []) {
        expect(rule, `${file}: a web font must use font-display: optional`).toMatch(
          /font-display:\s*optional/,
        );
      }
    }
  });

  test('every Mermaid diagram is pre-rendered into the HTML as a sized image', async () => {
    const diagrams = await findDiagrams('.');
    const rendered = diagramPages().reduce((sum, page) => sum + page.count, 0);
    expect(
      rendered,
      'diagrams in the built pages (the others would render in the browser and shift the page)',
    ).toBe(diagrams.length);
  });

  // One test per page: a busy machine loads the 30-odd pages of one loop slower than a test may take,
  // and a failure names its page.
  const routes = new Set([...KEY_PAGES, ...diagramPages().map((p) => p.route)]);
  for (const viewport of [
    {name: 'phone', width: 412, height: 823},
    {name: 'desktop', width: 1350, height: 940},
  ]) {
    for (const route of routes) {
      test(`${route} does not shift while loading (${viewport.name})`, async ({page}) => {
        await page.setViewportSize(viewport);
        await page.goto(route);
        // Every image the reader can see has arrived (lazy ones further down load later, already sized).
        await page.evaluate(() =>
          Promise.all(
            Array.from(document.images)
              .filter((img) => img.getBoundingClientRect().top < window.innerHeight && img.checkVisibility())
              .map((img) => img.decode().catch(() => undefined)),
          ),
        );
        // Whatever the page loads after hydrating has arrived and been drawn, however slowly.
        await page.waitForLoadState('networkidle');
        const shifts = await page.evaluate(
          () =>
            new Promise<Array<{value: number; nodes: string[]}>>((resolve) => {
              type Shift = PerformanceEntry & {
                value: number;
                hadRecentInput: boolean;
                sources: Array<{node?: Node}>;
              };
              const found: Array<{value: number; nodes: string[]}> = [];
              const note = (entries: PerformanceEntryList) => {
                for (const entry of entries as Shift[]) {
                  if (entry.hadRecentInput) continue;
                  const nodes = entry.sources.map(({node}) =>
                    node instanceof Element
                      ? `${node.localName} class="${node.getAttribute('class') ?? ''}"`
                      : String(node),
                  );
                  found.push({value: entry.value, nodes});
                }
              };
              const observer = new PerformanceObserver((list) => note(list.getEntries()));
              observer.observe({type: 'layout-shift', buffered: true});
              // Two frames: any shift of the last one is reported; takeRecords has those not yet delivered.
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  note(observer.takeRecords());
                  resolve(found);
                }),
              );
            }),
        );
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect(
          total,
          `layout shift, by the elements that moved: ${JSON.stringify(shifts)}`,
        ).toBeLessThanOrEqual(0.02);
      });
    }
  }
});

test.describe('search loads on demand', () => {
  test('no search code or index is requested when pages load', async ({page}) => {
    const searchChunks = await findSearchChunks(BUILD);
    // Entry bundles (in every page's HTML) must never hold search code.
    // Entry bundles are preloaded in the head and started by the page's loader (config/page-template.ts).
    const entries = [
      ...readFileSync(path.join(BUILD, 'index.html'), 'utf8').matchAll(
        /<link\b[^>]*\bhref=["']?\/([^"' >]+)[^>]*\bdata-entry-script\b/g,
      ),
    ].map((match) => match[1]);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((file) => searchChunks.has(file))).toEqual([]);

    const loaded: string[] = [];
    page.on('request', (request) => {
      if (isSearchRequest(request.url(), searchChunks))
        loaded.push(`${request.resourceType()} ${request.url()}`);
    });
    for (const route of ['/', '/guides/nodejs', '/usage/sdk/api/classes/StreamrClient']) {
      await page.goto(route);
      // Scroll through the page so every link is seen and prefetched, as a reader would.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
    }
    expect(loaded).toEqual([]);
  });

  test('opening search loads its code then', async ({page}) => {
    const searchChunks = await findSearchChunks(BUILD);
    await page.goto('/guides/nodejs');
    const button = page.getByRole('button', {name: /^Search/});
    const loaded: string[] = [];
    page.on('request', (request) => {
      if (isSearchRequest(request.url(), searchChunks)) loaded.push(request.url());
    });
    await button.click();
    // The first opening fetches the dialog's code.
    await expect(page.getByRole('dialog')).toBeVisible({timeout: 20_000});
    await page.keyboard.type('stream');
    await page.waitForLoadState('networkidle');
    // What the detector recognises is what search really loads, so the test above means something.
    expect(loaded.length, 'search requests after opening search').toBeGreaterThan(0);
  });
});

test.describe('prefetching', () => {
  /** Prefetch links in the head, and the scripts the page runs. */
  async function prefetchState(page: import('@playwright/test').Page) {
    return page.evaluate(() => ({
      prefetched: Array.from(document.querySelectorAll('link[rel=prefetch]')).map((link) =>
        link.getAttribute('href'),
      ),
      scripts: Array.from(document.scripts)
        .map((script) => script.getAttribute('src'))
        .filter(Boolean),
    }));
  }

  test('each chunk is prefetched once, and never one the page already runs', async ({page}) => {
    await page.goto('/usage/sdk/api/classes/StreamrClient');
    await page.waitForLoadState('networkidle');
    // Links in view are prefetched while the browser is idle.
    await expect.poll(async () => (await prefetchState(page)).prefetched.length).toBeGreaterThan(5);
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState('networkidle');
    const {prefetched, scripts} = await prefetchState(page);
    expect(prefetched.length, 'prefetch links').toBe(new Set(prefetched).size);
    expect(prefetched.filter((href) => scripts.includes(href))).toEqual([]);
  });

  test('a prefetched page still opens without a reload', async ({page}) => {
    await page.goto('/usage/sdk/api/classes/StreamrClient');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as {notReloaded: boolean}).notReloaded = true));
    await page.locator('article a[href="/usage/sdk/api/interfaces/StreamrClientConfig"]').first().click();
    await expect(page.locator('article h1')).toHaveText('Interface: StreamrClientConfig');
    expect(await page.evaluate(() => (window as unknown as {notReloaded?: boolean}).notReloaded)).toBe(true);
  });
});
