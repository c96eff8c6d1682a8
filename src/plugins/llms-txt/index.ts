import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {applyTrailingSlash} from '@docusaurus/utils-common';
import type {DocMetadata, LoadedContent, LoadedVersion} from '@docusaurus/plugin-content-docs';
import {createUrlResolver} from './links.ts';
import {
  renderCategoryIndex,
  renderLlmsFull,
  renderLlmsTxt,
  toMarkdownTwin,
  type CategoryItem,
  type ConvertOptions,
} from './markdown.ts';
import {markdownFileOf, markdownPathFor} from '../../build-output/index.ts';
import {absoluteUrl} from './paths.ts';
import {
  declaredApis,
  readDeclarations,
  renderInstructions,
  type InstructionsOptions,
} from './instructions.ts';

export type Section = {
  /** Heading of the section in llms.txt, e.g. "Guides". */
  title: string;
  /** Route (without base URL) of the sidebar category it lists, e.g. `/guides`; a nested section takes its pages. */
  category: string;
};

export type Options = {
  /** The one-paragraph summary under the title of llms.txt. */
  summary: string;
  /** Sections of llms.txt, in order; every listed docs page must fall into one (config/docs-sections.ts derives them). */
  sections: Section[];
  /** The "Instructions for assistants" block (instructions.ts); none when left out. */
  instructions?: InstructionsOptions;
  /** Largest twin in bytes: assistants that fetch a page whole cut or refuse long ones. */
  maxTwinBytes?: number;
  /** The site's remark steps that expand directives into Markdown, applied to each twin too. */
  transforms?: ConvertOptions['transforms'];
};

/**
 * Writes a Markdown twin of every docs page next to its HTML, `llms.txt` and
 * `llms-full.txt` into the build output, from the docs plugin's loaded content
 * (titles, descriptions, permalinks, sidebar order). README.md here says what is
 * in them and why only docs pages are.
 */
