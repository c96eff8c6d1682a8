/**
 * Shows the diagram pre-rendered by `npm run diagrams` as a sized, lazy SVG per color
 * mode (size and title added as props by src/plugins/prerendered-diagrams); a diagram
 * not rendered yet falls back to the original, browser-rendering component (src/theme/README.md).
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
