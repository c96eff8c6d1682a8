import {load} from 'cheerio';

/**
 * Test helper: what a built page tells link previews and search engines
 * (tests/e2e/rich-previews.spec.ts runs it over every sitemap page;
 * tests/unit/rich-previews-check.test.ts proves each rule can fail).
 */

export type PreviewContext = {
  /** The page's path as served, e.g. `/usage/identity` (the site has no base URL in tests). */
  pagePath: string;
  /** Origin of the absolute URLs in the built pages, e.g. `https://docs.streamr.network`. */
  origin: string;
  /** Every path of the sitemap: breadcrumb items must be among them. */
  sitePaths: ReadonlySet<string>;
  /** What the page must carry: a docs page its card and JSON-LD, a blog post its card, others the default card. */
  kind: 'docs' | 'post' | 'other';
  /** The site-wide default card (themeConfig.image), e.g. `/img/social-card.png`. */
  defaultImagePath: string;
};

export type PreviewReport = {problems: string[]; imagePath?: string};

type JsonLd = Record<string, unknown>;

/** Problems with a page's preview tags and JSON-LD, and the path of its og:image. */
export function checkPreview(html: string, context: PreviewContext): PreviewReport {
  const $ = load(html);
  const problems: string[] = [];
  const meta = (attribute: 'property' | 'name', key: string) =>
    $(`meta[${attribute}="${key}"]`)
      .map((_, element) => $(element).attr('content') ?? '')
      .get();
  const one = (attribute: 'property' | 'name', key: string): string | undefined => {
    const values = meta(attribute, key);
    if (values.length !== 1) problems.push(`${values.length} ${key} tags`);
    return values[0];
  };

  const image = one('property', 'og:image');
  let imagePath: string | undefined;
  if (image) {
    let url: URL | undefined;
    try {
      url = new URL(image);
    } catch {
      problems.push(`og:image is not an absolute URL: ${image}`);
    }
    if (url && url.origin !== context.origin) problems.push(`og:image is not on ${context.origin}: ${image}`);
    if (url) imagePath = url.pathname;
  }
  const expectCard = context.kind !== 'other';
  if (imagePath) {
    const isDefault = imagePath === context.defaultImagePath;
    if (expectCard && isDefault) problems.push('og:image is the site default, not the page card');
    if (expectCard && !imagePath.startsWith('/img/social/'))
      problems.push(`og:image is not a social card: ${imagePath}`);
    if (!expectCard && !isDefault) problems.push(`og:image is not the site default: ${imagePath}`);
  }
  if (one('name', 'twitter:card') !== 'summary_large_image')
    problems.push('twitter:card is not summary_large_image');
  if (expectCard) {
    if (one('name', 'twitter:image') !== image) problems.push('twitter:image differs from og:image');
    if (one('property', 'og:image:width') !== '1200') problems.push('og:image:width is not 1200');
    if (one('property', 'og:image:height') !== '630') problems.push('og:image:height is not 630');
    if (!one('property', 'og:image:alt')?.trim()) problems.push('og:image:alt is empty');
  }

  if (context.kind === 'docs') {
    const blocks: JsonLd[] = [];
    $('script[type="application/ld+json"]').each((_, element) => {
      try {
        blocks.push(JSON.parse($(element).text()) as JsonLd);
      } catch {
        problems.push('a JSON-LD block does not parse');
      }
    });
    const pageUrl = `${context.origin}${context.pagePath}`;
    const articles = blocks.filter((block) => block['@type'] === 'TechArticle');
    if (articles.length !== 1) problems.push(`${articles.length} TechArticle blocks`);
    else problems.push(...articleProblems(articles[0], pageUrl, image));
    const lists = blocks.filter((block) => block['@type'] === 'BreadcrumbList');
    if (lists.length !== 1) problems.push(`${lists.length} BreadcrumbList blocks`);
    else problems.push(...breadcrumbProblems(lists[0], context));
  }
  return {problems, imagePath};
}

function articleProblems(article: JsonLd, pageUrl: string, image: string | undefined): string[] {
  const problems: string[] = [];
  const object = (value: unknown) => (value && typeof value === 'object' ? (value as JsonLd) : {});
  if (article['@context'] !== 'https://schema.org') problems.push('TechArticle @context is not schema.org');
  if (typeof article.headline !== 'string' || !article.headline) problems.push('TechArticle has no headline');
  if (article.url !== pageUrl) problems.push(`TechArticle url ${String(article.url)} is not ${pageUrl}`);
  if (article.image !== image) problems.push('TechArticle image differs from og:image');
  if (typeof article.inLanguage !== 'string' || !article.inLanguage)
    problems.push('TechArticle has no inLanguage');
  const publisher = object(article.publisher);
  if (publisher['@type'] !== 'Organization' || !publisher.name)
    problems.push('TechArticle publisher is not a named Organization');
  if (!String(object(publisher.logo).url ?? '').startsWith('https://'))
    problems.push('TechArticle publisher has no logo URL');
  if (object(article.isPartOf)['@type'] !== 'WebSite') problems.push('TechArticle is not part of a WebSite');
  if ('dateModified' in article && Number.isNaN(Date.parse(String(article.dateModified)))) {
    problems.push('TechArticle dateModified is not a date');
  }
  return problems;
}

function breadcrumbProblems(list: JsonLd, context: PreviewContext): string[] {
  const items = Array.isArray(list.itemListElement) ? (list.itemListElement as JsonLd[]) : [];
  if (items.length === 0) return ['BreadcrumbList is empty'];
  const problems: string[] = [];
  items.forEach((item, index) => {
    if (item.position !== index + 1)
      problems.push(`breadcrumb ${index + 1} has position ${String(item.position)}`);
    const url = String(item.item ?? '');
    if (!url.startsWith(`${context.origin}/`)) {
      problems.push(`breadcrumb ${url} is not an absolute URL of the site`);
      return;
    }
    const path = new URL(url).pathname;
    if (!context.sitePaths.has(path)) problems.push(`breadcrumb ${url} is not a page of the site`);
  });
  const last = String(items.at(-1)?.item ?? '');
  if (last !== `${context.origin}${context.pagePath}`)
    problems.push(`the last breadcrumb ${last} is not the page`);
  return problems;
}
