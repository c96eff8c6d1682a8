import {load} from 'cheerio';
import {pngSize} from '../support/png.ts';
import {isDocsPage, isOlderSdkReferencePage} from '../support/llms-listing.ts';
import {checkPreview, type PreviewContext} from '../support/rich-previews.ts';
import {sitemapPaths} from '../support/sitemap.ts';
import {expect, test} from './fixtures.ts';

/**
 * Link previews (src/plugins/social-cards, src/components/RichPreview): every docs
 * page and blog post of the sitemap points og:image and twitter:image at its own
 * 1200×630 card, which exists and stays small; every docs page carries a
 * TechArticle and a BreadcrumbList whose items are pages of the site; every other
 * page keeps the site's default card, which exists and is a card too.
 */

const ORIGIN = 'https://docs.streamr.network';
const MAX_CARD_BYTES = 100 * 1024;
/** themeConfig.image, which the social-cards plugin renders as a card of the site's tagline. */
const DEFAULT_IMAGE = '/img/social-card.png';

test('every sitemap page has the right preview image and structured data', async ({request}) => {
  test.setTimeout(180_000);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const paths = sitemapPaths(await sitemap.text());
  const sitePaths = new Set(paths);
  const problems: string[] = [];
  const images = new Map<string, string>();
  const kinds = {docs: 0, post: 0, other: 0};

  for (const pagePath of paths) {
    const response = await request.get(pagePath);
    expect(response.status(), pagePath).toBe(200);
    const html = await response.text();
    // Blog posts are what the theme marks as articles (tag, author and list pages are not).
    const isPost =
      pagePath.startsWith('/blog/') && load(html)('meta[property="og:type"]').attr('content') === 'article';
    // The previous SDK major's reference is docs too (an older version), with cards of its own.
    const docs = isDocsPage(pagePath) || isOlderSdkReferencePage(pagePath);
    const kind: PreviewContext['kind'] = docs ? 'docs' : isPost ? 'post' : 'other';
    kinds[kind]++;
    const report = checkPreview(html, {
      pagePath,
      origin: ORIGIN,
      sitePaths,
      kind,
      defaultImagePath: DEFAULT_IMAGE,
    });
    problems.push(...report.problems.map((problem) => `${pagePath}: ${problem}`));
    if (report.imagePath && kind !== 'other') {
      const owner = images.get(report.imagePath);
      if (owner) problems.push(`${pagePath}: shares its card with ${owner}`);
      images.set(report.imagePath, pagePath);
    }
  }

  for (const [imagePath, pagePath] of [...images, [DEFAULT_IMAGE, 'the site default'] as const]) {
    const response = await request.get(imagePath);
    if (response.status() !== 200) {
      problems.push(`${pagePath}: card ${imagePath} answers ${response.status()}`);
      continue;
    }
    const png = await response.body();
    try {
      const size = pngSize(png);
      if (size.width !== 1200 || size.height !== 630) {
        problems.push(`${pagePath}: card is ${size.width}×${size.height}, not 1200×630`);
      }
    } catch {
      problems.push(`${pagePath}: card ${imagePath} is not a PNG`);
    }
    if (png.length >= MAX_CARD_BYTES) problems.push(`${pagePath}: card is ${png.length} bytes`);
  }

  expect(problems).toEqual([]);
  expect(kinds.docs).toBeGreaterThan(100);
  expect(kinds.post).toBeGreaterThan(0);
  expect(images.size).toBe(kinds.docs + kinds.post);
});
