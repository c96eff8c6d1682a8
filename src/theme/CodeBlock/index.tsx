/**
 * Code blocks highlighted at build time (src/plugins/code-highlighting) carry their
 * HTML in `highlightedHtml`. They render once, through the theme's own string code
 * block: the original re-renders every block after hydration to apply the dark
 * Prism theme, which CSS does here. Other code blocks go to the original.
 */
import type {ReactNode} from 'react';
import OriginalCodeBlock from '@theme-original/CodeBlock';
import CodeBlockString from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';
import {HighlightedHtmlContext} from '@site/src/components/HighlightedHtmlContext';

export default function CodeBlock({highlightedHtml, ...props}: Props): ReactNode {
  const code = Array.isArray(props.children) ? props.children.join('') : props.children;
  if (typeof highlightedHtml !== 'string' || typeof code !== 'string')
    return <OriginalCodeBlock {...props} />;
  return (
    <HighlightedHtmlContext.Provider value={highlightedHtml}>
      <CodeBlockString {...props}>{code}</CodeBlockString>
    </HighlightedHtmlContext.Provider>
  );
}
