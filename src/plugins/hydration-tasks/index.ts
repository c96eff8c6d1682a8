import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Keeps the page's work around hydration in short tasks by swapping four framework modules
 * (src/theme/README.md, "Replaced framework and DocSearch modules", says what each does and why).
 */
export default function hydrationTasksPlugin(): Plugin {
  return {
    name: 'hydration-tasks',
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /@docusaurus[\\/]theme-common[\\/]lib[\\/]hooks[\\/]useWindowSize(\.js)?$/,
            path.join(__dirname, 'useWindowSize.ts'),
          ),
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]browserContext(\.js)?$/,
            path.join(__dirname, 'browserContext.tsx'),
          ),
          // These two wrap the stock module, imported with a query these patterns do not match.
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]preload(\.js)?$/,
            path.join(__dirname, 'preload.ts'),
          ),
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]exports[\\/]ComponentCreator(\.js)?$/,
            path.join(__dirname, 'ComponentCreator.ts'),
          ),
        ],
      };
    },
  };
}
