import {describe, expect, it, vi} from 'vitest';
import {siteSections} from '../../config/docs-sections.ts';
import {algoliaSettings, recordRules, resolveSearchBackend} from '../../config/search.ts';
import {sectionFor} from '../../src/plugins/search/records/rules.ts';

describe('search backend from the environment', () => {
  it('local without Algolia settings (blank values count as unset)', () => {
    expect(resolveSearchBackend({})).toEqual({backend: 'local'});
    expect(resolveSearchBackend({ALGOLIA_APP_ID: '  ', ALGOLIA_ADMIN_API_KEY: 'admin'})).toEqual({
      backend: 'local',
    });
  });

  it('Algolia with all three', () => {
    expect(
      resolveSearchBackend({
        ALGOLIA_APP_ID: 'APP',
        ALGOLIA_SEARCH_API_KEY: 'key',
        ALGOLIA_INDEX_NAME: 'docs',
      }),
    ).toEqual({
      backend: 'algolia',
      algolia: {appId: 'APP', apiKey: 'key', indexName: 'docs'},
    });
  });

  it('a missing app id or key is an error that names what is missing', () => {
    expect(() => resolveSearchBackend({ALGOLIA_APP_ID: 'APP', ALGOLIA_INDEX_NAME: 'docs'})).toThrow(
      /only partly configured: ALGOLIA_SEARCH_API_KEY is missing \(found ALGOLIA_APP_ID, ALGOLIA_INDEX_NAME\)/,
    );
    expect(() => resolveSearchBackend({ALGOLIA_SEARCH_API_KEY: 'key'})).toThrow(
      /ALGOLIA_APP_ID and ALGOLIA_INDEX_NAME are missing/,
    );
  });

  it('the index is faceted on what contextual search filters', () => {
    expect(algoliaSettings.attributesForFaceting).toEqual(['language', 'docusaurus_tag', 'version', 'type']);
  });

  it('the site config refuses to load with partial settings, so `docusaurus build` stops before building', async () => {
    // Loading the config module is the first thing `docusaurus build` does; a unit test never runs the build itself.
    vi.resetModules();
    vi.stubEnv('ALGOLIA_APP_ID', 'APP');
    vi.stubEnv('ALGOLIA_SEARCH_API_KEY', '');
    vi.stubEnv('ALGOLIA_INDEX_NAME', '');
    try {
      await expect(import('../../docusaurus.config.ts')).rejects.toThrow(
        /Algolia search is only partly configured: ALGOLIA_SEARCH_API_KEY and ALGOLIA_INDEX_NAME are missing/,
      );
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});

describe('search lvl0 of the sections that are not docs folders', () => {
  it('comes from the site sections, so a new such section needs no search setting', () => {
    const others = siteSections().filter((section) => !section.docsFolder);
    expect(others.map((section) => section.label)).toEqual(['SDK API reference', 'Blog']);
    for (const {label, paths} of others)
      for (const prefix of paths) {
        expect(sectionFor(recordRules, prefix)).toBe(label);
        expect(sectionFor(recordRules, `${prefix}/some/page`)).toBe(label);
      }
    expect(sectionFor(recordRules, '/guides/nodejs')).toBeUndefined();
  });
});
