import {createHash} from 'node:crypto';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import type {LoadedContent as DocsContent, LoadedVersion} from '@docusaurus/plugin-content-docs';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {SearchGlobalData} from './client/backend.ts';
import {inlineScript} from './client/earlyOpen.ts';
import {cachedSourceRecords, latestOnly} from './devIndex.ts';
import {recordsFromBuild, type SourcePage} from './records/build.ts';
import {encodeIndex} from './index-file/codec.ts';
import {splitIndex} from './index-file/shards.ts';
import {INDEX_FILE} from './node.ts';
import {warmUpSample} from './warm-up/sample.ts';
import type {RecordRules} from './records/rules.ts';
import type {SearchSettings} from './settings.ts';
import type {SearchRecord, Synonym} from './types.ts';

export type {RecordRules, SearchSettings, Synonym};
export {algoliaIndexSettings, DOCSEARCH_SEARCHABLE_ATTRIBUTES} from './settings.ts';

export type Options = {
  /** `local`: the site's own index (build/ and dev server); `algolia`: the stock DocSearch client. */
  backend: 'local' | 'algolia';
  records: RecordRules;
  synonyms: Synonym[];
  /** How both backends rank and answer (./settings.ts). */
  settings: SearchSettings;
  /** For `docusaurus search-upload`. */
  algolia: {
    indexSettings: Record<string, unknown>;
    env: {appId: string; indexName: string; adminKey: string};
  };
};

const CLIENT_DIR = path.join(__dirname, 'client');
/** The search theme's own components, by file: its package exports do not list them. */
const STOCK_THEME_DIR = path.join(path.dirname(require.resolve('@docusaurus/theme-search-algolia')), 'theme');

/**
 * Search for the DocSearch dialog and the /search page, with either backend
 * (./README.md maps the folder and says why each module is replaced):
 * - serves ./theme's SearchBar and SearchPage wrappers, tells the browser the
 *   backend (global data), and remembers a search asked for before hydration
 *   (./client/earlyOpen.ts);
 * - aliases DocSearch's button, its modal and `algoliasearch/lite` to ./client,
 *   the same in both modes, so the bundler cache never mixes modes;
 * - local backend: writes the index into build/ after a build, and for the dev
 *   server from the Markdown sources;
 * - adds `docusaurus search-upload`, which uploads the built site's records to Algolia.
 */
