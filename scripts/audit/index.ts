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
 */
import {promises as fs} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromium} from '@playwright/test';
import {buildSite} from './build.ts';
import {
  BUDGET_FILE,
  BUDGETED_DOCS_PAGE,
  evaluateBudgets,
  refreshOrCompareBudgetFile,
  type PageResult,
} from './budgets.ts';
import {measureInFreshContext} from './first-load-js.ts';
import {aggregateRuns, chromeVersion, CHROME_FLAGS, findChrome, lighthouseRuns} from './lighthouse.ts';
import {parseArgs, USAGE} from './options.ts';
import {describeMachine, writeReport, type AuditSummary} from './report.ts';
import {runScale} from './scale.ts';
import {serve} from './serve.ts';
import {buildStockSites, STOCK_DOCS_PAGE} from './stock-sites.ts';
import {measureTypeInfoHtml} from './type-info-html.ts';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Pages Lighthouse audits. A missing page fails the audit, unless it has an
 * `optional` reason: then the report lists it as not measured. Remove the reason
 * once the page is part of every build.
 */
const PAGES: Array<{label: string; route: string; optional?: string}> = [
  {label: 'home', route: '/'},
  {label: 'guide', route: '/guides/nodejs'},
  {label: 'API class', route: '/usage/sdk/api/classes/StreamrClient'},
  {label: 'search', route: '/search'},
];

type AuditedPage = (typeof PAGES)[number] & {missing?: string};

/** A file-name-safe key for a route. */
function slug(route: string): string {
  return route === '/' ? 'home' : route.replace(/^\//, '').replace(/[^a-zA-Z0-9]+/g, '-');
}

/** The HTTP status a served site answers for a route, redirects not followed. */
async function statusOf(origin: string, route: string): Promise<number> {
  return (await fetch(`${origin}${route}`, {redirect: 'manual'})).status;
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
  await fs.mkdir(options.scale === undefined ? rawDir : outDir, {recursive: true});
  const chrome = findChrome();
  const machine = describeMachine();
  if (options.scale !== undefined) {
    // Opt-in and separate: two extra cold builds are too slow for every audit.
    const missed = await runScale({
      projectDir,
      outDir,
      factor: options.scale,
      machine,
      chrome,
      runs: options.runs,
    });
    process.exitCode = missed ? 1 : 0;
    return;
  }
  const buildDir = path.join(projectDir, 'build');

  // 1. Our build.
  const build = await buildSite({projectDir, buildDir, outDir, skip: options.skipBuild});

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
    // Which pages exist in this build; a missing page is reported, never measured as something else.
    const pages: AuditedPage[] = [];
    for (const page of PAGES) {
      const status = await statusOf(served.ours.origin, page.route);
      pages.push(status === 200 ? page : {...page, missing: `HTTP ${status}: the page is not in this build`});
    }
    const measured = pages.filter((page) => !page.missing);

    // 4. Deterministic first-load JavaScript; also compresses (and caches) what Lighthouse will fetch.
    const browser = await chromium.launch({
      executablePath: chrome,
      args: CHROME_FLAGS.filter((flag) => flag !== '--headless=new'),
    });
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
    const stockPages: AuditedPage[] = [];
    for (const page of measured)
      if ((await statusOf(served['same-content'].origin, page.route)) === 200) stockPages.push(page);
    const {byTarget, lighthouseVersion} = await lighthouseRuns({
      projectDir,
      chrome,
      rawDir,
      runs: options.runs,
      targets: [
        ...measured.map((p) => ({key: `ours-${slug(p.route)}`, url: urlOf('ours', p.route)})),
        ...stockPages.map((p) => ({
          key: `stock-same-content-${slug(p.route)}`,
          url: urlOf('same-content', p.route),
        })),
        {key: 'stock-one-page', url: urlOf('one-page', STOCK_DOCS_PAGE['one-page'])},
      ],
    });

    // 6. Budgets.
    const pageResults: PageResult[] = pages.map((page) => ({
      label: page.label,
      route: page.route,
      site: 'ours',
      optional: page.optional,
      ...(page.missing
        ? {missing: page.missing}
        : {medians: aggregateRuns(byTarget.get(`ours-${slug(page.route)}`) ?? [])}),
    }));
    const baseline: PageResult = {
      label: 'one docs page',
      route: STOCK_DOCS_PAGE['one-page'],
      site: 'stock',
      medians: aggregateRuns(byTarget.get('stock-one-page') ?? []),
    };
    const sameContent: PageResult[] = stockPages.map((page) => ({
      label: page.label,
      route: page.route,
      site: 'stock',
      medians: aggregateRuns(byTarget.get(`stock-same-content-${slug(page.route)}`) ?? []),
    }));
    const checks = evaluateBudgets({pages: pageResults, baseline, sameContent, firstLoadJs: jsRoutes});

    // The checked-in stock numbers the byte budget in `npm test` compares against.
    const docusaurusVersion: string = JSON.parse(
      await fs.readFile(path.join(projectDir, 'node_modules', '@docusaurus', 'core', 'package.json'), 'utf8'),
    ).version;
    const budgetFileNote = await refreshOrCompareBudgetFile(
      path.join(projectDir, BUDGET_FILE),
      {
        docusaurus: docusaurusVersion,
        stockSameContent: jsRoutes.stockSameContent,
        stockOnePage: jsRoutes.stockOnePage,
      },
      options.updateBudget,
    );

    // 7. The report.
    const summary: AuditSummary = {
      date: new Date().toISOString().slice(0, 10),
      machine,
      chrome: chromeVersion(chrome),
      lighthouse: lighthouseVersion,
      docusaurus: docusaurusVersion,
      runs: options.runs,
      build,
      stockBuild: {
        onePageSeconds: stock['one-page'].seconds,
        sameContentSeconds: stock['same-content'].seconds,
      },
      pages: pageResults,
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
