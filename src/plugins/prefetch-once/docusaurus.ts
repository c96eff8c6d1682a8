/**
 * Stands in for Docusaurus's `window.docusaurus` (@docusaurus/core/lib/client/docusaurus.js,
 * see ./index.ts), with the same contract: `prefetch(path)` fetches the chunks of
 * a route a link points to, `preload(path)` loads them before a navigation; both
 * return false when there is nothing to do. `preload` is Docusaurus's own helper.
 * Docusaurus's Link calls `prefetch` for every visible link at once after hydration,
 * and the stock one scanned the whole route table for each; here the table is
 * indexed once, and the lookup runs when the main thread is idle.
 */
import {matchRoutes} from 'react-router-config';
import routes from '@generated/routes';
import routesChunkNames from '@generated/routesChunkNames';
import flat from '@docusaurus/core/lib/client/flat';
import preloadRoute from '@docusaurus/core/lib/client/preload';
import prefetchChunk, {whenIdle} from './prefetchChunk.ts';

/** Added by Docusaurus's ChunkAssetPlugin: the URL of a chunk, by name. */
declare const __webpack_require__: {gca(chunkName: string): string | undefined};

const prefetched = new Set<string>();
const preloaded = new Set<string>();

/** The Network Information API, where the browser has it. */
type WithConnection = Navigator & {connection?: {effectiveType: string; saveData: boolean}};

// Like Docusaurus: nothing speculative on a slow or data-saving connection.
const constrainedConnection = () => {
  const {connection} = navigator as WithConnection;
  return Boolean(connection?.effectiveType.includes('2g') || connection?.saveData);
};

let chunkNamesByRoute: Map<string, string[]> | undefined;

/** The chunk names of one route path, from the table built on first use. */
function chunkNamesOf(routePath: string): string[] {
  if (!chunkNamesByRoute) {
    chunkNamesByRoute = new Map();
    for (const [key, chunks] of Object.entries(routesChunkNames)) {
      // Keys are the route's path, a dash and a hash: `/guides/nodejs-3a4`.
      const route = key.replace(/-[^-]+$/, '');
      const names = chunkNamesByRoute.get(route) ?? [];
      names.push(...Object.values(flat(chunks)));
      chunkNamesByRoute.set(route, names);
    }
  }
  return chunkNamesByRoute.get(routePath) ?? [];
}

function prefetchRoute(routePath: string): Promise<void[]> {
  const names = matchRoutes(routes, routePath).flatMap((match) => chunkNamesOf(match.route.path ?? ''));
  return Promise.all(
    names.map((name) => {
      const url = __webpack_require__.gca(name);
      // A chunk webpack merged into another one has no URL of its own.
      return url && !url.includes('undefined') ? prefetchChunk(url) : Promise.resolve();
    }),
  );
}

function prefetch(routePath: string): false | Promise<void[]> {
  if (constrainedConnection() || preloaded.has(routePath) || prefetched.has(routePath)) return false;
  prefetched.add(routePath);
  return new Promise((resolve) => whenIdle(() => resolve(prefetchRoute(routePath))));
}

function preload(routePath: string): false | Promise<void[]> {
  if (constrainedConnection() || preloaded.has(routePath)) return false;
  preloaded.add(routePath);
  return preloadRoute(routePath);
}

export default Object.freeze({prefetch, preload});
