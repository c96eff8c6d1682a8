/**
 * Wraps the Mermaid component to show the diagram pre-rendered by
 * `npm run diagrams` (static/diagrams/): a sized, lazily loaded SVG image per
 * color mode, so a page with a diagram ships no Mermaid JavaScript and nothing
 * moves when the diagram appears. A diagram that has not been rendered yet (while
 * writing) falls back to the original component, which renders it in the browser.
 */
import type {ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import ThemedImage from '@theme/ThemedImage';
import type {WrapperProps} from '@docusaurus/types';
import manifest from '@site/static/diagrams/manifest.json';
import {diagramKey} from './diagram-key';
import styles from './styles.module.css';

type Props = WrapperProps<typeof MermaidType>;
type Entry = {width: number; height: number; title?: string};

const diagrams: Record<string, Entry | undefined> = manifest.diagrams;

export default function MermaidWrapper(props: Props): ReactNode {
  const key = diagramKey(props.value);
  const entry = diagrams[key];
  const light = useBaseUrl(`/diagrams/${key}.light.svg`);
  const dark = useBaseUrl(`/diagrams/${key}.dark.svg`);
  if (!entry) return <Mermaid {...props} />;
  // The docs follow every diagram with an "In words: ..." paragraph (a unit test checks it).
  const alt = entry.title ?? 'Diagram, described in words below.';
  return (
    <div className={`docusaurus-mermaid-static ${styles.diagram}`}>
      <ThemedImage
        sources={{light, dark}}
        alt={alt}
        width={entry.width}
        height={entry.height}
        loading="lazy"
        decoding="async"
      />
    </div>
  );
}
