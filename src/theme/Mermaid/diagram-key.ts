/**
 * The name of a pre-rendered diagram: a hash of its Mermaid source. Shared by
 * the browser (src/theme/Mermaid) and `npm run diagrams`, so it must stay
 * synchronous and dependency-free.
 */
import {hash53} from '../../utils/hash53.ts';

/** The source as the Markdown pipeline hands it to the Mermaid component. */
export function normalizeDiagramSource(source: string): string {
  return source.replace(/\r\n?/g, '\n').trim();
}

/** 14 hex digits naming the diagram whose Mermaid source is `source`. */
export function diagramKey(source: string): string {
  return hash53(normalizeDiagramSource(source));
}
