import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Code, Root} from 'mdast';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {beforeAll, describe, expect, it} from 'vitest';
import {checkCodeBlocks, extractCodeBlocks} from '../../scripts/check-code-samples.ts';
import {codeHighlightingOptions} from '../../config/prism.ts';
import {parseAnnotations} from '../../src/plugins/code-highlighting/annotations.ts';
import {ApiReference, brokenApiLinks, memberAnchors} from '../../src/plugins/code-highlighting/api-links.ts';
import {highlightCodeBlock} from '../../src/plugins/code-highlighting/highlight.ts';
import remarkCodeHighlighting from '../../src/plugins/code-highlighting/remark.ts';
import {createTypeInfoService, type TypeInfoService} from '../../src/plugins/code-highlighting/type-info.ts';
import {lineDecorations} from '../../src/plugins/code-highlighting/type-markup.ts';
import {toMarkdownTwin} from '../../src/plugins/llms-txt/markdown.ts';
import {recordsFromHtml} from '../../src/plugins/search/records/html.ts';

const root = process.cwd();
const themes = codeHighlightingOptions.themes;

/** A small TypeDoc output: StreamrClient with a constructor parameter `config` before a property `config`. */
function fakeReference(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'type-info-api-'));
  mkdirSync(path.join(dir, 'classes'));
  mkdirSync(path.join(dir, 'enumerations'));
  writeFileSync(
    path.join(dir, 'classes', 'StreamrClient.md'),
    [
      '# Class: StreamrClient',
      '## Constructors',
      '### Constructor',
      '#### Parameters',
      '##### config?',
      '## Methods',
      '### getStream()',
      '#### Parameters',
      '### subscribe()',
      '#### Call Signature',
      '```ts',
      '### not a heading',
      '```',
    ].join('\n\n'),
  );
  writeFileSync(path.join(dir, 'classes', 'Stream.md'), '# Class: Stream\n\n## Properties\n\n### id\n');
  writeFileSync(
    path.join(dir, 'enumerations', 'StreamPermission.md'),
    '# Enumeration: StreamPermission\n\n## Enumeration Members\n\n### SUBSCRIBE\n',
  );
  writeFileSync(path.join(dir, 'api.md'), '# api\n\n## Functions\n\n### toStreamID()\n');
  return dir;
}

const sample = [
  "import { StreamrClient, StreamPermission } from '@streamr/sdk'",
  '',
  'const streamr = new StreamrClient()',
  "const stream = await streamr.getStream('0x1/a')",
  '//    ^?',
  'console.log(stream.id, StreamPermission.SUBSCRIBE)',
  '// @errors: 2322',
  'const wrong: StreamPermission = "subscribe"',
].join('\n');

describe('annotations', () => {
  it('removes `// ^?` and `// @errors` lines and remembers what they ask', () => {
    const parsed = parseAnnotations(sample);
    expect(parsed.code).not.toMatch(/\^\?|@errors/);
    expect(parsed.code.split('\n')).toHaveLength(6);
    expect(parsed.queries).toEqual([{line: 3, column: 6}]);
    expect(parsed.expectedErrors).toEqual([2322]);
    expect(parsed.writtenLine[5]).toBe(7);
    expect(parseAnnotations('a\n// ^?\nb').code).toBe('a\nb');
  });

  it('rejects malformed annotations', () => {
    expect(() => parseAnnotations('// ^?\nconst a = 1')).toThrow(/needs a line of code above/);
    expect(() => parseAnnotations('// @errors: TS2322')).toThrow(/takes error numbers/);
  });
});

