import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {build} from 'esbuild';
import {describe, expect, it} from 'vitest';
import {ENGINE_ERROR, INDEX_FILE_ERROR} from '../../src/plugins/search/codeMarkers.ts';
import {
  findSearchChunks,
  isSearchRequest,
  searchMarkerIn,
  SEARCH_CODE_MARKERS,
} from '../support/search-code.ts';

describe('search code markers', () => {
  it.each([
    ['algoliasearch lite client', 'node_modules/algoliasearch/dist/lite/builds/browser.min.js'],
    ['DocSearch (button and modal bundle)', 'node_modules/@docsearch/react/dist/esm/index.js'],
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

  it("recognise the site's own engine and index loader in minified chunks, and no other chunk of the search client", async () => {
    // The local client loads the engine, the index loader and the Algolia adapter
    // with import() on the first search; split the same way, minified.
    const {outputFiles} = await build({
      entryPoints: ['src/plugins/search/client/searchClient.ts'],
      bundle: true,
      splitting: true,
      minify: true,
      format: 'esm',
      outdir: 'out',
      write: false,
      // Docusaurus's modules (the plugin's global data), which the site's bundler provides.
      external: ['@generated/*', '@docusaurus/*'],
      logLevel: 'silent',
    });
    const chunks = outputFiles.filter((file) => file.path.endsWith('.js'));
    const entry = chunks.find((file) => file.path.endsWith('/searchClient.js'))!;
    expect(searchMarkerIn(entry.text), 'the client loaded with the dialog').toBeUndefined();
    const found = chunks.filter((file) => file !== entry).map((file) => searchMarkerIn(file.text));
    expect(found).toContain(ENGINE_ERROR);
    expect(found.filter((marker) => marker === undefined)).toEqual([]);
    const all = chunks.map((file) => file.text).join('\n');
    expect(all).toContain(INDEX_FILE_ERROR);
  });

  it('do not fire on the search button, which every page loads', async () => {
    const {outputFiles} = await build({
      entryPoints: ['src/plugins/search/client/button.tsx'],
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      external: ['react', '@docsearch/react/*', '@generated/*', '@docusaurus/*'],
      logLevel: 'silent',
    });
    expect(searchMarkerIn(outputFiles[0].text)).toBeUndefined();
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
    'throw new Error("docs-search engine: needs one field weight per searchable attribute")',
  );

  it('finds chunks holding search code by content, whatever their name', async () => {
    const chunks = await findSearchChunks(build);
    expect([...chunks]).toEqual([['assets/js/42.2222.js', ENGINE_ERROR]]);
  });

  it('recognises search chunks and indexes by URL', async () => {
    const chunks = await findSearchChunks(build);
    expect(isSearchRequest('http://127.0.0.1/assets/js/42.2222.js', chunks)).toBe(true);
    expect(isSearchRequest('http://127.0.0.1/assets/js/main.1111.js', chunks)).toBe(false);
    expect(isSearchRequest('http://127.0.0.1/search-index.json', chunks)).toBe(true);
    expect(isSearchRequest('http://127.0.0.1/search-index/0a1b2c3d4e5f/t3.json', chunks)).toBe(true);
    expect(isSearchRequest('http://127.0.0.1/assets/search_index.abc.json', chunks)).toBe(true);
    expect(isSearchRequest('https://abc-dsn.algolia.net/1/indexes/*/queries', chunks)).toBe(true);
    expect(isSearchRequest('http://127.0.0.1/search', chunks)).toBe(false);
    expect(
      isSearchRequest('http://127.0.0.1/usage/sdk/api/interfaces/SearchStreamsPermissionFilter', chunks),
    ).toBe(false);
  });
});