export default function llmsTxtPlugin(context: LoadContext, options: Options): Plugin {
  let docsContent: LoadedContent | undefined;
  let instructions: string | undefined;

  return {
    name: 'llms-txt',

    // Before the bundling, so a stale preferred API fails the build early.
    async loadContent() {
      if (!options.instructions) return;
      const files = await readDeclarations(options.instructions.declarations, context.siteDir);
      instructions = renderInstructions(options.instructions, declaredApis(files));
    },

    allContentLoaded({allContent}) {
      docsContent = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
    },

    async postBuild({outDir, siteConfig, routesPaths, routesBuildMetadata}) {
      if (!docsContent) throw new Error('llms-txt: the docs plugin has no loaded content.');
      const version = docsContent.loadedVersions.find((v) => v.isLast) ?? docsContent.loadedVersions[0];
      const {url: siteUrl, baseUrl} = siteConfig;
      // Permalinks as the site links to them (the framework's own trailing-slash rule).
      const link = (permalink: string) => applyTrailingSlash(permalink, siteConfig);
      const site: Site = {
        siteUrl,
        baseUrl,
        siteDir: context.siteDir,
        link,
        pageUrl: (permalink) => absoluteUrl(siteUrl, link(permalink)),
        version,
        docsById: new Map(version.docs.map((doc) => [doc.id, doc])),
        docsByFile: new Map(version.docs.map((doc) => [sourcePath(doc.source, context.siteDir), doc])),
        transforms: options.transforms,
      };
      const pages = collectPages(version, options.sections, baseUrl);
      const builtRoutes = new Set(routesPaths);
      const markdownByPermalink = new Map<string, string>();

      await Promise.all(
        pages.map(async (page) => {
          if (!builtRoutes.has(link(page.permalink))) {
            throw new Error(`llms-txt: ${page.permalink} is in the docs content but was not built.`);
          }
          const markdown =
            page.kind === 'doc'
              ? await docMarkdown(page.doc, site)
              : renderCategoryIndex({...page, items: categoryItems(page.category.items, site)});
          const bytes = Buffer.byteLength(markdown);
          if (options.maxTwinBytes !== undefined && bytes > options.maxTwinBytes) {
            throw new Error(
              `llms-txt: the Markdown twin of ${page.permalink} has ${bytes} bytes, more than ` +
                `maxTwinBytes (${options.maxTwinBytes}, config/llms.ts). Split the page into smaller pages.`,
            );
          }
          markdownByPermalink.set(page.permalink, markdown);
          const file = path.join(outDir, markdownFileOf(page.permalink, baseUrl));
          await fs.mkdir(path.dirname(file), {recursive: true});
          await fs.writeFile(file, markdown);
        }),
      );

      const listed = pages.filter(
        (page) => !routesBuildMetadata[link(page.permalink)]?.noIndex && !page.unlisted,
      );
      const unplaced = listed.filter((page) => !page.section);
      if (unplaced.length) {
        throw new Error(
          `llms-txt: these docs pages are in no llms.txt section: ${unplaced.map((p) => p.permalink).join(', ')}. ` +
            'Move them into a top-level docs folder (a section), or make their folder one with a _category_.json ' +
            '(config/docs-sections.ts).',
        );
      }
      const twinUrl = (permalink: string) => absoluteUrl(siteUrl, markdownPathFor(permalink, baseUrl));
      const details = [
        `Every page below is Markdown: the same content as the HTML page, without navigation. ` +
          `To read any docs page as Markdown, add \`.md\` to its address (the home page is ${twinUrl(baseUrl)}). ` +
          `All pages in one file: ${absoluteUrl(siteUrl, `${baseUrl}llms-full.txt`)}`,
        ...(instructions ? [instructions] : []),
      ];
      const header = {title: siteConfig.title, summary: options.summary};
      await fs.writeFile(
        path.join(outDir, 'llms.txt'),
        renderLlmsTxt({
          ...header,
          details,
          sections: options.sections.map((section) => ({
            title: section.title,
            pages: listed
              .filter((page) => page.section === section.title)
              .map(({title, permalink, description}) => ({
                title,
                markdownUrl: twinUrl(permalink),
                description,
              })),
          })),
        }),
      );
      await fs.writeFile(
        path.join(outDir, 'llms-full.txt'),
        renderLlmsFull({
          ...header,
          pages: listed.map((page) => ({
            markdown: markdownByPermalink.get(page.permalink) ?? '',
            url: site.pageUrl(page.permalink),
          })),
        }),
      );
    },
  };
}

type Site = {
  siteUrl: string;
  baseUrl: string;
  siteDir: string;
  /** A permalink as the site links to it (trailing-slash setting applied). */
  link: (permalink: string) => string;
  /** The absolute URL of the page with this permalink. */
  pageUrl: (permalink: string) => string;
  version: LoadedVersion;
  docsById: Map<string, DocMetadata>;
  docsByFile: Map<string, DocMetadata>;
  transforms: ConvertOptions['transforms'];
};
type SidebarItem = LoadedVersion['sidebars'][string][number];
type CategoryItemOfSidebar = Extract<SidebarItem, {type: 'category'}>;

export type Page = {
  /** The docs plugin's permalink (with base URL; the site's trailing-slash setting is not applied). */
  permalink: string;
  title: string;
  description?: string;
  section?: string;
  unlisted: boolean;
} & ({kind: 'doc'; doc: DocMetadata} | {kind: 'category'; category: CategoryItemOfSidebar});

/**
 * Every page of a docs version in sidebar order (depth first, a category's own
 * page before its children), then the docs that are in no sidebar. Each page
 * gets the section of its innermost enclosing category that is a section.
 */
