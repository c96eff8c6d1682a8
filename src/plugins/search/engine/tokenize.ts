// cspell:ignore sses ation ator aeiouylsz
/**
 * Words of a text, with their place in the original string (for highlighting).
 * - A word is a run of letters, digits, combining marks and `_`; it is lowercased
 *   and stripped of diacritics (`norm`).
 * - Like Algolia's camelCaseAttributes and separatorsToIndex `_`, compound words
 *   (`getOrCreateStream`, `STREAMR_STORAGE_NODE_ADDRESS`, `ERC1271`) also yield
 *   their parts of two or more characters, at the same position (`part: true`);
 *   hex numbers (`0x4a8f`) do not.
 * - The `s`/`t` after an apostrophe (`owner's`, `don't`) is dropped.
 */
export type Token = {
  norm: string;
  start: number;
  end: number;
  /** Word position in the text (parts share their word's position). */
  pos: number;
  part: boolean;
};

/** The patterns that find words and their parts, for any text (`UNICODE_PATTERNS`) or a plain one. */
type WordPatterns = Record<keyof typeof ASCII_PATTERNS, RegExp>;

/**
 * The patterns with Unicode property classes, each built when a text first needs it: V8 compiles
 * such a class when the pattern is made, in the first search, and most texts here are plain ASCII.
 */
const WORD_CHAR = '[\\p{L}\\p{M}\\p{N}_]';
const UNICODE_SOURCES: Record<keyof WordPatterns, [string, string]> = {
  word: [`${WORD_CHAR}+`, 'gu'],
  part: ['\\p{Lu}+(?![\\p{Ll}\\p{M}])|\\p{Lu}?[\\p{Ll}\\p{M}]+|\\p{Lu}+|\\p{N}+', 'gu'],
  compound: ['_|.\\p{Lu}|\\p{L}\\p{N}|\\p{N}\\p{L}', 'u'],
  wordRun: [`(${WORD_CHAR}+)`, 'u'],
  wordStart: [`^${WORD_CHAR}`, 'u'],
};
const unicodeMade: Partial<WordPatterns> = {};
/** The patterns for any text. */
export const UNICODE_PATTERNS = Object.defineProperties(
  {},
  Object.fromEntries(
    (Object.keys(UNICODE_SOURCES) as (keyof WordPatterns)[]).map((name) => [
      name,
      {get: () => (unicodeMade[name] ??= new RegExp(...UNICODE_SOURCES[name]))},
    ]),
  ),
) as WordPatterns;

/** The same patterns for texts whose only letters and digits are ASCII (`PLAIN`): they find the same words. */
const ASCII_PATTERNS = {
  /** A run of letters, digits, combining marks and `_`. */
  word: /[A-Za-z0-9_]+/g,
  /** Parts of a compound word: capitalized, lower-case and upper-case runs, digits. */
  part: /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+/g,
  /** Whether a word may have parts: `_`, a capital after the start, or letters next to digits. */
  compound: /_|.[A-Z]|[A-Za-z][0-9]|[0-9][A-Za-z]/,
  /** A run of word characters, captured (for `String.prototype.split`). */
  wordRun: /([A-Za-z0-9_]+)/,
  /** Whether a text starts with a word character. */
  wordStart: /^[A-Za-z0-9_]/,
};

/**
 * ASCII, the no-break space and the general punctuation block (’ “ ” – — …):
 * none of these outside ASCII is a letter, mark or digit.
 */
const PLAIN = /^[\0-\x7f\u00a0\u2000-\u206f]*$/;

/** The patterns that suit a text: the ASCII ones when it is plain. */
export function wordPatterns(text: string): WordPatterns {
  return PLAIN.test(text) ? ASCII_PATTERNS : UNICODE_PATTERNS;
}

/** A text's pieces: runs of word characters at odd positions, what stands between them at even ones. */
export function splitWordRuns(text: string): string[] {
  return text.split(wordPatterns(text).wordRun);
}

