import {createHash} from 'node:crypto';
import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {Plugin, Props} from '@docusaurus/types';
import contentSecurityPolicyPlugin from '../../src/plugins/content-security-policy/index.ts';
import {addPolicyToHtml} from '../../src/plugins/content-security-policy/html.ts';
import {
  algoliaHosts,
  baseSources,
  pagePolicy,
  scriptHashSource,
} from '../../src/plugins/content-security-policy/policy.ts';

/** The policy as a map from directive to its sources. */
function parse(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split('; ').map((part) => {
      const [directive, ...sources] = part.split(' ');
      return [directive, sources];
    }),
  );
}

const policyOf = (html: string) =>
  /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? '';

describe('the policy', () => {
  it('allows only the site itself without Algolia or a tag manager', () => {
    const policy = parse(pagePolicy(baseSources(), []));
    expect(policy).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", "'report-sample'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'frame-src': ["'none'"],
      'worker-src': ["'none'"],
      'manifest-src': ["'self'"],
      'media-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    });
  });

  it('lets the search clients reach the Algolia application’s hosts, and nothing else, when Algolia is configured', () => {
    const policy = parse(pagePolicy(baseSources({algoliaAppId: 'ABC123XYZ'}), []));
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://abc123xyz-dsn.algolia.net',
      'https://abc123xyz-1.algolianet.com',
      'https://abc123xyz-2.algolianet.com',
      'https://abc123xyz-3.algolianet.com',
    ]);
    expect(policy['script-src']).toEqual(["'self'", "'report-sample'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:']);
  });

  it('refuses an Algolia application id that would inject sources', () => {
    expect(() => algoliaHosts("x.algolia.net 'unsafe-eval'")).toThrow(/not alphanumeric/);
  });

  it('adds Google Tag Manager and Analytics hosts only when a container is configured', () => {
    const without = parse(pagePolicy(baseSources({tagManager: false}), []));
    expect(JSON.stringify(without)).not.toMatch(/google/);
    const withTagManager = parse(pagePolicy(baseSources({tagManager: true}), []));
    expect(withTagManager['script-src']).toEqual([
      "'self'",
      "'report-sample'",
      'https://www.googletagmanager.com',
    ]);
    expect(withTagManager['connect-src']).toEqual([
      "'self'",
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ]);
    expect(withTagManager['img-src']).toContain('https://www.googletagmanager.com');
    // The <noscript> iframe replaces 'none' (a list with 'none' and a host is invalid).
    expect(withTagManager['frame-src']).toEqual(['https://www.googletagmanager.com']);
  });

  it('takes extra origins per directive and refuses unknown directives and unsafe script sources', () => {
    const policy = parse(
      pagePolicy(baseSources({extraSources: {'img-src': ['https://images.example.org']}}), []),
    );
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https://images.example.org']);
    expect(() => baseSources({extraSources: {'scripts-src': ['https://x.example']} as never})).toThrow(
      /unknown directive "scripts-src"/,
    );
    expect(() => baseSources({extraSources: {'script-src': ["'unsafe-inline'"]}})).toThrow(
      /script-src may not contain 'unsafe-inline'/,
    );
    expect(() => baseSources({extraSources: {'script-src': ["'unsafe-eval'"]}})).toThrow(/'unsafe-eval'/);
    expect(() => baseSources({extraSources: {'img-src': ['a.example b.example']}})).toThrow(
      /not a single source expression/,
    );
  });

  it('hashes inline scripts as browsers do: SHA-256 of the UTF-8 text, base64', () => {
    // Independently computed: printf 'alert(1)' | openssl dgst -sha256 -binary | base64
    expect(scriptHashSource('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    const text = 'document.title = "café ✓";';
    expect(scriptHashSource(text)).toBe(
      `'sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}'`,
    );
    const policy = parse(pagePolicy(baseSources(), ['alert(1)', 'alert(2)', 'alert(1)']));
    expect(policy['script-src']).toEqual([
      "'self'",
      "'report-sample'",
      scriptHashSource('alert(1)'),
      scriptHashSource('alert(2)'),
    ]);
  });
});

describe('putting the policy into a page', () => {
  const base = baseSources();

  it('goes first in <head>, after <meta charset>, with a hash for each inline script', () => {
    const html =
      '<!doctype html><html><head><meta charset=UTF-8><title>t</title>' +
      '<script>var a = 1;</script><script src=/main.js defer></script></head>' +
      '<body><script>\nvar b = "<b>";\n</script><script type=application/ld+json>{"x":1}</script></body></html>';
    const out = addPolicyToHtml(html, 'build/page.html', base);
    expect(
      out.startsWith(
        '<!doctype html><html><head><meta charset=UTF-8><meta http-equiv="Content-Security-Policy"',
      ),
    ).toBe(true);
    // Nothing else changed.
    expect(out.replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*">/, '')).toBe(html);
    expect(parse(policyOf(out))['script-src']).toEqual([
      "'self'",
      "'report-sample'",
      scriptHashSource('var a = 1;'),
      scriptHashSource('\nvar b = "<b>";\n'),
      scriptHashSource('{"x":1}'),
    ]);
  });

  it('goes right after <head> when <meta charset> is not first', () => {
    const html = '<html><head><title>t</title><meta charset=utf-8></head><body></body></html>';
    expect(addPolicyToHtml(html, 'a.html', base)).toMatch(
      /^<html><head><meta http-equiv="Content-Security-Policy"/,
    );
  });

  it('hashes script text that holds markup-like characters exactly as written', () => {
    const script = "if (a < b && c > d) x = '</scr' + 'ipt>';";
    const out = addPolicyToHtml(`<html><head><script>${script}</script></head></html>`, 'a.html', base);
    expect(parse(policyOf(out))['script-src']).toContain(scriptHashSource(script));
  });

  it('fails on an inline event handler, naming file and line', () => {
    const html = '<html><head></head><body>\n<p>x</p>\n<img src=a.png onerror="steal()"></body></html>';
    expect(() => addPolicyToHtml(html, 'build/guides/x.html', base)).toThrow(
      /build\/guides\/x\.html:3: <img onerror="…"> is an inline event handler/,
    );
  });

  it('fails on a javascript: URL, naming file and line', () => {
    const html = '<html><head></head><body>\n<a href="javascript:go()">go</a></body></html>';
    expect(() => addPolicyToHtml(html, 'build/a.html', base)).toThrow(
      /build\/a\.html:2: <a href="javascript:…">/,
    );
  });

  it('fails on a page that already has a policy, or has no <head> to put it in', () => {
    const twice = '<html><head><meta http-equiv="content-security-policy" content="x"></head></html>';
    expect(() => addPolicyToHtml(twice, 'b.html', base)).toThrow(
      /b\.html:1 already has a Content-Security-Policy/,
    );
    expect(() => addPolicyToHtml('<p>no head</p>', 'c.html', base)).toThrow(
      /c\.html has no <head> start tag/,
    );
  });
});

describe('the plugin', () => {
  it('rewrites every HTML file of the build, in subfolders too, and leaves other files alone', async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'csp-plugin-'));
    mkdirSync(path.join(outDir, 'guides'));
    const page =
      '<!doctype html><html><head><meta charset=UTF-8><script>go()</script></head><body></body></html>';
    writeFileSync(path.join(outDir, 'index.html'), page);
    writeFileSync(path.join(outDir, 'guides', 'nodejs.html'), page);
    writeFileSync(path.join(outDir, 'guides.md'), '# not html');
    const plugin = contentSecurityPolicyPlugin(undefined, {algoliaAppId: 'APP1'}) as Plugin;
    await plugin.postBuild!({outDir} as Props & {head: never; routesBuildMetadata: never; content: never});
    for (const file of ['index.html', 'guides/nodejs.html']) {
      const policy = parse(policyOf(readFileSync(path.join(outDir, file), 'utf8')));
      expect(policy['script-src']).toContain(scriptHashSource('go()'));
      expect(policy['connect-src']).toContain('https://app1-dsn.algolia.net');
    }
    expect(readFileSync(path.join(outDir, 'guides.md'), 'utf8')).toBe('# not html');
  });

  it('fails at config load on a bad option, before any build work', () => {
    expect(() => contentSecurityPolicyPlugin(undefined, {extraSources: {'script-src': ['*']}})).toThrow(
      /script-src may not contain \*/,
    );
  });
});
