/**
 * The markup of a highlighted code block, shared by the build (./highlight.ts) and
 * the browser (src/theme/CodeBlock/Content), so both write and read the same thing.
 * No Node imports: this module goes into the client bundle.
 *
 * The build writes the HTML of every source line of a block, joined by newlines
 * (a line's HTML never holds one: text is split into lines before it is escaped).
 * The browser picks the lines the theme shows and wraps them in the theme's markup.
 */

/** Escapes text for element content. Quotes stay as they are: tokens are never put in attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The HTML of the lines the theme shows, from the build's HTML of every source line.
 * The theme's code block metadata has both texts: `codeInput` as written and `code`
 * without the magic comment lines (theme-common's `parseLines`), so the shown lines
 * are found by walking the written ones in order. Undefined when the build's lines
 * do not fit the theme's; the block is then shown as plain text.
 */
export function shownLines(
  highlighted: string,
  {codeInput, code}: {codeInput: string; code: string},
): string[] | undefined {
  const built = highlighted.split('\n');
  const written = codeInput.replace(/\r?\n$/, '').split(/\r?\n/);
  const shown = code.split(/\r?\n/);
  const lines: string[] = [];
  // `shown[lines.length]` is undefined once every shown line is found, and matches no written line.
  built.forEach((html, index) => {
    if (written[index] === shown[lines.length]) lines.push(html);
  });
  return built.length === written.length && lines.length === shown.length ? lines : undefined;
}

/**
 * The `<code>` element's inner HTML: one `div.token-line` per line like the theme
 * renders, with line-number cells when asked for. `lines` hold HTML.
 */
export function linesHtml(
  lines: readonly string[],
  lineClassNames: Record<number, string[]>,
  numbered: boolean,
): string {
  return lines
    .map((content, index) => {
      const classes = [...(numbered ? ['code-line'] : []), ...(lineClassNames[index] ?? [])];
      const cells = numbered
        ? `<span class='code-line-number'></span><span class='code-line-content'>${content}</span>`
        : content;
      return `<div class='token-line${classes.map((name) => ` ${name}`).join('')}'>${cells}<br></div>`;
    })
    .join('');
}
