/**
 * Client module: shows a type hover's tooltip under its identifier, in viewport
 * coordinates, so the scrolling code block does not clip it. A symbol's first
 * mention in a block holds the tooltip as its next element, which CSS alone
 * shows on hover and focus (../type-info.css; without this script it opens
 * inside the block). Later mentions name the same tooltip with
 * `aria-describedby`: this script shows it for them. No imports.
 */

/** The identifier under the pointer, if any. */
let pointed: Element | null = null;
/** The tooltip this script shows. */
let shown: HTMLElement | null = null;

function identifierOf(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest('.twoslash-hover') : null;
}

function tooltipOf(identifier: Element): HTMLElement | null {
  const id = identifier.getAttribute('aria-describedby');
  const tooltip = id ? document.getElementById(id) : null;
  return tooltip?.classList.contains('twoslash-popup') ? tooltip : null;
}

/** Shows the tooltip of the identifier under the pointer, else of the focused one, under it. */
function update(focused: Element | null): void {
  const identifier = pointed ?? identifierOf(focused);
  const tooltip = identifier ? tooltipOf(identifier) : null;
  if (shown && shown !== tooltip) shown.removeAttribute('data-open');
  shown = tooltip;
  if (!identifier || !tooltip) return;
  tooltip.setAttribute('data-open', '');
  const box = identifier.getBoundingClientRect();
  tooltip.style.position = 'fixed';
  tooltip.style.marginTop = '0';
  tooltip.style.top = `${box.bottom + 4}px`;
  const width = tooltip.offsetWidth;
  tooltip.style.left = `${Math.max(8, Math.min(box.left, window.innerWidth - width - 8))}px`;
}

if (typeof document !== 'undefined') {
  document.addEventListener('mouseover', (event) => {
    pointed = identifierOf(event.target);
    update(document.activeElement);
  });
  document.addEventListener('mouseout', (event) => {
    // The pointer left the window.
    if (event.relatedTarget) return;
    pointed = null;
    update(document.activeElement);
  });
  document.addEventListener('focusin', (event) =>
    update(event.target instanceof Element ? event.target : null),
  );
  document.addEventListener('focusout', (event) =>
    update(event.relatedTarget instanceof Element ? event.relatedTarget : null),
  );
  // A shown tooltip follows its identifier when the page scrolls.
  document.addEventListener('scroll', () => update(document.activeElement), {capture: true, passive: true});
}

export {};
