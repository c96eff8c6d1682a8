/**
 * What `tests/unit/diagrams.test.ts` checks of the rendered set (static/diagrams/): test code, so it
 * lives with the tests; `npm run diagrams` (scripts/render-diagrams.ts) is what puts it right.
 */
import {svgName, type Diagram, type Manifest} from '../../scripts/lib/diagrams.ts';

/**
 * What is wrong with the rendered set, as messages a writer can act on.
 * `files`: names in static/diagrams/; `themes`: the site's Mermaid themes.
 */
export function checkRenderedDiagrams({
  diagrams,
  manifest,
  files,
  themes,
}: {
  diagrams: Diagram[];
  manifest: Manifest;
  files: string[];
  themes: {light: string; dark: string};
}): string[] {
  const problems: string[] = [];
  const run = 'run `npm run diagrams` and commit static/diagrams/';
  if (manifest.themes.light !== themes.light || manifest.themes.dark !== themes.dark) {
    problems.push(
      `diagrams were rendered with themes ${JSON.stringify(manifest.themes)}, the site uses ${JSON.stringify(themes)}: ${run} -- --force`,
    );
  }
  const keys = new Set(diagrams.map((d) => d.key));
  for (const d of diagrams) {
    const entry = manifest.diagrams[d.key];
    if (!entry) problems.push(`${d.file}:${d.line}: diagram ${d.key} is not rendered: ${run}`);
    for (const mode of ['light', 'dark'] as const) {
      if (entry && !files.includes(svgName(d.key, mode)))
        problems.push(`${d.file}:${d.line}: ${svgName(d.key, mode)} is missing: ${run}`);
    }
    if (!d.describedBelow && !d.title) {
      problems.push(
        `${d.file}:${d.line}: a diagram needs a text alternative: follow it with an "In words: ..." paragraph, or give it an accTitle`,
      );
    }
  }
  for (const key of Object.keys(manifest.diagrams)) {
    if (!keys.has(key)) problems.push(`diagram ${key} is in the manifest but no longer in the docs: ${run}`);
  }
  for (const file of files) {
    const key = file.split('.')[0];
    if (file !== 'manifest.json' && !keys.has(key))
      problems.push(`static/diagrams/${file} belongs to no diagram: ${run}`);
  }
  return problems;
}
