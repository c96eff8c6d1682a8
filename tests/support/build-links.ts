/**
 * Every internal link of the built HTML, for checking that each one resolves on the
 * host (tests/e2e/host-links.spec.ts asks the static server, which follows the URL
 * rules of GitHub Pages). Docusaurus checks that links name a route; this checks
 * that the host serves the route at the URL written, without a redirect.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import {builtHtmlFiles, routeOfHtmlFile} from '../../src/build-output/index.ts';

/** Elements whose attribute makes the browser request a URL. */
const URL_ATTRIBUTES = 'a[href], link[href], script[src], img[src], source[src], iframe[src]';

/**
 * The internal URL paths (no query or fragment) one page links to, each once.
 * A link is internal when it has the page's origin or one of `siteOrigins`
 * (absolute links to the deployed site, such as canonical URLs). `pagePath` is
 * the URL path the page is served at.
 */
export function internalLinks(
  html: string,
  pagePath: string,
  {siteOrigins = []}: {siteOrigins?: string[]} = {},
): string[] {
  const local = 'http://page.invalid';
  const origins = new Set([local, ...siteOrigins.map((origin) => new URL(origin).origin)]);
  // With scripting off, the contents of <noscript> are parsed as markup: their links count too.
  const $ = load(html, {scriptingEnabled: false});
  const written = $(URL_ATTRIBUTES)
    .toArray()
    .map((node) => String($(node).attr('href') ?? $(node).attr('src')));
  $('img[srcset], source[srcset]').each((_, node) => {
    for (const candidate of String($(node).attr('srcset')).split(','))
      written.push(candidate.trim().split(/\s+/)[0]);
  });
  const paths = new Set<string>();
  for (const href of written) {
    const url = href === '' || href.startsWith('#') ? null : URL.parse(href, `${local}${pagePath}`);
    if (url && origins.has(url.origin) && /^https?:$/.test(url.protocol)) paths.add(url.pathname);
  }
  return [...paths];
}

/**
 * Every internal link of every HTML file under `buildDir`, with the pages that hold it:
 * link path -> pages (URL paths) that link to it.
 */
export function collectBuildLinks(
  buildDir: string,
  {baseUrl = '/', siteOrigins = []}: {baseUrl?: string; siteOrigins?: string[]} = {},
): Map<string, string[]> {
  const links = new Map<string, string[]>();
  for (const file of builtHtmlFiles(buildDir, {notFound: true})) {
    const pagePath = routeOfHtmlFile(file, baseUrl);
    for (const link of internalLinks(readFileSync(path.join(buildDir, file), 'utf8'), pagePath, {
      siteOrigins,
    })) {
      const pages = links.get(link) ?? [];
      pages.push(pagePath);
      links.set(link, pages);
    }
  }
  return links;
}

/**
 * Asks a server for each link path (HEAD, no redirects followed) and lists those
 * that do not answer 200, with the pages that hold them: one line per bad link.
 */
export async function unresolvedLinks(
  links: Map<string, string[]>,
  request: (linkPath: string) => Promise<{status: number; location?: string}>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const [link, pages] of links) {
    const {status, location} = await request(link);
    if (status === 200) continue;
    const answer = location ? `${status} -> ${location}` : String(status);
    const where = pages.slice(0, 3).join(', ') + (pages.length > 3 ? ` and ${pages.length - 3} more` : '');
    problems.push(`${link}: ${answer} (linked from ${where})`);
  }
  return problems;
}
