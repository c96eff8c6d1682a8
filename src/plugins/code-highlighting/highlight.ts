/**
 * Syntax highlighting at build time: a fenced code block becomes the HTML of its
 * highlighted lines, and a Prism theme the CSS that colors them. Docusaurus
 * highlights in the browser, which puts Prism in every page's main bundle and
 * renders every block again after hydration for the dark theme; here a block is
 * static HTML colored by CSS in either color mode. Which lines are shown, their
 * highlight classes and line numbers stay the theme's decision, made in the
 * browser from its own metadata (src/theme/CodeBlock/Content, ./markup.ts).
 */
import {createRequire} from 'node:module';
import {Prism, normalizeTokens, type PrismTheme} from 'prism-react-renderer';
import {escapeHtml} from './markup.ts';
import type {LineDecoration} from './type-markup.ts';

/** The Prism themes of the two color modes. */
export type CodeThemes = {light: PrismTheme; dark: PrismTheme};

const requireFromHere = createRequire(__filename);

/**
 * Registers extra Prism grammars (`prismjs/components/prism-<name>`) on
 * prism-react-renderer's Prism, which bundles the common ones. The component
 * files register themselves on a global `Prism`, hence the swap.
 */
export function loadLanguages(languages: readonly string[]): void {
  const global = globalThis as {Prism?: unknown};
  const previous = global.Prism;
  global.Prism = Prism;
  try {
    for (const language of languages) {
      if (Prism.languages[language]) continue;
      try {
        requireFromHere(`prismjs/components/prism-${language}`);
      } catch (error) {
        const message = `code-highlighting: Prism has no language "${language}" (prismjs/components/prism-${language}.js)`;
        throw new Error(message, {cause: error});
      }
    }
  } finally {
    if (previous === undefined) delete global.Prism;
    else global.Prism = previous;
  }
}

/** Languages shown as plain text on purpose. */
const PLAIN_LANGUAGES = new Set(['text', 'txt', 'plain', 'plaintext', 'none']);

/** Fails, naming `where`, for a language that is neither plain text nor known to Prism. */
export function assertLanguageSupported(language: string, where: string): void {
  if (PLAIN_LANGUAGES.has(language) || Prism.languages[language]) return;
  throw new Error(
    `${where}: code block language "${language}" has no Prism grammar. Use a language Prism knows, ` +
      '"text" for plain text, or add the grammar to additionalLanguages in config/prism.ts.',
  );
}

type CssStyle = Record<string, string>;

/** A theme entry's style as CSS declarations: `fontStyle` → `font-style`, empty values left out. */
function toCss(style: object): CssStyle {
  return Object.fromEntries(
    Object.entries(style)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([name, value]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), String(value)]),
  );
}

/** A token type's style in a theme for a language: later theme entries win (prism-react-renderer's themeToDict). */
function themeDictionary(theme: PrismTheme, language: string): Map<string, CssStyle> {
  const dictionary = new Map<string, CssStyle>();
  for (const entry of theme.styles) {
    if (entry.languages && !entry.languages.includes(language)) continue;
    for (const type of entry.types) dictionary.set(type, {...dictionary.get(type), ...toCss(entry.style)});
  }
  return dictionary;
}

/**
 * CSS class of one property value in one color mode. Named after the value, so
 * the Markdown side and the stylesheet agree without sharing state.
 */
export function styleClass(mode: 'light' | 'dark', property: string, value: string): string {
  return `hl${mode[0]}-${fnv1a(`${property}:${value}`)}`;
}

/** A short stable name for a text (FNV-1a, base 36): style classes and tooltip ids are named with it. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

/** Prism's tokens for the code, with the grammars' hooks run as prism-react-renderer runs them (JSX text relies on one). */
function tokenize(code: string, language: string): Array<string | Prism.Token> {
  const grammar = Prism.languages[language];
  if (!grammar) return [code];
  const env = {code, grammar, language, tokens: [] as Array<string | Prism.Token>};
  Prism.hooks.run('before-tokenize', env);
  env.tokens = Prism.tokenize(env.code, env.grammar);
  Prism.hooks.run('after-tokenize', env);
  return env.tokens;
}

/**
 * Token HTML of each line. Each token keeps Prism's classes (`token keyword`) and
 * gets one class per style property and color mode, computed as
 * prism-react-renderer does it: the styles of the token's types merged in order,
 * so the last type wins. `codeThemeCss` defines those classes. Attributes use
 * single quotes so the string needs no escaping inside the page's JavaScript.
 */
