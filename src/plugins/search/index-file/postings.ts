import {INDEX_FILE_ERROR} from '../codeMarkers.ts';
import {startsWithWordChar, tokenize} from '../engine/tokenize.ts';
import {PART} from '../engine/vocabulary.ts';
import {LEVELS, type Level} from '../types.ts';
import {checkFormat, numberAt, pageColumns, type LocalIndexFile} from './codec.ts';

/**
 * The engine's term table (sorted terms and, for each, flat [record, attribute code, position, …]),
 * built from the piece numbers (no tokenizing of texts): the same entries, in the same order, as
 * tokenizing each record's searchable texts gives (tests/unit/search-records.test.ts compares
 * them). Attribute codes at or above `PART` mark compound-word parts.
 */
export function buildPostings(file: LocalIndexFile): {terms: string[]; lists: number[][]} {
  checkFormat(file);
  const attributes = file.settings.searchableAttributes.map((attribute) => {
    const level = /^hierarchy\.(lvl[0-6])$/.exec(attribute)?.[1] as Level | undefined;
    if (level) return LEVELS.indexOf(level);
    if (attribute === 'content') return -1;
    throw new Error(`${INDEX_FILE_ERROR} cannot index the attribute ${attribute}`);
  });
  const {pieces, width} = file;
  // Each word's tokens (the word and its compound parts), as term numbers; a part is stored as -(term + 1).
  const termNumbers = new Map<string, number>();
  const termOf = (norm: string) => {
    let id = termNumbers.get(norm);
    if (id === undefined) termNumbers.set(norm, (id = termNumbers.size));
    return id;
  };
  const wordTerms: (Int32Array | null)[] = pieces.map((piece) =>
    startsWithWordChar(piece)
      ? Int32Array.from(tokenize(piece), (token) =>
          token.part ? -termOf(token.norm) - 1 : termOf(token.norm),
        )
      : null,
  );
  // The tokenizer drops an `s`/`t` right after an apostrophe (`owner's`).
  const dropsAfter = pieces.map((piece) => piece.endsWith("'") || piece.endsWith('’'));
  const apostropheWord = pieces.map((piece) => piece.length === 1 && /[st]/i.test(piece));

  // Per term number, its postings in the order they are met: [record, attribute code, position, …].
  const lists: number[][] = [];
  /** Adds the tokens of an encoded text: each word's terms at its position. */
  const add = (encoded: string, record: number, attribute: number) => {
    let position = 0;
    let previous = -1;
    for (let at = 0; at < encoded.length / width; at++) {
      const id = numberAt(encoded, at, width);
      const terms = wordTerms[id];
      const dropped = terms !== null && apostropheWord[id] && previous >= 0 && dropsAfter[previous];
      previous = id;
      if (terms === null || dropped || terms.length === 0) continue;
      for (const term of terms) {
        const list = (lists[term < 0 ? -term - 1 : term] ??= []);
        list.push(record, term < 0 ? attribute + PART : attribute, position);
      }
      position += 1;
    }
  };
  const {records} = file;
  const {pageOf} = pageColumns(file);
  for (let record = 0; record < records.content.length; record++) {
    for (let attribute = 0; attribute < attributes.length; attribute++) {
      const level = attributes[attribute];
      const text =
        level < 0
          ? records.content[record]
          : file.strings[
              level === 0
                ? file.pages[pageOf[record]][1]
                : numberAt(records.levels[level - 1], record, width) - 1
            ];
      if (text) add(text, record, attribute);
    }
  }

  const norms = [...termNumbers.keys()];
  const order = norms.map((_, id) => id).filter((id) => lists[id] !== undefined);
  order.sort((a, b) => (norms[a] < norms[b] ? -1 : norms[a] > norms[b] ? 1 : 0));
  return {terms: order.map((id) => norms[id]), lists: order.map((id) => lists[id])};
}

/**
 * A posting list ([record, attribute code, position, …]) as text JSON writes as
 * itself: each number in a variable-length code of printable ASCII (`"` and `\\`
 * left out), the record as the difference from the previous one. Numbers below
 * 57 take one character; most of a list is small numbers.
 */
export function encodePostingList(list: ArrayLike<number>): string {
  let text = '';
  let previous = 0;
  for (let i = 0; i < list.length; i += 3) {
    text += encodeNumber(list[i] - previous) + encodeNumber(list[i + 1]) + encodeNumber(list[i + 2]);
    previous = list[i];
  }
  return text;
}

/** One number of a posting list's code. */
function encodeNumber(value: number): string {
  let text = '';
  let rest = value;
  while (rest >= LAST_DIGITS) {
    text += String.fromCharCode(MORE + (rest % MORE_DIGITS));
    rest = Math.floor(rest / MORE_DIGITS);
  }
  return text + String.fromCharCode(LAST + rest);
}

/** Characters `#`…`[` end a number (57 values); `]`…`~` continue it (34 values). */
const LAST = 0x23;
const LAST_DIGITS = 0x5b - LAST + 1;
const MORE = 0x5d;
const MORE_DIGITS = 0x7e - MORE + 1;

export function decodePostingList(text: string): Int32Array {
  // One pass: a number takes at least one character, so the text's length bounds their count.
  const list = new Int32Array(text.length);
  let at = 0;
  let value = 0;
  let scale = 1;
  // Position in the (record, attribute, position) triple; records are differences from the previous.
  let field = 0;
  let record = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= MORE) {
      value += (code - MORE) * scale;
      scale *= MORE_DIGITS;
      continue;
    }
    value += (code - LAST) * scale;
    if (field === 0) {
      record += value;
      list[at++] = record;
      field = 1;
    } else {
      list[at++] = value;
      field = field === 1 ? 2 : 0;
    }
    value = 0;
    scale = 1;
  }
  return list.subarray(0, at);
}
