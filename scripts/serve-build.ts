#!/usr/bin/env node
/**
 * Serves the production build the way GitHub Pages (the deploy target) serves it,
 * so browser tests, the audit and `npm run serve:build` see what visitors get.
 *
 * serve-handler does the file serving: URL decoding, the path-traversal guard,
 * MIME types, ranges, Last-Modified and the `404.html` page. This file adds only what no
 * library does, the URL rules of GitHub Pages (see `resolvePagesPath`):
 * - `/x` serves `x` or else `x.html`; `/x.html` is served as it is;
 * - `/x/` serves `x/index.html` and is 404 otherwise (even when `x.html` exists);
 * - `/folder` redirects (301) to `/folder/` when only `folder/index.html` exists;
 * - `Cache-Control: max-age=600` on every response, as Pages sends;
 * and, for the byte budgets, brotli or gzip (scripts/lib/compress.ts) by the
 * request's Accept-Encoding. Bad `%` escapes get 400, methods other than GET and
 * HEAD get 405, and no response body carries error text or a filesystem path.
 *
 * Usage: node scripts/serve-build.ts [--dir build] [--port 3000] [--host 127.0.0.1]
 * The base URL comes from BASE_URL, as in the build.
 */
import {createReadStream, promises as fs, type Stats} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {Readable} from 'node:stream';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import serveHandler from 'serve-handler';
import {compressBodyOffThread} from './lib/compress.ts';

/** What GitHub Pages sends on every response. */
export const PAGES_CACHE_CONTROL = 'max-age=600';

const COMPRESSIBLE = new Set('.html .js .mjs .css .json .xml .txt .md .svg .map'.split(' '));
/** Smaller bodies are not worth compressing. */
const MIN_COMPRESS_BYTES = 512;

const isFile = async (file: string) => (await fs.stat(file).catch(() => undefined))?.isFile() ?? false;

/**
 * Where GitHub Pages finds a decoded URL path (relative to the site root, starting
 * with `/`): the build file to serve, a redirect, or nothing (404). The caller has
 * checked that the path stays inside `root`.
 */
export async function resolvePagesPath(
  root: string,
  urlPath: string,
): Promise<{file: string} | {redirect: string} | null> {
  const local = path.join(root, urlPath);
  const index = path.join(local, 'index.html');
  if (urlPath.endsWith('/')) return (await isFile(index)) ? {file: index} : null;
  if (await isFile(local)) return {file: local};
  if (await isFile(`${local}.html`)) return {file: `${local}.html`};
  if (await isFile(index)) return {redirect: `${urlPath}/`};
  return null;
}

