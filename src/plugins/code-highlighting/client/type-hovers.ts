/**
 * Client module: places a type hover's tooltip under its identifier, in viewport
 * coordinates, so the scrolling code block does not clip it. Showing and hiding
 * stay with CSS (../type-info.css); without this script a tooltip opens inside the
 * block, under the identifier. A few hundred bytes, no imports.
 */
function place(target: EventTarget | null): void {
  const hover = target instanceof Element ? target.closest('.twoslash-hover') : null;
  const tooltip = hover?.nextElementSibling;
  if (!hover || !(tooltip instanceof HTMLElement) || !tooltip.classList.contains('twoslash-popup')) return;
  const box = hover.getBoundingClientRect();
  tooltip.style.position = 'fixed';
  tooltip.style.marginTop = '0';
  tooltip.style.top = `${box.bottom + 4}px`;
  const width = tooltip.offsetWidth;
  tooltip.style.left = `${Math.max(8, Math.min(box.left, window.innerWidth - width - 8))}px`;
}

if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => place(event.target));
  document.addEventListener('mouseover', (event) => place(event.target));
  // A focused identifier's tooltip follows the page when it scrolls.
  document.addEventListener('scroll', () => place(document.activeElement), {capture: true, passive: true});
}

export {};
