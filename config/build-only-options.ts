import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';

/**
 * A local plugin with options that only the build needs.
 *
 * Docusaurus writes the whole site config, plugin options included, into the
 * browser's main bundle (`@generated/docusaurus.config` is the config as JSON),
 * so ranking settings, code themes and page snippets would reach every visitor
 * for nothing. A plugin given as a function of the load context is written there
 * as `null`, and its options stay on the build machine. What the browser does
 * need, a plugin hands over as global data.
 */
export function withBuildOnlyOptions<Options, Content>(
  plugin: (context: LoadContext, options: Options) => Plugin<Content> | Promise<Plugin<Content>>,
  options: Options,
): PluginModule {
  const module: PluginModule<Content> = (context: LoadContext) => plugin(context, options);
  // The config's plugin list is typed PluginModule<unknown>; the content type is only the plugin's own.
  return module as PluginModule;
}
