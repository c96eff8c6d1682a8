#!/usr/bin/env node
/**
 * `npm run audit`: performance and accessibility budgets, measured the way a
 * real host serves the site. One file per step, in the order they run:
 *
 * 0. options.ts      the command line (`--help`).
 * 1. build.ts        builds the site cold (no persistent bundler cache) and counts its pages.
 * 2. stock-sites.ts  generates and builds two stock Docusaurus classic sites in a temp folder:
 *                    the one-page baseline the budgets are set against, and one with this
 *                    site's content, to tell the cost of the content from the cost of our code.
 * 3. serve.ts        serves every build like a static host (scripts/serve-build.ts).
 * 4. first-load-js.ts  measures first-load JavaScript of a docs page deterministically.
 * 5. lighthouse.ts   runs Lighthouse (mobile, simulated throttling) several times on our key
 *                    pages and on the stock pages, interleaved so all see the same machine noise.
 * 6. budgets.ts      judges every budget (and keeps config/first-load-js-budget.json current).
 * 7. report.ts       writes reports/audit/report.md and summary.json; exits 1 if a budget fails.
 *
 * `--scale N` runs scale.ts instead: the site at 1× and N× the docs pages, compared.
 * `--against <commit>` runs compare.ts instead: this tree and the commit, side by side.
 */
import {promises as fs} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {buildSite} from './build.ts';
import {
  BUDGET_FILE,
  BUDGETED_DOCS_PAGE,
  evaluateBudgets,
  refreshOrCompareBudgetFile,
  type PageResult,
} from './budgets.ts';
import {runComparison} from './compare.ts';
import {measureInFreshContext} from './first-load-js.ts';
import {aggregateRuns, chromeVersion, findChrome, launchChromium, lighthouseRuns} from './lighthouse.ts';
import {parseArgs, USAGE} from './options.ts';
import {describeMachine, writeReport} from './report.ts';
import {runScale} from './scale.ts';
import {serve, statusOf} from './serve.ts';
import {buildStockSites, STOCK_DOCS_PAGE} from './stock-sites.ts';
import {measureTypeInfoHtml} from './type-info-html.ts';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Pages Lighthouse audits; a page missing from the build fails the audit. */
const PAGES = [
  {label: 'home', route: '/'},
  {label: 'guide', route: '/guides/nodejs'},
  {label: 'API class', route: '/usage/sdk/api/classes/StreamrClient'},
  {label: 'search', route: '/search'},
];

