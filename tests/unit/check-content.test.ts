import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {DESCRIPTION_LENGTH, descriptionProblem} from '../../config/description-rule.ts';
import {checkContent} from '../../scripts/check-content.ts';

const good = [
  '---',
  'description: What the reader gets from this page, in a sentence.',
  '---',
  '',
  '# Title',
  '',
  'Text.',
];

function check(lines: string[], file = 'docs/guide.md') {
  return checkContent(lines.join('\n'), file).map((p) => `${p.line}: ${p.message}`);
}

describe('checkContent', () => {
  it('passes a well-formed page', () => {
    expect(check(good)).toEqual([]);
  });

  it('requires a description of the length the shared rule sets, at its line', () => {
    expect(check(['# Title'])).toEqual([expect.stringMatching(/^1: front matter needs a `description`/)]);
    expect(check(['---', 'sidebar_position: 2', 'description: Short.', '---', '# Title'])).toEqual([
      `3: description should be ${DESCRIPTION_LENGTH.min} to ${DESCRIPTION_LENGTH.max} characters (it has 6)`,
    ]);
    const atMost = 'x'.repeat(DESCRIPTION_LENGTH.max);
    expect(check(['---', `description: ${atMost}`, '---', '# Title'])).toEqual([]);
    expect(check(['---', `description: ${atMost}y`, '---', '# Title'])[0]).toMatch(/^2: .*\(it has 301\)$/);
  });

  it('shares its description rule with the browser test of meta descriptions', () => {
    // The content check reports what the shared rule says, for every kind of description...
    for (const description of [
      'x'.repeat(DESCRIPTION_LENGTH.min - 1),
      'x'.repeat(DESCRIPTION_LENGTH.max + 1),
      '  ',
    ]) {
      const source = ['---', `description: ${JSON.stringify(description)}`, '---', '# T'].join('\n');
      const shared = descriptionProblem(description);
      expect(shared).toBeDefined();
      expect(checkContent(source, 'docs/a.md').map((problem) => problem.message)).toEqual([
        expect.stringMatching(new RegExp(`${shared!.replace(/[()`]/g, '\\$&')}$`)),
      ]);
    }
    // ...and the browser test of the built pages' meta descriptions judges them with that same rule.
    const sweep = readFileSync('tests/e2e/site-sweep.spec.ts', 'utf8');
    expect(sweep).toContain("import {descriptionProblem} from '../../config/description-rule.ts';");
    expect(sweep).toMatch(/descriptionProblem\(descriptions\[0\]\)/);
  });

  it('reports broken front matter at the line of the mistake', () => {
    expect(check(['---', 'description: x'])[0]).toMatch(/^1: .*not closed/);
    // A stray indent on the fourth line of the file (third of the YAML).
    const indented = ['---', 'title: Publishing', 'sidebar_position: 3', '  description: oops', '---', '# T'];
    expect(check(indented)).toEqual([
      expect.stringMatching(/^4: front matter is not valid YAML: bad indentation/),
    ]);
    const unclosedQuote = [
      '---',
      'title: Publishing',
      good[1],
      'sidebar_label: "Publish',
      'sidebar_position: 3',
      '---',
      '# T',
    ];
    expect(check(unclosedQuote)[0]).toMatch(/^\d+: front matter is not valid YAML: unexpected end/);
    const duplicate = ['---', good[1], 'title: A', 'title: B', '---', '# T'];
    expect(check(duplicate)).toEqual([
      expect.stringMatching(/^4: front matter is not valid YAML: duplicated mapping key/),
    ]);
  });

  it('reads files saved with CRLF line ends or a byte-order mark like any other', () => {
    expect(checkContent(good.join('\r\n'), 'docs/guide.md')).toEqual([]);
    expect(checkContent(`\uFEFF${good.join('\n')}`, 'docs/guide.md')).toEqual([]);
    expect(checkContent(`\uFEFF${good.join('\r\n')}`, 'docs/guide.md')).toEqual([]);
    const crlfProblems = checkContent([...good, '# Second'].join('\r\n'), 'docs/guide.md');
    expect(crlfProblems.map((p) => `${p.line}: ${p.message}`)).toEqual([
      expect.stringMatching(/^8: .*found 2$/),
    ]);
    const crlfBadYaml = ['---', good[1], 'title: A', 'title: B', '---', '# T'].join('\r\n');
    expect(checkContent(crlfBadYaml, 'docs/guide.md')[0]).toMatchObject({line: 4});
  });

  it('requires exactly one H1 on docs pages, ignoring code blocks', () => {
    expect(check([...good, '# Second title'])).toEqual([
      expect.stringMatching(/^8: .*exactly one H1.*found 2/),
    ]);
    expect(check([...good, '```bash', '# a shell comment', '```'])).toEqual([]);
    expect(check(good.filter((l) => l !== '# Title'))).toEqual([expect.stringMatching(/found 0/)]);
  });

  it('lets blog posts go without a body H1 (the title is their H1)', () => {
    expect(
      check(
        good.filter((l) => l !== '# Title'),
        'blog/2025-01-01-post.md',
      ),
    ).toEqual([]);
  });

  it('requires a text alternative after each Mermaid diagram', () => {
    const diagram = ['```mermaid', 'flowchart LR', '  A --> B', '```', ''];
    expect(check([...good, '', ...diagram, 'In words: A sends to B.'])).toEqual([]);
    expect(check([...good, '', ...diagram, '**In words:** A sends to B.'])).toEqual([]);
    expect(check([...good, '', ...diagram, 'Next section.'])).toEqual([
      expect.stringMatching(/^9: a Mermaid diagram needs a plain-text alternative/),
    ]);
  });

  it('reports MDX that does not parse at its line, and only that', () => {
    expect(check([...good, '', 'Costs {1 +} DATA.'], 'docs/guide.mdx')).toEqual([
      expect.stringMatching(/^9: MDX does not parse: /),
    ]);
    // The same text is CommonMark in a .md page: braces are prose there.
    expect(check([...good, '', 'Costs {1 +} DATA.'], 'docs/guide.md')).toEqual([]);
  });

  it('finds H1s and diagrams inside lists and components too, and not in front matter', () => {
    const page = [...good.slice(0, 3), '', '<Tabs>', '', '# Title', '', '</Tabs>'];
    expect(check(page, 'docs/guide.mdx')).toEqual([]);
    const listed = [...good, '', '- Step', '', '  ```mermaid', '  flowchart LR', '  ```', '', '  Next.'];
    expect(check(listed)).toEqual([expect.stringMatching(/^11: a Mermaid diagram needs/)]);
    expect(check(['---', 'title: TODO later', good[1], '---', '# T'])).toEqual([]);
  });

  it('flags unfinished markers outside code', () => {
    expect(check([...good, 'This part is coming soon.'])).toEqual([
      expect.stringMatching(/unfinished marker/),
    ]);
    expect(check([...good, '```ts', '// TODO in a sample is the sample’s business', '```'])).toEqual([]);
  });
});
