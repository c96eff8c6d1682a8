/**
 * Builds the MCP server package from the site's build (run `npm run build` first): the server, its
 * SDK and the site's search engine bundled into dist/server.js (Node runs no TypeScript under
 * node_modules), and the docs it serves in dist/docs.json (../README.md).
 *
 *   node packages/docs-mcp/scripts/build.ts [site build folder, default build]
 */
import {existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';
import {baseUrl, siteUrl} from '../../../config/site.ts';
import {
  builtMarkdownFiles,
  htmlFileOf,
  markdownFileOf,
  routeOfMarkdownFile,
} from '../../../src/build-output/index.ts';
import {INDEX_FILE, readBuildIndex} from '../../../src/plugins/search/node.ts';
import type {ApiSymbol} from '../src/api-symbols.ts';
import {htmlHeadingIds, symbolsOfPage} from './api-symbols.ts';
import type {Page} from '../src/pages.ts';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const siteBuild = path.resolve(process.argv[2] ?? 'build');
const dist = path.join(packageDir, 'dist');
/** Where TypeDoc's reference is published on the site. */
const API_PATH = '/usage/sdk/api';

if (!existsSync(path.join(siteBuild, INDEX_FILE)) || !existsSync(path.join(siteBuild, markdownFileOf('/'))))
  throw new Error(
    `${siteBuild} holds no site build with Markdown twins and search index: run npm run build first`,
  );

// Paths without the base URL (the server adds it to the addresses it gives).
const pages: Page[] = builtMarkdownFiles(siteBuild)
  .map((file) => ({
    path: routeOfMarkdownFile(file),
    markdown: readFileSync(path.join(siteBuild, file), 'utf8'),
  }))
  .sort((a, b) => a.path.localeCompare(b.path));

const symbols: ApiSymbol[] = pages
  .filter((page) => page.path === API_PATH || page.path.startsWith(`${API_PATH}/`))
  .flatMap((page) =>
    symbolsOfPage(
      page.path,
      page.markdown,
      htmlHeadingIds(readFileSync(path.join(siteBuild, htmlFileOf(page.path)), 'utf8')),
    ),
  );
if (!symbols.some((symbol) => symbol.name === 'StreamrClient'))
  throw new Error(`no StreamrClient in ${siteBuild}${API_PATH}: is the API reference built?`);

const {version} = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
  version: string;
};
rmSync(dist, {recursive: true, force: true});
mkdirSync(dist, {recursive: true});
writeFileSync(
  path.join(dist, 'docs.json'),
  JSON.stringify({
    version,
    siteUrl,
    baseUrl,
    pages,
    symbols,
    // The server searches everything from the start: the site's split index, joined into one.
    searchIndex: readBuildIndex(siteBuild),
  }),
);

await build({
  entryPoints: [path.join(packageDir, 'src/main.ts')],
  outfile: path.join(dist, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'linked',
  // Bundled CommonJS dependencies call require(); an ES module has none of its own.
  banner: {
    js: "#!/usr/bin/env node\nimport {createRequire} from 'node:module';const require=createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

const size = (file: string) => `${(statSync(path.join(dist, file)).size / 1024).toFixed(0)} KB`;
console.log(
  `[docs-mcp] ${pages.length} pages, ${symbols.length} API symbols: dist/server.js ${size('server.js')}, dist/docs.json ${size('docs.json')}`,
);
