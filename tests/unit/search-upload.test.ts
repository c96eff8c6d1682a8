import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {algoliasearch} from 'algoliasearch';
import {algoliaSettings, searchSynonyms} from '../../config/search.ts';
import {recordsFromHtml} from '../../src/plugins/search/records/html.ts';
import type {RecordRules} from '../../src/plugins/search/records/rules.ts';
import {RecordDropError, uploadToAlgolia} from '../../src/plugins/search/upload.ts';
import {startAlgoliaStandIn, type StandIn} from '../support/algolia-stand-in.ts';

const credentials = {appId: 'UPLOADTEST', searchKey: 'search-key', adminKey: 'admin-key-not-for-browsers'};
const rules: RecordRules = {
  siteUrl: 'https://docs.example.com',
  baseUrl: '/',
  exclude: [],
  sections: [],
  pageRank: [],
};

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta name="docsearch:language" content="en"><meta name="docsearch:docusaurus_tag" content="docs-default-current"><link rel="canonical" href="https://docs.example.com/${title.toLowerCase()}"></head><body><article><header><h1>${title}</h1></header>${body}</article></body></html>`;
}

const records = [
  ...recordsFromHtml(
    page(
      'Publishing',
      '<h2 id="publish">Publish a message</h2><p>Call publish with the stream ID and the content.</p>',
    ),
    '/publishing',
    rules,
  ),
  ...recordsFromHtml(
    page('Partitioning', '<h2 id="limits">Partition limits</h2><p>A stream has 1 to 100 partitions.</p>'),
    '/partitioning',
    rules,
  ),
];

describe('search-upload against an Algolia stand-in, with the official algoliasearch client', () => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startAlgoliaStandIn(credentials);
  });
  afterAll(() => standIn.close());

  it('sets settings and synonyms, then swaps the records in atomically', async () => {
    const result = await uploadToAlgolia({
      appId: credentials.appId,
      adminKey: credentials.adminKey,
      indexName: 'docs',
      records,
      indexSettings: algoliaSettings,
      synonyms: searchSynonyms,
      host: standIn.url,
    });
    expect(result).toEqual({records: records.length, batches: 1});

    const calls = standIn.requests.map((request) => `${request.method} ${request.path}`);
    const tmp = calls.find((call) => /docs_tmp_\d+\/batch/.test(call))!.split('/')[3];
    expect(calls.filter((call) => !call.includes('/task/'))).toEqual([
      'GET /1/indexes', // how many records the live index has (none yet: no drop check)
      'PUT /1/indexes/docs/settings',
      'POST /1/indexes/docs/synonyms/batch',
      'POST /1/indexes/docs/operation', // copy settings and synonyms to the temporary index
      `POST /1/indexes/${tmp}/batch`,
      'POST /1/indexes/docs/operation',
      `POST /1/indexes/${tmp}/operation`, // move over the live index
    ]);
    const move = standIn.requests.find((request) => request.path === `/1/indexes/${tmp}/operation`)!;
    expect(move.body).toEqual({operation: 'move', destination: 'docs'});
    expect(
      standIn.requests.every((request) => request.headers['x-algolia-api-key'] === credentials.adminKey),
    ).toBe(true);

    const live = standIn.indices.get('docs')!;
    expect(standIn.indices.has(tmp)).toBe(false);
    expect(live.records.size).toBe(records.length);
    expect(live.settings.attributesForFaceting).toEqual(['language', 'docusaurus_tag', 'version', 'type']);
    expect(live.synonyms).toEqual(searchSynonyms);
  });

  it('the uploaded index answers searches with the synonyms applied', async () => {
    const client = algoliasearch(credentials.appId, credentials.searchKey, {
      hosts: [{url: '127.0.0.1', port: standIn.port, protocol: 'http', accept: 'read'}],
    });
    const {results} = await client.search({
      requests: [
        {indexName: 'docs', query: 'maximum partitions', facetFilters: ['language:en'], hitsPerPage: 20},
      ],
    });
    const first = results[0] as {hits: {url: string}[]; nbHits: number};
    expect(first.hits[0].url).toBe('https://docs.example.com/partitioning#limits');
  });

  it('a second upload replaces the records instead of adding to them', async () => {
    await uploadToAlgolia({
      appId: credentials.appId,
      adminKey: credentials.adminKey,
      indexName: 'docs',
      records: records.slice(0, 2),
      indexSettings: algoliaSettings,
      synonyms: [],
      host: standIn.url,
      maxRecordDrop: 1,
    });
    expect(standIn.indices.get('docs')!.records.size).toBe(2);
    expect(standIn.indices.get('docs')!.synonyms).toEqual([]);
  });

  it('fails with the wrong key, as Algolia does', async () => {
    await expect(
      uploadToAlgolia({
        appId: credentials.appId,
        adminKey: 'wrong',
        indexName: 'docs',
        records,
        indexSettings: {},
        synonyms: [],
        host: standIn.url,
      }),
    ).rejects.toThrow(/Invalid Application-ID or API key/);
  });

  it('refuses an upload with sharply fewer records than the live index, before changing anything', async () => {
    standIn.seed(
      'shrinking',
      Array.from({length: 100}, (_, i) => ({...records[0], objectID: `seed-${i}`})),
    );
    const before = standIn.requests.length;
    const upload = (count: number, maxRecordDrop?: number) =>
      uploadToAlgolia({
        appId: credentials.appId,
        adminKey: credentials.adminKey,
        indexName: 'shrinking',
        records: Array.from({length: count}, (_, i) => ({...records[0], objectID: `new-${i}`})),
        indexSettings: {},
        synonyms: [],
        host: standIn.url,
        maxRecordDrop,
      });

    const refused = upload(70);
    await expect(refused).rejects.toBeInstanceOf(RecordDropError);
    await expect(upload(70)).rejects.toThrow(
      /Refusing to replace the 100 records of Algolia index "shrinking" with 70 \(30 % fewer; at most 25 % is allowed\)/,
    );
    const calls = standIn.requests.slice(before).map((request) => `${request.method} ${request.path}`);
    expect(calls).toEqual(['GET /1/indexes', 'GET /1/indexes']);
    expect(standIn.indices.get('shrinking')!.records.size).toBe(100);

    await expect(upload(70, 0.3)).resolves.toEqual({records: 70, batches: 1});
    await expect(upload(60)).resolves.toEqual({records: 60, batches: 1}); // 60 is within 25 % of 70
  });
});
