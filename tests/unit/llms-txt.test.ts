import {existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {LoadedContent, LoadedVersion} from '@docusaurus/plugin-content-docs';
import type {LoadContext, Plugin} from '@docusaurus/types';
import llmsTxtPlugin, {collectPages, type Options} from '../../src/plugins/llms-txt/index.ts';
import {createUrlResolver} from '../../src/plugins/llms-txt/links.ts';
import {isDocsPage, listedUrls, listingProblems} from '../support/llms-listing.ts';
import {
  renderCategoryIndex,
  renderLlmsFull,
  renderLlmsTxt,
  stringLiteral,
  toMarkdownTwin,
  widenTableDelimiters,
} from '../../src/plugins/llms-txt/markdown.ts';
import {applyTrailingSlash} from '@docusaurus/utils-common';
import {absoluteUrl} from '../../src/plugins/llms-txt/paths.ts';
import {admonitionTitlesToLabels} from '../../src/markdown/index.ts';

const SITE = 'https://docs.example.org';
const md = (source: string, title = 'Title') =>
  toMarkdownTwin(source, {
    mdx: false,
    title,
    resolveUrl: createUrlResolver({siteUrl: SITE, baseUrl: '/', pageUrl: `${SITE}/a/page`}),
  });
const mdx = (source: string, title = 'Title') =>
  toMarkdownTwin(source, {
    mdx: true,
    title,
    resolveUrl: createUrlResolver({siteUrl: SITE, baseUrl: '/', pageUrl: `${SITE}/a/page`}),
  });

describe('page title and front matter', () => {
  it('drops front matter and keeps the H1 of the content', () => {
    expect(md('---\ndescription: x\nsidebar_position: 2\n---\n\n# Publishing\n\nText.\n')).toBe(
      '# Publishing\n\nText.\n',
    );
  });

  it('adds the title as H1 when the content has none', () => {
    expect(md('---\ntitle: From front matter\n---\n\nText only.\n', 'From front matter')).toBe(
      '# From front matter\n\nText only.\n',
    );
  });

  it('drops only a leading front matter block', () => {
    expect(md('---\na: 1\n---\n# T\n\nbody\n\n---\n\nend\n')).toBe('# T\n\nbody\n\n---\n\nend\n');
    expect(md('# T\n\nbody\n\n---\n\na: 1\n')).toBe('# T\n\nbody\n\n---\n\na: 1\n');
  });

  it('removes explicit heading ids', () => {
    expect(md('# T\n\n## Install {#install-it}\n')).toBe('# T\n\n## Install\n');
  });
});

describe('admonitions', () => {
  it('become a blockquote led by the bold label and title', () => {
    const out = md('# T\n\n:::tip Practice on the testnet first\n\nUse **Amoy**.\n\n:::\n');
    expect(out).toBe('# T\n\n> **Tip: Practice on the testnet first**\n>\n> Use **Amoy**.\n');
  });

  it('work without a title, with the bracket syntax, and with code inside', () => {
    expect(md('# T\n\n:::warning\n\nCareful.\n\n:::\n')).toBe('# T\n\n> **Warning**\n>\n> Careful.\n');
    expect(md('# T\n\n:::note[Use `npm`]\nText.\n:::\n')).toBe('# T\n\n> **Note: Use `npm`**\n>\n> Text.\n');
    expect(md('# T\n\n:::danger\n\n```bash\nrm -rf x\n```\n\n:::\n')).toBe(
      '# T\n\n> **Danger**\n>\n> ```bash\n> rm -rf x\n> ```\n',
    );
  });

  it('are only rewritten outside code blocks', () => {
    const source =
      ':::tip A\n\n````md\n:::tip B\n```ts\nx\n```\n:::tip C\n````\n\n~~~\n:::info D\n~~~\n:::info E\n';
    expect(admonitionTitlesToLabels(source)).toBe(
      ':::tip[A]\n\n````md\n:::tip B\n```ts\nx\n```\n:::tip C\n````\n\n~~~\n:::info D\n~~~\n:::info[E]\n',
    );
    expect(md('# T\n\n```md\n:::tip Title\n\nBody\n\n:::\n```\n')).toBe(
      '# T\n\n```md\n:::tip Title\n\nBody\n\n:::\n```\n',
    );
  });

  it('fail the build for an unknown container directive', () => {
    expect(() => md('# T\n\n:::spoiler\n\nx\n\n:::\n')).toThrow(/":::spoiler", which is not an admonition/);
  });

  it('leave text that merely looks like a directive as typed', () => {
    expect(md('# T\n\nRead the note:first line, at 10:30.\n')).toBe(
      '# T\n\nRead the note:first line, at 10:30.\n',
    );
  });
});

describe('MDX: imports, tabs and components', () => {
  const page = [
    '---',
    'sidebar_label: Run',
    '---',
    '',
    '# Run a node',
    '',
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    '',
    '{/* a comment */}',
    '',
    '<Tabs groupId="install-method">',
    '<TabItem value="docker" label="Docker" default>',
    '',
    '```bash',
    'docker --version',
    '```',
    '',
    '</TabItem>',
    '<TabItem value="npm">',
    '',
    'Run `npm i`.',
    '',
    '</TabItem>',
    '</Tabs>',
    '',
  ].join('\n');

  it('drops imports and comments and writes each tab as a bold label and its content', () => {
    expect(mdx(page)).toBe(
      '# Run a node\n\n**Docker**\n\n```bash\ndocker --version\n```\n\n**npm**\n\nRun `npm i`.\n',
    );
  });

  it('keeps the content of HTML elements and turns <details> summaries bold', () => {
    expect(mdx('# T\n\n<details>\n<summary>More</summary>\n\nHidden text.\n\n</details>\n')).toBe(
      '# T\n\n**More**\n\nHidden text.\n',
    );
    expect(mdx("# T\n\nPress <kbd>Ctrl</kbd> and {'<'}.\n")).toBe('# T\n\nPress Ctrl and <.\n');
  });

  it('fails the build for a component it cannot write as Markdown', () => {
    expect(() => mdx('# T\n\n<Highlight color="red">x</Highlight>\n')).toThrow(
      /<Highlight>, which has no Markdown form/,
    );
  });

  it('reads string literals only', () => {
    expect(stringLiteral("'a\\'b'")).toBe("a'b");
    expect(stringLiteral('`x`')).toBe('x');
    expect(stringLiteral('`${x}`')).toBeUndefined();
    expect(stringLiteral('a + b')).toBeUndefined();
  });
});

describe('code blocks and Mermaid', () => {
  it('keep language and content; drop Docusaurus meta; show a title as a bold line', () => {
    expect(md('# T\n\n```ts nocompile="fragment"\nconst a = 1 // <b>\n```\n')).toBe(
      '# T\n\n```ts\nconst a = 1 // <b>\n```\n',
    );
    expect(md('# T\n\n```json title="config.json" sdk-config\n{}\n```\n')).toBe(
      '# T\n\n**config.json**\n\n```json\n{}\n```\n',
    );
  });

  it('keep Mermaid diagrams as fenced mermaid code', () => {
    const diagram = '```mermaid\nflowchart LR\n    a["App<br/>SDK"] -->|"signed"| b((Network))\n```\n';
    expect(md(`# T\n\n${diagram}`)).toBe(`# T\n\n${diagram}`);
    expect(mdx(`# T\n\n${diagram}`)).toBe(`# T\n\n${diagram}`);
  });
});

describe('tables', () => {
  it('stay GFM tables with --- delimiters and their alignment', () => {
    const table = '| Port | Use |\n| :--- | ---: |\n| `7170` | WebSocket \\| MQTT |\n';
    expect(md(`# T\n\n${table}`)).toBe(
      '# T\n\n| Port | Use |\n| :--- | ---: |\n| `7170` | WebSocket \\| MQTT |\n',
    );
  });

  it('widen delimiter rows only after a table header and outside code', () => {
    expect(widenTableDelimiters('| a |\n| - |\n```\n| a |\n| - |\n```\n- |\n')).toBe(
      '| a |\n| --- |\n```\n| a |\n| - |\n```\n- |\n',
    );
  });
});

describe('links', () => {
  it('become absolute, the way the page resolves them', () => {
    const out = md(
      '# T\n\n[a](/usage/identity) [b](#install) [c](https://github.com/x) [d](subscribing) [e](mailto:x@y.z) [f][ref]\n\n[ref]: /help\n',
    );
    expect(out).toContain(`[a](${SITE}/usage/identity)`);
    expect(out).toContain(`[b](${SITE}/a/page#install)`);
    expect(out).toContain('[c](https://github.com/x)');
    expect(out).toContain(`[d](${SITE}/a/subscribing)`);
    expect(out).toContain('[e](mailto:x@y.z)');
    expect(out).toContain(`[ref]: ${SITE}/help`);
  });

  it('point links to Markdown files at the pages built from them', () => {
    const files: Record<string, string> = {
      '/site/docs/api/api.md': '/usage/sdk/api',
      '/site/docs/api/classes/Stream.md': '/usage/sdk/api/classes/Stream',
      '/site/docs/guides/nodejs.md': '/guides/nodejs',
    };
    const resolve = createUrlResolver({
      siteUrl: SITE,
      baseUrl: '/',
      pageUrl: `${SITE}/usage/sdk/api/classes/StreamrClient`,
      sourceFile: '/site/docs/api/classes/StreamrClient.md',
      contentDirs: ['/site/docs'],
      permalinkOfFile: (file) => files[file],
    });
    expect(resolve('../api.md#streamid')).toBe(`${SITE}/usage/sdk/api#streamid`);
    expect(resolve('Stream.md')).toBe(`${SITE}/usage/sdk/api/classes/Stream`);
    expect(resolve('/guides/nodejs.md')).toBe(`${SITE}/guides/nodejs`);
  });

  it('respect the base URL, pathname:// links and the trailing-slash setting', () => {
    const resolve = createUrlResolver({
      siteUrl: SITE,
      baseUrl: '/docs/',
      pageUrl: `${SITE}/docs/guides/nodejs`,
      normalizePath: (p) => applyTrailingSlash(p, {trailingSlash: false, baseUrl: '/docs/'}),
    });
    expect(resolve('/usage/identity/')).toBe(`${SITE}/docs/usage/identity`);
    expect(resolve('/docs/usage')).toBe(`${SITE}/docs/usage`);
    expect(resolve('/docs')).toBe(`${SITE}/docs/`);
    expect(resolve('pathname:///llms.txt')).toBe(`${SITE}/docs/llms.txt`);
    expect(resolve('./web-app-frameworks')).toBe(`${SITE}/docs/guides/web-app-frameworks`);
  });

  it('refuse images by relative path, which the twin cannot reach', () => {
    expect(md('# T\n\n![d](/img/logo.svg)\n')).toBe(`# T\n\n![d](${SITE}/img/logo.svg)\n`);
    expect(() => md('# T\n\n![d](./diagram.png)\n')).toThrow(/Put the image in static\//);
  });
});

describe('twin URLs', () => {
  it('join the site URL and a path with one slash', () => {
    expect(absoluteUrl(`${SITE}/`, '/a')).toBe(`${SITE}/a`);
    expect(absoluteUrl(SITE, 'a')).toBe(`${SITE}/a`);
  });
});

describe('index files', () => {
  it('llms.txt follows the llmstxt.org layout', () => {
    const text = renderLlmsTxt({
      title: 'Streamr Docs',
      summary: 'The docs\nof Streamr.',
      details: ['Add `.md`.'],
      sections: [
        {title: 'Guides', pages: [{title: 'A [b]', markdownUrl: `${SITE}/a.md`, description: 'Does\n a.'}]},
        {title: 'Empty', pages: []},
        {title: 'Help', pages: [{title: 'C', markdownUrl: `${SITE}/c.md`}]},
      ],
    });
    expect(text).toBe(
      `# Streamr Docs\n\n> The docs of Streamr.\n\nAdd \`.md\`.\n\n## Guides\n\n- [A \\[b\\]](${SITE}/a.md): Does a.\n\n## Help\n\n- [C](${SITE}/c.md)\n`,
    );
    expect(listedUrls(text)).toEqual([`${SITE}/a.md`, `${SITE}/c.md`]);
  });

  it('llms-full.txt puts each page under a rule, with its source address', () => {
    expect(
      renderLlmsFull({
        title: 'S',
        summary: 'Sum.',
        pages: [
          {markdown: '# A\n\nBody A.\n', url: `${SITE}/a`},
          {markdown: '# B\n', url: `${SITE}/b`},
        ],
      }),
    ).toBe(
      `# S\n\n> Sum.\n\n---\n\n# A\n\nSource: <${SITE}/a>\n\nBody A.\n\n---\n\n# B\n\nSource: <${SITE}/b>\n`,
    );
  });

  it('a category index lists its child pages, and the pages of page-less subcategories', () => {
    expect(
      renderCategoryIndex({
        title: 'Guides',
        description: 'Hands-on guides.',
        items: [
          {title: 'Node.js', url: `${SITE}/guides/nodejs`, description: 'Pub/sub.'},
          {title: 'Classes', items: [{title: 'Stream', url: `${SITE}/s`}]},
        ],
      }),
    ).toBe(
      `# Guides\n\nHands-on guides.\n\n- [Node.js](${SITE}/guides/nodejs): Pub/sub.\n- Classes\n  - [Stream](${SITE}/s)\n`,
    );
  });
});

describe('listing check (tests/e2e/llms-txt.spec.ts)', () => {
  it('passes a complete listing', () => {
    expect(listingProblems(['/', '/a'], ['/a', '/'])).toEqual([]);
  });

  it('fails on missing, repeated and foreign entries', () => {
    expect(listingProblems(['/', '/a', '/b'], ['/', '/a', '/a', '/blog/x'])).toEqual([
      'missing: /b',
      'listed 2 times: /a',
      'not a docs page of the sitemap: /blog/x',
    ]);
  });

  it('knows which sitemap pages are docs', () => {
    expect(
      ['/', '/guides', '/blog', '/blog/2025/x', '/api-docs', '/search', '/blogging'].filter((p) =>
        isDocsPage(p),
      ),
    ).toEqual(['/', '/guides', '/blogging']);
    expect(isDocsPage('/docs/blog/x', '/docs/')).toBe(false);
    // The previous SDK major's reference is an older docs version, not in llms.txt.
    expect(
      [
        '/usage/sdk/api/102',
        '/usage/sdk/api/102/classes/Stream',
        '/usage/sdk/api/classes/Stream',
        '/usage/sdk/api/changes',
      ].filter((p) => isDocsPage(p)),
    ).toEqual(['/usage/sdk/api/classes/Stream', '/usage/sdk/api/changes']);
  });
});

// ---------------------------------------------------------------------------
// The plugin, run on a small fake site

function doc(
  id: string,
  permalink: string,
  extra: Partial<LoadedVersion['docs'][number]> = {},
): LoadedVersion['docs'][number] {
  return {
    id,
    title: `Title of ${id}`,
    description: `About ${id}.`,
    source: `@site/docs/${id}.md`,
    sourceDirName: path.dirname(id),
    slug: permalink,
    permalink,
    draft: false,
    unlisted: false,
    version: 'current',
    tags: [],
    frontMatter: {},
    ...extra,
  } as LoadedVersion['docs'][number];
}

function fakeSite(extraDocs: LoadedVersion['docs'] = []) {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'llms-txt-site-'));
  const outDir = path.join(siteDir, 'build');
  const files: Record<string, string> = {
    'docs/guides/overview.md': '---\nslug: /\n---\n\n# Overview\n\nSee [Node.js](./nodejs.md).\n',
    'docs/guides/nodejs.md': '# Node.js\n\n:::tip\n\nHi.\n\n:::\n',
    'docs/usage/sdk/api/api.md': '# API\n\n- [Stream](classes/Stream.md)\n',
    'docs/usage/sdk/api/classes/Stream.md': '# Class: Stream\n\nSee [API](../api.md#x).\n',
    'docs/usage/identity.md': '# Identity\n',
    'docs/stray.md': '# Stray\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(siteDir, file)), {recursive: true});
    writeFileSync(path.join(siteDir, file), text);
  }
  const docs = [
    doc('guides/overview', '/'),
    doc('guides/nodejs', '/guides/nodejs'),
    doc('usage/identity', '/usage/identity'),
    doc('usage/sdk/api/api', '/usage/sdk/api/', {title: 'API', description: ''}),
    doc('usage/sdk/api/classes/Stream', '/usage/sdk/api/classes/Stream'),
    ...extraDocs,
  ];
  const category = (label: string, permalink: string, items: unknown[]) => ({
    type: 'category',
    label,
    collapsed: false,
    collapsible: true,
    link: {type: 'generated-index', slug: permalink, permalink, title: label, description: `All ${label}.`},
    items,
  });
  const version = {
    versionName: 'current',
    isLast: true,
    contentPath: path.join(siteDir, 'docs'),
    docs,
    drafts: [],
    sidebars: {
      docs: [
        category('Guides', '/guides', [
          {type: 'doc', id: 'guides/overview'},
          {type: 'doc', id: 'guides/nodejs'},
        ]),
        category('Usage', '/usage', [
          {type: 'doc', id: 'usage/identity'},
          {
            type: 'category',
            label: 'API reference',
            collapsed: true,
            collapsible: true,
            link: {type: 'doc', id: 'usage/sdk/api/api'},
            items: [
              {
                type: 'category',
                label: 'Classes',
                collapsed: true,
                collapsible: true,
                items: [{type: 'doc', id: 'usage/sdk/api/classes/Stream'}],
              },
            ],
          },
        ]),
      ],
    },
  } as unknown as LoadedVersion;
  return {siteDir, outDir, version};
}

