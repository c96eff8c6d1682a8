import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {searchSettings} from '../../config/search.ts';
import {tokenize} from '../../src/plugins/search/engine/tokenize.ts';
import {PART} from '../../src/plugins/search/engine/vocabulary.ts';
import {encodeIndex} from '../../src/plugins/search/index-file/codec.ts';
import {decodeIndex} from '../../src/plugins/search/index-file/layout.ts';
import {buildPostings} from '../../src/plugins/search/index-file/postings.ts';
import {recordId, withObjectId} from '../../src/plugins/search/records/recordId.ts';
import {recordsFromBuild} from '../../src/plugins/search/records/build.ts';
import {recordsFromHtml} from '../../src/plugins/search/records/html.ts';
import {blocksFromMarkdown} from '../../src/plugins/search/records/markdown.ts';
import {recordsFromBlocks} from '../../src/plugins/search/records/page.ts';
import {globToRegExp, type RecordRules} from '../../src/plugins/search/records/rules.ts';
import type {Level, SearchRecord} from '../../src/plugins/search/types.ts';

const rules: RecordRules = {
  siteUrl: 'https://docs.example.com',
  baseUrl: '/',
  exclude: ['/search', '/blog/tags/**'],
  sections: [{pattern: '/blog/**', lvl0: 'Blog'}],
  pageRank: [
    {pattern: '/usage/sdk/api/**', rank: 0},
    {pattern: '/**', rank: 1},
  ],
};

/** A built doc page, as Docusaurus writes it (minified: unquoted attributes). */
const docPage = `<!doctype html><html><head>
<meta name=docsearch:language content=en><meta name=docsearch:version content=current>
<meta name=docsearch:docusaurus_tag content=docs-default-current><meta name=robots content="index, follow">
<meta name=description content="What a delegator does and risks.">
<link rel=canonical href=https://docs.example.com/network/delegators></head><body>
<nav class="menu"><a class="menu__link menu__link--sublist menu__link--active" href=/network><span>Network</span></a>
<a class="menu__link menu__link--sublist menu__link--active" href=/network/roles>Network Roles</a></nav>
<article><nav class="theme-doc-breadcrumbs"><ul class=breadcrumbs><li class=breadcrumbs__item><a href=/network>Network</a></ul></nav>
<div class="theme-doc-toc-mobile"><button>On this page</button></div>
<div class="theme-doc-markdown markdown"><header><h1>Delegators</h1></header>
<p>A delegator puts DATA into an <a href=/x>Operator</a> contract.</p>
<h2 class="anchor" id=how-it-works>How it works<a href=#how-it-works class=hash-link>&#8203;</a></h2>
<ol><li><strong>You delegate.</strong> You send DATA.</li><li><p>Nested paragraph</p></li>
<li>Outer item<ul><li>Inner item</li></ul></li><li><a href=/guides/stake>How to stake</a></li></ol>
<div class=theme-code-block><pre><code>client.delegate()</code></pre></div>
<p>Returns <code>Promise</code>&lt;<code>Stream</code>&gt; &amp; more: &lt;img src=x onerror=alert(1)&gt;</p>
<h3 id=parameters>Parameters</h3>
<table><thead><tr><th>Name<th>Meaning</thead><tbody><tr><td><code>amount</code><td>wei<td>How much to delegate.<tr><td>only<td></table>
<p>After the table.</p>
<section class=row><article class=col><a class="card theme-doc-card-container" href=/y><h2>Card title</h2><p>Card text</p></a></article></section>
</div><footer class=theme-doc-footer><a href=/edit>Edit this page</a></footer></article></body></html>`;

