import {readFileSync} from 'node:fs';
import path from 'node:path';

/**
 * The one sitemap parser of the tests. Docusaurus writes `<loc>` elements with
 * absolute URLs on the production origin; tests want the paths, which the test
 * server answers on its own origin.
 */

const XML_ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'"};

/** The paths (with any base URL, as served) of every `<loc>` in a sitemap, in document order. */
export function sitemapPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<]*?)\s*<\/loc>/g)].map((match) => {
    const url = match[1].replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]);
    return new URL(url).pathname;
  });
}

/** The paths of the built site's sitemap (build/sitemap.xml unless told otherwise). */
export function builtSitemapPaths(buildDir = 'build'): string[] {
  return sitemapPaths(readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8'));
}
