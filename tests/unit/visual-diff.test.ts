import {existsSync, mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {PNG} from 'pngjs';
import {describe, expect, it} from 'vitest';
import {comparePngs, routeFileName, visualDiff, visualDiffReport} from '../../scripts/visual-diff.ts';

/** A solid PNG, with an optional square of another colour. */
function png(width: number, height: number, square?: {x: number; y: number; size: number}): Buffer {
  const image = new PNG({width, height});
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const inside =
        square && x >= square.x && x < square.x + square.size && y >= square.y && y < square.y + square.size;
      image.data.set(inside ? [200, 30, 30, 255] : [255, 255, 255, 255], (y * width + x) * 4);
    }
  return PNG.sync.write(image);
}

/** A tiny built site: index.html and page.html with the given body. */
function build(pageBody: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'visual-diff-'));
  mkdirSync(dir, {recursive: true});
  const html = (body: string) =>
    `<!doctype html><html><head><meta charset="utf-8"><style>body{font:16px sans-serif;margin:40px}@media (prefers-color-scheme: dark){body{background:#111;color:#eee}}</style></head><body>${body}</body></html>`;
  writeFileSync(path.join(dir, 'index.html'), html('<h1>Home</h1><p>Unchanged.</p>'));
  writeFileSync(path.join(dir, 'page.html'), html(pageBody));
  return dir;
}

describe('visual diff of two builds (scripts/visual-diff.ts)', () => {
  it('counts the pixels that differ, including the area one image has and the other lacks', () => {
    // Identical files are not decoded; the pixel count comes from the PNG header.
    expect(comparePngs(png(40, 30), png(40, 30))).toEqual({changed: 0, pixels: 1200});
    expect(comparePngs(png(40, 30), png(40, 30, {x: 5, y: 5, size: 10})).changed).toBe(100);
    const taller = comparePngs(png(40, 30), png(40, 40));
    expect(taller).toMatchObject({changed: 400, pixels: 1600});
  });

  it('finds nothing when nothing changed, and a planted visible change in every view', async () => {
    const base = build('<h1>Publishing</h1><p>Streams carry messages.</p>');
    const same = build('<h1>Publishing</h1><p>Streams carry messages.</p>');
    const changed = build('<h1>Publishing data</h1><p>Streams carry messages.</p><p>A new paragraph.</p>');
    const out = mkdtempSync(path.join(tmpdir(), 'visual-diff-out-'));

    const unchanged = await visualDiff({
      base,
      head: same,
      routes: ['/', '/page'],
      outDir: path.join(out, 'same'),
    });
    expect(unchanged).toHaveLength(8);
    expect(unchanged.filter((comparison) => comparison.changed)).toEqual([]);

    const found = await visualDiff({
      base,
      head: changed,
      routes: ['/', '/page'],
      outDir: path.join(out, 'changed'),
    });
    expect(
      found.filter((comparison) => comparison.route === '/').every((comparison) => !comparison.changed),
    ).toBe(true);
    const pageViews = found.filter((comparison) => comparison.route === '/page');
    expect(pageViews.map((comparison) => comparison.view)).toEqual([
      'desktop-light',
      'desktop-dark',
      'phone-light',
      'phone-dark',
    ]);
    for (const comparison of pageViews) {
      expect(comparison.changed, comparison.view).toBeGreaterThan(0);
      expect(existsSync(path.join(out, 'changed', comparison.files.diff!))).toBe(true);
    }
    expect(visualDiffReport(found)).toMatch(/^## Visual diff: 4 of 8 page views changed/);
  }, 300_000);

  it('waits for a Docusaurus page to hydrate before it takes the picture', async () => {
    // The base page becomes what the head page already is, but only when it hydrates, well after the
    // network went idle; a picture taken before that would show a change that is not there.
    const hydratesLate = build(
      '<div id="__docusaurus"><h1>Before hydration</h1></div><script>setTimeout(() => {' +
        "document.querySelector('h1').textContent = 'Hydrated';" +
        "document.documentElement.setAttribute('data-has-hydrated', 'true');}, 2500)</script>",
    );
    const hydrated = build(
      '<div id="__docusaurus"><h1>Hydrated</h1></div>' +
        "<script>document.documentElement.setAttribute('data-has-hydrated', 'true')</script>",
    );
    const comparisons = await visualDiff({
      base: hydratesLate,
      head: hydrated,
      routes: ['/page'],
      outDir: mkdtempSync(path.join(tmpdir(), 'visual-diff-out-')),
    });
    expect(comparisons.filter((comparison) => comparison.changed)).toEqual([]);
  }, 120_000);

  it('names image files after the route', () => {
    expect(routeFileName('/')).toBe('home');
    expect(routeFileName('/usage/sdk/api/classes/StreamrClient')).toBe('usage-sdk-api-classes-StreamrClient');
  });
});
