import {describe, expect, it} from 'vitest';
import {checkPreview, type PreviewContext} from '../support/rich-previews.ts';

const ORIGIN = 'https://docs.example.org';
const CARD = `${ORIGIN}/img/social/usage/identity.png`;
const context: PreviewContext = {
  pagePath: '/usage/identity',
  origin: ORIGIN,
  sitePaths: new Set(['/usage', '/usage/identity']),
  kind: 'docs',
  defaultImagePath: '/img/social-card.png',
};

const article = {
  '@context': 'https://schema.org',
  '@type': 'TechArticle',
  headline: 'Identity',
  url: `${ORIGIN}/usage/identity`,
  image: CARD,
  inLanguage: 'en',
  publisher: {
    '@type': 'Organization',
    name: 'Streamr',
    logo: {'@type': 'ImageObject', url: `${ORIGIN}/img/logo.svg`},
  },
  isPartOf: {'@type': 'WebSite', name: 'Docs', url: `${ORIGIN}/`},
};
const breadcrumbs = {
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: [
    {'@type': 'ListItem', position: 1, name: 'Usage', item: `${ORIGIN}/usage`},
    {'@type': 'ListItem', position: 2, name: 'Identity', item: `${ORIGIN}/usage/identity`},
  ],
};

/** A page head as the build writes it (unquoted attributes, as the HTML minifier leaves them). */
function page({drop = [] as string[], ld = [article, breadcrumbs] as unknown[], image = CARD} = {}): string {
  const tags = [
    `<meta data-rh=true property=og:image content=${image}>`,
    '<meta data-rh=true property=og:image:width content=1200>',
    '<meta data-rh=true property=og:image:height content=630>',
    '<meta data-rh=true property=og:image:alt content="Identity · Docs">',
    '<meta data-rh=true name=twitter:card content=summary_large_image>',
    `<meta data-rh=true name=twitter:image content=${image}>`,
  ].filter((tag) => !drop.some((name) => tag.includes(`=${name} `)));
  const scripts = ld.map(
    (block) =>
      `<script type=application/ld+json>${typeof block === 'string' ? block : JSON.stringify(block)}</script>`,
  );
  return `<!doctype html><html><head>${tags.join('')}${scripts.join('')}</head><body></body></html>`;
}

describe('rich preview check', () => {
  it('passes a complete docs page and reports its card', () => {
    expect(checkPreview(page(), context)).toEqual({
      problems: [],
      imagePath: '/img/social/usage/identity.png',
    });
  });

  it.each([
    ['og:image', '0 og:image tags'],
    ['twitter:image', 'twitter:image differs from og:image'],
    ['twitter:card', 'twitter:card is not summary_large_image'],
    ['og:image:width', 'og:image:width is not 1200'],
    ['og:image:alt', 'og:image:alt is empty'],
  ])('fails when %s is removed', (name, problem) => {
    expect(checkPreview(page({drop: [name]}), context).problems).toContain(problem);
  });

  it('fails on a relative, foreign or default image', () => {
    expect(checkPreview(page({image: '/img/social/usage/identity.png'}), context).problems).toContain(
      'og:image is not an absolute URL: /img/social/usage/identity.png',
    );
    expect(
      checkPreview(page({image: 'https://elsewhere.example/img/social/a.png'}), context).problems,
    ).toContainEqual(expect.stringMatching(/^og:image is not on/));
    expect(checkPreview(page({image: `${ORIGIN}/img/social-card.png`}), context).problems).toContain(
      'og:image is the site default, not the page card',
    );
    // Pages that are neither docs nor posts must keep the default.
    expect(checkPreview(page(), {...context, kind: 'other'}).problems).toContain(
      'og:image is not the site default: /img/social/usage/identity.png',
    );
  });

  it('fails without a TechArticle, on JSON that does not parse, and on a wrong article URL', () => {
    expect(checkPreview(page({ld: [breadcrumbs]}), context).problems).toContain('0 TechArticle blocks');
    expect(checkPreview(page({ld: [article, breadcrumbs, '{"@type": ']}), context).problems).toContain(
      'a JSON-LD block does not parse',
    );
    expect(
      checkPreview(page({ld: [{...article, url: `${ORIGIN}/usage/identity/`}, breadcrumbs]}), context)
        .problems,
    ).toContain(`TechArticle url ${ORIGIN}/usage/identity/ is not ${ORIGIN}/usage/identity`);
    const withoutPublisher = {...article, publisher: undefined};
    expect(checkPreview(page({ld: [withoutPublisher, breadcrumbs]}), context).problems).toContain(
      'TechArticle publisher is not a named Organization',
    );
    // Blog posts need no TechArticle.
    expect(checkPreview(page({ld: []}), {...context, kind: 'post'}).problems).toEqual([]);
  });

  it('fails without a BreadcrumbList and on breadcrumbs that are not pages of the site', () => {
    expect(checkPreview(page({ld: [article]}), context).problems).toContain('0 BreadcrumbList blocks');
    const slash = {
      ...breadcrumbs,
      itemListElement: [
        {...breadcrumbs.itemListElement[0], item: `${ORIGIN}/usage/`},
        breadcrumbs.itemListElement[1],
      ],
    };
    expect(checkPreview(page({ld: [article, slash]}), context).problems).toContain(
      `breadcrumb ${ORIGIN}/usage/ is not a page of the site`,
    );
    const relative = {...breadcrumbs, itemListElement: [{...breadcrumbs.itemListElement[0], item: '/usage'}]};
    expect(checkPreview(page({ld: [article, relative]}), context).problems).toEqual([
      'breadcrumb /usage is not an absolute URL of the site',
      'the last breadcrumb /usage is not the page',
    ]);
  });
});