/** `/`, or the base path with one leading and one trailing slash. */
export function normalizeBaseUrl(rawBase: string): string {
  const trimmed = rawBase.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

export function createStaticServer({root, baseUrl = '/'}: {root: string; baseUrl?: string}) {
  const absoluteRoot = path.resolve(root);
  /** Compressed bodies by encoding and file, made once (brotli at quality 11 is slow), off the event loop. */
  const compressed = new Map<string, Promise<Buffer>>();

  async function compressedBody(file: string, stats: Stats, encoding: 'br' | 'gzip'): Promise<Buffer> {
    // Keyed by modification time and size too: a rebuilt file must not be served stale.
    const key = `${encoding}:${file}:${stats.mtimeMs}:${stats.size}`;
    let body = compressed.get(key);
    if (!body) {
      body = fs.readFile(file).then((raw) => compressBodyOffThread(raw, encoding));
      compressed.set(key, body);
      // A failed read is not kept: the next request tries again.
      body.catch(() => compressed.delete(key));
    }
    return body;
  }

  /**
   * serve-handler's file-system methods, for one response: a compressible file is
   * read (and its size reported) as its compressed body, so the library's
   * Content-Length, ranges and ETag describe the bytes actually sent.
   */
  function fileMethods(res: ServerResponse, encoding: 'br' | 'gzip' | undefined) {
    /** The file's stats, and its compressed body when it is sent compressed. */
    const read = async (file: string) => {
      const stats = await fs.lstat(file);
      const compresses =
        encoding && stats.isFile() && stats.size > MIN_COMPRESS_BYTES && COMPRESSIBLE.has(path.extname(file));
      return {stats, body: compresses ? await compressedBody(file, stats, encoding) : undefined};
    };
    return {
      async lstat(file: string) {
        const {stats, body} = await read(file);
        if (!body) return stats;
        return Object.assign(Object.create(Object.getPrototypeOf(stats)), stats, {size: body.length});
      },
      async createReadStream(file: string, range: {start?: number; end?: number} = {}) {
        const {body} = await read(file);
        if (!body) return createReadStream(file, range);
        if (!res.headersSent) res.setHeader('Content-Encoding', encoding!);
        const end = range.end === undefined ? body.length : range.end + 1;
        return Readable.from([body.subarray(range.start ?? 0, end)]);
      },
    };
  }

  const handlerConfig: Parameters<typeof serveHandler>[2] = {
    public: absoluteRoot,
    // Only the exact file that resolvePagesPath chose is requested from serve-handler.
    cleanUrls: false,
    directoryListing: false,
    // An ETag would be cached per file, not per encoding; Last-Modified is what Pages sends too.
    etag: false,
    headers: [
      {
        source: '**',
        headers: [
          {key: 'Cache-Control', value: PAGES_CACHE_CONTROL},
          // null removes serve-handler's own header (Pages sends none).
          {key: 'Content-Disposition', value: null as unknown as string},
        ],
      },
    ],
  };

  return createServer(async (req, res) => {
    const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
      res.writeHead(status, {...headers, 'Content-Type': 'text/plain; charset=utf-8'}).end(text);
    try {
      res.setHeader('Cache-Control', PAGES_CACHE_CONTROL);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return plain(405, 'Method Not Allowed\n', {Allow: 'GET, HEAD'});
      const url = new URL(req.url ?? '/', 'http://localhost');
      let decoded: string;
      try {
        decoded = decodeURIComponent(url.pathname);
      } catch {
        return plain(400, 'Bad Request\n');
      }
      // The root of a project site's host: send the visitor to the site.
      if (!decoded.startsWith(baseUrl) && (decoded === '/' || decoded === baseUrl.slice(0, -1)))
        return res.writeHead(302, {Location: baseUrl}).end();
      const sitePath = decoded.startsWith(baseUrl) ? `/${decoded.slice(baseUrl.length)}` : undefined;
      const inside =
        sitePath !== undefined &&
        !sitePath.includes('\0') &&
        !path.relative(absoluteRoot, path.join(absoluteRoot, sitePath)).startsWith('..');
      const resolved = inside ? await resolvePagesPath(absoluteRoot, sitePath) : null;
      if (resolved && 'redirect' in resolved)
        return plain(301, '', {Location: `${baseUrl}${encodeURI(resolved.redirect.slice(1))}${url.search}`});
      // A path nothing answers goes to serve-handler as a name no file has, so it
      // sends the build's 404.html with status 404.
      const target = resolved
        ? `/${path.relative(absoluteRoot, resolved.file).split(path.sep).map(encodeURIComponent).join('/')}`
        : '/.not-found';
      const accepted = String(req.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      res.setHeader('Vary', 'Accept-Encoding');
      // serve-handler reads only the URL and headers of the request.
      const request = {url: target, headers: req.headers, method: req.method} as unknown as IncomingMessage;
      // serve-handler awaits these methods; its type declarations name the callback versions.
      const methods = fileMethods(res, encoding) as unknown as Parameters<typeof serveHandler>[3];
      await serveHandler(request, res, handlerConfig, methods);
    } catch (error) {
      // The cause goes to the server's log; the visitor gets no path or stack trace.
      console.error(error);
      if (res.headersSent) res.end();
      else plain(500, 'Internal Server Error\n');
    }
  });
}

/** Serves the build in `root` on a free port of 127.0.0.1, for tools that start their own server. */
export function serveOnFreePort(root: string): Promise<{server: Server; origin: string}> {
  return new Promise((resolve, reject) => {
    const server = createStaticServer({root});
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve({server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`}),
    );
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const {values: args} = parseArgs({
    options: {dir: {type: 'string'}, port: {type: 'string'}, host: {type: 'string'}},
  });
  const root = args.dir ?? 'build';
  const port = Number(args.port ?? process.env.PORT ?? 3000);
  const host = args.host ?? '127.0.0.1';
  const baseUrl = normalizeBaseUrl(process.env.BASE_URL ?? '/');
  if (!(await isFile(path.join(root, 'index.html')))) {
    console.error(`No build found in "${root}". Run \`npm run build\` first.`);
    process.exit(1);
  }
  createStaticServer({root, baseUrl}).listen(port, host, () => {
    console.log(`Serving ${root} at http://${host}:${port}${baseUrl}`);
  });
}
