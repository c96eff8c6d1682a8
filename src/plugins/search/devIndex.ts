/**
 * The dev server's index writes, which every edit asks for: one at a time, so two writes never share
 * the shard folder (ENOTEMPTY), a write superseded before it starts skipped, so a burst of saves
 * costs one more write; records kept per page, so a write re-reads only the pages that changed.
 */
import {createHash} from 'node:crypto';
import {promises as fs} from 'node:fs';
import {recordsFromSource, type SourcePage} from './records/build.ts';
import type {RecordRules} from './records/rules.ts';
import type {SearchRecord} from './types.ts';

/** Runs tasks one after another; a task still waiting when a newer one arrives is dropped. */
export function latestOnly(onError: (error: unknown) => void): (task: () => Promise<void>) => Promise<void> {
  let generation = 0;
  let chain = Promise.resolve();
  return (task) => {
    const mine = ++generation;
    chain = chain.then(() => (mine === generation ? task() : undefined)).catch(onError);
    return chain;
  };
}

/** Records from Markdown sources, re-made only for pages whose source or metadata changed. */
export function cachedSourceRecords(rules: RecordRules): (pages: SourcePage[]) => Promise<SearchRecord[]> {
  let cache = new Map<string, SearchRecord[]>();
  return async (pages) => {
    const next = new Map<string, SearchRecord[]>();
    const records: SearchRecord[] = [];
    for (const page of pages) {
      const source = await fs.readFile(page.file, 'utf8').catch(() => undefined);
      const key = createHash('sha256')
        .update(JSON.stringify(page) + (source ?? ''))
        .digest('hex');
      const pageRecords = cache.get(key) ?? recordsFromSource(page, source, rules);
      next.set(key, pageRecords);
      records.push(...pageRecords);
    }
    cache = next;
    return records;
  };
}
