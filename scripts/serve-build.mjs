#!/usr/bin/env node
// @ts-check
/**
 * Serves the production build the way static hosts (GitHub Pages, Netlify,
 * Cloudflare Pages) do, so browser tests and audits see what visitors get:
 * - clean URLs: `/guides/nodejs` serves `guides/nodejs.html`; `/x/` redirects to `/x`;
 *   `/x.html` and `/x/index.html` are served too (the client shows the clean page);
 * - brotli or gzip for text, by the request's Accept-Encoding;
 * - long-lived caching for content-hashed assets, revalidation for HTML;
 * - `404.html` with status 404 for anything else.
 *
 * Usage: node scripts/serve-build.mjs [--dir build] [--port 3000] [--host 127.0.0.1]
 * The base URL comes from BASE_URL, as in the build.
 */
import {createServer} from 'node:http';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {compressBody} from './lib/compress.mjs';

/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.xml',
  '.txt',
  '.md',
  '.svg',
  '.map',
]);

/**
 * @param {string} file
 * @returns {Promise<boolean>}
 */
async function isFile(file) {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Maps a URL path (already stripped of the base URL, starting with `/`) to a file
 * in the build, or to a redirect, the way clean-URL static hosts do.
 * @param {string} root
 * @param {string} urlPath
 * @returns {Promise<{file: string} | {redirect: string} | null>}
 */
export async function resolveRequest(root, urlPath) {
  const decoded = decodeURIComponent(urlPath);
  const safe = path.posix.normalize(decoded);
  if (safe.includes('\0') || safe.startsWith('..')) return null;
  const local = path.join(root, safe);
  if (!local.startsWith(root)) return null;

  if (safe === '/')
    return (await isFile(path.join(root, 'index.html'))) ? {file: path.join(root, 'index.html')} : null;

  if (safe.endsWith('/')) {
    const withoutSlash = safe.replace(/\/+$/, '');
    if (await isFile(`${path.join(root, withoutSlash)}.html`)) return {redirect: withoutSlash};
    const index = path.join(local, 'index.html');
    return (await isFile(index)) ? {file: index} : null;
  }
  if (await isFile(local)) return {file: local};
  if (await isFile(`${local}.html`)) return {file: `${local}.html`};
  if (await isFile(path.join(local, 'index.html'))) return {file: path.join(local, 'index.html')};
  // `/x/index.html` of a page built as `x.html` (trailingSlash: false).
  if (safe.endsWith('/index.html')) {
    const sibling = `${path.join(root, safe.slice(0, -'/index.html'.length))}.html`;
    if (await isFile(sibling)) return {file: sibling};
  }
  return null;
}

/**
 * @param {string} file
 * @param {string} root
 */
function cacheControl(file, root) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  if (rel.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html')) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

/**
 * @param {{root: string, baseUrl?: string}} options
 */
export function createStaticServer({root, baseUrl = '/'}) {
  const absoluteRoot = path.resolve(root);
  /** @type {Map<string, Buffer>} */
  const compressed = new Map();

  /**
   * @param {string} file
   * @param {'br' | 'gzip'} encoding
   * @param {Buffer} body
   */
  function compress(file, encoding, body) {
    const key = `${encoding}:${file}`;
    let result = compressed.get(key);
    if (!result) {
      result = compressBody(body, encoding);
      compressed.set(key, result);
    }
    return result;
  }

  return createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (!url.pathname.startsWith(baseUrl)) {
        res.writeHead(302, {Location: baseUrl}).end();
        return;
      }
      const resolved = await resolveRequest(absoluteRoot, `/${url.pathname.slice(baseUrl.length)}`);
      if (resolved && 'redirect' in resolved) {
        res.writeHead(301, {Location: `${baseUrl}${resolved.redirect.slice(1)}${url.search}`}).end();
        return;
      }
      const status = resolved ? 200 : 404;
      const file = resolved ? resolved.file : path.join(absoluteRoot, '404.html');
      const ext = path.extname(file);
      /** @type {Buffer} */
      let body = await fs.readFile(file);
      /** @type {Record<string, string>} */
      const headers = {
        'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
        'Cache-Control': status === 200 ? cacheControl(file, absoluteRoot) : 'no-store',
        'X-Content-Type-Options': 'nosniff',
        Vary: 'Accept-Encoding',
      };
      const accepted = String(req.headers['accept-encoding'] ?? '');
      if (COMPRESSIBLE.has(ext) && body.length > 512) {
        const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
        if (encoding) {
          body = compress(file, encoding, body);
          headers['Content-Encoding'] = encoding;
        }
      }
      headers['Content-Length'] = String(body.length);
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      res.writeHead(500, {'Content-Type': 'text/plain'}).end(String(error));
    }
  });
}

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {Record<string, string>} */
  const args = {};
  for (let i = 0; i < argv.length; i += 2) args[argv[i].replace(/^--/, '')] = argv[i + 1];
  return args;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = parseArgs(process.argv.slice(2));
  const root = args.dir ?? 'build';
  const port = Number(args.port ?? process.env.PORT ?? 3000);
  const host = args.host ?? '127.0.0.1';
  const rawBase = process.env.BASE_URL ?? '/';
  const baseUrl = `/${rawBase.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
  try {
    await fs.access(path.join(root, 'index.html'));
  } catch {
    console.error(`No build found in "${root}". Run \`npm run build\` first.`);
    process.exit(1);
  }
  createStaticServer({root, baseUrl}).listen(port, host, () => {
    console.log(`Serving ${root} at http://${host}:${port}${baseUrl}`);
  });
}
