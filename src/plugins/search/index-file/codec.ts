import {INDEX_FILE_ERROR} from '../codeMarkers.ts';
import {splitWordRuns, startsWithWordChar} from '../engine/tokenize.ts';
import type {SearchSettings} from '../settings.ts';
import type {WarmUpSample} from '../warm-up/sample.ts';
import {LEVELS, type RecordType, type SearchRecord, type Synonym} from '../types.ts';

/**
 * The local index file: the records the Algolia upload gets, written compactly, every text as
 * numbered pieces (../README.md, "The index file", says how and why).
 */
export type LocalIndexFile = {
  format: 3;
  /** Words and separators, most frequent first. */
  pieces: string[];
  /** Characters per number (2 only past ~63,000 distinct pieces or strings). */
  width: 1 | 2;
  /** Encoded texts: headings, anchors, section names. */
  strings: string[];
  /** [url without anchor, lvl0 (string index), pageRank, facets index, number of records] */
  pages: [string, number, number, number, number][];
  facets: {language?: string; docusaurus_tag?: string; version?: string}[];
  /**
   * The records, page after page, by column (gzip finds the repeats of a column
   * better than those of rows). Each of `types`, `anchors` and `levels` holds one
   * number per record: the type's index, or a string index + 1 (0: none).
   */
  records: {
    types: string;
    anchors: string;
    /** lvl1 … lvl6 */
    levels: string[];
    /** Encoded content, or null. */
    content: (string | null)[];
  };
  /** Synonyms, as configured for the Algolia index. */
  synonyms: Synonym[];
  /** How to rank and answer: what the uploader sends to Algolia as index settings, in the engine's terms. */
  settings: SearchSettings;
};

/**
 * The first file of a split index (what the build writes): all of the above but the content and the
 * headings (`levels`), which ranking does not read, plus the vocabulary and where the shards are.
 */
export type SplitIndexFile = Omit<LocalIndexFile, 'format' | 'records'> & {
  format: 5;
  records: Omit<LocalIndexFile['records'], 'content' | 'levels'>;
  /** The engine's vocabulary, sorted (JavaScript string order), one term per line. */
  terms: string;
  shards: {
    /** Folder of the shards, relative to this file, named by a hash of the index (no deploy reads another's). */
    path: string;
    /** Index of the first term of each posting shard (`t<n>.json`); contiguous ranges, so prefixes find theirs. */
    terms: number[];
    /** Index of the first record of each content shard (`c<n>.json`); whole pages. */
    records: number[];
  };
  /** A few pages to warm the engine up on before the first query (../warm-up). */
  warmUp?: WarmUpSample;
};

/** Terms `first`… of the vocabulary, each with its list as a string (`encodePostingList`). */
export type PostingShard = {format: 5; first: number; lists: string[]};
/** Records `first`… of the index: their encoded content (or null), and their slices of the `levels` columns. */
export type ContentShard = {format: 5; first: number; content: (string | null)[]; levels: string[]};

/** What both forms hold: everything but the content. */
export type IndexMetadata = LocalIndexFile | SplitIndexFile;

export const FORMAT = 3;
export const SPLIT_FORMAT = 5;

export function isSplitIndex(file: IndexMetadata): file is SplitIndexFile {
  return file?.format === SPLIT_FORMAT;
}

export function checkSplitFormat(file: IndexMetadata): void {
  if (!isSplitIndex(file) || typeof file.terms !== 'string' || !file.shards || !file.settings)
    throw new Error(`${INDEX_FILE_ERROR} unsupported index format`);
}
export const TYPES: RecordType[] = [...LEVELS, 'content'];

/**
 * Piece numbers as characters that JSON writes as themselves: from U+0020, without
 * `"`, `\` and the UTF-16 surrogates.
 */
const ALPHABET = 0xffff - 0x20 + 1 - 2 - 0x800;

function toChar(id: number): string {
  let code = 0x20 + id;
  if (code >= 0x22) code += 1;
  if (code >= 0x5c) code += 1;
  if (code >= 0xd800) code += 0x800;
  return String.fromCharCode(code);
}

function fromCode(code: number): number {
  let value = code;
  if (value >= 0xe000) value -= 0x800;
  if (value > 0x5c) value -= 1;
  if (value > 0x22) value -= 1;
  return value - 0x20;
}

