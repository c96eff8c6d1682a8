/**
 * The code-highlighting plugin's public browser entry: how the CodeBlock/Content
 * replacement reads the build's highlighted lines (./markup.ts, free of Node
 * imports). The rest of this folder runs at build time.
 */
export {escapeHtml, linesHtml, shownLines} from './markup.ts';
