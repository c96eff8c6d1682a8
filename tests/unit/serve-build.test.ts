import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createStaticServer, resolveRequest} from '../../scripts/serve-build.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'serve-build-'));
for (const file of [
  'index.html',
  'guides/nodejs.html',
  'guides.html',
  '404.html',
  'blog/index.html',
  'assets/js/main.abc.js',
]) {
  mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
  writeFileSync(path.join(root, file), `<p>${file}</p>`.repeat(file.endsWith('.js') ? 200 : 1));
}

describe('resolveRequest', () => {
  it.each([
    ['/', 'index.html'],
    ['/guides/nodejs', 'guides/nodejs.html'],
    ['/guides/nodejs.html', 'guides/nodejs.html'],
    ['/guides/nodejs/index.html', 'guides/nodejs.html'],
    ['/guides', 'guides.html'],
    ['/blog', 'blog/index.html'],
    ['/blog/', 'blog/index.html'],
  ])('serves %s from %s', async (url, file) => {
    expect(await resolveRequest(root, url)).toEqual({file: path.join(root, file)});
  });

  it('redirects a trailing slash to the clean URL', async () => {
    expect(await resolveRequest(root, '/guides/nodejs/')).toEqual({redirect: '/guides/nodejs'});
  });

  it('finds nothing for unknown paths or paths outside the build', async () => {
    expect(await resolveRequest(root, '/nope')).toBeNull();
    expect(await resolveRequest(root, '/../../etc/passwd')).toBeNull();
    expect(await resolveRequest(root, '/%2e%2e/%2e%2e/etc/passwd')).toBeNull();
  });
});

describe('createStaticServer', () => {
  const server = createStaticServer({root});
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => server.close());

  it('answers 404 with the not-found page', async () => {
    const response = await fetch(`${base}/missing`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('404.html');
  });

  it('compresses text and caches hashed assets for a year', async () => {
    const response = await fetch(`${base}/assets/js/main.abc.js`, {headers: {'Accept-Encoding': 'br'}});
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toContain('immutable');
    const html = await fetch(`${base}/guides/nodejs`);
    expect(html.headers.get('cache-control')).toContain('must-revalidate');
  });

  it('redirects with 301 keeping the query', async () => {
    const response = await fetch(`${base}/guides/nodejs/?q=1`, {redirect: 'manual'});
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/guides/nodejs?q=1');
  });
});