export function encodeIndex(
  records: SearchRecord[],
  settings: SearchSettings,
  synonyms: Synonym[] = [],
): LocalIndexFile {
  const texts: string[] = [];
  const textIndex = new Map<string, number>();
  const intern = (value: string | null): number => {
    if (value === null) return -1;
    let index = textIndex.get(value);
    if (index === undefined) {
      index = texts.push(value) - 1;
      textIndex.set(value, index);
    }
    return index;
  };
  const facets: LocalIndexFile['facets'] = [];
  const facetIndex = new Map<string, number>();
  const pages: LocalIndexFile['pages'] = [];
  const pageIndex = new Map<string, number>();
  /** Per record: type index, anchor, lvl1..lvl6 (string index or -1). */
  const rows: number[][] = [];
  const contents: (string | null)[] = [];
  let previousPage = -1;
  for (const record of records) {
    const facet = {language: record.language, docusaurus_tag: record.docusaurus_tag, version: record.version};
    const facetKey = JSON.stringify(facet);
    if (!facetIndex.has(facetKey)) facetIndex.set(facetKey, facets.push(facet) - 1);
    let page = pageIndex.get(record.url_without_anchor);
    if (page === undefined) {
      page =
        pages.push([
          record.url_without_anchor,
          intern(record.hierarchy.lvl0),
          record.weight.pageRank,
          facetIndex.get(facetKey)!,
          0,
        ]) - 1;
      pageIndex.set(record.url_without_anchor, page);
    } else if (page !== previousPage) {
      throw new Error(`${INDEX_FILE_ERROR} records of ${record.url_without_anchor} are not contiguous`);
    }
    pages[page][4] += 1;
    previousPage = page;
    rows.push([
      TYPES.indexOf(record.type),
      intern(record.anchor),
      ...LEVELS.slice(1).map((level) => intern(record.hierarchy[level])),
    ]);
    contents.push(record.content);
  }

  // Pieces numbered by frequency, so the common ones get the small numbers (one UTF-8 byte).
  const count = new Map<string, number>();
  // Separator, word, separator, …, separator: runs of word characters, as the tokenizer sees words.
  const pieceLists = (text: string) =>
    splitWordRuns(text).filter((piece, index, all) => !isImplied(piece, index, all.length));
  const allTexts = [...texts, ...contents.filter((text): text is string => text !== null)];
  for (const text of allTexts)
    for (const piece of pieceLists(text)) count.set(piece, (count.get(piece) ?? 0) + 1);
  const pieces = [...count.keys()].sort((a, b) => count.get(b)! - count.get(a)! || (a < b ? -1 : 1));
  const width = Math.max(pieces.length, texts.length + 1) <= ALPHABET ? 1 : 2;
  const write = (id: number) =>
    width === 1 ? toChar(id) : toChar(Math.floor(id / ALPHABET)) + toChar(id % ALPHABET);
  const numbers = new Map(pieces.map((piece, index) => [piece, index]));
  const encode = (text: string) =>
    pieceLists(text)
      .map((piece) => write(numbers.get(piece)!))
      .join('');
  const column = (index: number, offset: number) => rows.map((row) => write(row[index] + offset)).join('');
  return {
    format: FORMAT,
    pieces,
    width,
    strings: texts.map(encode),
    pages,
    facets,
    records: {
      types: column(0, 0),
      anchors: column(1, 1),
      levels: LEVELS.slice(1).map((_, level) => column(2 + level, 1)),
      content: contents.map((text) => (text === null ? null : encode(text))),
    },
    synonyms,
    settings,
  };
}

/** Empty ends, and one space between two words, are not written. */
function isImplied(piece: string, index: number, length: number): boolean {
  if (index === 0 || index === length - 1) return piece === '';
  return index % 2 === 0 && piece === ' ';
}

export function checkFormat(file: LocalIndexFile): void {
  if (file?.format !== FORMAT || !Array.isArray(file.records?.content) || !file.settings)
    throw new Error(`${INDEX_FILE_ERROR} unsupported index format`);
}

/** The number at position `index` of a column or an encoded text. */
export function numberAt(column: string, index: number, width: 1 | 2): number {
  return width === 1
    ? fromCode(column.charCodeAt(index))
    : fromCode(column.charCodeAt(2 * index)) * ALPHABET + fromCode(column.charCodeAt(2 * index + 1));
}

/** Page of each record, and first record of each page (a page's records are contiguous). */
export function pageColumns(file: IndexMetadata): {pageOf: Int32Array; pageFirst: Int32Array} {
  const pageOf = new Int32Array(recordCount(file));
  const pageFirst = new Int32Array(file.pages.length);
  let record = 0;
  file.pages.forEach((page, index) => {
    pageFirst[index] = record;
    pageOf.fill(index, record, record + page[4]);
    record += page[4];
  });
  return {pageOf, pageFirst};
}

/** Number of records: one type per record. */
export function recordCount(file: IndexMetadata): number {
  return file.records.types.length / file.width;
}

/** Turns encoded texts back into text. */
export function textDecoder(file: IndexMetadata): (encoded: string) => string {
  const {pieces, width} = file;
  // Whether each piece is a word, worked out when first decoded (0: not yet, 1: a word, 2: not): a
  // search decodes the texts of a few hits, and the file may hold thousands of pieces.
  const kind = new Uint8Array(pieces.length);
  const isWord = (id: number) => (kind[id] ||= startsWithWordChar(pieces[id]) ? 1 : 2) === 1;
  return (encoded) => {
    let text = '';
    let afterWord = false;
    for (let at = 0; at < encoded.length / width; at++) {
      const id = numberAt(encoded, at, width);
      if (afterWord && isWord(id)) text += ' ';
      afterWord = isWord(id);
      text += pieces[id];
    }
    return text;
  };
}

export function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
