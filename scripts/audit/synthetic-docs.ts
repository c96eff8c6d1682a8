/**
 * Synthetic docs pages for the scale audit (scale.ts): variants of a real page
 * that build like it and search like a different page.
 *
 * A variant sits next to its original (same folder), so relative links, images
 * and imports resolve as they do in the original, and absolute links are
 * untouched. Its file name, slug, id, title and sidebar label get a suffix, so
 * routes stay unique. Its prose is varied: words of four letters or more are,
 * with a fixed probability, swapped for words drawn from the whole docs
 * vocabulary (seeded, so every run generates the same site). Identical copies
 * would make the search index compress far better than a real site ten times
 * larger, and would make every query hit ten equal records.
 *
 * Never changed, as that could break the build or its links: other front matter,
 * code blocks, headings (link targets), lines of MDX, imports, admonition fences
 * and reference definitions; and inside a changed line, inline code, links,
 * images and URLs. The page is read by the site's Markdown front-end (src/markdown),
 * as the build reads it.
 */
import {parsePage} from '../../src/markdown/index.ts';

/** Front-matter keys whose values must differ between a page and its variants. */
const SUFFIXED_KEYS = ['id', 'slug', 'title', 'sidebar_label'] as const;

/** A small, seeded pseudo-random generator (mulberry32): same seed, same site. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Spans of a prose line that must survive verbatim: inline code, links/images, autolinks, URLs. */
const PROTECTED = /`[^`]*`|!?\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])?|<[^>]*>|https?:\/\/\S+/g;

/** Words a variant may swap (letters only, at least four). */
const WORD = /\b[A-Za-z]{4,}\b/g;

/** Lines left alone wherever they appear: MDX/JSX, imports and exports, admonition fences, headings, reference definitions. */
const UNTOUCHABLE = /[<>{}]|^\s*(?:(?:import|export)\s|:::|#|\[[^\]]+\]:)/;

/** A docs page's source; `file` names it in errors and picks `.md` or `.mdx` parsing. */
export type PageSource = {file: string; source: string};

/**
 * A page's lines, with which of them are front matter (fences included) and which are
 * code (fences included), as the site's Markdown front-end reads the page.
 */
function pageLines({file, source}: PageSource) {
  const page = parsePage(source, {file});
  const code = new Set<number>();
  for (const block of page.codeBlocks)
    for (let line = block.line; line <= block.endLine; line++) code.add(line - 1);
  const frontMatter = page.frontMatterLines && {
    start: page.frontMatterLines.start - 1,
    end: page.frontMatterLines.end - 1,
  };
  const title = page.headings.find((heading) => heading.depth === 1);
  return {
    lines: source.split('\n'),
    frontMatter,
    /** Index of the page's first H1 (the title when front matter has none). */
    titleLine: title && title.line - 1,
    isProse: (index: number, line: string) =>
      !code.has(index) && !(frontMatter && index <= frontMatter.end) && !UNTOUCHABLE.test(line),
  };
}

/** The words of a docs corpus that prose variants draw from (the prose lines `variantSource` varies). */
export function vocabulary(pages: PageSource[]): string[] {
  const words = new Set<string>();
  for (const page of pages) {
    const {lines, isProse} = pageLines(page);
    lines.forEach((line, index) => {
      if (!isProse(index, line)) return;
      for (const word of line.replace(PROTECTED, ' ').match(WORD) ?? []) words.add(word.toLowerCase());
    });
  }
  return [...words].sort();
}

/** A prose line with its words swapped for vocabulary words with probability `rate`; protected spans kept. */
function varyLine(line: string, words: string[], random: () => number, rate: number): string {
  let result = '';
  let last = 0;
  const swap = (text: string) =>
    text.replace(WORD, (word) => (random() < rate ? words[Math.floor(random() * words.length)] : word));
  for (const match of line.matchAll(PROTECTED)) {
    result += swap(line.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return result + swap(line.slice(last));
}

/** The value of a front-matter key with a variant suffix (a slug `/` becomes `/copy-N`). */
function suffixValue(key: string, value: string, copy: number): string {
  const quote = /^(['"])(.*)\1$/.exec(value.trim());
  const raw = quote ? quote[2] : value.trim();
  let next: string;
  if (key === 'slug') next = `${raw.replace(/\/+$/, '')}-copy-${copy}`.replace(/^-/, '/');
  else if (key === 'id') next = `${raw}-copy-${copy}`;
  else next = `${raw} (copy ${copy})`;
  // Quoted, so a title with a colon or a slug starting with `/` stays valid YAML.
  return JSON.stringify(next);
}

/** A front-matter line with a unique id/slug/title/sidebar_label for variant `copy`. */
function varyFrontMatterLine(line: string, copy: number): string {
  const match = /^([A-Za-z_]+):\s*(.+)$/.exec(line);
  if (!match || !(SUFFIXED_KEYS as readonly string[]).includes(match[1])) return line;
  return `${match[1]}: ${suffixValue(match[1], match[2], copy)}`;
}

/** File name of variant `copy` of `fileName` (`intro.md` → `intro-copy-2.md`). */
export function variantFileName(fileName: string, copy: number): string {
  return fileName.replace(/(\.mdx?)$/, `-copy-${copy}$1`);
}

/** Variant `copy` (2, 3, ...) of a docs page's source. */
export function variantSource(
  page: PageSource,
  {copy, words, random, rate = 0.3}: {copy: number; words: string[]; random: () => number; rate?: number},
): string {
  const {lines, frontMatter, titleLine, isProse} = pageLines(page);
  return lines
    .map((line, index) => {
      if (frontMatter && index > frontMatter.start && index < frontMatter.end)
        return varyFrontMatterLine(line, copy);
      if (index === titleLine)
        return line.replace(/^# (.+)$/, (_, title: string) => `# ${title} (copy ${copy})`);
      return words.length > 0 && isProse(index, line) ? varyLine(line, words, random, rate) : line;
    })
    .join('\n');
}
