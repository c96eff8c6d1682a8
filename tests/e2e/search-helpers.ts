import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, type BrowserContext, type Page} from '@playwright/test';
import {encodeIndex, type SplitIndexFile} from '../../src/plugins/search/index-file/codec.ts';
import {decodeIndex} from '../../src/plugins/search/index-file/layout.ts';
import {joinIndex} from '../../src/plugins/search/index-file/shards.ts';
import {recordsFromBlocks, type Block} from '../../src/plugins/search/records/page.ts';
import {withObjectId} from '../../src/plugins/search/records/recordId.ts';

/** Everything outside the site: recorded and refused (the site must search offline). */
export async function blockForeignRequests(context: BrowserContext): Promise<string[]> {
  const attempted: string[] = [];
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol),
    (route) => {
      attempted.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  return attempted;
}

export function searchDialog(page: Page) {
  return {
    modal: page.locator('.DocSearch-Modal'),
    input: page.locator('.DocSearch-Input'),
    dropdown: page.locator('.DocSearch-Dropdown'),
    hits: page.locator('.DocSearch-Hit'),
    groups: page.locator('.DocSearch-Hit-source'),
  };
}

/** The search button and shortcuts work once React has hydrated the page. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
}

export async function openSearch(page: Page): Promise<void> {
  await hydrated(page);
  await page.locator('.DocSearch-Button').click();
  // The first opening fetches the dialog's code.
  await expect(searchDialog(page).input).toBeFocused({timeout: 20_000});
}

/** Types a query and waits until the dialog shows its answer (hits, no results, or an error). */
export async function searchFor(page: Page, query: string): Promise<void> {
  const {input, dropdown} = searchDialog(page);
  await input.fill(query);
  await expect(
    dropdown.locator('.DocSearch-Hits, .DocSearch-NoResults, .docs-search-error').first(),
  ).toBeVisible();
  await expect(page.locator('.DocSearch-Container--Stalled')).toHaveCount(0);
}

type ExtraPage = {path: string; lvl0?: string; facets?: Record<string, string>; blocks: Block[]};

/** The built site's whole local index (first file and shards joined), as Node readers see it. */
export function builtIndex(buildDir = 'build') {
  const read = (name: string) => JSON.parse(readFileSync(path.join(buildDir, name), 'utf8')) as unknown;
  return joinIndex(read('search-index.json') as SplitIndexFile, read);
}

/**
 * Serves the real local index with extra pages of records appended, e.g. one
 * whose text is markup or whose facets the contextual search must filter out.
 * It is served whole (one file, no shards), which the browser's loader also reads.
 */
export async function addPagesToIndex(page: Page, extra: ExtraPage[]): Promise<void> {
  await page.route('**/search-index.json', async (route) => {
    const response = await route.fetch();
    const file = builtIndex();
    const records = decodeIndex(file).map(withObjectId);
    for (const {path, lvl0, facets, blocks} of extra) {
      records.push(
        ...recordsFromBlocks(
          {
            url: `https://docs.streamr.network${path}`,
            lvl0: lvl0 ?? 'Test section',
            pageRank: 1,
            facets: facets ?? {language: 'en', docusaurus_tag: 'docs-default-current', version: 'current'},
          },
          blocks,
        ),
      );
    }
    await route.fulfill({response, json: encodeIndex(records, file.settings, file.synonyms)});
  });
}
