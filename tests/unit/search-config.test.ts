import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {algoliaSettings, resolveSearchBackend} from '../../config/search';

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

  it('`docusaurus build` stops before building, with that message', () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'search-config-'));
    try {
      const {status, stdout, stderr} = spawnSync('npx', ['docusaurus', 'build', '--out-dir', outDir], {
        encoding: 'utf8',
        env: {...process.env, ALGOLIA_APP_ID: 'APP', ALGOLIA_SEARCH_API_KEY: '', ALGOLIA_INDEX_NAME: ''},
      });
      expect(status).not.toBe(0);
      expect(stdout + stderr).toMatch(
        /Algolia search is only partly configured: ALGOLIA_SEARCH_API_KEY and ALGOLIA_INDEX_NAME are missing/,
      );
      expect(existsSync(path.join(outDir, 'index.html'))).toBe(false);
    } finally {
      rmSync(outDir, {recursive: true, force: true});
    }
  });
});
