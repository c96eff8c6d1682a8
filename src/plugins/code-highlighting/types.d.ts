// Types of what the code-highlighting plugin hands to the site.
export {};

declare module '@theme/CodeBlock' {
  interface Props {
    /** The HTML of every source line, highlighted at build time, newline-separated (code-highlighting/markup.ts). */
    readonly highlightedHtml?: string;
  }
}
