import {promises as fs} from 'node:fs';
import {createRequire, stripTypeScriptTypes} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
// The package's main types describe only its options; lib/index declares the plugin itself.
import pluginPwa, {validateOptions} from '@docusaurus/plugin-pwa/lib/index.js';
import type {PluginOptions as PwaOptions} from '@docusaurus/plugin-pwa';
import {normalizePluginOptions} from '@docusaurus/utils-validation';

export type Options = {
  /** Name of the installed app and of the web app manifest. */
  name: string;
  shortName: string;
  description: string;
  /** Color of the browser's toolbar and of the installed app's title bar. */
  themeColor: string;
  /** Icon of the installed app, relative to the site root (an SVG scales to every size). */
  icon: {src: string; type: string};
};

const MANIFEST = 'manifest.webmanifest';

/**
 * `@docusaurus/plugin-pwa` with the site's caching rules (`service-worker.ts`), offline mode on for
 * every reader (the stock strategies wait for an installed app), its own registration
 * (`browser/register.ts`) and the web app manifest (./README.md). Production builds only.
 */
export default function offlinePlugin(context: LoadContext, options: Options): Plugin<void> {
  const swCustom = path.join(context.generatedFilesDir, 'offline', 'service-worker.js');
  const pwa = pluginPwa(
    context,
    validateOptions({
      // What Docusaurus itself passes to a plugin's validateOptions (typed for plugins with an id).
      validate: normalizePluginOptions as Parameters<typeof validateOptions>[0]['validate'],
      options: {
        offlineModeActivationStrategies: ['always'],
        swRegister: path.join(__dirname, 'browser', 'register.ts'),
        swCustom,
        // The plugin precaches every HTML, script, style and image of the build (the whole site) on the
        // first visit; the worker saves what is read instead (service-worker.ts), so precache nothing.
        // (swSrc and swDest are the plugin's own, set when it runs.)
        injectManifestConfig: {globIgnores: ['**/*']} as PwaOptions['injectManifestConfig'],
        pwaHead: [
          {tagName: 'link', rel: 'manifest', href: MANIFEST},
          {tagName: 'meta', name: 'theme-color', content: options.themeColor},
        ],
      },
    }),
  );
  // The dev server runs without a service worker (the PWA plugin returns nothing there).
  if (!pwa) return {name: 'offline'};
  const pwaThemePath = path.join(
    path.dirname(createRequire(__filename).resolve('@docusaurus/plugin-pwa')),
    'theme',
  );
  return {
    ...pwa,
    name: 'offline',
    // The PWA plugin gives its theme path relative to its own folder; this plugin lives elsewhere.
    getThemePath: () => pwaThemePath,
    getTypeScriptThemePath: undefined,
    async postBuild(props) {
      // The PWA plugin compiles JavaScript only: hand it this TypeScript file without its types.
      const source = await fs.readFile(path.join(__dirname, 'service-worker.ts'), 'utf8');
      await fs.mkdir(path.dirname(swCustom), {recursive: true});
      await fs.writeFile(swCustom, stripTypeScriptTypes(source));
      await fs.writeFile(
        path.join(props.outDir, MANIFEST),
        JSON.stringify(webAppManifest(context.baseUrl, options)),
      );
      await pwa.postBuild?.(props);
    },
  };
}

export function webAppManifest(baseUrl: string, options: Options) {
  return {
    name: options.name,
    short_name: options.shortName,
    description: options.description,
    start_url: baseUrl,
    scope: baseUrl,
    display: 'standalone',
    theme_color: options.themeColor,
    background_color: '#ffffff',
    icons: [{src: `${baseUrl}${options.icon.src}`, sizes: 'any', type: options.icon.type}],
  };
}
