import {existsSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {generateInChild, typedocDocsOptions} from '../../src/plugins/typedoc-sdk/docusaurus.ts';

/** A site folder with one declaration file, and TypeDoc options as config/typedoc.ts gives them. */
function fixture(declarations: string) {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'typedoc-child-'));
  writeFileSync(path.join(siteDir, 'index.d.ts'), declarations);
  writeFileSync(
    path.join(siteDir, 'tsconfig.json'),
    JSON.stringify({compilerOptions: {strict: true, skipLibCheck: true, types: []}, files: ['index.d.ts']}),
  );
  const out = path.join(siteDir, 'docs', 'api');
  const options = {
    id: 'fixture',
    name: 'fixture',
    entryPoints: ['index.d.ts'],
    tsconfig: 'tsconfig.json',
    out,
    entryFileName: 'api.md',
    readme: 'none',
    disableSources: true,
    plugin: [path.resolve('src/plugins/typedoc-sdk/index.ts')],
    treatWarningsAsErrors: true,
  };
  return {siteDir, out, options};
}

describe('TypeDoc in a child process (src/plugins/typedoc-sdk/docusaurus.ts)', () => {
  it('writes the reference from the child and resolves when it exits', async () => {
    const {siteDir, out, options} = fixture(
      '/** A greeter. */\nexport declare class Greeter {\n  greet(): string;\n}\n',
    );
    await generateInChild({siteDir, docs: {}, options});
    expect(readFileSync(path.join(out, 'classes', 'Greeter.md'), 'utf8')).toContain('sidebar_label: Greeter');
    expect(existsSync(path.join(out, 'api.md'))).toBe(true);
  });

  it('rejects when TypeDoc fails in the child (a broken {@link} stops the build)', async () => {
    const {siteDir, options} = fixture('/** See {@link NoSuchThing}. */\nexport declare class Greeter {}\n');
    await expect(generateInChild({siteDir, docs: {}, options})).rejects.toThrow(/TypeDoc failed \(exit 1\)/);
  });

  it('hands the docs options to the child as plain data, and refuses a function it cannot send', () => {
    expect(typedocDocsOptions({path: 'docs', routeBasePath: '/'} as never)).toEqual({path: 'docs'});
    expect(typedocDocsOptions({numberPrefixParser: false})).toEqual({numberPrefixParser: false});
    expect(() => typedocDocsOptions({numberPrefixParser: () => ({})})).toThrow(/function/);
  });
});
