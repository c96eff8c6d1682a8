/**
 * Renders the cards into the cache in a process of its own (index.ts), prints the
 * cache stats as JSON and exits, so satori's and resvg's memory is not kept beside
 * the bundler's. Plain Node runs this file; its imports carry `.ts`.
 */
import {text} from 'node:stream/consumers';
import {fillCache} from './render.ts';
import type {CardRequest} from './index.ts';

const {texts, options} = JSON.parse(await text(process.stdin)) as CardRequest;
// The font files travel as base64 (JSON has no bytes).
const fonts = {
  regular: Buffer.from(options.brand.fonts.regular, 'base64'),
  bold: Buffer.from(options.brand.fonts.bold, 'base64'),
};
process.stdout.write(JSON.stringify(await fillCache(texts, {...options, brand: {...options.brand, fonts}})));
