import {INDEX_FILE_ERROR} from '../codeMarkers.ts';
import type {RecordLayout, RecordSource} from '../engine/engine.ts';
import {splitWordRuns, startsWithWordChar, tokenize} from '../engine/tokenize.ts';
import type {SearchSettings} from '../settings.ts';
import type {WarmUpSample} from './warmUp.ts';
import {
  LEVELS,
  LEVEL_WEIGHT,
  type Hierarchy,
  type Level,
  type RecordType,
  type SearchRecord,
  type Synonym,
} from '../types.ts';

/**
 * The local index file: the same records the Algolia upload gets, written
 * compactly, and what the engine needs to search them without reading the text.
 *
 * - Pages are listed once; headings, anchors and section names are stored once
 *   in `strings`; records refer to them by number.
 * - Every text (headings, section names, content) is written as a list of
 *   numbered pieces: words and what stands between them (`pieces`, most frequent
 *   first; one space between two words is implied). A number is one character
 *   (`width` 1) or two, so a text is a short string that JSON parses fast. The
 *   words are what the engine indexes, so the browser builds the engine's term
 *   table (postings) by walking these numbers once, with no text to tokenize:
 *   `openIndex`. Against the text as JSON this is ~20 % smaller after gzip too.
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
 * The first file of a split index (what the build writes): all of the above but
 * the content and the headings (`levels`), plus the engine's vocabulary and where
 * the rest is. A query loads the posting shards of the terms it matches
 * (precomputed lists: the browser decodes, it does not build), and the hits
 * shown load their pages' content shards, which hold their content and headings:
 * ranking needs neither, and at ten times the site the headings were most of the
 * first file. `./joinIndex.ts` puts the parts back together for Node readers.
 */
export type SplitIndexFile = Omit<LocalIndexFile, 'format' | 'records'> & {
  format: 5;
  records: Omit<LocalIndexFile['records'], 'content' | 'levels'>;
  /** The engine's vocabulary, sorted (JavaScript string order), one term per line. */
  terms: string;
  shards: {
    /**
     * Folder of the shards, relative to this file. It carries a hash of the whole
     * index, so a tab holding an old deploy's first file never reads a new deploy's shards.
     */
    path: string;
    /** Index of the first term of each posting shard (`t<n>.json`); contiguous ranges, so prefixes find theirs. */
    terms: number[];
    /** Index of the first record of each content shard (`c<n>.json`); whole pages. */
    records: number[];
  };
  /** A few pages to warm the engine up on before the first query (./warmUp.ts). */
  warmUp?: WarmUpSample;
};

/** Terms `first`… of the vocabulary, each with its list as a string (`encodePostingList`). */
export type PostingShard = {format: 5; first: number; lists: string[]};
/** Records `first`… of the index: their encoded content (or null), and their slices of the `levels` columns. */
export type ContentShard = {format: 5; first: number; content: (string | null)[]; levels: string[]};

/** What both forms hold: everything but the content. */
export type IndexMetadata = LocalIndexFile | SplitIndexFile;

const FORMAT = 3;
const SPLIT_FORMAT = 5;

export function isSplitIndex(file: IndexMetadata): file is SplitIndexFile {
  return file?.format === SPLIT_FORMAT;
}

function checkSplitFormat(file: IndexMetadata): void {
  if (!isSplitIndex(file) || typeof file.terms !== 'string' || !file.shards || !file.settings)
    throw new Error(`${INDEX_FILE_ERROR} unsupported index format`);
}
const TYPES: RecordType[] = [...LEVELS, 'content'];

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

