/**
 * The markup of a highlighted code block's lines, shared by the build
 * (./highlight.ts) and the browser (src/theme/CodeBlock/Content), so both write
 * and read the same thing. No Node imports: this module goes into the client bundle.
 */

/** Escapes text for element content. Quotes stay as they are: tokens are never put in attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const LINE_START = "<div class='token-line";

/**
 * The `<code>` element's inner HTML: one `div.token-line` per line like the theme
 * renders, with line-number cells when asked for. `lines` hold HTML.
 */
export function linesHtml(
  lines: string[],
  lineClassNames: Record<number, string[]>,
  numbered: boolean,
): string {
  return lines
    .map((content, index) => {
      const classes = [...(numbered ? ['code-line'] : []), ...(lineClassNames[index] ?? [])];
      const cells = numbered
        ? `<span class='code-line-number'></span><span class='code-line-content'>${content}</span>`
        : content;
      return `${LINE_START}${classes.map((name) => ` ${name}`).join('')}'>${cells}<br></div>`;
    })
    .join('');
}

/**
 * The build and the theme each work out which lines a block shows (magic comments
 * are removed), and the copy button copies the theme's. Returns why they disagree,
 * if they do; the block then shows the theme's lines, uncolored.
 */
export function lineMismatch(html: string, code: string): string | undefined {
  const built = html.split(LINE_START).length - 1;
  const shown = code.split('\n').length;
  return built === shown
    ? undefined
    : `Code block: the build highlighted ${built} lines but the theme shows ${shown}; showing it uncolored`;
}
