import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import remarkPrerenderedDiagrams from '../src/plugins/prerendered-diagrams/remark.ts';
import {hash53} from '../src/utils/hash53.ts';
import {withBoundOptions} from './build-only-options.ts';

/** Written by `npm run diagrams` (scripts/lib/diagrams.ts, MANIFEST), read from the site folder. */
const manifestFile = path.resolve('static/diagrams/manifest.json');

/**
 * The remark step that gives each diagram its pre-rendered size (in `remarkPlugins`:
 * after Docusaurus's own, which make the `mermaid` elements); keyed on the manifest.
 */
export const prerenderedDiagrams = withBoundOptions(
  remarkPrerenderedDiagrams,
  {manifestFile},
  {manifestHash: existsSync(manifestFile) ? hash53(readFileSync(manifestFile, 'utf8')) : 'none'},
);
