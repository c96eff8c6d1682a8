import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import {runNodeChild} from '../../node/node-child.ts';
import {collectPages} from '../llms-txt/index.ts';
import {socialCardFile} from './paths.ts';
import {
  RENDERER_VERSION,
  copyCards,
  type CacheStats,
  type CardBrand,
  type CardText,
  type RenderOptions,
} from './render.ts';

export type Options = {
  brand: CardBrand;
  /** Site sections: a page's card names the section with the longest matching route prefix. */
  sections: readonly {label: string; paths: readonly string[]}[];
};

/** A page that gets a card. */
type CardPage = {permalink: string; title: string};

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
      // The same pages as the Markdown twins: docs and generated category index pages.
      for (const {permalink, title} of collectPages(version, [], '/')) pages.push({permalink, title});
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

function packageVersion(name: string): string {
  const file = require.resolve(`${name}/package.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as {version: string}).version;
}

/** What the card process (card-child.ts) reads on stdin: render options as plain data, fonts in base64. */
export type CardRequest = {
  texts: CardText[];
  options: Omit<RenderOptions, 'brand'> & {
    brand: Omit<CardBrand, 'fonts'> & {fonts: {regular: string; bold: string}};
  };
};

/** Fills the card cache in a child process (card-child.ts) and resolves when it has exited. */
export async function fillCacheInChild(
  texts: readonly CardText[],
  {brand, ...options}: RenderOptions,
): Promise<CacheStats> {
  const fonts = {regular: brand.fonts.regular.toString('base64'), bold: brand.fonts.bold.toString('base64')};
  const stats = await runNodeChild({
    script: path.join(__dirname, 'card-child.ts'),
    request: {texts: [...texts], options: {...options, brand: {...brand, fonts}}} satisfies CardRequest,
    cwd: process.cwd(),
    stdout: 'capture',
    failure: (exit) => `social-cards: the card process failed (exit ${exit}); its message is above`,
    // Its live heap is small; uncapped, V8 lets it grow many times larger before collecting.
    nodeFlags: ['--max-old-space-size=128'],
  });
  return JSON.parse(stats) as CacheStats;
}

/**
 * Open Graph cards for every docs page, category index and blog post, and for the site-wide
 * `themeConfig.image` (./README.md). A production build renders them into the cache once the
 * content is loaded, in a process that exits before bundling (card-child.ts), and copies them
 * into the build afterwards; the dev server renders none.
 */
export default function socialCardsPlugin(context: LoadContext, options: Options): Plugin {
  const renderOptions: RenderOptions = {
    brand: options.brand,
    cacheDir: path.join(context.siteDir, 'node_modules', '.cache', 'social-cards'),
    rendererId: `${RENDERER_VERSION}/satori@${packageVersion('satori')}/resvg@${packageVersion('@resvg/resvg-js')}`,
  };
  const {tagline, themeConfig} = context.siteConfig;
  const siteImage = (themeConfig as {image?: string}).image;
  /** Each card's text and its file in the build output. */
  let cards: {text: CardText; file: string}[] = [];
  let rendered: {stats: CacheStats; seconds: number} | undefined;
  const renderAll = async () => {
    const started = performance.now();
    const stats = await fillCacheInChild(
      cards.map((card) => card.text),
      renderOptions,
    );
    return {stats, seconds: (performance.now() - started) / 1000};
  };

  return {
    name: 'social-cards',

    async allContentLoaded({allContent}) {
      const pages = cardPages(allContent as Record<string, Record<string, unknown> | undefined>);
      cards = pages.map(({permalink, title}) => ({
        text: {title, section: sectionOf(`/${permalink.slice(context.baseUrl.length)}`, options.sections)},
        file: socialCardFile(permalink, context.baseUrl),
      }));
      // A relative path is a file of this site; an absolute URL names someone else's image.
      if (siteImage && !/^[a-z][a-z\d+.-]*:/i.test(siteImage))
        cards.push({text: {title: tagline}, file: siteImage});
      // Only a production build writes the cards; the dev server reloads content on every edit.
      if (process.env.NODE_ENV !== 'production') return;
      // Awaited here, so the renderer's memory is gone before the bundler and the page rendering start.
      rendered = await renderAll();
    },

    async postBuild({outDir}) {
      // \`docusaurus build\` always runs in production mode; anything else renders the cards now.
      const {stats, seconds} = rendered ?? (await renderAll());
      const copying = performance.now();
      const jobs = cards.map(({text, file}) => ({text, outFile: path.join(outDir, file)}));
      const bytes = await copyCards(jobs, renderOptions);
      console.log(
        `[social-cards] ${stats.cards} cards (${stats.rendered} rendered, ${stats.cached} from cache, ` +
          `${Math.round(bytes / 1024)} KB); rendered in ${seconds.toFixed(1)} s, ` +
          `copied in ${((performance.now() - copying) / 1000).toFixed(1)} s`,
      );
    },
  };
}
