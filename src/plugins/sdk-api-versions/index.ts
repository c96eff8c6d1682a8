/**
 * Generates the SDK API references of both majors with docusaurus-plugin-typedoc,
 * one after the other: the previous major first (it hands its member list to the
 * current one, see src/plugins/typedoc-sdk), and never both TypeDoc projects in
 * memory at once (two plugin instances would start together). Each run is a child
 * process that exits before bundling, so TypeDoc's heap does not stay with the
 * build (src/plugins/typedoc-sdk/docusaurus.ts).
 */
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {generateInChild, typedocDocsOptions} from '../typedoc-sdk/docusaurus.ts';

export type Options = {
  /** docusaurus-plugin-typedoc options per version, in generation order. */
  runs: readonly Record<string, unknown>[];
  /** The docs plugin's options, for where the docs live. */
  docs: DocsOptions;
};

export default async function sdkApiVersionsPlugin(context: LoadContext, options: Options): Promise<Plugin> {
  for (const run of options.runs) {
    await generateInChild({
      siteDir: context.siteDir,
      docs: typedocDocsOptions(options.docs),
      options: {...run},
    });
  }
  return {name: 'sdk-api-versions'};
}
