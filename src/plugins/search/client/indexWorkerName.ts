/**
 * The search worker's name; with the local backend it is followed by a space
 * and the URL of the index the worker opens as soon as it runs
 * (./searchWorkerStart.ts names it, ./serveIndexCalls.ts reads it). A module of
 * its own: the page's first-load code and the worker share nothing else.
 */
export const INDEX_WORKER_NAME = 'docs-search';
