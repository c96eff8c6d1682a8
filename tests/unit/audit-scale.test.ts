import {describe, expect, it} from 'vitest';
import {medianFirstSearch} from '../../scripts/audit/first-search.ts';
import {parseArgs} from '../../scripts/audit/options.ts';
import {evaluateScale, renderScaleMarkdown, type ScalePoint} from '../../scripts/audit/scale.ts';
import {
  seededRandom,
  variantFileName,
  variantSource,
  vocabulary,
} from '../../scripts/audit/synthetic-docs.ts';

const PAGE = `---
title: 'Publish: a guide'
slug: /guides/publish/
sidebar_label: Publish
sidebar_position: 3
---

import Tabs from '@theme/Tabs';

# Publishing messages

Publishing sends every message through the network quickly, see [the stream guide](../streams/guide.md#setup) and \`client.publish()\` or https://example.com/publishing/page.

## Setting things up {#setting-up}

<Tabs groupId="language">
Keep these words exactly
</Tabs>

\`\`\`ts
const message = await client.publish(streamId, content);
\`\`\`

:::tip Remember this
Another paragraph with several ordinary words inside.
:::

[reference]: https://example.com/reference/words
`;

const words = ['alpha', 'bravo', 'charlie', 'delta'];

describe('synthetic docs pages', () => {
  const variant = variantSource(
    {file: 'docs/guides/publishing.md', source: PAGE},
    {copy: 3, words, random: seededRandom(1)},
  );
  const [, frontMatter, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(variant) ?? [];

  it('gives the variant its own slug, title and sidebar label, quoted as valid YAML', () => {
    expect(frontMatter).toBe(
      [
        'title: "Publish: a guide (copy 3)"',
        'slug: "/guides/publish-copy-3"',
        'sidebar_label: "Publish (copy 3)"',
        'sidebar_position: 3',
      ].join('\n'),
    );
    expect(body).toContain('# Publishing messages (copy 3)');
    expect(variantFileName('publishing.mdx', 3)).toBe('publishing-copy-3.mdx');
  });

  it('varies the prose but keeps links, inline code, URLs, headings, MDX, code and admonition fences', () => {
    const prose = body
      .split('\n')
      .find((line) => line.startsWith('Publishing') || line.includes('[the stream guide]'))!;
    expect(prose).not.toBe(
      'Publishing sends every message through the network quickly, see [the stream guide](../streams/guide.md#setup) and `client.publish()` or https://example.com/publishing/page.',
    );
    expect(prose).toContain('[the stream guide](../streams/guide.md#setup)');
    expect(prose).toContain('`client.publish()`');
    expect(prose).toContain('https://example.com/publishing/page.');
    for (const kept of [
      "import Tabs from '@theme/Tabs';",
      '## Setting things up {#setting-up}',
      '<Tabs groupId="language">',
      'const message = await client.publish(streamId, content);',
      ':::tip Remember this',
      '[reference]: https://example.com/reference/words',
    ])
      expect(body).toContain(kept);
    // Only vocabulary words come in.
    const swapped =
      prose.replace(/\[[^\]]*\]\([^)]*\)|`[^`]*`|https?:\/\/\S+/g, '').match(/[a-z]{4,}/gi) ?? [];
    const original = ['Publishing', 'sends', 'every', 'message', 'through', 'network', 'quickly'];
    for (const word of swapped) expect([...words, ...original]).toContain(word);
  });

  it('generates the same site on every run, and different text for different copies', () => {
    expect(
      variantSource(
        {file: 'docs/guides/publishing.md', source: PAGE},
        {copy: 3, words, random: seededRandom(1)},
      ),
    ).toBe(variant);
    expect(
      variantSource(
        {file: 'docs/guides/publishing.md', source: PAGE},
        {copy: 3, words, random: seededRandom(2)},
      ),
    ).not.toBe(variant);
  });

  it('keeps code blocks as the site reads them: a longer fence holding a short one, indented code', () => {
    const source = [
      'Prose words everywhere here.',
      '',
      '````md',
      '```',
      'inside nested fence words',
      '```',
      'still inside outer fence',
      '````',
      '',
      '    indented code block words',
    ].join('\n');
    const page = {file: 'docs/x.md', source};
    const varied = variantSource(page, {copy: 2, words: ['zzzz'], random: () => 0});
    expect(varied.split('\n')[0]).toBe('zzzz zzzz zzzz zzzz.');
    expect(varied.split('\n').slice(2).join('\n')).toBe(source.split('\n').slice(2).join('\n'));
    expect(vocabulary([page])).toEqual(['everywhere', 'here', 'prose', 'words']);
  });

  it('names the page and line of a page it cannot read', () => {
    expect(() => vocabulary([{file: 'docs/broken.md', source: '---\ntitle: a: b\n---\n'}])).toThrow(
      /^docs\/broken\.md:2: front matter is not valid YAML/,
    );
  });

  it('draws its vocabulary from prose only, lower-cased, at least four letters', () => {
    const vocabularyOfPage = vocabulary([{file: 'docs/guides/publishing.md', source: PAGE}]);
    expect(vocabularyOfPage).toContain('publishing');
    expect(vocabularyOfPage).toContain('another');
    expect(vocabularyOfPage).not.toContain('const');
    expect(vocabularyOfPage).not.toContain('groupid');
    expect(vocabularyOfPage).not.toContain('the');
  });
});

