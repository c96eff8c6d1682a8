import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

/**
 * Registers the service worker once the page has loaded and the browser is
 * idle, so it never competes with the page's own downloads; the registration
 * code of `@docusaurus/plugin-pwa` (which also shows the reload prompt when a
 * new version waits) is a chunk of its own, loaded only then. A page that
 * loaded before a service worker controlled it (the first visit) hands the
 * worker the URLs it fetched, so that page, too, opens offline later.
 */
function start(): void {
  const controlledAtLoad = navigator.serviceWorker.controller !== null;
  // workbox-window first: the registration code imports it too, and would log its failure as an error.
  // A tab opened before a deploy finds these chunks gone; it registers on its next page load instead.
  import('workbox-window')
    .then(() => import('@docusaurus/plugin-pwa/lib/registerSw.js'))
    .then(() => (controlledAtLoad ? undefined : saveThisPage()))
    .catch(() => undefined);
}

async function saveThisPage(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  const urlsToCache = [location.href, ...loaded].filter((url) => new URL(url).origin === location.origin);
  // workbox-routing's message format (Router.addCacheListener in the worker).
  registration.active?.postMessage({type: 'CACHE_URLS', payload: {urlsToCache}});
}

function whenIdle(): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, {timeout: 5_000});
  else setTimeout(start, 1_000);
}

if (ExecutionEnvironment.canUseDOM && 'serviceWorker' in navigator) {
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, {once: true});
}
