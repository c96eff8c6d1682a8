/**
 * Remark plugin: highlights every fenced code block at build time and hands the
 * HTML to the code block component (`src/theme/CodeBlock`) as `highlightedHtml`.
 * A block in a language Prism does not know fails the build, naming the file and
 * line, instead of silently showing uncolored code.
 *
 * With `typeInfo`, the TypeScript samples that the sample check compiles (docs and
 * blog, not `nocompile`) also get type hovers, `// ^?` answers and expected errors
 * (./type-info.ts, ./type-markup.ts). Their annotation lines are removed from the
 * block, so the page, the copy button and the theme's line logic see plain code.
 * A compiled sample that renders without type info, has an error it does not
 * expect, or misses one it does, fails the build with file and line.
 */
import path from 'node:path';
import type {Code, Root} from 'mdast';
import {parseAnnotations, type TypeQuery} from './annotations.ts';
import {ApiReference} from './api-links.ts';
import {COMPILED_LANGUAGES, optOutReason} from './compiler-options.ts';
import {assertLanguageSupported, highlightCodeBlock, loadLanguages, type CodeThemes} from './highlight.ts';
import {isSampleFile, siteSamples} from './site-samples.ts';
import {createTypeInfoService, type TypeInfo, type TypeInfoService} from './type-info.ts';
import {registeredTypeInfoTable, sampleKey, tableKey} from './type-info-table.ts';
import {lineDecorations, type LineDecoration} from './type-markup.ts';

/** The site folder: node_modules with @streamr/sdk, and the docs and blog folders. */
const SITE_DIR = path.resolve(__dirname, '..', '..', '..');

/**
 * No absolute paths here: Docusaurus writes preset options (remark plugins' too)
 * into the browser's config JSON.
 */
export type TypeInfoOptions = {
  /** The site folder; the one this plugin lives in unless given (tests). */
  siteDir?: string;
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

type Node = {type: string; children?: Node[]};

function codeNodes(node: Node, found: Code[] = []): Code[] {
  if (node.type === 'code') found.push(node as unknown as Code);
  for (const child of node.children ?? []) codeNodes(child, found);
  return found;
}

/** One language service for samples the precomputed table lacks (tests, pages outside the walk). */
let shared: {key: string; service: TypeInfoService} | undefined;

function inProcessService(options: TypeInfoOptions, siteDir: string, key: string): TypeInfoService {
  if (shared?.key !== key) {
    // Created on the first sample: TypeDoc has written the reference by then.
    const reference = new ApiReference(path.resolve(siteDir, options.apiDir), options.apiUrl);
    const service = createTypeInfoService(siteDir, reference);
    service.preload(siteSamples(siteDir));
    shared = {key, service};
  }
  return shared.service;
}

/** Type info of a sample: from the table the build worked out in a child process (./type-info-table.ts), else in process. */
function typeInfoOfSample(
  options: TypeInfoOptions,
  code: string,
  sample: {tsx: boolean; queries: readonly TypeQuery[]},
): TypeInfo {
  const request = {siteDir: options.siteDir ?? SITE_DIR, apiDir: options.apiDir, apiUrl: options.apiUrl};
  const entry = registeredTypeInfoTable(request)?.[sampleKey(code, sample.tsx, sample.queries)];
  if (entry && 'error' in entry) throw new Error(entry.error);
  return entry ?? inProcessService(options, request.siteDir, tableKey(request)).typeInfo(code, sample);
}

export {isSampleFile};

/** A short id prefix for a block's tooltips, unique within the page. */
function blockId(file: string, index: number): string {
  let hash = 0x811c9dc5;
  for (const char of file) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return `ts${hash.toString(36)}-${index}`;
}

/**
 * Type info decorations of a compiled sample; replaces the node's code by the code
 * without annotations. Throws with the source line on anything a reader should not see.
 */
function typeInfoOf(
  node: Code,
  where: {file: string; index: number},
  options: TypeInfoOptions,
): LineDecoration[] {
  const fence = node.position?.start.line ?? 0;
  let annotations;
  try {
    annotations = parseAnnotations(node.value);
  } catch (error) {
    throw new Error(`${where.file}:${fence}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const sourceLine = (line: number) => fence + 1 + (annotations.writtenLine[line] ?? 0);
  let info;
  try {
    info = typeInfoOfSample(options, annotations.code, {
      tsx: node.lang === 'tsx',
      queries: annotations.queries,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const line = Number(/^line (\d+)/.exec(message)?.[1] ?? 0);
    throw new Error(`${where.file}:${line ? sourceLine(line - 1) : fence}: ${message}`);
  }
  const expected = new Set(annotations.expectedErrors);
  for (const error of info.errors) {
    if (!expected.has(error.code))
      throw new Error(
        `${where.file}:${sourceLine(error.line)}: TS${error.code}: ${error.message} (npm run check:samples lists every such error)`,
      );
  }
  for (const code of expected) {
    if (!info.errors.some((error) => error.code === code))
      throw new Error(
        `${where.file}:${fence}: "// @errors: ${code}" expects error TS${code}, which the block does not have`,
      );
  }
  if (info.hovers.length === 0)
    throw new Error(`${where.file}:${fence}: a compiled TypeScript sample rendered without type info`);
  node.value = annotations.code;
  return lineDecorations(info, annotations.code.split('\n').length, blockId(where.file, where.index));
}

export default function remarkCodeHighlighting(options: RemarkCodeHighlightingOptions) {
  loadLanguages(options.additionalLanguages ?? []);
  return (tree: Root, file: {path?: string}) => {
    const filePath = file.path ?? '<unknown file>';
    const typeInfo = options.typeInfo;
    const siteDir = typeInfo?.siteDir ?? SITE_DIR;
    const samples = typeInfo !== undefined && file.path !== undefined && isSampleFile(file.path, siteDir);
    codeNodes(tree as unknown as Node).forEach((node, index) => {
      const language = node.lang ?? 'text';
      if (NOT_CODE.has(language)) return;
      assertLanguageSupported(language, `${filePath}:${node.position?.start.line ?? '?'}`);
      const decorations =
        samples && typeInfo && COMPILED_LANGUAGES.has(language) && optOutReason(node.meta ?? '') === undefined
          ? typeInfoOf(node, {file: path.relative(siteDir, filePath), index}, typeInfo)
          : undefined;
      // The meta string (line ranges, showLineNumbers) is the theme's to read, in the browser.
      // The text the code element gets (mdast-util-to-hast adds a newline), as the theme reads it.
      const {html} = highlightCodeBlock(node.value ? `${node.value}\n` : '', {
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
