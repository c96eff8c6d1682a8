import {describe, expect, it} from 'vitest';
import type {Root} from 'mdast';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import type {PrismTheme} from 'prism-react-renderer';
import {
  codeThemeCss,
  highlightCodeBlock,
  assertLanguageSupported,
  highlightLines,
  loadLanguages,
  styleClass,
} from '../../src/plugins/code-highlighting/highlight.ts';
import remarkCodeHighlighting from '../../src/plugins/code-highlighting/remark.ts';
import {codeHighlightingOptions} from '../../config/prism.ts';
import {linesHtml, shownLines} from '../../src/plugins/code-highlighting/markup.ts';

/** Small themes whose every colour is easy to spot. */
const light: PrismTheme = {
  plain: {color: '#111111', backgroundColor: '#ffffff'},
  styles: [
    {types: ['keyword'], style: {color: 'red'}},
    {types: ['variable'], style: {color: 'blue'}},
    // Listed after `variable`: still loses to it on a token typed ['parameter', 'variable'].
    {types: ['parameter'], style: {color: 'green', fontStyle: 'italic'}},
    {types: ['tag'], languages: ['markup'], style: {color: 'purple'}},
  ],
};
const dark: PrismTheme = {
  plain: {color: '#eeeeee', backgroundColor: '#000000'},
  styles: [
    {types: ['keyword'], style: {color: 'orange'}},
    {types: ['keyword'], style: {fontStyle: 'italic'}},
  ],
};
const themes = {light, dark};

/** Runs the remark plugin on Markdown and returns the code nodes' data. */
function highlightMarkdown(markdown: string, path = 'docs/example.md') {
  const tree = unified().use(remarkParse).parse(markdown) as Root;
  remarkCodeHighlighting({themes, additionalLanguages: ['bash']})(tree, {path});
  return tree.children
    .filter((node) => node.type === 'code')
    .map((node) => (node.data as {hProperties?: {highlightedHtml?: string}} | undefined)?.hProperties);
}

describe('highlightLines', () => {
  it('wraps tokens in Prism classes plus one class per style and mode, and leaves plain text bare', () => {
    const keyword = [
      'token keyword',
      styleClass('light', 'color', 'red'),
      styleClass('dark', 'color', 'orange'),
    ];
    keyword.push(styleClass('dark', 'font-style', 'italic'));
    expect(highlightLines('const a = 1', 'ts', themes)).toEqual([
      `<span class='${keyword.join(' ')}'>const</span> a <span class='token operator'>=</span> <span class='token number'>1</span>`,
    ]);
  });

  it("merges a token's type styles in order, so its last type wins (as prism-react-renderer does)", () => {
    loadLanguages(['bash']);
    const flag = highlightLines('ls -l', 'bash', themes)[0];
    expect(flag).toContain(
      `<span class='token parameter variable ${styleClass('light', 'color', 'blue')} ${styleClass('light', 'font-style', 'italic')}'>-l</span>`,
    );
  });

  it("runs the grammars' hooks, as the browser highlighter did (JSX text is plain text)", () => {
    expect(highlightLines('const x = <p>Hello World</p>', 'tsx', themes)[0]).toContain(
      "<span class='token plain-text'>Hello World</span>",
    );
  });

  it('applies language-specific theme entries only to that language', () => {
    expect(highlightLines('<a>', 'markup', themes)[0]).toContain(styleClass('light', 'color', 'purple'));
    expect(highlightLines('<a>', 'jsx', themes)[0]).not.toContain(styleClass('light', 'color', 'purple'));
  });

  it('shows markup in code as text, never as HTML', () => {
    const [line] = highlightLines('<script>alert("x")</script> & more', 'text', themes);
    expect(line).toBe('&lt;script&gt;alert("x")&lt;/script&gt; &amp; more');
    const [html] = highlightLines('<img src=x onerror=alert(1)>', 'html', themes);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;');
  });

  it('keeps the empty span where a multi-line token meets the end of a plain line', () => {
    expect(highlightLines('<script>\nlet a\n</script>', 'html', themes)[0]).toMatch(
      /<span class='token script language-javascript'><\/span>$/,
    );
  });

  it('gives an empty line no content, so it is one line high', () => {
    expect(highlightLines('a\n\nb', 'ts', themes)).toEqual(['a', '', 'b']);
  });

  it('highlights bash once its grammar is loaded', () => {
    loadLanguages(codeHighlightingOptions.additionalLanguages ?? []);
    expect(() => assertLanguageSupported('bash', 'x.md:1')).not.toThrow();
    expect(highlightLines('npm install x', 'bash', themes)[0]).toContain(
      "<span class='token function'>npm</span>",
    );
  });

  it('refuses a grammar Prism does not have', () => {
    expect(() => loadLanguages(['no-such-language'])).toThrow(/no language "no-such-language"/);
  });
});