describe('API reference links', () => {
  it('takes member anchors from h3 headings, numbered like Docusaurus when a text repeats', () => {
    const anchors = memberAnchors('### Constructor\n\n##### config?\n\n### config\n\n```\n### fenced\n```\n');
    expect(anchors.get('config')).toBe('config-1');
    expect(anchors.get('Constructor')).toBe('constructor');
    expect(anchors.has('fenced')).toBe(false);
  });

  it('reports built links whose page or anchor is missing', () => {
    const build = mkdtempSync(path.join(tmpdir(), 'type-info-build-'));
    mkdirSync(path.join(build, 'usage', 'sdk', 'api', 'classes'), {recursive: true});
    writeFileSync(
      path.join(build, 'usage', 'sdk', 'api', 'classes', 'StreamrClient.html'),
      '<h3 class="anchor" id=subscribe>subscribe()</h3>',
    );
    // As the build minifies it: unquoted attributes.
    const link = (href: string) => `<a class=twoslash-hover href=${href} aria-describedby=x>a</a>`;
    const page = path.join(build, 'guide.html');
    writeFileSync(
      page,
      link('/docs/usage/sdk/api/classes/StreamrClient#subscribe') +
        link('/docs/usage/sdk/api/classes/StreamrClient#publish') +
        link('/docs/usage/sdk/api/classes/Stream#id'),
    );
    expect(brokenApiLinks(build, '/docs/')).toEqual([
      'guide.html: /docs/usage/sdk/api/classes/StreamrClient#publish',
      'guide.html: /docs/usage/sdk/api/classes/Stream#id',
    ]);
  });
});

