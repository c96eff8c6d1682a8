/**
 * The search-early-open plugin's public browser entry: the `<html>` attributes
 * through which its inline script and the SearchBar wrapper hand over.
 */
export {READY_ATTRIBUTE, REQUESTED_ATTRIBUTE} from './attributes';
