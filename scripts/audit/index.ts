#!/usr/bin/env node
// @ts-check
/**
 * `npm run audit`: performance and accessibility budgets, measured the way a
 * real host serves the site.
 *
 * 1. Builds the site cold (no persistent bundler cache) and counts its pages.
 * 2. Generates and builds two stock Docusaurus classic sites in a temp folder
 *    (scripts/lib/stock-site.mjs): the one-page baseline the budgets are set
 *    against, and one with this site's content, reported beside our pages to
 *    tell the cost of the content from the cost of our code.
 * 3. Serves every build like a static host (scripts/serve-build.mjs: brotli/gzip,
 *    cache headers, clean URLs).
 * 4. Measures first-load JavaScript of a docs page deterministically, and runs
 *    Lighthouse (mobile, simulated throttling) several times on our key pages and
 *    on the stock pages, interleaved so all see the same machine noise.
 * 5. Writes reports/audit/report.md and summary.json, keeps the raw Lighthouse
 *    reports in reports/audit/lighthouse/, and exits 1 if a budget fails.
 *
 * Usage: node scripts/audit.mjs [--runs 3] [--skip-build] [--out reports/audit] [--update-budget]
 *   --skip-build     measure the existing build/ (the report then has no build time)
 *   --update-budget  rewrite config/first-load-js-budget.json from this run's stock measurements
 */
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, promises as fs} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromium} from '@playwright/test';
import {aggregateRuns, evaluateBudgets, renderMarkdown, summarizeLhr, BUDGETS} from './lib/audit-report.mjs';
import {measureFirstLoadJs} from './lib/first-load-js.mjs';
import {
  readBudgetFile,
  writeBudgetFile,
  BUDGET_FILE,
  BUDGETED_DOCS_PAGE,
} from './lib/first-load-js-budget.mjs';
import {STOCK_DOCS_PAGE, writeStockSite} from './lib/stock-site.mjs';
import {createStaticServer} from './serve-build.mjs';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Pages Lighthouse audits. A missing page fails the audit, unless it has an
 * `optional` reason: then the report lists it as not measured. Remove the reason
 * once the page is part of every build.
 */
const PAGES = [
  {label: 'home', route: '/'},
  {label: 'guide', route: '/guides/nodejs'},
  {label: 'API class', route: '/usage/sdk/api/classes/StreamrClient'},
  {label: 'search', route: '/search'},
];

/** @param {string[]} argv */
function parseArgs(argv) {
  const args = {runs: 3, skipBuild: false, out: 'reports/audit', updateBudget: false};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--skip-build') args.skipBuild = true;
    else if (arg === '--update-budget') args.updateBudget = true;
    else if (arg === '--runs') args.runs = Number(argv[++i]);
    else if (arg === '--out') args.out = argv[++i];
    else throw new Error(`Unknown argument ${arg}`);
  }
  if (!Number.isInteger(args.runs) || args.runs < BUDGETS.minRuns) {
    throw new Error(
      `--runs must be at least ${BUDGETS.minRuns}: budgets are judged on medians of ${BUDGETS.minRuns} or more runs`,
    );
  }
  return args;
}

/** Chromium for Lighthouse and Playwright: CHROME_PATH, the system's, or Playwright's own. */
function findChrome() {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    chromium.executablePath(),
  ];
  const found = candidates.find((file) => file && existsSync(file));
  if (!found)
    throw new Error(
      'No Chromium found: set CHROME_PATH, install chromium, or run `npx playwright install chromium`.',
    );
  return found;
}