describe('type info of a sample', () => {
  let service: TypeInfoService;
  beforeAll(() => {
    service = createTypeInfoService(root, new ApiReference(fakeReference(), '/usage/sdk/api'));
  });

  it('gives SDK symbols their type, doc comment and API anchor; answers ^?; reports the expected error', () => {
    const {code, queries} = parseAnnotations(sample);
    const info = service.typeInfo(code, {tsx: false, queries});
    const getStream = info.hovers.find((hover) => hover.line === 3 && hover.start === 29);
    expect(getStream?.signature).toMatch(/^\(method\) StreamrClient\.getStream\(/);
    expect(getStream?.docs).not.toBe('');
    expect(getStream?.link).toBe('/usage/sdk/api/classes/StreamrClient#getstream');
    const client = info.hovers.find((hover) => hover.line === 2 && hover.start === 20);
    expect(client?.link).toBe('/usage/sdk/api/classes/StreamrClient');
    const member = info.hovers.find((hover) => hover.line === 4 && hover.start === 40);
    expect(member?.link).toBe('/usage/sdk/api/enumerations/StreamPermission#subscribe');
    // A local variable has a type but nothing to link to.
    const local = info.hovers.find((hover) => hover.line === 3 && hover.start === 6);
    expect(local?.signature).toBe('const stream: Stream');
    expect(local?.link).toBeUndefined();
    expect(info.queries).toEqual([{line: 3, column: 6, text: 'const stream: Stream'}]);
    expect(info.errors).toHaveLength(1);
    expect(info.errors[0]).toMatchObject({line: 5, code: 2322});
  });

  it('renders focusable identifiers described by tooltips, the ^? answer and the error in the highlighted HTML', () => {
    const {code, queries} = parseAnnotations(sample);
    const info = service.typeInfo(code, {tsx: false, queries});
    const decorations = lineDecorations(info, code.split('\n').length, 'b0');
    const html = highlightCodeBlock(`${code}\n`, {language: 'ts', themes, decorations});
    const lines = html.split('\n');
    expect(lines).toHaveLength(6);
    const link =
      /<a class='twoslash-hover' href='\/usage\/sdk\/api\/classes\/StreamrClient#getstream' tabindex='-1' aria-describedby='(b0-\d+)'>/.exec(
        lines[3] ?? '',
      );
    expect(link).not.toBeNull();
    expect(lines[3]).toContain(`<span class='twoslash-popup' role='tooltip' id='${link?.[1]}'>`);
    expect(lines[3]).toMatch(
      /<span class='twoslash-hover' tabindex='-1' aria-describedby='b0-\d+'>stream<\/span>/,
    );
    // No identifier is a tab stop: the block is (the arrow keys move between them, client/type-popups.ts).
    expect(html).not.toMatch(/tabindex='0'/);
    expect(html.match(/class='twoslash-hover'/g)?.length).toBe(html.match(/tabindex='-1'/g)?.length);
    expect(lines[3]).toContain(
      `<span class='twoslash-query'>      <span aria-hidden='true'>^ </span>const stream: Stream</span>`,
    );
    // The tooltip holds the signature as text, and the doc comment, nothing more.
    expect(lines[3]).toMatch(
      new RegExp(
        `<span class='twoslash-popup' role='tooltip' id='${link?.[1]}'>\\(method\\) StreamrClient\\.getStream\\([^<]*<span class='twoslash-docs'>[^<]+</span></span>`,
      ),
    );
    // A symbol's later mentions share its first one's tooltip.
    const firstStream =
      /<span class='twoslash-hover' tabindex='-1' aria-describedby='(b0-\d+)'>stream<\/span>/.exec(
        lines[3] ?? '',
      );
    expect(lines[4]).toContain(
      `<span class='twoslash-hover' tabindex='-1' aria-describedby='${firstStream?.[1]}'>stream</span>`,
    );
    expect(lines[4]).not.toContain(`id='${firstStream?.[1]}'`);
    expect(html.match(new RegExp(`id='${firstStream?.[1]}'`, 'g'))).toHaveLength(1);
    expect(lines[5]).toContain("<span class='twoslash-error'>");
    expect(lines[5]).toContain(
      "<span class='twoslash-error-message'>error TS2322: Type '&quot;subscribe&quot;'"
        .replace('&quot;', '"')
        .replace('&quot;', '"'),
    );
    // Tooltip ids are unique in the block.
    const ids = [...html.matchAll(/ id='([^']+)'/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers a sample it has seen from memory (the dev server compiles a page again on every save)', () => {
    const code = "import {StreamrClient} from '@streamr/sdk';\nconst client = new StreamrClient();\n";
    const first = service.typeInfo(code, {tsx: false, queries: []});
    expect(service.typeInfo(code, {tsx: false, queries: []})).toBe(first);
    expect(service.typeInfo(code, {tsx: false, queries: [{line: 1, column: 6}]})).not.toBe(first);
    expect(service.typeInfo(code, {tsx: true, queries: []})).not.toBe(first);
  });

  it('reads TSX samples as JSX', () => {
    const info = service.typeInfo('export function A() { return <div>hi</div> }', {tsx: true, queries: []});
    expect(info.errors).toEqual([]);
  });

  it('writes a doc comment link as its words: its text, else its target', () => {
    const code = [
      "import { StreamrClient, Stream } from '@streamr/sdk'",
      'declare const stream: Stream',
      'await new StreamrClient().destroy()',
      'await stream.grantPermissions()',
    ].join('\n');
    const docs = (method: string) =>
      service
        .typeInfo(code, {tsx: false, queries: []})
        .hovers.find((hover) => hover.signature.startsWith(`(method) ${method}(`))?.docs;
    expect(docs('StreamrClient.destroy')).toMatch(
      /^Destroys an instance of a StreamrClient by disconnecting/,
    );
    expect(docs('Stream.grantPermissions')).toBe('See StreamrClient.grantPermissions.');
  });

  it('names the line and column of a ^? that points at no identifier', () => {
    expect(() => service.typeInfo('const a = 1 + 2', {tsx: false, queries: [{line: 0, column: 12}]})).toThrow(
      /^line 1: "\/\/ \^\?" points at column 13, where there is no identifier$/,
    );
  });
});

// One reference for every remark test: the plugin keeps one language service per process.
let remarkReference: string | undefined;

function codeOf(markdown: string, file: string): {node: Code; html: string} {
  const tree = unified().use(remarkParse).parse(markdown) as Root;
  remarkReference ??= fakeReference();
  const transform = remarkCodeHighlighting({
    ...codeHighlightingOptions,
    typeInfo: {apiDir: remarkReference, apiUrl: '/usage/sdk/api'},
  });
  transform(tree, {path: path.join(root, file)});
  const node = tree.children.find((child): child is Code => child.type === 'code');
  if (!node) throw new Error('no code block');
  const data = node.data as {hProperties?: {highlightedHtml?: string}};
  return {node, html: data.hProperties?.highlightedHtml ?? ''};
}

// The first block loads every sample of the site into the language service, as the build does.
describe('remark plugin with type info', {timeout: 240_000}, () => {
  const block = (code: string, meta = '') => `# Page\n\n\`\`\`ts ${meta}\n${code}\n\`\`\`\n`;

  it('shows and copies plain code: the annotation lines leave the block', () => {
    const {node, html} = codeOf(block(sample), 'docs/guide.md');
    expect(node.value).toBe(parseAnnotations(sample).code);
    expect(html).toContain('twoslash-hover');
  });

  it('fails the build with file and line on an unexpected error, a missing expected error, or no type info', () => {
    expect(() => codeOf(block('const a: number = "x"'), 'docs/guide.md')).toThrow(
      /^docs\/guide\.md:4: TS2322/,
    );
    expect(() => codeOf(block('// @errors: 2322\nconst a = 1'), 'docs/guide.md')).toThrow(
      /^docs\/guide\.md:3: .*expects error TS2322/,
    );
    expect(() => codeOf(block('1 + 1'), 'docs/guide.md')).toThrow(/^docs\/guide\.md:3: .*without type info/);
  });

  it('leaves nocompile blocks, pages outside docs and blog, and the generated API reference alone', () => {
    const broken = 'const a: number = "x"';
    for (const [meta, file] of [
      ['nocompile="sketch"', 'docs/guide.md'],
      ['', 'src/pages/index.md'],
      ['', 'docs/usage/sdk/api/classes/Stream.md'],
    ] as const) {
      const {html} = codeOf(block(broken, meta), file);
      expect(html).not.toContain('twoslash');
    }
  });
});

describe('the sample check and expected errors', () => {
  const check = (code: string) =>
    checkCodeBlocks(extractCodeBlocks(`# T\n\n\`\`\`ts\n${code}\n\`\`\`\n`, 'docs/example.md'), root)
      .problems;

  it('accepts exactly the expected errors and still fails on others', () => {
    expect(check('// @errors: 2322\nconst a: number = "x"')).toEqual([]);
    expect(check('const a: number = "x"')).toHaveLength(1);
    expect(check('// @errors: 2322\nconst a: number = "x"\nconst b: string = c')[0]?.message).toMatch(
      /^TS2304/,
    );
    expect(check('// @errors: 2322\nconst a = 1')[0]?.message).toMatch(/expects error TS2322/);
  });
});

describe('where type info must not go', () => {
  it('Markdown twins keep plain code', () => {
    const twin = toMarkdownTwin(`# T\n\n\`\`\`ts\n${sample}\n\`\`\`\n`, {
      mdx: false,
      title: 'T',
      resolveUrl: (url) => url,
    });
    expect(twin).not.toMatch(/\^\?|@errors/);
    expect(twin).toContain("const stream = await streamr.getStream('0x1/a')");
  });

  it('search records do not index tooltip text', () => {
    const html =
      '<html><head><link rel=canonical href=https://docs.example.com/g></head><body><article><div class=markdown><h1>Guide</h1><p>Intro text.</p>' +
      "<div class=theme-code-block><pre><code><span class='twoslash-hover' tabindex='0' aria-describedby='t'>x</span>" +
      "<span class='twoslash-popup' role='tooltip' id='t'>const unindexedtype: number</span></code></pre></div></div></article></body></html>";
    const records = recordsFromHtml(html, '/g', {
      siteUrl: 'https://docs.example.com',
      baseUrl: '/',
      exclude: [],
      sections: [],
      pageRank: [],
    });
    expect(JSON.stringify(records)).not.toContain('unindexedtype');
    expect(JSON.stringify(records)).toContain('Intro text.');
  });
});
