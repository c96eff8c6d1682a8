import {editDistance} from '../../../src/utils/edit-distance.ts';

/**
 * Symbols of the SDK API reference (TypeDoc's Markdown, as published in the
 * site's twins): each class, interface and enum page is a symbol, each member
 * heading of it (`### subscribe()`) is `Owner.member`, and each type alias,
 * variable or function of the reference's index page is a symbol of its own.
 */

export type ApiSymbol = {
  /** `StreamrClient`, `StreamrClient.subscribe`, `StreamID`. */
  name: string;
  /** `class`, `interface`, `enumeration`, `method`, `property`, `accessor`, `constructor`, `type alias`... */
  kind: string;
  /** Site path of the page holding it. */
  path: string;
  /** Heading id on that page; null for a whole page. */
  anchor: string | null;
  markdown: string;
};

/** Folder of the reference → kind of its pages. */
const PAGE_KINDS: Record<string, string> = {
  classes: 'class',
  interfaces: 'interface',
  enumerations: 'enumeration',
};

/** Section (h2) of a page → kind of the headings (h3) under it. */
const SECTION_KINDS: Record<string, string> = {
  Constructors: 'constructor',
  Properties: 'property',
  Accessors: 'accessor',
  Methods: 'method',
  'Enumeration Members': 'enumeration member',
  'Type Aliases': 'type alias',
  Variables: 'variable',
  Functions: 'function',
};

type Heading = {level: number; text: string; line: number};

/** ATX headings outside fenced code, in order. */
export function markdownHeadings(lines: string[]): Heading[] {
  const headings: Heading[] = [];
  let fence: string | null = null;
  lines.forEach((line, index) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (opening) {
      if (fence === null) fence = opening[1][0];
      else if (opening[1][0] === fence) fence = null;
      return;
    }
    const match = fence === null ? /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line) : null;
    if (match) headings.push({level: match[1].length, text: match[2], line: index});
  });
  return headings;
}

/** Ids of the h2–h6 headings of a built page's article, in order (Docusaurus's own slugs). */
export function htmlHeadingIds(html: string): string[] {
  const start = html.indexOf('<article');
  const end = html.lastIndexOf('</article>');
  const article = start >= 0 && end > start ? html.slice(start, end) : html;
  return [...article.matchAll(/<h[2-6]\b[^>]*?\bid=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)].map(
    (match) => match[1] ?? match[2] ?? match[3],
  );
}

/**
 * The symbols of one reference page. `path` is the page's site path
 * (`/usage/sdk/api/classes/StreamrClient` or the index `/usage/sdk/api`),
 * `headingIds` its headings' ids from the built HTML, which must match the
 * Markdown's h2–h6 one for one: a reference page whose twin and HTML disagree
 * would give wrong anchors, so it fails the package build instead.
 */
export function symbolsOfPage(path: string, markdown: string, headingIds: string[]): ApiSymbol[] {
  const lines = markdown.split('\n');
  const headings = markdownHeadings(lines);
  const anchored = headings.filter(({level}) => level >= 2);
  if (anchored.length !== headingIds.length)
    throw new Error(
      `${path}: the Markdown twin has ${anchored.length} h2-h6 headings, the HTML page ${headingIds.length}`,
    );
  const anchorOf = new Map(anchored.map((heading, index) => [heading, headingIds[index]]));

  const folder = /\/api\/([^/]+)\/[^/]+$/.exec(path)?.[1];
  const owner = folder && PAGE_KINDS[folder] ? path.split('/').pop()! : null;
  const symbols: ApiSymbol[] = [];
  if (owner) symbols.push({name: owner, kind: PAGE_KINDS[folder!], path, anchor: null, markdown});

  let section: string | null = null;
  headings.forEach((heading, index) => {
    if (heading.level === 2) section = heading.text;
    if (heading.level !== 3 || section === null || !SECTION_KINDS[section]) return;
    const next = headings.slice(index + 1).find(({level}) => level <= 3);
    const body = lines
      .slice(heading.line, next ? next.line : lines.length)
      .join('\n')
      // TypeDoc separates members with a rule; it belongs to no member.
      .replace(/\n+(---\s*)?\n*$/, '')
      .trim();
    const member = symbolName(heading.text);
    symbols.push({
      name: owner ? `${owner}.${member === 'Constructor' ? 'constructor' : member}` : member,
      kind: SECTION_KINDS[section],
      path,
      anchor: anchorOf.get(heading)!,
      markdown: body,
    });
  });
  return symbols;
}

/** `subscribe()` → `subscribe`, `config?` → `config`, `\_\_brand` → `__brand`. */
function symbolName(heading: string): string {
  return heading.replace(/\\(.)/g, '$1').replace(/`/g, '').replace(/\(\)$/, '').replace(/\?$/, '').trim();
}

export type SymbolLookup = {symbol: ApiSymbol} | {error: string};

/**
 * `StreamrClient`, `StreamrClient.subscribe`, `StreamrClient#subscribe()`,
 * `streamrclient.SUBSCRIBE` → that symbol. A bare member name is found when one
 * owner has it; with several owners the error lists them.
 */
export function findSymbol(symbols: ApiSymbol[], input: string): SymbolLookup {
  const name = symbolName(input.trim().replace('#', '.'));
  const lower = name.toLowerCase();
  const exact = symbols.find((symbol) => symbol.name === name);
  if (exact) return {symbol: exact};
  const folded = symbols.filter((symbol) => symbol.name.toLowerCase() === lower);
  if (folded.length === 1) return {symbol: folded[0]};
  if (!name.includes('.')) {
    const members = symbols.filter((symbol) => symbol.name.toLowerCase().endsWith(`.${lower}`));
    if (members.length === 1) return {symbol: members[0]};
    if (members.length > 1)
      return {
        error: `"${input}" is a member of several symbols; ask for one of: ${members.map((symbol) => symbol.name).join(', ')}`,
      };
  }
  const containing = symbols.filter((symbol) => symbol.name.toLowerCase().includes(lower)).slice(0, 8);
  const suggestions = containing.length
    ? containing
    : [...symbols]
        .sort((a, b) => editDistance(lower, a.name.toLowerCase()) - editDistance(lower, b.name.toLowerCase()))
        .slice(0, 5);
  return {
    error: `No symbol "${input}" in the @streamr/sdk API reference. Closest: ${suggestions.map((symbol) => symbol.name).join(', ')}`,
  };
}
