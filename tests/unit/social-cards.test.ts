import {mkdtempSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {cssVariable, socialCardsOptions} from '../../config/social-cards.ts';
import {cardPages, fillCacheInChild, sectionOf} from '../../src/plugins/social-cards/index.ts';
import {socialCardFile} from '../../src/plugins/social-cards/paths.ts';
import {pngSize} from '../support/png.ts';
import {
  MAX_TITLE_LENGTH,
  cardKey,
  cardTree,
  copyCards,
  fillCache,
  fitTitle,
  renderCard,
  type CardText,
  type RenderOptions,
} from '../../src/plugins/social-cards/render.ts';

type CardJob = {text: CardText; outFile: string};

/** The build's two steps: fill the cache, then copy each job's card into place. */
async function renderCards(jobs: readonly CardJob[], options: RenderOptions) {
  const stats = await fillCache(
    jobs.map((job) => job.text),
    options,
  );
  return {...stats, bytes: await copyCards(jobs, options)};
}

const {brand, sections} = socialCardsOptions();
const tmp = () => mkdtempSync(path.join(tmpdir(), 'social-cards-'));

/** Every string in a satori element tree, in order. */
function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (node && typeof node === 'object' && 'props' in node)
    return texts((node as {props: {children?: unknown}}).props.children);
  return [];
}

