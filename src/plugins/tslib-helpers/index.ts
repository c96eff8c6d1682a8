import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import type {Compiler} from 'webpack';
import {tslibUsage} from './usage.ts';

/**
 * Docusaurus's browser code (@docusaurus/utils-common) is compiled with
 * TypeScript's `importHelpers` and requires `tslib` for one helper,
 * `__importDefault`. A CommonJS require keeps the whole library, so every page's
 * main bundle carried all of tslib for one small function.
 *
 * The browser bundle resolves `tslib` to ./browser-helpers.ts, which re-exports
 * only the helpers in use from tslib's ES module build. The server bundle keeps
 * the real tslib. So that a new dependency (or a Docusaurus upgrade) calling a
 * helper that is not re-exported fails the build instead of the page, every
 * bundled module that uses tslib is checked after the modules are built.
 */
export const BROWSER_HELPERS = path.join(__dirname, 'browser-helpers.ts');

/** Problems with one module's use of tslib, given the helpers the browser bundle provides. */
export function tslibProblems(file: string, source: string, provided: readonly string[]): string[] {
  const usage = tslibUsage(source);
  const helpersFile = path.relative(process.cwd(), BROWSER_HELPERS);
  const problems = usage.helpers
    .filter((helper) => !provided.includes(helper))
    .map(
      (helper) => `${file} calls tslib's ${helper}, which ${helpersFile} does not re-export: add it there.`,
    );
  if (usage.opaque)
    problems.push(
      `${file} uses tslib in a way the tslib-helpers plugin cannot follow (not only helper calls): ` +
        `check which helpers it needs and that ${helpersFile} re-exports them.`,
    );
  return problems;
}

export default function tslibHelpersPlugin(): Plugin {
  return {
    name: 'tslib-helpers',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const bundler = currentBundler.instance;
      const pluginDir = __dirname;
      return {
        plugins: [
          // Every `tslib` request except the one in browser-helpers.ts itself.
          new bundler.NormalModuleReplacementPlugin(
            /^tslib$/,
            (resource: {context?: string; request: string}) => {
              if (resource.context !== pluginDir) resource.request = BROWSER_HELPERS;
            },
          ),
          {
            apply(compiler: Compiler) {
              compiler.hooks.thisCompilation.tap('tslib-helpers', (compilation) => {
                compilation.hooks.finishModules.tap('tslib-helpers', (modules) => {
                  const provided = tslibUsage(readFileSync(BROWSER_HELPERS, 'utf8')).helpers;
                  for (const module of modules) {
                    const file = (module as {resource?: string | null}).resource?.split('?')[0];
                    if (!file || file === BROWSER_HELPERS || !/\.[cm]?[jt]sx?$/.test(file)) continue;
                    let source: string;
                    try {
                      source = readFileSync(file, 'utf8');
                    } catch {
                      continue;
                    }
                    if (!source.includes('tslib')) continue;
                    for (const problem of tslibProblems(path.relative(process.cwd(), file), source, provided))
                      compilation.errors.push(new bundler.WebpackError(problem));
                  }
                });
              });
            },
          },
        ],
      };
    },
  };
}
