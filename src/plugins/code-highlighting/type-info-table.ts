/**
 * Type info of every compiled sample of the site, worked out before bundling in a
 * child process (./type-info-child.ts) that then exits.
 *
 * Why: the TypeScript language service holds the SDK's and the standard library's
 * declarations, their types and the samples' programs (about 400 MB). Created in
 * the build process, on the first sample, it stayed there while the bundler and
 * the page rendering stacked their own memory on top. In the child, that memory
 * goes back to the system before bundling starts, and the remark plugin only
 * looks answers up. A sample the table lacks falls back to an in-process service.
 */
import path from 'node:path';
import {runNodeChild} from '../../node/node-child.ts';
import type {TypeQuery} from './annotations.ts';
import type {TypeInfo} from './type-info.ts';

/** A sample's answer, or the message its type info failed with (the build reports it with the page line). */
export type TableEntry = TypeInfo | {error: string};
export type TypeInfoTable = Record<string, TableEntry>;

/** What the child needs: the site folder and where the SDK reference is (as the remark options say). */
export type TableRequest = {siteDir: string; apiDir: string; apiUrl: string};

/** One sample: the code as shown, TSX or not, and its `// ^?` queries. */
export function sampleKey(code: string, tsx: boolean, queries: readonly TypeQuery[]): string {
  return JSON.stringify([tsx, queries.map(({line, column}) => [line, column]), code]);
}

/** The key of a table for these remark options: the same as the in-process service's. */
export function tableKey({siteDir, apiDir, apiUrl}: TableRequest): string {
  return `${siteDir}\n${apiDir}\n${apiUrl}`;
}

/** Runs the child with the request on stdin and resolves with the table it prints. */
export async function typeInfoTableInChild(
  request: TableRequest,
  script = path.join(__dirname, 'type-info-child.ts'),
): Promise<TypeInfoTable> {
  const table = await runNodeChild({
    script,
    request,
    cwd: request.siteDir,
    stdout: 'capture',
    failure: (exit) => `code-highlighting: the type info process failed (exit ${exit}); its message is above`,
  });
  return JSON.parse(table) as TypeInfoTable;
}

// The Docusaurus plugin (./index.ts) fills the table; the remark plugin (./remark.ts), loaded
// through the site config, reads it. A global registry, so both see one table even if the
// config loader gives them separate module instances.
const REGISTRY = Symbol.for('streamr-docs/code-highlighting/type-info-tables');
const registry = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new Map()) as Map<
  string,
  TypeInfoTable
>;

export function registerTypeInfoTable(request: TableRequest, table: TypeInfoTable): void {
  registry.set(tableKey(request), table);
}

export function registeredTypeInfoTable(request: TableRequest): TypeInfoTable | undefined {
  return registry.get(tableKey(request));
}
