import {describe, expect, it} from 'vitest';
import {evaluateBudgets, type PageResult} from '../../scripts/audit/budgets.ts';
import {
  aggregateRuns,
  median,
  summarizeLhr,
  type Lhr,
  type RunSummary,
} from '../../scripts/audit/lighthouse.ts';
import {renderMarkdown, type AuditSummary} from '../../scripts/audit/report.ts';

/** A Lighthouse result with the parts the audit reads. */
function lhr({
  scores = {performance: 1, accessibility: 1, 'best-practices': 1, seo: 1},
  cls = 0,
  lcp = 1500,
  tbt = 50,
  scripts = [1000, 2000],
} = {}): Lhr {
  const audits: Lhr['audits'] = {
    'first-contentful-paint': {numericValue: 900},
    'largest-contentful-paint': {numericValue: lcp},
    'total-blocking-time': {numericValue: tbt},
    'cumulative-layout-shift': {numericValue: cls},
    'speed-index': {numericValue: 1200},
    'network-requests': {
      details: {
        items: [
          {resourceType: 'Document', transferSize: 5000},
          ...scripts.map((transferSize) => ({resourceType: 'Script', transferSize})),
          {resourceType: 'Other', transferSize: 9999},
        ],
      },
    },
  };
  const categories: Lhr['categories'] = {};
  for (const [id, score] of Object.entries(scores)) categories[id] = {score};
  return {requestedUrl: 'http://127.0.0.1/x', categories, audits};
}

function page(label: string, runs: RunSummary[]): PageResult {
  return {label, route: `/${label}`, medians: aggregateRuns(runs)};
}

const js = {
  ours: {route: '/guides/nodejs', total: {raw: 600_000, gzip: 190_000, brotli: 150_000}},
  stockOnePage: {route: '/', total: {raw: 500_000, gzip: 160_000, brotli: 140_000}},
};

function failures(checks: ReturnType<typeof evaluateBudgets>) {
  return checks.filter((check) => check.ok === false).map((check) => `${check.name} ${check.subject}`);
}

describe('summarizeLhr', () => {
  it('reads scores as 0–100, metrics and script bytes', () => {
    const summary = summarizeLhr(
      lhr({scores: {performance: 0.874, accessibility: 0.96, 'best-practices': 1, seo: 1}}),
    );
    expect(summary.scores).toEqual({performance: 87, accessibility: 96, 'best-practices': 100, seo: 100});
    expect(summary.scriptBytes).toBe(3000);
  });

  it('refuses a run Lighthouse could not complete', () => {
    expect(() => summarizeLhr({...lhr(), runtimeError: {message: 'no paint'}})).toThrow(/no paint/);
    const noScore = lhr();
    noScore.categories.seo.score = null;
    expect(() => summarizeLhr(noScore)).toThrow(/no seo score/);
  });
});

describe('median and aggregateRuns', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('aggregates each number on its own', () => {
    const runs = [0.9, 0.6, 0.8].map((p, i) =>
      summarizeLhr(
        lhr({
          scores: {performance: p, accessibility: 1, 'best-practices': 1, seo: 1},
          tbt: [100, 900, 300][i],
        }),
      ),
    );
    const m = aggregateRuns(runs);
    expect(m.scores.performance).toBe(80);
    expect(m.performanceRange).toEqual([60, 90]);
    expect(m.tbt).toBe(300);
    expect(m.runs).toBe(3);
  });
});

