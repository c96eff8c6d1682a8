import {algoliasearch} from 'algoliasearch';
import type {Synonym} from './engine/engine';
import type {SearchRecord} from './types';

export type UploadOptions = {
  appId: string;
  /** The admin (write) key: read from the environment by the CLI, never part of the site. */
  adminKey: string;
  indexName: string;
  records: SearchRecord[];
  indexSettings: Record<string, unknown>;
  synonyms: Synonym[];
  /** An Algolia-compatible API (`http://127.0.0.1:4100`) instead of Algolia's hosts. */
  host?: string;
  batchSize?: number;
};

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
    batchSize: options.batchSize ?? 1000,
  });
  return {records: options.records.length, batches: result.batchResponses.length};
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
