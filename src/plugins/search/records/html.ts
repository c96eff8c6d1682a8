import {load, type AnyNode, type CheerioAPI, type Element} from 'cheerio';
import type {SearchRecord} from '../types.ts';
import {recordsFromBlocks, withDescription, type Block} from './page.ts';
import {isExcluded, pageInfo, type RecordRules} from './rules.ts';

/**
 * Records of one built page, with the selectors of DocSearch's Docusaurus v3
 * crawler template:
 * - lvl0: the top active sidebar category (the template takes the deepest: see the search README,
 *   "What the dialog shows"), else the active navbar item, else "Documentation";
 * - lvl1: `header h1`, else `article h1`; lvl2..lvl4: `article h2`..`article h4`;
 * - lvl5: `article h5, article td:first-child`; lvl6: `article h6`;
 * - content: `article p, article li, article td:last-child`;
 * - every `<meta name="docsearch:NAME">` becomes attribute NAME of each record.
 * Navigation, code blocks and buttons inside the article are not content.
 * Returns [] for pages that are excluded, marked noindex, or have no article.
 */
export function recordsFromHtml(html: string, sitePath: string, rules: RecordRules): SearchRecord[] {
  if (isExcluded(rules, sitePath)) return [];
  const $ = load(html);
  const robots = $('meta[name="robots"]').attr('content') ?? '';
  if (/noindex/i.test(robots)) return [];
  const article = $('article').first();
  if (article.length === 0) return [];

  const facets: Record<string, string> = {};
  $('meta[name^="docsearch:"]').each((_, meta) => {
    const name = $(meta).attr('name')!.slice('docsearch:'.length);
    const content = $(meta).attr('content');
    if (['language', 'docusaurus_tag', 'version'].includes(name) && content) facets[name] = content;
  });

  const activeSection =
    $('.menu__link.menu__link--sublist.menu__link--active').first().text().trim() ||
    $('.navbar__item.navbar__link--active').last().text().trim();
  const canonical = $('link[rel="canonical"]').attr('href')?.replace(/#.*$/, '');

  return recordsFromBlocks(
    pageInfo(rules, sitePath, {section: activeSection, url: canonical || undefined, facets}),
    withDescription(blocksOfArticle($, article.get(0)!), $('meta[name="description"]').attr('content')),
  );
}

/**
 * Inside the article but not content: navigation, tables of contents, code,
 * controls, and doc cards (a category page's cards repeat the descriptions of
 * the pages they link to, which have their own records).
 */
const NOT_CONTENT =
  '.theme-doc-card-container, nav, footer, button, script, style, noscript, svg, pre, .hash-link, ' +
  '.theme-doc-toc-mobile, .theme-doc-footer, .theme-doc-version-badge, .pagination-nav';

/** Elements whose text belongs to their own block, not to an enclosing `li`/`p`/`td`. */
const OWN_BLOCK = new Set(
  'p li ul ol table tr td th pre div h1 h2 h3 h4 h5 h6 blockquote details figure'.split(' '),
);

function ownText(node: AnyNode): string {
  if (node.type === 'text') return (node as unknown as {data: string}).data;
  if (node.type !== 'tag') return '';
  const element = node as Element;
  if (element.name === 'br') return ' ';
  return element.children
    .map((child) => (child.type === 'tag' && OWN_BLOCK.has((child as Element).name) ? ' ' : ownText(child)))
    .join('');
}

/** A list item that is nothing but a link (an index or "see also" list): the linked page has the records. */
function isOnlyALink($: CheerioAPI, element: Element): boolean {
  const links = $(element).children('a');
  return links.length === 1 && ownText(element).trim() === links.text().trim();
}

function blocksOfArticle($: CheerioAPI, article: Element): Block[] {
  const root = $(article).clone();
  root.find(NOT_CONTENT).remove();
  const blocks: Block[] = [];
  let currentTable: Element | null = null;
  root.find('h1, h2, h3, h4, h5, h6, p, li, td').each((_, element) => {
    const name = element.name;
    const table =
      name === 'td' ? (($(element).closest('table').get(0) as Element | undefined) ?? null) : null;
    if (currentTable && table !== currentTable) blocks.push({kind: 'table-end'});
    currentTable = table;

    if (/^h[1-6]$/.test(name)) {
      blocks.push({
        kind: 'heading',
        level: Number(name[1]) as 1 | 2 | 3 | 4 | 5 | 6,
        text: $(element).text(),
        anchor: $(element).attr('id') ?? null,
      });
    } else if (name === 'td') {
      const cells = $(element).parent().children('td');
      const first = cells.get(0) === element;
      const last = cells.get(cells.length - 1) === element;
      if (first && !last) blocks.push({kind: 'row', text: ownText(element)});
      else if (last) blocks.push({kind: 'content', text: ownText(element)});
    } else if (!(name === 'li' && isOnlyALink($, element))) {
      blocks.push({kind: 'content', text: ownText(element)});
    }
  });
  if (currentTable) blocks.push({kind: 'table-end'});
  return blocks;
}
