import {createContext} from 'react';

/**
 * The inner HTML of a code block's `<code>`, highlighted at build time
 * (src/plugins/code-highlighting), from `CodeBlock` down to `CodeBlock/Content`.
 */
export const HighlightedHtmlContext = createContext<string | undefined>(undefined);
