import path from 'node:path';
import {absoluteUrl} from './paths.ts';

type UrlResolverOptions = {
  /** `siteConfig.url`, e.g. `https://docs.streamr.network` (no path). */
  siteUrl: string;
  /** `siteConfig.baseUrl`, starting and ending with `/`. */
  baseUrl: string;
  /** Absolute URL of the page the link is on (relative links resolve against it). */
  pageUrl: string;
  /** Absolute path of the page's Markdown source, if it has one. */
  sourceFile?: string;
  /** Absolute paths of the docs content folders (for `/folder/page.md` links). */
  contentDirs?: readonly string[];
  /** Permalink (with base URL) of the page built from a Markdown file. */
  permalinkOfFile?: (absolutePath: string) => string | undefined;
  /** Applied to site paths, e.g. the trailing-slash setting (`/x/` → `/x`). */
  normalizePath?: (sitePath: string) => string;
};

const HAS_PROTOCOL = /^[a-z][a-z\d+.-]*:/i;
const MARKDOWN_FILE = /\.mdx?$/i;

/**
 * Makes a link of a docs page absolute, the way the page itself resolves it:
 * - `https:`, `mailto:`… stay as they are;
 * - `#anchor` → the page's URL + `#anchor`;
 * - `./other.md`, `../api.md#x` (links to Markdown files) → the URL of the page built from that file;
 * - `/usage/identity`, `pathname:///llms.txt` → site URL + base URL + path;
 * - `subscribing`, `../guides` → resolved against the page's URL, like a browser does.
 */
export function createUrlResolver(options: UrlResolverOptions): (url: string) => string {
  const {siteUrl, baseUrl, pageUrl, sourceFile, permalinkOfFile} = options;

  return (url) => {
    if (url === '') return pageUrl;
    if (url.startsWith('#')) return `${pageUrl.replace(/#.*$/, '')}${url}`;
    const unprefixed = url.startsWith('pathname://') ? url.slice('pathname://'.length) : url;
    if (unprefixed === url && HAS_PROTOCOL.test(url)) return url;
    if (unprefixed.startsWith('//')) return url;

    const [, pathPart = '', suffix = ''] = /^([^?#]*)(.*)$/.exec(unprefixed) ?? [];
    if (MARKDOWN_FILE.test(pathPart) && sourceFile && permalinkOfFile) {
      const file = safeDecode(pathPart);
      const candidates = [
        path.resolve(path.dirname(sourceFile), file),
        ...(file.startsWith('/') ? (options.contentDirs ?? []).map((dir) => path.join(dir, file)) : []),
      ];
      for (const candidate of candidates) {
        const permalink = permalinkOfFile(candidate);
        if (permalink) return absoluteUrl(siteUrl, permalink) + suffix;
      }
    }
    if (unprefixed.startsWith('/')) {
      if (unprefixed === baseUrl.replace(/\/$/, '')) return absoluteUrl(siteUrl, baseUrl);
      const withBase = unprefixed.startsWith(baseUrl) ? unprefixed : baseUrl + unprefixed.slice(1);
      return absoluteUrl(siteUrl, options.normalizePath?.(withBase) ?? withBase);
    }
    return new URL(unprefixed, pageUrl).href;
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}
