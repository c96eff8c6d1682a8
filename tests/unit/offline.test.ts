import {afterEach, describe, expect, it, vi} from 'vitest';
// Workbox's development logger touches the worker's `self` when its modules load.
vi.hoisted(() => {
  (globalThis as {self?: unknown}).self ??= globalThis;
});

import {webAppManifest} from '../../src/plugins/offline/index.ts';
import {cachePolicy, offlinePage} from '../../src/plugins/offline/service-worker.ts';

describe('offline caching rules', () => {
  const site = new URL('https://docs.example.com/');
  const policy = (path: string, navigation = false, scope = site) =>
    cachePolicy(new URL(path, scope), scope, navigation);

  it('keeps hashed assets cache-first, pages and data network-first, the rest refreshed in the background', () => {
    expect(policy('/assets/js/main.1a2b3c4d.js')).toBe('asset');
    expect(policy('/assets/css/styles.5e6f7a8b.css')).toBe('asset');
    expect(policy('/')).toBe('page');
    expect(policy('/guides/nodejs')).toBe('page');
    expect(policy('/guides/nodejs.html')).toBe('page');
    expect(policy('/search-index.json')).toBe('data');
    expect(policy('/search-index/0a1b2c3d4e5f/t3.json')).toBe('data');
    expect(policy('/guides/nodejs.md')).toBe('data');
    expect(policy('/llms.txt')).toBe('data');
    expect(policy('/llms-full.txt')).toBe('data');
    expect(policy('/img/logo.svg')).toBe('static');
    expect(policy('/manifest.webmanifest')).toBe('static');
  });

  it('treats every navigation as a page, a twin opened in the tab too', () => {
    expect(policy('/guides/nodejs.md', true)).toBe('page');
    expect(policy('/img/logo.svg', true)).toBe('page');
  });

  it('leaves the worker script, other origins and paths outside the site alone', () => {
    expect(policy('/sw.js')).toBeUndefined();
    expect(policy('https://www.googletagmanager.com/gtm.js')).toBeUndefined();
    expect(policy('https://other.example.com/guides/nodejs', true)).toBeUndefined();
    const underBase = new URL('https://example.github.io/docs/');
    expect(policy('/docs/assets/js/main.1a2b3c4d.js', false, underBase)).toBe('asset');
    expect(policy('/docs/sw.js', false, underBase)).toBeUndefined();
    expect(policy('/other-project/index.html', true, underBase)).toBeUndefined();
  });

  it('says offline in a page of its own, the address escaped', () => {
    const html = offlinePage(
      'https://docs.example.com/a?<script>alert(1)</script>',
      'https://docs.example.com/',
    );
    expect(html).toContain('<h1>You are offline</h1>');
    expect(html).toContain('&#60;script&#62;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<a href="https://docs.example.com/">');
    expect(html).toMatch(/Content-Security-Policy" content="default-src 'none'/);
  });
});

describe('web app manifest', () => {
  it('starts, scopes and finds its icon under the base URL', () => {
    const manifest = webAppManifest('/docs/', {
      name: 'Docs',
      shortName: 'Docs',
      description: 'About',
      themeColor: '#000000',
      icon: {src: 'img/favicon.svg', type: 'image/svg+xml'},
    });
    expect(manifest).toMatchObject({
      start_url: '/docs/',
      scope: '/docs/',
      display: 'standalone',
      icons: [{src: '/docs/img/favicon.svg', sizes: 'any', type: 'image/svg+xml'}],
    });
  });
});

describe('turning offline reading off', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('OFFLINE=false drops the plugin switch, and the worker-src source when search runs on Algolia', async () => {
    vi.stubEnv('OFFLINE', 'false');
    vi.stubEnv('ALGOLIA_APP_ID', 'APP1');
    vi.stubEnv('ALGOLIA_SEARCH_API_KEY', 'key');
    vi.stubEnv('ALGOLIA_INDEX_NAME', 'docs');
    vi.resetModules();
    expect((await import('../../config/offline.ts')).offlineEnabled).toBe(false);
    const {contentSecurityPolicyOptions} = await import('../../config/content-security-policy.ts');
    expect(contentSecurityPolicyOptions.extraSources?.['worker-src']).toBeUndefined();
  });

  it('OFFLINE=false keeps worker-src for the local search, whose engine runs in a worker', async () => {
    vi.stubEnv('OFFLINE', 'false');
    for (const name of ['ALGOLIA_APP_ID', 'ALGOLIA_SEARCH_API_KEY', 'ALGOLIA_INDEX_NAME'])
      vi.stubEnv(name, '');
    vi.resetModules();
    const {contentSecurityPolicyOptions} = await import('../../config/content-security-policy.ts');
    expect(contentSecurityPolicyOptions.extraSources?.['worker-src']).toEqual(["'self'"]);
  });

  it('is on by default, with worker-src allowing the site itself', async () => {
    vi.stubEnv('OFFLINE', '');
    vi.resetModules();
    expect((await import('../../config/offline.ts')).offlineEnabled).toBe(true);
    const {contentSecurityPolicyOptions} = await import('../../config/content-security-policy.ts');
    expect(contentSecurityPolicyOptions.extraSources?.['worker-src']).toEqual(["'self'"]);
  });
});
