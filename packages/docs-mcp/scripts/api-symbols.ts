/**
 * Finds the symbols of the SDK API reference in the site's build, for the package's build: each
 * reference page's twin read by the site's Markdown front-end, the anchors from the built HTML.
 * The server only looks them up (../src/api-symbols.ts), so none of this is bundled into it.
 */
import {parsePage} from '../../../src/markdown/index.ts';
import {symbolName, type ApiSymbol} from '../src/api-symbols.ts';

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
  // The site's Markdown front-end: headings as the page renders them, none from inside code.
  const headings = parsePage(markdown, {file: `${path}.md`}).headings;
  const anchored = headings.filter(({depth}) => depth >= 2);
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
    if (heading.depth === 2) section = heading.text;
    if (heading.depth !== 3 || section === null || !SECTION_KINDS[section]) return;
    const next = headings.slice(index + 1).find(({depth}) => depth <= 3);
    const body = lines
      .slice(heading.line - 1, next ? next.line - 1 : lines.length)
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
