/**
 * Runs docusaurus-plugin-typedoc in a child process (./generate.ts) and waits for
 * it to end, instead of in the build's own process (src/plugins/sdk-api-versions
 * does so for each SDK major).
 *
 * Why: TypeDoc builds a TypeScript program of the SDK's declarations. In the
 * build process, the heap it grew to stays with the process for the whole build,
 * and the bundler, the page rendering and postBuild then stack on top of it.
 * In a child that exits, that memory goes back to the system before bundling
 * starts. The Markdown it writes is the same; a TypeDoc warning or error still
 * fails the build (./index.ts throws in the child, which exits non-zero).
 */
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import {runNodeChild} from '../../node/node-child.ts';

/** What the child needs of the site config: where the docs live (docusaurus-plugin-typedoc reads it). */
export type GenerateRequest = {
  siteDir: string;
  docs: {path?: string; numberPrefixParser?: boolean};
  options: Record<string, unknown>;
};

/** The docs preset options docusaurus-plugin-typedoc reads, as plain data for the child. */
export function docsPresetOf(context: Pick<LoadContext, 'siteConfig'>): GenerateRequest['docs'] {
  const preset = context.siteConfig.presets.find(
    (entry) => Array.isArray(entry) && Boolean((entry[1] as {docs?: unknown} | undefined)?.docs),
  ) as [string, {docs: {path?: string; numberPrefixParser?: unknown}}] | undefined;
  const docs = preset?.[1].docs;
  if (docs?.numberPrefixParser !== undefined && typeof docs.numberPrefixParser !== 'boolean')
    throw new Error('typedoc-sdk: a numberPrefixParser function cannot be handed to the TypeDoc process');
  return {
    ...(docs?.path === undefined ? {} : {path: docs.path}),
    ...(docs?.numberPrefixParser === undefined ? {} : {numberPrefixParser: docs.numberPrefixParser}),
  };
}

/** Runs ./generate.ts with the request on stdin; rejects if it exits with anything but 0. */
export async function generateInChild(
  request: GenerateRequest,
  script = path.join(__dirname, 'generate.ts'),
): Promise<void> {
  // TypeDoc's log and errors go straight to the build's output.
  await runNodeChild({
    script,
    request,
    cwd: request.siteDir,
    stdout: 'inherit',
    failure: (exit) => `typedoc-sdk: TypeDoc failed (exit ${exit}); its message is above`,
  });
}
