import {readdirSync, readFileSync, existsSync} from 'node:fs';
import path from 'node:path';

/**
 * The site's top-level sections, in one place: the folders of `docs/` with a
 * `_category_.json` (adding a section is adding a folder), then the sections that
 * are not docs folders (the SDK API reference, the blog). The menus (config/navbar.ts),
 * the llms.txt headings (config/llms.ts) and the search groups (config/search.ts)
 * derive from `siteSections()`. Read in Node at config load; the browser gets the
 * list through `themeConfig.navbar`.
 */

/** What `_category_.json` may carry beyond the sidebar's own keys (in `customProps`). */
export type SectionCustomProps = {
  /** Heading of the section in llms.txt when it differs from the label (e.g. "Guides"). */
  llmsTitle?: string;
  /** `false` keeps a docs folder out of the menus and llms.txt (its pages then need another section). */
  section?: boolean;
};

export type SiteSection = {
  /** Label in the menus, and the section name of its pages. */
  label: string;
  /** Route (without base URL) the menus link to. */
  to: string;
  /** Route prefixes (without base URL) of the section's pages, even inside another docs folder. */
  paths: string[];
  /** Its llms.txt heading and the route of the sidebar category it lists; absent when not docs. */
  llms?: {title: string; category: string};
  /** The docs folder (`docs/<folder>`) the section comes from, if any. */
  docsFolder?: string;
};

/** Sections that are not a folder of `docs/`; they follow the docs sections in the menus. */
export const OTHER_SECTIONS: readonly SiteSection[] = [
  {
    label: 'SDK API reference',
    to: '/api-docs',
    // The reference pages are generated into docs/usage/sdk/api (a category inside Usage).
    paths: ['/api-docs', '/usage/sdk/api'],
    llms: {title: 'SDK API reference', category: '/usage/sdk/api'},
  },
  {label: 'Blog', to: '/blog', paths: ['/blog']},
];

export const DOCS_DIR = path.join(__dirname, '..', 'docs');

type CategoryFile = {
  label?: string;
  position?: number;
  link?: {type?: string; slug?: string};
  customProps?: SectionCustomProps;
};

/**
 * The docs sections: each folder of `docsDir` with a `_category_.json`, ordered as
 * the sidebar orders them (by `position`, folders without one last, then by name).
 */
export function readDocsSections(docsDir: string = DOCS_DIR): SiteSection[] {
  const folders = readdirSync(docsDir, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && existsSync(path.join(docsDir, entry.name, '_category_.json')))
    .map((entry) => {
      const file = path.join(docsDir, entry.name, '_category_.json');
      let category: CategoryFile;
      try {
        category = JSON.parse(readFileSync(file, 'utf8')) as CategoryFile;
      } catch (error) {
        throw new Error(`docs sections: ${file} is not valid JSON`, {cause: error});
      }
      return {folder: entry.name, category};
    })
    .filter(({category}) => category.customProps?.section !== false)
    .sort(
      (a, b) =>
        (a.category.position ?? Infinity) - (b.category.position ?? Infinity) ||
        a.folder.localeCompare(b.folder),
    );
  return folders.map(({folder, category}) => {
    const folderRoute = `/${folder}`;
    const to =
      category.link?.type === 'generated-index' && category.link.slug ? category.link.slug : folderRoute;
    const label = category.label ?? folder;
    return {
      label,
      to,
      paths: [...new Set([to, folderRoute])],
      llms: {title: category.customProps?.llmsTitle ?? label, category: to},
      docsFolder: folder,
    };
  });
}

/** Every top-level section in menu order: the docs folders, then `OTHER_SECTIONS`. */
export function siteSections(docsDir: string = DOCS_DIR): SiteSection[] {
  return [...readDocsSections(docsDir), ...OTHER_SECTIONS];
}

/** The menu links of the sections (mobile main menu, no-JavaScript menu). */
export function menuItems(sections: readonly SiteSection[]): {label: string; to: string}[] {
  return sections.map(({label, to}) => ({label, to}));
}

/** The llms.txt sections, in order (sections that are not docs have none). */
export function llmsSections(sections: readonly SiteSection[]): {title: string; category: string}[] {
  return sections.flatMap((section) => (section.llms ? [section.llms] : []));
}
