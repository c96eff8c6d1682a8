/**
 * Step 3 of `npm run audit`: serve every build the way a static host does
 * (scripts/serve-build.ts: brotli/gzip, cache headers, clean URLs).
 */
import type {Server} from 'node:http';
import {createStaticServer} from '../serve-build.ts';

export type ServedSite = {server: Server; origin: string};

/** Serves a build on a free port (other audits or test servers may be running). */
export function serve(root: string): Promise<ServedSite> {
  return new Promise((resolve, reject) => {
    const server = createStaticServer({root});
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number};
      resolve({server, origin: `http://127.0.0.1:${port}`});
    });
  });
}

/** The HTTP status a served site answers for a route, redirects not followed. */
export async function statusOf(origin: string, route: string): Promise<number> {
  return (await fetch(`${origin}${route}`, {redirect: 'manual'})).status;
}
