// @ts-check
/**
 * The name of a pre-rendered diagram: a hash of its Mermaid source. Shared by
 * the browser (src/theme/Mermaid) and `npm run diagrams`, so it must stay
 * synchronous and dependency-free.
 */
import {hash53} from '../../utils/hash53.mjs';

/**
 * The source as the Markdown pipeline hands it to the Mermaid component.
 * @param {string} source
 */
export function normalizeDiagramSource(source) {
  return source.replace(/\r\n?/g, '\n').trim();
}

/**
 * @param {string} source Mermaid source of one diagram
 * @returns {string} 14 hex digits
 */
export function diagramKey(source) {
  return hash53(normalizeDiagramSource(source));
}
