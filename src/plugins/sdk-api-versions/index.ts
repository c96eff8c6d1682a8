/**
 * Generates the SDK API references of both majors with docusaurus-plugin-typedoc,
 * one after the other: the previous major first (it hands its member list to the
 * current one, see src/plugins/typedoc-sdk), and never both TypeDoc projects in
 * memory at once (two plugin instances would start together).
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import pluginTypedoc from 'docusaurus-plugin-typedoc';

export type Options = {
  /** docusaurus-plugin-typedoc options per version, in generation order. */
  runs: readonly Record<string, unknown>[];
};

export default async function sdkApiVersionsPlugin(context: LoadContext, options: Options): Promise<Plugin> {
  for (const run of options.runs) {
    await pluginTypedoc(context, run as Parameters<typeof pluginTypedoc>[1]);
  }
  return {name: 'sdk-api-versions'};
}
