/**
 * Every environment-driven setting of the site, read once, named once; the defaults
 * build https://docs.streamr.network (README "Environment variables"). A public Node
 * entry (eslint.config.mjs): the docs-mcp package reads the site's address from it.
 */

function env(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

/** Origin the site is served from, e.g. `https://streamr-dev.github.io`. */
export const siteUrl = env('SITE_URL') ?? 'https://docs.streamr.network';

/** Path the site is served under; always starts and ends with a slash. */
export const baseUrl = normalizeBaseUrl(env('BASE_URL') ?? '/');

/** `owner/name` of the repository holding this site's sources (edit links). */
export const sourceRepository = env('DOCS_REPOSITORY') ?? env('GITHUB_REPOSITORY') ?? 'streamr-dev/docs';

/** Branch that edit links open. */
export const sourceBranch = env('DOCS_BRANCH') ?? 'main';

/** Google Tag Manager container; without one the build ships no tag-manager script. */
export const tagManagerContainerId = env('GTM_CONTAINER_ID');

export const editUrl = `https://github.com/${sourceRepository}/edit/${sourceBranch}/`;

export function normalizeBaseUrl(value: string): string {
  const trimmed = value.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}
