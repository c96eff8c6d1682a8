/**
 * The site's caching rules, run inside the PWA plugin's service worker (its `swCustom` module,
 * called with the plugin's parameters). Nothing is precached: what a reader fetches is kept as they
 * read. The build strips this file's types for the plugin, so it imports packages only.
 */
import {Route, Router} from 'workbox-routing';
import {CacheFirst, NetworkFirst, StaleWhileRevalidate, type Strategy} from 'workbox-strategies';
import {ExpirationPlugin} from 'workbox-expiration';

/**
 * - `asset`: files under `assets/`, named by content hash, never change: cache first.
 * - `page`: HTML, fresh from the network when there is one, else the saved copy.
 * - `data`: the search index, Markdown twins, llms.txt: network first too (their names carry no hash).
 * - `static`: anything else of the site (icons, images in `img/`): the saved copy, refreshed in the background.
 */
export type CachePolicy = 'asset' | 'page' | 'data' | 'static';

export const CACHE_PREFIX = 'streamr-docs';

/** Which rule a GET request follows; undefined: not ours (other origins, the worker script itself). */
export function cachePolicy(url: URL, scope: URL, navigation: boolean): CachePolicy | undefined {
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return undefined;
  const path = url.pathname.slice(scope.pathname.length);
  if (path === 'sw.js') return undefined;
  if (navigation) return 'page';
  if (path.startsWith('assets/')) return 'asset';
  if (/\.(md|txt|json)$/.test(path)) return 'data';
  // `guides/nodejs`, `guides/nodejs.html`, the home page `''`: also when the page asks to keep its own URL.
  if (path === '' || path.endsWith('.html') || !/\.[A-Za-z0-9]+$/.test(path.split('/').pop() ?? ''))
    return 'page';
  return 'static';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** What a page that was never saved shows offline: a page of its own, in the reader's system colors. */
export function offlinePage(url: string, home: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Offline | Streamr Docs</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style>
</head>
<body>
<main>
<h1>You are offline</h1>
<p>This page has not been saved on this device yet: <code>${escapeHtml(url)}</code></p>
<p>The pages you have read before open without a connection. Connect to the internet to read this one.</p>
<p><a href="${escapeHtml(home)}">Streamr Docs home page</a></p>
</main>
</body>
</html>
`;
}

type Params = {offlineMode: boolean; debug: boolean};

/** What this file uses of the worker's global scope (TypeScript's DOM library has no worker types). */
type WorkerScope = {
  registration: {scope: string; waiting: {postMessage(message: unknown): void} | null};
  clients: {claim(): Promise<void>};
  addEventListener(
    type: 'activate',
    listener: (event: {waitUntil(work: Promise<unknown>): void}) => void,
  ): void;
  addEventListener(type: 'message', listener: (event: {data: unknown}) => void): void;
};

type SkipWaiting = {type: 'SKIP_WAITING'; forwarded?: boolean};

const isSkipWaiting = (data: unknown): data is SkipWaiting =>
  typeof data === 'object' && data !== null && (data as {type?: unknown}).type === 'SKIP_WAITING';

export default function offlineCaching({offlineMode}: Params): void {
  if (!offlineMode) return;
  const worker = self as unknown as WorkerScope;
  const scope = new URL(worker.registration.scope);
  const expiring = (maxEntries: number) => [new ExpirationPlugin({maxEntries, purgeOnQuotaError: true})];
  const strategies: Record<CachePolicy, Strategy> = {
    // Every deploy brings new hashed names; the oldest go first.
    asset: new CacheFirst({cacheName: `${CACHE_PREFIX}-assets`, plugins: expiring(1000)}),
    page: new NetworkFirst({cacheName: `${CACHE_PREFIX}-pages`, plugins: expiring(300)}),
    data: new NetworkFirst({cacheName: `${CACHE_PREFIX}-data`, plugins: expiring(300)}),
    static: new StaleWhileRevalidate({cacheName: `${CACHE_PREFIX}-static`, plugins: expiring(200)}),
  };
  const router = new Router();
  for (const [policy, strategy] of Object.entries(strategies)) {
    router.registerRoute(
      new Route(
        ({url, request}) => cachePolicy(url, scope, request.mode === 'navigate') === policy,
        strategy,
      ),
    );
  }
  router.setCatchHandler(async ({request, url}) =>
    request.mode === 'navigate'
      ? new Response(offlinePage(url.href, scope.href), {
          status: 503,
          headers: {'Content-Type': 'text/html; charset=utf-8'},
        })
      : Response.error(),
  );
  router.addFetchListener();
  // The page sends the URLs it loaded before this worker controlled it (src/plugins/offline/browser/register.ts).
  router.addCacheListener();
  // Control the open tab at once, so the pages read next are saved too; an update waits for the reader (the reload prompt).
  worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));
  // "Refresh" in the reload prompt sends SKIP_WAITING to the waiting worker (./browser/register.ts). Pages
  // still running the PWA plugin's registration code (open since an older deploy) send it to the worker
  // they registered, the active, old one when the browser found the update by itself: pass the request
  // on (once; the PWA plugin's own listener in the waiting worker does the rest).
  worker.addEventListener('message', ({data}) => {
    if (!isSkipWaiting(data) || data.forwarded) return;
    worker.registration.waiting?.postMessage({type: 'SKIP_WAITING', forwarded: true} satisfies SkipWaiting);
  });
}