function point(
  factor: number,
  {gzip = 100_000, after = 120, cpuPerPage = 2}: {gzip?: number; after?: number; cpuPerPage?: number} = {},
): ScalePoint {
  const pages = 160 * factor;
  return {
    factor,
    docsPages: 130 * factor,
    syntheticPages: 130 * (factor - 1),
    pages,
    build: {seconds: pages, cpuSeconds: pages * cpuPerPage, peakRssBytes: 2 ** 30},
    cpuSecondsPerPage: cpuPerPage,
    index: {
      files: ['search-index.json', 'search-index/abc/t1.json'],
      raw: gzip * 5,
      gzip,
      brotli: gzip * 0.8,
    },
    wholeIndex: {
      files: ['search-index.json', 'search-index/abc/t1.json'],
      raw: gzip * 20,
      gzip: gzip * 4,
      brotli: gzip * 3,
    },
    firstSearch: {
      downloadMs: 40,
      transferredBytes: gzip * 0.8,
      resultsAfterDownloadMs: after,
      keystrokeToResultsMs: after + 10,
      runs: 3,
      resultsAfterDownloadEach: [after - 20, after, after + 30],
      query: 'publish',
      page: '/guides/nodejs',
      files: ['/search-index.json', '/search-index/abc/t1.json'],
    },
  };
}

describe('evaluateScale', () => {
  it('holds when the index, the first search and the build cost per page are within the goals', () => {
    expect(
      evaluateScale([point(1), point(10, {gzip: 900_000, after: 290, cpuPerPage: 2.2})]).map((c) => c.ok),
    ).toEqual([true, true, true]);
  });

  it('fails an index above 150 KiB gzip at 1×', () => {
    const [index] = evaluateScale([point(1, {gzip: 150 * 1024 + 1}), point(10)]);
    expect(index).toMatchObject({
      name: 'Search index the first search downloads at 1×, gzip',
      ok: false,
      measured: '150.0 KiB',
    });
  });

  it('fails a first search at 10× slower than 300 ms after the download', () => {
    const checks = evaluateScale([point(1, {after: 900}), point(10, {after: 301})]);
    expect(checks[1]).toMatchObject({ok: false, measured: '301 ms', limit: '300 ms'});
  });

  it('fails build CPU per page growing more than 15 %', () => {
    const checks = evaluateScale([point(1), point(10, {cpuPerPage: 2.31})]);
    expect(checks[2]).toMatchObject({ok: false, measured: '2.31 vs 2.00 CPU-s', limit: '2.30 CPU-s (+15 %)'});
  });

  it('the report has a row per scale and says which goals were missed', () => {
    const points = [point(1), point(10, {after: 400})];
    const markdown = renderScaleMarkdown({
      date: '2026-11-25',
      machine: 'test machine',
      loadAverage: {start: 0.5, end: 0.7},
      points,
      checks: evaluateScale(points),
    });
    expect(markdown).toContain('**1 goal(s) missed:** First search at 10×');
    expect(markdown).toContain('| 10× | 1300 (1170) | 1600 | 1600 s | 3200 s | 2.00 s | 1024 MiB |');
    expect(markdown).not.toContain('loaded machine');
    // The first search's median, with the runs' range.
    expect(markdown).toContain('| 400 ms (380 ms–430 ms) |');
    expect(markdown).toContain('First search: median of 3 runs in Chromium');
  });
});

describe('first search and options', () => {
  it('takes the median of each figure', () => {
    const run = (ms: number) => ({
      downloadMs: ms,
      transferredBytes: 10,
      resultsAfterDownloadMs: ms * 2,
      keystrokeToResultsMs: ms * 3,
    });
    expect(medianFirstSearch([run(10), run(30), run(20)], 'q', '/p', ['/search-index.json'])).toEqual({
      downloadMs: 20,
      transferredBytes: 10,
      resultsAfterDownloadMs: 40,
      keystrokeToResultsMs: 60,
      runs: 3,
      query: 'q',
      page: '/p',
      files: ['/search-index.json'],
      resultsAfterDownloadEach: [20, 60, 40],
    });
  });

  it('--scale takes a whole factor of at least 2 and writes to its own folder by default', () => {
    expect(parseArgs(['--scale', '10'])).toMatchObject({scale: 10, out: 'reports/audit-scale'});
    expect(parseArgs(['--scale', '10', '--out', 'x'])).toMatchObject({scale: 10, out: 'x'});
    // --runs is also the scale audit's number of first searches per scale.
    expect(parseArgs(['--scale', '10', '--runs', '5'])).toMatchObject({scale: 10, runs: 5});
    expect(parseArgs([]).scale).toBeUndefined();
    expect(() => parseArgs(['--scale', '1'])).toThrow(/at least 2/);
    expect(() => parseArgs(['--scale', 'ten'])).toThrow(/at least 2/);
  });
});
