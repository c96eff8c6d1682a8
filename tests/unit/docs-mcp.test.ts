// cspell:ignore publsh Thong (misspelt on purpose)
import {describe, expect, it} from 'vitest';
import {htmlHeadingIds, symbolsOfPage} from '../../packages/docs-mcp/scripts/api-symbols.ts';
import {findSymbol} from '../../packages/docs-mcp/src/api-symbols.ts';
import {closestPaths, normalizePagePath, pageUrls} from '../../packages/docs-mcp/src/pages.ts';

/**
 * The MCP server package's lookups on small inputs; the server itself is
 * tested over stdio against the real build (packages/docs-mcp/tests).
 */

describe('normalizePagePath', () => {
  it.each([
    ['/guides/nodejs', '/', '/guides/nodejs'],
    ['guides/nodejs/', '/', '/guides/nodejs'],
    ['/guides/nodejs.md', '/', '/guides/nodejs'],
    ['/guides/nodejs.html?x=1#step', '/', '/guides/nodejs'],
    ['https://docs.streamr.network/guides/nodejs#step', '/', '/guides/nodejs'],
    ['https://docs.streamr.network', '/', '/'],
    ['/index.md', '/', '/'],
    ['index', '/', '/'],
    ['/usage/index.html', '/', '/usage'],
    ['https://streamr-dev.github.io/docs/guides/nodejs.md', '/docs/', '/guides/nodejs'],
    ['/docs/', '/docs/', '/'],
    ['/docsearch', '/docs/', '/docsearch'],
    ['/a%20b', '/', '/a b'],
  ])('%s (base %s) → %s', (input, base, expected) => {
    expect(normalizePagePath(input, base)).toBe(expected);
  });
});

it('pageUrls puts the base URL in front and names the twin', () => {
  const address = {siteUrl: 'https://example.org/', baseUrl: '/docs/'};
  expect(pageUrls(address, '/guides/nodejs')).toEqual({
    url: 'https://example.org/docs/guides/nodejs',
    markdownUrl: 'https://example.org/docs/guides/nodejs.md',
  });
  expect(pageUrls(address, '/')).toEqual({
    url: 'https://example.org/docs/',
    markdownUrl: 'https://example.org/docs/index.md',
  });
});

it('closestPaths prefers a page with the same name, then the nearest spelling', () => {
  const known = ['/guides/nodejs', '/guides', '/usage/streams/publishing', '/usage/streams'];
  expect(closestPaths('/nodejs', known, 1)).toEqual(['/guides/nodejs']);
  expect(closestPaths('/usage/stream', known, 1)).toEqual(['/usage/streams']);
  expect(closestPaths('/usage/streams/publsh', known, 2)).toEqual([
    '/usage/streams/publishing',
    '/usage/streams',
  ]);
});

const CLASS_PAGE = `# Class: Thing

A thing.

## Constructors

### Constructor

> **new Thing**(): \`Thing\`

## Methods

### start()

Starts it.

\`\`\`ts
# not a heading
\`\`\`

#### Returns

\`void\`

---

### stop?()

Stops it.
`;

const CLASS_HTML = `<nav><h2 id="menu">Menu</h2></nav><article><h1>Class: Thing</h1>
<h2 class="anchor" id=constructors>Constructors</h2><h3 id="constructor">Constructor</h3>
<h2 id=methods>Methods</h2><h3 id=start>start()</h3><h4 id=returns>Returns</h4><h3 id='stop'>stop?()</h3></article>`;

describe('API symbols', () => {
  it('the HTML heading ids come from the article only, in any attribute quoting', () => {
    expect(htmlHeadingIds(CLASS_HTML)).toEqual([
      'constructors',
      'constructor',
      'methods',
      'start',
      'returns',
      'stop',
    ]);
  });

  const symbols = symbolsOfPage('/usage/sdk/api/classes/Thing', CLASS_PAGE, htmlHeadingIds(CLASS_HTML));

  it('a class page gives the class and one symbol per member, with anchor and section', () => {
    expect(symbols.map(({name, kind, anchor}) => [name, kind, anchor])).toEqual([
      ['Thing', 'class', null],
      ['Thing.constructor', 'constructor', 'constructor'],
      ['Thing.start', 'method', 'start'],
      ['Thing.stop', 'method', 'stop'],
    ]);
    expect(symbols[0].markdown).toBe(CLASS_PAGE);
    expect(symbols[2].markdown).toBe(
      '### start()\n\nStarts it.\n\n```ts\n# not a heading\n```\n\n#### Returns\n\n`void`',
    );
    expect(symbols[3].markdown).toBe('### stop?()\n\nStops it.');
  });

  it('the index page gives its type aliases, variables and functions', () => {
    const index =
      '# @streamr/sdk\n\n## Classes\n\n- [Thing](x)\n\n## Type Aliases\n\n### StreamID\n\n> **StreamID** = `string`\n';
    expect(symbolsOfPage('/usage/sdk/api', index, ['classes', 'type-aliases', 'streamid'])).toEqual([
      {
        name: 'StreamID',
        kind: 'type alias',
        path: '/usage/sdk/api',
        anchor: 'streamid',
        markdown: '### StreamID\n\n> **StreamID** = `string`',
      },
    ]);
  });

  it('a page whose twin and HTML disagree on headings fails instead of giving wrong anchors', () => {
    // Six: the `# not a heading` line inside the fenced code is code.
    expect(() => symbolsOfPage('/usage/sdk/api/classes/Thing', CLASS_PAGE, ['constructors'])).toThrow(
      /twin has 6 h2-h6 headings, the HTML page 1/,
    );
  });

  const other = symbolsOfPage(
    '/usage/sdk/api/enumerations/Mode',
    '# Enumeration: Mode\n\n## Enumeration Members\n\n### START\n\n> **START**: `"start"`\n',
    ['enumeration-members', 'start'],
  );
  const all = [...symbols, ...other];

  it.each([
    ['Thing', 'Thing'],
    ['thing.START', 'Thing.start'],
    ['Thing#start()', 'Thing.start'],
    ['`Thing.stop`', 'Thing.stop'],
    ['stop', 'Thing.stop'],
    ['Mode.START', 'Mode.START'],
  ])('findSymbol %s → %s', (input, name) => {
    expect(findSymbol(all, input)).toMatchObject({symbol: {name}});
  });

  it('findSymbol: a member of several owners, or an unknown name, is an error with candidates', () => {
    expect(findSymbol(all, 'start')).toEqual({
      error: '"start" is a member of several symbols; ask for one of: Thing.start, Mode.START',
    });
    expect(findSymbol(all, 'Thing.sta')).toEqual({
      error: 'No symbol "Thing.sta" in the @streamr/sdk API reference. Closest: Thing.start',
    });
    expect((findSymbol(all, 'Thong') as {error: string}).error).toMatch(/Closest: Thing,/);
  });
});
