import {readFileSync} from 'node:fs';
import path from 'node:path';
import {ESLint} from 'eslint';
import {describe, expect, it} from 'vitest';
import {runAsync} from '../support/run-async.ts';

const siteDir = path.resolve(__dirname, '..', '..');
const eslint = new ESLint({cwd: siteDir});

/** The boundary messages ESLint reports for `code` placed at `file` (relative to the site). */
async function boundaryBreaks(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {filePath: path.join(siteDir, file)});
  return result.messages
    .filter((message) => message.ruleId?.startsWith('boundaries/') || message.fatal)
    .map((message) => message.message);
}

const importing = (specifier: string) => `import {x} from '${specifier}';\nexport {x};\n`;

describe('module boundaries (eslint.config.mjs)', () => {
  it.each([
    ['src/theme/Example/index.tsx', '@site/src/plugins/llms-txt/paths', /public browser entry/],
    ['src/theme/Example/index.tsx', '../../plugins/code-highlighting/markup.ts', /public browser entry/],
    ['src/components/Example/index.tsx', '@site/src/plugins/llms-txt/index', /node-side entry/],
    ['src/pages/example.tsx', '../plugins/llms-txt/index.ts', /node-side entry|public browser entry/],
    ['src/theme/Example/index.tsx', 'node:fs', /Node built-in/],
    ['src/components/Example/index.tsx', 'path', /Node built-in/],
    ['src/theme/Example/index.tsx', '@site/scripts/lib/free-ports.mjs', /scripts\//],
    ['src/theme/Example/index.tsx', '@site/config/navbar', /site config/],
    ['src/components/Example/index.tsx', '../../../config/docs-sections.ts', /site config/],
    ['src/theme/Example/index.tsx', '@site/docusaurus.config', /site config/],
    ['src/plugins/search/client/example.ts', '@generated/docusaurus.config', /site config/],
    ['src/plugins/llms-txt/client/example.ts', '../index.ts', /node-side entry/],
    ['src/plugins/llms-txt/browser.ts', 'node:path', /Node built-in/],
    ['src/plugins/search/client/failures.ts', 'node:fs', /Node built-in/],
    ['src/theme/Example/index.tsx', '@site/src/plugins/search/client/failures', /public browser entry/],
    ['src/plugins/clean-html-urls/client.ts', '@site/src/plugins/llms-txt/paths', /public browser entry/],
    ['src/theme/Example/index.tsx', '@site/tests/support/algolia-stand-in', /Only tests/],
    ['src/plugins/llms-txt/index.ts', '../../../tests/support/example.ts', /Only tests/],
    ['scripts/example.mjs', '../tests/support/example.ts', /Only tests/],
    ['config/example.ts', '../tests/unit/fixtures/example.ts', /Only tests/],
    ['src/plugins/social-cards/index.ts', '../../../scripts/lib/free-ports.ts', /does not import scripts\//],
    ['src/node/example.ts', '@site/scripts/serve-build', /does not import scripts\//],
    [
      'packages/docs-mcp/src/example.ts',
      '../../../src/plugins/search/records/joinIndex.ts',
      /public Node entries/,
    ],
    ['packages/docs-mcp/scripts/build.ts', '../../../src/build-output/layout.ts', /public Node entries/],
    ['packages/docs-mcp/src/example.ts', '../../../scripts/lib/compress.ts', /public Node entries/],
    ['src/plugins/offline/service-worker.ts', 'node:path', /Node built-in/],
  ])('%s importing %s is reported', async (file, specifier, message) => {
    const breaks = await boundaryBreaks(file, importing(specifier));
    expect(breaks).toHaveLength(1);
    expect(breaks[0]).toMatch(message);
  });

  it.each([
    ['scripts/example.ts', './lib/free-ports'],
    ['src/plugins/search/engine/example.ts', '../types'],
    ['src/theme/Example/index.tsx', '../../components/NoScriptFallback'],
  ])('%s importing %s without an extension is reported', async (file, specifier) => {
    const breaks = await boundaryBreaks(file, importing(specifier));
    expect(breaks).toEqual([expect.stringMatching(/with its extension/)]);
  });

  it.each([
    ['scripts/example.ts', "readFileSync('tests/search-relevance/streams.json');\n"],
    ['scripts/example.ts', "new URL('../tests/support/algolia-test-build.json', import.meta.url);\n"],
    ['src/plugins/search/example.ts', "path.join('tests', 'fixtures');\n"],
    ['packages/docs-mcp/scripts/example.ts', 'readFileSync(`tests/search-relevance/${suite}.json`);\n'],
  ])('%s naming a path into tests/ is reported: %s', async (file, code) => {
    expect(await boundaryBreaks(file, code)).toEqual([expect.stringMatching(/Only tests read tests\//)]);
  });

  it('lets tests name their own files, and site code mention tests in prose', async () => {
    expect(
      await boundaryBreaks(
        'tests/e2e/example.spec.ts',
        "readFileSync('tests/support/algolia-test-build.json');\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryBreaks('scripts/example.ts', "console.log('see tests/e2e for the browser tests');\n"),
    ).toEqual([]);
  });

  it('fails `npx eslint` on a break planted in a real file', async () => {
    // The CLI with the project's config, on a plugin's real source with one import of scripts/ added.
    const file = 'src/plugins/social-cards/index.ts';
    const planted = `import {isPortFree} from '../../../scripts/lib/free-ports.ts';\nvoid isPortFree;\n${readFileSync(path.join(siteDir, file), 'utf8')}`;
    const lint = (source: string) =>
      runAsync(
        process.execPath,
        [path.join(siteDir, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', file],
        {cwd: siteDir, input: source},
      );
    const clean = await lint(readFileSync(path.join(siteDir, file), 'utf8'));
    expect(clean.status, clean.stdout + clean.stderr).toBe(0);
    const broken = await lint(planted);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(
      /1:26 +error +Site code in src\/ does not import scripts\/.*boundaries\/node-imports/,
    );
    // Two ESLint runs with type information: minutes on a busy machine.
  }, 180_000);

  it('also catches re-exports and dynamic imports', async () => {
    expect(await boundaryBreaks('src/theme/Example/index.tsx', "export * from 'node:fs';\n")).toHaveLength(1);
    expect(
      await boundaryBreaks(
        'src/components/Example/index.tsx',
        "export const load = () => import('@site/src/plugins/code-highlighting/highlight');\n",
      ),
    ).toHaveLength(1);
  });

  it.each([
    ['src/theme/Example/index.tsx', '@site/src/plugins/llms-txt/browser'],
    ['src/theme/Example/index.tsx', '../../plugins/code-highlighting/browser.ts'],
    ['src/plugins/search/theme/SearchPage/index.tsx', '../../client/failures.ts'],
    ['src/theme/Example/index.tsx', '@site/src/components/NoScriptFallback'],
    ['src/theme/Example/index.tsx', '@docusaurus/theme-common'],
    ['src/theme/Example/index.tsx', '@theme-original/Navbar'],
    ['src/plugins/llms-txt/client/example.ts', '../paths.ts'],
    ['src/plugins/llms-txt/index.ts', 'node:fs'],
    ['src/plugins/llms-txt/index.ts', '../../../config/docs-sections.ts'],
    ['config/example.ts', 'node:path'],
    ['scripts/example.mjs', './lib/free-ports.mjs'],
    ['tests/unit/example.test.ts', '../support/algolia-stand-in.ts'],
    ['tests/e2e/example.spec.ts', '../../src/plugins/llms-txt/paths.ts'],
    ['src/plugins/social-cards/index.ts', '../../node/node-child.ts'],
    ['scripts/example.ts', '../src/plugins/llms-txt/index.ts'],
    ['packages/docs-mcp/src/example.ts', '../../../src/plugins/search/node.ts'],
    ['packages/docs-mcp/src/example.ts', '../../../src/build-output/index.ts'],
    ['packages/docs-mcp/src/example.ts', '../../../config/site.ts'],
    ['packages/docs-mcp/src/example.ts', './pages.ts'],
    ['packages/docs-mcp/tests/example.test.ts', '../../../src/plugins/search/client/localSearch.ts'],
  ])('%s importing %s is allowed', async (file, specifier) => {
    expect(await boundaryBreaks(file, importing(specifier))).toEqual([]);
  });
});
