// @ts-check
/**
 * Recognises search code and search indexes, so a browser test can assert
 * that none of it loads before the visitor opens search.
 *
 * Chunk file names are content hashes (`assets/js/1234.abcd1234.js`), so a URL
 * alone cannot say what a chunk holds: chunks are recognised by strings that
 * only the search libraries contain. Each marker is checked against the real
 * library in node_modules by tests/unit/search-code.test.ts.
 */
import {promises as fs} from 'node:fs';
import path from 'node:path';

/** Strings found in search libraries' code, and nowhere else in a Docusaurus bundle. */
export const SEARCH_CODE_MARKERS = [
  // Algolia's clients (algoliasearch, and the lite client DocSearch bundles).
  'x-algolia-api-key',
  // DocSearch's modal (the button alone renders only `DocSearch-Button*`).
  'DocSearch-Modal',
  // MiniSearch's error messages.
  'MiniSearch: ',
];

/** Request URLs of search indexes or search libraries loaded by name. */
export const SEARCH_REQUEST_PATTERN =
  /search[-_.]?index|searchindex|\.idx(\?|$)|minisearch|lunr|docsearch|algolia|flexsearch|pagefind|orama/i;

/**
 * @param {string} text
 * @returns {string | undefined} the marker found
 */
export function searchMarkerIn(text) {
  return SEARCH_CODE_MARKERS.find((marker) => text.includes(marker));
}

/**
 * JavaScript files of a build that hold search code, relative to the build
 * folder with forward slashes (e.g. `assets/js/1234.abcd1234.js`).
 * @param {string} buildDir
 * @returns {Promise<Map<string, string>>} file → marker found in it
 */
export async function findSearchChunks(buildDir) {
  /** @type {Map<string, string>} */
  const found = new Map();
  const jsDir = path.join(buildDir, 'assets', 'js');
  for (const name of await fs.readdir(jsDir)) {
    if (!name.endsWith('.js')) continue;
    const marker = searchMarkerIn(await fs.readFile(path.join(jsDir, name), 'utf8'));
    if (marker) found.set(`assets/js/${name}`, marker);
  }
  return found;
}

/**
 * Whether a request is for search code or a search index.
 * @param {string} url
 * @param {Map<string, string>} searchChunks from findSearchChunks
 */
export function isSearchRequest(url, searchChunks) {
  const {hostname, pathname} = new URL(url);
  return (
    SEARCH_REQUEST_PATTERN.test(`${hostname}${pathname}`) ||
    [...searchChunks.keys()].some((file) => pathname.endsWith(`/${file}`))
  );
}
