import {collectBuildLinks, unresolvedLinks} from '../support/build-links.ts';
import {siteUrl} from '../../config/site.ts';
import {builtSitemapPaths} from '../support/sitemap.ts';
import {expect, test} from './fixtures.ts';

/**
 * Every internal link in the built HTML, and every sitemap URL, must be answered
 * 200 by the static server, which follows GitHub Pages' URL rules: a link to `/x/`
 * for a page built as `x.html` is a 404 there, and a link to a folder without its
 * trailing slash costs a redirect. No browser needed: the server is asked directly.
 */

const BUILD = 'build';

test('every internal link and sitemap URL resolves on the host without a redirect', async ({request}) => {
  test.setTimeout(120_000);
  const links = collectBuildLinks(BUILD, {siteOrigins: [siteUrl]});
  for (const url of builtSitemapPaths(BUILD)) links.set(url, [...(links.get(url) ?? []), 'sitemap.xml']);

  // The crawl reaches the kinds of page the host rules treat differently.
  for (const route of ['/', '/usage/sdk/api', '/usage', '/guides', '/blog', '/search', '/blog/rss.xml'])
    expect(links.has(route), `a link to ${route} in the build`).toBe(true);
  expect([...links.keys()].filter((link) => link.startsWith('/assets/')).length).toBeGreaterThan(0);

  const problems = await unresolvedLinks(links, async (link) => {
    // Uncompressed: the status is what is checked, and compressing costs the server time.
    const response = await request.fetch(link, {
      method: 'HEAD',
      maxRedirects: 0,
      headers: {'Accept-Encoding': 'identity'},
    });
    return {status: response.status(), location: response.headers().location};
  });
  expect(problems).toEqual([]);
});