/** Whether a text starts with a word character (letter, digit, combining mark or `_`). */
export function startsWithWordChar(text: string): boolean {
  // Only the first character counts: a plain one (or none) is tested with the ASCII pattern.
  return wordPatterns(text.slice(0, 1)).wordStart.test(text);
}

/** Printable ASCII: nothing for NFKD to change. */
const ASCII = /^[ -~]*$/;

let marks: RegExp | undefined;
export function normalize(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  // Built when first needed, like the Unicode word patterns.
  return text
    .normalize('NFKD')
    .replace((marks ??= new RegExp('\\p{M}', 'gu')), '')
    .toLowerCase();
}

/** Addresses and hashes have no parts worth finding. */
const HEX = /^0x[0-9a-f]+$/i;

export function tokenize(text: string, patterns: WordPatterns = wordPatterns(text)): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  for (const match of text.matchAll(patterns.word)) {
    const word = match[0];
    const start = match.index;
    const previous = text[start - 1];
    if (word.length === 1 && (previous === "'" || previous === '’') && /[st]/i.test(word)) continue;
    const norm = normalize(word);
    if (!norm.replace(/_/g, '')) continue;
    tokens.push({norm, start, end: start + word.length, pos, part: false});
    pos += 1;
    if (!patterns.compound.test(word) || HEX.test(word)) continue;
    const parts: Token[] = [];
    let offset = 0;
    for (const segment of word.split('_')) {
      for (const part of segment.matchAll(patterns.part)) {
        if (part[0].length < 2) continue;
        const from = start + offset + part.index;
        parts.push({
          norm: normalize(part[0]),
          start: from,
          end: from + part[0].length,
          pos: pos - 1,
          part: true,
        });
      }
      offset += segment.length + 1;
    }
    if (parts.length > 1) tokens.push(...parts);
  }
  return tokens;
}

/**
 * The form words are compared in: plurals ignored (Algolia's ignorePlurals) and
 * a few English endings folded, so `partitions`/`partitioning`, `stored`/`store`,
 * `delegate`/`delegators`/`delegation` meet. Numbers are kept as they are.
 */
export function stem(norm: string): string {
  if (/^\d/.test(norm)) return norm;
  let word = norm;
  if (word.length > 4 && word.endsWith('ies')) word = `${word.slice(0, -3)}y`;
  else if (word.endsWith('sses')) word = word.slice(0, -2);
  else if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) word = word.slice(0, -1);
  for (const suffix of ['ing', 'ed']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) {
      word = word.slice(0, -suffix.length);
      if (/([^aeiouylsz])\1$/.test(word)) word = word.slice(0, -1);
      break;
    }
  }
  if (word.length >= 7 && word.endsWith('ation')) word = word.slice(0, -3);
  else if (word.length >= 7 && word.endsWith('ator')) word = word.slice(0, -2);
  if (word.length > 4 && word.endsWith('e')) word = word.slice(0, -1);
  return word;
}

/** Query words that match too much to be required (Algolia's removeStopWords, English). */
export const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can do does for from has have how i if in into is it its my of on or our ' +
    'should so than that the their then there these they this those to was we what when where which who why ' +
    'will with you your'
  ).split(' '),
);

/**
 * Damerau-Levenshtein (optimal string alignment) distance, or `max + 1` as soon
 * as it must exceed `max`. Rows are reused: this runs over the whole vocabulary.
 */
let rowsBuffer = new Int32Array(0);
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  if (rowsBuffer.length < 3 * width) rowsBuffer = new Int32Array(3 * width * 2);
  let previous2 = 0;
  let previous = width;
  let current = 2 * width;
  for (let j = 0; j <= b.length; j++) rowsBuffer[previous + j] = j;
  for (let i = 1; i <= a.length; i++) {
    rowsBuffer[current] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        rowsBuffer[previous + j] + 1,
        rowsBuffer[current + j - 1] + 1,
        rowsBuffer[previous + j - 1] + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rowsBuffer[previous2 + j - 2] + 1);
      rowsBuffer[current + j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [previous2, previous, current] = [previous, current, previous2];
  }
  return Math.min(rowsBuffer[previous + b.length], max + 1);
}
