// The browser build of Algolia's lite client, by path: `algoliasearch/lite` itself is aliased to liteClient.ts.
declare module 'algoliasearch/dist/lite/builds/browser.js' {
  export {liteClient} from 'algoliasearch/lite';
}

// @types/react-dom is not installed; the search UI needs only createPortal.
declare module 'react-dom' {
  import type {ReactNode, ReactPortal} from 'react';
  export function createPortal(
    children: ReactNode,
    container: Element | DocumentFragment,
    key?: string | null,
  ): ReactPortal;
}

// Loaded by the button only to learn whether the dialog's chunks arrive (aliased to ./DocSearchModal.tsx; a CSS module).
declare module '@docsearch/react/modal';
declare module '@docsearch/react/style';

// The search theme's stock components, aliased by ../index.ts for the wrappers in ../theme.
declare module '@docs-search/stock-theme/SearchBar' {
  export {default} from '@theme-original/SearchBar';
}
declare module '@docs-search/stock-theme/SearchPage' {
  export {default} from '@theme-original/SearchPage';
}
