import {INDEX_FILE_ERROR} from '../codeMarkers.ts';
import type {RecordLayout, RecordSource} from '../engine/engine.ts';
import {LEVELS, LEVEL_WEIGHT, type Hierarchy, type RecordType, type SearchRecord} from '../types.ts';
import {
  checkSplitFormat,
  numberAt,
  pageColumns,
  recordCount,
  textDecoder,
  TYPES,
  withoutUndefined,
  type ContentShard,
  type IndexMetadata,
  type LocalIndexFile,
  type SplitIndexFile,
} from './codec.ts';

/**
 * What a file's columns say of its records (the engine's RecordLayout), and
 * the records of a split index, made as the engine reads them.
 */

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

/**
 * The records of a split index, made as the engine reads them: each is a small
 * object over the file's columns whose fields (URL, hierarchy, content, …) are
 * worked out on first use. Making ten times the site's records as plain objects
 * took longer than the rest of opening the index, so each is made when the
 * engine first asks for it. Content and headings come from
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
