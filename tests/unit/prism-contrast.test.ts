import {describe, expect, it} from 'vitest';
import type {PrismTheme} from 'prism-react-renderer';
import {darkCodeTheme, lightCodeTheme} from '../../config/prism.ts';

/** WCAG 2.1 relative luminance of a #rrggbb or rgb(r, g, b) colour. */
function luminance(color: string): number {
  const channels = color.startsWith('#')
    ? [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16))
    : (color.match(/\d+/g) ?? []).slice(0, 3).map(Number);
  const [r, g, b] = channels.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Colour each token type finally gets (later styles win, as in Prism). */
function effectiveColors(theme: PrismTheme): Map<string, string> {
  const colors = new Map<string, string>();
  for (const {types, style} of theme.styles) {
    for (const type of types) if (style.color) colors.set(type, style.color);
  }
  return colors;
}

describe.each([
  ['light', lightCodeTheme],
  ['dark', darkCodeTheme],
])('%s code theme', (_mode, theme) => {
  const background = String(theme.plain.backgroundColor);
  it('plain text reaches 4.5:1', () => {
    expect(contrast(String(theme.plain.color), background)).toBeGreaterThanOrEqual(4.5);
  });
  it.each([...effectiveColors(theme)])('token "%s" (%s) reaches 4.5:1', (_type, color) => {
    expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('contrast', () => {
  it('measures known pairs', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 0);
    // Dracula's own comment colour fails, which is why it is overridden.
    expect(contrast('rgb(98, 114, 164)', '#282A36')).toBeLessThan(4.5);
  });
});
