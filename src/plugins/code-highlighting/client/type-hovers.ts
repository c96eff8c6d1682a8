/**
 * Client module, on every page: loads ./type-popups.ts the first time the reader
 * points at, focuses or types in code with type info, and hands it the events so far.
 * Until then CSS alone shows a tooltip on hover and focus (../type-info.css).
 * Kept tiny because it is in every page's first-load JavaScript.
 */
const EVENTS = ['mouseover', 'focusin', 'keydown'];
/** Events that arrive while the module loads, handed to it in order (an early Escape, say). */
let pending: Event[] | undefined;

function start(event: Event): void {
  if (pending) {
    pending.push(event);
    return;
  }
  if (
    !(event.target instanceof Element) ||
    !event.target.closest('pre .twoslash-hover, pre:has(.twoslash-hover)')
  )
    return;
  pending = [event];
  void import('./type-popups.ts').then((popups) => {
    for (const type of EVENTS) document.removeEventListener(type, start, true);
    popups.start(pending ?? []);
  });
}

if (typeof document !== 'undefined') for (const type of EVENTS) document.addEventListener(type, start, true);

export {};
