import {INDEX_FILE_ERROR} from '../codeMarkers.ts';
import type {RecordLayout, RecordSource} from '../engine/engine.ts';
import {LEVELS, LEVEL_WEIGHT, type Hierarchy, type RecordType, type SearchRecord} from '../types.ts';
import {
  checkFormat,
  numberAt,
  pageColumns,
  recordCount,
  SPLIT_FORMAT,
  textDecoder,
  TYPES,
  withoutUndefined,
  type ContentShard,
  type IndexMetadata,
  type LocalIndexFile,
} from './codec.ts';

/**
 * What the engine needs of the records without reading them one by one (RecordLayout): their pages,
 * facets (kept per page), `weight` numbers, and a number per `settings.distinct` value.
 */
export function recordLayout(file: IndexMetadata): RecordLayout {
  const {pageOf, pageFirst} = pageColumns(file);
  const {width, records, strings, pages} = file;
  // The record's `weight`, as ColumnRecord makes it.
  const weights = {
    'weight.pageRank': (record: number) => pages[pageOf[record]][2],
    'weight.level': (record: number) => LEVEL_WEIGHT[TYPES[numberAt(records.types, record, width)]],
    'weight.position': (record: number) => record - pageFirst[pageOf[record]],
  };
  // Distinct by page: a page has one value. By URL: 0 for the page itself, else the anchor's string
  // index + 1. An empty anchor gives the page's URL, as no anchor does; only the empty text encodes to
  // the empty string (encodeIndex leaves out empty ends).
  const byPage = file.settings.distinct === 'url_without_anchor';
  const size = byPage ? 1 : strings.length + 1;
  const keyOf = (record: number) => {
    const key = byPage ? 0 : numberAt(records.anchors, record, width);
    return key > 0 && strings[key - 1] === '' ? 0 : key;
  };
  return {
    pageOf,
    pageFirst,
    pageFacets: Int32Array.from(pages, (page) => page[3]),
    numberOf: (attribute) => weights[attribute],
    distinctKey: (record) => pageOf[record] * size + keyOf(record),
    distinctInPage: {keyOf, size},
  };
}

/** Page of each record and first record of each page (`pageColumns`). */
type Pages = Pick<RecordLayout, 'pageOf' | 'pageFirst'>;

/**
 * The records of an index file, each made when the engine first reads it, as a small object over the
 * file's columns (making every record up front was most of opening a large index). Content and
 * headings come from `loaded`, as content shards arrive. openIndex passes the layout it gives the
 * engine, so the page columns are worked out once.
 */
export function splitRecords(file: IndexMetadata, loaded: LoadedContent, pages: Pages = pageColumns(file)) {
  const columns = recordColumns(file, loaded, pages);
  const made: (SearchRecord | undefined)[] = new Array(pages.pageOf.length);
  const at = (record: number) => (made[record] ??= new ColumnRecord(columns, record));
  return {count: pages.pageOf.length, at} satisfies RecordSource;
}

/** What the records of `splitRecords` share: the file, and how to read a record's fields from it. */
function recordColumns(file: IndexMetadata, loaded: LoadedContent, {pageOf, pageFirst}: Pages) {
  const {width, records} = file;
  const decodeText = textDecoder(file);
  const strings: (string | undefined)[] = new Array(file.strings.length);
  const text = (index: number) => (index < 0 ? null : (strings[index] ??= decodeText(file.strings[index])));
  return {
    file,
    pageOf,
    pageFirst,
    facets: file.facets.map(withoutUndefined),
    text,
    anchor: (record: number) => text(numberAt(records.anchors, record, width) - 1),
    type: (record: number): RecordType => TYPES[numberAt(records.types, record, width)],
    /** lvl1 (0) … lvl6 (5) of a record, from its content shard. */
    level: (level: number, record: number) => text(loaded.level(level, record) - 1),
    content(record: number) {
      const encoded = loaded.content(record);
      if (encoded === undefined)
        throw new Error(`${INDEX_FILE_ERROR} the content of record ${record} is not loaded`);
      return encoded === null ? null : decodeText(encoded);
    },
  };
}
type RecordColumns = ReturnType<typeof recordColumns>;