describe('records from built HTML (DocSearch crawler template)', () => {
  const records = recordsFromHtml(docPage, '/network/delegators', rules);

  it('levels, content, types and anchors', () => {
    expect(
      records.map((record) => [
        record.type,
        record.anchor,
        record.content ?? record.hierarchy[record.type as 'lvl1'],
      ]),
    ).toEqual([
      ['lvl1', null, 'Delegators'],
      ['content', null, 'What a delegator does and risks.'],
      ['content', null, 'A delegator puts DATA into an Operator contract.'],
      ['lvl2', 'how-it-works', 'How it works'],
      ['content', 'how-it-works', 'You delegate. You send DATA.'],
      ['content', 'how-it-works', 'Nested paragraph'],
      ['content', 'how-it-works', 'Outer item'],
      ['content', 'how-it-works', 'Inner item'],
      ['content', 'how-it-works', 'Returns Promise<Stream> & more: <img src=x onerror=alert(1)>'],
      ['lvl3', 'parameters', 'Parameters'],
      ['lvl5', 'parameters', 'amount'],
      ['content', 'parameters', 'How much to delegate.'],
      ['lvl5', 'parameters', 'only'],
      ['content', 'parameters', 'After the table.'],
    ]);
  });

  it('hierarchy: lvl0 is the top active sidebar category; table rows are lvl5 until the table ends', () => {
    const row = records.find((record) => record.content === 'How much to delegate.')!;
    expect(row.hierarchy).toEqual({
      lvl0: 'Network',
      lvl1: 'Delegators',
      lvl2: 'How it works',
      lvl3: 'Parameters',
      lvl4: null,
      lvl5: 'amount',
      lvl6: null,
    });
    const after = records.find((record) => record.content === 'After the table.')!;
    expect(after.hierarchy.lvl5).toBeNull();
  });

  it('URLs, facets and weights', () => {
    const row = records.find((record) => record.content === 'How much to delegate.')!;
    expect(row).toMatchObject({
      url: 'https://docs.example.com/network/delegators#parameters',
      url_without_anchor: 'https://docs.example.com/network/delegators',
      language: 'en',
      version: 'current',
      docusaurus_tag: 'docs-default-current',
      weight: {pageRank: 1, level: 0, position: 11},
    });
    expect(records[0].weight).toEqual({pageRank: 1, level: 90, position: 0});
    expect(records.find((record) => record.type === 'lvl5')!.weight.level).toBe(50);
  });

  it('record text is plain text, as on the page (escaping is the client’s job)', () => {
    expect(records.some((record) => record.content?.includes('<img src=x onerror=alert(1)>'))).toBe(true);
    expect(
      records.some((record) =>
        /client\.delegate|Card|Edit this page|On this page|\u200b/.test(JSON.stringify(record)),
      ),
    ).toBe(false);
  });

  it('ids are stable and unique', () => {
    const again = recordsFromHtml(docPage, '/network/delegators', rules);
    expect(again.map((record) => record.objectID)).toEqual(records.map((record) => record.objectID));
    expect(new Set(records.map((record) => record.objectID)).size).toBe(records.length);
  });

  it('skips excluded, noindex and article-less pages; sections and page ranks by path', () => {
    expect(recordsFromHtml(docPage, '/search', rules)).toEqual([]);
    expect(recordsFromHtml(docPage, '/blog/tags/sdk', rules)).toEqual([]);
    expect(
      recordsFromHtml(docPage.replace('index, follow', 'noindex, nofollow'), '/network/delegators', rules),
    ).toEqual([]);
    expect(
      recordsFromHtml('<html><body><main><h1>Custom page</h1></main></body></html>', '/api-docs', rules),
    ).toEqual([]);
    expect(recordsFromHtml(docPage, '/blog/2026/post', rules)[0].hierarchy.lvl0).toBe('Blog');
    expect(recordsFromHtml(docPage, '/usage/sdk/api/classes/X', rules)[0].weight.pageRank).toBe(0);
    const plain = docPage.replace(/menu__link--active/g, '');
    expect(recordsFromHtml(plain, '/network/delegators', rules)[0].hierarchy.lvl0).toBe('Documentation');
  });

  it("on a page with members, a member's heading is qualified and the headings under it name it", () => {
    const page = `<html><head><meta name=docsearch:language content=en></head><body><article>
<header><h1>Class: StreamrClient</h1></header><h2 id=methods>Methods</h2>
<h3 id=subscribe>subscribe()</h3><p>Subscribes to a stream.</p><h4 id=parameters>Parameters</h4>
<h5 id=options>options</h5><p>What to subscribe to.</p><h4 id=returns>Returns</h4>
<h2 id=props>Properties</h2><h4 id=loose>Loose</h4></article></body></html>`;
    const withMembers: RecordRules = {...rules, members: [{pattern: '/usage/sdk/api/**', level: 3}]};
    const titles = (sitePath: string, rule = withMembers) =>
      recordsFromHtml(page, sitePath, rule)
        .filter((record) => record.type !== 'content')
        .map((record) => record.hierarchy[record.type as 'lvl1']);
    expect(titles('/usage/sdk/api/classes/StreamrClient')).toEqual([
      'Class: StreamrClient',
      'Methods',
      'StreamrClient.subscribe()',
      'StreamrClient.subscribe() › Parameters',
      'StreamrClient.subscribe() › options',
      'StreamrClient.subscribe() › Returns',
      'Properties',
      'Loose',
    ]);
    const paragraph = recordsFromHtml(page, '/usage/sdk/api/classes/StreamrClient', withMembers).find(
      (record) => record.content === 'What to subscribe to.',
    );
    expect(paragraph?.hierarchy.lvl5).toBe('StreamrClient.subscribe() › options');
    // Pages the rule does not name keep their headings as they are.
    expect(titles('/guides/nodejs')).toContain('Parameters');
    expect(titles('/usage/sdk/api/classes/StreamrClient', rules)).toContain('subscribe()');
    // Without a subject in the title (`@streamr/sdk 103.3.1`), a member is named by its own heading.
    const noSubject = recordsFromHtml(
      page.replace('Class: StreamrClient', '@streamr/sdk 103.3.1'),
      '/usage/sdk/api/x',
      withMembers,
    );
    expect(noSubject.map((record) => record.hierarchy.lvl4)).toContain('subscribe() › Parameters');
  });

  it('a build gives the records of its pages, in path order, at their site paths; not of the 404 page', async () => {
    const build = mkdtempSync(path.join(tmpdir(), 'search-build-'));
    try {
      for (const file of [
        'index.html',
        'guides/nodejs.html',
        'blog/index.html',
        'blog/tags/x.html',
        '404.html',
      ]) {
        mkdirSync(path.dirname(path.join(build, file)), {recursive: true});
        writeFileSync(
          path.join(build, file),
          `<html><body><article><h1>${file}</h1></article></body></html>`,
        );
      }
      const records = await recordsFromBuild(build, {...rules, baseUrl: '/docs/'});
      expect(records.map((record) => [record.url, record.hierarchy.lvl1])).toEqual([
        ['https://docs.example.com/docs/blog', 'blog/index.html'],
        ['https://docs.example.com/docs/guides/nodejs', 'guides/nodejs.html'],
        ['https://docs.example.com/docs/', 'index.html'],
      ]);
    } finally {
      rmSync(build, {recursive: true, force: true});
    }
  });

  it('glob patterns', () => {
    expect(globToRegExp('/blog/**').test('/blog/2024/07/post')).toBe(true);
    expect(globToRegExp('/blog/**').test('/blog')).toBe(false);
    expect(globToRegExp('/blog/*').test('/blog/2024/07')).toBe(false);
    expect(globToRegExp('/a.b').test('/axb')).toBe(false);
  });
});

