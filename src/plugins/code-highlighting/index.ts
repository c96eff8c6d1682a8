import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {brokenApiLinks} from './api-links.ts';
import {assertLanguageSupported, codeThemeCss, highlightCodeBlock, loadLanguages} from './highlight.ts';
import type {RemarkCodeHighlightingOptions} from './remark.ts';
import {registerTypeInfoTable, typeInfoTableInChild} from './type-info-table.ts';

type CodeSnippet = {language: string; code: string};

/** The remark plugin's options (a production build works the samples' type info out up front), and: */
type CodeHighlightingPluginOptions = RemarkCodeHighlightingOptions & {
  /**
   * Code that React pages show (they have no Markdown to highlight), by name.
   * Pages import them highlighted from `@generated/code-highlighting/default/snippets.json`.
   */
  snippets?: Record<string, CodeSnippet>;
};

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
): Plugin<Record<string, CodeSnippet & {html: string}>> {
  const cssFile = path.join(context.generatedFilesDir, 'code-highlighting', 'code-theme.css');
  let typeInfoTable: Promise<void> | undefined;
  return {
    name: 'code-highlighting',
    async loadContent() {
      mkdirSync(path.dirname(cssFile), {recursive: true});
      writeFileSync(cssFile, codeThemeCss(options.themes));
      loadLanguages(options.additionalLanguages ?? []);
      // In a child process, before bundling, while the other plugins load; awaited in
      // allContentLoaded. The dev server keeps one language service in process instead
      // of starting a process on every reload.
      if (options.typeInfo && process.env.NODE_ENV === 'production') {
        typeInfoTable = typeInfoTableInChild({siteDir: context.siteDir, ...options.typeInfo}).then(
          registerTypeInfoTable,
        );
        // Reported where it is awaited; a build that fails elsewhere first must not also crash on it.
        typeInfoTable.catch(() => {});
      }
      const snippets: Record<string, CodeSnippet & {html: string}> = {};
      for (const [name, {language, code}] of Object.entries(options.snippets ?? {})) {
        assertLanguageSupported(language, `code-highlighting: snippet "${name}"`);
        snippets[name] = {language, code, html: highlightCodeBlock(code, {language, themes: options.themes})};
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
      const broken = brokenApiLinks(outDir, baseUrl);
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
