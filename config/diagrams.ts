import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import remarkPrerenderedDiagrams from '../src/plugins/prerendered-diagrams/remark.ts';
import {hash53} from '../src/utils/hash53.ts';

/** Written by `npm run diagrams` (scripts/lib/diagrams.ts, MANIFEST), read from the site folder. */
const manifestFile = path.resolve('static/diagrams/manifest.json');

/**
 * The remark step that gives each diagram its pre-rendered size, as Docusaurus's
 * content plugins take it (in `remarkPlugins`: after Docusaurus's own, which make
 * the `mermaid` elements). Options are bound rather than listed, like the code
 * highlighting's (config/prism.ts): what is listed reaches the browser's site
 * config. The hash of the manifest lets caches keyed on the options see a re-render.
 */
function remarkPrerenderedDiagramsConfigured() {
  return remarkPrerenderedDiagrams({manifestFile});
}
export const prerenderedDiagrams = [
  remarkPrerenderedDiagramsConfigured,
  {manifestHash: existsSync(manifestFile) ? hash53(readFileSync(manifestFile, 'utf8')) : 'none'},
] as const;