describe('records from Markdown (dev server)', () => {
  const source = `---
title: Front matter title
description: Not content
---
import Tabs from '@theme/Tabs';

# Partitioning

Intro with a [link](/x), **bold**, \`code\` and <kbd>JSX</kbd>.
Second line of the intro.

## Partition limits {/* #limits */}

| Limit | Value |
| --- | --- |
| Partitions per stream | 1 to 100 |

- First item
  continues here
- [Only a link](/y)

:::note
Inside a note.
:::

\`\`\`ts
const hidden = 'code';
## not a heading
\`\`\`

## Partition limits

### Ünïcode & symbols!
`;
  const blocks = blocksFromMarkdown(source, 'Partitioning', 'partitioning.mdx');

  it('headings with Docusaurus anchors, paragraphs, list items and table rows', () => {
    expect(blocks).toEqual([
      {kind: 'heading', level: 1, text: 'Partitioning', anchor: null},
      {kind: 'content', text: 'Intro with a link, bold, code and JSX. Second line of the intro.'},
      {kind: 'heading', level: 2, text: 'Partition limits', anchor: 'limits'},
      {kind: 'row', text: 'Partitions per stream'},
      {kind: 'content', text: '1 to 100'},
      {kind: 'table-end'},
      {kind: 'content', text: 'First item continues here'},
      {kind: 'content', text: 'Inside a note.'},
      {kind: 'heading', level: 2, text: 'Partition limits', anchor: 'partition-limits'},
      {kind: 'heading', level: 3, text: 'Ünïcode & symbols!', anchor: 'ünïcode--symbols'},
    ]);
  });

  it('become records like the HTML ones', () => {
    const records = recordsFromBlocks(
      {
        url: 'https://docs.example.com/usage/partitioning',
        lvl0: 'Streams',
        pageRank: 1,
        facets: {language: 'en'},
      },
      blocks,
    );
    expect(records.find((record) => record.content === '1 to 100')).toMatchObject({
      url: 'https://docs.example.com/usage/partitioning#limits',
      hierarchy: {
        lvl0: 'Streams',
        lvl1: 'Partitioning',
        lvl2: 'Partition limits',
        lvl5: 'Partitions per stream',
      },
    });
  });

  it('give a page that does not parse only its title', () => {
    expect(blocksFromMarkdown('# T\n\n<div\n', 'Broken', 'broken.mdx')).toEqual([
      {kind: 'heading', level: 1, text: 'Broken', anchor: null},
    ]);
  });
});

