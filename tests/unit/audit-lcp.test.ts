import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import type {PageResult} from '../../scripts/audit/budgets.ts';
import {
  aggregateRuns,
  commonestLcpElement,
  lcpElementOf,
  observedPaintsOf,
  type Lhr,
  type RunSummary,
} from '../../scripts/audit/lighthouse.ts';
import {renderMarkdown, type AuditSummary} from '../../scripts/audit/report.ts';

/** A saved Lighthouse 12.8.2 result, trimmed to the audits the extraction reads. */
const fixture = JSON.parse(
  readFileSync(new URL('fixtures/lighthouse-lcp-element.json', import.meta.url), 'utf8'),
) as Pick<Lhr, 'audits'>;

const GUIDE_PARAGRAPH = {
  selector: 'div.docItemContainer_Djhp > article > div.theme-doc-markdown > p',
  snippet: '<p>',
  label: 'The SDK runs a light Streamr node inside your process. There is no server or br…',
};

describe('lcpElementOf', () => {
  it('names the element from the node table of a saved Lighthouse result', () => {
    expect(lcpElementOf(fixture)).toEqual(GUIDE_PARAGRAPH);
  });

  it('is undefined when Lighthouse names no element (no LCP in the trace)', () => {
    expect(lcpElementOf({audits: {}})).toBeUndefined();
    const empty = {
      id: 'largest-contentful-paint-element',
      title: '',
      score: null,
      details: {type: 'list', items: []},
    };
    expect(lcpElementOf({audits: {'largest-contentful-paint-element': empty}})).toBeUndefined();
  });
});

describe('observedPaintsOf', () => {
  it('reads observed FCP and LCP from the metrics audit', () => {
    expect(observedPaintsOf(fixture)).toEqual({observedFcp: 10686, observedLcp: 10686});
    expect(observedPaintsOf({audits: {}})).toEqual({observedFcp: undefined, observedLcp: undefined});
  });
});

/** A run's summary with only what the LCP columns read varying. */
function run(lcp: number, lcpElement?: RunSummary['lcpElement'], observedLcp?: number): RunSummary {
  return {
    scores: {performance: 99, accessibility: 100, 'best-practices': 100, seo: 100},
    fcp: 900,
    lcp,
    tbt: 0,
    cls: 0,
    si: 1000,
    scriptBytes: 1000,
    observedFcp: observedLcp && observedLcp - 100,
    observedLcp,
    lcpElement,
  };
}

const heading = {selector: 'article > header > h1', snippet: '<h1>', label: 'Title'};

describe('commonestLcpElement and aggregateRuns', () => {
  it('reports the element named in most runs, with its count', () => {
    expect(commonestLcpElement([heading, GUIDE_PARAGRAPH, GUIDE_PARAGRAPH, undefined])).toEqual({
      ...GUIDE_PARAGRAPH,
      runs: 2,
    });
    expect(commonestLcpElement([undefined])).toBeUndefined();
  });

  it('gives the median LCP, the median observed paints and the commonest element', () => {
    const medians = aggregateRuns([
      run(2000, heading, 900),
      run(2600, GUIDE_PARAGRAPH, 1100),
      run(2400, GUIDE_PARAGRAPH, 1000),
    ]);
    expect(medians.lcp).toBe(2400);
    expect(medians.observedLcp).toBe(1000);
    expect(medians.observedFcp).toBe(900);
    expect(medians.lcpElement).toEqual({...GUIDE_PARAGRAPH, runs: 2});
  });
});

describe('the report', () => {
  it('shows each page’s LCP, observed paints and LCP element', () => {
    const page: PageResult = {
      label: 'guide',
      route: '/guides/nodejs',
      medians: aggregateRuns([run(2400, GUIDE_PARAGRAPH, 1000), run(2500, GUIDE_PARAGRAPH, 1100), run(2600)]),
    };
    const baseline: PageResult = {
      label: 'one docs page',
      route: '/',
      medians: aggregateRuns([run(1500), run(1500), run(1500)]),
    };
    const size = {raw: 1, gzip: 1, brotli: 1};
    const summary: AuditSummary = {
      date: '2026-11-25',
      machine: 'test',
      chrome: 'Chromium',
      lighthouse: '12.8.2',
      docusaurus: '3.10.2',
      runs: 3,
      build: {pages: 1, sitemapUrls: 1},
      pages: [page],
      baseline,
      firstLoadJs: {
        ours: {route: '/', total: size},
        stockOnePage: {route: '/', total: size},
      },
      checks: [],
      rawDir: 'raw',
    };
    const markdown = renderMarkdown(summary);
    expect(markdown).toContain(
      '| guide `/guides/nodejs` | 2.50 s | 950 ms / 1.05 s | `div.docItemContainer_Djhp > article > div.theme-doc-markdown > p` `<p>` “The SDK runs a light Streamr node inside your process. There is no server or br…” | 2 of 3 |',
    );
    expect(markdown).toContain(
      '| Stock, one page: one docs page `/` | 1.50 s | not reported | not named |  |',
    );
  });
});
