/**
 * Remark plugin: highlights every fenced code block at build time and hands the
 * HTML to the code block component (`src/theme/CodeBlock`) as `highlightedHtml`.
 * A block in a language Prism does not know fails the build with file and line.
 *
 * With `typeInfo`, the TypeScript samples that the sample check compiles (docs and
 * blog, not `nocompile`) also get type hovers, `// ^?` answers and expected errors
 * (./type-info.ts, ./type-markup.ts), and lose their annotation lines, so the page,
 * the copy button and the theme see plain code. A compiled sample without type
 * info, with an error it does not expect or without one it does, fails the build.
 */
import path from 'node:path';
import type {Code, Root} from 'mdast';
import {visit} from '../../markdown/index.ts';
import {parseAnnotations, type Annotations, type TypeQuery} from './annotations.ts';
import {ApiReference} from './api-links.ts';
import {COMPILED_LANGUAGES, optOutReason} from './compiler-options.ts';
import {
  assertLanguageSupported,
  fnv1a,
  highlightCodeBlock,
  loadLanguages,
  type CodeThemes,
} from './highlight.ts';
import {isSampleFile, siteSamples} from './site-samples.ts';
import {createTypeInfoService, type TypeInfo, type TypeInfoService} from './type-info.ts';
import {registeredTypeInfoTable, sampleKey} from './type-info-table.ts';
import {lineDecorations, type LineDecoration} from './type-markup.ts';

/** The site folder: node_modules with @streamr/sdk, and the docs and blog folders. */
const SITE_DIR = path.resolve(__dirname, '..', '..', '..');

export type TypeInfoOptions = {
  /** Where TypeDoc writes the SDK reference's Markdown, relative to the site (config/typedoc.ts). */
  apiDir: string;
  /** The reference's URL, with the site's base URL, without a trailing slash: `/usage/sdk/api`. */
  apiUrl: string;
};

export type RemarkCodeHighlightingOptions = {
  /** The Prism themes of the light and dark color modes. */
  themes: CodeThemes;
  /** Prism grammars to load beyond prism-react-renderer's bundled ones, like `themeConfig.prism.additionalLanguages`. */
  additionalLanguages?: string[];
  /** Type hovers on compiled TypeScript samples; off when absent. */
  typeInfo?: TypeInfoOptions;
};

/** Left to other plugins (Mermaid diagrams become their own component). */
const NOT_CODE = new Set(['mermaid']);

/** One language service for the samples the build's table lacks: the dev server's, the tests'. */
let shared: TypeInfoService | undefined;

function typeInfoOfSample(
  options: TypeInfoOptions,
  code: string,
  tsx: boolean,
  queries: TypeQuery[],
): TypeInfo {
  const entry = registeredTypeInfoTable()?.[sampleKey(code, tsx, queries)];
  if (entry && 'error' in entry) throw new Error(entry.error);
  if (entry) return entry;
  // Created on the first sample: TypeDoc has written the reference by then.
  shared ??= createTypeInfoService(
    SITE_DIR,
    new ApiReference(path.resolve(SITE_DIR, options.apiDir), options.apiUrl),
    siteSamples(SITE_DIR),
  );
  return shared.typeInfo(code, {tsx, queries});
}

/**
 * Type info decorations of a compiled sample; replaces the node's code by the code
 * without annotations. Throws with the source line on anything a reader should not see.
 */
function typeInfoOf(node: Code, file: string, idPrefix: string, options: TypeInfoOptions): LineDecoration[] {
  const fence = node.position?.start.line ?? 0;
  const fail = (line: number, error: unknown) =>
    new Error(`${file}:${line}: ${error instanceof Error ? error.message : String(error)}`);
  let annotations: Annotations | undefined;
  const sourceLine = (line: number) => fence + 1 + (annotations?.writtenLine[line] ?? 0);
  let info;
  try {
    annotations = parseAnnotations(node.value);
    info = typeInfoOfSample(options, annotations.code, node.lang === 'tsx', annotations.queries);
  } catch (error) {
    // Messages start with `line N:`, N in the code as written (annotations) or as shown (type info).
    const line = Number(/^line (\d+)/.exec(error instanceof Error ? error.message : '')?.[1] ?? 0);
    throw fail(!line ? fence : annotations ? sourceLine(line - 1) : fence + line, error);
  }
  const expected = new Set(annotations.expectedErrors);
  const unexpected = info.errors.find((error) => !expected.has(error.code));
  if (unexpected)
    throw fail(
      sourceLine(unexpected.line),
      `TS${unexpected.code}: ${unexpected.message} (npm run check:samples lists every such error)`,
    );
  const missing = [...expected].find((code) => !info.errors.some((error) => error.code === code));
  if (missing !== undefined)
    throw fail(fence, `"// @errors: ${missing}" expects error TS${missing}, which the block does not have`);
  if (info.hovers.length === 0) throw fail(fence, 'a compiled TypeScript sample rendered without type info');
  node.value = annotations.code;
  return lineDecorations(info, annotations.code.split('\n').length, idPrefix);
}

export default function remarkCodeHighlighting(options: RemarkCodeHighlightingOptions) {
  loadLanguages(options.additionalLanguages ?? []);
  return (tree: Root, file: {path?: string}) => {
    const filePath = file.path ?? '<unknown file>';
    const {typeInfo} = options;
    const samples = typeInfo !== undefined && file.path !== undefined && isSampleFile(file.path, SITE_DIR);
    const relativePath = path.relative(SITE_DIR, filePath);
    let index = 0;
    visit(tree, (node) => {
      if (node.type !== 'code') return;
      // Tooltip ids start with the block's: its page and place, unique within the page.
      const idPrefix = `ts${fnv1a(relativePath)}-${index++}`;
      const language = node.lang ?? 'text';
      if (NOT_CODE.has(language)) return;
      assertLanguageSupported(language, `${filePath}:${node.position?.start.line ?? '?'}`);
      const decorations =
        samples && typeInfo && COMPILED_LANGUAGES.has(language) && optOutReason(node.meta ?? '') === undefined
          ? typeInfoOf(node, relativePath, idPrefix, typeInfo)
          : undefined;
      // The meta string (line ranges, showLineNumbers) is the theme's to read, in the browser.
      // The text the code element gets (mdast-util-to-hast adds a newline), as the theme reads it.
      const html = highlightCodeBlock(node.value ? `${node.value}\n` : '', {
        language,
        themes: options.themes,
        ...(decorations ? {decorations} : {}),
      });
      node.data = node.data ?? {};
      const data = node.data as {hProperties?: Record<string, unknown>};
      data.hProperties = {...data.hProperties, highlightedHtml: html};
    });
  };
}
