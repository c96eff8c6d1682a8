import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The magic comment, on the first line of each entry bundle. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Each stock module (its path under @docusaurus/) and the file here that replaces it. */
const REPLACED_MODULES: Array<[RegExp, string]> = [
  [/theme-common[\\/]lib[\\/]hooks[\\/]useWindowSize(\.js)?$/, 'useWindowSize.ts'],
  [/core[\\/]lib[\\/]client[\\/]browserContext(\.js)?$/, 'browserContext.tsx'],
  // These two wrap the stock module, imported with a query these patterns do not match.
  [/core[\\/]lib[\\/]client[\\/]preload(\.js)?$/, 'preload.ts'],
  [/core[\\/]lib[\\/]client[\\/]exports[\\/]ComponentCreator(\.js)?$/, 'ComponentCreator.ts'],
];

/**
 * Keeps the page's work around hydration in short tasks by swapping four framework modules
 * (src/theme/README.md, "Replaced framework and DocSearch modules", says what each does and why),
 * and by marking the entry bundles for V8 to compile whole while they download.
 */
export default function hydrationTasksPlugin(): Plugin {
  return {
    name: 'hydration-tasks',
    configureWebpack(_config, isServer, {currentBundler}) {
      const {BannerPlugin, Compilation, NormalModuleReplacementPlugin} = currentBundler.instance;
      // V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints): the entry bundles'
      // functions, nearly all called while the page hydrates, are compiled off the main thread as the file
      // streams in, not one by one in the page's first long task. Added after the minifier, which drops
      // comments, and not to the entry's stylesheet, where `//` is no comment.
      const compileHint = new BannerPlugin({
        banner: COMPILE_HINT,
        raw: true,
        entryOnly: true,
        test: /\.js$/,
        stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
      });
      return {
        plugins: [
          ...(isServer ? [] : [compileHint]),
          ...REPLACED_MODULES.map(
            ([stock, file]) =>
              new NormalModuleReplacementPlugin(
                new RegExp(`@docusaurus[\\\\/]${stock.source}`),
                path.join(__dirname, file),
              ),
          ),
        ],
      };
    },
  };
}
