#!/usr/bin/env node
/**
 * `npm run bench:search`: a report (not a test) on the local search of the built
 * site (`npm run build` first):
 * - the index's size, raw, gzip and brotli: the first file and all its shards;
 * - what the first search costs in the browser: bytes fetched, and the time to
 *   fetch and load the index;
 * - query latency in the browser, measured by the search client itself (User
 *   Timing `docs-search:query`) while every query of tests/search-relevance is
 *   typed into the dialog one key at a time, as a reader would. Target: p95 < 10 ms.
 * Writes reports/search-bench.json too. It lives beside the relevance suites it
 * types (only tests read tests/).
 */
import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {measureIndex} from '../../scripts/audit/scale.ts';
import {CHROMIUM_LAUNCH_OPTIONS} from '../../scripts/lib/chromium.ts';
import {serveOnFreePort} from '../../scripts/serve-build.ts';
import {INDEX_FILE} from '../../src/plugins/search/node.ts';

const BUILD = 'build';
const INDEX = path.join(BUILD, INDEX_FILE);
const TARGET_P95_MS = 10;

if (!existsSync(INDEX)) {
  console.error(
    `No ${INDEX}: run \`npm run build\` first (with no Algolia settings, so the local index is built).`,
  );
  process.exit(1);
}

const index = JSON.parse(readFileSync(INDEX, 'utf8'));
// The whole index: the first file and every shard (all of them, not what one search fetches).
const whole = await measureIndex(BUILD);
const size = {
  records: index.records.types.length / index.width,
  pages: index.pages.length,
  files: whole.files.length,
  rawBytes: whole.raw,
  gzipBytes: whole.gzip,
  brotliBytes: whole.brotli,
};

const queries: string[] = readdirSync('tests/search-relevance')
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) =>
    JSON.parse(readFileSync(path.join('tests/search-relevance', file), 'utf8')).map(
      (entry: {query: string}) => entry.query,
    ),
  );

const {server, origin: site} = await serveOnFreePort(BUILD);
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);

try {
  // No service worker: the index files it hands over report no transfer size.
  const page = await (await browser.newContext({serviceWorkers: 'block'})).newPage();
  const transferred = new Map<string, number>();
  page.on('requestfinished', async (request) => {
    const sizes = await request.sizes().catch(() => undefined);
    if (sizes) transferred.set(request.url(), sizes.responseBodySize + sizes.responseHeadersSize);
  });
  await page.goto(`${site}/`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  await page.waitForLoadState('networkidle');
  const before = new Set(transferred.keys());

  await page.locator('.DocSearch-Button').click();
  const input = page.locator('.DocSearch-Input');
  await input.waitFor();
  await input.fill('stream');
  await page.locator('.DocSearch-Hit').first().waitFor();
  await page.waitForLoadState('networkidle');
  const firstSearch = [...transferred].filter(([url]) => !before.has(url));
  const load = await page.evaluate(() =>
    performance.getEntriesByName('docs-search:load').map((entry) => entry.duration),
  );

  await page.evaluate(() => performance.clearMeasures('docs-search:query'));
  for (const query of queries) {
    await input.fill('');
    await page.keyboard.type(query);
    await page.locator('.DocSearch-Hit, .DocSearch-NoResults').first().waitFor();
  }
  const durations = await page.evaluate(() =>
    performance.getEntriesByName('docs-search:query').map((entry) => entry.duration),
  );
  durations.sort((a, b) => a - b);
  const pct = (p: number) => durations[Math.min(durations.length - 1, Math.floor(p * durations.length))];
  const latency = {
    searches: durations.length,
    p50Ms: pct(0.5),
    p95Ms: pct(0.95),
    p99Ms: pct(0.99),
    maxMs: durations[durations.length - 1],
  };

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(`Local search index (${INDEX}): ${size.records} records from ${size.pages} pages`);
  console.log(
    `  ${size.files} files (first file and shards): raw ${kb(size.rawBytes)}, gzip ${kb(size.gzipBytes)}, brotli ${kb(size.brotliBytes)}`,
  );
  console.log(
    `First search (not at page load): ${firstSearch.length} requests, ${kb(firstSearch.reduce((sum, [, bytes]) => sum + bytes, 0))} transferred`,
  );
  for (const [url, bytes] of firstSearch)
    console.log(`  ${kb(bytes).padStart(10)}  ${url.replace(site, '')}`);
  console.log(`  index fetched and ready in ${load.map(ms).join(', ')}`);
  console.log(
    `Query latency in ${browser.browserType().name()} ${browser.version()}, ${latency.searches} searches (${queries.length} queries typed key by key):`,
  );
  console.log(
    `  p50 ${ms(latency.p50Ms)}, p95 ${ms(latency.p95Ms)}, p99 ${ms(latency.p99Ms)}, max ${ms(latency.maxMs)}`,
  );
  console.log(`  target p95 < ${TARGET_P95_MS} ms: ${latency.p95Ms < TARGET_P95_MS ? 'met' : 'NOT met'}`);

  mkdirSync('reports', {recursive: true});
  writeFileSync(
    'reports/search-bench.json',
    `${JSON.stringify({date: new Date().toISOString(), browser: browser.version(), size, firstSearch: {requests: firstSearch, loadMs: load}, latency, targetP95Ms: TARGET_P95_MS}, null, 2)}\n`,
  );
  console.log('Written to reports/search-bench.json');
} finally {
  await browser.close();
  server.close();
}
