/**
 * Steps 3 to 5 of `npm run audit` and of `--against`: every build served the way
 * a static host serves it (scripts/serve-build.ts: brotli/gzip, cache headers,
 * clean URLs), then measured alike: which audited routes it has (a missing page is
 * reported, never measured as something else), the first-load JavaScript of each
 * (first-load-js.ts) and Lighthouse runs interleaved across sites and routes.
 */
import type {Server} from 'node:http';
import path from 'node:path';
import {serveOnFreePort} from '../serve-build.ts';
import {measureInFreshContext, type FirstLoadJs} from './first-load-js.ts';
import {
  aggregateRuns,
  launchChromium,
  runLighthouse,
  summarizeLhr,
  type Medians,
  type RunSummary,
} from './lighthouse.ts';

/** A site to measure: its build and the routes to audit on it. */
export type Site = {key: string; buildDir: string; routes: string[]};
/** What was measured on a site, by route. */
export type SiteResult = {
  missing: Record<string, string>;
  firstLoadJs: Record<string, FirstLoadJs>;
  medians: Record<string, Medians>;
};
/** One Lighthouse run of a URL; `name` names its raw reports. */
export type MeasureRun = (url: string, name: string) => Promise<RunSummary>;

/** A file-name-safe key for a route. */
const slug = (route: string) =>
  route === '/' ? 'home' : route.replace(/^\//, '').replace(/[^a-zA-Z0-9]+/g, '-');

/**
 * Lighthouse medians of each site's routes. The targets go route by route, each
 * site in turn (A, B, A, B, …), and every run goes through all of them before the
 * next run begins, so a burst of machine noise falls on every site alike.
 */
export async function lighthouseAcross(
  routes: Record<string, string[]>,
  origins: Record<string, string>,
  runs: number,
  measure: MeasureRun,
): Promise<Record<string, Record<string, Medians>>> {
  const keys = Object.keys(routes);
  const targets = [...new Set(Object.values(routes).flat())].flatMap((route) =>
    keys
      .filter((key) => routes[key].includes(route))
      .map((site) => ({site, route, runs: [] as RunSummary[]})),
  );
  for (let run = 1; run <= runs; run++)
    for (const target of targets) {
      const name = `${target.site}-${slug(target.route)}-run${run}`;
      target.runs.push(await measure(`${origins[target.site]}${target.route}`, name));
    }
  const medians = Object.fromEntries(keys.map((key) => [key, {} as Record<string, Medians>]));
  for (const target of targets) medians[target.site][target.route] = aggregateRuns(target.runs);
  return medians;
}

type MeasureSitesOptions = {projectDir: string; sites: Site[]; runs: number; chrome: string; rawDir: string};

/** Serves every site and measures it; raw Lighthouse reports go to `rawDir`. */
export async function measureSites({
  projectDir,
  sites,
  runs,
  chrome,
  rawDir,
}: MeasureSitesOptions): Promise<Record<string, SiteResult>> {
  const served: Record<string, {server: Server; origin: string}> = {};
  try {
    const results: Record<string, SiteResult> = {};
    const present: Record<string, string[]> = {};
    for (const {key, buildDir, routes} of sites) {
      served[key] = await serveOnFreePort(buildDir);
      results[key] = {missing: {}, firstLoadJs: {}, medians: {}};
      present[key] = [];
      for (const route of routes) {
        const {status} = await fetch(`${served[key].origin}${route}`, {redirect: 'manual'});
        if (status === 200) present[key].push(route);
        else results[key].missing[route] = `HTTP ${status}: the page is not in this build`;
      }
    }
    // Deterministic; also has the server compress (and cache) what Lighthouse will fetch.
    const browser = await launchChromium(chrome);
    try {
      for (const {key, buildDir} of sites)
        for (const route of present[key]) {
          const url = `${served[key].origin}${route}`;
          results[key].firstLoadJs[route] = await measureInFreshContext(browser, url, buildDir);
        }
    } finally {
      await browser.close();
    }
    const origins = Object.fromEntries(sites.map(({key}) => [key, served[key].origin]));
    const medians = await lighthouseAcross(present, origins, runs, async (url, name) => {
      process.stdout.write(`Lighthouse ${name}: `);
      const lhr = await runLighthouse({projectDir, url, chrome, outBase: path.join(rawDir, name)});
      const summary = summarizeLhr(lhr);
      console.log(`performance ${summary.scores.performance}`);
      return summary;
    });
    for (const {key} of sites) results[key].medians = medians[key];
    return results;
  } finally {
    for (const {server} of Object.values(served)) server.close();
  }
}
