/** `https://docs.example.org` + `/a/b` (a path that already holds the base URL). */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}
