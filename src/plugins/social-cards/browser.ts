/** What theme components may import from this plugin: the card path rule and size. */
export {SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, socialCardFile} from './paths.ts';
