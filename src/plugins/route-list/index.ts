import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {htmlFileOf} from '../../build-output/index.ts';
import {ROUTE_LIST_FILE, type RouteEntry} from './browser.ts';

/**
 * Writes the site's pages, path and title, to `routes.json` for the 404 page, which
 * offers the closest ones: a file fetched there only, not global data in every page.
 */
export default function routeListPlugin(): Plugin {
  return {
    name: 'route-list',
    async postBuild({outDir, routesPaths, baseUrl}) {
      const routes: RouteEntry[] = [];
      for (const route of new Set(routesPaths)) {
        const local = route.slice(baseUrl.length).replace(/\/$/, '');
        if (local === '404.html' || local.startsWith('dogfood')) continue;
        // A route without a titled page of its own (a redirect, a client-only route) is not worth offering.
        const html = await readFile(path.join(outDir, htmlFileOf(route, baseUrl)), 'utf8').catch(
          () => undefined,
        );
        const title = html && /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];
        if (title) routes.push([route, decodeEntities(title.replace(/ \| Streamr Docs$/, ''))]);
      }
      routes.sort((a, b) => a[0].localeCompare(b[0]));
      await writeFile(path.join(outDir, ROUTE_LIST_FILE), JSON.stringify(routes));
    },
  };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
