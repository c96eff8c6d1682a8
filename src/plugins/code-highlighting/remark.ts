/**
 * Remark plugin: highlights every fenced code block at build time and hands the
 * HTML to the code block component (`src/theme/CodeBlock`) as `highlightedHtml`.
 * A block in a language Prism does not know fails the build, naming the file and
 * line, instead of silently showing uncolored code.
 */
import type {Code, Root} from 'mdast';
import {assertLanguageSupported, highlightCodeBlock, loadLanguages, type CodeThemes} from './highlight';

export type RemarkCodeHighlightingOptions = {
  /** The Prism themes of the light and dark color modes. */
  themes: CodeThemes;
  /** Prism grammars to load beyond prism-react-renderer's bundled ones, like `themeConfig.prism.additionalLanguages`. */
  additionalLanguages?: string[];
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
  return (tree: Root, file: {path?: string}) => {
    for (const node of codeNodes(tree as unknown as Node)) {
      const language = node.lang ?? 'text';
      if (NOT_CODE.has(language)) continue;
      assertLanguageSupported(
        language,
        `${file.path ?? '<unknown file>'}:${node.position?.start.line ?? '?'}`,
      );
      // The meta string (line ranges, showLineNumbers) is the theme's to read, in the browser.
      // The text the code element gets (mdast-util-to-hast adds a newline), as the theme reads it.
      const {html} = highlightCodeBlock(node.value ? `${node.value}\n` : '', {
        language,
        themes: options.themes,
      });
      node.data = node.data ?? {};
      const data = node.data as {hProperties?: Record<string, unknown>};
      data.hProperties = {...data.hProperties, highlightedHtml: html};
    }
  };
}
