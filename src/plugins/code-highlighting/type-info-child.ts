/**
 * Works out the type info of every compiled sample of the site with one language
 * service, prints the table as JSON and exits (./type-info-table.ts).
 * Request on stdin: {siteDir, apiDir, apiUrl}. Plain Node runs this file.
 */
import path from 'node:path';
import {text} from 'node:stream/consumers';
import {ApiReference} from './api-links.ts';
import {siteSamples} from './site-samples.ts';
import {sampleKey, type TableRequest, type TypeInfoTable} from './type-info-table.ts';
import {createTypeInfoService} from './type-info.ts';

const {siteDir, apiDir, apiUrl} = JSON.parse(await text(process.stdin)) as TableRequest;
const samples = siteSamples(siteDir);
const reference = new ApiReference(path.resolve(siteDir, apiDir), apiUrl);
const service = createTypeInfoService(siteDir, reference, samples);
const table: TypeInfoTable = {};
for (const {code, tsx, queries} of samples) {
  const key = sampleKey(code, tsx, queries);
  if (key in table) continue;
  try {
    table[key] = service.typeInfo(code, {tsx, queries});
  } catch (error) {
    table[key] = {error: error instanceof Error ? error.message : String(error)};
  }
}
process.stdout.write(JSON.stringify(table));
