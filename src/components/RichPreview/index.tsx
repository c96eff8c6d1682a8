/**
 * What link previews and search engines read about a page: its social card as
 * og:image / twitter:image, and (for docs pages) a TechArticle JSON-LD block.
 * The card is rendered at build time by the social-cards plugin at the path
 * `socialCardFile` gives for the page's permalink.
 */
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useThemeConfig} from '@docusaurus/theme-common';
import {applyTrailingSlash} from '@docusaurus/utils-common';
import {SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, socialCardFile} from '@site/src/plugins/social-cards/browser';

type PageProps = {
  /** The page's permalink (with base URL), as the docs and blog plugins give it. */
  permalink: string;
  title: string;
  /** An image the page sets itself (front matter `image`); it replaces the card. */
  ownImage?: string;
};

/** Absolute URL of the page's preview image: its own, or its social card. */
function usePreviewImage({permalink, ownImage}: PageProps): string {
  const {siteConfig} = useDocusaurusContext();
  const card = useBaseUrl(socialCardFile(permalink, siteConfig.baseUrl), {absolute: true});
  const own = useBaseUrl(ownImage ?? '', {absolute: true});
  return ownImage ? own : card;
}

/** og:image and twitter:image tags pointing at the page's card (nothing when the page has its own image). */
export function SocialCardMeta(props: PageProps): ReactNode {
  const image = usePreviewImage(props);
  const {siteConfig} = useDocusaurusContext();
  if (props.ownImage) return null;
  const alt = `${props.title} · ${siteConfig.title}`;
  return (
    <Head>
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(SOCIAL_CARD_WIDTH)} />
      <meta property="og:image:height" content={String(SOCIAL_CARD_HEIGHT)} />
      <meta property="og:image:alt" content={alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={alt} />
    </Head>
  );
}

type ArticleProps = PageProps & {
  description?: string;
  /** Last update in milliseconds since the epoch, when the docs plugin knows it (never made up). */
  lastUpdatedAt?: number | null;
};

/** The TechArticle JSON-LD of a docs page. */
export function TechArticleStructuredData(props: ArticleProps): ReactNode {
  const {siteConfig, i18n} = useDocusaurusContext();
  const image = usePreviewImage(props);
  const logo = useBaseUrl(useThemeConfig().navbar.logo?.src ?? '', {absolute: true});
  const home = useBaseUrl('/', {absolute: true});
  const data = {
    '@context': 'https://schema.org',
    '@type': 'TechArticle',
    headline: props.title,
    ...(props.description && {description: props.description}),
    // A generated index's permalink may end in a slash the page's URL does not have.
    url: `${siteConfig.url}${applyTrailingSlash(props.permalink, siteConfig)}`,
    image,
    inLanguage: i18n.localeConfigs[i18n.currentLocale]?.htmlLang ?? i18n.currentLocale,
    ...(props.lastUpdatedAt && {dateModified: new Date(props.lastUpdatedAt).toISOString()}),
    publisher: {
      '@type': 'Organization',
      name: 'Streamr',
      ...(logo !== home && {logo: {'@type': 'ImageObject', url: logo}}),
    },
    isPartOf: {'@type': 'WebSite', name: siteConfig.title, url: home},
  };
  return (
    <Head>
      <script type="application/ld+json">{JSON.stringify(data)}</script>
    </Head>
  );
}
