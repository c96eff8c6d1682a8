/**
 * The one rule for a page's description, shared by `npm run check:content` and the
 * browser test of every built page's `<meta name="description">`: shorter leaves
 * search results and link previews too little to show, longer gets cut off.
 */

export const DESCRIPTION_LENGTH = Object.freeze({min: 50, max: 300});

/** What is wrong with a description, or undefined if nothing is. */
export function descriptionProblem(description: unknown): string | undefined {
  if (typeof description !== 'string' || !description.trim()) {
    return 'needs a `description` (one or two sentences on what the reader gets)';
  }
  const {length} = description.trim();
  if (length < DESCRIPTION_LENGTH.min || length > DESCRIPTION_LENGTH.max) {
    return `description should be ${DESCRIPTION_LENGTH.min} to ${DESCRIPTION_LENGTH.max} characters (it has ${length})`;
  }
  return undefined;
}
