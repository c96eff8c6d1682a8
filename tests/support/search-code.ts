/**
 * Recognises search code and search indexes, so a browser test can assert
 * that none of it loads before the visitor opens search.
 *
 * Chunk file names are content hashes (`assets/js/1234.abcd1234.js`), so a URL
 * alone cannot say what a chunk holds: chunks are recognised by strings that
 * only search code contains. tests/unit/search-code.test.ts checks each marker
 * against the real code: the site's own engine and index loader (their error
 * messages start with these markers, and minifiers keep string literals),
 * DocSearch's modal and Algolia's client in node_modules.
 */
import {promises as fs} from 'node:fs';
import path from 'node:path';
import {ENGINE_ERROR, INDEX_FILE_ERROR} from '../../src/plugins/search/codeMarkers.ts';

/** Strings found in search code, and nowhere else in a Docusaurus bundle. */
export const SEARCH_CODE_MARKERS: readonly string[] = [
  // The site's own engine (src/plugins/search/engine) and index loader (index-file/).
  ENGINE_ERROR,
  INDEX_FILE_ERROR,
  // Algolia's clients (algoliasearch, and the lite client DocSearch bundles).
  'x-algolia-api-key',
  // DocSearch's modal (the button alone renders only `DocSearch-Button*`).
  'DocSearch-Modal',
];

/** Request URLs of search indexes or search libraries loaded by name. */
const SEARCH_REQUEST_PATTERN =
  /search[-_.]?index|searchindex|\.idx(\?|$)|minisearch|lunr|docsearch|algolia|flexsearch|pagefind|orama/i;

/** The marker found in a chunk's text, if any. */
export function searchMarkerIn(text: string): string | undefined {
  return SEARCH_CODE_MARKERS.find((marker) => text.includes(marker));
}

/**
 * JavaScript files of a build that hold search code, relative to the build
 * folder with forward slashes (e.g. `assets/js/1234.abcd1234.js`), each with the marker found in it.
 */
export async function findSearchChunks(buildDir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const jsDir = path.join(buildDir, 'assets', 'js');
  for (const name of await fs.readdir(jsDir)) {
    if (!name.endsWith('.js')) continue;
    const marker = searchMarkerIn(await fs.readFile(path.join(jsDir, name), 'utf8'));
    if (marker) found.set(`assets/js/${name}`, marker);
  }
  return found;
}

/** Whether a request is for search code or a search index (`searchChunks` from findSearchChunks). */
export function isSearchRequest(url: string, searchChunks: Map<string, string>): boolean {
  const {hostname, pathname} = new URL(url);
  return (
    SEARCH_REQUEST_PATTERN.test(`${hostname}${pathname}`) ||
    [...searchChunks.keys()].some((file) => pathname.endsWith(`/${file}`))
  );
}
