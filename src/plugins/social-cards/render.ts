import {createHash} from 'node:crypto';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import satori from 'satori';
import {renderAsync} from '@resvg/resvg-js';
// `.ts` extensions: the card process (card-child.ts) loads this module in plain Node.
import {inParallel} from '../../node/in-parallel.ts';
import {SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH} from './paths.ts';

/** What one card shows: the page title and its site section ("Usage"), if any. */
export type CardText = {title: string; section?: string};

/** Everything every card shares: brand, colors and the font files. */
export type CardBrand = {
  /** Next to the logo, e.g. "Streamr Docs". */
  name: string;
  /** At the bottom, e.g. "docs.streamr.network". */
  host: string;
  logoSvg: string;
  background: string;
  foreground: string;
  /** Color of the section name and the bottom bar. */
  accent: string;
  /** Font files (woff or ttf; satori does not read woff2) of the regular and bold weights. */
  fonts: {regular: Buffer; bold: Buffer};
};

/** Bump when the card layout changes, so cached cards are rendered again. */
export const RENDERER_VERSION = 1;

/** Titles longer than this are cut at a word and end in "…" (three lines at the smaller size). */
export const MAX_TITLE_LENGTH = 90;

/** A title that fits the card: whitespace collapsed, cut at the last word boundary before `max`. */
export function fitTitle(title: string, max = MAX_TITLE_LENGTH): string {
  const text = title.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  // A single very long word (a TypeDoc name) is cut mid-word rather than left empty.
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

type Node = {
  type: string;
  props: Record<string, unknown> & {style?: Record<string, unknown>; children?: unknown};
};

function el(
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  extra: Record<string, unknown> = {},
): Node {
  return {type, props: {style, children, ...extra}};
}

/** The card as a satori element tree (plain objects: the build runs no JSX). */
export function cardTree(text: CardText, brand: CardBrand): Node {
  const title = fitTitle(text.title);
  const logo = `data:image/svg+xml;base64,${Buffer.from(brand.logoSvg).toString('base64')}`;
  return el(
    'div',
    {
      // Pixel sizes: satori adds the padding to a percentage size.
      width: SOCIAL_CARD_WIDTH,
      height: SOCIAL_CARD_HEIGHT,
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 72px 72px',
      position: 'relative',
      background: brand.background,
      color: brand.foreground,
      fontFamily: 'Inter',
    },
    [
      el('div', {display: 'flex', alignItems: 'center', gap: 24}, [
        el('img', {width: 72, height: 72}, undefined, {src: logo, width: 72, height: 72}),
        el('div', {fontSize: 40, fontWeight: 700}, brand.name),
      ]),
      el('div', {display: 'flex', flexDirection: 'column', gap: 20}, [
        ...(text.section
          ? [el('div', {fontSize: 34, fontWeight: 700, color: brand.accent}, text.section)]
          : []),
        el(
          'div',
          {
            fontSize: title.length > 48 ? 60 : 72,
            fontWeight: 700,
            lineHeight: 1.15,
            letterSpacing: -1,
            // A long TypeDoc name wraps inside the word rather than running off the card.
            wordBreak: 'break-word',
          },
          title,
        ),
      ]),
      el('div', {fontSize: 28, opacity: 0.8}, brand.host),
      // The brand color along the bottom edge.
      el('div', {
        position: 'absolute',
        left: 0,
        bottom: 0,
        width: '100%',
        height: 14,
        background: brand.accent,
      }),
    ],
  );
}

/** One card as a 1200×630 PNG. */
export async function renderCard(text: CardText, brand: CardBrand): Promise<Buffer> {
  const svg = await satori(cardTree(text, brand) as Parameters<typeof satori>[0], {
    width: SOCIAL_CARD_WIDTH,
    height: SOCIAL_CARD_HEIGHT,
    fonts: [
      {name: 'Inter', data: brand.fonts.regular, weight: 400, style: 'normal'},
      {name: 'Inter', data: brand.fonts.bold, weight: 700, style: 'normal'},
    ],
  });
  // Text is already paths in the SVG: resvg needs no fonts. It draws the pixels off the main thread.
  const image = await renderAsync(svg, {font: {loadSystemFonts: false}, fitTo: {mode: 'original'}});
  return image.asPng();
}

/** Hash of everything a card's pixels depend on: its text, the brand, and the renderer. */
export function cardKey(text: CardText, brand: CardBrand, rendererId: string): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({rendererId, text, brand: {...brand, fonts: undefined}}));
  hash.update(brand.fonts.regular);
  hash.update(brand.fonts.bold);
  return hash.digest('hex').slice(0, 32);
}

type CardJob = {text: CardText; outFile: string};

export type CacheStats = {cards: number; rendered: number; cached: number};

export type RenderOptions = {
  brand: CardBrand;
  /** Rendered PNGs by key; reused across builds. */
  cacheDir: string;
  /** Identifies the renderer in the cache key (its version and those of satori and resvg). */
  rendererId: string;
};

/** Where a card with this text is cached. */
function cachedCardFile(text: CardText, options: RenderOptions): string {
  return path.join(options.cacheDir, `${cardKey(text, options.brand, options.rendererId)}.png`);
}

/**
 * Puts every card into the cache, rendering those not there yet two at a time
 * (satori lays one out while resvg draws another on a libuv thread).
 */
export async function fillCache(texts: readonly CardText[], options: RenderOptions): Promise<CacheStats> {
  await fs.mkdir(options.cacheDir, {recursive: true});
  const rendered = await inParallel(texts, 2, async (text, index) => {
    const cached = cachedCardFile(text, options);
    const isCached = await fs.access(cached).then(
      () => true,
      () => false,
    );
    if (isCached) return false;
    const png = await renderCard(text, options.brand);
    // Written under a temporary name first: an interrupted build leaves no truncated card in the cache.
    const partial = `${cached}.${process.pid}.${index}.tmp`;
    await fs.writeFile(partial, png);
    await fs.rename(partial, cached);
    return true;
  });
  const renderedCount = rendered.filter(Boolean).length;
  return {cards: texts.length, rendered: renderedCount, cached: texts.length - renderedCount};
}

/** Copies every job's card from the cache to its place in the build; returns the bytes written. */
export async function copyCards(jobs: readonly CardJob[], options: RenderOptions): Promise<number> {
  const sizes = await Promise.all(
    jobs.map(async (job) => {
      await fs.mkdir(path.dirname(job.outFile), {recursive: true});
      await fs.copyFile(cachedCardFile(job.text, options), job.outFile);
      return (await fs.stat(job.outFile)).size;
    }),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}
