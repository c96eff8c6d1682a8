import {describe, expect, it} from 'vitest';
import {
  lighthouseBothSides,
  renderComparison,
  type Side,
  type SideFigures,
} from '../../scripts/audit/compare.ts';
import {parseArgs} from '../../scripts/audit/options.ts';
import type {RunSummary} from '../../scripts/audit/lighthouse.ts';

/** A fake Lighthouse run: only the figures the comparison reads matter. */
function run(performance: number, lcp: number, tbt: number): RunSummary {
  return {
    scores: {performance, accessibility: 100, 'best-practices': 100, seo: 100},
    fcp: 500,
    lcp,
    tbt,
    cls: 0,
    si: 600,
    scriptBytes: 1000,
    scriptRequests: 2,
    domSize: 100,
    bootupMs: 50,
    mainThreadMs: 200,
    shortfalls: [],
  };
}

const origins: Record<Side, string> = {current: 'http://a', against: 'http://b'};

describe('lighthouseBothSides', () => {
  it('alternates the sides run after run, and takes each side’s medians', async () => {
    const calls: string[] = [];
    let n = 0;
    const medians = await lighthouseBothSides({
      routes: {current: ['/', '/guide'], against: ['/', '/guide']},
      origins,
      runs: 3,
      measure: async (url) => {
        calls.push(url);
        n++;
        // The current side gets faster with every run, the other side slower.
        return url.startsWith('http://a') ? run(90, 1000 - n, 100) : run(80, 1000 + n, 200);
      },
    });
    const side = (url: string) => url.slice(0, 8);
    // A, B, A, B, …: never twice the same side in a row, so machine noise falls on both alike.
    expect(calls.map(side)).toEqual(Array.from({length: 12}, (_, i) => (i % 2 ? 'http://b' : 'http://a')));
    // Every run measures every page before the next run starts.
    expect(calls.slice(0, 4)).toEqual(['http://a/', 'http://b/', 'http://a/guide', 'http://b/guide']);
    expect(calls.slice(4, 8)).toEqual(calls.slice(0, 4));
    expect(medians.current.get('/')).toMatchObject({runs: 3, lcp: 995, tbt: 100});
    expect(medians.against.get('/guide')).toMatchObject({runs: 3, lcp: 1008, scores: {performance: 80}});
  });

  it('measures a page only on the side that has it', async () => {
    const calls: string[] = [];
    const medians = await lighthouseBothSides({
      routes: {current: ['/', '/new'], against: ['/']},
      origins,
      runs: 2,
      measure: async (url) => (calls.push(url), run(90, 1000, 100)),
    });
    expect(calls).toEqual([
      'http://a/',
      'http://b/',
      'http://a/new',
      'http://a/',
      'http://b/',
      'http://a/new',
    ]);
    expect(medians.against.has('/new')).toBe(false);
  });
});

describe('renderComparison', () => {
  const side = (
    label: string,
    seconds: number,
    performance: number,
    lcp: number,
    js: number,
  ): SideFigures => ({
    label,
    build: {seconds, pages: 200, sitemapUrls: 190},
    pages: {
      '/guides/nodejs': {
        firstLoadJsBrotli: js,
        lighthouse: {
          ...run(performance, lcp, 120),
          runs: 1,
          performanceRange: [performance, performance],
          shortfalls: [],
          lcpElement: undefined,
        },
      },
    },
  });

  it('gives both sides and the delta of build time, Lighthouse medians and first-load JS', () => {
    const markdown = renderComparison({
      routes: ['/guides/nodejs', '/search'],
      sides: {
        current: side('this tree', 40, 96, 1040, 150_000),
        against: {
          ...side('main (abc1234)', 50, 93, 1100, 153_072),
          pages: {...side('', 50, 93, 1100, 153_072).pages, '/search': {missing: 'HTTP 404'}},
        },
      },
      runs: 3,
      machine: 'test machine',
      date: '2026-11-28',
    });
    expect(markdown).toContain('# Audit: this tree against main (abc1234)');
    expect(markdown).toContain('| Figure | Page | this tree | main (abc1234) | Delta |');
    expect(markdown).toContain('| Cold build |  | 40.0 s | 50.0 s | −10.0 s (−20.0 %) |');
    expect(markdown).toContain('| Performance | `/guides/nodejs` | 96 | 93 | +3 |');
    expect(markdown).toContain('| LCP | `/guides/nodejs` | 1.04 s | 1.10 s | −60 ms (−5.5 %) |');
    expect(markdown).toContain('| TBT | `/guides/nodejs` | 120 ms | 120 ms | ±0 ms (±0.0 %) |');
    expect(markdown).toContain(
      '| First-load JS (brotli) | `/guides/nodejs` | 146.5 KB | 149.5 KB | −3.0 KB (−2.0 %) |',
    );
    // A page one side lacks says why, and gets no delta.
    expect(markdown).toContain('| Performance | `/search` | not measured | HTTP 404 |  |');
  });
});

describe('--against', () => {
  it('takes a commit, allows a single run and writes to its own folder', () => {
    expect(parseArgs(['--against', 'HEAD~1', '--runs', '1'])).toMatchObject({
      against: 'HEAD~1',
      runs: 1,
      out: 'reports/audit-against',
    });
    expect(parseArgs(['--runs', '3']).against).toBeUndefined();
    expect(() => parseArgs(['--runs', '1'])).toThrow(/at least 3/);
    expect(() => parseArgs(['--against'])).toThrow(/--against needs a value/);
    expect(() => parseArgs(['--against', 'main', '--scale', '10'])).toThrow(/two different audits/);
  });
});
