import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {llmsTxtOptions} from '../../config/llms.ts';
import {
  declaredApis,
  readDeclarations,
  renderInstructions,
  type InstructionsOptions,
} from '../../src/plugins/llms-txt/instructions.ts';

const siteDir = path.join(__dirname, '..', '..');

const FAKE_SDK = `
declare class Client {
    private readonly secret;
    /** Sends a message. */
    send(content: unknown): Promise<void>;
    /**
     * @deprecated use {@link Client.send} instead
     */
    post(content: unknown): Promise<void>;
    /**
     * @deprecated kept for the node only
     * @hidden
     */
    legacyPost(content: unknown): Promise<void>;
    /** @internal */
    wire(): void;
}
/** @deprecated */
interface OldOptions {
    retries: number;
}
declare const LIMIT = 5;
declare const hidden = 1;
export { Client as MainClient, OldOptions, LIMIT };
`;

const fakeOptions = (preferred: string[]): InstructionsOptions => ({
  sdkPackage: {name: '@example/sdk', version: '7.1.2'},
  declarations: [],
  preferredApis: preferred.map((name) => ({name, use: `use ${name}`})),
});

describe('llms.txt instructions for assistants', () => {
  it('names the installed SDK version and lists the configured preferred APIs', async () => {
    const installed = JSON.parse(
      readFileSync(path.join(siteDir, 'node_modules', '@streamr', 'sdk', 'package.json'), 'utf8'),
    ) as {version: string};
    const options = llmsTxtOptions.instructions;
    const apis = declaredApis(await readDeclarations(options.declarations, siteDir));
    const block = renderInstructions(options, apis);
    expect(block).toContain(`\`@streamr/sdk\` ${installed.version}`);
    expect(block).toContain(`npm install @streamr/sdk@${installed.version}`);
    expect(block).toContain('  - `StreamrClient.publish`: ');
    // A tag of the real SDK, read from its declarations.
    expect(block).toMatch(
      /^ {2}- `STREAMR_STORAGE_NODE_GERMANY`: use `STREAMR_STORAGE_NODE_ADDRESS` instead$/m,
    );
  });

  it('reads exported names, members and @deprecated tags from declarations, leaving out @hidden and @internal ones', () => {
    const apis = declaredApis([{name: 'fake.d.ts', text: FAKE_SDK}]);
    expect(apis).toEqual([
      {name: 'LIMIT'},
      {name: 'MainClient'},
      {name: 'MainClient.post', deprecated: 'use `Client.send` instead'},
      {name: 'MainClient.send'},
      {name: 'OldOptions', deprecated: ''},
      {name: 'OldOptions.retries'},
    ]);
    const block = renderInstructions(fakeOptions(['MainClient.send']), apis);
    expect(block).toContain('- `MainClient.post`: use `Client.send` instead');
    expect(block).toMatch(/^ {2}- `OldOptions`$/m);
    expect(block).not.toContain('`MainClient.send`:\n');
    expect(block).not.toContain('hidden');
  });

  it('fails with a clear message when a preferred API is not in the declarations', () => {
    const apis = declaredApis([{name: 'fake.d.ts', text: FAKE_SDK}]);
    expect(() =>
      renderInstructions(fakeOptions(['MainClient.send', 'MainClient.gone', 'hidden']), apis),
    ).toThrow(
      'llms-txt: preferred APIs not found in the declarations of @example/sdk 7.1.2: MainClient.gone, hidden. ' +
        'Update `preferredApis` in config/llms.ts to the current names.',
    );
  });

  it('fails when the declarations are missing', async () => {
    await expect(readDeclarations(['node_modules/@example/none/dist'], siteDir)).rejects.toThrow(
      /declarations "node_modules\/@example\/none\/dist" do not exist/,
    );
  });
});