const OPTIONS: Options = {
  summary: 'Test docs.',
  sections: [
    {title: 'Guides', category: '/guides'},
    {title: 'Usage', category: '/usage'},
    {title: 'SDK API reference', category: '/usage/sdk/api'},
  ],
};

async function runPlugin(site: ReturnType<typeof fakeSite>, options = OPTIONS) {
  const plugin = llmsTxtPlugin({siteDir: site.siteDir} as LoadContext, options) as Plugin;
  const content: LoadedContent = {loadedVersions: [site.version]};
  await plugin.loadContent?.();
  await plugin.allContentLoaded?.({
    allContent: {'docusaurus-plugin-content-docs': {default: content}},
    actions: {} as never,
  });
  const routesPaths = [
    '/',
    '/guides',
    '/usage',
    '/guides/nodejs',
    '/usage/identity',
    '/usage/sdk/api',
    '/usage/sdk/api/classes/Stream',
    '/stray',
  ];
  await plugin.postBuild?.({
    outDir: site.outDir,
    siteConfig: {url: SITE, baseUrl: '/', title: 'Test Docs', trailingSlash: false},
    routesPaths,
    routesBuildMetadata: {},
  } as never);
}

describe('the llms-txt plugin', () => {
  it('collects pages in sidebar order with the innermost section', () => {
    const {version} = fakeSite();
    const pages = collectPages(version, OPTIONS.sections, '/');
    expect(pages.map((p) => [p.permalink, p.section])).toEqual([
      ['/guides', 'Guides'],
      ['/', 'Guides'],
      ['/guides/nodejs', 'Guides'],
      ['/usage', 'Usage'],
      ['/usage/identity', 'Usage'],
      ['/usage/sdk/api/', 'SDK API reference'],
      ['/usage/sdk/api/classes/Stream', 'SDK API reference'],
    ]);
  });

  it('writes twins next to the pages, llms.txt and llms-full.txt into the build only', async () => {
    const site = fakeSite();
    await runPlugin(site);
    const read = (file: string) => readFileSync(path.join(site.outDir, file), 'utf8');
    expect(read('index.md')).toBe(`# Overview\n\nSee [Node.js](${SITE}/guides/nodejs).\n`);
    expect(read('guides/nodejs.md')).toBe('# Node.js\n\n> **Tip**\n>\n> Hi.\n');
    expect(read('usage/sdk/api.md')).toBe(`# API\n\n- [Stream](${SITE}/usage/sdk/api/classes/Stream)\n`);
    expect(read('usage/sdk/api/classes/Stream.md')).toBe(
      `# Class: Stream\n\nSee [API](${SITE}/usage/sdk/api#x).\n`,
    );
    expect(read('guides.md')).toContain(
      `- [Title of guides/nodejs](${SITE}/guides/nodejs): About guides/nodejs.`,
    );
    expect(read('usage.md')).toContain(`- [API](${SITE}/usage/sdk/api)`);
    const llms = read('llms.txt');
    expect(llms).toContain(
      '## Guides\n\n- [Guides](https://docs.example.org/guides.md): All Guides.\n- [Title of guides/overview]',
    );
    expect(llms).toContain(`## SDK API reference\n\n- [API](${SITE}/usage/sdk/api.md)\n`);
    expect(listedUrls(llms)).toHaveLength(7);
    expect(read('llms-full.txt').match(/^Source: /gm)).toHaveLength(7);
    expect(existsSync(path.join(site.siteDir, 'docs', 'guides', 'nodejs.md.md'))).toBe(false);
  });

  it('fails the build when a listed docs page is in no section', async () => {
    const site = fakeSite([doc('stray', '/stray')]);
    await expect(runPlugin(site)).rejects.toThrow(/in no llms.txt section: \/stray/);
  });

  it('leaves unlisted pages out of llms.txt but still gives them a twin', async () => {
    const site = fakeSite([doc('stray', '/stray', {unlisted: true})]);
    await runPlugin(site);
    expect(readFileSync(path.join(site.outDir, 'stray.md'), 'utf8')).toBe('# Stray\n');
    expect(readFileSync(path.join(site.outDir, 'llms.txt'), 'utf8')).not.toContain('stray');
  });

  it('puts the instructions for assistants before the page lists of llms.txt', async () => {
    const site = fakeSite();
    mkdirSync(path.join(site.siteDir, 'sdk'));
    writeFileSync(
      path.join(site.siteDir, 'sdk', 'index.d.ts'),
      'export declare class Client {\n  /** @deprecated */\n  old(): void;\n  send(): void;\n}\n',
    );
    const instructions = {
      sdkPackage: {name: '@example/sdk', version: '2.0.1'},
      declarations: ['sdk'],
      preferredApis: [{name: 'Client.send', use: 'send'}],
    };
    await runPlugin(site, {...OPTIONS, instructions});
    const llms = readFileSync(path.join(site.outDir, 'llms.txt'), 'utf8');
    const block = llms.indexOf('Instructions for assistants:\n');
    expect(block).toBeGreaterThan(llms.indexOf('\n> Test docs.'));
    expect(block).toBeLessThan(llms.indexOf('\n## '));
    expect(llms).toContain('`@example/sdk` 2.0.1');
    expect(llms).toContain('  - `Client.send`: send\n');
    expect(llms).toContain('  - `Client.old`\n');

    const stale = {...instructions, preferredApis: [{name: 'Client.gone', use: 'x'}]};
    await expect(runPlugin(site, {...OPTIONS, instructions: stale})).rejects.toThrow(/Client\.gone/);
  });

  it('fails the build when a twin is larger than maxTwinBytes', async () => {
    // The fake site's twins have 10 to about 200 bytes.
    await runPlugin(fakeSite(), {...OPTIONS, maxTwinBytes: 1000});
    await expect(runPlugin(fakeSite(), {...OPTIONS, maxTwinBytes: 30})).rejects.toThrow(
      /the Markdown twin of \/\S+ has \d+ bytes, more than maxTwinBytes \(30, config\/llms\.ts\)/,
    );
  });
});
