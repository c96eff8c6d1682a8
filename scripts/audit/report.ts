/**
 * Step 7 of `npm run audit`: the report. Writes reports/audit/report.md (Markdown,
 * also shown as the workflow's job summary) and summary.json, and says on the
 * console which budgets failed. renderMarkdown does no I/O, so the unit test
 * (tests/unit/audit-report.test.ts) reads its output directly.
 */
import {promises as fs} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {Check, FirstLoadJsRoutes, PageResult} from './budgets.ts';
import type {FirstLoadJs} from './first-load-js.ts';
import type {TypeInfoHtml} from './type-info-html.ts';
import {formatBytes, formatCls, formatMebibytes, formatMs, formatSeconds} from './format.ts';

export type BuildFacts = {
  seconds?: number;
  /** User + system CPU seconds of the build's whole process tree (proc-tree.ts). */
  cpuSeconds?: number;
  /** Peak of the summed RSS of the build's process tree, in bytes (proc-tree.ts). */
  peakRssBytes?: number;
  pages: number;
  sitemapUrls: number;
};
export type AuditSummary = {
  date: string;
  machine: string;
  chrome: string;
  lighthouse: string;
  docusaurus: string;
  runs: number;
  build: BuildFacts;
  stockBuild: {onePageSeconds?: number; sameContentSeconds?: number};
  pages: PageResult[];
  baseline: PageResult;
  sameContent?: PageResult[];
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

/** A value for a Markdown table cell: no pipes or line breaks. */
function tableCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
}

/** CPU and memory of a build, per page where that is meaningful. */
export function describeBuildCost(build: BuildFacts): string {
  if (build.cpuSeconds === undefined) return 'not measured (--skip-build, or no /proc on this system)';
  const perPage = build.pages ? (build.cpuSeconds / build.pages).toFixed(2) : 'n/a';
  return (
    `${build.cpuSeconds.toFixed(1)} CPU-s (user + system), ${perPage} CPU-s per page over ${build.pages} pages; ` +
    `peak RSS ${build.peakRssBytes === undefined ? 'not measured' : formatMebibytes(build.peakRssBytes)} ` +
    `(sum over the process tree, sampled every 100 ms)`
  );
}

