/**
 * The docs' sidebar generator: Docusaurus's own, but the previous SDK major (a docs version of its
 * reference alone, config/typedoc.ts) gets the site's sidebar, its reference in "SDK 102 (previous
 * major)" after the current one, so its pages keep the site's navigation and breadcrumb.
 * Versions load side by side: its call waits for the current version's items and makes their docs
 * links. A category cannot link outside its version: a doc page becomes its first item, and
 * generated category pages (/usage) are left out.
 */
import type {PluginOptions} from '@docusaurus/plugin-content-docs';
import getSlug from '@docusaurus/plugin-content-docs/lib/slug.js';
import {normalizeUrl} from '@docusaurus/utils';

type Generator = PluginOptions['sidebarItemsGenerator'];
type Args = Parameters<Generator>[0];
type Item = Awaited<ReturnType<Generator>>[number];

type Site = {items: Item[]; docs: Args['docs']};
let handOver!: (site: Site) => void;
let siteItems = new Promise<Site>((resolve) => (handOver = resolve));

export const siteSidebarItems: Generator = async (args) => {
  const items = await args.defaultSidebarItemsGenerator(args);
  if (args.version.versionName === 'current') {
    handOver({items, docs: args.docs});
    return items;
  }
  const site = await siteItems;
  // The next load of the docs (a change while `docusaurus start` runs) hands over afresh.
  siteItems = new Promise((resolve) => (handOver = resolve));
  const permalinks = new Map(site.docs.map((doc) => [doc.id, permalinkOf(doc)]));
  const labels = new Map(site.docs.map((doc) => [doc.id, doc.frontMatter.sidebar_label ?? doc.title]));
  const ids = new Set(args.docs.map((doc) => doc.id));
  // Keys tell the copies apart for translation: the current reference and its 102 twin share labels.
  const asLinks = (item: Item, trail = ''): Item[] => {
    if (item.type === 'doc') {
      const href = permalinks.get(item.id);
      if (!href) throw new Error(`typedoc-sdk: the site's sidebar has doc ${item.id}, which has no page`);
      return [{type: 'link', href, label: item.label ?? labels.get(item.id) ?? item.id, key: href}];
    }
    if (item.type !== 'category') return [item];
    const {link, ...category} = item;
    const key = `${trail}/${item.label}`;
    // A category's own page, when it is a doc, becomes its first item.
    const children = link?.type === 'doc' ? [{type: 'doc', id: link.id} as const, ...item.items] : item.items;
    const converted = {...category, key, items: children.flatMap((child) => asLinks(child, key))};
    // The current reference: its page (the reference's entry page) is a page of the previous version too.
    if (link?.type !== 'doc' || !ids.has(link.id)) return [converted];
    const previous: Item = {
      type: 'category',
      label: `SDK ${args.version.versionName} (previous major)`,
      link,
      items: items.filter((entry) => entry.type !== 'doc' || entry.id !== link.id),
    };
    return [converted, previous];
  };
  return site.items.flatMap((item) => asLinks(item));
};

/** Where Docusaurus puts a doc of the current version (`routeBasePath: '/'`). */
function permalinkOf(doc: Args['docs'][number]): string {
  const slug = getSlug({
    baseID: doc.id.split('/').pop()!,
    frontMatterSlug: doc.frontMatter.slug,
    source: doc.source,
    sourceDirName: doc.sourceDirName,
  });
  return normalizeUrl(['/', slug]);
}
