import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {LocalIndexFile, SplitIndexFile} from './index-file/codec.ts';
import {openIndex, type IndexSearch} from './index-file/open.ts';
import {joinIndex} from './index-file/shards.ts';

/**
 * The search's one entry for Node tools (docs-mcp, the audit, the bench, the relevance suite): where
 * a build keeps its index, opening it, and answering a query with the browser's code.
 */

export type {IndexSearch} from './index-file/open.ts';
export type {LocalIndexFile};
export type {Hierarchy} from './types.ts';

/** The local index's first file, at the site root (build/ or the dev server); its shards are in a folder of the same stem. */
export const INDEX_FILE = 'search-index.json';

/** A build's files, parsed, by their path relative to the build folder. */
function reader(buildDir: string): (name: string) => unknown {
  return (name) => JSON.parse(readFileSync(path.join(buildDir, name), 'utf8')) as unknown;
}

/** A build's index whole: its first file with every content shard joined in (docs-mcp embeds it). */
export function readBuildIndex(buildDir: string): LocalIndexFile {
  const read = reader(buildDir);
  return joinIndex(read(INDEX_FILE) as LocalIndexFile | SplitIndexFile, read);
}

/** A build's index opened as the browser opens it: the first file now, each shard when a query needs it. */
export function openBuildIndex(buildDir: string): IndexSearch {
  const read = reader(buildDir);
  return openIndex(read(INDEX_FILE) as SplitIndexFile, async (name) => read(name));
}

/** An index already in memory (a whole one needs no shards). */
export function openIndexFile(file: LocalIndexFile): IndexSearch {
  return openIndex(file, async (name) => {
    throw new Error(`A whole search index has no shard ${name}`);
  });
}
