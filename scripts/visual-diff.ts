#!/usr/bin/env node
/**
 * `node scripts/visual-diff.ts --base <build> --head <build> [--since <git ref>] [--out <dir>] [routes…]`
 *
 * Pictures of pages before and after a change, and where they differ: each page is rendered from two
 * builds (the pull request's base and head) in Chromium, at desktop and phone width, in light and
 * dark mode, and compared pixel by pixel (pixelmatch), so a reviewer sees what a change did to the
 * pages. Writes the before, after and diff images with a Markdown report into the output folder
 * (default reports/visual-diff), and the report into the job summary when GitHub Actions gives one.
 * The pages are the routes given, else the docs and blog pages changed since `--since` (a pull
 * request's base), else, when only code changed, the pages the audit measures. It reports; it does
 * not fail on a difference.
 */
import {execFileSync} from 'node:child_process';
import {appendFileSync, existsSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {chromium, type Browser} from '@playwright/test';
import pixelmatch from 'pixelmatch';
import {PNG} from 'pngjs';
import {inParallel} from '../src/node/in-parallel.ts';
import {CHROMIUM_LAUNCH_OPTIONS} from './lib/chromium.ts';
import {siteRoutes} from './lib/source-links.ts';
import {serveOnFreePort} from './serve-build.ts';

const VIEWS = [
  {name: 'desktop-light', width: 1280, height: 900, colorScheme: 'light'},
  {name: 'desktop-dark', width: 1280, height: 900, colorScheme: 'dark'},
  {name: 'phone-light', width: 390, height: 844, colorScheme: 'light'},
  {name: 'phone-dark', width: 390, height: 844, colorScheme: 'dark'},
] as const;

export type Comparison = {
  route: string;
  view: string;
  /** Pixels that differ, of `pixels` compared; sizes that differ count every pixel outside the overlap. */
  changed: number;
  pixels: number;
  /** Files under the output folder: before, after and the diff image (when something changed). */
  files: {before: string; after: string; diff?: string};
};

/** Pixels that differ between two PNG images, and the diff image (changes in red on a faded copy). */
export function comparePngs(before: Buffer, after: Buffer): {changed: number; pixels: number; diff?: Buffer} {
  // Chromium encodes the same pixels to the same bytes, and most views of a change are unchanged:
  // those need no decoding, which is most of a comparison's time. (Width and height are in the header.)
  if (before.equals(after)) return {changed: 0, pixels: before.readUInt32BE(16) * before.readUInt32BE(20)};
  const a = PNG.sync.read(before);
  const b = PNG.sync.read(after);
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  // Pages of different heights are compared on a common canvas; the extra area counts as changed.
  const canvas = (image: PNG) => {
    if (image.width === width && image.height === height) return image.data;
    const padded = new PNG({width, height});
    padded.data.fill(0);
    PNG.bitblt(image, padded, 0, 0, image.width, image.height, 0, 0);
    return padded.data;
  };
  const diff = new PNG({width, height});
  const changed = pixelmatch(canvas(a), canvas(b), diff.data, width, height, {threshold: 0.1});
  return {changed, pixels: width * height, diff: PNG.sync.write(diff)};
}

/** A file name for a route: `/usage/identity` → `usage-identity`, `/` → `home`. */
export const routeFileName = (route: string) =>
  route.replace(/^\/|\/$/g, '').replace(/[^\w.-]+/g, '-') || 'home';

async function screenshot(browser: Browser, url: string, view: (typeof VIEWS)[number]): Promise<Buffer> {
  const context = await browser.newContext({
    viewport: {width: view.width, height: view.height},
    colorScheme: view.colorScheme,
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  // The site's colour mode is its own setting (light by default): set it as the switch does.
  await context.addInitScript((mode) => localStorage.setItem('theme', mode), view.colorScheme);
  const page = await context.newPage();
  try {
    await page.goto(url, {waitUntil: 'networkidle'});
    // A busy machine can go network-idle before React hydrates: wait, so base and head show the same state.
    if ((await page.locator('#__docusaurus').count()) > 0)
      await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 20_000});
    // Hide what moves on its own (the caret of a focused box, animations) so that only changes show.
    await page.addStyleTag({
      content:
        '*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }',
    });
    return await page.screenshot({fullPage: true});
  } finally {
    await context.close();
  }
}

/** Route-and-view pairs rendered at once, each from both builds. */
const PAGES_AT_ONCE = 2;

/** Serves a build on a free port for as long as `use` runs. */
async function served<T>(root: string, use: (origin: string) => Promise<T>): Promise<T> {
  if (!existsSync(path.join(root, 'index.html')))
    throw new Error(`No build in "${root}": run npm run build there first.`);
  const {server, origin} = await serveOnFreePort(root);
  try {
    return await use(origin);
  } finally {
    server.close();
  }
}

/** Renders each route of both builds in each view, compares them, and writes the images into `outDir`. */
export async function visualDiff({
  base,
  head,
  routes,
  outDir,
}: {
  base: string;
  head: string;
  routes: string[];
  outDir: string;
}): Promise<Comparison[]> {
  mkdirSync(outDir, {recursive: true});
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    return await served(base, (baseOrigin) =>
      served(head, async (headOrigin) => {
        const jobs = routes.flatMap((route) => VIEWS.map((view) => ({route, view})));
        // Most of a screenshot's time is waiting for the page to settle, so a few run at once.
        return inParallel(jobs, PAGES_AT_ONCE, async ({route, view}): Promise<Comparison> => {
          const stem = `${routeFileName(route)}.${view.name}`;
          const [before, after] = await Promise.all([
            screenshot(browser, baseOrigin + route, view),
            screenshot(browser, headOrigin + route, view),
          ]);
          const files: Comparison['files'] = {before: `${stem}.before.png`, after: `${stem}.after.png`};
          writeFileSync(path.join(outDir, files.before), before);
          writeFileSync(path.join(outDir, files.after), after);
          const {changed, pixels, diff} = comparePngs(before, after);
          if (changed && diff) {
            files.diff = `${stem}.diff.png`;
            writeFileSync(path.join(outDir, files.diff), diff);
          }
          return {route, view: view.name, changed, pixels, files};
        });
      }),
    );
  } finally {
    await browser.close();
  }
}

