import {pageStem} from '../../build-output/layout.ts';

/** Where a page's card lives: shared by the build and the theme wrappers, so no list of cards is needed. */

/** Size of every card (the Open Graph "large image" ratio, 1.91:1). */
export const SOCIAL_CARD_WIDTH = 1200;
export const SOCIAL_CARD_HEIGHT = 630;

/**
 * The card of a page, relative to the site root (no base URL, no leading slash):
 * `/usage/sdk/api` → `img/social/usage/sdk/api.png`, the home page → `img/social/index.png`.
 */
export function socialCardFile(permalink: string, baseUrl: string): string {
  return `img/social/${pageStem(permalink, baseUrl)}.png`;
}