describe('local index file', () => {
  it('encodes compactly and decodes to the same records', () => {
    const records = recordsFromHtml(docPage, '/network/delegators', rules);
    const file = JSON.parse(
      JSON.stringify(
        encodeIndex(records, searchSettings, [{objectID: 's', type: 'synonym', synonyms: ['a', 'b']}]),
      ),
    );
    expect(file.synonyms).toHaveLength(1);
    expect(file.settings).toEqual(searchSettings);
    expect(decodeIndex(file).map((record) => withObjectId(record))).toEqual(records);
    expect(JSON.stringify(file).length).toBeLessThan(JSON.stringify(records).length / 2);
    expect(() => decodeIndex({format: 1} as never)).toThrow(/docs-search index: unsupported index format/);
    expect(() => decodeIndex({format: 2, records: [], settings: searchSettings} as never)).toThrow(
      /unsupported index format/,
    );
  });

  it('gives back every text exactly: spaces, punctuation, apostrophes, accents, empty texts', () => {
    const file = JSON.parse(JSON.stringify(encodeIndex(trickyRecords, searchSettings)));
    const decoded = decodeIndex(file).map((record) => withObjectId(record));
    expect(decoded).toEqual(trickyRecords);
    expect(decoded.map((record) => record.content)).toEqual(trickyRecords.map((record) => record.content));
  });

  it('builds the same term table as the engine makes from the text', () => {
    const records = [...recordsFromHtml(docPage, '/network/delegators', rules), ...trickyRecords];
    expectSameTable(records);
  });

  it('numbers pieces with two characters when there are too many for one', () => {
    const words = Array.from({length: 64_000}, (_, index) => `w${index.toString(36)}`);
    const many = page('/many', 'Many', [
      {kind: 'heading', level: 1, text: 'Many words', anchor: null},
      ...Array.from({length: words.length / 200}, (_, chunk) => ({
        kind: 'content' as const,
        text: words.slice(chunk * 200, (chunk + 1) * 200).join(' '),
      })),
      {kind: 'content', text: "Owner's getOrCreateStream, déjà vu."},
    ]);
    const file = JSON.parse(JSON.stringify(encodeIndex(many, searchSettings)));
    expect(file.width).toBe(2);
    expect(decodeIndex(file).map((record) => withObjectId(record))).toEqual(many);
    expectSameTable(many);
  });

  it('refuses records of one page that are not together', () => {
    const records = recordsFromHtml(docPage, '/network/delegators', rules);
    const other = recordsFromHtml(
      docPage.replace('/network/delegators', '/network/other'),
      '/network/other',
      rules,
    );
    expect(() => encodeIndex([records[0], other[0], records[1]], searchSettings)).toThrow(/not contiguous/);
  });
});

