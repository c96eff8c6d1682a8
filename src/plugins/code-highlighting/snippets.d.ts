// Written by the plugin (./index.ts) from its `snippets` option.
declare module '@generated/code-highlighting/default/snippets.json' {
  const snippets: Record<string, {language: string; code: string; html: string}>;
  export default snippets;
}
