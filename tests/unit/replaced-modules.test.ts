import {existsSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {describe, expect, it} from 'vitest';
import prefetchOncePlugin from '../../src/plugins/prefetch-once/index.ts';
import hydrationTasksPlugin from '../../src/plugins/hydration-tasks/index.ts';

/**
 * Plugins that swap a Docusaurus module for the site's own (NormalModuleReplacementPlugin)
 * match the module by its resolved path. A Docusaurus upgrade that moves or renames the
 * module would silently bring the stock one back; these tests fail instead.
 */
const require = createRequire(import.meta.url);

/** The [pattern, replacement] pairs a plugin gives webpack. */
function replacements(plugin: Plugin): Array<[RegExp, string]> {
  const found: Array<[RegExp, string]> = [];
  class NormalModuleReplacementPlugin {
    constructor(pattern: RegExp, replacement: string) {
      found.push([pattern, replacement]);
    }
  }
  class BannerPlugin {}
  const Compilation = {PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE: 400};
  const utils = {
    currentBundler: {name: 'webpack', instance: {NormalModuleReplacementPlugin, BannerPlugin, Compilation}},
  };
  // @ts-expect-error: only what the plugins read of webpack's configuration and utilities
  plugin.configureWebpack?.({}, false, utils, undefined);
  return found;
}

/** Which replacement applies to a module file. */
function replacementOf(plugin: Plugin, file: string): string | undefined {
  return replacements(plugin).find(([pattern]) => pattern.test(file))?.[1];
}

// Module files as webpack resolves them (theme-common's exports map hides its lib/ from require).
const coreClient = path.dirname(require.resolve('@docusaurus/core/lib/client/clientEntry.js'));
const themeCommon = path.dirname(require.resolve('@docusaurus/theme-common'));

describe('replaced Docusaurus modules', () => {
  it("prefetch-once replaces core's prefetch helper and its window.docusaurus, nothing else of core", () => {
    const plugin = prefetchOncePlugin();
    expect(replacementOf(plugin, path.join(coreClient, 'prefetch.js'))).toMatch(/prefetchChunk\.ts$/);
    expect(replacementOf(plugin, path.join(coreClient, 'docusaurus.js'))).toMatch(/docusaurus\.ts$/);
    for (const kept of ['docusaurusContext.js', 'preload.js', 'flat.js', 'clientEntry.js'])
      expect(replacementOf(plugin, path.join(coreClient, kept)), kept).toBeUndefined();
    for (const [, file] of replacements(plugin)) expect(existsSync(file), file).toBe(true);
  });

  it('the client entry still takes window.docusaurus from the replaced module', () => {
    const entry = readFileSync(path.join(coreClient, 'clientEntry.js'), 'utf8');
    expect(entry).toMatch(/import docusaurus from '\.\/docusaurus';/);
    expect(entry).toMatch(/window\.docusaurus = docusaurus;/);
  });

  it("hydration-tasks replaces theme-common's useWindowSize, which the theme still imports from there", () => {
    const plugin = hydrationTasksPlugin();
    const replacement = replacementOf(plugin, path.join(themeCommon, 'hooks', 'useWindowSize.js'));
    expect(replacement).toMatch(/useWindowSize\.ts$/);
    expect(existsSync(replacement!)).toBe(true);
    expect(readFileSync(path.join(themeCommon, 'index.js'), 'utf8')).toMatch(
      /export \{ useWindowSize \} from '\.\/hooks\/useWindowSize';/,
    );
    // Same contract: the stock hook's only export, its breakpoint, and its three sizes.
    const stock = readFileSync(path.join(themeCommon, 'hooks', 'useWindowSize.js'), 'utf8');
    const ours = readFileSync(replacement!, 'utf8');
    expect([...stock.matchAll(/^export function (\w+)/gm)].map((m) => m[1])).toEqual(['useWindowSize']);
    expect(stock).toMatch(/const DesktopBreakpoint = 996;/);
    expect(ours).toMatch(/const DESKTOP_BREAKPOINT = 996;/);
    for (const size of ['desktop', 'mobile', 'ssr']) expect(stock).toContain(`${size}: '${size}'`);
  });

  it("hydration-tasks replaces core's browserContext, through which the app and useIsBrowser get it", () => {
    const plugin = hydrationTasksPlugin();
    const replacement = replacementOf(plugin, path.join(coreClient, 'browserContext.js'));
    expect(replacement).toMatch(/browserContext\.tsx$/);
    for (const kept of ['App.js', 'clientEntry.js', path.join('exports', 'useIsBrowser.js')])
      expect(replacementOf(plugin, path.join(coreClient, kept)), kept).toBeUndefined();
    expect(readFileSync(path.join(coreClient, 'App.js'), 'utf8')).toMatch(
      /import \{ BrowserContextProvider \} from '\.\/browserContext';/,
    );
    expect(readFileSync(path.join(coreClient, 'exports', 'useIsBrowser.js'), 'utf8')).toMatch(
      /import \{ Context \} from '\.\.\/browserContext';/,
    );
    // Same contract: the stock module's exports, and a context that starts false.
    const exportsOf = (source: string) =>
      [...source.matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]);
    const stock = readFileSync(path.join(coreClient, 'browserContext.js'), 'utf8');
    const ours = readFileSync(replacement!, 'utf8');
    expect(exportsOf(ours)).toEqual(exportsOf(stock));
    expect(exportsOf(stock)).toEqual(['Context', 'BrowserContextProvider']);
    expect(stock).toMatch(/React\.createContext\(false\)/);
    expect(ours).toMatch(/createContext\(false\)/);
  });

  it("hydration-tasks wraps core's route preloader and ComponentCreator, importing each past the pattern", () => {
    const plugin = hydrationTasksPlugin();
    const stockFiles = {preload: 'preload.js', ComponentCreator: path.join('exports', 'ComponentCreator.js')};
    for (const [name, file] of Object.entries(stockFiles)) {
      const replacement = replacementOf(plugin, path.join(coreClient, file));
      expect(replacement, file).toMatch(new RegExp(`${name}\\.ts$`));
      const [, original] = readFileSync(replacement!, 'utf8').match(/from '(@docusaurus\/core\/[^']+)'/)!;
      expect(original, 'the wrapper imports the stock module with a query').toMatch(/\?original$/);
      const resolved = path.join(coreClient, '..', '..', original!.replace('@docusaurus/core/', ''));
      expect(
        replacementOf(plugin, resolved),
        'a stock import the pattern replaces would import itself',
      ).toBeUndefined();
      expect(existsSync(resolved.replace(/\?original$/, '')), resolved).toBe(true);
    }
    const entry = readFileSync(path.join(coreClient, 'clientEntry.js'), 'utf8');
    expect(entry).toMatch(/import preload from '\.\/preload';/);
    expect(entry).toMatch(/preload\(window\.location\.pathname\)\.then\(/);
    // Every route's component comes from ComponentCreator, whose result the preloader calls `preload` on.
    expect(readFileSync(path.join(coreClient, 'preload.js'), 'utf8')).toMatch(
      /match\.route\.component\.preload\?\.\(\)/,
    );
  });

  it('the preloader warms the collator that theme-common still uses while hydrating', () => {
    const reactUtils = readFileSync(path.join(themeCommon, 'utils', 'reactUtils.js'), 'utf8');
    expect(reactUtils).toMatch(/export function useShallowMemoObject[^}]*\.localeCompare\(/);
    const useMutationObserver = readFileSync(
      path.join(themeCommon, 'hooks', 'useMutationObserver.js'),
      'utf8',
    );
    expect(useMutationObserver).toMatch(/useShallowMemoObject\(options\)/);
    const preload = readFileSync(
      replacementOf(hydrationTasksPlugin(), path.join(coreClient, 'preload.js'))!,
      'utf8',
    );
    expect(preload).toMatch(/setTimeout\(\(\) => 'a'\.localeCompare\('b'\)\)/);
  });
});
