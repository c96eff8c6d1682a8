/**
 * The llms-txt plugin's public browser entry: what theme code and components may
 * use (the "Copy page" control finds a page's Markdown twin with it). Everything
 * else in this folder runs at build time.
 */
export {markdownPathFor} from '../../build-output/layout.ts';
