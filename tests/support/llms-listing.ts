/**
 * Test helper: checks that llms.txt lists every docs page of the sitemap exactly once (used by
 * tests/e2e/llms-txt.spec.ts against the built site; unit-tested to prove it fails).
 *
 * Decision: llms.txt covers the docs only. The blog (release notes and how-tos that
 * age), the `/api-docs` landing page and `/search` are not docs pages: they have no
 * Markdown twin and no llms.txt entry. Nor is the previous SDK major's API reference
 * (`/usage/sdk/api/<major>/…`, an older docs version): llms.txt documents the current SDK.
 */

/** Pages of the previous SDK major's API reference: an older docs version, not in llms.txt. */
const OLDER_SDK_REFERENCE = /^\/usage\/sdk\/api\/\d+(\/|$)/;

/** Sitemap paths (without base URL) that are not docs pages. */
export const NON_DOCS_PAGES: readonly RegExp[] = [
  /^\/blog(\/|$)/,
  /^\/api-docs$/,
  /^\/search$/,
  OLDER_SDK_REFERENCE,
];

/** Whether a sitemap path is a page of an older SDK reference (a docs page of an older version). */
export function isOlderSdkReferencePage(pathname: string): boolean {
  return OLDER_SDK_REFERENCE.test(pathname);
}

/** Whether a sitemap path is a docs page that llms.txt must list. */
export function isDocsPage(pathname: string, baseUrl = '/'): boolean {
  const local = `/${pathname.startsWith(baseUrl) ? pathname.slice(baseUrl.length) : pathname.replace(/^\//, '')}`;
  return !NON_DOCS_PAGES.some((pattern) => pattern.test(local));
}

/** The URLs of the links in the sections (`## …` lists) of an llms.txt file, in order. */
export function listedUrls(llmsTxt: string): string[] {
  const sections = llmsTxt.split(/^## /m).slice(1).join('\n');
  return [...sections.matchAll(/^- \[(?:\\.|[^\]\\])*\]\(([^)\s]+)\)/gm)].map((match) => match[1]);
}

/**
 * What is wrong with a listing: docs pages it misses, pages it lists more than
 * once, and entries that are no docs page of the sitemap. Empty when all is well.
 */
export function listingProblems(docsPages: readonly string[], listedPages: readonly string[]): string[] {
  const problems: string[] = [];
  const counts = new Map<string, number>();
  for (const page of listedPages) counts.set(page, (counts.get(page) ?? 0) + 1);
  const expected = new Set(docsPages);
  for (const page of docsPages) if (!counts.has(page)) problems.push(`missing: ${page}`);
  for (const [page, count] of counts) {
    if (count > 1) problems.push(`listed ${count} times: ${page}`);
    if (!expected.has(page)) problems.push(`not a docs page of the sitemap: ${page}`);
  }
  return problems;
}
