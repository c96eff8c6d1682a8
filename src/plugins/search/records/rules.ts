/** Path rules shared by the HTML (build) and Markdown (dev server) record builders. */
import type {PageInfo} from './page.ts';

export type RecordRules = {
  /** Origin the site is served from, e.g. `https://docs.streamr.network`. */
  siteUrl: string;
  /** Base URL, starting and ending with `/`. */
  baseUrl: string;
  /** Site paths (without the base URL) that get no records. */
  exclude: string[];
  /** lvl0 for pages under a pattern (otherwise the active sidebar category, or "Documentation"). */
  sections: {pattern: string; lvl0: string}[];
  /** First matching rule wins; pages matching none get 0. */
  pageRank: {pattern: string; rank: number}[];
  /**
   * Pages whose headings of `level` are members of the page's subject (an API reference's methods
   * and properties): search hits name them, since the dialog shows a hit's own heading and the
   * page title only, and "Parameters" under one method looks like "Parameters" under any other.
   */
  members?: {pattern: string; level: 2 | 3 | 4 | 5}[];
};

const cache = new Map<string, RegExp>();

/** `*` matches inside one path segment, `**` across segments; everything else is literal. */
export function globToRegExp(pattern: string): RegExp {
  let regexp = cache.get(pattern);
  if (!regexp) {
    const source = pattern
      .split(/(\*\*|\*)/)
      .map((part) =>
        part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
    regexp = new RegExp(`^${source}$`);
    cache.set(pattern, regexp);
  }
  return regexp;
}

const matches = (pattern: string, sitePath: string) => globToRegExp(pattern).test(sitePath);

export function isExcluded(rules: RecordRules, sitePath: string): boolean {
  return rules.exclude.some((pattern) => matches(pattern, sitePath));
}

export function sectionFor(rules: RecordRules, sitePath: string): string | undefined {
  return rules.sections.find((rule) => matches(rule.pattern, sitePath))?.lvl0;
}

/**
 * What the records of the page at `sitePath` share: lvl0 (a section of the rules, else the page's
 * sidebar `section`, else "Documentation"), page rank and member level.
 */
export function pageInfo(
  rules: RecordRules,
  sitePath: string,
  {
    section,
    url = absoluteUrl(rules, sitePath),
    facets,
  }: {section?: string; url?: string; facets: PageInfo['facets']},
): PageInfo {
  return {
    url,
    lvl0: sectionFor(rules, sitePath) ?? (section || 'Documentation'),
    pageRank: rules.pageRank.find((rule) => matches(rule.pattern, sitePath))?.rank ?? 0,
    memberLevel: rules.members?.find((rule) => matches(rule.pattern, sitePath))?.level,
    facets,
  };
}

/** `/guides/nodejs` → `https://docs.streamr.network/guides/nodejs` (with the base URL). */
export function absoluteUrl(rules: RecordRules, sitePath: string): string {
  return `${rules.siteUrl.replace(/\/+$/, '')}${rules.baseUrl}${sitePath.replace(/^\/+/, '')}`;
}

/** The site path (without base URL) of an absolute or root-relative URL. */
export function sitePathOf(rules: RecordRules, url: string): string {
  const pathname = new URL(url, rules.siteUrl).pathname;
  const withoutBase = pathname.startsWith(rules.baseUrl)
    ? pathname.slice(rules.baseUrl.length)
    : pathname.slice(1);
  return `/${withoutBase}`.replace(/\/+$/, '') || '/';
}