/** Words and separators of a text: separator, word, separator, …, separator. */
function split(text: string): string[] {
  // Runs of word characters, as the tokenizer sees words.
  return splitWordRuns(text);
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
  const pieceLists = (text: string) =>
    split(text).filter((piece, index, all) => !isImplied(piece, index, all.length));
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

function checkFormat(file: LocalIndexFile): void {
  if (file?.format !== FORMAT || !Array.isArray(file.records?.content) || !file.settings)
    throw new Error(`${INDEX_FILE_ERROR} unsupported index format`);
}

/** The number at position `index` of a column. */
function numberAt(column: string, index: number, width: 1 | 2): number {
  return width === 1
    ? fromCode(column.charCodeAt(index))
    : fromCode(column.charCodeAt(2 * index)) * ALPHABET + fromCode(column.charCodeAt(2 * index + 1));
}

/** Page of each record. */
function recordPages(file: IndexMetadata): Int32Array {
  return pageColumns(file).pageOf;
}

/** Page of each record, and first record of each page (a page's records are contiguous). */
function pageColumns(file: IndexMetadata): {pageOf: Int32Array; pageFirst: Int32Array} {
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

/**
 * What the file's columns say of its records without reading them one by one
 * (the engine's RecordLayout): their pages; facets, which the file keeps per
 * page; and, when hits are distinct by URL, a number per URL (page and anchor), or by page.
 */
export function recordLayout(file: IndexMetadata): RecordLayout {
  const {pageOf, pageFirst} = pageColumns(file);
  const {width, records, strings, pages} = file;
  // The record's `weight`, as decodeIndex and splitRecords make it.
  const weights: Record<string, (record: number) => number> = {
    'weight.pageRank': (record) => pages[pageOf[record]][2],
    'weight.level': (record) => LEVEL_WEIGHT[TYPES[numberAt(records.types, record, width)]],
    'weight.position': (record) => record - pageFirst[pageOf[record]],
  };
  const numberOf = (attribute: string) => weights[attribute];
  const pageFacets = Int32Array.from(pages, (page) => page[3]);
  // Distinct by page: the page's number is the key, and a page has one value.
  if (file.settings.distinct === 'url_without_anchor')
    return {
      pageOf,
      pageFirst,
      pageFacets,
      numberOf,
      distinctKey: (record) => pageOf[record],
      distinctInPage: {keyOf: () => 0, size: 1},
    };
  if (file.settings.distinct !== 'url') return {pageOf, pageFirst, pageFacets, numberOf};
  // 0 for the page itself, else the anchor's string index + 1. An empty anchor gives the page's URL, as no
  // anchor does; only the empty text encodes to the empty string (encodeIndex leaves out empty ends).
  const keyOf = (record: number) => {
    const key = numberAt(records.anchors, record, width);
    return key > 0 && strings[key - 1] === '' ? 0 : key;
  };
  return {
    pageOf,
    pageFirst,
    pageFacets,
    numberOf,
    distinctKey: (record) => pageOf[record] * (strings.length + 1) + keyOf(record),
    distinctInPage: {keyOf, size: strings.length + 1},
  };
}

/** Number of records: one type per record. */
function recordCount(file: IndexMetadata): number {
  return file.records.types.length / file.width;
}

/** Piece numbers of an encoded text. */
function readIds(encoded: string, width: 1 | 2, into: (id: number) => void): void {
  if (width === 1) {
    for (let i = 0; i < encoded.length; i++) into(fromCode(encoded.charCodeAt(i)));
  } else {
    for (let i = 0; i + 1 < encoded.length; i += 2)
      into(fromCode(encoded.charCodeAt(i)) * ALPHABET + fromCode(encoded.charCodeAt(i + 1)));
  }
}

/** Turns encoded texts back into text. */
function textDecoder(file: IndexMetadata): (encoded: string) => string {
  const {pieces, width} = file;
  // Whether each piece is a word, worked out when first decoded (0: not yet, 1: a word, 2: not): a
  // search decodes the texts of a few hits, and the file may hold thousands of pieces.
  const kind = new Uint8Array(pieces.length);
  const isWord = (id: number) => (kind[id] ||= startsWithWordChar(pieces[id]) ? 1 : 2) === 1;
  return (encoded) => {
    let text = '';
    let afterWord = false;
    readIds(encoded, width, (id) => {
      if (isWord(id)) {
        if (afterWord) text += ' ';
        afterWord = true;
      } else {
        afterWord = false;
      }
      text += pieces[id];
    });
    return text;
  };
}

/**
 * Records back from the file. `objectID` is left empty: hashing every record
 * costs more than the rest of decoding, and only hits need it (see `withObjectId` in ./recordId).
 */
export function decodeIndex(file: LocalIndexFile): SearchRecord[] {
  checkFormat(file);
  const {pages, facets, width, records} = file;
  const decodeText = textDecoder(file);
  const strings: (string | undefined)[] = new Array(file.strings.length);
  const text = (index: number) => (index < 0 ? null : (strings[index] ??= decodeText(file.strings[index])));
  const stringAt = (column: string, record: number) => text(numberAt(column, record, width) - 1);
  const facetValues = facets.map(withoutUndefined);
  const pageOf = recordPages(file);
  const [l1, l2, l3, l4, l5, l6] = records.levels;
  let previousPage = -1;
  let position = 0;
  return records.content.map((encoded, record) => {
    const page = pageOf[record];
    const [urlWithoutAnchor, lvl0, pageRank, facet] = pages[page];
    position = page === previousPage ? position + 1 : 0;
    previousPage = page;
    const type = TYPES[numberAt(records.types, record, width)];
    const anchor = stringAt(records.anchors, record);
    const url = anchor ? `${urlWithoutAnchor}#${anchor}` : urlWithoutAnchor;
    // Content is decoded when read: only hits need it (the engine searches the piece numbers).
    const hierarchy: Hierarchy = {
      lvl0: text(lvl0),
      lvl1: stringAt(l1, record),
      lvl2: stringAt(l2, record),
      lvl3: stringAt(l3, record),
      lvl4: stringAt(l4, record),
      lvl5: stringAt(l5, record),
      lvl6: stringAt(l6, record),
    };
    let content: string | null = null;
    let pending = encoded !== null;
    return {
      objectID: '',
      url,
      url_without_anchor: urlWithoutAnchor,
      anchor,
      type,
      hierarchy,
      get content() {
        if (pending) {
          content = decodeText(encoded!);
          pending = false;
        }
        return content;
      },
      set content(value) {
        content = value;
        pending = false;
      },
      weight: {pageRank, level: LEVEL_WEIGHT[type], position},
      ...facetValues[facet],
    };
  });
}

/**
 * The records of a split index, made as the engine reads them: each is a small
 * object over the file's columns whose fields (URL, hierarchy, content, …) are
 * worked out on first use. Making 10× the site's records as plain objects took
 * longer than the rest of opening the index (README "Search index shards"), so
 * each is made when the engine first asks for it. Content and headings come from
 * `loaded`, as content shards arrive.
 */
export function splitRecords(
  file: SplitIndexFile,
  loaded: LoadedContent,
  // openIndex passes the layout it gives the engine, so the page columns are worked out once.
  {pageOf, pageFirst}: Pick<RecordLayout, 'pageOf' | 'pageFirst'> = pageColumns(file),
): RecordSource {
  checkSplitFormat(file);
  const {width, records} = file;
  const decodeText = textDecoder(file);
  const strings: (string | undefined)[] = new Array(file.strings.length);
  const shared: RecordColumns = {
    file,
    pageOf,
    pageFirst,
    facets: file.facets.map(withoutUndefined),
    text: (index) => (index < 0 ? null : (strings[index] ??= decodeText(file.strings[index]))),
    stringAt: (column, record) => shared.text(numberAt(column, record, width) - 1),
    typeAt: (record) => TYPES[numberAt(records.types, record, width)],
    levelAt: (level, record) => shared.text(loaded.level(level, record) - 1),
    content(record) {
      const encoded = loaded.content(record);
      if (encoded === undefined)
        throw new Error(`${INDEX_FILE_ERROR} the content of record ${record} is not loaded`);
      return encoded === null ? null : decodeText(encoded);
    },
  };
  // Made when first read: a search reads a few thousand of them, the file may hold ten times more.
  const made: (SearchRecord | undefined)[] = new Array(pageOf.length);
  return {count: pageOf.length, at: (record) => (made[record] ??= new ColumnRecord(shared, record))};
}

type RecordColumns = {
  file: SplitIndexFile;
  pageOf: Int32Array;
  pageFirst: Int32Array;
  facets: Partial<LocalIndexFile['facets'][number]>[];
  text(index: number): string | null;
  stringAt(column: string, record: number): string | null;
  typeAt(record: number): RecordType;
  /** lvl1 (0) … lvl6 (5) of a record, from its content shard. */
  levelAt(level: number, record: number): string | null;
  content(record: number): string | null;
};

/** What the content shards loaded so far hold (`loadedContent`). */
export type LoadedContent = {
  /** Encoded content of a record, or null (none); undefined until its shard is loaded. */
  content(record: number): string | null | undefined;
  /** A record's `levels` number (string index + 1; 0: none) for lvl1 (0) … lvl6 (5). */
  level(level: number, record: number): number;
  /** Takes in a content shard (already checked to be the one expected). */
  add(shard: ContentShard): void;
};

/** Content shards of a split index as they arrive; `splitRecords` reads the records' content and headings from it. */
export function loadedContent(file: SplitIndexFile): LoadedContent {
  // Per record, its shard's position in `shards` + 1 (0: not loaded). A zeroed typed array costs
  // nothing to make, where a list of every record's content was a cost of opening the index.
  const shardOf = new Int32Array(recordCount(file));
  const shards: ContentShard[] = [];
  return {
    content(record) {
      const shard = shards[shardOf[record] - 1];
      return shard?.content[record - shard.first];
    },
    level(level, record) {
      const shard = shards[shardOf[record] - 1];
      if (!shard) throw new Error(`${INDEX_FILE_ERROR} the headings of record ${record} are not loaded`);
      return numberAt(shard.levels[level], record - shard.first, file.width);
    },
    add(shard) {
      if (
        shard.levels?.length !== 6 ||
        shard.levels.some((column) => column.length !== shard.content.length * file.width)
      )
        throw new Error(
          `${INDEX_FILE_ERROR} content shard at record ${shard.first} has no headings for its records`,
        );
      shards.push(shard);
      shardOf.fill(shards.length, shard.first, shard.first + shard.content.length);
    },
  };
}

/** One record of a split index (see `splitRecords`); its getters live on the prototype, which keeps making it cheap. */
class ColumnRecord implements SearchRecord {
  objectID = '';
  private readonly columns: RecordColumns;
  private readonly index: number;
  // Worked out on first read (undefined: not yet); fields, not an object per record, to keep making records cheap.
  private hierarchyRead: Hierarchy | undefined = undefined;
  private weightRead: SearchRecord['weight'] | undefined = undefined;
  private contentRead: string | null | undefined = undefined;
  private urlRead: string | undefined = undefined;

  constructor(columns: RecordColumns, index: number) {
    this.columns = columns;
    this.index = index;
  }

  private get page() {
    return this.columns.file.pages[this.columns.pageOf[this.index]];
  }

  get url_without_anchor(): string {
    return this.page[0];
  }

  get anchor(): string | null {
    return this.columns.stringAt(this.columns.file.records.anchors, this.index);
  }

  get url(): string {
    if (this.urlRead === undefined) {
      const anchor = this.anchor;
      this.urlRead = anchor ? `${this.url_without_anchor}#${anchor}` : this.url_without_anchor;
    }
    return this.urlRead;
  }

  get type(): RecordType {
    return this.columns.typeAt(this.index);
  }

  /**
   * lvl0 is the page's, in the first file; lvl1–lvl6 are read from the content shard when asked for
   * (own enumerable getters, so spreading, JSON and hashing see them), so a record's section is known
   * before its shard is loaded.
   */
  get hierarchy(): Hierarchy {
    if (!this.hierarchyRead) {
      const {text, levelAt} = this.columns;
      const {index} = this;
      const hierarchy = {lvl0: text(this.page[1])} as Hierarchy;
      LEVELS.slice(1).forEach((level, position) =>
        Object.defineProperty(hierarchy, level, {enumerable: true, get: () => levelAt(position, index)}),
      );
      this.hierarchyRead = hierarchy;
    }
    return this.hierarchyRead;
  }

  get content(): string | null {
    if (this.contentRead === undefined) this.contentRead = this.columns.content(this.index);
    return this.contentRead;
  }

  get weight(): SearchRecord['weight'] {
    const {pageFirst, pageOf} = this.columns;
    return (this.weightRead ??= {
      pageRank: this.page[2],
      level: LEVEL_WEIGHT[this.type],
      position: this.index - pageFirst[pageOf[this.index]],
    });
  }

  get language(): string | undefined {
    return this.columns.facets[this.page[3]].language;
  }

  get docusaurus_tag(): string | undefined {
    return this.columns.facets[this.page[3]].docusaurus_tag;
  }

  get version(): string | undefined {
    return this.columns.facets[this.page[3]].version;
  }

  /** A plain copy (structuredClone and JSON see own fields only). */
  toJSON(): SearchRecord {
    const {objectID, url, url_without_anchor, anchor, type, hierarchy, content, weight} = this;
    return {
      objectID,
      url,
      url_without_anchor,
      anchor,
      type,
      hierarchy: {...hierarchy},
      content,
      weight: {...weight},
      ...this.columns.facets[this.page[3]],
    };
  }
}

/** The engine's term table: sorted terms and, for each, flat [record, attribute code, position, …]. */
export type Postings = {terms: string[]; lists: Int32Array[]};

/**
 * The engine's term table, built from the piece numbers (no tokenizing of
 * texts): the same entries, in the same order, as `SearchEngine` makes from the
 * records' text (tests/unit/search-records.test.ts compares them). Attribute
 * codes at or above `partOffset` mark compound-word parts, as in the engine.
 */
export function buildPostings(file: LocalIndexFile, partOffset: number): Postings {
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

  /** Calls `visit` with the terms and the position of each indexed word of an encoded text. */
  const eachWord = (encoded: string, visit: (terms: Int32Array, position: number) => void) => {
    let position = 0;
    let previous = -1;
    const step = width === 1 ? 1 : 2;
    for (let i = 0; i < encoded.length; i += step) {
      const id =
        width === 1
          ? fromCode(encoded.charCodeAt(i))
          : fromCode(encoded.charCodeAt(i)) * ALPHABET + fromCode(encoded.charCodeAt(i + 1));
      const terms = wordTerms[id];
      const dropped = terms !== null && apostropheWord[id] && previous >= 0 && dropsAfter[previous];
      previous = id;
      if (terms === null || dropped || terms.length === 0) continue;
      visit(terms, position);
      position += 1;
    }
  };

  /** Tokens of an encoded text: flat [term (negative: part), position, …]. */
  const tokensOf = (encoded: string): number[] => {
    const tokens: number[] = [];
    eachWord(encoded, (terms, position) => {
      for (let t = 0; t < terms.length; t++) tokens.push(terms[t], position);
    });
    return tokens;
  };

  // [term, record, attribute code, position] per token, then grouped by term (stable).
  let entries = new Int32Array(1 << 16);
  let size = 0;
  const reserve = (count: number) => {
    if (size + count <= entries.length) return;
    const grown = new Int32Array(Math.max(entries.length * 2, size + count));
    grown.set(entries);
    entries = grown;
  };
  const write = (term: number, record: number, attribute: number, position: number) => {
    entries[size++] = term < 0 ? -term - 1 : term;
    entries[size++] = record;
    entries[size++] = term < 0 ? attribute + partOffset : attribute;
    entries[size++] = position;
  };
  const add = (tokens: number[], record: number, attribute: number) => {
    reserve(tokens.length * 2);
    for (let i = 0; i < tokens.length; i += 2) write(tokens[i], record, attribute, tokens[i + 1]);
  };
  // Content is seldom repeated: its tokens go straight into the table (no array per text to collect).
  const mostTerms = wordTerms.reduce((most, terms) => Math.max(most, terms?.length ?? 0), 1);
  const addContent = (encoded: string, record: number, attribute: number) => {
    reserve(encoded.length * mostTerms * 4);
    eachWord(encoded, (terms, position) => {
      for (let t = 0; t < terms.length; t++) write(terms[t], record, attribute, position);
    });
  };
  const {records} = file;
  const pageOf = recordPages(file);
  // Headings repeat on every record of their section: their tokens are made once.
  const stringTokens: (number[] | undefined)[] = new Array(file.strings.length);
  const headingTokens = (index: number) => (stringTokens[index] ??= tokensOf(file.strings[index]));
  const columns = attributes.map((level) => (level > 0 ? records.levels[level - 1] : ''));
  for (let record = 0; record < records.content.length; record++) {
    for (let attribute = 0; attribute < attributes.length; attribute++) {
      const level = attributes[attribute];
      if (level < 0) {
        const content = records.content[record];
        if (content) addContent(content, record, attribute);
        continue;
      }
      const index =
        level === 0 ? file.pages[pageOf[record]][1] : numberAt(columns[attribute], record, width) - 1;
      if (index >= 0) add(headingTokens(index), record, attribute);
    }
  }

  const counts = new Int32Array(termNumbers.size);
  for (let i = 0; i < size; i += 4) counts[entries[i]] += 1;
  const norms = [...termNumbers.keys()];
  const order = norms.map((_, id) => id).filter((id) => counts[id] > 0);
  order.sort((a, b) => (norms[a] < norms[b] ? -1 : norms[a] > norms[b] ? 1 : 0));
  const start = new Int32Array(termNumbers.size);
  let offset = 0;
  for (const id of order) {
    start[id] = offset;
    offset += counts[id] * 3;
  }
  const flat = new Int32Array(offset);
  const fill = start.slice();
  for (let i = 0; i < size; i += 4) {
    const at = fill[entries[i]];
    flat[at] = entries[i + 1];
    flat[at + 1] = entries[i + 2];
    flat[at + 2] = entries[i + 3];
    fill[entries[i]] = at + 3;
  }
  return {
    terms: order.map((id) => norms[id]),
    lists: order.map((id) => flat.subarray(start[id], start[id] + counts[id] * 3)),
  };
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

/**
 * An encoded posting list followed by `copies - 1` copies of its entries, the
 * records of each copy `shift` above the previous one's (the search worker's
 * repeated warm-up sample): the same text as encoding the repeated list, made
 * by joining strings. Only a copy's first record differs from the original's
 * code, and by the same difference in every copy. `shift` must exceed the
 * list's records.
 */
export function repeatPostingList(encoded: string, copies: number, shift: number): string {
  const list = decodePostingList(encoded);
  if (list.length === 0 || copies <= 1) return encoded;
  // The first number (the first record) ends at its first character below MORE.
  let end = 0;
  while (encoded.charCodeAt(end) >= MORE) end += 1;
  const copy = encodeNumber(list[0] + shift - list[list.length - 3]) + encoded.slice(end + 1);
  return encoded + copy.repeat(copies - 1);
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

/** Raw size (characters) a shard is filled up to before the next one starts. */
export const SHARD_SIZE = {postings: 16_000, content: 4_000};

/**
 * The build's split index: the first file and its shards (name relative to the
 * first file → contents). `folder` should change whenever the index does (a hash of it).
 */
export function splitIndex(
  file: LocalIndexFile,
  partOffset: number,
  folder: string,
  size = SHARD_SIZE,
): {first: SplitIndexFile; shards: Map<string, PostingShard | ContentShard>} {
  checkFormat(file);
  const {terms, lists} = buildPostings(file, partOffset);
  const path = folder.endsWith('/') ? folder : `${folder}/`;
  const shards = new Map<string, PostingShard | ContentShard>();
  const termStarts: number[] = [];
  let postings: string[] = [];
  let filled = 0;
  const closePostings = () => {
    shards.set(shardPath(path, 't', termStarts.length - 1), {
      format: SPLIT_FORMAT,
      first: termStarts[termStarts.length - 1],
      lists: postings,
    });
  };
  lists.forEach((list, index) => {
    const text = encodePostingList(list);
    if (index === 0 || filled + text.length > size.postings) {
      if (index > 0) closePostings();
      termStarts.push(index);
      postings = [];
      filled = 0;
    }
    postings.push(text);
    filled += text.length;
  });
  if (lists.length) closePostings();

  const recordStarts: number[] = [];
  let content: (string | null)[] = [];
  let record = 0;
  filled = 0;
  const {width} = file;
  const closeContent = () => {
    const first = recordStarts[recordStarts.length - 1];
    shards.set(shardPath(path, 'c', recordStarts.length - 1), {
      format: SPLIT_FORMAT,
      first,
      content,
      levels: file.records.levels.map((column) => column.slice(first * width, record * width)),
    });
  };
  file.pages.forEach((page, index) => {
    const texts = file.records.content.slice(record, record + page[4]);
    const length = texts.reduce((sum, text) => sum + (text?.length ?? 0), 0);
    if (index === 0 || filled + length > size.content) {
      if (index > 0) closeContent();
      recordStarts.push(record);
      content = [];
      filled = 0;
    }
    content.push(...texts);
    filled += length;
    record += page[4];
  });
  if (file.pages.length) closeContent();

  const {types, anchors} = file.records;
  return {
    first: {
      ...file,
      format: SPLIT_FORMAT,
      records: {types, anchors},
      terms: terms.join('\n'),
      shards: {path, terms: termStarts, records: recordStarts},
    },
    shards,
  };
}

/** A shard's file name, relative to the first file. */
export function shardPath(folder: string, kind: 't' | 'c', index: number): string {
  return `${folder}${kind}${index}.json`;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