export default function searchPlugin(context: LoadContext, options: Options): Plugin {
  // Its own folder: the dev server serves all of it at the site root.
  const devDir = path.join(context.generatedFilesDir, 'search-dev-server');
  const isDevServer = process.env.NODE_ENV !== 'production';
  const sourceRecords = cachedSourceRecords(options.records);
  const writeDevIndex = latestOnly((error) =>
    console.error('[search] the dev server index was not updated:', error),
  );
  let devIndexWritten = false;

  return {
    name: 'docs-search',

    getThemePath() {
      return path.join(__dirname, 'theme');
    },

    async contentLoaded({actions}) {
      actions.setGlobalData({
        backend: options.backend,
        localIndexUrl: `${context.baseUrl}${INDEX_FILE}`,
      } satisfies SearchGlobalData);
    },

    injectHtmlTags() {
      // A tap on Search (or Ctrl/⌘ K) before the page has hydrated still opens the dialog.
      return {headTags: [{tagName: 'script', innerHTML: inlineScript()}]};
    },

    configureWebpack(_config, isServer) {
      return {
        resolve: {
          alias: {
            // The page loads only the button (same keys as the theme's own aliases, to replace them).
            '@docsearch/react/button': path.join(CLIENT_DIR, 'button.tsx'),
            '@docsearch/react/useDocSearchKeyboardEvents': path.join(CLIENT_DIR, 'button.tsx'),
            '@docsearch/react/version': path.join(CLIENT_DIR, 'button.tsx'),
            '@docsearch/react/modal$': path.join(CLIENT_DIR, 'DocSearchModal.tsx'),
            'algoliasearch/lite$': path.join(CLIENT_DIR, 'liteClient.ts'),
            // What ./theme wraps. In a plugin's theme path `@theme-original/X` is the wrapper itself,
            // and `@theme-init/SearchBar` is the classic theme's empty placeholder.
            '@docs-search/stock-theme/SearchBar$': path.join(STOCK_THEME_DIR, 'SearchBar'),
            '@docs-search/stock-theme/SearchPage$': path.join(STOCK_THEME_DIR, 'SearchPage'),
          },
        },
        ...(options.backend === 'local' &&
          isDevServer &&
          !isServer && {
            devServer: {static: [{directory: devDir, publicPath: context.baseUrl, watch: false}]},
          }),
      };
    },

    async allContentLoaded({allContent}) {
      if (options.backend !== 'local' || !isDevServer) return;
      const pages = sourcePages(context, allContent as AllContent);
      const write = writeDevIndex(async () => {
        await writeIndex(path.join(devDir, INDEX_FILE), await sourceRecords(pages), options);
      });
      // The first index is there before the site is served; after an edit it follows in the
      // background, so the edited page reaches the screen without waiting for it.
      if (!devIndexWritten) {
        await write;
        devIndexWritten = true;
      }
    },

    async postBuild({outDir}) {
      if (options.backend !== 'local') return;
      const records = await recordsFromBuild(outDir, options.records);
      const {bytes, shards} = await writeIndex(path.join(outDir, INDEX_FILE), records, options);
      console.log(
        `[search] ${records.length} records, ${(bytes / 1024).toFixed(0)} KB: ${INDEX_FILE} and ${shards} shards`,
      );
    },

    extendCli(cli) {
      cli
        .command('search-upload [siteDir]')
        .description(
          `Upload the built site's search records to Algolia, replacing the index atomically ` +
            `(needs ${options.algolia.env.appId}, ${options.algolia.env.indexName} and ${options.algolia.env.adminKey}).`,
        )
        .option('--out-dir <dir>', 'the built site to read', 'build')
        .option('--host <url>', 'an Algolia-compatible API host instead of Algolia (for tests)')
        .option(
          '--max-drop <fraction>',
          'refuse the upload if it has this much fewer records than the live index (default 0.25, or SEARCH_UPLOAD_MAX_DROP)',
        )
        .action(
          async (siteDir: string | undefined, flags: {outDir: string; host?: string; maxDrop?: string}) => {
            const {uploadToAlgolia, DEFAULT_MAX_RECORD_DROP} = await import('./upload.ts');
            const env = (name: string) => process.env[name]?.trim() || undefined;
            const names = options.algolia.env;
            const missing = [names.appId, names.indexName, names.adminKey].filter((name) => !env(name));
            if (missing.length)
              throw new Error(`search-upload needs ${missing.join(', ')} in the environment.`);
            const indexName = env(names.indexName)!;
            const maxDropText = flags.maxDrop ?? env('SEARCH_UPLOAD_MAX_DROP');
            const maxRecordDrop = maxDropText === undefined ? DEFAULT_MAX_RECORD_DROP : Number(maxDropText);
            if (!(maxRecordDrop >= 0 && maxRecordDrop <= 1))
              throw new Error(`--max-drop must be a fraction from 0 to 1, not "${maxDropText}".`);
            const outDir = path.resolve(siteDir ?? context.siteDir, flags.outDir);
            const records = await recordsFromBuild(outDir, options.records);
            if (records.length === 0)
              throw new Error(`No search records in ${outDir}: refusing to empty the Algolia index.`);
            const result = await uploadToAlgolia({
              appId: env(names.appId)!,
              adminKey: env(names.adminKey)!,
              indexName,
              records,
              indexSettings: options.algolia.indexSettings,
              synonyms: options.synonyms,
              host: flags.host,
              maxRecordDrop,
            });
            console.log(
              `[search] uploaded ${result.records} records to Algolia index "${indexName}" (${result.batches} batches).`,
            );
          },
        );
    },
  };
}

