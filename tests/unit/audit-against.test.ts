import {describe, expect, it} from 'vitest';
import {renderComparison, type Side} from '../../scripts/audit/compare.ts';
import {aggregateRuns, type RunSummary} from '../../scripts/audit/lighthouse.ts';
import {parseArgs} from '../../scripts/audit/options.ts';
import {lighthouseAcross} from '../../scripts/audit/sites.ts';

/** A fake Lighthouse run: only the figures the comparison reads matter. */
function run(performance: number, lcp: number, tbt: number): RunSummary {
  return {
    scores: {performance, accessibility: 100, 'best-practices': 100, seo: 100},
    ...{fcp: 500, lcp, tbt, cls: 0, si: 600, scriptBytes: 1000},
  };
}

const origins = {current: 'http://a', against: 'http://b'};

describe('lighthouseAcross', () => {
  it('alternates the sites run after run, and takes each site’s medians', async () => {
    const calls: string[] = [];
    const medians = await lighthouseAcross(
      {current: ['/', '/guide'], against: ['/', '/guide']},
      origins,
      3,
      async (url) => {
        calls.push(url);
        // The current side gets faster with every call, the other side slower.
        return url.startsWith('http://a')
          ? run(90, 1000 - calls.length, 100)
          : run(80, 1000 + calls.length, 200);
      },
    );
    // A, B, A, B, …: never twice the same side in a row, so machine noise falls on both alike.
    expect(calls.map((url) => url.slice(0, 8))).toEqual(
      Array.from({length: 12}, (_, i) => (i % 2 ? 'http://b' : 'http://a')),
    );
    // Every run measures every page before the next run starts.
    expect(calls.slice(0, 4)).toEqual(['http://a/', 'http://b/', 'http://a/guide', 'http://b/guide']);
    expect(calls.slice(4, 8)).toEqual(calls.slice(0, 4));
    expect(medians.current['/']).toMatchObject({runs: 3, lcp: 995, tbt: 100});
    expect(medians.against['/guide']).toMatchObject({runs: 3, lcp: 1008, scores: {performance: 80}});
  });

  it('measures a page only on the site that has it, and names each raw report', async () => {
    const calls: string[] = [];
    const medians = await lighthouseAcross(
      {current: ['/', '/new'], against: ['/']},
      origins,
      2,
      async (url, name) => {
        calls.push(`${url} ${name}`);
        return run(90, 1000, 100);
      },
    );
    expect(calls).toEqual([
      'http://a/ current-home-run1',
      'http://b/ against-home-run1',
      'http://a/new current-new-run1',
      'http://a/ current-home-run2',
      'http://b/ against-home-run2',
      'http://a/new current-new-run2',
    ]);
    expect(medians.against['/new']).toBeUndefined();
  });
});

describe('renderComparison', () => {
  const side = (label: string, seconds: number, performance: number, lcp: number, js: number): Side => ({
    label,
    build: {seconds, pages: 200, sitemapUrls: 190},
    site: {
      missing: {},
      firstLoadJs: {'/guides/nodejs': {url: '', scripts: [], total: {raw: 0, gzip: 0, brotli: js}}},
      medians: {'/guides/nodejs': aggregateRuns([run(performance, lcp, 120)])},
    },
  });

  it('gives both sides and the delta of build time, Lighthouse medians and first-load JS', () => {
    const against = side('main (abc1234)', 50, 93, 1100, 153_072);
    against.site.missing['/search'] = 'HTTP 404: the page is not in this build';
    const markdown = renderComparison({
      routes: ['/guides/nodejs', '/search'],
      sides: [side('this tree', 40, 96, 1040, 150_000), against],
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
    expect(markdown).toContain(
      '| Performance | `/search` | not measured | HTTP 404: the page is not in this build |  |',
    );
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