export function highlightLines(
  code: string,
  language: string,
  themes: CodeThemes,
  decorations: readonly LineDecoration[] = [],
): string[] {
  const dictionaries = {
    light: themeDictionary(themes.light, language),
    dark: themeDictionary(themes.dark, language),
  };
  const tokenClasses = (types: string[]): string | undefined => {
    if (types.length === 1 && types[0] === 'plain') return undefined;
    const classes = ['token', ...types];
    for (const mode of ['light', 'dark'] as const) {
      const style: CssStyle = Object.assign({}, ...types.map((type) => dictionaries[mode].get(type)));
      for (const [property, value] of Object.entries(style)) classes.push(styleClass(mode, property, value));
    }
    return classes.join(' ');
  };
  return normalizeTokens(tokenize(code, language)).map((tokens, lineIndex) => {
    const {hovers = [], errors = [], after = ''} = decorations[lineIndex] ?? {};
    let html = '';
    let column = 0;
    // An empty line comes as one "\n" token; the line's own <br> already breaks it.
    for (const token of tokens.length === 1 && tokens[0]?.content === '\n' ? [] : tokens) {
      // Type info marks columns, which may fall inside a token: the token is cut at every
      // hover and error boundary, and each piece keeps its token's classes.
      const cuts = new Set([0, token.content.length]);
      for (const span of [...hovers, ...errors])
        for (const at of [span.start - column, span.end - column])
          if (at > 0 && at < token.content.length) cuts.add(at);
      const sorted = [...cuts].sort((a, b) => a - b);
      // An empty token (where a multi-line token meets a line end) keeps its empty span on plain lines.
      if (sorted.length === 1 && !decorations[lineIndex]) sorted.push(0);
      const classes = tokenClasses(token.types);
      for (let i = 0; i + 1 < sorted.length; i++) {
        const start = column + (sorted[i] ?? 0);
        const end = column + (sorted[i + 1] ?? 0);
        const content = escapeHtml(token.content.slice(sorted[i], sorted[i + 1]));
        const inError = errors.some((span) => span.start <= start && end <= span.end);
        const text = inError ? `<span class='twoslash-error'>${content}</span>` : content;
        html += hovers.find((span) => span.start === start)?.open ?? '';
        html += classes ? `<span class='${classes}'>${text}</span>` : text;
        html += hovers.find((span) => span.end === end)?.close ?? '';
      }
      column += token.content.length;
    }
    return html + after;
  });
}

/**
 * The highlighted lines of a block, every source line included (magic comments too:
 * a line of its own, so its tokens never reach into the lines around it), joined by
 * newlines (./markup.ts reads them). Like the theme, drops the one trailing newline
 * of a fenced block.
 */
export function highlightCodeBlock(
  rawCode: string,
  options: {language: string; themes: CodeThemes; decorations?: readonly LineDecoration[]},
): string {
  const code = rawCode.replace(/\r?\n$/, '').replace(/\r\n/g, '\n');
  return highlightLines(code, options.language, options.themes, options.decorations).join('\n');
}

/**
 * The stylesheet for build-time highlighted blocks: every property value either
 * theme uses, as a class scoped to its color mode, and the block colors.
 * The theme's container sets `--prism-*` inline from the mode it rendered in
 * (light on the server); blocks are no longer re-rendered after hydration, so
 * the stylesheet decides, hence `!important` on those two variables only.
 */
export function codeThemeCss(themes: CodeThemes): string {
  const rules: string[] = [];
  for (const mode of ['light', 'dark'] as const) {
    const theme = themes[mode];
    const scope = mode === 'dark' ? `html[data-theme='dark']` : `html:not([data-theme='dark'])`;
    rules.push(
      `${scope} .theme-code-block{--prism-color:${theme.plain.color ?? 'inherit'} !important;` +
        `--prism-background-color:${theme.plain.backgroundColor ?? 'transparent'} !important}`,
    );
    const seen = new Map<string, string>();
    for (const entry of theme.styles) {
      for (const [property, value] of Object.entries(toCss(entry.style))) {
        const name = styleClass(mode, property, value);
        const declaration = `${property}:${value}`;
        if (seen.get(name) === declaration) continue;
        if (seen.has(name)) throw new Error(`code-highlighting: class ${name} would stand for two styles`);
        seen.set(name, declaration);
        rules.push(`${scope} .${name}{${declaration}}`);
      }
    }
  }
  return `${rules.join('\n')}\n`;
}