/** The records of a whole file, whose content and headings are all there. */
export function wholeRecords(file: LocalIndexFile, pages?: Pages) {
  checkFormat(file);
  const loaded = loadedContent(file);
  const {content, levels} = file.records;
  loaded.add({format: SPLIT_FORMAT, first: 0, content, levels});
  return splitRecords(file, loaded, pages);
}

/** A whole file's records as plain objects, `objectID` left empty (only hits need it: `withObjectId`). */
export function decodeIndex(file: LocalIndexFile): SearchRecord[] {
  const {count, at} = wholeRecords(file);
  return Array.from({length: count}, (_, record) => (at(record) as ColumnRecord).toJSON());
}

type LoadedContent = ReturnType<typeof loadedContent>;

/** Content shards as they arrive; `splitRecords` reads the records' content and headings from it. */
export function loadedContent(file: IndexMetadata) {
  // Per record, its shard's position in `shards` + 1 (0: not loaded): a zeroed typed array costs nothing to make.
  const shardOf = new Int32Array(recordCount(file));
  const shards: ContentShard[] = [];
  return {
    /** Encoded content of a record, or null (none); undefined until its shard is loaded. */
    content(record: number): string | null | undefined {
      const shard = shards[shardOf[record] - 1];
      return shard?.content[record - shard.first];
    },
    /** A record's `levels` number (string index + 1; 0: none) for lvl1 (0) … lvl6 (5). */
    level(level: number, record: number): number {
      const shard = shards[shardOf[record] - 1];
      if (!shard) throw new Error(`${INDEX_FILE_ERROR} the headings of record ${record} are not loaded`);
      return numberAt(shard.levels[level], record - shard.first, file.width);
    },
    /** Takes in a content shard (already checked to be the one expected). */
    add(shard: ContentShard): void {
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

/** One record of `splitRecords`; its getters live on the prototype, which keeps making it cheap. */
class ColumnRecord implements SearchRecord {
  objectID = '';
  private readonly columns: RecordColumns;
  private readonly index: number;
  // Worked out on first read (undefined: not yet); fields, not an object per record, to keep making records cheap.
  private hierarchyRead: Hierarchy | undefined = undefined;
  private contentRead: string | null | undefined = undefined;

  constructor(columns: RecordColumns, index: number) {
    this.columns = columns;
    this.index = index;
  }

  private get page() {
    return this.columns.file.pages[this.columns.pageOf[this.index]];
  }

  private get facets() {
    return this.columns.facets[this.page[3]];
  }

  get url_without_anchor(): string {
    return this.page[0];
  }

  get anchor(): string | null {
    return this.columns.anchor(this.index);
  }

  get url(): string {
    const anchor = this.anchor;
    return anchor ? `${this.url_without_anchor}#${anchor}` : this.url_without_anchor;
  }

  get type(): RecordType {
    return this.columns.type(this.index);
  }

  /**
   * lvl0 is the page's, in the first file; lvl1–lvl6 are read from the content shard when asked for
   * (own enumerable getters, so spreading, JSON and hashing see them), so a record's section is known
   * before its shard is loaded.
   */
  get hierarchy(): Hierarchy {
    if (!this.hierarchyRead) {
      const {text, level} = this.columns;
      const {index} = this;
      const hierarchy = {lvl0: text(this.page[1])} as Hierarchy;
      LEVELS.slice(1).forEach((name, position) =>
        Object.defineProperty(hierarchy, name, {enumerable: true, get: () => level(position, index)}),
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
    const position = this.index - pageFirst[pageOf[this.index]];
    return {pageRank: this.page[2], level: LEVEL_WEIGHT[this.type], position};
  }

  get language(): string | undefined {
    return this.facets.language;
  }

  get docusaurus_tag(): string | undefined {
    return this.facets.docusaurus_tag;
  }

  get version(): string | undefined {
    return this.facets.version;
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
      ...this.facets,
    };
  }
}
