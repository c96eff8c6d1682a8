import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import {socialCardFile} from './paths';
import {RENDERER_VERSION, renderCards, type CardBrand, type CardJob, type CardText} from './render';

export type Options = {
  brand: CardBrand;
  /** Site sections: a page's card names the section with the longest matching route prefix. */
  sections: readonly {label: string; paths: readonly string[]}[];
  /** Cards rendered at once (default 2). */
  concurrency?: number;
};

/** A page that gets a card. */
export type CardPage = {permalink: string; title: string};

/** The section label of a route (without base URL), by the longest matching prefix. */
export function sectionOf(route: string, sections: Options['sections']): string | undefined {
  let best: {label: string; length: number} | undefined;
  for (const section of sections) {
    for (const prefix of section.paths) {
      const matches = route === prefix || route.startsWith(`${prefix.replace(/\/$/, '')}/`);
      if (matches && prefix.length > (best?.length ?? -1))
        best = {label: section.label, length: prefix.length};
    }
  }
  return best?.label;
}

/** Every docs page, generated category index and blog post of the loaded content. */
export function cardPages(allContent: Record<string, Record<string, unknown> | undefined>): CardPage[] {
  const pages: CardPage[] = [];
  for (const content of Object.values(allContent['docusaurus-plugin-content-docs'] ?? {})) {
    for (const version of (content as DocsContent).loadedVersions) {
      for (const doc of version.docs) pages.push({permalink: doc.permalink, title: doc.title});
      const indices = new Map<string, string>();
      for (const sidebar of Object.values(version.sidebars))
        collectGeneratedIndices(sidebar as SidebarItem[], indices);
      for (const [permalink, title] of indices) pages.push({permalink, title});
    }
  }
  for (const content of Object.values(allContent['docusaurus-plugin-content-blog'] ?? {})) {
    for (const post of (content as BlogContent).blogPosts) {
      pages.push({
        permalink: post.metadata.permalink,
        title: post.metadata.frontMatter.title_meta ?? post.metadata.title,
      });
    }
  }
  return pages;
}

type SidebarItem = {
  type: string;
  label?: string;
  items?: SidebarItem[];
  link?: {type: string; permalink?: string; title?: string};
};

/**
 * The generated category index pages of a sidebar, permalink → title (the link's
 * title, else the category label, as the docs plugin titles them). The loaded
 * content has no list of them; the sidebars do.
 */
function collectGeneratedIndices(items: readonly SidebarItem[], into: Map<string, string>): void {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.link?.type === 'generated-index' && item.link.permalink && !into.has(item.link.permalink)) {
      into.set(item.link.permalink, item.link.title ?? item.label ?? '');
    }
    collectGeneratedIndices(item.items ?? [], into);
  }
}

function packageVersion(name: string): string {
  const file = require.resolve(`${name}/package.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as {version: string}).version;
}

/**
 * Open Graph images: after the build, a 1200×630 PNG card (page title, section,
 * brand) for every docs page, generated category index and blog post, written to
 * `img/social/<route>.png` in the build output. The theme wrappers
 * (src/theme/DocItem/Metadata and others) point each page's og:image there by the
 * same path rule (`paths.ts`). Rendered cards are cached by a hash of their
 * inputs in node_modules/.cache/social-cards, so a warm build renders only the
 * cards whose title, section or brand changed.
 */
export default function socialCardsPlugin(context: LoadContext, options: Options): Plugin {
  let pages: CardPage[] = [];
  return {
    name: 'social-cards',

    allContentLoaded({allContent}) {
      pages = cardPages(allContent as Record<string, Record<string, unknown> | undefined>);
    },

    async postBuild({outDir, siteConfig}) {
      const baseUrl = siteConfig.baseUrl;
      const jobs: CardJob[] = pages.map(({permalink, title}) => {
        const route = `/${permalink.slice(baseUrl.length)}`;
        const text: CardText = {title, section: sectionOf(route, options.sections)};
        return {text, outFile: path.join(outDir, socialCardFile(permalink, baseUrl))};
      });
      const started = performance.now();
      const stats = await renderCards(jobs, {
        brand: options.brand,
        cacheDir: path.join(context.siteDir, 'node_modules', '.cache', 'social-cards'),
        rendererId: `${RENDERER_VERSION}/satori@${packageVersion('satori')}/resvg@${packageVersion('@resvg/resvg-js')}`,
        concurrency: options.concurrency ?? 2,
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `[social-cards] ${stats.cards} cards (${stats.rendered} rendered, ${stats.cached} from cache, ` +
          `${Math.round(stats.bytes / 1024)} KB) in ${seconds} s`,
      );
    },
  };
}
