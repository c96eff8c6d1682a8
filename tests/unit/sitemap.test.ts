import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {builtSitemapPaths, sitemapPaths} from '../support/sitemap.ts';

const xml = (...locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs
    .map((loc) => `<url><loc>${loc}</loc><changefreq>weekly</changefreq></url>`)
    .join('')}</urlset>`;

describe('sitemapPaths', () => {
  it('gives the path of every <loc>, in order, without the origin', () => {
    expect(sitemapPaths(xml('https://docs.example.com/', 'https://docs.example.com/guides/nodejs'))).toEqual([
      '/',
      '/guides/nodejs',
    ]);
  });

  it('keeps a base URL and drops query and fragment', () => {
    expect(sitemapPaths(xml('https://example.com/docs/usage?x=1#top'))).toEqual(['/docs/usage']);
  });

  it('reads escaped characters and whitespace around the URL as a sitemap writer may write them', () => {
    expect(sitemapPaths(xml('\n  https://example.com/a%20b?x=1&amp;y=2\n'))).toEqual(['/a%20b']);
    expect(sitemapPaths(xml('https://example.com/&lt;x&gt;'))).toEqual(['/%3Cx%3E']);
  });

  it('finds nothing in a document without <loc>', () => {
    expect(sitemapPaths('<urlset></urlset>')).toEqual([]);
  });

  it('refuses a <loc> that is not an absolute URL', () => {
    expect(() => sitemapPaths(xml('/relative'))).toThrow();
  });
});

describe('builtSitemapPaths', () => {
  it('reads sitemap.xml of a build folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sitemap-'));
    try {
      writeFileSync(path.join(dir, 'sitemap.xml'), xml('https://example.com/x'));
      expect(builtSitemapPaths(dir)).toEqual(['/x']);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});
