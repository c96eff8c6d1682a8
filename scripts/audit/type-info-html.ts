/**
 * "Extra HTML from type info": what the type hovers of the code samples
 * (src/plugins/code-highlighting/type-markup.ts) add to a built page's HTML,
 * compressed as served. The page's HTML is compared with itself minus the type
 * info: tooltips, `// ^?` answers and error messages removed, the focusable
 * wrappers unwrapped to their tokens. Both go through the same HTML serializer,
 * so the difference is the type info only.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import {htmlFileOf} from '../../src/build-output/index.ts';
import {compressedSizes, type Sizes} from './first-load-js.ts';

export type TypeInfoHtml = {route: string; hovers: number; with: Sizes; without: Sizes; extra: Sizes};

/** Tooltips, `^?` answers and error messages: text only type info puts in the page. */
const ADDED = '.twoslash-popup, .twoslash-query, .twoslash-error-message';
/** Elements that wrap a token's markup: removed, their content kept. */
const WRAPPERS = '.twoslash-hover, .twoslash-error';

/** The page's HTML as serialized, with and without type info, and how many hovers it has. */
export function splitTypeInfo(html: string): {with: string; without: string; hovers: number} {
  const $ = load(html);
  const withInfo = $.html();
  const hovers = $('.twoslash-hover').length;
  $(ADDED).remove();
  // Innermost first, so an unwrapped element's parent is still in place.
  for (const element of $(WRAPPERS).toArray().reverse()) $(element).replaceWith($(element).contents());
  return {with: withInfo, without: $.html(), hovers};
}

export function typeInfoHtml(route: string, html: string): TypeInfoHtml {
  const split = splitTypeInfo(html);
  const [withInfo, without] = [split.with, split.without].map((page) => compressedSizes(Buffer.from(page)));
  const extra = {
    raw: withInfo.raw - without.raw,
    gzip: withInfo.gzip - without.gzip,
    brotli: withInfo.brotli - without.brotli,
  };
  return {route, hovers: split.hovers, with: withInfo, without, extra};
}

/** The figure for each audited route (each in the build). */
export function measureTypeInfoHtml(buildDir: string, routes: string[]): TypeInfoHtml[] {
  return routes.map((route) =>
    typeInfoHtml(route, readFileSync(path.join(buildDir, htmlFileOf(route)), 'utf8')),
  );
}
