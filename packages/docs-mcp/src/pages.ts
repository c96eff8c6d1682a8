/**
 * The site's pages as the server holds them: one Markdown twin per page,
 * looked up by any spelling of its address.
 */
import {markdownPathFor} from '../../../src/build-output/index.ts';
import {editDistance} from '../../../src/utils/edit-distance.ts';

export type Page = {
  /** Site path without base URL, extension or trailing slash; the home page is `/`. */
  path: string;
  markdown: string;
};

export type SiteAddress = {
  /** Origin the site is served from, e.g. `https://docs.streamr.network`. */
  siteUrl: string;
  /** Path the site is served under; starts and ends with a slash. */
  baseUrl: string;
};

/** The page's public URL (HTML) and its Markdown twin's URL. */
export function pageUrls(address: SiteAddress, path: string): {url: string; markdownUrl: string} {
  const origin = address.siteUrl.replace(/\/+$/, '');
  const root = `${origin}${address.baseUrl.replace(/\/+$/, '')}`;
  return {
    url: path === '/' ? `${root}/` : `${root}${path}`,
    markdownUrl: `${origin}${markdownPathFor(`${address.baseUrl}${path.replace(/^\//, '')}`, address.baseUrl)}`,
  };
}

/**
 * `https://…/guides/nodejs`, `/guides/nodejs.md`, `guides/nodejs/`,
 * `/guides/nodejs.html#anchor` → `/guides/nodejs`; the home page in any
 * spelling (`/`, `index.md`, the bare origin) → `/`. Any origin is accepted, so
 * that addresses of a preview deployment work too.
 */
export function normalizePagePath(input: string, baseUrl: string): string {
  let path = input.trim();
  if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
  path = path.replace(/[?#].*$/, '');
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape is looked up as written; the lookup then reports it as unknown.
  }
  if (!path.startsWith('/')) path = `/${path}`;
  const base = baseUrl.replace(/\/+$/, '');
  if (base && (path === base || path.startsWith(`${base}/`))) path = path.slice(base.length) || '/';
  path = path
    .replace(/\/index\.(html|md)$/i, '/')
    .replace(/\.(html|md)$/i, '')
    .replace(/\/+$/, '');
  return path === '' || path === '/index' ? '/' : path;
}

/** The `count` known paths nearest to `path` (edit distance), for "did you mean". */
export function closestPaths(path: string, known: string[], count = 3): string[] {
  const lastSegment = path.split('/').pop() ?? '';
  return known
    .map((candidate) => {
      // A page whose last segment contains the asked one is a better guess than any near spelling.
      const sameName = lastSegment.length > 2 && candidate.split('/').pop()!.includes(lastSegment);
      return {candidate, score: editDistance(path, candidate) - (sameName ? 100 : 0)};
    })
    .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map(({candidate}) => candidate);
}
