import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {collectBuildLinks, internalLinks, unresolvedLinks} from '../support/build-links.ts';
import {createStaticServer} from '../../scripts/serve-build.ts';

describe('internalLinks', () => {
  it('resolves relative links against the URL the page is served at', () => {
    const html = '<a href="setup">a</a><a href="../usage">b</a><img src="./img/x.svg">';
    expect(internalLinks(html, '/guides/nodejs')).toEqual(['/guides/setup', '/usage', '/guides/img/x.svg']);
    expect(internalLinks(html, '/blog/')).toEqual(['/blog/setup', '/usage', '/blog/img/x.svg']);
  });

  it('reads href, src and srcset of the elements that fetch, and links inside <noscript>', () => {
    const html = `<link rel="stylesheet" href="/assets/css/a.css"><script src="/assets/js/main.js"></script>
      <picture><source srcset="/img/a.webp 1x, /img/a@2x.webp 2x"></picture>
      <noscript><a href="/usage/sdk/api">API</a></noscript>`;
    expect(internalLinks(html, '/').sort()).toEqual(
      ['/assets/css/a.css', '/assets/js/main.js', '/img/a.webp', '/img/a@2x.webp', '/usage/sdk/api'].sort(),
    );
  });

  it('keeps links to the deployed site, drops other origins, schemes, fragments, queries', () => {
    const html = `<link rel="canonical" href="https://docs.streamr.network/guides">
      <a href="https://github.com/streamr-dev">gh</a><a href="mailto:x@y.z">m</a><a href="#top">t</a>
      <a href="/search?q=a#r">s</a><a href="javascript:void 0">j</a>`;
    expect(internalLinks(html, '/', {siteOrigins: ['https://docs.streamr.network']}).sort()).toEqual([
      '/guides',
      '/search',
    ]);
  });
});

describe('collectBuildLinks and unresolvedLinks against the static server', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'build-links-'));
  const pages: Record<string, string> = {
    'index.html': '<a href="/guides">ok</a><a href="/guides/nodejs">ok</a><a href="/blog/">ok</a>',
    'guides.html':
      '<a href="/guides/nodejs/">file page with a slash</a><a href="guides/nodejs">ok, relative to /guides</a>',
    'guides/nodejs.html': '<a href="/blog">folder without its slash</a><a href="/gone">missing</a>',
    'blog/index.html': '<a href="post">ok, relative to /blog/</a>',
    'blog/post.html': '<p>post</p>',
    '404.html': '<p>404</p>',
  };
  for (const [file, html] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
    writeFileSync(path.join(root, file), html);
  }
  const server = createStaticServer({root});
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => server.close());

  it('lists each link once with the pages that hold it', () => {
    const links = collectBuildLinks(root);
    expect(links.get('/guides/nodejs')).toEqual(['/guides', '/']);
    expect(links.get('/blog/post')).toEqual(['/blog/']);
  });

  it('reports exactly the links GitHub Pages would not answer 200, naming the pages', async () => {
    const problems = await unresolvedLinks(collectBuildLinks(root), async (link) => {
      const response = await fetch(`${base}${link}`, {method: 'HEAD', redirect: 'manual'});
      return {status: response.status, location: response.headers.get('location') ?? undefined};
    });
    expect(problems.sort()).toEqual([
      '/blog: 301 -> /blog/ (linked from /guides/nodejs)',
      '/gone: 404 (linked from /guides/nodejs)',
      '/guides/nodejs/: 404 (linked from /guides)',
    ]);
  });
});
