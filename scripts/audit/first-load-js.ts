// @ts-check
/**
 * First-load JavaScript of a page: every script the browser fetches to show and
 * hydrate the page in a fresh tab (entry bundles plus the route's lazy chunks),
 * and nothing fetched for later (Docusaurus prefetches linked pages with
 * `<link rel=prefetch>`, which the browser reports as type "other", not "script").
 *
 * Sizes are computed from the files in the build, compressed the way
 * scripts/serve-build.mjs serves them (brotli quality 11, gzip level 9), so the
 * number is the same on every machine and does not depend on which encoding a
 * browser happens to ask for (Chromium offers brotli only over HTTPS).
 */
import {promises as fs} from 'node:fs';
import path from 'node:path';
import {compressBody} from './compress.mjs';

/**
 * @typedef {{raw: number, gzip: number, brotli: number}} Sizes
 * @typedef {{file: string, url: string} & Sizes} ScriptSize
 * @typedef {{url: string, scripts: ScriptSize[], total: Sizes}} FirstLoadJs
 */

/**
 * Sizes of one file: as stored, and compressed as the static server sends it.
 * @param {Buffer} body
 * @returns {Sizes}
 */
export function compressedSizes(body) {
  return {
    raw: body.length,
    gzip: compressBody(body, 'gzip').length,
    brotli: compressBody(body, 'br').length,
  };
}

/**
 * Adds up sizes.
 * @param {Sizes[]} sizes
 * @returns {Sizes}
 */
export function sumSizes(sizes) {
  return sizes.reduce(
    (sum, s) => ({raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli}),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  );
}

/**
 * Which file of the build a same-origin script URL is, or undefined for
 * anything else (other origins, data: URLs, paths outside the build).
 * @param {string} scriptUrl
 * @param {{origin: string, baseUrl?: string, buildDir: string}} site
 */
export function buildFileOf(scriptUrl, {origin, baseUrl = '/', buildDir}) {
  const url = new URL(scriptUrl);
  if (url.origin !== origin || !url.pathname.startsWith(baseUrl)) return undefined;
  const relative = path.posix.normalize(decodeURIComponent(url.pathname.slice(baseUrl.length)));
  if (relative.startsWith('..')) return undefined;
  return path.join(buildDir, relative);
}

/**
 * Loads `url` in `page` (which should belong to a fresh browser context, so
 * nothing is cached) and measures the JavaScript it needs.
 * @param {import('@playwright/test').Page} page
 * @param {string} url absolute URL
 * @param {{buildDir: string, baseUrl?: string}} site
 * @returns {Promise<FirstLoadJs>}
 */
export async function measureFirstLoadJs(page, url, {buildDir, baseUrl = '/'}) {
  const origin = new URL(url).origin;
  /** @type {Set<string>} */
  const requested = new Set();
  /** @param {import('@playwright/test').Request} request */
  const onRequest = (request) => {
    if (request.resourceType() === 'script') requested.add(request.url());
  };
  page.on('request', onRequest);
  try {
    await page.goto(url, {waitUntil: 'load'});
    // Route chunks load before hydration; wait until the network has been quiet.
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('request', onRequest);
  }
  /** @type {ScriptSize[]} */
  const scripts = [];
  for (const scriptUrl of [...requested].sort()) {
    const file = buildFileOf(scriptUrl, {origin, baseUrl, buildDir});
    if (!file) throw new Error(`${url} loads a script that is not part of the build: ${scriptUrl}`);
    const body = await fs.readFile(file);
    scripts.push({
      file: path.relative(buildDir, file).split(path.sep).join('/'),
      url: scriptUrl,
      ...compressedSizes(body),
    });
  }
  return {url, scripts, total: sumSizes(scripts)};
}
