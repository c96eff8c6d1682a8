// Stands in for theme-classic's `prism-include-languages` client module, which
// would load Prism into every page only to register grammars: code is highlighted
// at build time (see ./index.ts), so the browser needs none.
export {};
