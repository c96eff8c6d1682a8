import {globSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** The build-time code docusaurus.config.ts imports (tests/unit/build-cache.test.ts walks its imports). */
const SOURCES = [
  '{config,src/build-output,src/markdown,src/node,src/plugins,src/utils}/**',
  'src/theme/Mermaid/*.ts',
];

/**
 * Rspack drops its persistent cache when a `buildDependencies` file changes, but does not follow the imports of
 * docusaurus.config.ts: after an edit to a local plugin or config/, a build reused modules compiled the old way.
 */
export default function buildCachePlugin({siteDir}: LoadContext): Plugin {
  return {
    name: 'build-cache',
    configureWebpack(config) {
      if (typeof config.experiments?.cache !== 'object') return {}; // none, or the dev server's memory cache
      const files = globSync(SOURCES, {cwd: siteDir, withFileTypes: true}).filter((file) => file.isFile());
      const buildDependencies = files.map((file) => path.join(file.parentPath, file.name));
      return {experiments: {cache: {buildDependencies}}};
    },
  };
}
