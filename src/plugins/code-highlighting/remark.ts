/**
 * Remark plugin: highlights every fenced code block at build time and hands the
 * HTML to the code block component (`src/theme/CodeBlock`) as `highlightedHtml`.
 * A block in a language Prism does not know fails the build, naming the file and
 * line, instead of silently showing uncolored code.
 */
import type {Code, Root} from 'mdast';
import {
  assertLanguageSupported,
  DEFAULT_MAGIC_COMMENTS,
  highlightCodeBlock,
  loadLanguages,
  type CodeThemes,
  type MagicComment,
} from './highlight';

export type RemarkCodeHighlightingOptions = {
  /** The Prism themes of the light and dark color modes. */
  themes: CodeThemes;
  /** Prism grammars to load beyond prism-react-renderer's bundled ones, like `themeConfig.prism.additionalLanguages`. */
  additionalLanguages?: string[];
  magicComments?: MagicComment[];
};

/** Left to other plugins (Mermaid diagrams become their own component). */
const NOT_CODE = new Set(['mermaid']);

type Node = {type: string; children?: Node[]};

function codeNodes(node: Node, found: Code[] = []): Code[] {
  if (node.type === 'code') found.push(node as unknown as Code);
  for (const child of node.children ?? []) codeNodes(child, found);
  return found;
}

export default function remarkCodeHighlighting(options: RemarkCodeHighlightingOptions) {
  loadLanguages(options.additionalLanguages ?? []);
  const magicComments = options.magicComments ?? DEFAULT_MAGIC_COMMENTS;
  return (tree: Root, file: {path?: string}) => {
    for (const node of codeNodes(tree as unknown as Node)) {
      const language = node.lang ?? 'text';
      if (NOT_CODE.has(language)) continue;
      assertLanguageSupported(
        language,
        `${file.path ?? '<unknown file>'}:${node.position?.start.line ?? '?'}`,
      );
      const {html} = highlightCodeBlock(node.value, {
        language,
        meta: node.meta ?? undefined,
        themes: options.themes,
        magicComments,
      });
      node.data = node.data ?? {};
      const data = node.data as {hProperties?: Record<string, unknown>};
      data.hProperties = {...data.hProperties, highlightedHtml: html};
    }
  };
}
