// @ts-check
import {builtinModules} from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * `.only` on Vitest's or Playwright's test functions, however it is reached:
 * `test.only`, `it.only`, `describe.only`, `test.describe.only`,
 * `test.describe.serial.only`, `describe.concurrent.only`, `test['only']`.
 */
const testFunction = /^(test|it|describe|suite)$/;
const testModifier = /^(describe|serial|parallel|concurrent|sequential)$/;
export const focusedTestSelectors = [
  `MemberExpression[property.name='only'][object.name=${testFunction}]`,
  `MemberExpression[property.name='only'][object.property.name=${testModifier}]`,
  `MemberExpression[property.value='only'][object.name=${testFunction}]`,
  `MemberExpression[property.value='only'][object.property.name=${testModifier}]`,
].map((selector) => ({
  selector,
  message: 'Focused test: remove `.only` (it skips every other test; `npm test` refuses it too).',
}));

/**
 * Module boundaries (src/theme/README.md, "Module boundaries"). Import specifiers
 * are resolved to files (`@site/…` and relative ones) so that every spelling of a
 * path is caught:
 * - browser code imports a plugin only through its public browser entry
 *   (`src/plugins/<name>/browser.ts`, or the files of `browser/` when consumers
 *   need separate entries so that each bundles only what it uses); inside its own
 *   plugin it may import freely, except the plugin's node-side `index`;
 * - browser code never imports Node built-ins, `scripts/`, `config/` or the site
 *   config module (`docusaurus.config.ts`): those are build-time code;
 * - nothing outside `tests/` imports from `tests/` (test-only helpers live there),
 *   and site code (`src/`, `scripts/`, `config/`, packages) names no path into
 *   `tests/` either, so no tool reads test data by fs;
 * - Node-side site code in `src/` (plugins, `src/node/`) does not import `scripts/`:
 *   what plugins and scripts share lives in `src/` (e.g. `src/node/node-child.ts`);
 * - a package (`packages/<name>`) imports from the site only its public Node
 *   entries (PUBLIC_NODE_ENTRIES); its tests may reach further, to compare.
 */
const siteDir = import.meta.dirname;
const NODE_BUILTINS = new Set(builtinModules);
/**
 * The site modules a package may import: one public Node entry per module, each
 * saying so in its header. Anything else of the site is free to change under them.
 */
export const PUBLIC_NODE_ENTRIES = [
  'config/site.ts',
  'src/build-output/index.ts',
  'src/markdown/index.ts',
  'src/plugins/search/node.ts',
  'src/utils/edit-distance.ts',
];
/** Browser code: bundled for the client. */
export const BROWSER_FILES = [
  'src/theme/**',
  'src/components/**',
  'src/pages/**',
  'src/plugins/*/client/**',
  'src/plugins/*/theme/**',
  'src/plugins/*/browser.{ts,tsx}',
  'src/plugins/*/browser/**',
  'src/plugins/*/client.{ts,tsx}',
  // Browser modules outside those places: stand-ins swapped in for framework modules,
  // and what a browser entry re-exports.
  'src/plugins/prefetch-once/prefetchChunk.ts',
  'src/plugins/prefetch-once/docusaurus.ts',
  'src/plugins/hydration-tasks/useWindowSize.ts',
  'src/plugins/hydration-tasks/browserContext.tsx',
  'src/plugins/hydration-tasks/preload.ts',
  'src/plugins/hydration-tasks/ComponentCreator.ts',
  'src/plugins/code-highlighting/no-browser-prism.ts',
  'src/plugins/code-highlighting/markup.ts',
  'src/plugins/social-cards/paths.ts',
  'src/build-output/layout.ts',
  'src/plugins/clean-html-urls/cleanPath.ts',
  // Bundled on its own for the service worker's scope, which has no DOM but no Node either.
  'src/plugins/offline/service-worker.ts',
];

/** The file a specifier names inside the site, or undefined for a package. */
function siteFileOf(specifier, importer) {
  if (specifier.startsWith('@site/')) return path.join(siteDir, specifier.slice('@site/'.length));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(importer), specifier);
  return undefined;
}

