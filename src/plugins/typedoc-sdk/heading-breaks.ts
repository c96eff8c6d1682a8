import type {Heading, PhrasingContent, Root, RootContent} from 'mdast';
import type {VFile} from 'vfile';

/** Between the humps of a camel-case name: `add|Stream|To|Storage|Node`, `ECDSA|Key`. */
const HUMP = /(?<=[a-z\d])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/;

/**
 * Remark plugin: `<wbr>` between the humps of names in h2..h6, so `addStreamToStorageNode()` wraps
 * in the table of contents at a hump, not mid-word. It adds no text (ids, search and copy-paste are
 * unchanged; the Markdown twin reads the source). Raw HTML, which the table of contents copies as
 * is, so `.md` only; not the h1, which Docusaurus takes as the title text.
 */
export function headingBreaks() {
  return (tree: Root, file: VFile): void => {
    if (file.path.endsWith('.mdx')) return;
    const visit = (nodes: RootContent[]) => {
      for (const node of nodes) {
        if (node.type === 'heading' && node.depth > 1) breakHumps(node);
        else if ('children' in node) visit(node.children as RootContent[]);
      }
    };
    visit(tree.children);
  };
}

function breakHumps(heading: Heading): void {
  heading.children = heading.children.flatMap((child) => {
    if (child.type !== 'text') return [child];
    return child.value
      .split(HUMP)
      .flatMap((part, index): PhrasingContent[] => [
        ...(index ? [{type: 'html', value: '<wbr>'} as const] : []),
        {type: 'text', value: part},
      ]);
  });
}
