import type {ContentShard, LocalIndexFile, SplitIndexFile} from './indexFile.ts';

/**
 * The whole index back from a split one (the first file and its content shards),
 * for readers that search everything in Node: docs-mcp, the relevance suite, the
 * benchmarks. A whole index is returned as it is. No imports but types, so Node
 * runs this file as it is (packages/docs-mcp/scripts/build.ts).
 *
 * `read` returns a file next to the first one, parsed, by its relative path.
 */
export function joinIndex(
  file: LocalIndexFile | SplitIndexFile,
  read: (path: string) => unknown,
): LocalIndexFile {
  if (file.format !== 5) return file;
  const {shards, records, pieces, width, strings, pages, facets, synonyms, settings} = file;
  const content: (string | null)[] = [];
  const levels = ['', '', '', '', '', ''];
  shards.records.forEach((first, index) => {
    const shard = read(`${shards.path}c${index}.json`) as ContentShard;
    if (shard.first !== first || content.length !== first)
      throw new Error(`The search index's content shard ${index} does not start at record ${first}`);
    content.push(...shard.content);
    shard.levels.forEach((column, level) => (levels[level] += column));
  });
  return {
    format: 3,
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
