/**
 * Runs docusaurus-plugin-typedoc in a child process (./generate.ts) and waits for it
 * (src/plugins/sdk-api-versions does so for each SDK major): the heap TypeDoc grows for
 * the SDK's program goes back to the system when the child exits, instead of staying
 * under the bundler and page rendering. A TypeDoc warning or error still fails the
 * build (./index.ts throws in the child, which exits non-zero).
 */
import path from 'node:path';
import {runNodeChild} from '../../node/node-child.ts';

/** What the child needs of the site config: where the docs live (docusaurus-plugin-typedoc reads it). */
export type GenerateRequest = {
  siteDir: string;
  docs: {path?: string; numberPrefixParser?: boolean};
  options: Record<string, unknown>;
};

/** The docs options docusaurus-plugin-typedoc reads, as plain data for the child. */
export function typedocDocsOptions(docs: {
  path?: string;
  numberPrefixParser?: unknown;
}): GenerateRequest['docs'] {
  if (docs.numberPrefixParser !== undefined && typeof docs.numberPrefixParser !== 'boolean')
    throw new Error('typedoc-sdk: a numberPrefixParser function cannot be handed to the TypeDoc process');
  return {
    ...(docs.path === undefined ? {} : {path: docs.path}),
    ...(docs.numberPrefixParser === undefined ? {} : {numberPrefixParser: docs.numberPrefixParser}),
  };
}

/** Runs ./generate.ts with the request on stdin; rejects if it exits with anything but 0. */
export async function generateInChild(
  request: GenerateRequest,
  script = path.join(__dirname, 'generate.ts'),
): Promise<void> {
  await runNodeChild({
    script,
    request,
    cwd: request.siteDir,
    stdout: 'inherit',
    failure: (exit) => `typedoc-sdk: TypeDoc failed (exit ${exit}); its message is above`,
  });
}
