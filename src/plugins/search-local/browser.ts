/**
 * The search-local plugin's public browser entry for theme components (the
 * SearchBar and SearchPage wrappers): recovery from stale search chunks after a
 * deploy, and the /search page's backend failures.
 */
export {STALE_HELP, STALE_TITLE, handleDialogChunkRejections, staleAssets} from './client/staleAssets';
export {searchPageFailures} from './client/failures';
