/**
 * Heading ids exactly as the built pages have them. Docusaurus's mdx-loader gives
 * each heading, in document order, the first of: an id in a trailing comment
 * (`{/* #id *\/}` in MDX, `<!-- #id -->`), a classic `{#id}` suffix, or the slug of
 * its text from one page-wide slugger (repeats get `-1`, `-2`; explicit ids do not
 * count). The comment rule is inside the loader's unexported remark plugin, so it is
 * restated here (tests/unit/markdown.test.ts compares the two over the real docs).
 * Like the loader, the explicit id is removed from the tree.
 */
import {createSlugger, parseMarkdownHeadingId} from '@docusaurus/utils';
import type {Heading, Root} from 'mdast';
import {toString} from 'mdast-util-to-string';
import type {PageHeading} from './index.ts';
import {plainText} from './text.ts';

export function headingIds(tree: Root): PageHeading[] {
  const slugger = createSlugger();
  const headings: PageHeading[] = [];
  const walk = (node: Root | Root['children'][number]) => {
    if (node.type === 'heading') {
      const explicit = takeCommentId(node) ?? takeClassicId(node);
      headings.push({
        depth: node.depth,
        text: plainText(node),
        id: explicit ?? slugger.slug(slugText(node), {maintainCase: false}),
        line: node.position?.start.line ?? 1,
        node,
      });
    }
    if ('children' in node) for (const child of node.children) walk(child as Root['children'][number]);
  };
  walk(tree);
  return headings;
}

/** The text the loader slugs: the heading without its HTML/JSX children. */
function slugText(heading: Heading): string {
  const kept = heading.children.filter(({type}) => !['html', 'jsx'].includes(type));
  return toString(kept.length > 0 ? kept : heading);
}

function idInComment(comment: string): string | undefined {
  const first = comment.trim().split(' ')[0];
  return first?.startsWith('#') ? first.slice(1) || undefined : undefined;
}

function takeCommentId(heading: Heading): string | undefined {
  const last = heading.children.at(-1);
  let id: string | undefined;
  if (last?.type === 'mdxTextExpression' && last.data?.estree) {
    // Only an expression that is one comment and nothing else: `{/* #id */}`.
    const program = last.data.estree;
    if (program.body.length === 0 && program.comments?.length === 1)
      id = idInComment(program.comments[0].value);
  } else if (last?.type === 'html') {
    const comment = /^<!--([\s\S]*)-->$/.exec(last.value)?.[1];
    if (comment) id = idInComment(comment);
  }
  if (id === undefined) return undefined;
  heading.children.pop();
  const newLast = heading.children.at(-1);
  if (newLast?.type === 'text') newLast.value = newLast.value.trimEnd();
  return id;
}

function takeClassicId(heading: Heading): string | undefined {
  const {id} = parseMarkdownHeadingId(slugText(heading), 'classic');
  if (!id) return undefined;
  const last = heading.children.at(-1);
  if (last?.type !== 'text') return id;
  const rest = parseMarkdownHeadingId(last.value, 'classic').text;
  if (rest || heading.children.length === 1) last.value = rest;
  else heading.children.pop();
  return id;
}
