// @ts-check
/**
 * The name of a pre-rendered diagram: a hash of its Mermaid source. Shared by
 * the browser (src/theme/Mermaid) and `npm run diagrams`, so it must stay
 * synchronous and dependency-free (cyrb53, a fast 53-bit string hash).
 */

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
  const text = normalizeDiagramSource(source);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}
