import type {Block} from './page';

/**
 * Blocks of a Markdown/MDX source, for the dev server (`npm start` renders pages
 * in the browser only, so there is no HTML to read). An approximation of what
 * the build gives: headings with Docusaurus' anchors, paragraphs, list items and
 * table rows; code, front matter, imports and JSX markup are skipped.
 */
export function blocksFromMarkdown(source: string, title: string): Block[] {
  const blocks: Block[] = [{kind: 'heading', level: 1, text: title, anchor: null}];
  const slugs = createSlugger();
  const lines = stripFrontMatter(source).split(/\r?\n/);
  let paragraph: string[] = [];
  let listItem: string[] | null = null;
  let fence: string | null = null;
  let inTable = false;
  let sawTitle = false;

  const flush = () => {
    if (paragraph.length) blocks.push({kind: 'content', text: inline(paragraph.join(' '))});
    if (listItem) blocks.push({kind: 'content', text: inline(listItem.join(' '))});
    paragraph = [];
    listItem = null;
  };
  const endTable = () => {
    if (inTable) blocks.push({kind: 'table-end'});
    inTable = false;
  };

  for (const raw of lines) {
    const line = raw.trimEnd();
    const trimmed = line.trim();
    if (fence) {
      if (trimmed.startsWith(fence)) fence = null;
      continue;
    }
    const fenceOpen = /^(`{3,}|~{3,})/.exec(trimmed);
    if (fenceOpen) {
      flush();
      endTable();
      fence = fenceOpen[1];
      continue;
    }
    if (!trimmed) {
      flush();
      endTable();
      continue;
    }
    // MDX module syntax, admonition fences, comments and lines that are only markup.
    if (
      /^(import|export)\s/.test(trimmed) ||
      /^:::/.test(trimmed) ||
      /^<!--.*-->$/.test(trimmed) ||
      /^<\/?[A-Za-z][^>]*>$/.test(trimmed)
    ) {
      flush();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(trimmed);
    if (heading) {
      flush();
      endTable();
      const level = heading[1].length as 1 | 2 | 3 | 4 | 5 | 6;
      const explicit = /\s*\{#([^}\s]+)\}\s*$/.exec(heading[2]);
      const text = inline(explicit ? heading[2].slice(0, explicit.index) : heading[2]);
      if (level === 1 && !sawTitle) {
        sawTitle = true; // the page title, already the first block
        continue;
      }
      blocks.push({
        kind: 'heading',
        level,
        text,
        anchor: slugs(explicit ? explicit[1] : text, Boolean(explicit)),
      });
      continue;
    }
    if (trimmed.startsWith('|')) {
      flush();
      const cells = trimmed
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim());
      if (cells.every((cell) => /^:?-{2,}:?$/.test(cell))) continue;
      if (!inTable) {
        inTable = true; // the header row: `th`, not indexed
        continue;
      }
      if (cells.length > 1) blocks.push({kind: 'row', text: inline(cells[0])});
      blocks.push({kind: 'content', text: inline(cells[cells.length - 1])});
      continue;
    }
    const item = /^(?:[-*+]|\d+[.)])\s+(.*)$/.exec(trimmed);
    if (item) {
      flush();
      // A list item that is only a link (an index): the linked page has the records.
      listItem = /^\[[^\]]*\]\([^)]*\)$/.test(item[1].trim()) ? null : [item[1]];
      continue;
    }
    if (trimmed.startsWith('>')) {
      paragraph.push(trimmed.replace(/^>\s?/, ''));
      continue;
    }
    if (listItem && raw.startsWith(' ')) listItem.push(trimmed);
    else {
      if (listItem) flush();
      paragraph.push(trimmed);
    }
  }
  flush();
  endTable();
  return blocks;
}

function stripFrontMatter(source: string): string {
  return source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
}

/** Inline Markdown/MDX to plain text. */
export function inline(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '') // images
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1') // reference links
    .replace(/<[^>]+>/g, '') // HTML/JSX tags
    .replace(/\{\/\*.*?\*\/\}/g, '') // MDX comments
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_]([^*_]+)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
}

/** Heading anchors as Docusaurus makes them (github-slugger), numbered when repeated. */
export function createSlugger(): (text: string, explicit?: boolean) => string {
  const counts = new Map<string, number>();
  return (text, explicit = false) => {
    const base = explicit
      ? text
      : text
          .toLowerCase()
          .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
          .replace(/ /g, '-');
    const seen = counts.get(base);
    counts.set(base, (seen ?? 0) + 1);
    return seen === undefined ? base : `${base}-${seen}`;
  };
}
