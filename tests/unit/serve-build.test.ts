import {mkdirSync, mkdtempSync, utimesSync, writeFileSync} from 'node:fs';
import {get as httpGet, type IncomingHttpHeaders, type Server} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import {compressBody} from '../../scripts/lib/compress.ts';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {
  PAGES_CACHE_CONTROL,
  createStaticServer,
  normalizeBaseUrl,
  resolvePagesPath,
} from '../../scripts/serve-build.ts';

/**
 * The static server must answer as GitHub Pages does (the deploy target), so the
 * browser tests and the audit see what visitors get. One rule per test.
 */

const root = mkdtempSync(path.join(tmpdir(), 'serve-build-'));
const LARGE_SCRIPT = 'console.log("streamr");\n'.repeat(200);
const files: Record<string, string> = {
  'index.html': '<p>home</p>',
  '404.html': '<p>not found page</p>',
  'guides.html': '<p>guides index</p>',
  'guides/nodejs.html': '<p>nodejs guide</p>',
  'blog/index.html': '<p>blog folder index</p>',
  // A page and a folder index with the same name: the page wins at `/both`.
  'both.html': '<p>both as page</p>',
  'both/index.html': '<p>both as folder</p>',
  'with space.html': '<p>spaced</p>',
  'assets/js/main.0123abcd.js': LARGE_SCRIPT,
  'robots.txt': 'User-agent: *\n',
};
for (const [file, content] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
  writeFileSync(path.join(root, file), content);
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('server has no port');
  return `http://127.0.0.1:${address.port}`;
}

describe('resolvePagesPath', () => {
  it.each([
    ['/guides/nodejs', 'guides/nodejs.html'],
    ['/guides/nodejs.html', 'guides/nodejs.html'],
    ['/guides', 'guides.html'],
    ['/both', 'both.html'],
    ['/both/', 'both/index.html'],
    ['/blog/', 'blog/index.html'],
    ['/assets/js/main.0123abcd.js', 'assets/js/main.0123abcd.js'],
  ])('finds %s in %s', async (url, file) => {
    expect(await resolvePagesPath(root, url)).toEqual({file: path.join(root, file)});
  });

  it('redirects a folder without a page of its name to its trailing-slash URL', async () => {
    expect(await resolvePagesPath(root, '/blog')).toEqual({redirect: '/blog/'});
  });

  it.each(['/guides/nodejs/', '/guides/nodejs/index.html', '/guides/', '/nope', '/assets/'])(
    'finds nothing at %s',
    async (url) => {
      expect(await resolvePagesPath(root, url)).toBeNull();
    },
  );
});

describe('normalizeBaseUrl', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['docs', '/docs/'],
    ['/docs/', '/docs/'],
    ['//a/b//', '/a/b/'],
  ])('%j -> %j', (raw, expected) => {
    expect(normalizeBaseUrl(raw)).toBe(expected);
  });
});

