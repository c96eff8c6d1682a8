import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Options} from '../src/plugins/social-cards/index.ts';
import {siteSections} from './docs-sections.ts';
import {siteUrl} from './site.ts';

/**
 * The social cards' look, from the site itself: the logo, the colors of
 * src/css/custom.css (announcement-bar navy, dark-mode orange) and Inter.
 */

const SITE_DIR = path.join(__dirname, '..');

/** A custom property's value in the first rule of a stylesheet that sets it. */
export function cssVariable(css: string, name: string, selector = ':root'): string {
  const rule = css.match(
    new RegExp(`(?:^|\\n)${selector.replace(/[[\]().*:=']/g, '\\$&')}\\s*\\{([^}]*)\\}`),
  );
  const value = rule?.[1].match(new RegExp(`${name}:\\s*([^;]+);`))?.[1].trim();
  if (!value) throw new Error(`social cards: ${name} is not set in ${selector} of src/css/custom.css`);
  return value;
}

function font(weight: 400 | 700): Buffer {
  return readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
}

export function socialCardsOptions(): Options {
  const css = readFileSync(path.join(SITE_DIR, 'src', 'css', 'custom.css'), 'utf8');
  return {
    brand: {
      name: 'Streamr Docs',
      host: new URL(siteUrl).host,
      logoSvg: readFileSync(path.join(SITE_DIR, 'static', 'img', 'logo.svg'), 'utf8'),
      background: cssVariable(css, '--site-announcement-bg'),
      foreground: cssVariable(css, '--site-announcement-fg'),
      accent: cssVariable(css, '--ifm-color-primary', "[data-theme='dark']"),
      fonts: {regular: font(400), bold: font(700)},
    },
    sections: siteSections().map(({label, paths}) => ({label, paths})),
  };
}
