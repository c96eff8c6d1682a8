import {algoliasearch} from 'algoliasearch';
import type {SearchRecord, Synonym} from './types.ts';

type UploadOptions = {
  appId: string;
  /** The admin (write) key: read from the environment by the CLI, never part of the site. */
  adminKey: string;
  indexName: string;
  records: SearchRecord[];
  indexSettings: Record<string, unknown>;
  synonyms: Synonym[];
  /** An Algolia-compatible API (`http://127.0.0.1:4100`) instead of Algolia's hosts. */
  host?: string;
  /**
   * The largest share of the live index's records a new upload may lose (0.2: at most 20 % fewer).
   * A sharper drop usually means a broken build, so the upload stops before touching the index.
   */
  maxRecordDrop?: number;
};

/** Default of `maxRecordDrop`: a docs site rarely loses a quarter of its text in one deploy. */
export const DEFAULT_MAX_RECORD_DROP = 0.25;

export class RecordDropError extends Error {}

/**
 * Refreshes the Algolia index with the official client: settings and synonyms
 * first (on the live index, so the copy made next inherits them), then
 * `replaceAllObjects`, which fills a temporary index and moves it over the live
 * one: searches see the old records or the new ones, never a half-filled index.
 */
export async function uploadToAlgolia(options: UploadOptions): Promise<{records: number; batches: number}> {
  const client = algoliasearch(
    options.appId,
    options.adminKey,
    options.host ? {hosts: [hostOf(options.host)]} : undefined,
  );
  const {indexName} = options;

  const live = await liveRecordCount(client, indexName);
  const maxDrop = options.maxRecordDrop ?? DEFAULT_MAX_RECORD_DROP;
  if (live > 0 && options.records.length < live * (1 - maxDrop)) {
    const drop = Math.round((1 - options.records.length / live) * 100);
    throw new RecordDropError(
      `Refusing to replace the ${live} records of Algolia index "${indexName}" with ${options.records.length} ` +
        `(${drop} % fewer; at most ${Math.round(maxDrop * 100)} % is allowed). Check that the build is complete; ` +
        `if the drop is intended, run again with --max-drop ${Math.min(1, Math.ceil(drop / 10) / 10)} ` +
        `(or SEARCH_UPLOAD_MAX_DROP).`,
    );
  }

  const settings = await client.setSettings({indexName, indexSettings: options.indexSettings});
  await client.waitForTask({indexName, taskID: settings.taskID});

  const synonyms = await client.saveSynonyms({
    indexName,
    synonymHit: options.synonyms,
    replaceExistingSynonyms: true,
  });
  await client.waitForTask({indexName, taskID: synonyms.taskID});

  const result = await client.replaceAllObjects({
    indexName,
    objects: options.records as unknown as Record<string, unknown>[],
    batchSize: 1000,
  });
  return {records: options.records.length, batches: result.batchResponses.length};
}

/** Records in the live index, 0 if it does not exist yet (the first upload). */
async function liveRecordCount(client: ReturnType<typeof algoliasearch>, indexName: string): Promise<number> {
  for (let page = 0; ; page++) {
    const {items, nbPages} = await client.listIndices({page});
    const live = items.find((item) => item.name === indexName);
    if (live) return live.entries;
    if (page + 1 >= (nbPages ?? 1)) return 0;
  }
}

function hostOf(url: string): {url: string; port?: number; protocol: 'http' | 'https'; accept: 'readWrite'} {
  const parsed = new URL(url);
  return {
    url: parsed.hostname,
    ...(parsed.port && {port: Number(parsed.port)}),
    protocol: parsed.protocol === 'http:' ? 'http' : 'https',
    accept: 'readWrite',
  };
}
