/**
 * The site's one Markdown front-end (./README.md): a page's source → its front
 * matter, its syntax tree, its headings with the ids Docusaurus gives them, and
 * its code blocks with their lines in the file, so every reader of pages agrees
 * with the others and with the rendered site. The tree comes from the remark
 * stack Docusaurus compiles pages with (`markdown.format: 'detect'` makes `.md`
 * plain CommonMark); its positions are those of the file, front matter included.
 * This file is the module's public Node entry (eslint.config.mjs).
 */
import yaml from 'js-yaml';
import type {Code, Heading, Nodes, Root} from 'mdast';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {admonitionTitlesToLabels} from './admonitions.ts';
import {headingIds} from './headings.ts';

export {ADMONITION_KEYWORDS, admonitionTitlesToLabels} from './admonitions.ts';
export {plainText} from './text.ts';

/** A problem in a page a writer has to fix, with the file and the 1-based line. */
export class MarkdownError extends Error {
  readonly file: string;
  readonly line: number;
  readonly reason: string;
  constructor(file: string, line: number, reason: string) {
    super(`${file}:${line}: ${reason}`);
    this.name = 'MarkdownError';
    this.file = file;
    this.line = line;
    this.reason = reason;
  }
}

export type PageHeading = {
  depth: 1 | 2 | 3 | 4 | 5 | 6;
  /** The heading as text, without an explicit `{#id}`. */
  text: string;
  /** The `id` of the heading in the built HTML (its anchor). */
  id: string;
  line: number;
  node: Heading;
};

export type CodeBlock = {
  /** Lower-cased language (`ts`, `json`), or null for a block that names none. */
  language: string | null;
  /** The rest of the info string (`title="x" nocompile="why"`), '' when there is none. */
  meta: string;
  code: string;
  /** 1-based line of the opening fence (or first line of an indented block). */
  line: number;
  /** 1-based line of the closing fence (or last line). */
  endLine: number;
  node: Code;
};

export type ParsedPage = {
  frontMatter: Record<string, unknown>;
  /** Lines of the front matter block, fences included; undefined when the page has none. */
  frontMatterLines?: {start: number; end: number};
  tree: Root;
  headings: PageHeading[];
  codeBlocks: CodeBlock[];
};

type ParseOptions = {
  /** Names the page in errors; its extension picks the format (`.mdx` or not) unless `format` is given. */
  file?: string;
  format?: 'md' | 'mdx';
  /**
   * Read `:::tip Title` as `:::tip[Title]`. Off by default, as with the site's
   * `future.v4` settings; the Markdown twins turn it on to stay readable.
   */
  legacyAdmonitionTitles?: boolean;
};

const md = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkDirective).freeze();
const parsers = {md, mdx: md().use(remarkMdx).freeze()};

/** Parses one page. Malformed front matter or MDX throws a `MarkdownError` naming file and line. */
export function parsePage(source: string, options: ParseOptions = {}): ParsedPage {
  const file = options.file ?? '(source)';
  const format = options.format ?? (options.file?.endsWith('.mdx') ? 'mdx' : 'md');
  const text = options.legacyAdmonitionTitles ? admonitionTitlesToLabels(source) : source;
  let tree: Root;
  try {
    tree = parsers[format].parse(text);
  } catch (error) {
    const place = error as {line?: number; reason?: string; message?: string};
    throw new MarkdownError(
      file,
      place.line ?? 1,
      `${format === 'mdx' ? 'MDX' : 'Markdown'} does not parse: ${place.reason ?? place.message}`,
    );
  }

  const {frontMatter, frontMatterLines} = readFrontMatter(tree, source, file);
  const headings = headingIds(tree);
  const codeBlocks: CodeBlock[] = [];
  visit(tree, (node) => {
    if (node.type !== 'code') return;
    codeBlocks.push({
      language: node.lang ? node.lang.toLowerCase() : null,
      meta: node.meta?.trim() ?? '',
      code: node.value,
      line: node.position?.start.line ?? 1,
      endLine: node.position?.end.line ?? 1,
      node,
    });
  });
  return {frontMatter, ...(frontMatterLines && {frontMatterLines}), tree, headings, codeBlocks};
}

function readFrontMatter(
  tree: Root,
  source: string,
  file: string,
): {frontMatter: Record<string, unknown>; frontMatterLines?: {start: number; end: number}} {
  const block = tree.children[0]?.type === 'yaml' ? tree.children[0] : undefined;
  if (!block) {
    // remark-frontmatter only sees a closed block; an opening fence alone is a writer's slip.
    if (/^\uFEFF?---[ \t]*\r?\n/.test(source))
      throw new MarkdownError(file, 1, 'front matter is not closed with a "---" line');
    return {frontMatter: {}};
  }
  const start = block.position?.start.line ?? 1;
  const frontMatterLines = {start, end: block.position?.end.line ?? start};
  let parsed: unknown;
  try {
    parsed = yaml.load(block.value);
  } catch (error) {
    const {mark, reason, message} = error as {mark?: {line?: number}; reason?: string; message?: string};
    // js-yaml counts from 0 within the YAML, which starts on the line after the opening fence.
    const line = typeof mark?.line === 'number' ? start + 1 + mark.line : start;
    throw new MarkdownError(
      file,
      line,
      `front matter is not valid YAML: ${reason ?? String(message).split('\n')[0]}`,
    );
  }
  const frontMatter =
    parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  return {frontMatter, frontMatterLines};
}

/** Calls `enter` on every node of the tree, depth first, in document order. */
export function visit(node: Nodes, enter: (node: Nodes, parent: Nodes | undefined) => void): void {
  const walk = (current: Nodes, parent: Nodes | undefined) => {
    enter(current, parent);
    if ('children' in current) for (const child of current.children as Nodes[]) walk(child, current);
  };
  walk(node, undefined);
}

/** The node right after `node` among its siblings, e.g. the paragraph that follows a code block. */
export function nextSibling(tree: Root, node: Nodes): Nodes | undefined {
  let next: Nodes | undefined;
  visit(tree, (parent) => {
    if (next || !('children' in parent)) return;
    const children = parent.children as Nodes[];
    const at = children.indexOf(node);
    if (at !== -1) next = children[at + 1];
  });
  return next;
}
