import {readdirSync, readFileSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import config from '../../docusaurus.config.ts';
import {
  describeMermaidError,
  diagramSyntaxErrors,
  diagramsIn,
  findDiagrams,
  sizeSvg,
  DIAGRAMS_DIR,
  MANIFEST,
  THEMES,
  type Manifest,
} from '../../scripts/lib/diagrams.ts';
import {launchMermaid} from '../../scripts/lib/mermaid-browser.ts';
import {checkRenderedDiagrams} from '../support/rendered-diagrams.ts';
import {diagramKey} from '../../src/theme/Mermaid/diagram-key.ts';

// Mermaid in Chromium, as `npm run diagrams` runs it: one browser for the file's parsing tests.
let mermaid: Awaited<ReturnType<typeof launchMermaid>>;
beforeAll(async () => {
  mermaid = await launchMermaid();
}, 120_000);
afterAll(async () => {
  await mermaid?.close();
});

const siteThemes = (config.themeConfig as {mermaid: {theme: {light: string; dark: string}}}).mermaid.theme;

describe('diagramKey', () => {
  it('is stable and ignores line endings and surrounding blank lines', () => {
    expect(diagramKey('flowchart LR\n A-->B')).toBe('127f101134e7ca');
    expect(diagramKey('\nflowchart LR\r\n A-->B\n\n')).toBe('127f101134e7ca');
    expect(diagramKey('flowchart LR\n A-->C')).not.toBe('127f101134e7ca');
  });
});

describe('diagramsIn', () => {
  it('finds mermaid fences, their text alternative and title, and nothing else', () => {
    const text = [
      '# Page',
      '',
      '```mermaid',
      'flowchart LR',
      '  A-->B',
      '```',
      '',
      'In words: A goes to B.',
      '',
      '```js',
      'flowchart LR',
      '```',
      '',
      '  ```mermaid',
      '  sequenceDiagram',
      '  accTitle: A talks to B',
      '    A->>B: hi',
      '  ```',
      '',
      'No description here.',
    ].join('\n');
    const found = diagramsIn(text, 'x.md');
    expect(found.map((d) => [d.line, d.source, d.describedBelow, d.title])).toEqual([
      [3, 'flowchart LR\n  A-->B', true, undefined],
      [14, 'sequenceDiagram\naccTitle: A talks to B\n  A->>B: hi', false, 'A talks to B'],
    ]);
  });
});

describe('checkRenderedDiagrams', () => {
  const diagram = diagramsIn('```mermaid\nflowchart LR\n A-->B\n```\n\nIn words: A to B.\n', 'a.md')[0];
  const manifest: Manifest = {
    themes: THEMES,
    mermaid: '11',
    diagrams: {[diagram.key]: {width: 10, height: 5}},
  };
  const files = ['manifest.json', `${diagram.key}.light.svg`, `${diagram.key}.dark.svg`];

  it('accepts a complete set', () => {
    expect(checkRenderedDiagrams({diagrams: [diagram], manifest, files, themes: THEMES})).toEqual([]);
  });

  it('reports unrendered, missing, orphaned, undescribed diagrams and a theme change', () => {
    const changed = {...diagram, key: 'ffffffffffffff', describedBelow: false};
    const problems = checkRenderedDiagrams({
      diagrams: [changed],
      manifest,
      files: [...files.slice(0, 2), 'aaaa.light.svg'],
      themes: {light: 'default', dark: 'dark'},
    });
    expect(problems.join('\n')).toMatch(/rendered with themes/);
    expect(problems.join('\n')).toMatch(/a\.md:1: diagram ffffffffffffff is not rendered/);
    expect(problems.join('\n')).toMatch(/needs a text alternative/);
    expect(problems.join('\n')).toMatch(/in the manifest but no longer in the docs/);
    expect(problems.join('\n')).toMatch(/aaaa\.light\.svg belongs to no diagram/);
  });
});

describe('diagramSyntaxErrors', () => {
  const page = [
    '# Page', // 1
    '',
    '```mermaid', // 3
    'flowchart LR',
    '  A-->B',
    '```',
    '',
    'In words: A to B.',
    '',
    '```mermaid', // 10
    'flowchart LR',
    '  A-->B',
    '  B--> -->',
    '```',
    '',
    'In words: broken.',
    '',
    '```mermaid', // 18
    'pie title Shares',
    '  "a": x',
    '```',
    '',
    '```mermaid', // 23
    'notAType LR',
    '  A-->B',
    '```',
  ].join('\n');

  it("names the Markdown file and the line of each broken diagram's fence, with Mermaid's reason", async () => {
    const problems = await diagramSyntaxErrors(diagramsIn(page, 'docs/usage/x.md'), mermaid.parse);
    expect(problems).toEqual([
      expect.stringMatching(
        /^docs\/usage\/x\.md:10: the Mermaid diagram does not parse: line 3 of the diagram: Expecting .*got 'LINK'$/,
      ),
      expect.stringMatching(/^docs\/usage\/x\.md:18: the Mermaid diagram does not parse: .*line 2/),
      expect.stringMatching(/^docs\/usage\/x\.md:23: .*No diagram type detected .*notAType LR/),
    ]);
  });

  it('keeps a long reason to one readable line', () => {
    expect(describeMermaidError(new Error(`Something\n  odd ${'x'.repeat(400)}`))).toMatch(
      /^the Mermaid diagram does not parse: Something odd x+\.\.\.$/,
    );
  });
});

describe('sizeSvg', () => {
  it('replaces the responsive width with the drawing size', () => {
    const sized = sizeSvg(
      '<svg id="x" width="100%" style="max-width: 120.5px;" viewBox="0 0 120.5 40.2"><g/></svg>',
    );
    expect(sized).toMatchObject({width: 121, height: 41});
    expect(sized.svg).toBe('<svg width="121" height="41" id="x" viewBox="0 0 120.5 40.2"><g/></svg>');
    expect(() => sizeSvg('<svg><g/></svg>')).toThrow(/viewBox/);
  });
});

describe('the rendered diagrams', () => {
  it('match the docs: every diagram rendered in both modes, described, nothing stale', async () => {
    const diagrams = await findDiagrams('.');
    expect(diagrams.length).toBeGreaterThan(0);
    const manifest: Manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    const problems = checkRenderedDiagrams({
      diagrams,
      manifest,
      files: readdirSync(DIAGRAMS_DIR),
      themes: siteThemes,
    });
    expect(problems).toEqual([]);
  });

  it('all parse', async () => {
    expect(await diagramSyntaxErrors(await findDiagrams('.'), mermaid.parse)).toEqual([]);
  });

  it('are SVG files with the size the manifest records', () => {
    const manifest: Manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    for (const [key, entry] of Object.entries(manifest.diagrams)) {
      for (const mode of ['light', 'dark']) {
        const svg = readFileSync(`${DIAGRAMS_DIR}/${key}.${mode}.svg`, 'utf8');
        expect(
          svg.startsWith(`<svg width="${entry.width}" height="${entry.height}"`),
          `${key}.${mode}.svg`,
        ).toBe(true);
        expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      }
    }
  });
});