/** @param {string} file @param {string} dir */
function isInside(file, dir) {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** A site path relative to the site, with `/` separators. */
const siteRelative = (file) => path.relative(siteDir, file).split(path.sep).join('/');

/** Why a package's import of a site module breaks a boundary, or undefined. */
function packageBreak(target, importer) {
  const [, name] = /^packages\/([^/]+)\//.exec(siteRelative(importer)) ?? [];
  if (!name || isInside(target, path.join(siteDir, 'packages', name))) return undefined;
  if (/^packages\/[^/]+\/tests\//.test(siteRelative(importer))) return undefined;
  const relative = siteRelative(target).replace(/\.(ts|tsx|js|mjs)$/, '');
  if (PUBLIC_NODE_ENTRIES.some((entry) => entry.replace(/\.ts$/, '') === relative)) return undefined;
  return `Package "${name}" imports the site only through its public Node entries (${PUBLIC_NODE_ENTRIES.join(', ')}), not ${siteRelative(target)}; export what it needs from one of them.`;
}

/** Why an import breaks a boundary, or undefined. */
function boundaryBreak(specifier, importer, browser) {
  const target = siteFileOf(specifier, importer);
  if (
    target &&
    isInside(target, path.join(siteDir, 'tests')) &&
    !isInside(importer, path.join(siteDir, 'tests'))
  )
    return 'Only tests import from tests/; move the helper next to the code that needs it, or the caller into tests/.';
  if (!browser) {
    if (!target) return undefined;
    if (isInside(importer, path.join(siteDir, 'src')) && isInside(target, path.join(siteDir, 'scripts')))
      return 'Site code in src/ does not import scripts/ (tools); move what both need into src/ (src/node/ or the plugin that owns it).';
    return packageBreak(target, importer);
  }
  if (specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0]))
    return `Browser code cannot use the Node built-in "${specifier}".`;
  if (specifier === '@generated/docusaurus.config')
    return 'Browser code does not import the site config module; read it through useDocusaurusContext, themeConfig or plugin global data.';
  if (!target) return undefined;
  const relative = path.relative(siteDir, target).split(path.sep).join('/');
  if (relative.startsWith('scripts/')) return 'Browser code does not import scripts/ (build-time tools).';
  if (relative.startsWith('config/') || /^docusaurus\.config(\.ts)?$/.test(relative))
    return 'Browser code does not import the site config (config/, docusaurus.config.ts); read it through useDocusaurusContext, themeConfig or plugin global data.';
  const plugin = /^src\/plugins\/([^/]+)(?:\/(.*))?$/.exec(relative);
  if (!plugin) return undefined;
  const [, name, inside = ''] = plugin;
  // The plugin's folder itself resolves to its index.
  const entry = inside.replace(/\.(ts|tsx|js|mjs)$/, '').replace(/(^|\/)index$/, '') || 'index';
  if (entry === 'index')
    return `Browser code does not import the node-side entry of plugin "${name}"; use src/plugins/${name}/browser.ts.`;
  const samePlugin = isInside(importer, path.join(siteDir, 'src', 'plugins', name));
  if (!samePlugin && entry !== 'browser' && !entry.startsWith('browser/'))
    return `Import plugin "${name}" through its public browser entry, src/plugins/${name}/browser.ts (not ${inside}).`;
  return undefined;
}