describe('highlightCodeBlock', () => {
  it('highlights every source line, magic comments included, and drops the one trailing newline', () => {
    const block = highlightCodeBlock('x\n// highlight-next-line\ny\n', {language: 'text', themes});
    expect(block).toBe('x\n// highlight-next-line\ny');
    expect(highlightCodeBlock('a\r\nb\r\n', {language: 'text', themes})).toBe('a\nb');
  });

  it('keeps newlines out of the HTML of a line, even inside a multi-line token', () => {
    const block = highlightCodeBlock('/* one\ntwo */\nlet x = `a\nb`', {language: 'ts', themes});
    expect(block.split('\n')).toHaveLength(4);
  });
});

describe('shownLines and linesHtml (the browser side)', () => {
  const built = highlightCodeBlock(
    'a\n// highlight-next-line\nb\n// highlight-start\nc\n// highlight-end\n',
    {
      language: 'text',
      themes,
    },
  );
  const codeInput = 'a\n// highlight-next-line\nb\n// highlight-start\nc\n// highlight-end\n';

  it('picks the lines the theme shows once it has removed the magic comments', () => {
    expect(shownLines(built, {codeInput, code: 'a\nb\nc'})).toEqual(['a', 'b', 'c']);
  });

  it('keeps every line when the theme keeps them (a {1,3} range in the meta string)', () => {
    expect(shownLines(built, {codeInput, code: codeInput.replace(/\n$/, '')})).toEqual(
      codeInput.replace(/\n$/, '').split('\n'),
    );
    expect(shownLines('a\nb', {codeInput: 'a\r\nb\r\n', code: 'a\r\nb'})).toEqual(['a', 'b']);
  });

  it('gives nothing rather than the wrong lines when the build and the theme disagree', () => {
    // The build highlighted other text than the theme shows.
    expect(shownLines(built, {codeInput: 'a\nb\n', code: 'a\nb'})).toBeUndefined();
    // The theme shows a line that is not in the block.
    expect(shownLines(built, {codeInput, code: 'a\nz'})).toBeUndefined();
    // Every shown line is found, but the build has one line too many.
    expect(shownLines('a\nb\nc', {codeInput: 'a\nb\n', code: 'a\nb'})).toBeUndefined();
  });

  it("renders one token-line per line with the theme's classes, and line-number cells when asked for", () => {
    expect(linesHtml(['x', 'y'], {1: ['theme-code-block-highlighted-line']}, false)).toBe(
      "<div class='token-line'>x<br></div><div class='token-line theme-code-block-highlighted-line'>y<br></div>",
    );
    expect(linesHtml(['x'], {}, true)).toBe(
      "<div class='token-line code-line'><span class='code-line-number'></span><span class='code-line-content'>x</span><br></div>",
    );
  });
});

describe('codeThemeCss', () => {
  const css = codeThemeCss(themes);

  it('defines every style class of each mode inside that mode only', () => {
    expect(css).toContain(`html:not([data-theme='dark']) .${styleClass('light', 'color', 'red')}{color:red}`);
    expect(css).toContain(
      `html:not([data-theme='dark']) .${styleClass('light', 'font-style', 'italic')}{font-style:italic}`,
    );
    expect(css).toContain(
      `html[data-theme='dark'] .${styleClass('dark', 'font-style', 'italic')}{font-style:italic}`,
    );
    expect(styleClass('light', 'color', 'red')).not.toBe(styleClass('dark', 'color', 'red'));
  });

  it('sets the block colours of each mode over the theme container inline ones', () => {
    expect(css).toContain(
      "html[data-theme='dark'] .theme-code-block{--prism-color:#eeeeee !important;--prism-background-color:#000000 !important}",
    );
  });

  it('covers every class the themes of the site config can give a token', () => {
    const siteThemes = codeHighlightingOptions.themes;
    const siteCss = codeThemeCss(siteThemes);
    for (const mode of ['light', 'dark'] as const)
      for (const entry of siteThemes[mode].styles)
        for (const [name, value] of Object.entries(entry.style)) {
          const property = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
          expect(siteCss).toContain(
            `.${styleClass(mode, property, String(value))}{${property}:${String(value)}}`,
          );
        }
  });
});

describe('remark plugin', () => {
  it('attaches highlighted HTML to fenced code blocks and leaves Mermaid alone', () => {
    const [ts, mermaid, untagged] = highlightMarkdown(
      '```ts\nlet x\n```\n\n```mermaid\ngraph TD\n```\n\n```\nplain\n```\n',
    );
    expect(ts?.highlightedHtml).toContain(
      `<span class='token keyword ${styleClass('light', 'color', 'red')}`,
    );
    expect(mermaid?.highlightedHtml).toBeUndefined();
    expect(untagged?.highlightedHtml).toBe('plain');
  });

  it('fails on a language Prism does not know, naming the file and line', () => {
    expect(() => highlightMarkdown('Intro\n\n```klingon\nqapla\n```\n', 'docs/guides/x.md')).toThrow(
      /docs\/guides\/x\.md:3: code block language "klingon" has no Prism grammar/,
    );
  });
});
