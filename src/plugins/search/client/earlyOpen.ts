import {READY_ATTRIBUTE, REQUESTED_ATTRIBUTE} from './earlyOpenAttributes.ts';

/**
 * The inline script the plugin puts in every page's head. It remembers a request
 * to open search made before React has hydrated the page, so it is not lost. Until then the search button is plain server-rendered HTML:
 * a tap on it (or Ctrl/⌘ K, or "/") would do nothing, and on a slow phone that
 * window lasts seconds. The script marks such a request on `<html>`;
 * the SearchBar wrapper (../theme/SearchBar) opens the dialog once it is
 * mounted, and from then on DocSearch's own handlers take over.
 */
export function inlineScript(): string {
  return `(function(){var d=document,h=d.documentElement;
function live(){return h.hasAttribute(${JSON.stringify(READY_ATTRIBUTE)});}
function request(){h.setAttribute(${JSON.stringify(REQUESTED_ATTRIBUTE)},'true');}
d.addEventListener('click',function(e){var t=e.target;if(!live()&&t&&t.closest&&t.closest('.DocSearch-Button'))request();},true);
d.addEventListener('keydown',function(e){if(live())return;var k=(e.key||'').toLowerCase(),a=d.activeElement;
var typing=a&&(a.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(a.tagName));
if(((e.ctrlKey||e.metaKey)&&k==='k')||(k==='/'&&!typing&&!e.ctrlKey&&!e.metaKey&&!e.altKey)){e.preventDefault();request();}},true);})();`;
}
