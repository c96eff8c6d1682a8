import type {FasterConfig} from '@docusaurus/types';

/**
 * Docusaurus's `future.faster` options: Rspack, SWC and Lightning CSS (far
 * faster cold builds than webpack and Babel), all of `faster: true` except one.
 *
 * `ssgWorkerThreads: false`: the pages are rendered on the build's main thread,
 * not on a pool of worker threads. Each thread is a V8 isolate that loads the
 * server bundle again and keeps a heap of its own, and the pool runs while the
 * bundler's memory (which Rspack does not give back) is still held, so it set
 * the build's peak memory. One thread renders this site's pages no slower: on a
 * 2-core machine two threads compete with each other and with the rest of the
 * build (scripts/README.md, "Build memory").
 */
export const faster: FasterConfig = {
  swcJsLoader: true,
  swcJsMinimizer: true,
  swcHtmlMinimizer: true,
  lightningCssMinimizer: true,
  mdxCrossCompilerCache: true,
  rspackBundler: true,
  rspackPersistentCache: true,
  gitEagerVcs: true,
  ssgWorkerThreads: false,
};
