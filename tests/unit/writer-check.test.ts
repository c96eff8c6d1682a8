import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {checkSourceLinks, siteRoutes} from '../../scripts/lib/source-links.ts';
import {runAsync} from '../support/run-async.ts';

const description = 'A page written for this test, long enough to pass the description rule of the site.';
const page = (body: string, frontMatter = '') =>
  `---\ndescription: ${description}\n${frontMatter}---\n\n${body}\n`;

/** A small site: files relative to a new folder. */
function site(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'writer-check-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('links and anchors of Markdown sources (scripts/lib/source-links.ts)', () => {
  const root = site({
    'docs/guides/overview.md': page('# Overview\n\n## Get started', 'slug: /\n'),
    'docs/guides/nodejs.md': page('# Node.js\n\n## Set up the project\n\n## Set up the project'),
    'docs/guides/_category_.json': JSON.stringify({
      label: 'Guides',
      link: {type: 'generated-index', slug: '/guides'},
    }),
    'docs/help/faq/index.md': page('# FAQ'),
    'blog/2026-02-05-release.md': page('# Release'),
    'src/pages/api-docs.tsx': 'export default () => null;\n',
    'static/img/logo.svg': '<svg/>',
    'docs/help/links.md': page(
      [
        '# Links',
        '',
        '## Here',
        '',
        '[a](/) [b](/guides) [c](/guides/nodejs#set-up-the-project-1) [d](/help/faq) [e](/blog/2026/02/05/release)',
        '[f](/api-docs) [g](/img/logo.svg) [h](#here) [i](./faq/index.md) [j](https://example.com/x) [k](/guides/nodejs.md)',
        '',
        '[l](/guides/nodejss) [m](/guides/nodejs#set-up-the-projec)',
        '',
        '[n](./missing.md) [o](#nowhere)',
        '',
        '[ref]: /usage/nothing-like-it',
      ].join('\n'),
    ),
  });
  afterAll(() => rmSync(root, {recursive: true, force: true}));

  it('gives the routes Docusaurus gives: slug, path, folder index, category page, dated post, React page', () => {
    expect([...siteRoutes(root).keys()]).toEqual(
      expect.arrayContaining([
        '/',
        '/guides/nodejs',
        '/help/faq',
        '/guides',
        '/blog/2026/02/05/release',
        '/api-docs',
      ]),
    );
  });

  it('passes links that resolve and names every one that does not, with its line and the likely fix', () => {
    const {problems} = checkSourceLinks(root, ['docs/help/links.md']);
    expect(problems.map(({line, message}) => `${line}: ${message}`)).toEqual([
      '12: broken link "/guides/nodejss": no page at /guides/nodejss (did you mean /guides/nodejs?)',
      '12: broken anchor "/guides/nodejs#set-up-the-projec": /guides/nodejs has no heading with id "set-up-the-projec" (did you mean #set-up-the-project?)',
      '14: broken link "./missing.md": no file docs/help/missing.md',
      '14: broken anchor "#nowhere": /help/links has no heading with id "nowhere"',
      '16: broken link "/usage/nothing-like-it": no page at /usage/nothing-like-it',
    ]);
  });

  it('leaves links into the SDK reference alone until a build has generated it, then checks them', () => {
    const api = site({'docs/a.md': page('# A\n\n[x](/usage/sdk/api/classes/StreamrClient#subscribe)')});
    expect(checkSourceLinks(api, ['docs/a.md'])).toMatchObject({problems: [], apiGenerated: false});
    writeFileSync(
      path.join(api, 'docs/a.md'),
      page('# A\n\n[x](/usage/sdk/api/classes/StreamrClient#subscribe)'),
    );
    mkdirSync(path.join(api, 'docs/usage/sdk/api/classes'), {recursive: true});
    writeFileSync(
      path.join(api, 'docs/usage/sdk/api/classes/StreamrClient.md'),
      page('# StreamrClient\n\n### publish()'),
    );
    expect(checkSourceLinks(api, ['docs/a.md']).problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/has no heading with id "subscribe"/),
    ]);
    rmSync(api, {recursive: true, force: true});
  });
});

describe('npm run check', () => {
  const repo = path.resolve(__dirname, '..', '..');
  const planted = mkdtempSync(path.join(repo, '.writer-check-'));
  afterAll(() => rmSync(planted, {recursive: true, force: true}));
  const run = (...args: string[]) => runAsync(process.execPath, ['scripts/check.ts', ...args], {cwd: repo});

  it('finds a planted mistake of each kind, as file:line with a hint, and fails', async () => {
    const file = path.join(planted, 'page.md');
    writeFileSync(
      file,
      page(
        [
          '# Planted',
          '',
          'See [identity](/usage/identiti). This sentense is wrong.',
          '',
          '```ts',
          "import {StreamrClient} from '@streamr/sdk';",
          'const client: StreamrClient = 42;',
          'console.log(client);',
          '```',
          '',
          '```mermaid',
          'flowchart LR',
          '  A -->',
          '```',
          '',
          'In words: an arrow to nowhere.',
          '',
          '',
          '# A second H1',
        ].join('\n'),
      ),
    );
    const relative = path.relative(repo, file);
    const {status, stdout} = await run(relative);
    expect(status, stdout).toBe(1);
    for (const expected of [
      /page\.md:\d+: a page needs exactly one H1/,
      /page\.md:7: broken link "\/usage\/identiti".*did you mean \/usage\/identity\?/,
      /page\.md:7:\d+ - Unknown word \(sentense\)/,
      /page\.md:11: TS2322/,
      /page\.md:15: the Mermaid diagram does not parse/,
      /page\.md:\d+ error MD012/,
      /hint: /,
    ])
      expect(stdout).toMatch(expected);
  }, 300_000);

  it('passes a good page, and says clearly when a named file does not exist', async () => {
    const good = await run('docs/usage/identity.md');
    expect(good.status, good.stdout).toBe(0);
    expect(good.stdout).toMatch(/All checks passed in 1 page/);
    const missing = await run('docs/no-such-page.md');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/No such file or folder: docs\/no-such-page\.md/);
  }, 300_000);
});
