/** Set on `<html>` when search was requested before hydration. */
export const REQUESTED_ATTRIBUTE = 'data-search-requested';
/** Set on `<html>` by the SearchBar wrapper once DocSearch's own handlers are live. */
export const READY_ATTRIBUTE = 'data-search-ready';
