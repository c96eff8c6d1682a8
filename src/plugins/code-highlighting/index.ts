import {mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {brokenApiLinks} from './api-links.ts';
import type {TypeInfoOptions} from './remark.ts';
import {registerTypeInfoTable, typeInfoTableInChild} from './type-info-table.ts';
import {
  assertLanguageSupported,
  codeThemeCss,
  highlightCodeBlock,
  loadLanguages,
  type CodeThemes,
} from './highlight.ts';

export type CodeSnippet = {language: string; code: string};
export type HighlightedSnippet = CodeSnippet & {html: string};

export type CodeHighlightingPluginOptions = {
  /** The Prism themes of the light and dark color modes (as for the remark plugin). */
  themes: CodeThemes;
  /** Prism grammars to load beyond prism-react-renderer's bundled ones (as for the remark plugin). */
  additionalLanguages?: string[];
  /**
   * Code that React pages show (they have no Markdown to highlight), by name.
   * Pages import them highlighted from `@generated/code-highlighting/default/snippets.json`.
   */
  snippets?: Record<string, CodeSnippet>;
  /** The remark plugin's type info options: a production build works the samples' type info out up front. */
  typeInfo?: TypeInfoOptions;
};

/** Built pages with type hovers (their HTML has the hover class). */
function pagesWithTypeInfo(outDir: string): string[] {
  return readdirSync(outDir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.html'))
    .map((file) => path.join(outDir, file))
    .filter((file) => readFileSync(file, 'utf8').includes('twoslash-hover'));
}

/**
 * Build-time syntax highlighting, the site side (the Markdown side is ./remark.ts):
 * - a stylesheet coloring the highlighted tokens in both color modes;
 * - highlighted snippets for React pages;
 * - the type hovers' stylesheet (./type-info.css), and after the build a check that
 *   every hover's API reference link lands on an existing page and anchor;
 * - no Prism in the browser: theme-classic's client module that registers Prism
 *   languages at startup is swapped for an empty one, which takes Prism out of
 *   every page's main bundle. Code blocks never highlight in the browser here
 *   (src/theme/CodeBlock/Content), so nothing else needs it.
 */
export default function codeHighlightingPlugin(
  context: LoadContext,
  options: CodeHighlightingPluginOptions,
): Plugin<Record<string, HighlightedSnippet>> {
  const cssFile = path.join(context.generatedFilesDir, 'code-highlighting', 'code-theme.css');
  let typeInfoTable: Promise<void> | undefined;
  return {
    name: 'code-highlighting',
    async loadContent() {
      mkdirSync(path.dirname(cssFile), {recursive: true});
      writeFileSync(cssFile, codeThemeCss(options.themes));
      loadLanguages(options.additionalLanguages ?? []);
      // Before bundling, in a process that ends (./type-info-table.ts); the dev server keeps
      // one language service in process instead of starting a process on every reload.
      // Awaited in allContentLoaded: the other plugins load meanwhile, and the social cards
      // render beside it (their own process) rather than during bundling.
      if (options.typeInfo && process.env.NODE_ENV === 'production') {
        const request = {
          siteDir: options.typeInfo.siteDir ?? context.siteDir,
          apiDir: options.typeInfo.apiDir,
          apiUrl: options.typeInfo.apiUrl,
        };
        typeInfoTable = typeInfoTableInChild(request).then((table) => registerTypeInfoTable(request, table));
        // Reported where it is awaited; a build that fails elsewhere first must not also crash on it.
        typeInfoTable.catch(() => {});
      }
      const snippets: Record<string, HighlightedSnippet> = {};
      for (const [name, {language, code}] of Object.entries(options.snippets ?? {})) {
        assertLanguageSupported(language, `code-highlighting: snippet "${name}"`);
        snippets[name] = {
          language,
          code,
          html: highlightCodeBlock(code, {language, themes: options.themes}).html,
        };
      }
      return snippets;
    },
    async contentLoaded({content, actions}) {
      await actions.createData('snippets.json', JSON.stringify(content));
    },
    async allContentLoaded() {
      // The remark plugin reads the table when the bundler compiles the Markdown, after this.
      await typeInfoTable;
    },
    getClientModules() {
      return [
        cssFile,
        path.join(__dirname, 'type-info.css'),
        path.join(__dirname, 'client', 'type-hovers.ts'),
      ];
    },
    async postBuild({outDir, baseUrl}) {
      const broken = brokenApiLinks(outDir, baseUrl, pagesWithTypeInfo(outDir));
      if (broken.length > 0)
        throw new Error(
          `code-highlighting: type hovers link to API reference anchors that do not exist:\n${broken.join('\n')}`,
        );
    },
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/,
            path.join(__dirname, 'no-browser-prism.ts'),
          ),
        ],
      };
    },
  };
}
