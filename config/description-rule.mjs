// @ts-check
/**
 * The one rule for a page's description, shared by `scripts/check-content.mjs`
 * (the `description` in each page's front matter) and the browser test that
 * reads every built page's `<meta name="description">` (tests/e2e/pages.spec.ts).
 * Below the minimum, search results and link previews have too little to show;
 * above the maximum, they cut it off.
 */

export const DESCRIPTION_LENGTH = Object.freeze({min: 50, max: 300});

/**
 * What is wrong with a description, or undefined if nothing is.
 * @param {unknown} description
 * @returns {string | undefined}
 */
export function descriptionProblem(description) {
  if (typeof description !== 'string' || !description.trim()) {
    return 'needs a `description` (one or two sentences on what the reader gets)';
  }
  const {length} = description.trim();
  if (length < DESCRIPTION_LENGTH.min || length > DESCRIPTION_LENGTH.max) {
    return `description should be ${DESCRIPTION_LENGTH.min} to ${DESCRIPTION_LENGTH.max} characters (it has ${length})`;
  }
  return undefined;
}
