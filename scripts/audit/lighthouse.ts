/**
 * Step 5 of `npm run audit`: Lighthouse (mobile, simulated throttling), run by
 * sites.ts, and what one run says about a page, reduced to medians.
 */
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, promises as fs} from 'node:fs';
import path from 'node:path';
import {chromium, type Browser} from '@playwright/test';
import {CHROMIUM_ARGS, findSystemChromium} from '../lib/chromium.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The parts of a Lighthouse result (LHR) the audit reads. */
export type Lhr = {
  requestedUrl: string;
  runtimeError?: {message: string};
  categories: Record<string, {score: number | null}>;
  audits: Record<string, {numericValue?: number; details?: {items?: Array<Record<string, unknown>>}}>;
};

/** The LCP element as Lighthouse names it: CSS selector, HTML snippet of its opening tag, its text. */
export type LcpElement = {selector: string; snippet: string; label?: string};

export type RunSummary = {
  scores: Record<Category, number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  scriptBytes: number;
  /** FCP and LCP as the trace observed them (no throttling), next to the simulated ones above. */
  observedFcp?: number;
  observedLcp?: number;
  lcpElement?: LcpElement;
};
/** Medians over the runs of a page. */
export type Medians = Omit<RunSummary, 'lcpElement'> & {
  runs: number;
  performanceRange: [number, number];
  /** The LCP element named in most runs, and in how many. */
  lcpElement?: LcpElement & {runs: number};
};

/**
 * The LCP element of one run, from the `largest-contentful-paint-element` audit:
 * a list whose first table holds the element's node (the second, the LCP phases).
 */
export function lcpElementOf(lhr: Pick<Lhr, 'audits'>): LcpElement | undefined {
  for (const table of lhr.audits['largest-contentful-paint-element']?.details?.items ?? []) {
    for (const item of (table.items as Array<Record<string, unknown>> | undefined) ?? []) {
      const node = item.node as
        {type?: string; selector?: string; snippet?: string; nodeLabel?: string} | undefined;
      if (node?.type === 'node' && node.selector && node.snippet)
        return {
          selector: node.selector,
          snippet: node.snippet,
          ...(node.nodeLabel && {label: node.nodeLabel}),
        };
    }
  }
  return undefined;
}

/** FCP and LCP as observed in the run's trace (`metrics` audit), in ms. */
export function observedPaintsOf(lhr: Pick<Lhr, 'audits'>): {observedFcp?: number; observedLcp?: number} {
  const item = lhr.audits.metrics?.details?.items?.[0] ?? {};
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return {
    observedFcp: number(item.observedFirstContentfulPaint),
    observedLcp: number(item.observedLargestContentfulPaint),
  };
}

/** Each distinct item (by `key`) once, the first seen, with the number of runs that had it. */
function countRuns<T>(items: T[], key: (item: T) => string): Array<T & {runs: number}> {
  const counted = new Map<string, T & {runs: number}>();
  for (const item of items) {
    const seen = counted.get(key(item));
    counted.set(key(item), seen ? {...seen, runs: seen.runs + 1} : {...item, runs: 1});
  }
  return [...counted.values()];
}

/** The element named in most runs (the first of equals), with its count. */
export function commonestLcpElement(elements: Array<LcpElement | undefined>) {
  const counted = countRuns(
    elements.filter((element) => element !== undefined),
    (e) => `${e.selector}\n${e.snippet}`,
  );
  return counted.reduce<(typeof counted)[number] | undefined>(
    (best, e) => (!best || e.runs > best.runs ? e : best),
    undefined,
  );
}

