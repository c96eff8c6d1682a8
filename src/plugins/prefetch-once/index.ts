import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Prefetches each JavaScript chunk once. Docusaurus prefetches the chunks of every
 * internal link that scrolls into view (or is hovered), by route: a route's chunks
 * include those of its parent routes, which every docs page shares, so a page with
 * a few dozen visible links appended hundreds of `<link rel="prefetch">` elements for
 * a few dozen files, and prefetched the very chunks the page had just loaded: DOM
 * work on the main thread right after hydration, while the page should be idle.
 *
 * The plugin swaps Docusaurus's prefetch helper (@docusaurus/core/lib/client/prefetch.js,
 * which takes a chunk URL) for ./prefetchChunk.ts, and the `window.docusaurus` object that
 * turns a route into chunk URLs (@docusaurus/core/lib/client/docusaurus.js) for
 * ./docusaurus.ts, which finds a route's chunks in an index built once and does so when the
 * main thread is idle (the stock one scanned every route for every visible link, in one
 * task right after hydration). Which routes are prefetched stays Docusaurus's decision.
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
