import {READY_ATTRIBUTE, REQUESTED_ATTRIBUTE} from './earlyOpenAttributes.ts';

/**
 * The inline script in every page's head: a tap on Search (or Ctrl/⌘ K, or "/") before React has
 * hydrated the page, seconds on a slow phone, is marked on `<html>`, and the SearchBar wrapper
 * (../theme/SearchBar) opens the dialog once it is mounted.
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
