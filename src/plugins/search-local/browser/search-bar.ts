/**
 * Public browser entry of the search-local plugin for the SearchBar wrapper:
 * recovery from search chunks that went stale with a deploy. One entry per
 * consumer, so the search bar, on every page, does not bundle what only the
 * /search page uses.
 */
export {STALE_HELP, STALE_TITLE, handleDialogChunkRejections, staleAssets} from '../client/staleAssets';
