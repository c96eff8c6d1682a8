/**
 * Step 7 of `npm run audit`: the report, reports/audit/report.md (also the
 * workflow's job summary) and summary.json. renderMarkdown does no I/O, so the
 * unit tests read its output directly.
 */
import {promises as fs} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {BuiltSite} from './build.ts';
import type {Check, FirstLoadJsRoutes, PageResult} from './budgets.ts';
import type {TypeInfoHtml} from './type-info-html.ts';
import {formatBytes, formatHolds, formatMebibytes, formatMs, markdownTable} from './format.ts';
import {SAMPLE_MS} from './proc-tree.ts';

export type AuditSummary = {
  date: string;
  machine: string;
  chrome: string;
  lighthouse: string;
  docusaurus: string;
  runs: number;
  build: BuiltSite;
  stockBuildSeconds?: number;
  pages: PageResult[];
  baseline: PageResult;
  firstLoadJs: FirstLoadJsRoutes;
  /** What the code samples' type hovers add to each audited page's HTML. */
  typeInfoHtml?: TypeInfoHtml[];
  checks: Check[];
  rawDir: string;
  notes?: string[];
};

/** The machine the numbers come from, for the report's first line. */
export function describeMachine(): string {
  const cpus = os.cpus();
  return (
    `${os.hostname()}: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}, ` +
    `load average ${os.loadavg()[0].toFixed(1)} at start`
  );
}

/** CPU and memory of a build, per page where that is meaningful. */
export function describeBuildCost(build: BuiltSite): string {
  if (build.cpuSeconds === undefined) return 'not measured (--skip-build, or no /proc on this system)';
  const perPage = build.pages ? (build.cpuSeconds / build.pages).toFixed(2) : 'n/a';
  return (
    `${build.cpuSeconds.toFixed(1)} CPU-s (user + system), ${perPage} CPU-s per page over ${build.pages} pages; ` +
    `peak RSS ${build.peakRssBytes === undefined ? 'not measured' : formatMebibytes(build.peakRssBytes)} ` +
    `(sum over the process tree, sampled every ${SAMPLE_MS} ms)`
  );
}

