import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  findSearchChunks,
  isSearchRequest,
  searchMarkerIn,
  SEARCH_CODE_MARKERS,
} from '../../scripts/lib/search-code.mjs';

describe('search code markers', () => {
  it.each([
    ['algoliasearch lite client', 'node_modules/algoliasearch/dist/lite/builds/browser.min.js'],
    ['DocSearch (button and modal bundle)', 'node_modules/@docsearch/react/dist/esm/index.js'],
    ['MiniSearch', 'node_modules/minisearch/dist/es/index.js'],
  ])('recognise the real %s', (_name, file) => {
    expect(searchMarkerIn(readFileSync(file, 'utf8'))).toBeDefined();
  });

  it('do not fire on the rest of a Docusaurus bundle', () => {
    for (const file of [
      'node_modules/@docusaurus/core/lib/client/clientEntry.js',
      'node_modules/@docusaurus/theme-classic/lib/theme/Navbar/Content/index.js',
      'node_modules/react-dom/cjs/react-dom-client.production.js',
    ]) {
      expect(searchMarkerIn(readFileSync(file, 'utf8')), file).toBeUndefined();
    }
  });

  it('are all plain strings', () => {
    expect(SEARCH_CODE_MARKERS.every((marker) => marker.length > 5)).toBe(true);
  });
});

describe('findSearchChunks and isSearchRequest', () => {
  const build = mkdtempSync(path.join(tmpdir(), 'search-code-'));
  mkdirSync(path.join(build, 'assets', 'js'), {recursive: true});
  writeFileSync(path.join(build, 'assets', 'js', 'main.1111.js'), 'console.log("app")');
  writeFileSync(
    path.join(build, 'assets', 'js', '42.2222.js'),
    'throw new Error("MiniSearch: document does not have ID")',
  );

  it('finds chunks holding search code by content, whatever their name', async () => {
    const chunks = await findSearchChunks(build);
    expect([...chunks]).toEqual([['assets/js/42.2222.js', 'MiniSearch: ']]);
  });

  it('recognises search chunks and indexes by URL', async () => {
    const chunks = await findSearchChunks(build);
    expect(isSearchRequest('http://127.0.0.1/assets/js/42.2222.js', chunks)).toBe(true);
    expect(isSearchRequest('http://127.0.0.1/assets/js/main.1111.js', chunks)).toBe(false);
    expect(isSearchRequest('http://127.0.0.1/search-index.json', chunks)).toBe(true);
    expect(isSearchRequest('http://127.0.0.1/assets/search_index.abc.json', chunks)).toBe(true);
    expect(isSearchRequest('https://abc-dsn.algolia.net/1/indexes/*/queries', chunks)).toBe(true);
    expect(isSearchRequest('http://127.0.0.1/search', chunks)).toBe(false);
    expect(
      isSearchRequest('http://127.0.0.1/usage/sdk/api/interfaces/SearchStreamsPermissionFilter', chunks),
    ).toBe(false);
  });
});