function page(path: string, lvl0: string, blocks: Parameters<typeof recordsFromBlocks>[1]) {
  return recordsFromBlocks(
    {
      url: `https://docs.example.com${path}`,
      lvl0,
      pageRank: 1,
      facets: {language: 'en', docusaurus_tag: 'docs-default-current', version: 'current'},
    },
    blocks,
  );
}

/** A record with text as given (records from blocks have their white space collapsed). */
function withText(record: SearchRecord, content: string | null, lvl2?: string): SearchRecord {
  const hierarchy = {...record.hierarchy, ...(lvl2 !== undefined && {lvl2})};
  return {
    ...record,
    hierarchy,
    content,
    objectID: recordId(record.url, record.type, hierarchy, content),
  };
}

/** Texts whose words and separators are easy to get wrong. */
const trickyRecords = [
  ...page('/tricky', 'Odd texts', [
    {kind: 'heading', level: 1, text: 'Tricky', anchor: null},
    {kind: 'content', text: 'one'},
    {kind: 'heading', level: 2, text: 'Ä heading', anchor: 'a'},
    {kind: 'content', text: 'two'},
    {kind: 'content', text: 'three'},
    {kind: 'content', text: 'four'},
    {kind: 'content', text: 'five'},
  ]).map((record, index) =>
    [
      (r: SearchRecord) => r,
      (r: SearchRecord) => withText(r, "The owner's key isn't the node’s; don't  drop ' s or ’t."),
      (r: SearchRecord) => withText(r, null, '  Leading, “quotes” "and" \\ back\\slashes/with  '),
      (r: SearchRecord) =>
        withText(r, 'getOrCreateStream(STREAMR_NODE_ADDRESS, 0x4a8F) → ERC1271 ___ _x_ naïve café déjà-vu'),
      (r: SearchRecord) => withText(r, "s t S T 's"),
      (r: SearchRecord) => withText(r, ''),
      (r: SearchRecord) => withText(r, ' \t tabs\tand\nnew lines\n '),
    ][index](record),
  ),
  ...recordsFromBlocks(
    {
      url: 'https://docs.example.com/blog/x',
      lvl0: '',
      pageRank: 0,
      facets: {language: 'en', docusaurus_tag: 'default'},
    },
    [
      {kind: 'heading', level: 1, text: 'Blog', anchor: null},
      {kind: 'content', text: 'Partitions, partition; partitioning.'},
    ],
  ),
];

/** The term table built from the index file's piece numbers must be the one tokenizing the records' texts gives. */
function expectSameTable(records: ReturnType<typeof recordsFromBlocks>) {
  const fromText = new Map<string, number[]>();
  records.forEach((record, index) =>
    searchSettings.searchableAttributes.forEach((attribute, code) => {
      const text =
        attribute === 'content'
          ? record.content
          : record.hierarchy[attribute.replace('hierarchy.', '') as Level];
      for (const token of tokenize(text ?? '')) {
        if (!fromText.has(token.norm)) fromText.set(token.norm, []);
        fromText.get(token.norm)!.push(index, token.part ? code + PART : code, token.pos);
      }
    }),
  );
  const table = buildPostings(JSON.parse(JSON.stringify(encodeIndex(records, searchSettings))));
  expect(table.terms).toEqual([...fromText.keys()].sort());
  // One comparison (a 64,000-term table compared term by term is slow).
  expect(table.lists.map((list) => Array.from(list))).toEqual(table.terms.map((term) => fromText.get(term)));
}
