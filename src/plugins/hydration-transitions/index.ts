import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Swaps two framework modules whose state changes right after hydration for ones that
 * change it in a transition: core's `browserContext` (useIsBrowser; every BrowserOnly,
 * such as each code block's buttons, mounts then) and theme-common's `useWindowSize`
 * (on a phone "ssr" becomes "mobile", which re-renders most of the page). As ordinary
 * updates, React renders them all in one long task while the page should already answer
 * taps; as transitions, in short slices.
 */
export default function hydrationTransitionsPlugin(): Plugin {
  return {
    name: 'hydration-transitions',
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
        ],
      };
    },
  };
}