async function writeIndex(
  file: string,
  records: SearchRecord[],
  {settings, synonyms}: Pick<Options, 'settings' | 'synonyms'>,
): Promise<{bytes: number; shards: number}> {
  const ids = new Set<string>();
  for (const record of records) {
    if (ids.has(record.objectID))
      throw new Error(`Two search records share the id ${record.objectID} (${record.url})`);
    ids.add(record.objectID);
  }
  const whole = encodeIndex(records, settings, synonyms);
  // The shards' folder is named by the index's hash: a new deploy never serves shards under an old name.
  const hash = createHash('sha256').update(JSON.stringify(whole)).digest('hex').slice(0, 12);
  const stem = path.basename(file).replace(/\.json$/, '');
  const {first, shards} = splitIndex(whole, `${stem}/${hash}`);
  first.warmUp = warmUpSample(records, settings, synonyms);
  const dir = path.dirname(file);
  // Only this index's shards: the dev server rewrites the index on every change.
  await fs.rm(path.join(dir, stem), {recursive: true, force: true});
  let bytes = 0;
  const put = async (name: string, data: unknown) => {
    const json = JSON.stringify(data);
    await fs.mkdir(path.dirname(path.join(dir, name)), {recursive: true});
    await fs.writeFile(path.join(dir, name), json);
    bytes += Buffer.byteLength(json);
  };
  await put(path.basename(file), first);
  for (const [name, shard] of shards) await put(name, shard);
  return {bytes, shards: shards.size};
}

type AllContent = {
  'docusaurus-plugin-content-docs'?: Record<string, DocsContent>;
  'docusaurus-plugin-content-blog'?: Record<string, BlogContent>;
};
type SidebarItem = LoadedVersion['sidebars'][string][number];

/** The Markdown pages of the docs and blog plugins, for the dev server index. */
function sourcePages(context: LoadContext, allContent: AllContent): SourcePage[] {
  const language = context.i18n.currentLocale;
  const file = (source: string) => path.join(context.siteDir, source.replace(/^@site\//, ''));
  const pages: SourcePage[] = [];
  for (const [pluginId, content] of Object.entries(allContent['docusaurus-plugin-content-docs'] ?? {})) {
    for (const version of content.loadedVersions) {
      const sections = sidebarSections(version.sidebars);
      for (const doc of version.docs) {
        if (doc.unlisted || doc.draft) continue;
        pages.push({
          permalink: doc.permalink,
          title: doc.title,
          file: file(doc.source),
          section: sections.get(doc.id),
          facets: {
            language,
            docusaurus_tag: `docs-${pluginId}-${version.versionName}`,
            version: version.versionName,
          },
        });
      }
    }
  }
  for (const content of Object.values(allContent['docusaurus-plugin-content-blog'] ?? {})) {
    for (const {metadata} of content.blogPosts) {
      if (metadata.unlisted) continue;
      pages.push({
        permalink: metadata.permalink,
        title: metadata.title,
        file: file(metadata.source),
        facets: {language, docusaurus_tag: 'default'},
      });
    }
  }
  return pages;
}

/** Doc id → label of the top sidebar category holding it (lvl0, as records/html.ts reads it from a built page). */
function sidebarSections(sidebars: LoadedVersion['sidebars']): Map<string, string> {
  const sections = new Map<string, string>();
  const visit = (items: SidebarItem[], category: string | undefined) => {
    for (const item of items) {
      if (item.type === 'category') {
        const top = category ?? item.label;
        if (item.link?.type === 'doc') sections.set(item.link.id, top);
        visit(item.items, top);
      } else if ('id' in item && category && !sections.has(item.id)) {
        sections.set(item.id, category);
      }
    }
  };
  for (const items of Object.values(sidebars)) visit(items, undefined);
  return sections;
}
