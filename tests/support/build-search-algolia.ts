#!/usr/bin/env node
/**
 * A second build of the site in Algolia mode, into `build-algolia/` (gitignored),
 * for the browser tests of that mode (tests/e2e/search-algolia.spec.ts): they
 * answer the browser's Algolia requests from a local stand-in of Algolia's API.
 * The admin key is set to a marker the tests look for in the output: it must
 * never get there. Fails on build warnings, like `npm run build`. It lives in
 * tests/ beside the settings it shares with those tests (only tests read tests/).
 */
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';

/** The Algolia settings of the test build (no real application behind them), shared with the tests. */
const ALGOLIA_TEST: {appId: string; searchKey: string; indexName: string; adminKey: string; outDir: string} =
  JSON.parse(readFileSync(new URL('./algolia-test-build.json', import.meta.url), 'utf8'));

{
  const {status} = spawnSync('node', ['scripts/build-checked.ts', '--out-dir', ALGOLIA_TEST.outDir], {
    stdio: 'inherit',
    env: {
      ...process.env,
      ALGOLIA_APP_ID: ALGOLIA_TEST.appId,
      ALGOLIA_SEARCH_API_KEY: ALGOLIA_TEST.searchKey,
      ALGOLIA_INDEX_NAME: ALGOLIA_TEST.indexName,
      ALGOLIA_ADMIN_API_KEY: ALGOLIA_TEST.adminKey,
    },
  });
  process.exit(status ?? 1);
}
