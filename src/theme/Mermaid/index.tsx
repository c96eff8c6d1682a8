/**
 * Wraps the Mermaid component to show the diagram pre-rendered by
 * `npm run diagrams` (static/diagrams/): a sized, lazily loaded SVG image per
 * color mode, so a page with a diagram ships no Mermaid JavaScript and nothing
 * moves when the diagram appears. The size and title come as props, added at
 * build time (src/plugins/prerendered-diagrams), so pages carry only their own.
 * A diagram that has not been rendered yet (while writing) has none and falls
 * back to the original component, loaded then, which renders it in the browser.
 */
import {lazy, Suspense, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type MermaidType from '@theme/Mermaid';
import ThemedImage from '@theme/ThemedImage';
import type {WrapperProps} from '@docusaurus/types';
import type {DiagramProps} from '@site/src/plugins/prerendered-diagrams/browser';
import styles from './styles.module.css';

type Props = WrapperProps<typeof MermaidType> & Partial<DiagramProps>;

const BrowserMermaid = lazy(() => import('@theme-original/Mermaid'));

export default function MermaidWrapper({diagramKey, width, height, title, ...props}: Props): ReactNode {
  const light = useBaseUrl(`/diagrams/${diagramKey}.light.svg`);
  const dark = useBaseUrl(`/diagrams/${diagramKey}.dark.svg`);
  if (!diagramKey || !width || !height)
    return (
      <Suspense fallback={null}>
        <BrowserMermaid {...props} />
      </Suspense>
    );
  // The docs follow every diagram with an "In words: ..." paragraph (a unit test checks it).
  const alt = title ?? 'Diagram, described in words below.';
  return (
    <div className={`docusaurus-mermaid-static ${styles.diagram}`}>
      <ThemedImage
        sources={{light, dark}}
        alt={alt}
        width={Number(width)}
        height={Number(height)}
        loading="lazy"
        decoding="async"
      />
    </div>
  );
}
