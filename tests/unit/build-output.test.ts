import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  builtHtmlFiles,
  builtMarkdownFiles,
  htmlFileOf,
  markdownFileOf,
  markdownPathFor,
  pageStem,
  routeOfHtmlFile,
  routeOfMarkdownFile,
} from '../../src/build-output/index.ts';

describe('build output layout', () => {
  it.each([
    // route, base URL, built HTML file
    ['/', '/', 'index.html'],
    ['/guides/nodejs', '/', 'guides/nodejs.html'],
    ['/blog/', '/', 'blog/index.html'],
    ['/docs/guides', '/docs/', 'guides.html'],
    ['/docs/', '/docs/', 'index.html'],
    ['/docs', '/docs/', 'index.html'],
  ])('route %s (base %s) is built as %s', (route, baseUrl, file) => {
    expect(htmlFileOf(route, baseUrl)).toBe(file);
  });

  it.each([
    // built HTML file, base URL, the URL path it is served at
    ['index.html', '/', '/'],
    ['guides/nodejs.html', '/', '/guides/nodejs'],
    ['blog/index.html', '/', '/blog/'],
    ['guides.html', '/docs/', '/docs/guides'],
  ])('%s under %s is served at %s', (file, baseUrl, route) => {
    expect(routeOfHtmlFile(file, baseUrl)).toBe(route);
    // Reading the route back gives the file: the two rules agree.
    expect(htmlFileOf(route, baseUrl)).toBe(file);
  });

  it.each([
    // page path (any browser spelling), base URL, twin's URL path, page read back from the twin file
    ['/usage/streams/publishing', '/', '/usage/streams/publishing.md', '/usage/streams/publishing'],
    ['/', '/', '/index.md', '/'],
    ['/usage/sdk/api/', '/', '/usage/sdk/api.md', '/usage/sdk/api'],
    ['/guides/nodejs.html', '/', '/guides/nodejs.md', '/guides/nodejs'],
    ['/guides/index.html', '/', '/guides.md', '/guides'],
    ['/index.html', '/', '/index.md', '/'],
    ['/docs/', '/docs/', '/docs/index.md', '/docs/'],
    ['/docs', '/docs/', '/docs/index.md', '/docs/'],
    ['/docs/guides', '/docs/', '/docs/guides.md', '/docs/guides'],
  ])('the twin of %s (base %s) is %s', (pathname, baseUrl, twin, back) => {
    expect(markdownPathFor(pathname, baseUrl)).toBe(twin);
    expect(`${baseUrl}${markdownFileOf(pathname, baseUrl)}`).toBe(twin);
    expect(routeOfMarkdownFile(twin.slice(baseUrl.length), baseUrl)).toBe(back);
  });

  it('names the files every page has alike', () => {
    expect(pageStem('/docs/guides/', '/docs/')).toBe('guides');
    expect(pageStem('/', '/')).toBe('index');
  });

  it('refuses a file of another kind', () => {
    expect(() => routeOfHtmlFile('guides.md')).toThrow('guides.md is no built HTML page');
    expect(() => routeOfMarkdownFile('guides.html')).toThrow('guides.html is no Markdown twin');
  });

  it('lists the pages and twins of a build', () => {
    const build = mkdtempSync(path.join(tmpdir(), 'build-output-'));
    const files = [
      'index.html',
      '404.html',
      'guides/nodejs.html',
      'index.md',
      'guides/nodejs.md',
      'assets/x.md',
      'a.js',
    ];
    for (const file of files) {
      mkdirSync(path.dirname(path.join(build, file)), {recursive: true});
      writeFileSync(path.join(build, file), '');
    }
    expect(builtHtmlFiles(build)).toEqual(['guides/nodejs.html', 'index.html']);
    expect(builtHtmlFiles(build, {notFound: true})).toEqual(['404.html', 'guides/nodejs.html', 'index.html']);
    expect(builtMarkdownFiles(build)).toEqual(['guides/nodejs.md', 'index.md']);
  });
});
