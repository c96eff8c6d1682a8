/**
 * Mermaid diagrams are rendered ahead of time (`npm run diagrams`) into sized
 * SVG files in static/diagrams/, one per color mode, listed in
 * static/diagrams/manifest.json. Pages then show an <img> with width and height:
 * no Mermaid JavaScript (about 160 KB compressed) on the page, no layout shift
 * when the diagram appears, and lazy loading below the fold. A diagram missing
 * from the manifest falls back to Mermaid in the browser (handy while writing);
 * tests/unit/diagrams.test.ts fails until it is rendered.
 *
 * This module finds the diagrams in the docs (through the site's Markdown front-end,
 * src/markdown) and checks the rendered set.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {nextSibling, parsePage, plainText} from '../../src/markdown/index.ts';
import {diagramKey, normalizeDiagramSource} from '../../src/theme/Mermaid/diagram-key.ts';
import {findMarkdownFiles} from './markdown-files.ts';

export const DIAGRAMS_DIR = 'static/diagrams';
export const MANIFEST = `${DIAGRAMS_DIR}/manifest.json`;
/** The site's Mermaid themes (docusaurus.config.ts, themeConfig.mermaid.theme); a unit test keeps them in step. */
export const THEMES = {light: 'neutral', dark: 'dark'};

/** Content folders with Markdown (findMarkdownFiles leaves out the generated SDK reference). */
const CONTENT_DIRS = ['docs', 'blog'];

export type Diagram = {
  key: string;
  source: string;
  file: string;
  /** Line of the ```mermaid fence. */
  line: number;
  /** Followed by an "In words: ..." paragraph. */
  describedBelow: boolean;
  title?: string;
};
export type ManifestEntry = {width: number; height: number; title?: string};
export type Manifest = {
  themes: {light: string; dark: string};
  mermaid: string;
  diagrams: Record<string, ManifestEntry>;
};

/** Diagrams in one page: code blocks whose language is `mermaid`. `file` names the page (and picks MDX). */
export function diagramsIn(text: string, file: string): Diagram[] {
  const page = parsePage(text, {file});
  return page.codeBlocks.flatMap((block) => {
    if (block.language !== 'mermaid') return [];
    const source = normalizeDiagramSource(block.code);
    const next = nextSibling(page.tree, block.node);
    const title = /^\s*accTitle\s*:\s*(.+)$/m.exec(source)?.[1].trim();
    return [
      {
        key: diagramKey(source),
        source,
        file,
        line: block.line,
        describedBelow: next !== undefined && /^In words\b/.test(plainText(next)),
        ...(title && {title}),
      },
    ];
  });
}

/** Every diagram in the site's Markdown, by file and line; `root` is the project folder. */
export async function findDiagrams(root: string): Promise<Diagram[]> {
  const folders = CONTENT_DIRS.map((dir) => path.join(root, dir)).filter((dir) => existsSync(dir));
  return findMarkdownFiles(folders).flatMap((file) =>
    diagramsIn(readFileSync(file, 'utf8'), path.relative(root, file)),
  );
}

/**
 * Diagrams Mermaid cannot parse, as messages that name the Markdown file and the
 * line of the diagram's ```mermaid fence (a syntax error is otherwise only seen
 * as Mermaid's error graphic in the browser, or as a failed `npm run diagrams`).
 * `parse` is Mermaid's parser, e.g. from scripts/lib/mermaid-browser.ts (Mermaid's sanitizer
 * needs a DOM: Node alone fails on labels).
 */
export async function diagramSyntaxErrors(
  diagrams: Diagram[],
  parse: (source: string) => Promise<unknown>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const diagram of diagrams) {
    try {
      await parse(diagram.source);
    } catch (error) {
      problems.push(`${diagram.file}:${diagram.line}: ${describeMermaidError(error)}`);
    }
  }
  return problems;
}

/** Mermaid's message on one line. */
export function describeMermaidError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // Jison-based grammars quote the source and point at the mistake with "---^" between
  // "Parse error on line N:" and "Expecting ..., got ...": the first and last lines say it all.
  const jison = /^Parse error on line (\d+):\n[\s\S]*\n(.+)$/.exec(message.trim());
  const what = jison
    ? `line ${jison[1]} of the diagram: ${jison[2].trim()}`
    : message.replace(/\s+/g, ' ').trim() || 'unknown error';
  return `the Mermaid diagram does not parse: ${what.length > 300 ? `${what.slice(0, 297)}...` : what}`;
}

export function svgName(key: string, mode: 'light' | 'dark'): string {
  return `${key}.${mode}.svg`;
}

/**
 * Gives the SVG a fixed intrinsic size (Mermaid writes width="100%" and a
 * max-width style), so an <img> of it reserves its space before it loads.
 */
export function sizeSvg(svg: string): {svg: string; width: number; height: number} {
  const open = /^<svg\b[^>]*>/.exec(svg);
  if (!open) throw new Error('not an SVG');
  const viewBox = /\bviewBox="([^"]+)"/
    .exec(open[0])?.[1]
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (!viewBox || viewBox.length !== 4 || viewBox.some((n) => !Number.isFinite(n)))
    throw new Error('SVG without a viewBox');
  const width = Math.ceil(viewBox[2]);
  const height = Math.ceil(viewBox[3]);
  const tag = open[0]
    .replace(/\s(width|height)="[^"]*"/g, '')
    .replace(/\sstyle="[^"]*"/, '')
    .replace(/^<svg\b/, `<svg width="${width}" height="${height}"`);
  return {svg: tag + svg.slice(open[0].length), width, height};
}
