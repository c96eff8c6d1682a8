/**
 * The prerendered-diagrams step's public browser entry: the props it gives each
 * `mermaid` element (./remark.ts runs at build time).
 */
export type DiagramProps = {diagramKey: string; width: number; height: number; title?: string};
