/**
 * Replaces the theme's code block content, whose job is highlighting with Prism in
 * the browser. Blocks arrive highlighted from the build (src/plugins/code-highlighting),
 * every source line of them; which lines show, their highlight classes and numbers
 * come from the theme's own metadata (magic comments, `{1,3}` ranges, showLineNumbers).
 * A block without highlighting (a `<CodeBlock>` written in JSX) is shown as plain text.
 * Same markup as the theme's: `pre > code > div.token-line`, with its classes, so
 * the theme's buttons (copy, word wrap) and styles keep working.
 */
import {useContext, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content';
import {HighlightedHtmlContext} from '@site/src/components/HighlightedHtmlContext';
import {escapeHtml, linesHtml, shownLines} from '@site/src/plugins/code-highlighting/browser';
import styles from './styles.module.css';

const TYPED_CODE = 'Code with types: Arrow Down and Arrow Up move through its names, Escape hides a type.';

export default function CodeBlockContent({className}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const {codeBlockRef} = wordWrap;
  const highlighted = useContext(HighlightedHtmlContext);
  const numbered = metadata.lineNumbersStart !== undefined;
  const built = highlighted === undefined ? undefined : shownLines(highlighted, metadata);
  // The browser tests fail on console errors, so a mismatch cannot go unnoticed.
  if (highlighted !== undefined && !built)
    console.error("Code block: the build's lines do not fit the theme's; showing it uncolored");
  const lines = built ?? metadata.code.split('\n').map((line) => escapeHtml(line));
  const html = linesHtml(lines, metadata.lineClassNames, numbered);
  return (
    <pre
      ref={codeBlockRef}
      // Scrollable, so keyboard users can reach it (as the theme does). It is the one tab stop
      // of a sample with type info too (code-highlighting/client/type-popups.ts).
      tabIndex={0}
      aria-description={html.includes('twoslash-hover') ? TYPED_CODE : undefined}
      className={clsx(
        className,
        'prism-code',
        `language-${metadata.language}`,
        styles.codeBlock,
        'thin-scrollbar',
      )}
    >
      <code
        className={clsx(styles.codeBlockLines, numbered && styles.codeBlockLinesWithNumbering)}
        style={numbered ? {counterReset: `line-count ${(metadata.lineNumbersStart ?? 1) - 1}`} : undefined}
        dangerouslySetInnerHTML={{__html: html}}
      />
    </pre>
  );
}
