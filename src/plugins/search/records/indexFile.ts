import {INDEX_FILE_ERROR} from '../codeMarkers';
import type {SearchSettings} from '../settings';
import {
  LEVELS,
  LEVEL_WEIGHT,
  type Hierarchy,
  type RecordType,
  type SearchRecord,
  type Synonym,
} from '../types';

/**
 * The local index file: the same records the Algolia upload gets, written
 * compactly (the verbose record JSON is ~7x larger, mostly repeated keys, URLs
 * and headings). Pages are listed once; headings, anchors and section names are
 * stored once in `strings`; records refer to them by index.
 */
export type LocalIndexFile = {
  format: 2;
  strings: string[];
  /** [url without anchor, lvl0 (string index), pageRank, facets index] */
  pages: [string, number, number, number][];
  facets: {language?: string; docusaurus_tag?: string; version?: string}[];
  /** [page index, type index, anchor, lvl1..lvl6, content]; anchor/levels: string index or -1 */
  records: [number, number, number, number, number, number, number, number, number, string | null][];
  /** Synonyms, as configured for the Algolia index. */
  synonyms: Synonym[];
  /** How to rank and answer: what the uploader sends to Algolia as index settings, in the engine's terms. */
  settings: SearchSettings;
};

const TYPES: RecordType[] = [...LEVELS, 'content'];

export function encodeIndex(
  records: SearchRecord[],
  settings: SearchSettings,
  synonyms: Synonym[] = [],
): LocalIndexFile {
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const intern = (value: string | null): number => {
    if (value === null) return -1;
    let index = stringIndex.get(value);
    if (index === undefined) {
      index = strings.push(value) - 1;
      stringIndex.set(value, index);
    }
    return index;
  };
  const facets: LocalIndexFile['facets'] = [];
  const facetIndex = new Map<string, number>();
  const pages: LocalIndexFile['pages'] = [];
  const pageIndex = new Map<string, number>();
  const encoded: LocalIndexFile['records'] = [];
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
        ]) - 1;
      pageIndex.set(record.url_without_anchor, page);
    } else if (page !== previousPage) {
      throw new Error(`${INDEX_FILE_ERROR} records of ${record.url_without_anchor} are not contiguous`);
    }
    previousPage = page;
    encoded.push([
      page,
      TYPES.indexOf(record.type),
      intern(record.anchor),
      intern(record.hierarchy.lvl1),
      intern(record.hierarchy.lvl2),
      intern(record.hierarchy.lvl3),
      intern(record.hierarchy.lvl4),
      intern(record.hierarchy.lvl5),
      intern(record.hierarchy.lvl6),
      record.content,
    ]);
  }
  return {format: 2, strings, pages, facets, records: encoded, synonyms, settings};
}

/**
 * Records back from the file. `objectID` is left empty: hashing every record
 * costs more than the rest of decoding, and only hits need it (see `withObjectId` in ./recordId).
 */
export function decodeIndex(file: LocalIndexFile): SearchRecord[] {
  if (file?.format !== 2 || !Array.isArray(file.records) || !file.settings)
    throw new Error(`${INDEX_FILE_ERROR} unsupported index format`);
  const {strings, pages, facets} = file;
  const text = (index: number) => (index < 0 ? null : strings[index]);
  let previousPage = -1;
  let position = 0;
  return file.records.map(([page, typeIndex, anchorIndex, l1, l2, l3, l4, l5, l6, content]) => {
    const [urlWithoutAnchor, lvl0, pageRank, facet] = pages[page];
    position = page === previousPage ? position + 1 : 0;
    previousPage = page;
    const type = TYPES[typeIndex];
    const anchor = text(anchorIndex);
    const url = anchor ? `${urlWithoutAnchor}#${anchor}` : urlWithoutAnchor;
    const hierarchy: Hierarchy = {
      lvl0: text(lvl0),
      lvl1: text(l1),
      lvl2: text(l2),
      lvl3: text(l3),
      lvl4: text(l4),
      lvl5: text(l5),
      lvl6: text(l6),
    };
    return {
      objectID: '',
      url,
      url_without_anchor: urlWithoutAnchor,
      anchor,
      type,
      hierarchy,
      content,
      weight: {pageRank, level: LEVEL_WEIGHT[type], position},
      ...withoutUndefined(facets[facet]),
    };
  });
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
