import {INDEX_FILE_ERROR} from '../codeMarkers.ts';
import {
  checkFormat,
  FORMAT,
  SPLIT_FORMAT,
  type ContentShard,
  type LocalIndexFile,
  type PostingShard,
  type SplitIndexFile,
} from './codec.ts';
import {buildPostings, encodePostingList} from './postings.ts';

/**
 * The split index: the first file and its shards, named by their folder (a
 * hash of the index) and number. `splitIndex` makes them at build time,
 * `joinIndex` puts them back together for Node readers.
 */

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

/**
 * The whole index back from a split one (the first file and its content shards),
 * for readers that search everything at once: docs-mcp, the Node entry (../node.ts).
 * A whole index is returned as it is. `read` returns a file next to the first
 * one, parsed, by its relative path.
 */
export function joinIndex(
  file: LocalIndexFile | SplitIndexFile,
  read: (path: string) => unknown,
): LocalIndexFile {
  if (file.format !== SPLIT_FORMAT) return file;
  const {shards, records, pieces, width, strings, pages, facets, synonyms, settings} = file;
  const content: (string | null)[] = [];
  const levels = ['', '', '', '', '', ''];
  shards.records.forEach((first, index) => {
    const shard = read(shardPath(shards.path, 'c', index)) as ContentShard;
    if (shard.first !== first || content.length !== first)
      throw new Error(`${INDEX_FILE_ERROR} content shard ${index} does not start at record ${first}`);
    content.push(...shard.content);
    shard.levels.forEach((column, level) => (levels[level] += column));
  });
  return {
    format: FORMAT,
    pieces,
    width,
    strings,
    pages,
    facets,
    records: {...records, levels, content},
    synonyms,
    settings,
  };
}