/** The Markdown report. */
export function renderMarkdown(summary: AuditSummary): string {
  const lines = [];
  const failed = summary.checks.filter((check) => check.ok === false);
  const unmeasured = summary.checks.filter((check) => check.ok === null);
  lines.push(`# Performance and accessibility audit`, '');
  lines.push(
    `Measured ${summary.date} on ${summary.machine}; Lighthouse ${summary.lighthouse} (mobile, simulated throttling), ` +
      `${summary.chrome}, Docusaurus ${summary.docusaurus}. Every number is the median of ${summary.runs} runs ` +
      `per page; our pages and the stock sites were measured in the same interleaved runs. Stock sites: ` +
      `Docusaurus's classic preset with nothing added, one with a single docs page, one with this site's content.`,
    '',
  );
  lines.push(
    failed.length
      ? `**${failed.length} budget(s) failed:** ${failed.map((c) => `${c.name} on ${c.subject}`).join('; ')}.`
      : `**Every budget holds${unmeasured.length ? ' on every page that exists' : ''}.**`,
    '',
  );
  if (unmeasured.length) {
    lines.push(
      `Not measured: ${unmeasured.map((c) => `${c.subject}, ${c.measured.replace(/^not measured: /, '')}`).join('; ')}.`,
      '',
    );
  }

  const allPages = [...summary.pages, ...(summary.sameContent ?? []), summary.baseline];
  const pageName = (page: PageResult) =>
    `${page.site === 'stock' ? (page === summary.baseline ? 'Stock, one page: ' : 'Stock, same content: ') : ''}` +
    `${page.label} \`${page.route}\``;
  lines.push('## Lighthouse (medians)', '');
  lines.push('| Page | Perf. (range) | A11y | Best pr. | SEO | FCP | LCP | TBT | CLS | JS transferred |');
  lines.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const page of allPages) {
    const name = pageName(page);
    const m = page.medians;
    if (!m) {
      lines.push(`| ${name} | missing: ${page.missing ?? 'no result'} | | | | | | | | |`);
      continue;
    }
    lines.push(
      `| ${name} | ${m.scores.performance} (${m.performanceRange.join('–')}) | ${m.scores.accessibility} | ` +
        `${m.scores['best-practices']} | ${m.scores.seo} | ${formatMs(m.fcp)} | ${formatMs(m.lcp)} | ${formatMs(m.tbt)} | ` +
        `${formatCls(m.cls)} | ${formatBytes(m.scriptBytes)} |`,
    );
  }
  lines.push(
    '',
    'JS transferred: compressed script bytes of the page load as Lighthouse recorded them (the server sends brotli).',
    '',
  );
  lines.push('What the performance score depends on here (medians): page size and main-thread work.', '');
  lines.push(
    '| Page | DOM elements | Script evaluation | All main-thread work |',
    '| --- | --- | --- | --- |',
  );
  for (const page of allPages) {
    const m = page.medians;
    if (m)
      lines.push(
        `| ${pageName(page)} | ${Math.round(m.domSize)} | ${formatMs(m.bootupMs)} | ${formatMs(m.mainThreadMs)} |`,
      );
  }
  lines.push('');

  lines.push('## Largest Contentful Paint', '');
  lines.push(
    'LCP as Lighthouse simulates it (median) and as the trace observed it without throttling (median), and the element ' +
      'Lighthouse named as the largest contentful paint in most runs (selector, opening tag, text).',
    '',
  );
  lines.push(
    '| Page | LCP | Observed FCP / LCP | LCP element | In runs |',
    '| --- | --- | --- | --- | --- |',
  );
  for (const page of allPages) {
    const m = page.medians;
    if (!m) continue;
    const observed =
      m.observedFcp === undefined || m.observedLcp === undefined
        ? 'not reported'
        : `${formatMs(m.observedFcp)} / ${formatMs(m.observedLcp)}`;
    const element = m.lcpElement
      ? `\`${tableCell(m.lcpElement.selector)}\` \`${tableCell(m.lcpElement.snippet)}\`` +
        (m.lcpElement.label ? ` “${tableCell(m.lcpElement.label)}”` : '')
      : 'not named';
    lines.push(
      `| ${pageName(page)} | ${formatMs(m.lcp)} | ${observed} | ${element} | ${m.lcpElement ? `${m.lcpElement.runs} of ${m.runs}` : ''} |`,
    );
  }
  lines.push('');

  lines.push('## First-load JavaScript (deterministic)', '');
  lines.push(
    'Scripts a fresh tab fetches to show and hydrate the page (prefetches of linked pages excluded), compressed as served.',
    '',
  );
  lines.push('| Site and page | Raw | gzip | brotli |', '| --- | --- | --- | --- |');
  const js = summary.firstLoadJs;
  for (const [name, value] of [
    ['Ours', js.ours],
    ['Stock, same content', js.stockSameContent],
    ['Stock, one page', js.stockOnePage],
  ] as const) {
    lines.push(
      `| ${name} \`${value.route}\` | ${formatBytes(value.total.raw)} | ${formatBytes(value.total.gzip)} | ${formatBytes(value.total.brotli)} |`,
    );
  }
  lines.push('');

  if (summary.typeInfoHtml?.length) {
    lines.push('## Extra HTML from type info (deterministic)', '');
    lines.push(
      "What the code samples' type hovers add to each page's HTML: the page with them minus the page without them, compressed as served.",
      '',
    );
    lines.push(
      '| Page | Hovers | HTML brotli | Extra raw | Extra gzip | Extra brotli |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const page of summary.typeInfoHtml) {
      lines.push(
        `| \`${page.route}\` | ${page.hovers} | ${formatBytes(page.with.brotli)} | ${formatBytes(page.extra.raw)} | ${formatBytes(page.extra.gzip)} | ${formatBytes(page.extra.brotli)} |`,
      );
    }
    lines.push('');
  }

  lines.push('## Build', '');
  const build = summary.build;
  lines.push(
    `- Cold build (no persistent bundler cache, TypeDoc included): ${build.seconds === undefined ? 'not measured (--skip-build)' : `${build.seconds.toFixed(1)} s`}`,
    `- Pages: ${build.pages} HTML pages, ${build.sitemapUrls} in the sitemap`,
    `- Build cost, whole process tree: ${describeBuildCost(build)}`,
    `- Stock builds, cold: one page ${formatSeconds(summary.stockBuild.onePageSeconds)}, same content ${formatSeconds(summary.stockBuild.sameContentSeconds)}`,
    '',
  );

  lines.push('## Budgets', '');
  lines.push('| Budget | Page | Measured | Limit | Holds | Note |', '| --- | --- | --- | --- | --- | --- |');
  for (const check of summary.checks) {
    lines.push(
      `| ${check.name} | ${check.subject} | ${check.measured} | ${check.limit} | ${check.ok === null ? 'not measured' : check.ok ? 'yes' : '**no**'} | ${check.note ?? ''} |`,
    );
  }
  lines.push('');

  const below = allPages.filter((page) => page.medians && page.medians.shortfalls.length);
  if (below.length) {
    lines.push('## What holds scores below 100', '');
    for (const page of below) {
      const m = page.medians!;
      lines.push(`- ${pageName(page)}:`);
      for (const s of m.shortfalls) {
        lines.push(
          `  - ${s.category}: ${s.title}${s.displayValue ? ` (${s.displayValue})` : ''}, score ${s.score.toFixed(2)}, in ${s.runs} of ${m.runs} runs`,
        );
      }
    }
    lines.push('');
  }
  for (const note of summary.notes ?? []) lines.push(`Note: ${note}`, '');
  lines.push(`Raw Lighthouse reports (JSON and HTML): \`${summary.rawDir}\`.`, '');
  return lines.join('\n');
}

/**
 * Writes summary.json (with every measured script, for digging) and report.md
 * into `outDir`, prints the verdicts, and returns how many budgets failed.
 */
export async function writeReport({
  projectDir,
  outDir,
  summary,
  firstLoadJsDetail,
}: {
  projectDir: string;
  outDir: string;
  summary: AuditSummary;
  firstLoadJsDetail: Record<string, FirstLoadJs>;
}): Promise<number> {
  await fs.writeFile(
    path.join(outDir, 'summary.json'),
    `${JSON.stringify({...summary, firstLoadJsDetail}, null, 2)}\n`,
  );
  await fs.writeFile(path.join(outDir, 'report.md'), renderMarkdown(summary));
  const failed = summary.checks.filter((check) => check.ok === false);
  console.log(`\nReport: ${path.relative(projectDir, path.join(outDir, 'report.md'))}`);
  for (const note of summary.notes ?? []) console.log(note);
  for (const check of failed)
    console.log(`✘ ${check.name} on ${check.subject}: ${check.measured} (limit ${check.limit})`);
  console.log(failed.length ? `${failed.length} budget(s) failed` : 'Every budget holds.');
  return failed.length;
}