/** The Markdown report. */
export function renderMarkdown(summary: AuditSummary): string {
  const failed = summary.checks.filter((check) => !check.ok);
  const allPages = [...summary.pages, summary.baseline];
  const measured = allPages.flatMap((page) => (page.medians ? [{page, m: page.medians}] : []));
  const pageName = (page: PageResult) =>
    `${page === summary.baseline ? 'Stock, one page: ' : ''}${page.label} \`${page.route}\``;
  const {build, firstLoadJs: js} = summary;
  const seconds = (value?: number) => (value === undefined ? 'not measured' : `${value.toFixed(1)} s`);
  const lines = [
    '# Performance and accessibility audit',
    '',
    `Measured ${summary.date} on ${summary.machine}; Lighthouse ${summary.lighthouse} (mobile, simulated throttling), ` +
      `${summary.chrome}, Docusaurus ${summary.docusaurus}. Every number is the median of ${summary.runs} runs ` +
      `per page; our pages and the stock site were measured in the same interleaved runs. Stock site: ` +
      `Docusaurus's classic preset with nothing added and a single docs page.`,
    '',
    failed.length
      ? `**${failed.length} budget(s) failed:** ${failed.map((c) => `${c.name} on ${c.subject}`).join('; ')}.`
      : '**Every budget holds.**',
    '',
    '## Lighthouse (medians)',
    '',
    ...markdownTable(
      'Page | Perf. (range) | A11y | Best pr. | SEO | FCP | LCP | TBT | CLS | JS transferred',
      allPages.map((page) => {
        const m = page.medians;
        if (!m) return [pageName(page), `missing: ${page.missing ?? 'no result'}`];
        return [
          pageName(page),
          `${m.scores.performance} (${m.performanceRange.join('–')})`,
          ...(['accessibility', 'best-practices', 'seo'] as const).map((id) => String(m.scores[id])),
          ...[m.fcp, m.lcp, m.tbt].map(formatMs),
          m.cls.toFixed(3),
          formatBytes(m.scriptBytes),
        ];
      }),
    ),
    '',
    'JS transferred: compressed script bytes of the page load as Lighthouse recorded them (the server sends brotli).',
    '',
    '## Largest Contentful Paint',
    '',
    'LCP as Lighthouse simulates it (median) and as the trace observed it without throttling (median), and the element ' +
      'Lighthouse named as the largest contentful paint in most runs (selector, opening tag, text).',
    '',
    ...markdownTable(
      'Page | LCP | Observed FCP / LCP | LCP element | In runs',
      measured.map(({page, m}) => [
        pageName(page),
        formatMs(m.lcp),
        m.observedFcp === undefined || m.observedLcp === undefined
          ? 'not reported'
          : `${formatMs(m.observedFcp)} / ${formatMs(m.observedLcp)}`,
        m.lcpElement
          ? `\`${m.lcpElement.selector}\` \`${m.lcpElement.snippet}\`` +
            (m.lcpElement.label ? ` “${m.lcpElement.label}”` : '')
          : 'not named',
        m.lcpElement ? `${m.lcpElement.runs} of ${m.runs}` : '',
      ]),
    ),
    '',
    '## First-load JavaScript (deterministic)',
    '',
    'Scripts a fresh tab fetches to show and hydrate the page (prefetches of linked pages excluded), compressed as served.',
    '',
    ...markdownTable(
      'Site and page | Raw | gzip | brotli',
      (
        [
          ['Ours', js.ours],
          ['Stock, one page', js.stockOnePage],
        ] as const
      ).map(([name, {route, total}]) => [
        `${name} \`${route}\``,
        ...[total.raw, total.gzip, total.brotli].map(formatBytes),
      ]),
    ),
    '',
  ];
  if (summary.typeInfoHtml?.length) {
    lines.push(
      '## Extra HTML from type info (deterministic)',
      '',
      "What the code samples' type hovers add to each page's HTML: the page with them minus the page without them, compressed as served.",
      '',
      ...markdownTable(
        'Page | Hovers | HTML brotli | Extra raw | Extra gzip | Extra brotli',
        summary.typeInfoHtml.map((page) => [
          `\`${page.route}\``,
          String(page.hovers),
          ...[page.with.brotli, page.extra.raw, page.extra.gzip, page.extra.brotli].map(formatBytes),
        ]),
      ),
      '',
    );
  }
  lines.push(
    '## Build',
    '',
    `- Cold build (no persistent bundler cache, TypeDoc included): ${build.seconds === undefined ? 'not measured (--skip-build)' : seconds(build.seconds)}`,
    `- Pages: ${build.pages} HTML pages, ${build.sitemapUrls} in the sitemap`,
    `- Build cost, whole process tree: ${describeBuildCost(build)}`,
    `- Stock one-page build, cold: ${seconds(summary.stockBuildSeconds)}`,
    '',
    '## Budgets',
    '',
    ...markdownTable(
      'Budget | Page | Measured | Limit | Holds | Note',
      summary.checks.map((c) => [c.name, c.subject, c.measured, c.limit, formatHolds(c.ok), c.note ?? '']),
    ),
    '',
  );
  for (const note of summary.notes ?? []) lines.push(`Note: ${note}`, '');
  lines.push(`Raw Lighthouse reports (JSON and HTML): \`${summary.rawDir}\`.`, '');
  return lines.join('\n');
}

/** Writes the report's files into `outDir` and says on the console where, and what failed. */
export async function writeReport(
  outDir: string,
  files: Record<string, string>,
  failures: string[],
): Promise<void> {
  for (const [name, content] of Object.entries(files)) await fs.writeFile(path.join(outDir, name), content);
  const markdown = Object.keys(files).find((name) => name.endsWith('.md')) ?? '';
  console.log(`\nReport: ${path.relative(process.cwd(), path.join(outDir, markdown))}`);
  for (const failure of failures) console.log(`✘ ${failure}`);
  if (failures.length) console.log(`${failures.length} failed`);
}
