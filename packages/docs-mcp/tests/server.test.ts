// cspell:ignore publsh qqqzzzxxyy subscrbe (misspelt on purpose)
import {execFile} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {openBuildIndex, type IndexSearch} from '../../../src/plugins/search/node.ts';

/**
 * The packaged server (dist/server.js, built by `npm run build:mcp` from
 * build/) driven by the MCP SDK's client over real stdio, checked against the
 * site's build: search answers as the site's search does, pages are the
 * Markdown twins, API symbols are TypeDoc's sections with the site's anchors.
 */

const SERVER = 'packages/docs-mcp/dist/server.js';
const SITE = 'https://docs.streamr.network';

type ToolResult = {
  isError?: boolean;
  content: {type: string; text: string}[];
  structuredContent?: Record<string, unknown>;
};

let client: Client;

async function connect(transport: StdioClientTransport): Promise<Client> {
  const connected = new Client({name: 'docs-mcp-test', version: '0.0.0'});
  await connected.connect(transport);
  return connected;
}

async function call(name: string, args: Record<string, unknown>, using = client): Promise<ToolResult> {
  return (await using.callTool({name, arguments: args})) as ToolResult;
}

beforeAll(async () => {
  client = await connect(
    new StdioClientTransport({command: process.execPath, args: [SERVER], stderr: 'inherit'}),
  );
});
afterAll(() => client?.close());

test('lists its three tools with their arguments', async () => {
  const {tools} = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual(['get_api_symbol', 'get_page', 'search_docs']);
  const schema = (name: string) => tools.find((tool) => tool.name === name)!.inputSchema;
  expect(schema('search_docs').required).toEqual(['query']);
  expect(Object.keys(schema('search_docs').properties!)).toEqual(['query', 'limit']);
  expect(schema('get_page').required).toEqual(['path']);
  expect(schema('get_api_symbol').required).toEqual(['name']);
});

describe('search_docs', () => {
  // The first query of each relevance suite, and one with a typo.
  const queries = [
    ...['dev-guides', 'foundation', 'network', 'operators', 'project-help', 'streams'].map(
      (suite) =>
        (
          JSON.parse(readFileSync(`tests/search-relevance/${suite}.json`, 'utf8')) as {
            query: string;
            expected: string;
          }[]
        )[0],
    ),
    {query: 'publsh messages', expected: '/usage/streams/publishing'},
  ];

  /** The site's answer: the browser's code over build/'s split index, asked as the dialog asks on a docs page. */
  let site: IndexSearch | undefined;
  async function siteTopUrls(query: string, count: number): Promise<string[]> {
    site ??= openBuildIndex('build');
    const {hits} = await site('streamr-docs', {
      query,
      hitsPerPage: 20,
      facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
    });
    return hits.slice(0, count).map((hit) => String(hit.url));
  }

  test.each(queries)(
    '"$query": the same top 5 as the site, $expected among the first pages',
    async ({query, expected}) => {
      const result = await call('search_docs', {query, limit: 5});
      expect(result.isError).toBeFalsy();
      const results = (result.structuredContent as {results: {url: string; path: string; title: string}[]})
        .results;
      expect(results.map(({url}) => url)).toEqual(await siteTopUrls(query, 5));
      expect([...new Set(results.map(({path}) => path))].slice(0, 3)).toContain(expected);
      expect(result.content[0].text).toContain(`](${results[0].url})`);
    },
  );

  test.each(['stake', 'publish messages'])(
    '"%s": every result has a snippet with a query word in bold',
    async (query) => {
      const result = await call('search_docs', {query, limit: 5});
      const {results} = result.structuredContent as {results: {snippet: string}[]};
      expect(results).toHaveLength(5);
      // "stake" finds headings (records with no content): their snippet is the heading that matched.
      // cspell:ignore stak messag
      for (const {snippet} of results) expect(snippet).toMatch(/\*\*(stak|publish|messag)\w*\*\*/i);
      expect(result.content[0].text).toContain(results[0].snippet.replace(/\s+/g, ' '));
    },
  );

  test('limit defaults to 5 and caps the results', async () => {
    const all = await call('search_docs', {query: 'stream'});
    expect((all.structuredContent as {results: unknown[]}).results).toHaveLength(5);
    const one = await call('search_docs', {query: 'stream', limit: 1});
    expect((one.structuredContent as {results: unknown[]}).results).toHaveLength(1);
  });

  test('a query nothing matches says so', async () => {
    const result = await call('search_docs', {query: 'qqqzzzxxyy'});
    expect(result.isError).toBeFalsy();
    expect(result.content[0].text).toBe('No results for "qqqzzzxxyy".');
  });

  test.each([
    [{query: ''}, /query must not be empty/],
    [{query: '   '}, /query must not be empty/],
    [{query: 42}, /expected string.*query/],
    [{}, /query/],
    [{query: 'stream', limit: 0}, /limit/],
    [{query: 'stream', limit: 21}, /limit/],
    [{query: 'stream', limit: 2.5}, /limit/],
    [{query: 'stream', limit: '3'}, /limit/],
  ])('bad arguments %j are a clear tool error', async (args, message) => {
    const result = await call('search_docs', args);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/Input validation error/);
    expect(result.content[0].text).toMatch(message);
  });
});

