/**
 * The start of the search worker's name, which goes on with a space and the
 * URL of the index the worker opens as soon as it runs
 * (./searchWorkerStart.ts names it, ./serveIndexCalls.ts reads it). A module of
 * its own: the page's first-load code and the worker share nothing else.
 */
export const INDEX_WORKER_NAME = 'docs-search';
