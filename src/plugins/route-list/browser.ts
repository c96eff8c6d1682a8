/** The route-list plugin's browser entry: the list the 404 page reads (./index.ts writes it) and how it ranks it. */
import {editDistance} from '../../utils/edit-distance.ts';

/** The file in the build's root. */
export const ROUTE_LIST_FILE = 'routes.json';

/** A page: its path and its title. */
export type RouteEntry = [path: string, title: string];

/** The words of a path: `/usage/sdk/Stream-Ids.html` -> usage, sdk, stream, ids. */
function words(pathname: string): string[] {
  return pathname
    .toLowerCase()
    .replace(/\.html$/, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** How alike two words are, 0 to 1; a word that starts the other counts as alike (`node`, `nodejs`). */
function likeness(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length >= 3 && b.length >= 3 && (a.startsWith(b) || b.startsWith(a))) return 0.8;
  return 1 - editDistance(a, b) / Math.max(a.length, b.length);
}

/**
 * What lying under a page adds to its score: `/guides/nodejs/nope` was most likely meant
 * for `/guides/nodejs`, but a near miss of a page's own name (`classes/StreamrClent`)
 * still goes to that page rather than to the folder above it.
 */
const ANCESTOR_BONUS = 2;

/**
 * The pages whose paths are closest to `asked`: each word of the asked path counts
 * with its best match among the page's words (close matches only), the last word
 * (the page's own name) twice, and the whole paths without their separators are
 * compared too (`node-js` is `nodejs`); a page the asked path lies under gets
 * ANCESTOR_BONUS more; ties go to the shorter path.
 */
export function closestRoutes(asked: string, routes: readonly RouteEntry[], count = 5): RouteEntry[] {
  const askedWords = words(asked);
  if (askedWords.length === 0) return [];
  const askedJoined = askedWords.join('');
  const askedPath = asked
    .toLowerCase()
    .replace(/\.html$/, '')
    .replace(/\/+$/, '');
  const scored = routes.map((route) => {
    const routeWords = words(route[0]);
    const score = askedWords.reduce((sum, word, index) => {
      const best = Math.max(0, ...routeWords.map((other) => likeness(word, other)));
      const weight = index === askedWords.length - 1 ? 2 : 1;
      return sum + (best >= 0.6 ? best * weight : 0);
    }, 0);
    const joined = routeWords.join('');
    const whole = 1 - editDistance(askedJoined, joined) / Math.max(askedJoined.length, joined.length);
    // A page the asked path lies under (or is, but for case, `.html` or a slash) is where the
    // reader was heading; the home page aside, which every path lies under.
    const page = route[0].toLowerCase();
    const ancestor = page !== '/' && (askedPath === page || askedPath.startsWith(`${page}/`));
    return {route, score: score > 0 ? score + 2 * whole + (ancestor ? ANCESTOR_BONUS : 0) : 0};
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.route[0].length - b.route[0].length)
    .slice(0, count)
    .map((entry) => entry.route);
}
