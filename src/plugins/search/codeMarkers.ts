/**
 * Prefixes of the error messages of the site's own search code. Minification keeps
 * string literals, so these texts also mark the chunks that hold that code: the
 * browser test that no search code loads before search is opened looks for them
 * (tests/support/search-code.ts). Import them only from the code they mark.
 */
export const ENGINE_ERROR = 'docs-search engine:';
export const INDEX_FILE_ERROR = 'docs-search index:';
