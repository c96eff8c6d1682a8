import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';

import {announcementBar} from './config/announcement.ts';
import {withBuildOnlyOptions} from './config/build-only-options.ts';
import {contentSecurityPolicyOptions} from './config/content-security-policy.ts';
import {prerenderedDiagrams} from './config/diagrams.ts';
import {docsOptions} from './config/docs.ts';
import {faster} from './config/faster.ts';
import {footer} from './config/footer.ts';
import {llmsTxtOptions} from './config/llms.ts';
import {navbar} from './config/navbar.ts';
import {offlineEnabled, offlineOptions} from './config/offline.ts';
import {pageTemplate} from './config/page-template.ts';
import {codeHighlighting, codeHighlightingOptions, darkCodeTheme, lightCodeTheme} from './config/prism.ts';
import {pageSnippets} from './config/snippets.ts';
import {socialCardsOptions} from './config/social-cards.ts';
import {algoliaThemeConfig, searchPluginOptions} from './config/search.ts';
import {sdkApiTypedocRuns, sdkPackage} from './config/typedoc.ts';
import {baseUrl, editUrl, siteUrl, tagManagerContainerId} from './config/site.ts';
import codeHighlightingPlugin from './src/plugins/code-highlighting/index.ts';
import llmsTxtPlugin from './src/plugins/llms-txt/index.ts';
import offlinePlugin from './src/plugins/offline/index.ts';
import sdkApiVersionsPlugin from './src/plugins/sdk-api-versions/index.ts';
import searchPlugin from './src/plugins/search/index.ts';
import socialCardsPlugin from './src/plugins/social-cards/index.ts';

export default {
  // Site identity
  title: 'Streamr Docs',
  tagline: 'Publish and subscribe to real-time data powered by the decentralized network.',
  favicon: 'img/favicon.svg',
  url: siteUrl,
  baseUrl,
  // Pages are `guides/nodejs.html`, served at `/guides/nodejs` by static hosts.
  trailingSlash: false,
  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {en: {label: 'English', direction: 'ltr', htmlLang: 'en'}},
  },

  // Read by pages that show the documented SDK version (e.g. /api-docs).
  customFields: {sdkName: sdkPackage.name, sdkVersion: sdkPackage.version},

  // Entry bundles run after the first paint (config/page-template.ts).
  ssrTemplate: pageTemplate,

  // Build rules: a broken link fails the build, naming the page and the link. Docusaurus can only
  // warn on broken anchors and duplicate routes; `npm run build` fails on any warning (scripts/build-checked.ts).
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  markdown: {
    // `.md` is plain CommonMark (a stray `<` or `{` in prose cannot break the build); `.mdx` is MDX.
    format: 'detect',
    mermaid: true,
    hooks: {onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'throw'},
  },

  // Rspack, SWC and Lightning CSS; pages rendered on the main thread (config/faster.ts says why).
  future: {v4: true, faster},
  // v4 namespaces storage keys; the spec stores the colour mode under plain `theme`.
  storage: {type: 'localStorage', namespace: false},

  // Content
  presets: [
    [
      'classic',
      {
        // The docs plugin is listed under plugins, wrapped (src/plugins/docs-card-data).
        docs: false,
        blog: {
          blogTitle: 'Streamr Docs blog',
          blogDescription:
            'SDK release highlights, node updates and how-tos from the Streamr Network documentation team.',
          showReadingTime: true,
          blogSidebarCount: 'ALL',
          blogSidebarTitle: 'All posts',
          editUrl,
          onInlineTags: 'throw',
          onInlineAuthors: 'throw',
          onUntruncatedBlogPosts: 'throw',
          beforeDefaultRemarkPlugins: [codeHighlighting],
          remarkPlugins: [prerenderedDiagrams],
        },
        pages: {beforeDefaultRemarkPlugins: [codeHighlighting], remarkPlugins: [prerenderedDiagrams]},
        theme: {customCss: './src/css/custom.css'},
        sitemap: {ignorePatterns: ['/dogfood/**']},
        ...(tagManagerContainerId && {googleTagManager: {containerId: tagManagerContainerId}}),
      } satisfies Preset.Options,
    ],
  ],
  themes: ['@docusaurus/theme-mermaid'],
  plugins: [
    // The guides and the SDK API reference (config/docs.ts); each version's page list goes only to
    // the category pages whose cards show it, not to every docs page (src/plugins/docs-card-data).
    ['./src/plugins/docs-card-data/index.ts', docsOptions],
    // The SDK API reference of the current and the previous major, from their type declarations;
    // TypeDoc runs in child processes that end before bundling (src/plugins/typedoc-sdk/docusaurus.ts).
    withBuildOnlyOptions(sdkApiVersionsPlugin, {runs: sdkApiTypedocRuns, docs: docsOptions}),
    ['./src/plugins/announcement-bar-id/index.ts', {id: announcementBar.id}],
    './src/plugins/clean-html-urls/index.ts',
    // routes.json: the pages, for the 404 page's list of likely ones.
    './src/plugins/route-list/index.ts',
    // Old links keep working.
    [
      '@docusaurus/plugin-client-redirects',
      {redirects: [{from: '/usage/authenticate', to: '/usage/identity'}]},
    ],
    // llms.txt, llms-full.txt and a Markdown twin of every docs page, written into the build.
    withBuildOnlyOptions(llmsTxtPlugin, llmsTxtOptions),
    // Search: the DocSearch dialog and /search page on the local index or Algolia (config/search.ts).
    withBuildOnlyOptions(searchPlugin, searchPluginOptions()),
    // Each chunk is prefetched once, not once per link that needs it.
    './src/plugins/prefetch-once/index.ts',
    // The work around hydration in short tasks: route chunks loaded a task later, browser-only parts
    // and the phone layout rendered as transitions.
    './src/plugins/hydration-tasks/index.ts',
    // A change to the site's build-time code (config/, src/plugins, ...) drops Rspack's persistent cache.
    './src/plugins/build-cache/index.ts',
    // Docusaurus's browser code uses one helper of tslib; every page loaded all of it.
    './src/plugins/tslib-helpers/index.ts',
    // Code blocks are highlighted at build time: no Prism in the browser.
    withBuildOnlyOptions(codeHighlightingPlugin, {...codeHighlightingOptions, snippets: pageSnippets}),
    // An Open Graph image per docs page and blog post, rendered into the build (img/social/).
    withBuildOnlyOptions(socialCardsPlugin, socialCardsOptions()),
    // Offline reading after a first visit: a service worker saves the pages read (config/offline.ts).
    ...(offlineEnabled ? [withBuildOnlyOptions(offlinePlugin, offlineOptions)] : []),
    // A strict Content-Security-Policy <meta> in every built page; last, after the redirect pages.
    ['./src/plugins/content-security-policy/index.ts', contentSecurityPolicyOptions],
  ],

  // Look and feel
  themeConfig: {
    image: 'img/social-card.png',
    metadata: [{name: 'robots', content: 'index, follow'}],
    colorMode: {defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false},
    announcementBar,
    navbar,
    footer,
    // DocSearch dialog and /search page; local index unless Algolia is configured (config/search.ts).
    algolia: algoliaThemeConfig,
    docs: {sidebar: {hideable: false, autoCollapseCategories: false}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    mermaid: {theme: {light: 'neutral', dark: 'dark'}},
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      // Code is highlighted at build time with these themes (src/plugins/code-highlighting);
      // extra languages are listed in config/prism.ts.
    },
  } satisfies Preset.ThemeConfig,
} satisfies Config;
