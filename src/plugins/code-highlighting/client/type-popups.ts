/**
 * Type popups on code samples, loaded by ./type-hovers.ts on first use.
 * - Shows an identifier's tooltip beside it in viewport coordinates, so the
 *   scrolling code block does not clip it: under it, or above it when the window
 *   has no room below, and inside the window's side edges.
 * - A symbol's later mentions name the first mention's tooltip with
 *   `aria-describedby`; this shows it for them too (`data-open`).
 * - WCAG 1.4.13: Escape hides the tooltip (`data-closed` also beats the CSS
 *   :hover/:focus rules); the pointer can move onto it (a short grace period
 *   covers the gap) and it stays while the pointer or focus is on either.
 * - Keyboard: the code block is one tab stop; ArrowDown/ArrowUp move focus to the
 *   next/previous identifier in it (Home/End: first/last), ArrowLeft/Right still
 *   scroll the block. The block's `aria-description` says so.
 */

const GAP = 4;
const EDGE = 8;
/** How long a tooltip stays after the pointer leaves its identifier, to let it reach the tooltip. */
const GRACE_MS = 300;

/** The identifier under the pointer (or left for the tooltip), if any. */
let pointed: Element | null = null;
/** The tooltip this script shows. */
let shown: HTMLElement | null = null;
let leaving: ReturnType<typeof setTimeout> | undefined;

function identifierOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>('.twoslash-hover') : null;
}

function tooltipOf(identifier: Element): HTMLElement | null {
  const id = identifier.getAttribute('aria-describedby');
  const tooltip = id ? document.getElementById(id) : null;
  return tooltip?.classList.contains('twoslash-popup') ? tooltip : null;
}

/** Puts the tooltip under the identifier, or above it if only there it fits, within the window. */
function place(identifier: Element, tooltip: HTMLElement): void {
  const box = identifier.getBoundingClientRect();
  const style = tooltip.style;
  style.position = 'fixed';
  style.marginTop = '0';
  const {offsetWidth: width, offsetHeight: height} = tooltip;
  const below = box.bottom + GAP;
  const fitsBelow = below + height <= window.innerHeight - EDGE;
  // Above when it does not fit below and there is more room above (as far down as the top edge allows).
  const top =
    fitsBelow || box.top < window.innerHeight - box.bottom ? below : Math.max(EDGE, box.top - GAP - height);
  style.top = `${top}px`;
  style.left = `${Math.max(EDGE, Math.min(box.left, window.innerWidth - width - EDGE))}px`;
}

/** Shows the tooltip of the identifier under the pointer, else of the focused one. */
function update(): void {
  const identifier = pointed ?? identifierOf(document.activeElement);
  const tooltip = identifier ? tooltipOf(identifier) : null;
  if (shown && shown !== tooltip) shown.removeAttribute('data-open');
  if (shown !== tooltip) shown?.removeAttribute('data-closed');
  shown = tooltip;
  if (!identifier || !tooltip || tooltip.hasAttribute('data-closed')) return;
  tooltip.setAttribute('data-open', '');
  place(identifier, tooltip);
}

function onPointer(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  const identifier = identifierOf(target);
  clearTimeout(leaving);
  if (identifier) {
    // Coming onto the identifier from elsewhere (not between its own tokens) undoes an Escape.
    if (identifierOf((event as MouseEvent).relatedTarget) !== identifier)
      shown?.removeAttribute('data-closed');
    pointed = identifier;
    update();
  } else if (!(shown && target && shown.contains(target))) {
    // Off both identifier and tooltip: hide after a moment, unless the pointer reaches the tooltip.
    leaving = setTimeout(() => {
      pointed = null;
      update();
    }, GRACE_MS);
  }
}

/** Escape hides the shown tooltip; the arrow keys move between a block's identifiers. */
function onKey(event: KeyboardEvent): void {
  if (event.key === 'Escape' && shown?.hasAttribute('data-open')) {
    shown.removeAttribute('data-open');
    shown.setAttribute('data-closed', '');
    return;
  }
  const target = event.target instanceof Element ? event.target : null;
  const block = target?.closest('pre');
  const step = {ArrowDown: 1, ArrowUp: -1, Home: -Infinity, End: Infinity}[event.key];
  if (!block || step === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
  const identifiers = Array.from(block.querySelectorAll<HTMLElement>('.twoslash-hover'));
  if (identifiers.length === 0) return;
  const at = identifiers.indexOf(target as HTMLElement);
  const next = Math.max(0, Math.min(identifiers.length - 1, at < 0 && step > 0 ? 0 : at + step));
  // Up from the first identifier goes back to the block itself.
  const to = at === 0 && step === -1 ? block : identifiers[next];
  event.preventDefault();
  to?.focus();
}

/** Takes over from ./type-hovers.ts, after handling the events that arrived while this loaded. */
export function start(early: Event[]): void {
  document.addEventListener('mouseover', onPointer);
  document.addEventListener('mouseout', (event) => {
    // The pointer left the window.
    if (event.relatedTarget) return;
    clearTimeout(leaving);
    pointed = null;
    update();
  });
  document.addEventListener('focusin', () => {
    shown?.removeAttribute('data-closed');
    update();
  });
  document.addEventListener('focusout', () => setTimeout(update));
  document.addEventListener('keydown', onKey);
  // A shown tooltip follows its identifier when the page scrolls.
  document.addEventListener('scroll', update, {capture: true, passive: true});
  for (const event of early) {
    if (event.type === 'mouseover') onPointer(event);
    else if (event instanceof KeyboardEvent) onKey(event);
    else update();
  }
}
