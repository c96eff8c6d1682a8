import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type {ClientModule} from '@docusaurus/types';

/**
 * Registers the service worker once the page has loaded and the browser is idle, so it never
 * competes with the page's downloads (../README.md). Plain `navigator.serviceWorker` code: the PWA
 * plugin's registration loads workbox-window into every page, and the worker's URL never changes here.
 */

// The PWA plugin's worker (the plugin's webpack config sets the URL) reads its mode from `params`.
const WORKER_URL = `${process.env.PWA_SERVICE_WORKER_URL}?params=${encodeURIComponent(JSON.stringify({offlineMode: true}))}`;

function start(): void {
  const controlledAtLoad = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker
    .register(WORKER_URL)
    .then((registration) => {
      offerUpdates(registration);
      return controlledAtLoad ? undefined : saveThisPage();
    })
    // No worker (private mode, storage off) only means no offline copy.
    .catch(() => undefined);
}

/** A new worker waits for the reader: the prompt's "Refresh" lets it take over, then reloads. */
function offerUpdates(registration: ServiceWorkerRegistration): void {
  let offered = false;
  const offer = () => {
    const waiting = registration.waiting;
    if (offered || !waiting || !registration.active) return;
    offered = true;
    import('@docusaurus/plugin-pwa/lib/renderReloadPopup.js')
      .then(({renderReloadPopup}) =>
        renderReloadPopup({
          onReload() {
            navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), {
              once: true,
            });
            waiting.postMessage({type: 'SKIP_WAITING'});
          },
        }),
      )
      // A tab opened before a deploy finds the prompt's chunk gone; the next page load offers it.
      .catch(() => undefined);
  };
  // Found on an earlier visit and still waiting, or found now (this registration's update check, another tab's).
  offer();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer();
    });
  });
}

async function saveThisPage(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  save(registration.active, [location.href, ...loaded]);
}

/** Asks the worker to fetch and keep these URLs of the site, as it keeps what the reader loads. */
function save(worker: ServiceWorker | null | undefined, urls: string[]): void {
  const urlsToCache = urls.filter((url) => new URL(url).origin === location.origin);
  // workbox-routing's message format (Router.addCacheListener in the worker).
  worker?.postMessage({type: 'CACHE_URLS', payload: {urlsToCache}});
}

/**
 * A page opened by a link is drawn from its code alone: its HTML, which a reload needs offline (and
 * search reads as "saved", src/plugins/search/client/unsavedPages.ts), is fetched for the worker.
 */
export const onRouteDidUpdate: ClientModule['onRouteDidUpdate'] = ({location: next, previousLocation}) => {
  if (previousLocation && previousLocation.pathname !== next.pathname && navigator.onLine)
    save(navigator.serviceWorker?.controller, [new URL(next.pathname, location.href).href]);
};

function whenIdle(): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, {timeout: 5_000});
  else setTimeout(start, 1_000);
}

if (ExecutionEnvironment.canUseDOM && 'serviceWorker' in navigator) {
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, {once: true});
}
