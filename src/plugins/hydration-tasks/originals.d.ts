// The stock modules that ./preload.ts and ./ComponentCreator.ts wrap, imported past their replacement.
declare module '@docusaurus/core/lib/client/preload.js?original' {
  export {default} from '@docusaurus/core/lib/client/preload';
}
declare module '@docusaurus/core/lib/client/exports/ComponentCreator.js?original' {
  export {default} from '@docusaurus/core/lib/client/exports/ComponentCreator';
}
