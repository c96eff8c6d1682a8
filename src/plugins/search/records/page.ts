import {recordId} from './recordId.ts';
import {
  LEVELS,
  LEVEL_WEIGHT,
  type Hierarchy,
  type Level,
  type RecordType,
  type SearchRecord,
} from '../types.ts';

/**
 * A page as a flat list of blocks in reading order, whatever it was parsed from
 * (built HTML or Markdown source). Records are made from blocks the way the
 * DocSearch crawler makes them from its selectors:
 * - `heading` (h1 = lvl1 ... h6 = lvl6) starts a level and clears the deeper ones;
 * - `row` is a table row's first cell (`td:first-child`): lvl5 until the table ends;
 * - `content` (`p`, `li`, `td:last-child`) is a content record under the current levels.
 */
export type Block =
  | {kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string; anchor: string | null}
  | {kind: 'row'; text: string}
  | {kind: 'content'; text: string}
  | {kind: 'table-end'};

export type PageInfo = {
  /** Absolute URL of the page, without anchor. */
  url: string;
  lvl0: string;
  pageRank: number;
  /** The heading level of the page's members (`RecordRules.members`), if it has any. */
  memberLevel?: number;
  facets: {language?: string; docusaurus_tag?: string; version?: string};
};

/** Longer texts are cut: Algolia rejects records over 10 KB on smaller plans. */
const MAX_TEXT_LENGTH = 3000;

function cleanText(text: string): string {
  const collapsed = text
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return collapsed.length > MAX_TEXT_LENGTH
    ? `${collapsed.slice(0, MAX_TEXT_LENGTH - 1).trimEnd()}…`
    : collapsed;
}

/**
 * A heading's title in the records. On a page with members, a member's heading is qualified by
 * the page's subject (`Class: StreamrClient` + `subscribe()` → `StreamrClient.subscribe()`), and
 * a heading under a member names it (`StreamrClient.subscribe() › Parameters`).
 */
function headingTitle(hierarchy: Hierarchy, level: number, text: string, memberLevel?: number): string {
  if (memberLevel === undefined || level < memberLevel) return text;
  if (level > memberLevel) {
    const member = hierarchy[LEVELS[memberLevel]!];
    return member ? `${member} › ${text}` : text;
  }
  const subject = /^[A-Z][\w ]*: (\S+)$/.exec(hierarchy.lvl1 ?? '')?.[1];
  return subject ? `${subject}.${text}` : text;
}

function emptyHierarchy(lvl0: string): Hierarchy {
  return {lvl0, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null};
}

/**
 * The page's description (front matter `description`, the summary search engines
 * show) as a content record right after the title, unless the page's own text
 * already says it (Docusaurus uses the first paragraph when there is none).
 */
export function withDescription(blocks: Block[], description: string | undefined): Block[] {
  const text = cleanText(description ?? '');
  if (!text) return blocks;
  const said = blocks.some(
    (block) =>
      block.kind === 'content' && cleanText(block.text).startsWith(text.replace(/…$/, '').slice(0, 80)),
  );
  if (said) return blocks;
  const title = blocks.findIndex((block) => block.kind === 'heading' && block.level === 1);
  const at = title + 1;
  return [...blocks.slice(0, at), {kind: 'content', text}, ...blocks.slice(at)];
}

export function recordsFromBlocks(page: PageInfo, blocks: Block[]): SearchRecord[] {
  const records: SearchRecord[] = [];
  const seen = new Set<string>();
  const hierarchy = emptyHierarchy(page.lvl0);
  let anchor: string | null = null;
  // lvl5/lvl6 as they were before a table started giving rows their own lvl5.
  let beforeTable: {lvl5: string | null; lvl6: string | null} | null = null;

  const emit = (type: RecordType, content: string | null) => {
    const url = anchor ? `${page.url}#${anchor}` : page.url;
    const objectID = recordId(url, type, hierarchy, content);
    if (seen.has(objectID)) return;
    seen.add(objectID);
    const position = records.length;
    records.push({
      objectID,
      url,
      url_without_anchor: page.url,
      anchor,
      type,
      hierarchy: {...hierarchy},
      content,
      weight: {pageRank: page.pageRank, level: LEVEL_WEIGHT[type], position},
      ...page.facets,
    });
  };

  for (const block of blocks) {
    if (block.kind === 'table-end') {
      if (beforeTable) Object.assign(hierarchy, beforeTable);
      beforeTable = null;
      continue;
    }
    const text = cleanText(block.text);
    if (!text) continue;
    if (block.kind === 'heading') {
      beforeTable = null;
      const level: Level = LEVELS[block.level];
      hierarchy[level] = headingTitle(hierarchy, block.level, text, page.memberLevel);
      for (const deeper of LEVELS.slice(block.level + 1)) hierarchy[deeper] = null;
      anchor = block.level === 1 ? null : (block.anchor ?? anchor);
      emit(level, null);
    } else if (block.kind === 'row') {
      beforeTable ??= {lvl5: hierarchy.lvl5, lvl6: hierarchy.lvl6};
      hierarchy.lvl5 = text;
      hierarchy.lvl6 = null;
      emit('lvl5', null);
    } else {
      emit('content', text);
    }
  }
  return records;
}
