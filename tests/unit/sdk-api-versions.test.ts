import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Application, LogLevel} from 'typedoc';
import {describe, expect, it} from 'vitest';
import {previousSdkPackage, sdkPackage} from '../../config/typedoc.ts';
import type {SdkVersionRole} from '../../src/plugins/typedoc-sdk/index.ts';
import {changesPageMarkdown, diffMembers} from '../../src/plugins/typedoc-sdk/members.ts';

const pluginPath = path.resolve('src/plugins/typedoc-sdk/index.ts');

/** Runs TypeDoc with the site's plugin on one declaration file, as one version of the reference. */
async function generate(dir: string, name: string, declarations: string, sdkVersion: SdkVersionRole) {
  const folder = path.join(dir, name);
  const file = path.join(dir, `${name}.d.ts`);
  writeFileSync(file, declarations);
  writeFileSync(
    path.join(dir, `${name}.tsconfig.json`),
    JSON.stringify({compilerOptions: {strict: true, skipLibCheck: true, types: []}, files: [file]}),
  );
  const app = await Application.bootstrapWithPlugins({
    entryPoints: [file],
    tsconfig: path.join(dir, `${name}.tsconfig.json`),
    plugin: ['typedoc-plugin-markdown', pluginPath],
    out: folder,
    name: `fixture ${name}`,
    readme: 'none',
    entryFileName: 'api.md',
    membersWithOwnFile: ['Class', 'Enum', 'Interface'],
    logLevel: LogLevel.Error,
    disableSources: true,
    sdkVersion,
  } as Parameters<typeof Application.bootstrapWithPlugins>[0]);
  const project = await app.convert();
  if (project) await app.generateOutputs(project);
  return folder;
}

const PREVIOUS = `
  /** The client. */
  export declare class Client {
    /** Publishes. */
    publish(stream: string): void
    /** Old way to make a key. */
    generateKey(): string
    /** Parses. */
    parse(): Text | Bytes
  }
  export interface Text { text: string }
  export interface Bytes { bytes: number[] }
  export interface Options { timeout?: number }
  export default Client
`;

const CURRENT = `
  /** The client. */
  export declare class Client {
    /** Publishes. */
    publish(stream: string, options?: Options): void
    /** Parses: the same type; TypeScript orders the union by creation, so it prints the other way round. */
    parse(): Bytes | Text
    /** Subscribes. */
    subscribe(stream: string): void
    /**
     * Checks the connection.
     * @deprecated use subscribe
     */
    ping(): void
  }
  export interface Options { timeout?: number }
  /** New in this major. */
  export declare class Identity { id: string }
  export interface Bytes { bytes: number[] }
  export interface Text { text: string }
`;

