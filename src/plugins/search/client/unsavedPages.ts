import type {RenderProfile} from './sanitize.ts';

/**
 * Offline (src/plugins/offline), hits may be pages this device never saved. They get `unsaved: true`
 * (the dialog adds the note and opens them as a whole page, the service worker's "You are offline",
 * not as a route change that fails); on the /search page the note ends the hit's HTML title.
 */
export const UNSAVED_NOTE = 'Not saved for offline reading';

type Hit = Record<string, unknown>;

export async function markUnsavedPages(hits: Hit[], profile: RenderProfile): Promise<Hit[]> {
  if (navigator.onLine || !navigator.serviceWorker?.controller || typeof caches === 'undefined') return hits;
  return Promise.all(
    hits.map(async (hit) => {
      // Index URLs name the production site; the service worker saved this origin's pages.
      const page = new URL(new URL(String(hit.url)).pathname, location.origin).href;
      if (await caches.match(page)) return hit;
      const titles = (hit._highlightResult as {hierarchy?: Record<string, {value: string}>} | undefined)
        ?.hierarchy;
      // The stock page's title is the last of these (its SearchPage takes `titles.pop()`).
      const title = profile === 'page' && titles && Object.values(titles).at(-1);
      if (title) title.value += ` <span class="docs-search-unsaved">${UNSAVED_NOTE}</span>`;
      return {...hit, unsaved: true};
    }),
  );
}
