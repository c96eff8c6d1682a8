import {describe, expect, it} from 'vitest';
import {checkContent} from '../../scripts/check-content.mjs';

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

  it('requires a description of sensible length', () => {
    expect(check(['# Title'])).toEqual([expect.stringMatching(/^1: front matter needs a `description`/)]);
    expect(check(['---', 'description: Short.', '---', '# Title'])).toEqual([
      expect.stringMatching(/20 to 300 characters \(it has 6\)/),
    ]);
  });

  it('reports broken front matter', () => {
    expect(check(['---', 'description: [unclosed', '---', '# T'])[0]).toMatch(/not valid YAML/);
    expect(check(['---', 'description: x'])[0]).toMatch(/not closed/);
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

  it('flags unfinished markers outside code', () => {
    expect(check([...good, 'This part is coming soon.'])).toEqual([
      expect.stringMatching(/unfinished marker/),
    ]);
    expect(check([...good, '```ts', '// TODO in a sample is the sample’s business', '```'])).toEqual([]);
  });
});
