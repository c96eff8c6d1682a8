/**
 * The markup of type info inside a highlighted block (build time only):
 * - an identifier with quick info is a link to the API reference for SDK symbols,
 *   otherwise a span; `aria-describedby` names its tooltip. None is a tab stop
 *   (`tabindex=-1`): the block itself is the one stop, and the arrow keys move
 *   between its identifiers (./client/type-popups.ts), as the block's
 *   `aria-description` says (src/theme/CodeBlock/Content).
 *   The first mention of a symbol in a block carries the tooltip as its next
 *   element, which CSS shows on hover and focus (./type-info.css); later mentions
 *   name that same tooltip, which the client shows for them;
 * - a `// ^?` answer and an expected error's message go under their line.
 * Few elements per identifier: the guides have a hundred or more, and every
 * element is style, layout and memory work for the page.
 * Attributes use single quotes, like the token markup (./highlight.ts).
 */
import {escapeHtml} from './markup.ts';
import type {TypeInfo} from './type-info.ts';

/** Markup around the columns [start, end) of a line. */
type Span = {start: number; end: number; open: string; close: string};

/** What type info adds to one line: hovers (outside the token spans), error marks (inside), and lines under it. */
export type LineDecoration = {hovers: Span[]; errors: Array<{start: number; end: number}>; after: string};

/**
 * Text in element content. A line's HTML must not hold a newline (./markup.ts joins
 * lines with them), so multi-line signatures keep theirs as character references.
 */
function text(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '&#10;');
}

/**
 * Decorations of each line from the type info of a block. `idPrefix` makes tooltip
 * ids unique in the page (one prefix per block).
 */
export function lineDecorations(info: TypeInfo, lineCount: number, idPrefix: string): LineDecoration[] {
  const lines: LineDecoration[] = Array.from({length: lineCount}, () => ({
    hovers: [],
    errors: [],
    after: '',
  }));
  // A sample names the same few symbols again and again (`streamr`, `stream`): only the first
  // mention carries the tooltip; later mentions are described by it too.
  const tooltips = new Map<string, string>();
  info.hovers.forEach((hover, index) => {
    const line = lines[hover.line];
    if (!line || line.hovers.some((other) => other.start < hover.end && hover.start < other.end)) return;
    const symbol = `${hover.signature}\n${hover.docs}\n${hover.link ?? ''}`;
    const shared = tooltips.get(symbol);
    const id = shared ?? `${idPrefix}-${index}`;
    tooltips.set(symbol, id);
    // Link targets are ours (API reference URLs), but a quote would end the attribute.
    const href = hover.link && escapeHtml(hover.link).replace(/'/g, '&#39;');
    const target = href
      ? `<a class='twoslash-hover' href='${href}' tabindex='-1' aria-describedby='${id}'>`
      : `<span class='twoslash-hover' tabindex='-1' aria-describedby='${id}'>`;
    // The signature is the tooltip's own text (code font, from the block); the doc comment is prose.
    const docs = hover.docs ? `<span class='twoslash-docs'>${text(hover.docs)}</span>` : '';
    const popup = shared
      ? ''
      : `<span class='twoslash-popup' role='tooltip' id='${id}'>${text(hover.signature)}${docs}</span>`;
    line.hovers.push({
      start: hover.start,
      end: hover.end,
      open: target,
      close: `${hover.link ? '</a>' : '</span>'}${popup}`,
    });
  });
  for (const query of info.queries) {
    const line = lines[query.line];
    if (line)
      line.after +=
        `<span class='twoslash-query'>${' '.repeat(query.column)}` +
        `<span aria-hidden='true'>^ </span>${text(query.text)}</span>`;
  }
  for (const error of info.errors) {
    const line = lines[error.line];
    if (!line) continue;
    line.errors.push({start: error.start, end: error.end});
    line.after += `<span class='twoslash-error-message'>error TS${error.code}: ${text(error.message)}</span>`;
  }
  return lines;
}
