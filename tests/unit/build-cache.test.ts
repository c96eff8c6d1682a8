import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import {describe, expect, it} from 'vitest';
import buildCachePlugin from '../../src/plugins/build-cache/index.ts';

const siteDir = path.resolve(import.meta.dirname, '../..');

function buildDependencies(config: object): string[] | undefined {
  const plugin = buildCachePlugin({siteDir} as LoadContext);
  // @ts-expect-error: only the configuration the plugin reads
  const result = plugin.configureWebpack?.(config, false, {}, undefined) as {
    experiments?: {cache?: {buildDependencies?: string[]}};
  };
  return result.experiments?.cache?.buildDependencies;
}

/** Every site file docusaurus.config.ts imports, directly or through other site files. */
function localImports(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(
      /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g,
    )) {
      const target = path.resolve(path.dirname(file), specifier!);
      const found = [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')].find(
        (candidate) => existsSync(candidate) && /\.(ts|tsx|js|mjs|json)$/.test(candidate),
      );
      if (found) visit(found);
    }
  };
  visit(entry);
  seen.delete(entry);
  return seen;
}

describe('build-cache plugin', () => {
  it("lists every site file the config imports as a build dependency of Rspack's persistent cache", () => {
    const listed = new Set(buildDependencies({experiments: {cache: {type: 'persistent'}}}));
    const imported = localImports(path.join(siteDir, 'docusaurus.config.ts'));
    // The walk reaches the plugins' build code and config/, so it can catch a file outside the list.
    expect(imported.size).toBeGreaterThan(50);
    expect(
      [...imported].filter((file) => !listed.has(file)).map((file) => path.relative(siteDir, file)),
    ).toEqual([]);
  });

  it('leaves a build without a persistent cache alone (the dev server)', () => {
    expect(buildDependencies({})).toBeUndefined();
    expect(buildDependencies({experiments: {cache: false}})).toBeUndefined();
  });
});
