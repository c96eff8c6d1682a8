/**
 * The clean form of a path that names a page's HTML file: `/a/b.html` and
 * `/a/b/index.html` become `/a/b`; `/index.html` becomes `/`. Other paths are
 * returned unchanged.
 */
export function cleanPath(pathname: string): string {
  if (pathname.endsWith('/index.html')) {
    const stripped = pathname.slice(0, -'/index.html'.length);
    return stripped === '' ? '/' : stripped;
  }
  if (pathname.endsWith('.html')) return pathname.slice(0, -'.html'.length) || '/';
  return pathname;
}
