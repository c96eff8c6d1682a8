/**
 * Where the Markdown twin of a page lives. No dependencies: the build (plugin)
 * and the browser ("Copy page" control) share it, so they cannot disagree.
 *
 * `/usage/streams/publishing` → `/usage/streams/publishing.md`; the home page
 * (`/`, or the base URL) → `/index.md`. Browser paths of the same page work too:
 * `x.html`, `x/` and `x/index.html` all give `x.md`.
 */
export function markdownPathFor(pathname: string, baseUrl = '/'): string {
  const base = baseUrl.replace(/\/+$/, '');
  let page = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  page = page.replace(/\/+$/, '');
  if (page === '' || page === base) return `${base}/index.md`;
  return `${page}.md`;
}

/** `https://docs.example.org` + `/a/b` (a path that already holds the base URL). */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}
