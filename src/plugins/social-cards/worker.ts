/**
 * Renders the cards into the cache on a thread of its own, started as soon as the
 * titles are known (index.ts), so the rendering overlaps the bundling and the
 * static rendering of the pages instead of adding to the build after them.
 * Node runs this file as it is (type stripping); its imports carry `.ts`.
 */
import {parentPort, workerData} from 'node:worker_threads';
import {fillCache, type CardText, type RenderOptions} from './render.ts';

const {texts, options} = workerData as {texts: CardText[]; options: RenderOptions};
// Buffers arrive as plain Uint8Arrays.
const fonts = {
  regular: Buffer.from(options.brand.fonts.regular),
  bold: Buffer.from(options.brand.fonts.bold),
};
parentPort?.postMessage(await fillCache(texts, {...options, brand: {...options.brand, fonts}}));
