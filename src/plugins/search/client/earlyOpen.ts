import {READY_ATTRIBUTE, REQUESTED_ATTRIBUTE} from './earlyOpenAttributes.ts';

/**
 * The inline script in every page's head: a tap on Search (or Ctrl/⌘ K, or "/") before React has
 * hydrated the page, seconds on a slow phone, is marked on `<html>`, and the SearchBar wrapper
 * (../theme/SearchBar) opens the dialog once it is mounted. Keys typed after the shortcut while the
 * dialog's code loads are kept and typed into its input when it takes focus; a reader's click drops them.
 */
export function inlineScript(): string {
  return `(function(){var d=document,h=d.documentElement,kept=null;
function live(){return h.hasAttribute(${JSON.stringify(READY_ATTRIBUTE)});}
function request(){h.setAttribute(${JSON.stringify(REQUESTED_ATTRIBUTE)},'true');}
function dialogInput(t){return t&&t.classList&&t.classList.contains('DocSearch-Input');}
d.addEventListener('click',function(e){if(e.isTrusted)kept=null;var t=e.target;if(!live()&&t&&t.closest&&t.closest('.DocSearch-Button'))request();},true);
d.addEventListener('keydown',function(e){var k=(e.key||'').toLowerCase(),a=d.activeElement;
if(dialogInput(a))return;
var typing=a&&(a.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(a.tagName));
if(((e.ctrlKey||e.metaKey)&&k==='k')||(k==='/'&&!typing&&!e.ctrlKey&&!e.metaKey&&!e.altKey)){
if(!d.querySelector('.DocSearch-Modal'))kept='';if(!live()){e.preventDefault();request();}return;}
if(kept!==null&&e.key.length===1&&!e.ctrlKey&&!e.metaKey&&!e.altKey){kept+=e.key;e.preventDefault();}},true);
d.addEventListener('focusin',function(e){var t=e.target;if(!dialogInput(t)){kept=null;return;}if(kept){
Object.getOwnPropertyDescriptor(HTMLInputElement.prototype,'value').set.call(t,t.value+kept);
t.dispatchEvent(new Event('input',{bubbles:true}));}kept=null;},true);})();`;
}
