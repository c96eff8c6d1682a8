/**
 * Where each page lives in the build output, for everything that writes or reads
 * files next to the pages. Docusaurus's rule for `trailingSlash: false`
 * (`pathnameToFilename` in @docusaurus/core, not exported): `/a/b` → `a/b.html`,
 * `/a/` → `a/index.html`. Routes carry the base URL; files are relative to the build
 * folder, with `/` separators. No imports: the browser shares it ("Copy page").
 */

/** The 404 page of the build: static hosts serve it for unknown paths, it is no route of its own. */
export const NOT_FOUND_FILE = '404.html';

/** A route without the base URL, with its leading slash: `/docs/a/b` → `/a/b`, `/docs/` → `/`. */
function localRoute(route: string, baseUrl: string): string {
  if (route.startsWith(baseUrl)) return `/${route.slice(baseUrl.length)}`;
  // The base URL without its trailing slash names the home page too.
  if (`${route}/` === baseUrl) return '/';
  return route.startsWith('/') ? route : `/${route}`;
}

/**
 * The name a page's own files share, without extension: `/a/b` → `a/b`, the home page → `index`.
 * Browser spellings of a page work too: `/a/b.html`, `/a/b/` and `/a/b/index.html` all give `a/b`.
 */
export function pageStem(route: string, baseUrl = '/'): string {
  const local = localRoute(route, baseUrl)
    .replace(/\/index\.html$/, '/')
    .replace(/\.html$/, '')
    .replace(/^\/+|\/+$/g, '');
  return local || 'index';
}

/** The built HTML file of a route: `/a/b` → `a/b.html`, `/a/` → `a/index.html`, `/` → `index.html`. */
export function htmlFileOf(route: string, baseUrl = '/'): string {
  const local = localRoute(route, baseUrl).replace(/^\/+/, '');
  if (/\.html?$/i.test(local)) return local;
  return local === '' || local.endsWith('/') ? `${local}index.html` : `${local}.html`;
}

/**
 * The URL path a built HTML file is served at, as a browser resolves the page's relative
 * links: `a/b.html` at `/a/b`, `a/index.html` at `/a/`, `index.html` at `/` (base URL in front).
 */
export function routeOfHtmlFile(file: string, baseUrl = '/'): string {
  if (!file.endsWith('.html')) throw new Error(`${file} is no built HTML page (no .html)`);
  const local = file.endsWith('index.html')
    ? file.slice(0, -'index.html'.length)
    : file.slice(0, -'.html'.length);
  return `${baseUrl}${local}`;
}

/** The Markdown twin of a page (llms-txt plugin): `/a/b` → `a/b.md`, the home page → `index.md`. */
export function markdownFileOf(route: string, baseUrl = '/'): string {
  return `${pageStem(route, baseUrl)}.md`;
}

/** The twin's URL path, base URL included: `/a/b` → `/a/b.md`, `/docs/` → `/docs/index.md`. */
export function markdownPathFor(route: string, baseUrl = '/'): string {
  return `${baseUrl}${markdownFileOf(route, baseUrl)}`;
}

/** The page a Markdown twin belongs to, without trailing slash: `a/b.md` → `/a/b`, `index.md` → `/` (base URL in front). */
export function routeOfMarkdownFile(file: string, baseUrl = '/'): string {
  if (!file.endsWith('.md')) throw new Error(`${file} is no Markdown twin (no .md)`);
  const stem = file.slice(0, -'.md'.length);
  return stem === 'index' ? baseUrl : `${baseUrl}${stem}`;
}
