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
 * `:::tip Title` → `:::tip[Title]` (the directive syntax only knows the bracket form),
 * for the Markdown twins, which stay readable if a page with the old form slips past the
 * content check. Not `admonitionTitleToDirectiveLabel` of `@docusaurus/utils`: it also
 * rewrites fenced code, corrupting examples of the syntax. Lines keep their count, so
 * positions in the parsed tree stay those of the file.
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
