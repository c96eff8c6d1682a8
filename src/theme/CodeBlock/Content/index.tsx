/**
 * Replaces the theme's code block content, whose job is highlighting with Prism in
 * the browser. Blocks arrive highlighted from the build (src/plugins/code-highlighting);
 * one without highlighting (a `<CodeBlock>` written in JSX) is shown as plain text.
 * Same markup as the theme's: `pre > code > div.token-line`, with its classes, so
 * the theme's buttons (copy, word wrap) and styles keep working.
 */
import {useContext, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content';
import {HighlightedHtmlContext, lineMismatch} from '@site/src/components/HighlightedHtmlContext';
import styles from './styles.module.css';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Plain lines in the markup the build produces, for blocks it did not highlight. */
function plainHtml(code: string, lineClassNames: Record<number, string[]>, numbered: boolean): string {
  return code
    .split('\n')
    .map((line, index) => {
      const classes = clsx('token-line', numbered && 'code-line', lineClassNames[index]);
      const text = escapeHtml(line);
      const content = numbered
        ? `<span class='code-line-number'></span><span class='code-line-content'>${text}</span>`
        : text;
      return `<div class='${classes}'>${content}<br></div>`;
    })
    .join('');
}

export default function CodeBlockContent({className}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const {codeBlockRef} = wordWrap;
  const highlighted = useContext(HighlightedHtmlContext);
  const numbered = metadata.lineNumbersStart !== undefined;
  const mismatch = highlighted === undefined ? undefined : lineMismatch(highlighted, metadata.code);
  // The browser tests fail on console errors, so a mismatch cannot go unnoticed.
  if (mismatch) console.error(mismatch);
  const html =
    highlighted !== undefined && !mismatch
      ? highlighted
      : plainHtml(metadata.code, metadata.lineClassNames, numbered);
  return (
    <pre
      ref={codeBlockRef}
      // Scrollable, so keyboard users can reach it (as the theme does).
      tabIndex={0}
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
