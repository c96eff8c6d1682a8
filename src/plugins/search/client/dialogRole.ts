/**
 * DocSearch 3.9 renders its modal inside a container with role="button" (and
 * the combobox attributes of its autocomplete root): assistive technology then
 * sees one big button and nothing of the dialog inside it. These attributes
 * make the container a named modal dialog.
 */
const DIALOG_ATTRIBUTES: Record<string, string | null> = {
  role: 'dialog',
  'aria-modal': 'true',
  'aria-label': 'Search',
  tabindex: '-1',
  'aria-expanded': null,
  'aria-haspopup': null,
  'aria-controls': null,
  'aria-labelledby': null,
};

function applyDialogAttributes(container: Element): void {
  for (const [name, value] of Object.entries(DIALOG_ATTRIBUTES)) {
    // Only real changes: each write would wake the observer again.
    if (value === null) {
      if (container.hasAttribute(name)) container.removeAttribute(name);
    } else if (container.getAttribute(name) !== value) {
      container.setAttribute(name, value);
    }
  }
}

/**
 * Makes DocSearch's container a dialog now, and again whenever DocSearch
 * re-renders one of those attributes (it rewrites `aria-controls` as results
 * change). Returns the function that stops watching.
 */
export function exposeAsDialog(container: Element): () => void {
  applyDialogAttributes(container);
  const observer = new MutationObserver(() => applyDialogAttributes(container));
  observer.observe(container, {attributes: true, attributeFilter: Object.keys(DIALOG_ATTRIBUTES)});
  return () => observer.disconnect();
}