/** @param {boolean} browser */
function moduleBoundariesRule(browser) {
  return {
    meta: {
      type: 'problem',
      schema: [],
      docs: {description: 'Module boundaries of the site (see src/theme/README.md)'},
    },
    create(context) {
      const check = (node) => {
        if (!node?.source || typeof node.source.value !== 'string') return;
        const message = boundaryBreak(node.source.value, context.filename, browser);
        if (message) context.report({node: node.source, message});
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}

/**
 * A relative import names its file, extension included (`./paths.ts`), so that Node runs
 * the tools in scripts/ and config/ as they are and they can import site modules
 * instead of copying their constants.
 */
const relativeImportExtensions = {
  meta: {
    type: 'problem',
    schema: [],
    docs: {description: 'Relative imports name their file with its extension'},
  },
  create(context) {
    const check = (node) => {
      const specifier = node?.source?.value;
      if (typeof specifier !== 'string' || !/^\.\.?\//.test(specifier)) return;
      if (/\.[a-z]+$/i.test(path.basename(specifier))) return;
      context.report({
        node: node.source,
        message: `Name the file of "${specifier}" with its extension (e.g. "${specifier}.ts"): Node runs scripts/ and config/ as they are.`,
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * Site code names no path into `tests/` (`'tests/x.json'`, `'../tests/support'`,
 * `path.join('tests', …)`): a tool that reads test data by fs depends on tests/
 * as much as an import would. Import specifiers are left to the rules above.
 */
const noTestsPaths = {
  meta: {
    type: 'problem',
    schema: [],
    docs: {description: 'Site code does not read files under tests/'},
  },
  create(context) {
    const check = (node, value) => {
      if (typeof value !== 'string' || !/^(?:\.{1,2}\/)*tests(?:\/|$)/.test(value)) return;
      const parent = node.parent;
      if (
        parent &&
        ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].includes(
          parent.type,
        )
      )
        return;
      context.report({
        node,
        message: `Only tests read tests/ ("${value}"); move the data next to the code that needs it, or the caller into tests/.`,
      });
    };
    return {
      Literal: (node) => check(node, node.value),
      TemplateLiteral: (node) => check(node, node.quasis[0]?.value.cooked),
    };
  },
};

const boundaries = {
  rules: {
    'no-tests-paths': noTestsPaths,
    'browser-imports': moduleBoundariesRule(true),
    'node-imports': moduleBoundariesRule(false),
    'relative-import-extensions': relativeImportExtensions,
  },
};

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-algolia/',
      'packages/docs-mcp/dist/',
      '.docusaurus/',
      'node_modules/',
      'docs/usage/sdk/api/',
      'test-results/',
      'playwright-report/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: {globals: {...globals.node, ...globals.browser}},
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: {react, 'react-hooks': reactHooks},
    settings: {react: {version: 'detect'}},
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', ignoreRestSiblings: true}],
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: {boundaries},
    rules: {'boundaries/relative-import-extensions': 'error'},
  },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: BROWSER_FILES,
    plugins: {boundaries},
    rules: {'boundaries/node-imports': 'error'},
  },
  {
    files: BROWSER_FILES,
    plugins: {boundaries},
    rules: {'boundaries/browser-imports': 'error'},
  },
  {
    files: [
      'src/**/*.{ts,tsx,mjs,js}',
      'scripts/**/*.{ts,mjs,js}',
      'config/**/*.{ts,mjs,js}',
      'packages/*/src/**/*.{ts,mjs,js}',
      'packages/*/scripts/**/*.{ts,mjs,js}',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: {boundaries},
    rules: {'boundaries/no-tests-paths': 'error'},
  },
  {
    // A focused test silently skips every other test in its file or run.
    files: [
      'tests/**/*.{ts,tsx,mjs,js}',
      'src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.{ts,mjs}',
      'packages/*/tests/**/*.ts',
    ],
    rules: {'no-restricted-syntax': ['error', ...focusedTestSelectors]},
  },
  {
    // A Vitest worker blocked in a synchronous child cannot answer Vitest's RPC, which
    // gives up after 60 s on a busy machine ("Timeout calling onTaskUpdate").
    files: [
      'tests/unit/**/*.ts',
      'src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'packages/*/tests/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['child_process', 'node:child_process'].map((name) => ({
            name,
            importNames: ['spawnSync', 'execSync', 'execFileSync'],
            message:
              'Use runAsync from tests/support/run-async.ts: a blocked test worker times out on a busy machine.',
          })),
        },
      ],
    },
  },
);
