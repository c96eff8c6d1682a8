import type {FasterConfig} from '@docusaurus/types';

/**
 * Docusaurus's `future.faster`: Rspack, SWC and Lightning CSS, all of `faster: true`
 * but `ssgWorkerThreads`. Each render thread loads the server bundle again into a
 * heap of its own while Rspack's memory is still held, which set the build's peak;
 * one thread renders no slower on 2 cores (scripts/README.md, "Build memory").
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