describe('social card renderer', () => {
  it('renders a 1200×630 PNG well under 100 KB', async () => {
    const png = await renderCard({title: 'Subscribe to a stream', section: 'Usage'}, brand);
    expect(pngSize(png)).toEqual({width: 1200, height: 630});
    expect(png.length).toBeLessThan(100 * 1024);
    if (process.env.SOCIAL_CARD_SAMPLE) writeFileSync(process.env.SOCIAL_CARD_SAMPLE, png);
  });

  it('reads the PNG size from the header and rejects what is not a PNG', () => {
    const header = Buffer.alloc(24);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
    header.write('IHDR', 12, 'latin1');
    header.writeUInt32BE(640, 16);
    header.writeUInt32BE(480, 20);
    expect(pngSize(header)).toEqual({width: 640, height: 480});
    expect(() => pngSize(Buffer.from('GIF89a and more bytes here'))).toThrow('not a PNG');
  });

  it('cuts long titles at a word and keeps short ones whole', () => {
    expect(fitTitle('  Publish   and subscribe ')).toBe('Publish and subscribe');
    const long =
      'How to run a Streamr node with an operator contract on Polygon and earn rewards from sponsorships over time';
    const fitted = fitTitle(long);
    expect(fitted.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(fitted.endsWith('…')).toBe(true);
    expect(long.startsWith(fitted.slice(0, -1))).toBe(true);
    expect(long[fitted.length - 1]).toBe(' ');
    // One endless word is cut inside the word.
    expect(fitTitle('x'.repeat(200))).toBe(`${'x'.repeat(MAX_TITLE_LENGTH - 1)}…`);
    // The card shows the cut title, not the whole one.
    expect(texts(cardTree({title: long, section: 'Network'}, brand))).toEqual([
      'Streamr Docs',
      'Network',
      fitted,
      'docs.streamr.network',
    ]);
  });

  it('takes a card from the cache instead of rendering it again, and renders again when its inputs change', async () => {
    const cacheDir = tmp();
    const out = tmp();
    const jobs = [
      {text: {title: 'One', section: 'Guides'}, outFile: path.join(out, 'img/social/a.png')},
      {text: {title: 'Two'}, outFile: path.join(out, 'img/social/b/c.png')},
    ];
    const options = {brand, cacheDir, rendererId: 'test'};

    const cold = await renderCards(jobs, options);
    expect(cold).toMatchObject({cards: 2, rendered: 2, cached: 0});
    const first = readFileSync(path.join(out, 'img/social/b/c.png'));
    expect(pngSize(first)).toEqual({width: 1200, height: 630});
    expect(cold.bytes).toBe(first.length + readFileSync(path.join(out, 'img/social/a.png')).length);

    const warm = await renderCards(jobs, options);
    expect(warm).toMatchObject({cards: 2, rendered: 0, cached: 2, bytes: cold.bytes});
    expect(readdirSync(cacheDir).sort()).toHaveLength(2);

    const changed = await renderCards(
      [{...jobs[0], text: {title: 'One, renamed', section: 'Guides'}}],
      options,
    );
    expect(changed).toMatchObject({rendered: 1, cached: 0});
    const newRenderer = await renderCards([jobs[1]], {...options, rendererId: 'test 2'});
    expect(newRenderer).toMatchObject({rendered: 1, cached: 0});
  });

  it('fills the cache in a child process, with the same keys as the build', async () => {
    const cacheDir = tmp();
    const options = {brand, cacheDir, rendererId: 'child test'};
    const texts = [{title: 'From the child', section: 'Help'}, {title: 'Another'}];
    expect(await fillCacheInChild(texts, options)).toEqual({cards: 2, rendered: 2, cached: 0});
    const out = tmp();
    const stats = await renderCards(
      texts.map((text, i) => ({text, outFile: path.join(out, `${i}.png`)})),
      options,
    );
    expect(stats).toMatchObject({rendered: 0, cached: 2});
    expect(pngSize(readFileSync(path.join(out, '0.png')))).toEqual({width: 1200, height: 630});
  });

  it('keys the cache on text, brand and renderer', () => {
    const key = cardKey({title: 'A'}, brand, 'r1');
    expect(cardKey({title: 'A'}, brand, 'r1')).toBe(key);
    expect(cardKey({title: 'B'}, brand, 'r1')).not.toBe(key);
    expect(cardKey({title: 'A', section: 'Help'}, brand, 'r1')).not.toBe(key);
    expect(cardKey({title: 'A'}, {...brand, accent: '#000000'}, 'r1')).not.toBe(key);
    expect(cardKey({title: 'A'}, brand, 'r2')).not.toBe(key);
  });
});

describe('social card pages and paths', () => {
  it('puts each card at img/social/<route>.png', () => {
    expect(socialCardFile('/usage/sdk/api', '/')).toBe('img/social/usage/sdk/api.png');
    expect(socialCardFile('/', '/')).toBe('img/social/index.png');
    expect(socialCardFile('/docs/guides/', '/docs/')).toBe('img/social/guides.png');
    expect(socialCardFile('/docs/', '/docs/')).toBe('img/social/index.png');
  });

  it('names the section with the longest matching route prefix', () => {
    expect(sectionOf('/usage/identity', sections)).toBe('Usage');
    expect(sectionOf('/usage/sdk/api/classes/StreamrClient', sections)).toBe('SDK API reference');
    expect(sectionOf('/usage/sdk/api', sections)).toBe('SDK API reference');
    expect(sectionOf('/blog/2026/02/05/sdk', sections)).toBe('Blog');
    expect(sectionOf('/usages', sections)).toBeUndefined();
  });

  it('lists docs pages, generated index pages and blog posts of every plugin instance', () => {
    const docs = {
      loadedVersions: [
        {
          docs: [{id: 'a', permalink: '/a', title: 'A'}],
          sidebars: {
            main: [
              {type: 'link', label: 'Elsewhere', href: 'https://example.org'},
              {
                type: 'category',
                label: 'Category',
                link: {type: 'generated-index', permalink: '/cat'},
                items: [
                  {
                    type: 'category',
                    label: 'Inner',
                    link: {type: 'generated-index', permalink: '/cat/inner', title: 'Inner pages'},
                    items: [],
                  },
                  {type: 'category', label: 'Plain', items: []},
                ],
              },
            ],
            other: [
              {
                type: 'category',
                label: 'Again',
                link: {type: 'generated-index', permalink: '/cat'},
                items: [],
              },
            ],
          },
        },
      ],
    };
    const blog = {
      blogPosts: [
        {metadata: {permalink: '/blog/p', title: 'Post', frontMatter: {title_meta: 'Post, for search'}}},
      ],
    };
    expect(
      cardPages({
        'docusaurus-plugin-content-docs': {default: docs},
        'docusaurus-plugin-content-blog': {default: blog},
      }),
    ).toEqual([
      {permalink: '/cat', title: 'Category'},
      {permalink: '/cat/inner', title: 'Inner pages'},
      {permalink: '/a', title: 'A'},
      {permalink: '/blog/p', title: 'Post, for search'},
    ]);
  });

  it('reads the brand colors from the site stylesheet and fails on a missing one', () => {
    const css = ":root {\n  --a: #111;\n}\n\n[data-theme='dark'] {\n  --a: #222;\n}\n";
    expect(cssVariable(css, '--a')).toBe('#111');
    expect(cssVariable(css, '--a', "[data-theme='dark']")).toBe('#222');
    expect(() => cssVariable(css, '--b')).toThrow('--b is not set');
    expect(brand.background).toMatch(/^#[0-9a-f]{6}$/i);
  });
});