describe('evaluateBudgets', () => {
  const good = () => [1, 2, 3].map(() => summarizeLhr(lhr()));
  const baseline = page('stock', good());

  it('passes when every budget holds', () => {
    expect(failures(evaluateBudgets({pages: [page('home', good())], baseline, firstLoadJs: js}))).toEqual([]);
  });

  it('fails an accessibility, best-practices or SEO median below 100', () => {
    for (const category of ['accessibility', 'best-practices', 'seo'] as const) {
      const runs = [1, 2, 3].map(() =>
        summarizeLhr(
          lhr({scores: {performance: 1, accessibility: 1, 'best-practices': 1, seo: 1, [category]: 0.98}}),
        ),
      );
      expect(failures(evaluateBudgets({pages: [page('home', runs)], baseline, firstLoadJs: js}))).toEqual([
        `${category} home (/home)`,
      ]);
    }
  });

  it('fails a median largest contentful paint over 1.5 s', () => {
    const at = (lcp: number) => [1, 2, 3].map(() => summarizeLhr(lhr({lcp})));
    expect(failures(evaluateBudgets({pages: [page('home', at(1500))], baseline, firstLoadJs: js}))).toEqual(
      [],
    );
    expect(failures(evaluateBudgets({pages: [page('home', at(1501))], baseline, firstLoadJs: js}))).toEqual([
      'LCP home (/home)',
    ]);
  });

  it('fails performance below 95 when the stock site reaches 95', () => {
    const runs = [1, 2, 3].map(() =>
      summarizeLhr(lhr({scores: {performance: 0.9, accessibility: 1, 'best-practices': 1, seo: 1}})),
    );
    const checks = evaluateBudgets({pages: [page('home', runs)], baseline, firstLoadJs: js});
    expect(failures(checks)).toEqual(['performance home (/home)']);
    expect(checks.find((c) => c.name === 'performance')).toMatchObject({
      limit: '>= 95',
      note: 'the stock one-page site reaches 100 here',
    });
  });

  it('judges performance against the stock median when the stock site is below 95 too', () => {
    const at = (p: number) =>
      [1, 2, 3].map(() =>
        summarizeLhr(lhr({scores: {performance: p, accessibility: 1, 'best-practices': 1, seo: 1}})),
      );
    const slowStock = page('stock', at(0.8));
    const holds = evaluateBudgets({pages: [page('home', at(0.8))], baseline: slowStock, firstLoadJs: js});
    expect(failures(holds)).toEqual([]);
    expect(holds.find((c) => c.name === 'performance')?.note).toMatch(/stock one-page site scores 80 here/);
    const fails = evaluateBudgets({pages: [page('home', at(0.79))], baseline: slowStock, firstLoadJs: js});
    expect(failures(fails)).toEqual(['performance home (/home)']);
    expect(fails.find((c) => c.name === 'performance')?.limit).toBe('>= stock one-page site, median 80');
  });

  it('fails layout shift above 0.02', () => {
    const runs = [1, 2, 3].map(() => summarizeLhr(lhr({cls: 0.05})));
    expect(failures(evaluateBudgets({pages: [page('home', runs)], baseline, firstLoadJs: js}))).toEqual([
      'CLS home (/home)',
    ]);
  });

  it('fails fewer than three runs', () => {
    const runs = [summarizeLhr(lhr()), summarizeLhr(lhr())];
    expect(failures(evaluateBudgets({pages: [page('home', runs)], baseline, firstLoadJs: js}))).toEqual([
      'runs home (/home)',
    ]);
  });

  it('fails first-load JavaScript more than 10 % above the one-page stock site', () => {
    // 140,000 B + 10 % = 154,000 B.
    const heavy = {...js, ours: {...js.ours, total: {...js.ours.total, brotli: 154_001}}};
    const failed = evaluateBudgets({pages: [], baseline, firstLoadJs: heavy});
    expect(failures(failed)).toEqual(['first-load JS (brotli) /guides/nodejs']);
    expect(failed[0]?.note).toBe('+10.0 % of the stock one-page site');
    const edge = {...js, ours: {...js.ours, total: {...js.ours.total, brotli: 154_000}}};
    expect(failures(evaluateBudgets({pages: [], baseline, firstLoadJs: edge}))).toEqual([]);
  });

  it('never passes a missing page', () => {
    const missing: PageResult = {label: 'search', route: '/search', missing: 'HTTP 404'};
    const checks = evaluateBudgets({pages: [missing], baseline, firstLoadJs: js});
    expect(failures(checks)).toEqual(['Lighthouse search (/search)']);
    expect(checks[0]).toMatchObject({measured: 'not measured: HTTP 404'});
  });
});

describe('renderMarkdown', () => {
  it('reports medians, missing pages and failed budgets', () => {
    const runs = [0.7, 0.8, 0.9].map((p) =>
      summarizeLhr(lhr({scores: {performance: p, accessibility: 1, 'best-practices': 1, seo: 1}})),
    );
    const pages = [page('home', runs), {label: 'search', route: '/search', missing: 'HTTP 404'}];
    const baseline = page(
      'stock',
      [1, 2, 3].map(() => summarizeLhr(lhr())),
    );
    const summary: AuditSummary = {
      date: '2026-11-22',
      machine: 'test machine',
      chrome: 'Chromium 1',
      lighthouse: '12.8.2',
      docusaurus: '3.10.2',
      runs: 3,
      build: {seconds: 12.34, pages: 140, sitemapUrls: 138},
      stockBuildSeconds: 5,
      pages,
      baseline,
      firstLoadJs: js,
      typeInfoHtml: [
        {
          route: '/guides/nodejs',
          hovers: 120,
          with: {raw: 90_000, gzip: 20_000, brotli: 16_000},
          without: {raw: 60_000, gzip: 15_000, brotli: 12_000},
          extra: {raw: 30_000, gzip: 5_000, brotli: 4_000},
        },
      ],
      checks: evaluateBudgets({pages, baseline, firstLoadJs: js}),
      rawDir: 'reports/audit/lighthouse',
    };
    const markdown = renderMarkdown(summary);
    expect(markdown).toContain('## Extra HTML from type info');
    expect(markdown).toMatch(/\| `\/guides\/nodejs` \| 120 \| .+ \|$/m);
    expect(markdown).toContain('Measured 2026-11-22 on test machine');
    expect(markdown).toContain('| home `/home` | 80 (70–90) | 100 | 100 | 100 |');
    expect(markdown).toContain('missing: HTTP 404');
    expect(markdown).toContain(
      '**2 budget(s) failed:** performance on home (/home); Lighthouse on search (/search).',
    );
    expect(markdown).toContain('Cold build (no persistent bundler cache, TypeDoc included): 12.3 s');
    expect(markdown).toContain('- Stock one-page build, cold: 5.0 s');
  });
});
