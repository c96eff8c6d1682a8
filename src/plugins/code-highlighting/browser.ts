/**
 * The code-highlighting plugin's public browser entry: the line markup the build
 * writes and the CodeBlock/Content replacement reads (./markup.ts, free of Node
 * imports). The rest of this folder runs at build time.
 */
export {escapeHtml, lineMismatch, linesHtml} from './markup';
