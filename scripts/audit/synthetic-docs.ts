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
 * What is never changed, because changing it could break the build or its
 * links: front matter other than the keys above, fenced code, headings (their
 * ids are link targets), and any line holding MDX/JSX (`<`, `{`, `}`), import or
 * export statements, admonition fences, reference definitions. Inside a changed
 * line, inline code, links, images and URLs are kept as they are.
 */

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

/** Lines that are left alone wherever they appear. */
function isUntouchable(line: string): boolean {
  const trimmed = line.trimStart();
  return (
    /[<>{}]/.test(line) ||
    /^(import|export)\s/.test(trimmed) ||
    trimmed.startsWith(':::') ||
    trimmed.startsWith('#') ||
    /^\[[^\]]+\]:/.test(trimmed)
  );
}

/** Splits a page into its front matter (without the `---` lines) and body. */
export function splitFrontMatter(source: string): {frontMatter: string | null; body: string} {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(source);
  if (!match) return {frontMatter: null, body: source};
  return {frontMatter: match[1], body: source.slice(match[0].length)};
}

/** The words of a docs corpus that prose variants draw from (lines as `varyProse` would see them). */
export function vocabulary(sources: string[]): string[] {
  const words = new Set<string>();
  for (const source of sources) {
    const lines = splitFrontMatter(source).body.split('\n');
    let inFence = false;
    for (const line of lines) {
      if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
      if (inFence || isUntouchable(line)) continue;
      for (const word of line.replace(PROTECTED, ' ').match(WORD) ?? []) words.add(word.toLowerCase());
    }
  }
  return [...words].sort();
}

/** Swaps words of the prose lines of `body` for vocabulary words with probability `rate`. */
export function varyProse(body: string, words: string[], random: () => number, rate = 0.3): string {
  if (words.length === 0) return body;
  let inFence = false;
  return body
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        inFence = !inFence;
        return line;
      }
      if (inFence || isUntouchable(line)) return line;
      // Rewrite only the text between protected spans.
      let result = '';
      let last = 0;
      const swap = (text: string) =>
        text.replace(WORD, (word) => (random() < rate ? words[Math.floor(random() * words.length)] : word));
      for (const match of line.matchAll(PROTECTED)) {
        result += swap(line.slice(last, match.index)) + match[0];
        last = match.index + match[0].length;
      }
      return result + swap(line.slice(last));
    })
    .join('\n');
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

/** Front matter with unique id/slug/title/sidebar_label for variant `copy`. */
export function varyFrontMatter(frontMatter: string, copy: number): string {
  return frontMatter
    .split('\n')
    .map((line) => {
      const match = /^([A-Za-z_]+):\s*(.+)$/.exec(line);
      if (!match || !(SUFFIXED_KEYS as readonly string[]).includes(match[1])) return line;
      return `${match[1]}: ${suffixValue(match[1], match[2], copy)}`;
    })
    .join('\n');
}

/** The first H1 of a body with the variant suffix (the page title when front matter has none). */
function varyTitle(body: string, copy: number): string {
  return body.replace(/^# (.+)$/m, (_, title: string) => `# ${title} (copy ${copy})`);
}

/** File name of variant `copy` of `fileName` (`intro.md` → `intro-copy-2.md`). */
export function variantFileName(fileName: string, copy: number): string {
  return fileName.replace(/(\.mdx?)$/, `-copy-${copy}$1`);
}

/** Variant `copy` (2, 3, ...) of a docs page's source. */
export function variantSource(
  source: string,
  {copy, words, random}: {copy: number; words: string[]; random: () => number},
): string {
  const {frontMatter, body} = splitFrontMatter(source);
  const varied = varyTitle(varyProse(body, words, random), copy);
  return frontMatter === null ? varied : `---\n${varyFrontMatter(frontMatter, copy)}\n---\n${varied}`;
}
