import {afterEach, describe, expect, it, vi} from 'vitest';
import type {Config} from '@docusaurus/types';
import type {EditUrlFunction} from '@docusaurus/plugin-content-docs';
import {normalizeBaseUrl} from '../../config/site.ts';

async function loadConfig(env: Record<string, string | undefined>): Promise<Config> {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value ?? '');
  return (await import('../../docusaurus.config.ts')).default as Config;
}

function presetOptions(config: Config): Record<string, unknown> {
  const [, options] = (config.presets ?? [])[0] as [string, Record<string, unknown>];
  return options;
}

afterEach(() => vi.unstubAllEnvs());

describe('site config', () => {
  it('defaults to the public site at the domain root', async () => {
    const config = await loadConfig({SITE_URL: undefined, BASE_URL: undefined});
    expect(config.url).toBe('https://docs.streamr.network');
    expect(config.baseUrl).toBe('/');
    expect(config.trailingSlash).toBe(false);
  });

  it('takes the URL, base URL and repository from the environment (GitHub Pages)', async () => {
    const config = await loadConfig({
      SITE_URL: 'https://streamr-dev.github.io',
      BASE_URL: 'docs',
      GITHUB_REPOSITORY: 'streamr-dev/docs-fork',
      DOCS_REPOSITORY: undefined,
    });
    expect(config.url).toBe('https://streamr-dev.github.io');
    expect(config.baseUrl).toBe('/docs/');
    const [, docs] = config.plugins?.find(
      (plugin) => Array.isArray(plugin) && plugin[0] === './src/plugins/docs-card-data/index.ts',
    ) as [string, {editUrl: EditUrlFunction}];
    const edit = (version: string, versionDocsDirPath: string, docPath: string) =>
      docs.editUrl({version, versionDocsDirPath, docPath, permalink: '/', locale: 'en'});
    expect(edit('current', 'docs', 'usage/identity.md')).toBe(
      'https://github.com/streamr-dev/docs-fork/edit/main/docs/usage/identity.md',
    );
    // The generated SDK reference has no file in the repository to edit.
    expect(edit('current', 'docs', 'usage/sdk/api/classes/StreamrClient.md')).toBeUndefined();
    expect(edit('102', 'versioned_docs/version-102', 'usage/sdk/api/102/index.md')).toBeUndefined();
  });

  it('adds Google Tag Manager only when a container id is configured', async () => {
    expect(presetOptions(await loadConfig({GTM_CONTAINER_ID: undefined})).googleTagManager).toBeUndefined();
    expect(presetOptions(await loadConfig({GTM_CONTAINER_ID: 'GTM-TEST123'})).googleTagManager).toEqual({
      containerId: 'GTM-TEST123',
    });
  });

  it('fails on broken links and stores the colour mode under "theme"', async () => {
    const config = await loadConfig({});
    expect(config.onBrokenLinks).toBe('throw');
    expect(config.markdown?.hooks?.onBrokenMarkdownLinks).toBe('throw');
    expect(config.storage).toEqual({type: 'localStorage', namespace: false});
  });
});

describe('normalizeBaseUrl', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['docs', '/docs/'],
    ['/docs', '/docs/'],
    ['/docs/', '/docs/'],
    ['//a/b//', '/a/b/'],
  ])('%s → %s', (input, output) => {
    expect(normalizeBaseUrl(input)).toBe(output);
  });
});

describe('what the browser gets of the site config', () => {
  // Docusaurus bundles the site config as JSON (@generated/docusaurus.config); codegen serializes it like this.
  const asBundled = (config: Config) => JSON.stringify(config);

  it('has no options of the plugins whose options only the build needs', async () => {
    const bundled = asBundled(await loadConfig({}));
    const {llmsTxtOptions} = await import('../../config/llms.ts');
    // Search ranking, code-block snippets, the llms.txt summary.
    for (const buildOnly of ['searchableAttributes', 'pageRank', 'sdkQuickstart', llmsTxtOptions.summary])
      expect(bundled).not.toContain(buildOnly);
  });

  it('would have them if a plugin were given as [path, options] (the check can fail)', async () => {
    const config = await loadConfig({});
    const {searchPluginOptions} = await import('../../config/search.ts');
    const withTuple = {...config, plugins: [...(config.plugins ?? []), ['./search', searchPluginOptions()]]};
    expect(asBundled(withTuple)).toContain('searchableAttributes');
  });
});