const runningAsRoot = process.getuid?.() === 0;
const CHROME_FLAGS = [
  '--headless=new',
  ...(runningAsRoot ? ['--no-sandbox'] : []),
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Runs a command, its output into a log file; resolves with the seconds it took.
 * @param {string} command
 * @param {string[]} args
 * @param {{cwd: string, log: string, env?: NodeJS.ProcessEnv}} options
 */
async function timed(command, args, {cwd, log, env}) {
  const started = performance.now();
  const logFile = await fs.open(log, 'w');
  const child = spawn(command, args, {
    cwd,
    env: {...process.env, ...env},
    stdio: ['ignore', logFile.fd, logFile.fd],
  });
  const code = await new Promise((resolve) => child.on('close', resolve));
  await logFile.close();
  if (code !== 0) {
    const tail = (await fs.readFile(log, 'utf8')).split('\n').slice(-30).join('\n');
    throw new Error(
      `${command} ${args.join(' ')} failed (exit ${code}) in ${cwd}:\n${tail}\nFull log: ${log}`,
    );
  }
  return (performance.now() - started) / 1000;
}

/**
 * HTML pages of a build (not counting 404.html) and URLs in its sitemap.
 * @param {string} buildDir
 */
async function countPages(buildDir) {
  let pages = 0;
  for (const entry of await fs.readdir(buildDir, {recursive: true, withFileTypes: true})) {
    if (
      entry.isFile() &&
      entry.name.endsWith('.html') &&
      !(entry.parentPath === buildDir && entry.name === '404.html')
    )
      pages++;
  }
  const sitemap = await fs.readFile(path.join(buildDir, 'sitemap.xml'), 'utf8');
  return {pages, sitemapUrls: (sitemap.match(/<loc>/g) ?? []).length};
}

/**
 * Serves a build on a free port (other audits or test servers may be running).
 * @param {string} root
 * @returns {Promise<{server: import('node:http').Server, origin: string}>}
 */
function serve(root) {
  return new Promise((resolve, reject) => {
    const server = createStaticServer({root});
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      });
    });
  });
}

/**
 * One Lighthouse run, in its own Chrome; keeps the JSON and HTML reports.
 * @param {{url: string, chrome: string, outBase: string}} options
 * @returns {Promise<import('./lib/audit-report.mjs').Lhr>}
 */
