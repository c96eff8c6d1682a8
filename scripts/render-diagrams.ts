#!/usr/bin/env node
/**
 * `npm run diagrams`: renders every Mermaid diagram in docs/ and blog/ into
 * static/diagrams/<key>.light.svg and <key>.dark.svg, sized (width and height
 * from the drawing), and writes static/diagrams/manifest.json. Run it after
 * adding or changing a diagram and commit the result; see scripts/lib/diagrams.ts.
 *
 * Renders with the installed Mermaid in Chromium (a diagram needs a browser to
 * measure its text). Unchanged diagrams are kept; files of removed diagrams are
 * deleted. `--force` renders everything again (e.g. after a Mermaid upgrade).
 *
 * Labels are SVG text (no HTML labels), so the files display as plain images,
 * in the Arial metrics every platform has (Arial, Liberation Sans, Helvetica).
 */
import {existsSync, promises as fs} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {
  DIAGRAMS_DIR,
  MANIFEST,
  THEMES,
  describeMermaidError,
  diagramSyntaxErrors,
  findDiagrams,
  sizeSvg,
  svgName,
  type Manifest,
} from './lib/diagrams.ts';
import {launchMermaid} from './lib/mermaid-browser.ts';

const FONT = 'Arial, "Liberation Sans", Helvetica, sans-serif';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireFromHere = createRequire(import.meta.url);

async function main() {
  const force = process.argv.includes('--force');
  const outDir = path.join(root, DIAGRAMS_DIR);
  await fs.mkdir(outDir, {recursive: true});
  const diagrams = await findDiagrams(root);
  const previous: Manifest | undefined = existsSync(path.join(root, MANIFEST))
    ? JSON.parse(await fs.readFile(path.join(root, MANIFEST), 'utf8'))
    : undefined;
  const mermaidVersion: string = requireFromHere('mermaid/package.json').version;
  const keep =
    !force &&
    previous?.mermaid === mermaidVersion &&
    JSON.stringify(previous.themes) === JSON.stringify(THEMES)
      ? previous.diagrams
      : {};

  const mermaid = await launchMermaid();
  const rendered: Manifest['diagrams'] = {};
  try {
    const {page} = mermaid;
    // Every syntax error at once, each with the Markdown file and line, before anything is written.
    const syntaxErrors = await diagramSyntaxErrors(diagrams, mermaid.parse);
    if (syntaxErrors.length) {
      for (const problem of syntaxErrors) console.error(problem);
      throw new Error(`${syntaxErrors.length} diagram(s) do not parse; nothing was rendered.`);
    }
    for (const diagram of diagrams) {
      if (rendered[diagram.key]) continue;
      const files = (['light', 'dark'] as const).map((mode) => path.join(outDir, svgName(diagram.key, mode)));
      if (keep[diagram.key] && files.every((file) => existsSync(file))) {
        rendered[diagram.key] = keep[diagram.key];
        continue;
      }
      let size: {width: number; height: number} | undefined;
      for (const mode of ['light', 'dark'] as const) {
        const svg = await page
          .evaluate(
            async ({text, theme, id, font}) => {
              const {mermaid} = window as unknown as {
                mermaid: {
                  initialize: (config: Record<string, unknown>) => void;
                  render: (id: string, text: string) => Promise<{svg: string}>;
                };
              };
              mermaid.initialize({
                startOnLoad: false,
                theme,
                fontFamily: font,
                htmlLabels: false,
                flowchart: {htmlLabels: false},
                securityLevel: 'strict',
                deterministicIds: true,
                deterministicIDSeed: id,
              });
              return (await mermaid.render(id, text)).svg;
            },
            {text: diagram.source, theme: THEMES[mode], id: `d${diagram.key}`, font: FONT},
          )
          .catch((error: unknown) => {
            throw new Error(`${diagram.file}:${diagram.line}: ${describeMermaidError(error)}`);
          });
        const sized = sizeSvg(svg);
        // The file must display as an image (valid XML), not only inline.
        const ok = await page.evaluate(async (markup) => {
          const img = new Image();
          img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
          try {
            await img.decode();
            return img.naturalWidth > 0;
          } catch {
            return false;
          }
        }, sized.svg);
        if (!ok)
          throw new Error(`${diagram.file}:${diagram.line}: the ${mode} SVG does not display as an image`);
        await fs.writeFile(path.join(outDir, svgName(diagram.key, mode)), `${sized.svg}\n`);
        size = {width: sized.width, height: sized.height};
      }
      if (!size) throw new Error('unreachable');
      rendered[diagram.key] = {...size, ...(diagram.title && {title: diagram.title})};
      console.log(`rendered ${diagram.file}:${diagram.line} → ${diagram.key} (${size.width}×${size.height})`);
    }
  } finally {
    await mermaid.close();
  }

  const sortedKeys = Object.keys(rendered).sort();
  const manifest: Manifest = {
    themes: THEMES,
    mermaid: mermaidVersion,
    diagrams: Object.fromEntries(sortedKeys.map((key) => [key, rendered[key]])),
  };
  await fs.writeFile(path.join(root, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const file of await fs.readdir(outDir)) {
    if (file !== 'manifest.json' && !rendered[file.split('.')[0]]) {
      await fs.rm(path.join(outDir, file));
      console.log(`removed ${file}`);
    }
  }
  console.log(`${sortedKeys.length} diagrams in ${DIAGRAMS_DIR}.`);
}

// A writer's mistake (a diagram that does not parse) is a message with file and line, not a stack trace.
main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
