/** Public browser entry of the search-local plugin for the SearchPage wrapper: the /search page's backend failures. */
export {searchPageFailures} from '../client/failures';
