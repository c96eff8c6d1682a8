import {INDEX_FILE_ERROR} from '../codeMarkers.ts';
import {
  checkFormat,
  FORMAT,
  pageColumns,
  SPLIT_FORMAT,
  type ContentShard,
  type LocalIndexFile,
  type PostingShard,
  type SplitIndexFile,
} from './codec.ts';
import {buildPostings, encodePostingList} from './postings.ts';

/** Raw size (characters) a shard is filled up to before the next one starts. */
const SHARD_SIZE = {postings: 16_000, content: 4_000};

/**
 * The build's split index: the first file and its shards (name relative to the
 * first file → contents). `folder` should change whenever the index does (a hash of it).
 */
export function splitIndex(
  file: LocalIndexFile,
  folder: string,
  size = SHARD_SIZE,
): {first: SplitIndexFile; shards: Map<string, PostingShard | ContentShard>} {
  checkFormat(file);
  const {terms, lists} = buildPostings(file);
  const path = folder.endsWith('/') ? folder : `${folder}/`;
  const shards = new Map<string, PostingShard | ContentShard>();
  const encoded = lists.map(encodePostingList);
  const termStarts = runStarts(
    encoded.map((text) => text.length),
    size.postings,
  );
  termStarts.forEach((first, index) => {
    const end = termStarts[index + 1] ?? encoded.length;
    shards.set(shardPath(path, 't', index), {format: SPLIT_FORMAT, first, lists: encoded.slice(first, end)});
  });
  // Content shards hold whole pages.
  const {content, levels} = file.records;
  const {pageFirst} = pageColumns(file);
  const pageLength = file.pages.map((page, index) =>
    content
      .slice(pageFirst[index], pageFirst[index] + page[4])
      .reduce((sum, text) => sum + (text?.length ?? 0), 0),
  );
  const recordStarts = runStarts(pageLength, size.content).map((page) => pageFirst[page]);
  const {width} = file;
  recordStarts.forEach((first, index) => {
    const end = recordStarts[index + 1] ?? content.length;
    shards.set(shardPath(path, 'c', index), {
      format: SPLIT_FORMAT,
      first,
      content: content.slice(first, end),
      levels: levels.map((column) => column.slice(first * width, end * width)),
    });
  });

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

/** Where runs of items start, each run filled up to `limit` (of `sizes`) but holding at least one item. */
function runStarts(sizes: number[], limit: number): number[] {
  const starts: number[] = [];
  let filled = 0;
  sizes.forEach((size, index) => {
    if (index === 0 || filled + size > limit) {
      starts.push(index);
      filled = 0;
    }
    filled += size;
  });
  return starts;
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
