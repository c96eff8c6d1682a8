// Types of what the code-highlighting plugin hands to the site.
export {};

declare module '@theme/CodeBlock' {
  interface Props {
    /** The `<code>` element's inner HTML, highlighted at build time (src/theme/CodeBlock). */
    readonly highlightedHtml?: string;
  }
}
