import {mkdtempSync, readFileSync, readdirSync, writeFileSync, existsSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Application, LogLevel} from 'typedoc';
import {describe, expect, it} from 'vitest';

const pluginPath = path.resolve('src/plugins/typedoc-sdk/index.ts');

/** Runs TypeDoc with our plugin on one declaration file, like the site build does. */
async function generate(declarations: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'typedoc-sdk-'));
  writeFileSync(path.join(dir, 'index.d.ts'), declarations);
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({compilerOptions: {strict: true, skipLibCheck: true, types: []}, files: ['index.d.ts']}),
  );
  const out = path.join(dir, 'out');
  const app = await Application.bootstrapWithPlugins({
    entryPoints: [path.join(dir, 'index.d.ts')],
    tsconfig: path.join(dir, 'tsconfig.json'),
    plugin: ['typedoc-plugin-markdown', pluginPath],
    out,
    name: 'fixture',
    readme: 'none',
    entryFileName: 'api.md',
    membersWithOwnFile: ['Class', 'Enum', 'Interface'],
    logLevel: LogLevel.Error,
    disableSources: true,
  } as Parameters<typeof Application.bootstrapWithPlugins>[0]);
  const project = await app.convert();
  if (project) await app.generateOutputs(project);
  return out;
}

describe('typedoc-sdk plugin', () => {
  it('drops internal exports and category tags, and labels pages for the sidebar', async () => {
    const out = await generate(`
      /** Signs messages. */
      export declare class MessageSigner { sign(): void }
      /** The client. */
      export declare class Client {
        /** @category Important */
        publish(): void
        subscribe(): void
      }
    `);
    expect(readdirSync(path.join(out, 'classes'))).toEqual(['Client.md', '_category_.json']);
    const client = readFileSync(path.join(out, 'classes', 'Client.md'), 'utf8');
    expect(client.startsWith('---\nsidebar_label: Client\n')).toBe(true);
    // Members are h3 under the kind group, not under an "Important" category.
    expect(client).toMatch(/^### publish\(\)/m);
    expect(client).not.toMatch(/Important/);
    expect(readFileSync(path.join(out, 'api.md'), 'utf8')).not.toMatch(/MessageSigner/);
    expect(JSON.parse(readFileSync(path.join(out, 'classes', '_category_.json'), 'utf8'))).toMatchObject({
      label: 'Classes',
    });
    expect(existsSync(path.join(out, '_category_.json'))).toBe(true);
  });

  it('gives every page a description: the first sentence of the comment, or what the page lists', async () => {
    const out = await generate(`
      /** The client. It does many things. */
      export declare class Client { publish(): void }
      /** Iterates with {@link https://example.com/ | for await .. of}. Ends here. */
      export declare class Stream { next(): void }
      export declare enum Color { Red = 'red' }
      /** Options for \`publish\`:
       *  when and where. */
      export interface PublishOptions { timestamp?: number }
    `);
    const frontMatter = (file: string) =>
      readFileSync(path.join(out, file), 'utf8').match(/^---\n([\s\S]*?)\n---/)?.[1] ?? '';
    expect(frontMatter('classes/Client.md')).toMatch(
      /^description: "Reference for the Client class in fixture: The client\."$/m,
    );
    expect(frontMatter('classes/Stream.md')).toMatch(
      /^description: "Reference for the Stream class in fixture: Iterates with for await \.\. of\."$/m,
    );
    expect(frontMatter('enumerations/Color.md')).toMatch(
      /^description: "Reference for the Color enumeration in fixture: its members and their values\."$/m,
    );
    expect(frontMatter('interfaces/PublishOptions.md')).toMatch(
      /^description: "Reference for the PublishOptions interface in fixture: Options for publish: when and where\."$/m,
    );
    expect(frontMatter('api.md')).toMatch(
      /^description: "Reference for every class, enumeration and interface that fixture exports/m,
    );
  });

  it('turns a TypeDoc warning into an error that stops the build', async () => {
    await expect(
      generate(`
        /** Points at {@link NoSuchThing}, which TypeDoc cannot resolve. */
        export declare class Client { publish(): void }
      `),
    ).rejects.toThrow(/TypeDoc warning while generating the SDK API reference: .*NoSuchThing/);
  });
});
