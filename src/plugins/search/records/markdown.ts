import type {ListItem, Nodes, RootContent, TableRow} from 'mdast';
import {MarkdownError, parsePage, plainText, type PageHeading} from '../../../markdown/index.ts';
import type {Block} from './page.ts';

/**
 * Blocks of a Markdown/MDX source, for the dev server (`npm start` renders pages
 * in the browser only, so there is no HTML to read). The page is parsed by the
 * site's Markdown front-end, so headings carry the anchors the built page has;
 * the blocks mirror what the DocSearch selectors pick from the HTML (records/html.ts):
 * paragraphs (a tight list item's text is its paragraph), table rows and cells. Code, front matter, imports, HTML markup and
 * admonition titles are left out, as the crawler leaves them out.
 *
 * `file` picks the format (`.mdx` is MDX) and names the page in errors. A page
 * that does not parse (a writer mid-edit) gives only its title: Docusaurus shows
 * the error itself, and the index must not fail for it.
 */
export function blocksFromMarkdown(source: string, title: string, file?: string): Block[] {
  const blocks: Block[] = [{kind: 'heading', level: 1, text: title, anchor: null}];
  let page;
  try {
    page = parsePage(source, {file});
  } catch (error) {
    if (error instanceof MarkdownError) return blocks;
    throw error;
  }
  const headings = new Map<Nodes, PageHeading>(page.headings.map((heading) => [heading.node, heading]));
  let sawTitle = false;

  const content = (node: Nodes) => {
    const text = plainText(node);
    if (text) blocks.push({kind: 'content', text});
  };
  const tableRow = (row: TableRow) => {
    const cells = row.children;
    if (cells.length > 1) blocks.push({kind: 'row', text: plainText(cells[0])});
    if (cells.length) blocks.push({kind: 'content', text: plainText(cells[cells.length - 1])});
  };
  const walk = (nodes: readonly Nodes[]) => {
    for (const node of nodes) {
      switch (node.type) {
        case 'heading': {
          const heading = headings.get(node);
          if (!heading) break;
          if (heading.depth === 1 && !sawTitle) {
            sawTitle = true; // the page title, already the first block
            break;
          }
          blocks.push({kind: 'heading', level: heading.depth, text: heading.text, anchor: heading.id});
          break;
        }
        case 'paragraph':
          // An admonition's title is no paragraph on the page.
          if (!node.data?.directiveLabel) content(node);
          break;
        case 'list': {
          // Items of a tight list render without <p>; the crawler then sees an item that is
          // only a link as an index entry (the linked page has the records) and skips it.
          const tight = !node.spread && node.children.every((item) => !item.spread);
          walk(node.children.filter((item) => !(tight && isOnlyALink(item))));
          break;
        }
        case 'table':
          // The first row is the header (`th`), which the crawler does not index.
          node.children.slice(1).forEach(tableRow);
          blocks.push({kind: 'table-end'});
          break;
        default:
          // Code, HTML, front matter, imports and expressions are leaves: nothing of theirs is walked.
          if ('children' in node) walk(node.children as RootContent[]);
      }
    }
  };
  walk(page.tree.children);
  return blocks;
}

function isOnlyALink(item: ListItem): boolean {
  const [paragraph, ...rest] = item.children;
  return (
    rest.length === 0 &&
    paragraph?.type === 'paragraph' &&
    paragraph.children.length === 1 &&
    paragraph.children[0].type === 'link'
  );
}
