import {readFileSync} from 'node:fs';
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import {socialCardFile} from './paths';
import {
  RENDERER_VERSION,
  copyCards,
  type CacheStats,
  type CardBrand,
  type CardText,
  type RenderOptions,
} from './render';

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

const seconds = (ms: number) => `${(Math.max(0, ms) / 1000).toFixed(1)} s`;

function packageVersion(name: string): string {
  const file = require.resolve(`${name}/package.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as {version: string}).version;
}

/** Fills the card cache on a worker thread (worker.ts). */
export function fillCacheInWorker(texts: readonly CardText[], options: RenderOptions): Promise<CacheStats> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'worker.ts'), {workerData: {texts, options}});
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`social-cards: the card worker stopped (exit code ${code})`)),
    );
  });
}

/**
 * Open Graph images: a 1200×630 PNG card (page title, section, brand) for every
 * docs page, generated category index and blog post, written to
 * `img/social/<route>.png` in the build output. The theme wrappers
 * (src/theme/DocItem/Metadata and others) point each page's og:image there by the
 * same path rule (`paths.ts`).
 *
 * Cards are rendered on a worker thread from the moment the content is loaded,
 * while the site is bundled and its pages rendered, into a cache keyed by a hash
 * of their inputs (node_modules/.cache/social-cards), so a warm build renders only
 * the cards whose title, section or brand changed. After the build they are
 * copied from the cache into the output folder (which the build empties first).
 */
export default function socialCardsPlugin(context: LoadContext, options: Options): Plugin {
  const renderOptions: RenderOptions = {
    brand: options.brand,
    cacheDir: path.join(context.siteDir, 'node_modules', '.cache', 'social-cards'),
    rendererId: `${RENDERER_VERSION}/satori@${packageVersion('satori')}/resvg@${packageVersion('@resvg/resvg-js')}`,
    concurrency: options.concurrency ?? 2,
  };
  let pages: CardPage[] = [];
  let rendering: {started: number; stats: Promise<CacheStats>} | undefined;
  const textOf = ({permalink, title}: CardPage): CardText => ({
    title,
    section: sectionOf(`/${permalink.slice(context.baseUrl.length)}`, options.sections),
  });

  return {
    name: 'social-cards',

    allContentLoaded({allContent}) {
      pages = cardPages(allContent as Record<string, Record<string, unknown> | undefined>);
      // Only a production build writes the cards; the dev server reloads content on every edit.
      if (process.env.NODE_ENV !== 'production') return;
      const stats = fillCacheInWorker(pages.map(textOf), renderOptions);
      // A build that fails before postBuild must not also report an unhandled rejection.
      stats.catch(() => {});
      rendering = {started: performance.now(), stats};
    },

    async postBuild({outDir}) {
      const entered = performance.now();
      const {started, stats} = rendering ?? {
        started: performance.now(),
        stats: fillCacheInWorker(pages.map(textOf), renderOptions),
      };
      const {cards, rendered, cached} = await stats;
      const waited = performance.now();
      const jobs = pages.map((page) => ({
        text: textOf(page),
        outFile: path.join(outDir, socialCardFile(page.permalink, context.baseUrl)),
      }));
      const bytes = await copyCards(jobs, renderOptions);
      console.log(
        `[social-cards] ${cards} cards (${rendered} rendered, ${cached} from cache, ${Math.round(bytes / 1024)} KB); ` +
          `rendered over ${seconds(waited - started)} of the build, then waited ${seconds(waited - entered)} ` +
          `and copied in ${seconds(performance.now() - waited)}`,
      );
    },
  };
}