/** A file-name-safe key for a route. */
function slug(route: string): string {
  return route === '/' ? 'home' : route.replace(/^\//, '').replace(/[^a-zA-Z0-9]+/g, '-');
}

/** The version of an installed package. */
async function installedVersion(name: string): Promise<string> {
  const file = path.join(projectDir, 'node_modules', name, 'package.json');
  return JSON.parse(await fs.readFile(file, 'utf8')).version;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(USAGE);
    return;
  }
  const outDir = path.resolve(projectDir, options.out);
  const rawDir = path.join(outDir, 'lighthouse');
  await fs.rm(outDir, {recursive: true, force: true});
  await fs.mkdir(rawDir, {recursive: true});
  const chrome = findChrome();
  const machine = describeMachine();
  const {runs} = options;
  if (options.scale !== undefined) {
    // Opt-in and separate: two extra cold builds are too slow for every audit.
    process.exitCode = await runScale({projectDir, outDir, factor: options.scale, machine, chrome, runs});
    return;
  }
  if (options.against !== undefined) {
    const routes = PAGES.map((page) => page.route);
    const {against: commit, skipBuild} = options;
    await runComparison({projectDir, outDir, commit, routes, runs, chrome, machine, skipBuild});
    return;
  }
  const buildDir = path.join(projectDir, 'build');

  // 1. Our build.
  const log = path.join(outDir, 'build.log');
  const build = await buildSite({dir: projectDir, log, skip: options.skipBuild});

  // 2. The stock sites.
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'docs-audit-'));
  const stock = await buildStockSites({projectDir, tempDir, outDir});

  // 3. Every build served.
  const served = {
    ours: await serve(buildDir),
    'one-page': await serve(stock['one-page'].buildDir),
    'same-content': await serve(stock['same-content'].buildDir),
  };
  const urlOf = (site: keyof typeof served, route: string) => `${served[site].origin}${route}`;

  try {
    // A missing page is reported, never measured as something else.
    const missing = new Map<string, string>();
    for (const {route} of PAGES) {
      const status = await statusOf(served.ours.origin, route);
      if (status !== 200) missing.set(route, `HTTP ${status}: the page is not in this build`);
    }
    const measured = PAGES.filter((page) => !missing.has(page.route));

    // 4. Deterministic first-load JavaScript; also compresses (and caches) what Lighthouse will fetch.
    const browser = await launchChromium(chrome);
    const firstLoadJs = {
      ours: await measureInFreshContext(browser, urlOf('ours', BUDGETED_DOCS_PAGE), buildDir),
      stockSameContent: await measureInFreshContext(
        browser,
        urlOf('same-content', STOCK_DOCS_PAGE['same-content']),
        stock['same-content'].buildDir,
      ),
      stockOnePage: await measureInFreshContext(
        browser,
        urlOf('one-page', STOCK_DOCS_PAGE['one-page']),
        stock['one-page'].buildDir,
      ),
    };
    for (const page of measured) await measureInFreshContext(browser, urlOf('ours', page.route), buildDir);
    await browser.close();
    const jsRoutes = {
      ours: {route: BUDGETED_DOCS_PAGE, total: firstLoadJs.ours.total},
      stockSameContent: {route: STOCK_DOCS_PAGE['same-content'], total: firstLoadJs.stockSameContent.total},
      stockOnePage: {route: STOCK_DOCS_PAGE['one-page'], total: firstLoadJs.stockOnePage.total},
    };

    // 5. Lighthouse on our pages, the same pages built by stock Docusaurus (the stock
    // site has no search page, for one) and the one-page baseline.
    const stockPages = [];
    for (const page of measured)
      if ((await statusOf(served['same-content'].origin, page.route)) === 200) stockPages.push(page);
    const byTarget = await lighthouseRuns({
      projectDir,
      chrome,
      rawDir,
      runs,
      targets: [
        ...measured.map((p) => ({key: `ours-${slug(p.route)}`, url: urlOf('ours', p.route)})),
        ...stockPages.map((p) => ({
          key: `stock-same-content-${slug(p.route)}`,
          url: urlOf('same-content', p.route),
        })),
        {key: 'stock-one-page', url: urlOf('one-page', STOCK_DOCS_PAGE['one-page'])},
      ],
    });
    const medians = (key: string) => aggregateRuns(byTarget.get(key) ?? []);

    // 6. Budgets.
    const pages: PageResult[] = PAGES.map((page) => ({
      ...page,
      site: 'ours',
      ...(missing.has(page.route)
        ? {missing: missing.get(page.route)}
        : {medians: medians(`ours-${slug(page.route)}`)}),
    }));
    const baseline: PageResult = {
      label: 'one docs page',
      route: STOCK_DOCS_PAGE['one-page'],
      site: 'stock',
      medians: medians('stock-one-page'),
    };
    const sameContent: PageResult[] = stockPages.map((page) => ({
      ...page,
      site: 'stock',
      medians: medians(`stock-same-content-${slug(page.route)}`),
    }));
    const checks = evaluateBudgets({pages, baseline, sameContent, firstLoadJs: jsRoutes});

    // The checked-in stock numbers the byte budget in `npm test` compares against.
    const docusaurus = await installedVersion('@docusaurus/core');
    const {stockSameContent, stockOnePage} = jsRoutes;
    const budgetFileNote = await refreshOrCompareBudgetFile(
      path.join(projectDir, BUDGET_FILE),
      {docusaurus, stockSameContent, stockOnePage},
      options.updateBudget,
    );

    // 7. The report.
    const summary = {
      date: new Date().toISOString().slice(0, 10),
      machine,
      chrome: chromeVersion(chrome),
      lighthouse: await installedVersion('lighthouse'),
      docusaurus,
      runs,
      build,
      stockBuild: {
        onePageSeconds: stock['one-page'].seconds,
        sameContentSeconds: stock['same-content'].seconds,
      },
      pages,
      baseline,
      sameContent,
      firstLoadJs: jsRoutes,
      typeInfoHtml: measureTypeInfoHtml(
        buildDir,
        measured.map((page) => page.route),
      ),
      checks,
      rawDir: path.relative(projectDir, rawDir),
      notes: budgetFileNote ? [budgetFileNote] : [],
    };
    const failed = await writeReport({projectDir, outDir, summary, firstLoadJsDetail: firstLoadJs});
    process.exitCode = failed ? 1 : 0;
  } finally {
    for (const {server} of Object.values(served)) server.close();
    await fs.rm(tempDir, {recursive: true, force: true});
  }
}

await main();