describe('get_page', () => {
  test.each([
    ['/guides/nodejs', 'guides/nodejs.md'],
    ['guides/nodejs/', 'guides/nodejs.md'],
    ['/guides/nodejs.md', 'guides/nodejs.md'],
    [`${SITE}/guides/nodejs#step-2-create-a-stream`, 'guides/nodejs.md'],
    [`${SITE}/usage/streams/publishing.html`, 'usage/streams/publishing.md'],
    ['/', 'index.md'],
    [`${SITE}/index.md`, 'index.md'],
    ['/usage/sdk/api/classes/StreamrClient', 'usage/sdk/api/classes/StreamrClient.md'],
  ])('%s is the twin build/%s', async (input, twin) => {
    const result = await call('get_page', {path: input});
    expect(result.isError).toBeFalsy();
    expect(result.content[0].text).toBe(readFileSync(path.join('build', twin), 'utf8'));
    const page = twin === 'index.md' ? '/' : `/${twin.replace(/\.md$/, '')}`;
    expect(result.structuredContent).toMatchObject({
      path: page,
      url: `${SITE}${page}`,
      markdownUrl: `${SITE}/${twin}`,
    });
  });

  test('a missing page is an error naming it and the closest pages', async () => {
    const result = await call('get_page', {path: '/guides/node-js'});
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/^No docs page at "\/guides\/node-js"/);
    expect(result.content[0].text).toContain('/guides/nodejs');
  });

  test('an empty path is a validation error', async () => {
    const result = await call('get_page', {path: ''});
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/path must not be empty/);
  });
});

describe('get_api_symbol', () => {
  const html = (page: string) => readFileSync(`build${page}.html`, 'utf8');

  test('a class is its whole reference page', async () => {
    const result = await call('get_api_symbol', {name: 'StreamrClient'});
    expect(result.structuredContent).toMatchObject({
      name: 'StreamrClient',
      kind: 'class',
      url: `${SITE}/usage/sdk/api/classes/StreamrClient`,
      markdown: readFileSync('build/usage/sdk/api/classes/StreamrClient.md', 'utf8'),
    });
  });

  test.each([
    [
      'StreamrClient.subscribe',
      'StreamrClient.subscribe',
      '/usage/sdk/api/classes/StreamrClient',
      '### subscribe()',
    ],
    [
      'StreamrClient#publish()',
      'StreamrClient.publish',
      '/usage/sdk/api/classes/StreamrClient',
      '### publish()',
    ],
    ['stream.getMetadata', 'Stream.getMetadata', '/usage/sdk/api/classes/Stream', '### getMetadata()'],
    ['StreamID', 'StreamID', '/usage/sdk/api', '### StreamID'],
  ])('%s → the section of %s with its anchor on the site', async (input, name, page, heading) => {
    const result = await call('get_api_symbol', {name: input});
    expect(result.isError).toBeFalsy();
    const {url, markdown} = result.structuredContent as {url: string; markdown: string};
    expect(result.structuredContent!.name).toBe(name);
    expect(markdown.split('\n')[0]).toBe(heading);
    // The section is the text under that heading in the twin, up to the next member.
    const twin = readFileSync(`build${page}.md`, 'utf8');
    expect(twin).toContain(markdown);
    expect(markdown.slice(heading.length)).not.toMatch(/^#{1,3} /m);
    const anchor = new URL(url).hash.slice(1);
    expect(url).toBe(`${SITE}${page}#${anchor}`);
    expect(html(page)).toMatch(new RegExp(`<h3[^>]*\\bid="?${anchor}[" >]`));
  });

  test('an unknown symbol is an error with near names', async () => {
    const result = await call('get_api_symbol', {name: 'StreamrClient.subscrbe'});
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/^No symbol "StreamrClient.subscrbe"/);
    expect(result.content[0].text).toContain('StreamrClient.subscribe');
  });

  test('a member name several symbols have asks which one', async () => {
    const result = await call('get_api_symbol', {name: 'subscribe'});
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain('StreamrClient.subscribe');
  });
});

test('the packed tarball installs and runs with npx', async () => {
  const temp = mkdtempSync(path.join(tmpdir(), 'docs-mcp-pack-'));
  try {
    // Not execFileSync: a blocked test worker cannot answer Vitest, which times out on a busy machine.
    const npm = async (args: string[], cwd: string) => (await promisify(execFile)('npm', args, {cwd})).stdout;
    const [packed] = JSON.parse(
      await npm(['pack', '--json', '--pack-destination', temp], 'packages/docs-mcp'),
    ) as {
      filename: string;
      files: {path: string}[];
    }[];
    expect(packed.files.map((file) => file.path).sort()).toEqual([
      'README.md',
      'dist/docs.json',
      'dist/server.js',
      'package.json',
    ]);
    const project = path.join(temp, 'project');
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), '{"private": true}');
    // No dependencies to fetch: the bundle is self-contained, so this works offline.
    await npm(['install', '--offline', '--no-audit', '--no-fund', path.join(temp, packed.filename)], project);
    const installed = await connect(
      new StdioClientTransport({
        command: 'npx',
        args: ['--no', 'streamr-docs-mcp'],
        cwd: project,
        stderr: 'inherit',
      }),
    );
    try {
      const result = await call('get_page', {path: '/guides/nodejs'}, installed);
      expect(result.content[0].text).toBe(readFileSync('build/guides/nodejs.md', 'utf8'));
    } finally {
      await installed.close();
    }
  } finally {
    rmSync(temp, {recursive: true, force: true});
  }
});