async function lighthouse({url, chrome, outBase}) {
  const cli = path.join(projectDir, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const args = [
    cli,
    url,
    '--quiet',
    '--form-factor=mobile',
    '--throttling-method=simulate',
    '--only-categories=performance,accessibility,best-practices,seo',
    '--output=json',
    '--output=html',
    `--output-path=${outBase}`,
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
  ];
  // Asynchronous: the static servers live in this process and must keep answering.
  const child = spawn(process.execPath, args, {
    env: {...process.env, CHROME_PATH: chrome},
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`Lighthouse failed on ${url} (exit ${code}):\n${stderr}`);
  return JSON.parse(await fs.readFile(`${outBase}.report.json`, 'utf8'));
}

/** @param {string} route */
function slug(route) {
  return route === '/' ? 'home' : route.replace(/^\//, '').replace(/[^a-zA-Z0-9]+/g, '-');
}

/** @param {string} chrome */
function chromeVersion(chrome) {
  const result = spawnSync(chrome, ['--version'], {encoding: 'utf8'});
  return result.stdout.trim() || path.basename(chrome);
}

function machine() {
  const cpus = os.cpus();
  return (
    `${os.hostname()}: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}, ` +
    `load average ${os.loadavg()[0].toFixed(1)} at start`
  );
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const outDir = path.resolve(projectDir, args.out);
  const rawDir = path.join(outDir, 'lighthouse');
  await fs.rm(outDir, {recursive: true, force: true});
  await fs.mkdir(rawDir, {recursive: true});
  const chrome = findChrome();
  const machineDescription = machine();
  const buildDir = path.join(projectDir, 'build');
  const noCache = {DOCUSAURUS_NO_PERSISTENT_CACHE: 'true'};

  /** @type {number | undefined} */
  let buildSeconds;
  if (!args.skipBuild) {
    console.log('Building the site cold...');
    buildSeconds = await timed(process.execPath, ['scripts/build-checked.mjs'], {
      cwd: projectDir,
      log: path.join(outDir, 'build.log'),
      env: noCache,
    });
    console.log(`  ${buildSeconds.toFixed(1)} s`);
  } else if (!existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error('--skip-build, but there is no build: run `npm run build` first.');
  }
  const pageCount = await countPages(buildDir);

  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'docs-audit-'));
  const docusaurusBin = path.join(projectDir, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');
  /** @type {Record<'one-page' | 'same-content', {dir: string, seconds: number}>} */
  const stock = /** @type {never} */ ({});
  for (const kind of /** @type {const} */ (['one-page', 'same-content'])) {
    const dir = path.join(tempDir, kind);
    await writeStockSite(dir, {kind, projectDir});
    console.log(`Building the stock ${kind} site cold...`);
    const seconds = await timed(process.execPath, [docusaurusBin, 'build'], {
      cwd: dir,
      log: path.join(outDir, `stock-${kind}-build.log`),
      env: noCache,
    });
    console.log(`  ${seconds.toFixed(1)} s`);
    stock[kind] = {dir, seconds};
  }

  const served = {
    ours: await serve(buildDir),
    'one-page': await serve(path.join(stock['one-page'].dir, 'build')),
    'same-content': await serve(path.join(stock['same-content'].dir, 'build')),
  };
  /** @param {keyof typeof served} site @param {string} route */
  const urlOf = (site, route) => `${served[site].origin}${route}`;

  try {
    // Which pages exist in this build; a missing page is reported, never measured as something else.
    /** @type {Array<{label: string, route: string, optional?: string, missing?: string}>} */
    const pages = [];
    for (const page of PAGES) {
      const response = await fetch(urlOf('ours', page.route), {redirect: 'manual'});
      pages.push(
        response.status === 200
          ? page
          : {...page, missing: `HTTP ${response.status}: the page is not in this build`},
      );
    }

    // Deterministic first-load JavaScript; also compresses (and caches) what Lighthouse will fetch.
    const browser = await chromium.launch({
      executablePath: chrome,
      args: CHROME_FLAGS.filter((flag) => flag !== '--headless=new'),
    });
    /** @param {string} url @param {string} dir */
    const firstLoad = async (url, dir) => {
      const context = await browser.newContext();
      try {
        return await measureFirstLoadJs(await context.newPage(), url, {buildDir: dir});
      } finally {
        await context.close();
      }
    };
    const firstLoadJs = {
      ours: await firstLoad(urlOf('ours', BUDGETED_DOCS_PAGE), buildDir),
      stockSameContent: await firstLoad(
        urlOf('same-content', STOCK_DOCS_PAGE['same-content']),
        path.join(stock['same-content'].dir, 'build'),
      ),
      stockOnePage: await firstLoad(
        urlOf('one-page', STOCK_DOCS_PAGE['one-page']),
        path.join(stock['one-page'].dir, 'build'),
      ),
    };
    for (const page of pages.filter((p) => !p.missing)) await firstLoad(urlOf('ours', page.route), buildDir);
    await browser.close();
    const jsRoutes = {
      ours: {route: BUDGETED_DOCS_PAGE, total: firstLoadJs.ours.total},
      stockSameContent: {route: STOCK_DOCS_PAGE['same-content'], total: firstLoadJs.stockSameContent.total},
      stockOnePage: {route: STOCK_DOCS_PAGE['one-page'], total: firstLoadJs.stockOnePage.total},
    };

    // The same pages built by stock Docusaurus (the stock site has no search page, for one).
    /** @type {typeof pages} */
    const stockPages = [];
    for (const page of pages.filter((p) => !p.missing)) {
      const response = await fetch(urlOf('same-content', page.route), {redirect: 'manual'});
      if (response.status === 200) stockPages.push(page);
    }

    // Lighthouse, interleaved: run 1 of every page, then run 2 of every page, ...
    const targets = [
      ...pages
        .filter((p) => !p.missing)
        .map((p) => ({key: `ours-${slug(p.route)}`, url: urlOf('ours', p.route)})),
      ...stockPages.map((p) => ({
        key: `stock-same-content-${slug(p.route)}`,
        url: urlOf('same-content', p.route),
      })),
      {key: 'stock-one-page', url: urlOf('one-page', STOCK_DOCS_PAGE['one-page'])},
    ];
    /** @type {Map<string, import('./lib/audit-report.mjs').RunSummary[]>} */
    const runs = new Map(targets.map((t) => [t.key, []]));
    /** @type {string} */
    let lighthouseVersion = '';
    for (let run = 1; run <= args.runs; run++) {
      for (const target of targets) {
        process.stdout.write(`Lighthouse run ${run}/${args.runs}: ${target.url} `);
        const lhr = await lighthouse({
          url: target.url,
          chrome,
          outBase: path.join(rawDir, `${target.key}-run${run}`),
        });
        lighthouseVersion = lhr.lighthouseVersion;
        const summary = summarizeLhr(lhr);
        runs.get(target.key)?.push(summary);
        console.log(`performance ${summary.scores.performance}`);
      }
    }

    /** @type {import('./lib/audit-report.mjs').PageResult[]} */
    const pageResults = pages.map((page) => {
      const pageRuns = runs.get(`ours-${slug(page.route)}`);
      return {
        label: page.label,
        route: page.route,
        site: 'ours',
        optional: page.optional,
        ...(page.missing ? {missing: page.missing} : {medians: aggregateRuns(pageRuns ?? [])}),
      };
    });
    /** @type {import('./lib/audit-report.mjs').PageResult} */
    const baseline = {
      label: 'one docs page',
      route: STOCK_DOCS_PAGE['one-page'],
      site: 'stock',
      medians: aggregateRuns(runs.get('stock-one-page') ?? []),
    };
    /** @type {import('./lib/audit-report.mjs').PageResult[]} */
    const sameContent = stockPages.map((page) => ({
      label: page.label,
      route: page.route,
      site: 'stock',
      medians: aggregateRuns(runs.get(`stock-same-content-${slug(page.route)}`) ?? []),
    }));
    const checks = evaluateBudgets({pages: pageResults, baseline, sameContent, firstLoadJs: jsRoutes});

    // The checked-in stock numbers the byte budget in `npm test` compares against.
    const docusaurusVersion = JSON.parse(
      await fs.readFile(path.join(projectDir, 'node_modules', '@docusaurus', 'core', 'package.json'), 'utf8'),
    ).version;
    const fresh = {
      docusaurus: docusaurusVersion,
      stockSameContent: jsRoutes.stockSameContent,
      stockOnePage: jsRoutes.stockOnePage,
    };
    /** @type {string | undefined} */
    let budgetFileNote;
    if (args.updateBudget) {
      await writeBudgetFile(path.join(projectDir, BUDGET_FILE), fresh);
      console.log(`Updated ${BUDGET_FILE}.`);
    } else {
      // Content changes move the stock numbers a little; say so, without failing the audit for it.
      const stored = await readBudgetFile(path.join(projectDir, BUDGET_FILE)).catch(() => undefined);
      const storedBytes = stored?.stockOnePage.total.brotli;
      if (storedBytes !== fresh.stockOnePage.total.brotli || stored?.docusaurus !== docusaurusVersion) {
        budgetFileNote =
          `${BUDGET_FILE} (used by \`npm test\`) holds ${storedBytes ?? 'nothing'} B for the one-page baseline ` +
          `(Docusaurus ${stored?.docusaurus ?? '?'}); this run measured ${fresh.stockOnePage.total.brotli} B ` +
          `(Docusaurus ${docusaurusVersion}). Refresh it with \`npm run audit -- --update-budget\`.`;
      }
    }

    /** @type {import('./lib/audit-report.mjs').AuditSummary} */
    const summary = {
      date: new Date().toISOString().slice(0, 10),
      machine: machineDescription,
      chrome: chromeVersion(chrome),
      lighthouse: lighthouseVersion,
      docusaurus: docusaurusVersion,
      runs: args.runs,
      build: {seconds: buildSeconds, ...pageCount},
      stockBuild: {
        onePageSeconds: stock['one-page'].seconds,
        sameContentSeconds: stock['same-content'].seconds,
      },
      pages: pageResults,
      baseline,
      sameContent,
      firstLoadJs: jsRoutes,
      checks,
      rawDir: path.relative(projectDir, rawDir),
      notes: budgetFileNote ? [budgetFileNote] : [],
    };
    await fs.writeFile(
      path.join(outDir, 'summary.json'),
      `${JSON.stringify({...summary, firstLoadJsDetail: firstLoadJs}, null, 2)}\n`,
    );
    await fs.writeFile(path.join(outDir, 'report.md'), renderMarkdown(summary));
    const failed = checks.filter((check) => check.ok === false);
    console.log(`\nReport: ${path.relative(projectDir, path.join(outDir, 'report.md'))}`);
    if (budgetFileNote) console.log(budgetFileNote);
    for (const check of failed)
      console.log(`✘ ${check.name} on ${check.subject}: ${check.measured} (limit ${check.limit})`);
    console.log(failed.length ? `${failed.length} budget(s) failed` : 'Every budget holds.');
    process.exitCode = failed.length ? 1 : 0;
  } finally {
    for (const {server} of Object.values(served)) server.close();
    await fs.rm(tempDir, {recursive: true, force: true});
  }
}

await main();
