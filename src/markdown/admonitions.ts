/**
 * Admonition keywords of the classic theme, and the older `:::tip Title` form.
 */

/** The container directives Docusaurus's classic theme renders as admonitions. */
export const ADMONITION_KEYWORDS = [
  'note',
  'tip',
  'info',
  'warning',
  'danger',
  'caution',
  'important',
  'success',
  'secondary',
] as const;

/**
 * `:::tip Title` → `:::tip[Title]` (the directive syntax only knows the bracket form).
 *
 * Kept here rather than imported: `@docusaurus/utils` exports the same idea as
 * `admonitionTitleToDirectiveLabel`, but it also rewrites lines inside fenced code
 * blocks, which would corrupt examples of the syntax itself; and with `future.v4`
 * Docusaurus does not run it at all (`mdx1Compat.admonitions` is off), so the
 * content check rejects the form in pages. Only the Markdown twins (llms-txt) use it,
 * to stay readable if such a page slips through. Lines keep their count, so positions
 * in the parsed tree stay those of the file.
 */
export function admonitionTitlesToLabels(source: string): string {
  const opener = new RegExp(`^((?:> ?)*[ \\t]*:{3,}(?:${ADMONITION_KEYWORDS.join('|')})) +(\\S.*?)[ \\t]*$`);
  const fenceLine = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})(.*)$/;
  let fence: {char: string; length: number} | undefined;
  return source
    .split('\n')
    .map((line) => {
      const fenceMatch = fenceLine.exec(line);
      if (fence) {
        if (
          fenceMatch &&
          fenceMatch[1][0] === fence.char &&
          fenceMatch[1].length >= fence.length &&
          !fenceMatch[2].trim()
        ) {
          fence = undefined;
        }
        return line;
      }
      if (fenceMatch && !(fenceMatch[1][0] === '`' && fenceMatch[2].includes('`'))) {
        fence = {char: fenceMatch[1][0], length: fenceMatch[1].length};
        return line;
      }
      return line.replace(opener, '$1[$2]');
    })
    .join('\n');
}
