import {mkdirSync, mkdtempSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Root} from 'mdast';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {describe, expect, it} from 'vitest';
import {codeHighlightingOptions} from '../../config/prism.ts';
import {parseAnnotations} from '../../src/plugins/code-highlighting/annotations.ts';
import remarkCodeHighlighting from '../../src/plugins/code-highlighting/remark.ts';
import {
  registerTypeInfoTable,
  sampleKey,
  typeInfoTableInChild,
} from '../../src/plugins/code-highlighting/type-info-table.ts';

const sample = [
  "import { StreamrClient } from '@streamr/sdk'",
  '',
  'const streamr = new StreamrClient()',
  "const stream = await streamr.getStream('0x1/a')",
  '//    ^?',
].join('\n');

/** A site with one docs page holding the sample, the project's node_modules and a one-class API reference. */
function site() {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'type-info-table-'));
  symlinkSync(path.resolve('node_modules'), path.join(siteDir, 'node_modules'));
  mkdirSync(path.join(siteDir, 'docs'));
  writeFileSync(path.join(siteDir, 'docs', 'guide.md'), `# Guide\n\n\`\`\`ts\n${sample}\n\`\`\`\n`);
  const apiDir = path.join(siteDir, 'api');
  mkdirSync(path.join(apiDir, 'classes'), {recursive: true});
  writeFileSync(
    path.join(apiDir, 'classes', 'StreamrClient.md'),
    '# Class: StreamrClient\n\n## Methods\n\n### getStream()\n',
  );
  writeFileSync(path.join(apiDir, 'api.md'), '# api\n');
  return {siteDir, apiDir, apiUrl: '/usage/sdk/api'};
}

describe('type info worked out in a child process (type-info-table.ts)', {timeout: 120_000}, () => {
  it('answers every sample of the site from the child, with hovers and the ^? answer', async () => {
    const request = site();
    const table = await typeInfoTableInChild(request);
    const {code, queries} = parseAnnotations(sample);
    const info = table[sampleKey(code, false, queries)];
    if (!info || 'error' in info) throw new Error(`no type info for the sample: ${JSON.stringify(info)}`);
    expect(info.queries).toEqual([{line: 3, column: 6, text: 'const stream: Stream'}]);
    expect(info.hovers.find((hover) => hover.line === 3 && hover.start === 29)?.signature).toMatch(
      /^\(method\) StreamrClient\.getStream\(/,
    );
    expect(Object.keys(table)).toHaveLength(1);
  });

  it('the remark plugin takes a sample from the registered table rather than its own language service', () => {
    const {apiDir, apiUrl} = site();
    const {code, queries} = parseAnnotations(sample);
    // An answer the language service would never give: only the table can be its source.
    registerTypeInfoTable({[sampleKey(code, false, queries)]: {error: 'line 1: from the table'}});
    const transform = remarkCodeHighlighting({...codeHighlightingOptions, typeInfo: {apiDir, apiUrl}});
    const tree = unified().use(remarkParse).parse(`# Guide\n\n\`\`\`ts\n${sample}\n\`\`\`\n`) as Root;
    expect(() => transform(tree, {path: path.resolve('docs', 'guide.md')})).toThrow(
      /^docs\/guide\.md:4: line 1: from the table$/,
    );
  });
});
