/**
 * DocSearch and the /search page put highlighted values into the page with
 * `dangerouslySetInnerHTML`, and Algolia returns record text and the query as
 * they are. So every request asks for these sentinel highlight tags, and every
 * answer is escaped before the sentinels become real tags: text from records or
 * queries (`<img src=x onerror=...>`) stays text, with either backend.
 */
export const HIGHLIGHT_PRE = '__docs-search-highlight__';
export const HIGHLIGHT_POST = '__/docs-search-highlight__';

const ESCAPES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/** How the consumer renders a hit. */
export type RenderProfile = 'modal' | 'page';

type Tags = {pre: string; post: string};

/** `value` whose sentinels became the consumer's tags. */
const withTags = (value: string, {pre, post}: Tags) =>
  value.split(HIGHLIGHT_PRE).join(pre).split(HIGHLIGHT_POST).join(post);

function mapValues(node: unknown, render: (value: string, path: string) => string, path = ''): unknown {
  if (Array.isArray(node)) return node.map((item, index) => mapValues(item, render, `${path}.${index}`));
  if (!node || typeof node !== 'object') return node;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    const childPath = path ? `${path}.${key}` : key;
    result[key] =
      key === 'value' && typeof value === 'string'
        ? render(value, path)
        : mapValues(value, render, childPath);
  }
  return result;
}

/**
 * A hit made safe for its consumer.
 * - modal: snippets and highlights become escaped HTML; the raw `hierarchy.lvl1..6`
 *   and `content` are escaped too (DocSearch renders them as HTML when a snippet is
 *   missing, and always for recent and favorite searches, which are stored without
 *   snippets). `hierarchy.lvl0` and its highlight stay text: DocSearch shows them as
 *   the group title, as text.
 * - page: every highlight and snippet becomes escaped HTML (the page shows them as HTML).
 */
export function sanitizeHit(
  hit: Record<string, unknown>,
  tags: Tags,
  profile: RenderProfile,
): Record<string, unknown> {
  const html = (value: string) => withTags(escapeHtml(value), tags);
  const result: Record<string, unknown> = {...hit};
  if (hit._snippetResult) result._snippetResult = mapValues(hit._snippetResult, html);
  if (hit._highlightResult) {
    result._highlightResult = mapValues(hit._highlightResult, (value, path) =>
      profile === 'modal' && path === 'hierarchy.lvl0' ? withTags(value, tags) : html(value),
    );
  }
  if (profile === 'modal') {
    if (typeof hit.content === 'string') result.content = escapeHtml(hit.content);
    if (hit.hierarchy && typeof hit.hierarchy === 'object') {
      const hierarchy: Record<string, unknown> = {...(hit.hierarchy as Record<string, unknown>)};
      for (const [level, value] of Object.entries(hierarchy)) {
        if (level !== 'lvl0' && typeof value === 'string') hierarchy[level] = escapeHtml(value);
      }
      result.hierarchy = hierarchy;
    }
  }
  return result;
}
