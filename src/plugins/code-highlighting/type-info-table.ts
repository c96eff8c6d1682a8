/**
 * Type info of every compiled sample of the site, worked out before bundling in a
 * child process (./type-info-child.ts; src/node/node-child.ts says why a process).
 * The remark plugin only looks answers up; a sample the table lacks (the dev
 * server has none) gets an in-process language service (./remark.ts).
 */
import path from 'node:path';
import {runNodeChild} from '../../node/node-child.ts';
import type {TypeQuery} from './annotations.ts';
import type {TypeInfo} from './type-info.ts';

/** Each sample's answer, or the message its type info failed with (the build reports it with the page line). */
export type TypeInfoTable = Record<string, TypeInfo | {error: string}>;

/** What the child needs: the site folder and where the SDK reference is (as the remark options say). */
export type TableRequest = {siteDir: string; apiDir: string; apiUrl: string};

/** One sample: the code as shown, TSX or not, and its `// ^?` queries. */
export function sampleKey(code: string, tsx: boolean, queries: readonly TypeQuery[]): string {
  return JSON.stringify([tsx, queries.map(({line, column}) => [line, column]), code]);
}

/** Runs the child with the request on stdin and resolves with the table it prints. */
export async function typeInfoTableInChild(request: TableRequest): Promise<TypeInfoTable> {
  const table = await runNodeChild({
    script: path.join(__dirname, 'type-info-child.ts'),
    request,
    cwd: request.siteDir,
    stdout: 'capture',
    failure: (exit) => `code-highlighting: the type info process failed (exit ${exit}); its message is above`,
  });
  return JSON.parse(table) as TypeInfoTable;
}

// The Docusaurus plugin (./index.ts) registers the table and the remark plugin reads it. On
// globalThis, so both see it even if the config loader gives them separate module instances.
const TABLE = Symbol.for('streamr-docs/code-highlighting/type-info-table');

export function registerTypeInfoTable(table: TypeInfoTable): void {
  (globalThis as Record<symbol, unknown>)[TABLE] = table;
}

export function registeredTypeInfoTable(): TypeInfoTable | undefined {
  return (globalThis as Record<symbol, TypeInfoTable | undefined>)[TABLE];
}
