import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Swaps theme-common's `useWindowSize` hook for ./useWindowSize.ts, which reports
 * the same sizes but hands the first one to React as a transition.
 *
 * The server renders every page for size "ssr" (desktop sidebar and table of
 * contents). On a phone the hook switches to "mobile" right after hydration,
 * which removes the desktop sidebar and table of contents and mounts the mobile
 * menu. Docusaurus sets that state as an ordinary update, which React renders in
 * one uninterruptible task, long on pages with a big sidebar, while the page is
 * already visible and should answer taps. As a transition the same work is split
 * into short slices.
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