/** The comparisons as a Markdown table for a job summary: changed views first. */
export function visualDiffReport(comparisons: Comparison[]): string {
  const changed = comparisons.filter((comparison) => comparison.changed);
  const rows = [...changed, ...comparisons.filter((comparison) => !comparison.changed)].map(
    ({route, view, changed: pixels, pixels: total, files}) =>
      `| \`${route}\` | ${view} | ${pixels ? `${pixels} px (${((100 * pixels) / total).toFixed(2)} %)` : 'no change'} | ${files.diff ?? ''} |`,
  );
  return [
    `## Visual diff: ${changed.length} of ${comparisons.length} page views changed`,
    '',
    'Before, after and diff images are in the `visual-diff` artifact.',
    '',
    '| Page | View | Changed pixels | Diff image |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** The pages `npm run audit` measures: what a change of site code is most likely to show on. */
const DEFAULT_ROUTES = ['/', '/guides/nodejs', '/usage/sdk/api/classes/StreamrClient', '/search'];

/** Routes of the docs and blog pages changed since `ref`. */
function changedRoutes(ref: string): string[] {
  const changed = new Set(
    execFileSync('git', ['diff', '--name-only', `${ref}...HEAD`, '--', 'docs', 'blog'], {encoding: 'utf8'})
      .split('\n')
      .filter(Boolean)
      .map((file) => path.resolve(file)),
  );
  return [...siteRoutes(process.cwd())]
    .filter(([, target]) => target.file && changed.has(path.resolve(target.file)))
    .map(([route]) => route)
    .sort();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const {values, positionals} = parseArgs({
    allowPositionals: true,
    options: {
      base: {type: 'string'},
      head: {type: 'string', default: 'build'},
      since: {type: 'string'},
      out: {type: 'string', default: 'reports/visual-diff'},
    },
  });
  if (!values.base) {
    console.error(
      'Usage: node scripts/visual-diff.ts --base <build> [--head build] [--since <git ref>] [routes…]',
    );
    process.exit(2);
  }
  const fromChanges = values.since ? changedRoutes(values.since) : [];
  const routes = positionals.length ? positionals : fromChanges.length ? fromChanges : DEFAULT_ROUTES;
  console.log(`Visual diff of ${routes.length} page(s): ${routes.join(', ')}`);
  const comparisons = await visualDiff({base: values.base, head: values.head!, routes, outDir: values.out!});
  const report = visualDiffReport(comparisons);
  writeFileSync(path.join(values.out!, 'report.md'), report);
  writeFileSync(path.join(values.out!, 'comparisons.json'), JSON.stringify(comparisons, null, 2));
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, report);
  console.log(report);
}
