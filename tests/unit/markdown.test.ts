import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {Heading, Root} from 'mdast';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {describe, expect, it} from 'vitest';
import {MarkdownError, parsePage, plainText} from '../../src/markdown/index.ts';
import {blocksFromMarkdown} from '../../src/plugins/search/records/markdown.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('front matter', () => {
  it('is read as YAML, with its lines; CRLF and a byte-order mark change nothing', () => {
    const page = parsePage('\uFEFF---\r\ntitle: T\r\ndescription: "x: y"\r\n---\r\n\r\nBody.\r\n', {
      file: 'a.md',
    });
    expect(page.frontMatter).toEqual({title: 'T', description: 'x: y'});
    expect(page.frontMatterLines).toEqual({start: 1, end: 4});
  });

  it('is optional, and a later "---" is a thematic break', () => {
    const page = parsePage('# Hi\n\n---\n\na: 1\n');
    expect(page.frontMatter).toEqual({});
    expect(page.frontMatterLines).toBeUndefined();
  });

  it('that is not valid YAML is an error naming the file and the line where it breaks', () => {
    const source = '---\ntitle: T\ndescription: [unclosed\nsidebar_position: 2\n---\n\n# T\n';
    expect(() => parsePage(source, {file: 'docs/a.md'})).toThrow(MarkdownError);
    try {
      parsePage(source, {file: 'docs/a.md'});
    } catch (error) {
      const problem = error as MarkdownError;
      expect(problem.file).toBe('docs/a.md');
      expect(problem.line).toBe(4);
      expect(problem.message).toMatch(/^docs\/a\.md:4: front matter is not valid YAML: /);
    }
  });

  it('that is not closed is an error at line 1', () => {
    expect(() => parsePage('---\ntitle: T\n\n# T\n', {file: 'b.md'})).toThrow(
      'b.md:1: front matter is not closed with a "---" line',
    );
  });
});

describe('headings', () => {
  it('get the slugs Docusaurus gives them, numbered when repeated', () => {
    const page = parsePage(
      [
        '# Guide',
        '## Step 1: Install',
        '## Step 1: Install',
        "## Owner's cut",
        '### Ünïcode & symbols!',
        '## The `client` option',
        '## Install {#install-it}',
        '## Install',
      ].join('\n\n'),
    );
    expect(page.headings.map(({depth, text, id}) => [depth, text, id])).toEqual([
      [1, 'Guide', 'guide'],
      [2, 'Step 1: Install', 'step-1-install'],
      [2, 'Step 1: Install', 'step-1-install-1'],
      [2, "Owner's cut", 'owners-cut'],
      [3, 'Ünïcode & symbols!', 'ünïcode--symbols'],
      [2, 'The client option', 'the-client-option'],
      // An explicit id leaves the tree and does not use up a slug.
      [2, 'Install', 'install-it'],
      [2, 'Install', 'install'],
    ]);
    expect(plainText(page.headings[6].node)).toBe('Install');
    expect(page.headings.map((heading) => heading.line)).toEqual([1, 3, 5, 7, 9, 11, 13, 15]);
  });

  it('take an MDX comment id in .mdx pages and an HTML comment id in .md pages', () => {
    const mdx = parsePage('# T\n\n## Setup {/* #set-up */}\n\n## Setup\n', {file: 'p.mdx'});
    expect(mdx.headings.map((heading) => [heading.text, heading.id])).toEqual([
      ['T', 't'],
      ['Setup', 'set-up'],
      ['Setup', 'setup'],
    ]);
    const md = parsePage('# T\n\n## Setup <!-- #set-up -->\n', {file: 'p.md'});
    expect(md.headings[1]).toMatchObject({text: 'Setup', id: 'set-up'});
  });
});

describe('code blocks', () => {
  it('come with language, meta and the lines of their fences in the file', () => {
    const source = [
      '---', // 1
      'description: x', // 2
      '---', // 3
      '', // 4
      '# T', // 5
      '', // 6
      '```TS title="a.ts" nocompile="why"', // 7
      'const a = 1;', // 8
      '```', // 9
      '', // 10
      '- item', // 11
      '', // 12
      '  ````json node-config', // 13
      '  {}', // 14
      '  ````', // 15
      '', // 16
      '~~~', // 17
      'plain', // 18
      '~~~', // 19
    ].join('\n');
    const blocks = parsePage(source).codeBlocks.map(({language, meta, code, line, endLine}) => ({
      language,
      meta,
      code,
      line,
      endLine,
    }));
    expect(blocks).toEqual([
      {language: 'ts', meta: 'title="a.ts" nocompile="why"', code: 'const a = 1;', line: 7, endLine: 9},
      {language: 'json', meta: 'node-config', code: '{}', line: 13, endLine: 15},
      {language: null, meta: '', code: 'plain', line: 17, endLine: 19},
    ]);
  });
});

