/**
 * Replaces the theme's Prism renderer: shows the build's highlighted lines
 * (src/plugins/code-highlighting) that the theme's metadata keeps, or plain text for a
 * `<CodeBlock>` without them, in the theme's `pre > code > div.token-line` markup, so
 * its buttons (copy, word wrap) and styles keep working (src/theme/README.md).
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
