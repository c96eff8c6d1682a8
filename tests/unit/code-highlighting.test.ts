import {describe, expect, it} from 'vitest';
import type {Root} from 'mdast';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import type {PrismTheme} from 'prism-react-renderer';
import {
  codeThemeCss,
  highlightCodeBlock,
  highlightLines,
  isKnownLanguage,
  loadLanguages,
  parseLines,
  styleClass,
  DEFAULT_MAGIC_COMMENTS,
} from '../../src/plugins/code-highlighting/highlight';
import remarkCodeHighlighting from '../../src/plugins/code-highlighting/remark';
import {codeHighlightingOptions} from '../../config/prism';
import {lineMismatch} from '../../src/plugins/code-highlighting/markup';

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

  it('gives an empty line no content, so it is one line high', () => {
    expect(highlightLines('a\n\nb', 'ts', themes)).toEqual(['a', '', 'b']);
  });

  it('highlights bash once its grammar is loaded', () => {
    loadLanguages(codeHighlightingOptions.additionalLanguages ?? []);
    expect(isKnownLanguage('bash')).toBe(true);
    expect(highlightLines('npm install x', 'bash', themes)[0]).toContain(
      "<span class='token function'>npm</span>",
    );
  });

  it('refuses a grammar Prism does not have', () => {
    expect(() => loadLanguages(['no-such-language'])).toThrow(/no language "no-such-language"/);
  });
});

describe('parseLines', () => {
  const options = {language: 'ts', magicComments: DEFAULT_MAGIC_COMMENTS};
  const highlighted = 'theme-code-block-highlighted-line';

  it('drops the one trailing newline of a fenced block', () => {
    expect(parseLines('a\nb\n', options).lines).toEqual(['a', 'b']);
  });

  it('removes magic comments and marks the lines they point at', () => {
    const code = [
      'a',
      '// highlight-next-line',
      'b',
      '/* highlight-start */',
      'c',
      'd',
      '// highlight-end',
      'e',
    ].join('\n');
    const {lines, lineClassNames} = parseLines(code, options);
    expect(lines).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(lineClassNames).toEqual([[], [highlighted], [highlighted], [highlighted], []]);
  });

  it('reads magic comments in the comment syntax of the language', () => {
    const bash = parseLines('# highlight-next-line\nls\n// highlight-next-line', {
      ...options,
      language: 'bash',
    });
    expect(bash.lines).toEqual(['ls', '// highlight-next-line']);
    const html = parseLines('<!-- highlight-next-line -->\n<p>', {...options, language: 'html'});
    expect(html.lines).toEqual(['<p>']);
    expect(html.lineClassNames).toEqual([[highlighted]]);
  });

  it('accepts every popular comment style in other languages, as Docusaurus does', () => {
    expect(parseLines('# highlight-next-line\na: 1', {...options, language: 'yaml'}).lines).toEqual(['a: 1']);
    expect(parseLines('// highlight-next-line\n{}', {...options, language: 'json'}).lines).toEqual(['{}']);
    expect(parseLines('{/* highlight-next-line */}\nx', {...options, language: 'md'}).lines).toEqual(['x']);
  });

  it('lets a {range} in the meta string win, keeping magic comments as written', () => {
    const {lines, lineClassNames} = parseLines('a\n// highlight-next-line\nb\nc', {
      ...options,
      meta: 'title="x" {1,3-4}',
    });
    expect(lines).toHaveLength(4);
    expect(lineClassNames).toEqual([[highlighted], [], [highlighted], [highlighted]]);
  });

  it('reads showLineNumbers with and without a start', () => {
    expect(parseLines('a', {...options, meta: 'showLineNumbers'}).lineNumbersStart).toBe(1);
    expect(parseLines('a', {...options, meta: 'showLineNumbers=7'}).lineNumbersStart).toBe(7);
    expect(parseLines('a', options).lineNumbersStart).toBeUndefined();
  });
});

describe('highlightCodeBlock', () => {
  it('renders one token-line per line, with line-number cells when asked for', () => {
    const plain = highlightCodeBlock('x\ny\n', {language: 'text', themes});
    expect(plain.lineCount).toBe(2);
    expect(plain.html).toBe("<div class='token-line'>x<br></div><div class='token-line'>y<br></div>");
    const numbered = highlightCodeBlock('x', {language: 'text', meta: 'showLineNumbers', themes});
    expect(numbered.html).toBe(
      "<div class='token-line code-line'><span class='code-line-number'></span><span class='code-line-content'>x</span><br></div>",
    );
  });

  it('returns the code without magic comments, as the copy button copies it', () => {
    expect(highlightCodeBlock('// highlight-next-line\nx\n', {language: 'ts', themes}).code).toBe('x');
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
    expect(untagged?.highlightedHtml).toBe("<div class='token-line'>plain<br></div>");
  });

  it('fails on a language Prism does not know, naming the file and line', () => {
    expect(() => highlightMarkdown('Intro\n\n```klingon\nqapla\n```\n', 'docs/guides/x.md')).toThrow(
      /docs\/guides\/x\.md:3: code block language "klingon" has no Prism grammar/,
    );
  });
});

describe('lineMismatch', () => {
  it('accepts build HTML with the lines the theme shows and names a disagreement', () => {
    const {html, code} = highlightCodeBlock('a\n// highlight-next-line\nb\n', {language: 'ts', themes});
    expect(lineMismatch(html, code)).toBeUndefined();
    expect(lineMismatch(html, 'a\n// highlight-next-line\nb')).toMatch(
      /highlighted 2 lines but the theme shows 3/,
    );
  });
});
