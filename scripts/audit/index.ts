#!/usr/bin/env node
/**
 * `npm run audit`: performance and accessibility budgets, measured the way a real host serves the
 * site. One file per step, run in the order README.md's "Method" lists them (options.ts reads the
 * command line). `--scale N` runs scale.ts instead, `--against <commit>` compare.ts.
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
import {chromeVersion, findChrome} from './lighthouse.ts';
import {parseArgs, USAGE} from './options.ts';
import {describeMachine, renderMarkdown, writeReport} from './report.ts';
import {runScale} from './scale.ts';
import {measureSites} from './sites.ts';
import {buildStockSite, STOCK_ONE_PAGE_ROUTE} from './stock-sites.ts';
import {measureTypeInfoHtml} from './type-info-html.ts';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Pages Lighthouse audits; a page missing from the build fails the audit. */
const PAGES = [
  {label: 'home', route: '/'},
  {label: 'guide', route: '/guides/nodejs'},
  {label: 'API class', route: '/usage/sdk/api/classes/StreamrClient'},
  {label: 'search', route: '/search'},
];
const ROUTES = PAGES.map((page) => page.route);

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
  const {runs, skipBuild} = options;
  const outDir = path.resolve(projectDir, options.out);
  const rawDir = path.join(outDir, 'lighthouse');
  await fs.rm(outDir, {recursive: true, force: true});
  await fs.mkdir(rawDir, {recursive: true});
  const chrome = findChrome();
  const machine = describeMachine();
  if (options.scale !== undefined) {
    // Opt-in and separate: two extra cold builds are too slow for every audit.
    process.exitCode = await runScale({projectDir, outDir, factor: options.scale, machine, chrome, runs});
    return;
  }
  if (options.against !== undefined) {
    const commit = options.against;
    await runComparison({projectDir, outDir, commit, routes: ROUTES, runs, chrome, machine, skipBuild});
    return;
  }

  const buildDir = path.join(projectDir, 'build');
  const build = await buildSite({dir: projectDir, log: path.join(outDir, 'build.log'), skip: skipBuild});
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'docs-audit-'));
  try {
    const stock = await buildStockSite(projectDir, tempDir, outDir);
    const sites = await measureSites({
      projectDir,
      chrome,
      rawDir,
      runs,
      sites: [
        {key: 'ours', buildDir, routes: ROUTES},
        {key: 'one-page', buildDir: stock.buildDir, routes: [STOCK_ONE_PAGE_ROUTE]},
      ],
    });
    const firstLoad = (site: string, route: string) => {
      const measured = sites[site].firstLoadJs[route];
      if (!measured) throw new Error(`${route} is not in the ${site} build: ${sites[site].missing[route]}`);
      return {route, total: measured.total};
    };
    const jsRoutes = {
      ours: firstLoad('ours', BUDGETED_DOCS_PAGE),
      stockOnePage: firstLoad('one-page', STOCK_ONE_PAGE_ROUTE),
    };
    const pages: PageResult[] = PAGES.map((page) => ({
      ...page,
      missing: sites.ours.missing[page.route],
      medians: sites.ours.medians[page.route],
    }));
    const baseline: PageResult = {
      label: 'one docs page',
      route: STOCK_ONE_PAGE_ROUTE,
      medians: sites['one-page'].medians[STOCK_ONE_PAGE_ROUTE],
    };
    const checks = evaluateBudgets({pages, baseline, firstLoadJs: jsRoutes});

    // The checked-in stock numbers the byte budget in `npm test` compares against.
    const docusaurus = await installedVersion('@docusaurus/core');
    const budgetFileNote = await refreshOrCompareBudgetFile(
      path.join(projectDir, BUDGET_FILE),
      {docusaurus, stockOnePage: jsRoutes.stockOnePage},
      options.updateBudget,
    );

    const summary = {
      date: new Date().toISOString().slice(0, 10),
      machine,
      chrome: chromeVersion(chrome),
      lighthouse: await installedVersion('lighthouse'),
      docusaurus,
      runs,
      build,
      stockBuildSeconds: stock.seconds,
      pages,
      baseline,
      firstLoadJs: jsRoutes,
      typeInfoHtml: measureTypeInfoHtml(buildDir, Object.keys(sites.ours.firstLoadJs)),
      checks,
      rawDir: path.relative(projectDir, rawDir),
      notes: budgetFileNote ? [budgetFileNote] : [],
    };
    for (const note of summary.notes) console.log(note);
    // summary.json has every site's measurements, down to each script, for digging.
    const json = `${JSON.stringify({...summary, sites}, null, 2)}\n`;
    const failed = checks.filter((check) => !check.ok);
    await writeReport(
      outDir,
      {'summary.json': json, 'report.md': renderMarkdown(summary)},
      failed.map((check) => `${check.name} on ${check.subject}: ${check.measured} (limit ${check.limit})`),
    );
    process.exitCode = failed.length ? 1 : 0;
  } finally {
    await fs.rm(tempDir, {recursive: true, force: true});
  }
}

await main();