describe('MDX pages', () => {
  it('parse imports and components; a .md page keeps a stray "<" or "{" as text', () => {
    const mdx = parsePage("import Tabs from '@theme/Tabs';\n\n# T\n\n<Tabs>\n\n## Inside\n\n</Tabs>\n", {
      file: 'a.mdx',
    });
    expect(mdx.tree.children[0].type).toBe('mdxjsEsm');
    expect(mdx.headings.map((heading) => heading.id)).toEqual(['t', 'inside']);
    const md = parsePage('# T\n\nLess than < and a {brace}.\n', {file: 'a.md'});
    expect(plainText(md.tree)).toBe('T Less than < and a {brace}.');
  });

  it('that do not parse are an error naming the file and line', () => {
    expect(() => parsePage('# T\n\nText {1 +} here.\n\nMore.\n', {file: 'docs/x.mdx'})).toThrow(
      /^docs\/x\.mdx:3: MDX does not parse: /,
    );
  });
});

/** Every docs page and post, except the generated SDK reference. */
function contentFiles(): string[] {
  const files: string[] = [];
  for (const dir of ['docs', 'blog']) {
    for (const entry of readdirSync(path.join(ROOT, dir), {recursive: true, withFileTypes: true})) {
      const file = path.relative(ROOT, path.join(entry.parentPath, entry.name));
      if (
        entry.isFile() &&
        /\.mdx?$/.test(entry.name) &&
        !file.startsWith(path.join('docs', 'usage', 'sdk', 'api'))
      )
        files.push(file);
    }
  }
  return files.sort();
}

/**
 * The ids Docusaurus's own heading plugin (the one the build runs) gives the headings of a page,
 * on a tree parsed the way its mdx-loader parses that format.
 */
async function docusaurusHeadingIds(source: string, mdx: boolean): Promise<string[]> {
  // Not a public entry of the package: the test's only way to run the loader's exact rule.
  // A CommonJS module: Node hands its `exports.default` over as `default.default`, Vitest as `default`.
  type HeadingsPlugin = (options: {anchorsMaintainCase: boolean}) => (root: Root) => Promise<void>;
  const loaded = (await import('@docusaurus/mdx-loader/lib/remark/headings/index.js')) as unknown as {
    default: HeadingsPlugin | {default: HeadingsPlugin};
  };
  const plugin = typeof loaded.default === 'function' ? loaded.default : loaded.default.default;
  const processor = unified().use(remarkParse).use(remarkFrontmatter).use(remarkDirective).use(remarkGfm);
  const tree = (mdx ? processor.use(remarkMdx) : processor).parse(source);
  await plugin({anchorsMaintainCase: false})(tree);
  const ids: string[] = [];
  const walk = (node: Root | Root['children'][number]) => {
    if (node.type === 'heading') ids.push(String((node as Heading).data?.hProperties?.id));
    if ('children' in node) node.children.forEach((child) => walk(child as Root['children'][number]));
  };
  walk(tree);
  return ids;
}

describe('the site’s pages', () => {
  const files = contentFiles();

  it('are found', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('have the heading ids of the Docusaurus build, and the dev-server search records link to them', async () => {
    for (const file of files) {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      const page = parsePage(source, {file});
      const expected = await docusaurusHeadingIds(source, file.endsWith('.mdx'));
      expect(
        page.headings.map((heading) => heading.id),
        file,
      ).toEqual(expected);

      const anchors = blocksFromMarkdown(source, file, file).flatMap((block) =>
        block.kind === 'heading' && block.anchor ? [block.anchor] : [],
      );
      expect(
        anchors.every((anchor) => expected.includes(anchor)),
        file,
      ).toBe(true);
      expect(anchors.length, file).toBeGreaterThanOrEqual(expected.length - 1);
    }
  });
});
