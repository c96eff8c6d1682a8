/**
 * Step 4 of `npm run audit`, also used by the byte-budget browser test: the
 * first-load JavaScript of a page, every script a fresh tab fetches to show and
 * hydrate it (prefetches of linked pages are type "other", so not counted).
 * Service workers are allowed, as in a visitor's browser, so the offline
 * registration code (src/plugins/offline) is counted. Sizes come from the
 * build's files, compressed as scripts/serve-build.ts serves them, so they are
 * the same on every machine whatever encoding a browser asks for.
 */
import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {Browser, Page, Request} from '@playwright/test';
import {compressBody} from '../lib/compress.ts';

export type Sizes = {raw: number; gzip: number; brotli: number};
export type ScriptSize = {file: string; url: string} & Sizes;
export type FirstLoadJs = {url: string; scripts: ScriptSize[]; total: Sizes};

/** Sizes of one file: as stored, and compressed as the static server sends it. */
export function compressedSizes(body: Buffer): Sizes {
  return {raw: body.length, gzip: compressBody(body, 'gzip').length, brotli: compressBody(body, 'br').length};
}

/** Adds up sizes. */
export function sumSizes(sizes: Sizes[]): Sizes {
  return sizes.reduce(
    (sum, s) => ({raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli}),
    {raw: 0, gzip: 0, brotli: 0},
  );
}

/**
 * Which file of the build a same-origin script URL is, or undefined for
 * anything else (other origins, data: URLs, paths outside the build).
 */
export function buildFileOf(scriptUrl: string, {origin, buildDir}: {origin: string; buildDir: string}) {
  const url = new URL(scriptUrl);
  if (url.origin !== origin) return undefined;
  const relative = path.posix.normalize(decodeURIComponent(url.pathname.slice(1)));
  if (relative.startsWith('..')) return undefined;
  return path.join(buildDir, relative);
}

/**
 * Loads `url` (absolute) in `page`, which should belong to a fresh browser
 * context so nothing is cached, and measures the JavaScript it needs.
 */
export async function measureFirstLoadJs(page: Page, url: string, {buildDir}: {buildDir: string}) {
  const origin = new URL(url).origin;
  const requested = new Set<string>();
  const onRequest = (request: Request) => {
    if (request.resourceType() === 'script') requested.add(request.url());
  };
  page.on('request', onRequest);
  try {
    await page.goto(url, {waitUntil: 'load'});
    // Network quiet alone ends too early on a busy machine, while the entry script
    // still runs and has not asked for the route's chunks: wait for hydration first.
    await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached', timeout: 120_000});
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('request', onRequest);
  }
  const scripts: ScriptSize[] = [];
  for (const scriptUrl of [...requested].sort()) {
    const file = buildFileOf(scriptUrl, {origin, buildDir});
    if (!file) throw new Error(`${url} loads a script that is not part of the build: ${scriptUrl}`);
    const relative = path.relative(buildDir, file).split(path.sep).join('/');
    scripts.push({file: relative, url: scriptUrl, ...compressedSizes(await fs.readFile(file))});
  }
  return {url, scripts, total: sumSizes(scripts)} satisfies FirstLoadJs;
}

/** Measures `url` in a fresh context of `browser` (empty cache), closing the context after. */
export async function measureInFreshContext(
  browser: Browser,
  url: string,
  buildDir: string,
): Promise<FirstLoadJs> {
  const context = await browser.newContext();
  try {
    return await measureFirstLoadJs(await context.newPage(), url, {buildDir});
  } finally {
    await context.close();
  }
}
