/**
 * The docs plugin (@docusaurus/plugin-content-docs) with one change to its routes. A version's
 * route props carry a map of every page of the version (id, title, description, sidebar), and every
 * docs page loads those props first, yet only DocCard reads the map: the cards of a generated
 * category index page show the descriptions of the pages they link to. So the map leaves the
 * version's props, and each generated index page gets, as its `cardDocs` prop, the entries of the
 * pages its cards link to (src/theme/DocCategoryGeneratedIndexPage provides them to DocCard).
 * A `<DocCardList>` placed anywhere else would fail the build ("no version doc found by id").
 */
import type {LoadContext, Plugin, RouteConfig} from '@docusaurus/types';
import pluginContentDocs, {validateOptions} from '@docusaurus/plugin-content-docs';
import type {
  LoadedContent,
  PluginOptions,
  PropSidebarItem,
  PropVersionDocs,
  PropVersionMetadata,
} from '@docusaurus/plugin-content-docs';

export {validateOptions};

export default async function docsCardDataPlugin(
  context: LoadContext,
  options: PluginOptions,
): Promise<Plugin<LoadedContent>> {
  const plugin = await pluginContentDocs(context, options);
  const {contentLoaded} = plugin;
  if (!contentLoaded) throw new Error('docs-card-data: the docs plugin has no contentLoaded step to wrap');
  return {
    ...plugin,
    contentLoaded: ({content, actions}) =>
      contentLoaded({
        content,
        actions: {
          ...actions,
          addRoute: (route) =>
            actions.addRoute(moveCardDocs(route, options.docCategoryGeneratedIndexComponent)),
        },
      }),
  };
}

type VersionData = {docs: PropVersionDocs; sidebars: PropVersionMetadata['docsSidebars']};

/**
 * The route tree with each version's page map taken out of the version's props and the entries
 * its generated index pages' cards need put into theirs.
 */
export function moveCardDocs(route: RouteConfig, indexComponent: string, version?: VersionData): RouteConfig {
  const versionProp = route.props?.version as PropVersionMetadata | undefined;
  let moved = route;
  if (versionProp?.docs) {
    version = {docs: versionProp.docs, sidebars: versionProp.docsSidebars};
    moved = {...route, props: {...route.props, version: {...versionProp, docs: {}}}};
  }
  if (version && route.component === indexComponent)
    moved = {...moved, props: {...moved.props, cardDocs: cardDocsOf(route.path, version)}};
  const routes = moved.routes?.map((child) => moveCardDocs(child, indexComponent, version));
  return routes ? {...moved, routes} : moved;
}

/** The map entries of the pages that the category whose index page is at `path` lists. */
function cardDocsOf(path: string, {docs, sidebars}: VersionData): PropVersionDocs {
  const category = Object.values(sidebars)
    .flatMap(categoriesIn)
    .find((item) => item.href === path);
  if (!category) throw new Error(`docs-card-data: no sidebar category has its index at ${path}`);
  const cardDocIds = category.items.flatMap((item) =>
    item.type === 'link' && item.docId ? [item.docId] : [],
  );
  return Object.fromEntries(cardDocIds.map((id) => [id, docs[id]]));
}

type Category = Extract<PropSidebarItem, {type: 'category'}>;

function categoriesIn(items: PropSidebarItem[]): Category[] {
  return items.flatMap((item) => (item.type === 'category' ? [item, ...categoriesIn(item.items)] : []));
}
