import {createContext} from 'react';

/**
 * A code block's lines as HTML, highlighted at build time (src/plugins/code-highlighting;
 * the format is in its markup.ts), from `CodeBlock` down to `CodeBlock/Content`.
 */
export const HighlightedHtmlContext = createContext<string | undefined>(undefined);
