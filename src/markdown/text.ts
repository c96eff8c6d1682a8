import type {Nodes} from 'mdast';

/**
 * What a reader sees of a node, as plain text on one line: text and inline code
 * as written, JSX and directives through their children; images, HTML markup,
 * MDX expressions and imports leave nothing.
 */
export function plainText(node: Nodes): string {
  return collect(node).replace(/\s+/g, ' ').trim();
}

function collect(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value;
    case 'break':
      return ' ';
    case 'image':
    case 'imageReference':
    case 'html':
    case 'code':
    case 'yaml':
    case 'mdxjsEsm':
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return '';
    default:
      if (!('children' in node)) return '';
      // Blocks are separated so that two paragraphs do not run together.
      return (node.children as Nodes[])
        .map((child) => collect(child))
        .join(isBlockContainer(node) ? ' ' : '');
  }
}

function isBlockContainer(node: Nodes): boolean {
  return [
    'root',
    'blockquote',
    'list',
    'listItem',
    'table',
    'tableRow',
    'containerDirective',
    'mdxJsxFlowElement',
  ].includes(node.type);
}