/** What one Lighthouse run says about a page. */
export function summarizeLhr(lhr: Lhr): RunSummary {
  if (lhr.runtimeError)
    throw new Error(`Lighthouse could not audit ${lhr.requestedUrl}: ${lhr.runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  for (const id of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    if (typeof score !== 'number')
      throw new Error(`Lighthouse returned no ${id} score for ${lhr.requestedUrl}`);
    scores[id] = Math.round(score * 100);
  }
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`Lighthouse returned no ${id} for ${lhr.requestedUrl}`);
    return value;
  };
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scriptBytes = requests
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
  return {
    scores,
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    si: numeric('speed-index'),
    scriptBytes,
    ...observedPaintsOf(lhr),
    lcpElement: lcpElementOf(lhr),
  };
}

/** Median of numbers (mean of the middle two for an even count). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The figures of a run that are always there, each reduced to its median. */
const MEDIAN_KEYS = ['fcp', 'lcp', 'tbt', 'cls', 'si', 'scriptBytes'] as const;

/** Medians of every number over the runs of one page. */
export function aggregateRuns(runs: RunSummary[]): Medians {
  if (runs.length === 0) throw new Error('no runs to aggregate');
  const scores = {} as Record<Category, number>;
  for (const id of CATEGORIES) scores[id] = median(runs.map((run) => run.scores[id]));
  const performance = runs.map((run) => run.scores.performance);
  const optionalMedian = (values: Array<number | undefined>) => {
    const known = values.filter((value): value is number => value !== undefined);
    return known.length ? median(known) : undefined;
  };
  const medianOf = (key: (typeof MEDIAN_KEYS)[number]) => median(runs.map((run) => run[key]));
  return {
    scores,
    ...(Object.fromEntries(MEDIAN_KEYS.map((key) => [key, medianOf(key)])) as Record<
      (typeof MEDIAN_KEYS)[number],
      number
    >),
    observedFcp: optionalMedian(runs.map((run) => run.observedFcp)),
    observedLcp: optionalMedian(runs.map((run) => run.observedLcp)),
    lcpElement: commonestLcpElement(runs.map((run) => run.lcpElement)),
    runs: runs.length,
    performanceRange: [Math.min(...performance), Math.max(...performance)],
  };
}

/** Chromium for Lighthouse and Playwright: CHROME_PATH, the system's, or Playwright's own. */
export function findChrome(): string {
  const chrome = process.env.CHROME_PATH ?? findSystemChromium() ?? chromium.executablePath();
  if (!existsSync(chrome))
    throw new Error(
      `No Chromium at ${chrome}: set CHROME_PATH, install chromium, or run \`npx playwright install chromium\`.`,
    );
  return chrome;
}

export function chromeVersion(chrome: string): string {
  return spawnSync(chrome, ['--version'], {encoding: 'utf8'}).stdout.trim() || path.basename(chrome);
}

/** A Chromium for Playwright's measurements, with the flags Lighthouse's runs get. */
export function launchChromium(chrome: string): Promise<Browser> {
  return chromium.launch({executablePath: chrome, args: CHROMIUM_ARGS});
}

type RunLighthouseOptions = {projectDir: string; url: string; chrome: string; outBase: string};

/** One Lighthouse run, in its own Chrome; keeps the JSON and HTML reports at `outBase`. */
export async function runLighthouse({projectDir, url, chrome, outBase}: RunLighthouseOptions): Promise<Lhr> {
  const cli = path.join(projectDir, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const args = [
    cli,
    url,
    '--quiet',
    '--form-factor=mobile',
    '--throttling-method=simulate',
    '--only-categories=performance,accessibility,best-practices,seo',
    '--output=json',
    '--output=html',
    `--output-path=${outBase}`,
    // Lighthouse starts Chrome itself, so headless is asked for here; Playwright sets it on its own.
    `--chrome-flags=${['--headless=new', ...CHROMIUM_ARGS].join(' ')}`,
  ];
  // Asynchronous: the static servers live in this process and must keep answering.
  const child = spawn(process.execPath, args, {
    env: {...process.env, CHROME_PATH: chrome},
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`Lighthouse failed on ${url} (exit ${code}):\n${stderr}`);
  return JSON.parse(await fs.readFile(`${outBase}.report.json`, 'utf8'));
}