describe('SDK API versions: member diff', () => {
  it('sorts members into added, removed and changed by qualified name and signature text', () => {
    const diff = diffMembers(
      {Client: 'class', 'Client.a': 'method () => void', 'Client.b': 'method () => void', Gone: 'function'},
      {
        Client: 'class',
        'Client.a': 'method (x: string) => void',
        'Client.b': 'method () => void',
        New: 'class',
      },
    );
    expect(diff).toEqual({
      added: ['New'],
      removed: ['Gone'],
      changed: [{name: 'Client.a', before: 'method () => void', after: 'method (x: string) => void'}],
    });
  });

  it('groups the changes page by export, links added members, and links the migration guide', () => {
    const markdown = changesPageMarkdown({
      diff: {
        added: ['Client.subscribe', 'Identity'],
        removed: ['Client.generateKey', 'Client.old', 'default'],
        changed: [],
      },
      previous: {major: '1', version: '1.0.0'},
      current: {major: '2', version: '2.0.0'},
      packageName: 'fixture',
      migrationGuide: '../upgrading.md',
      linkOf: (name) => (name === 'Identity' ? undefined : 'classes/Client.md#subscribe'),
      previousMembers: {
        Client: 'class',
        'Client.generateKey': 'method () => string',
        default: 'reference Client',
      },
      previousLinks: {'Client.generateKey': '/api/1/classes/Client#generatekey'},
    });
    expect(markdown).toContain('# API changes 1 → 2');
    expect(markdown).toContain('[migration guide](../upgrading.md)');
    expect(markdown).toMatch(
      /## Added\n\n### Client\n\n- \[`Client\.subscribe`\]\(classes\/Client\.md#subscribe\)\n\n### Identity\n\n- `Identity`\n/,
    );
    // Removed members link to their page in the previous version, when they have one.
    expect(markdown).toMatch(
      /## Removed\n\n### Client\n\n- \[`Client\.generateKey`\]\(\/api\/1\/classes\/Client#generatekey\)\n- `Client\.old`\n/,
    );
    // The default export is named for what it was, and how to import that now.
    expect(markdown).toContain(
      "- `default`: the package's default export, which was `Client`; import `Client` by name instead",
    );
    expect(markdown).toMatch(/## Changed\n\nNone\.\n$/);
  });
});

describe('SDK API versions: two TypeDoc runs', () => {
  it('the previous run hands its members to the current one, which tags new members and writes the changes page', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sdk-api-versions-'));
    const membersFile = path.join(dir, 'cache', 'members-1.json');
    const previous = await generate(dir, 'previous', PREVIOUS, {role: 'previous', membersFile});
    // The previous major's pages are placed under its version path by slugs.
    const previousClient = readFileSync(path.join(previous, 'classes', 'Client.md'), 'utf8');
    expect(previousClient).toMatch(/^---\nslug: \/classes\/Client\nsidebar_label: Client\n/);
    expect(readFileSync(path.join(previous, 'api.md'), 'utf8')).toMatch(/^---\nslug: \/\n/);

    const current = await generate(dir, 'current', CURRENT, {
      role: 'current',
      membersFile,
      packageName: 'fixture',
      previous: {major: '1', version: '1.0.0', path: '/api/1'},
      current: {major: '2', version: '2.0.0'},
      changesPage: 'changes.md',
      migrationGuide: '../upgrading.md',
    });
    const client = readFileSync(path.join(current, 'classes', 'Client.md'), 'utf8');
    const section = (heading: string) =>
      client.split(/^### /m).find((part) => part.startsWith(heading)) ?? '';
    // subscribe is new: it says since when; publish existed and says nothing.
    expect(section('subscribe()')).toMatch(/#### Since\n\n2\n/);
    expect(section('publish()')).not.toMatch(/Since/);
    // The SDK's own @deprecated tag is rendered by TypeDoc (struck-through heading, "Deprecated" section).
    expect(section('~~ping()~~')).toMatch(/#### Deprecated\n\nuse subscribe\n/);
    expect(client).not.toMatch(/^slug:/m);

    const changes = readFileSync(path.join(current, 'changes.md'), 'utf8');
    expect(changes).toContain('- [`Client.subscribe`](classes/Client.md#subscribe)');
    expect(changes).toContain('- [`Identity`](classes/Identity.md)');
    expect(changes).toMatch(
      /## Removed\n\n### Client\n\n- \[`Client\.generateKey`\]\(\/api\/1\/classes\/Client#generatekey\)\n/,
    );
    expect(changes).toContain(
      "- `default`: the package's default export, which was `Client`; import `Client` by name",
    );
    // Only the order of its union changed: not a change.
    expect(changes).not.toContain('Client.parse');
    expect(changes).toMatch(
      /- `Client\.publish`: `method \(stream: string\) => void` became `method \(stream: string, options\?: Options\) => void`/,
    );
    expect(changes).not.toMatch(/`Options`/);

    // A member one version lacks: a note under its anchor on the other version's page of its owner.
    expect(client).toMatch(
      /^# Class: Client\n\n<div id="generatekey" class="alert alert--info sdk-missing-member"><code>Client\.generateKey<\/code> is in SDK 1 only: 2 removed it\.<\/div>\n/m,
    );
    const previousNotes = readFileSync(path.join(previous, 'classes', 'Client.md'), 'utf8').match(
      /<div id="\w+"/g,
    );
    expect(previousNotes).toEqual(['<div id="ping"', '<div id="subscribe"']);
  });
});

describe('SDK API versions: which package is the previous major', () => {
  it('is the one npm alias of the SDK in package.json', () => {
    expect(sdkPackage.name).toBe('@streamr/sdk');
    const previous = previousSdkPackage({
      '@streamr/sdk': sdkPackage.version,
      [previousSdkPackage().installName]: `npm:@streamr/sdk@${previousSdkPackage().version}`,
      react: '19.2.0',
    });
    expect(Number(previous.major)).toBe(Number(sdkPackage.major) - 1);
    expect(previous.name).toBe('@streamr/sdk');
  });

  it('refuses none or two aliases, so an upgrade cannot leave a stale one behind', () => {
    expect(() => previousSdkPackage({'@streamr/sdk': '103.3.1'})).toThrow(/exactly one npm alias/);
    expect(() =>
      previousSdkPackage({
        '@streamr/sdk-101': 'npm:@streamr/sdk@101.0.0',
        '@streamr/sdk-102': 'npm:@streamr/sdk@102.0.0',
      }),
    ).toThrow(/found 2/);
  });
});
