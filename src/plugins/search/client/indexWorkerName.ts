/**
 * The search worker's name, before ` <index URL>`: a module of its own, as the first-load code and
 * the worker share nothing else.
 */
export const INDEX_WORKER_NAME = 'docs-search';