describe('createStaticServer, with GitHub Pages rules', () => {
  const server = createStaticServer({root});
  let base = '';
  beforeAll(async () => {
    base = await listen(server);
  });
  afterAll(() => server.close());

  const get = (url: string, init: RequestInit = {}) =>
    fetch(`${base}${url}`, {
      redirect: 'manual',
      ...init,
      headers: {'Accept-Encoding': 'identity', ...init.headers},
    });

  it('serves /x from x.html', async () => {
    const response = await get('/guides/nodejs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe(files['guides/nodejs.html']);
  });

  it('serves /x.html as it is', async () => {
    const response = await get('/guides/nodejs.html');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(files['guides/nodejs.html']);
  });

  it('serves a page over a folder index of the same name at /x', async () => {
    expect(await (await get('/both')).text()).toBe(files['both.html']);
    expect(await (await get('/both/')).text()).toBe(files['both/index.html']);
  });

  it('serves a percent-encoded name', async () => {
    expect(await (await get('/with%20space')).text()).toBe(files['with space.html']);
  });

  it.each(['/guides/nodejs/', '/guides/', '/guides/nodejs/index.html'])(
    'answers 404 with the 404 page at %s (a file page has no trailing-slash URL)',
    async (url) => {
      const response = await get(url);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(files['404.html']);
    },
  );

  it('redirects /folder to /folder/ with 301, keeping the query', async () => {
    const response = await get('/blog?page=2');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/blog/?page=2');
    expect(response.headers.get('cache-control')).toBe(PAGES_CACHE_CONTROL);
    const folder = await get('/blog/');
    expect(folder.status).toBe(200);
    expect(await folder.text()).toBe(files['blog/index.html']);
  });

  it('sends Cache-Control: max-age=600 on pages, assets and the 404 page, as Pages does', async () => {
    for (const url of ['/', '/guides/nodejs', '/assets/js/main.0123abcd.js', '/robots.txt', '/missing']) {
      expect((await get(url)).headers.get('cache-control'), url).toBe('max-age=600');
    }
  });

  it('compresses text with brotli or gzip, by Accept-Encoding, with a matching Content-Length', async () => {
    // fetch() decodes bodies itself; read the raw bytes through node:http instead.
    const brotli = await rawGet(`${base}/assets/js/main.0123abcd.js`, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(LARGE_SCRIPT);
    // The byte budgets count compressBody's output: the server must send those very bytes.
    expect(brotli.body.equals(compressBody(Buffer.from(LARGE_SCRIPT), 'br'))).toBe(true);

    const gzip = await rawGet(`${base}/assets/js/main.0123abcd.js`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    expect(gunzipSync(gzip.body).toString()).toBe(LARGE_SCRIPT);
    expect(gzip.body.equals(compressBody(Buffer.from(LARGE_SCRIPT), 'gzip'))).toBe(true);
  });

  it('compresses a file again when it changes on disk', async () => {
    const file = path.join(root, 'assets/js/changing.js');
    writeFileSync(file, LARGE_SCRIPT);
    const first = await rawGet(`${base}/assets/js/changing.js`, 'br');
    expect(brotliDecompressSync(first.body).toString()).toBe(LARGE_SCRIPT);
    const changed = LARGE_SCRIPT.replaceAll('streamr', 'rebuilt');
    writeFileSync(file, changed);
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const second = await rawGet(`${base}/assets/js/changing.js`, 'br');
    expect(brotliDecompressSync(second.body).toString()).toBe(changed);
  });

  it('sends small files and requests without Accept-Encoding uncompressed', async () => {
    const plain = await get('/assets/js/main.0123abcd.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(LARGE_SCRIPT);
    const small = await get('/robots.txt', {headers: {'Accept-Encoding': 'br'}});
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const response = await get('/guides/nodejs', {method: 'HEAD'});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(files['guides/nodejs.html'].length));
    expect(await response.text()).toBe('');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('answers %s with 405 and Allow', async (method) => {
    const response = await get('/guides/nodejs', {method});
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it.each(['/%E0%A4%A', '/%', '/guides/%zz'])('answers a bad %% escape (%s) with 400', async (url) => {
    const response = await get(url);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Bad Request\n');
  });

  // Encoded slashes survive URL parsing, so the dots reach the file lookup.
  const ESCAPED_TRAVERSAL = `/${encodeURIComponent('../../etc/passwd')}`;
  it.each([
    ESCAPED_TRAVERSAL,
    '/%2e%2e/%2e%2e/etc/passwd',
    `/guides/${encodeURIComponent('../../../etc/hostname')}`,
  ])('serves nothing outside the build (%s)', async (url) => {
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(files['404.html']);
  });

  it('puts no error text or filesystem path in any error response', async () => {
    for (const [url, method] of [
      ['/%E0%A4%A', 'GET'],
      ['/nope/', 'GET'],
      [ESCAPED_TRAVERSAL, 'GET'],
      ['/', 'POST'],
    ]) {
      const body = await (await get(url, {method})).text();
      expect(body, url).not.toContain(root);
      expect(body, url).not.toMatch(/Error|ENOENT|at .+:\d+:\d+|\/tmp\//);
    }
  });
});

describe('createStaticServer without a 404 page', () => {
  it('answers 404 with a short page that names no path', async () => {
    const bare = mkdtempSync(path.join(tmpdir(), 'serve-build-bare-'));
    writeFileSync(path.join(bare, 'index.html'), '<p>home</p>');
    const server = createStaticServer({root: bare});
    const base = await listen(server);
    try {
      const response = await fetch(`${base}/missing`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(bare);
    } finally {
      server.close();
    }
  });
});

describe('createStaticServer under a base URL', () => {
  const server = createStaticServer({root, baseUrl: '/docs/'});
  let base = '';
  beforeAll(async () => {
    base = await listen(server);
  });
  afterAll(() => server.close());

  it('serves pages under the base and sends the host root to it', async () => {
    expect((await fetch(`${base}/docs/guides/nodejs`)).status).toBe(200);
    const root = await fetch(`${base}/`, {redirect: 'manual'});
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/docs/');
    const folder = await fetch(`${base}/docs/blog`, {redirect: 'manual'});
    expect(folder.headers.get('location')).toBe('/docs/blog/');
    expect((await fetch(`${base}/guides/nodejs`)).status).toBe(404);
  });
});

async function rawGet(url: string, encoding: string): Promise<{headers: IncomingHttpHeaders; body: Buffer}> {
  return new Promise((resolve, reject) => {
    httpGet(url, {headers: {'Accept-Encoding': encoding}}, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({headers: response.headers, body: Buffer.concat(chunks)}));
      response.on('error', reject);
    }).on('error', reject);
  });
}
