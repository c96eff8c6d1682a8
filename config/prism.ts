import type {PrismTheme} from 'prism-react-renderer';
import {themes} from 'prism-react-renderer';
import remarkCodeHighlighting, {
  type RemarkCodeHighlightingOptions,
} from '../src/plugins/code-highlighting/remark.ts';
import {hash53} from '../src/utils/hash53.ts';
import {withBoundOptions} from './build-only-options.ts';
import {baseUrl} from './site.ts';
import {sdkApiOutDir} from './typedoc.ts';

/**
 * Code colours with at least 4.5:1 contrast against the code background in each
 * colour mode (WCAG AA); the stock GitHub and Dracula themes fall short for
 * comments, strings and functions. tests/unit/prism-contrast.test.ts checks it.
 */

export const lightCodeTheme: PrismTheme = {
  plain: {color: '#24292f', backgroundColor: '#f6f8fa'},
  styles: [
    {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: '#57606a', fontStyle: 'italic'}},
    {types: ['namespace'], style: {opacity: 0.8}},
    {types: ['string', 'attr-value', 'char', 'template-string'], style: {color: '#0a3069'}},
    {types: ['punctuation', 'operator'], style: {color: '#24292f'}},
    {
      types: [
        'entity',
        'url',
        'symbol',
        'number',
        'boolean',
        'variable',
        'constant',
        'property',
        'regex',
        'inserted',
      ],
      style: {color: '#0550ae'},
    },
    {types: ['atrule', 'keyword', 'attr-name', 'selector', 'builtin'], style: {color: '#cf222e'}},
    {types: ['function', 'function-variable', 'class-name', 'maybe-class-name'], style: {color: '#8250df'}},
    {types: ['deleted'], style: {color: '#82071e'}},
    {types: ['tag'], style: {color: '#116329'}},
    {types: ['parameter'], style: {color: '#953800'}},
  ],
};

export const darkCodeTheme: PrismTheme = {
  ...themes.dracula,
  styles: [
    ...themes.dracula.styles,
    // Dracula's comment blue is 3:1 on its background; this one is 5.6:1.
    {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: '#a2acd0', fontStyle: 'italic'}},
  ],
};

export const typeHoversEnabled = process.env.TYPE_HOVERS?.trim().toLowerCase() !== 'false';

/**
 * Code blocks are highlighted at build time (src/plugins/code-highlighting). Add a
 * Prism grammar only for a language prism-react-renderer lacks (the build names the block).
 */
export const codeHighlightingOptions: RemarkCodeHighlightingOptions = {
  themes: {light: lightCodeTheme, dark: darkCodeTheme},
  additionalLanguages: ['bash', 'ini', 'sql'],
  // Type hovers on the compiled TypeScript samples, SDK symbols linked to TypeDoc's reference.
  // TYPE_HOVERS=false builds without them, to measure what they cost.
  ...(typeHoversEnabled
    ? {typeInfo: {apiDir: sdkApiOutDir, apiUrl: `${baseUrl}${sdkApiOutDir.replace(/^docs\//, '')}`}}
    : {}),
};

/** The remark plugin, its options bound (the themes would add to every page's JavaScript). */
export const codeHighlighting = withBoundOptions(remarkCodeHighlighting, codeHighlightingOptions, {
  optionsHash: hash53(JSON.stringify(codeHighlightingOptions)),
});
