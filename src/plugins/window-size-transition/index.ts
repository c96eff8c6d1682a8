import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Swaps theme-common's `useWindowSize` hook for ./useWindowSize.ts, which sets the
 * same sizes as a transition. On a phone the switch from "ssr" to "mobile" right
 * after hydration re-renders most of the page; as an ordinary update that is one
 * long task while the page should already answer taps, as a transition short slices.
 */
export default function windowSizeTransitionPlugin(): Plugin {
  return {
    name: 'window-size-transition',
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /@docusaurus[\\/]theme-common[\\/]lib[\\/]hooks[\\/]useWindowSize(\.js)?$/,
            path.join(__dirname, 'useWindowSize.ts'),
          ),
        ],
      };
    },
  };
}
