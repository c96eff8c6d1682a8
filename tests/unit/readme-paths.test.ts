import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

// The READMEs are the maintainers' map: a path they name that no longer exists sends the next
// engineer looking for a file that moved. Checked: relative link targets, and code spans that start
// at one of this repository's source folders (a span such as `packages/node/...` names a file of
// another repository). Outputs the build or the tools write (.gitignore) are skipped.

const ROOT = process.cwd();
const README_MAX_LINES = 350;

const ignored = readFileSync('.gitignore', 'utf8')
  .split('\n')
  .map((line) => line.trim().replace(/^\/|\/$/g, ''))
  .filter((line) => line && !line.startsWith('#') && !line.includes('*'));

/** Every README.md of the project's own sources. */
function readmes(): string[] {
  const found = ['README.md'];
  for (const top of ['config', 'schemas', 'scripts', 'src', 'packages', 'tests']) {
    for (const entry of readdirSync(top, {recursive: true, withFileTypes: true})) {
      const file = path.relative(ROOT, path.join(entry.parentPath, entry.name));
      if (entry.name === 'README.md' && !/(^|\/)(node_modules|dist)\//.test(file)) found.push(file);
    }
  }
  return found;
}

type MissingPath = {line: number; path: string};

/** Folders a code span must start with to be checked as a path of this repository. */
const SOURCE_ROOTS = ['src/', 'scripts/', 'config/', 'tests/', 'docs/', 'blog/', 'static/', 'schemas/'];
const OTHER_ROOTS = ['i18n/', '.github/', '.cspell/', '.ci/', 'packages/docs-mcp/'];

/** Paths a README names that do not exist; a module path may leave out its extension. */
function missingPaths(markdown: string, dir: string): MissingPath[] {
  const missing: MissingPath[] = [];
  const exists = (file: string) =>
    ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].some((ending) => existsSync(`${file}${ending}`));
  const isOutput = (candidate: string) =>
    ignored.some((entry) => candidate === entry || candidate.startsWith(`${entry}/`));
  markdown.split('\n').forEach((text, index) => {
    const candidates: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (!/^[a-z]+:|^#/.test(target))
        candidates.push(path.relative(ROOT, path.join(dir, target.replace(/#.*$/, ''))));
    }
    for (const [, span] of text.matchAll(/`([^`\s]+)`/g)) {
      const placeholder = /[<>*…{}]|YYYY/.test(span);
      const ours = [...SOURCE_ROOTS, ...OTHER_ROOTS].some((root) => span.startsWith(root));
      if (ours && !placeholder) candidates.push(span);
    }
    for (const candidate of candidates) {
      const clean = candidate.replace(/[.,:;]+$/, '');
      if (!isOutput(clean) && !exists(path.join(ROOT, clean))) missing.push({line: index + 1, path: clean});
    }
  });
  return missing;
}

describe('READMEs name only paths that exist', () => {
  for (const file of readmes()) {
    it(file, () => {
      const problems = missingPaths(readFileSync(file, 'utf8'), path.dirname(file)).map(
        ({line, path: missingPath}) => `${file}:${line}: ${missingPath} does not exist`,
      );
      expect(problems).toEqual([]);
    });
  }

  it('reports a moved file with its line, and skips outputs, routes and placeholders', () => {
    const markdown = [
      'See `scripts/audit/budgets.ts` and [the audit](scripts/audit/README.md#method).',
      'Moved: `scripts/no-such-tool.ts`, [gone](docs/help/no-such-page.md).',
      'Generated: `docs/usage/sdk/api/classes/StreamrClient.md`; a route: `/usage/streams/publishing`.',
      'Placeholders: `blog/YYYY-MM-DD-slug.md`, `src/plugins/<name>/`; another repository: `packages/node/src`.',
    ].join('\n');
    expect(missingPaths(markdown, '.')).toEqual([
      {line: 2, path: 'docs/help/no-such-page.md'},
      {line: 2, path: 'scripts/no-such-tool.ts'},
    ]);
  });
});

it(`README.md stays a manual of at most ${README_MAX_LINES} lines`, () => {
  const lines = readFileSync('README.md', 'utf8').trimEnd().split('\n').length;
  expect(lines, 'move details to the README of the folder that implements them').toBeLessThanOrEqual(
    README_MAX_LINES,
  );
});
