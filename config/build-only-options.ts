import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';

/**
 * A local plugin with options that only the build needs. Docusaurus writes the
 * whole site config, plugin options included, into the browser's main bundle; a
 * plugin given as a function of the load context is written there as `null`, and
 * its options stay on the build machine. What the browser needs goes as global data.
 */
export function withBuildOnlyOptions<Options, Content>(
  plugin: (context: LoadContext, options: Options) => Plugin<Content> | Promise<Plugin<Content>>,
  options: Options,
): PluginModule {
  const module: PluginModule<Content> = (context: LoadContext) => plugin(context, options);
  // The config's plugin list is typed PluginModule<unknown>; the content type is only the plugin's own.
  return module as PluginModule;
}

/**
 * A remark plugin with its options bound, as the content plugins take it: options
 * listed in the config would reach the browser's site config too (see above). Only
 * `cacheKey` is listed, so caches keyed on the loader's options (Rspack's persistent
 * cache) still see when the options change.
 */
export function withBoundOptions<Options, Transformer>(
  plugin: (options: Options) => Transformer,
  options: Options,
  cacheKey: Record<string, string | number>,
) {
  return [() => plugin(options), cacheKey] as const;
}
