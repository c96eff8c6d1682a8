import {createContext} from 'react';

/**
 * The inner HTML of a code block's `<code>`, highlighted at build time
 * (src/plugins/code-highlighting), from `CodeBlock` down to `CodeBlock/Content`.
 */
export const HighlightedHtmlContext = createContext<string | undefined>(undefined);

/**
 * The build and the theme each work out which lines a block shows (magic comments
 * are removed), and the copy button copies the theme's. Returns why they disagree,
 * if they do; the block then shows the theme's lines, uncolored.
 */
export function lineMismatch(html: string, code: string): string | undefined {
  const built = html.split("<div class='token-line").length - 1;
  const shown = code.split('\n').length;
  return built === shown
    ? undefined
    : `Code block: the build highlighted ${built} lines but the theme shows ${shown}; showing it uncolored`;
}
