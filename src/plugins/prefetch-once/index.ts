import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Prefetches each JavaScript chunk once. Docusaurus prefetches the chunks of every
 * internal link that scrolls into view or is hovered, by route; a route's chunks
 * include its parent routes', which every docs page shares, so a page with a few
 * dozen visible links added hundreds of `<link rel="prefetch">`s for a few dozen
 * files, right after hydration, the page's own chunks among them. The plugin swaps
 * Docusaurus's prefetch helper for ./prefetchChunk.ts and its `window.docusaurus`
 * for ./docusaurus.ts; which routes are prefetched stays Docusaurus's decision.
 */
export default function prefetchOncePlugin(): Plugin {
  return {
    name: 'prefetch-once',
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]prefetch(\.js)?$/,
            path.join(__dirname, 'prefetchChunk.ts'),
          ),
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]docusaurus(\.js)?$/,
            path.join(__dirname, 'docusaurus.ts'),
          ),
        ],
      };
    },
  };
}