export function collectPages(version: LoadedVersion, sections: readonly Section[], baseUrl: string): Page[] {
  const docsById = new Map(version.docs.map((doc) => [doc.id, doc]));
  const sectionByPermalink = new Map(
    sections.map((s) => [stripSlash(baseUrl + s.category.replace(/^\//, '')), s.title]),
  );
  const pages = new Map<string, Page>();

  const addDoc = (id: string, section: string | undefined) => {
    const doc = docsById.get(id);
    if (!doc) throw new Error(`llms-txt: the sidebar refers to the unknown doc "${id}".`);
    if (!pages.has(doc.permalink)) {
      pages.set(doc.permalink, {
        kind: 'doc',
        doc,
        permalink: doc.permalink,
        title: doc.title,
        description: doc.description || undefined,
        section,
        unlisted: doc.unlisted,
      });
    }
  };

  const walk = (items: readonly SidebarItem[], section: string | undefined) => {
    for (const item of items) {
      if (item.type === 'doc') addDoc(item.id, section);
      if (item.type !== 'category') continue;
      const {permalink, title, description} = categoryPage(item, docsById);
      const inner = (permalink && sectionByPermalink.get(stripSlash(permalink))) || section;
      if (item.link?.type === 'doc') addDoc(item.link.id, inner);
      if (item.link?.type === 'generated-index' && !pages.has(item.link.permalink)) {
        pages.set(item.link.permalink, {
          kind: 'category',
          category: item,
          permalink: item.link.permalink,
          title,
          description,
          section: inner,
          unlisted: false,
        });
      }
      walk(item.items, inner);
    }
  };
  for (const sidebar of Object.values(version.sidebars)) walk(sidebar, undefined);
  for (const doc of version.docs) addDoc(doc.id, undefined);
  return [...pages.values()];
}

/** The page a sidebar category links to (a generated index or a doc), if any, with its title and description. */
function categoryPage(item: CategoryItemOfSidebar, docsById: Map<string, DocMetadata>) {
  const generated = item.link?.type === 'generated-index' ? item.link : undefined;
  const linkDoc = item.link?.type === 'doc' ? docsById.get(item.link.id) : undefined;
  return {
    permalink: generated?.permalink ?? linkDoc?.permalink,
    title: generated?.title ?? linkDoc?.title ?? item.label,
    description: generated?.description ?? item.description ?? linkDoc?.description,
  };
}

/** The child pages a generated index page lists (what its cards show). */
function categoryItems(items: readonly SidebarItem[], site: Site): CategoryItem[] {
  return items.flatMap((item): CategoryItem[] => {
    switch (item.type) {
      case 'doc': {
        const doc = site.docsById.get(item.id);
        if (!doc || doc.unlisted) return [];
        return [{title: doc.title, url: site.pageUrl(doc.permalink), description: doc.description}];
      }
      case 'category': {
        const {permalink, title, description} = categoryPage(item, site.docsById);
        const url = permalink && site.pageUrl(permalink);
        return [{title, url, description, items: url ? undefined : categoryItems(item.items, site)}];
      }
      case 'link': {
        const url = item.href.startsWith('/') ? site.pageUrl(item.href) : item.href;
        return [{title: item.label, url, description: item.description}];
      }
      default:
        return [];
    }
  });
}

async function docMarkdown(doc: DocMetadata, site: Site): Promise<string> {
  const sourceFile = sourcePath(doc.source, site.siteDir);
  return toMarkdownTwin(await fs.readFile(sourceFile, 'utf8'), {
    mdx: sourceFile.endsWith('.mdx'),
    title: doc.title,
    sourceName: path.relative(site.siteDir, sourceFile),
    transforms: site.transforms,
    resolveUrl: createUrlResolver({
      siteUrl: site.siteUrl,
      baseUrl: site.baseUrl,
      pageUrl: site.pageUrl(doc.permalink),
      sourceFile,
      contentDirs: [site.version.contentPath],
      normalizePath: site.link,
      permalinkOfFile: (file) => {
        const target = site.docsByFile.get(file);
        return target && site.link(target.permalink);
      },
    }),
  });
}

function sourcePath(source: string, siteDir: string): string {
  return path.resolve(siteDir, source.replace(/^@site\//, ''));
}

function stripSlash(permalink: string): string {
  return permalink.length > 1 ? permalink.replace(/\/+$/, '') : permalink;
}
