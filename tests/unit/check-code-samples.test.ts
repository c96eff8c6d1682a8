import {describe, expect, it} from 'vitest';
import {checkCodeBlocks, extractCodeBlocks, optOutReason} from '../../scripts/check-code-samples.mjs';

const root = process.cwd();

function check(markdown: string) {
  return checkCodeBlocks(extractCodeBlocks(markdown, 'docs/example.md'), root);
}

describe('extractCodeBlocks', () => {
  it('finds fenced blocks with language, meta and line, also inside lists and admonitions', () => {
    const markdown = [
      '# Title', //                                    1
      '',
      '```ts title="a.ts"', //                          3
      'const a = 1',
      '```',
      '',
      '1. Step',
      '   ```bash', //                                  8
      '   echo hi',
      '   ```',
      '',
      ':::tip',
      '````tsx nocompile="shown in a component"', //     13
      'const x = <div />',
      '````',
      ':::',
    ].join('\n');
    const blocks = extractCodeBlocks(markdown, 'f.md');
    expect(blocks.map((b) => [b.language, b.line, b.meta])).toEqual([
      ['ts', 3, 'title="a.ts"'],
      ['bash', 8, ''],
      ['tsx', 13, 'nocompile="shown in a component"'],
    ]);
    expect(blocks[1].code).toBe('echo hi');
  });

  it('reads opt-out reasons', () => {
    expect(optOutReason('nocompile="needs a wallet"')).toBe('needs a wallet');
    expect(optOutReason('title="x" nocompile')).toBe('');
    expect(optOutReason('title="x"')).toBeUndefined();
  });
});

describe('checkCodeBlocks', () => {
  it('passes a sample that uses the SDK as it is', () => {
    const result = check(
      [
        '```ts',
        "import {StreamrClient} from '@streamr/sdk'",
        'const client = new StreamrClient()',
        "await client.publish('0x1234567890123456789012345678901234567890/demo', {hello: 'world'})",
        'await client.destroy()',
        '```',
      ].join('\n'),
    );
    expect(result.problems).toEqual([]);
    expect(result.compiled).toBe(1);
  });

  it('fails a sample that calls a method the SDK does not have, naming file and line', () => {
    const result = check(
      [
        '# Publishing', //                                       1
        '',
        '```ts', //                                              3
        "import {StreamrClient} from '@streamr/sdk'", //         4
        'const client = new StreamrClient()', //                 5
        "await client.publishEverywhere('demo', {})", //         6
        '```',
      ].join('\n'),
    );
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({file: 'docs/example.md', line: 6});
    expect(result.problems[0].message).toMatch(/publishEverywhere.*does not exist on type 'StreamrClient'/);
  });

  it('compiles each block as its own module', () => {
    const block = ['```ts', 'const shared = 1', 'console.log(shared)', '```'].join('\n');
    expect(check(`${block}\n\n${block}`).problems).toEqual([]);
  });

  it('is strict: implicit any fails', () => {
    const result = check(['```ts', 'export function f(x) { return x }', '```'].join('\n'));
    expect(result.problems[0]?.message).toMatch(/TS7006/);
  });

  it('type-checks TSX against React types', () => {
    const ok = check(
      ['```tsx', 'export const A = () => <button type="button">Hi</button>', '```'].join('\n'),
    );
    expect(ok.problems).toEqual([]);
    const bad = check(['```tsx', 'export const A = () => <button type={42}>Hi</button>', '```'].join('\n'));
    expect(bad.problems).toHaveLength(1);
  });

  it('skips an opted-out block only when it gives a reason', () => {
    expect(check(['```ts nocompile="fragment"', 'this is not code', '```'].join('\n')).problems).toEqual([]);
    const bare = check(['```ts nocompile', 'this is not code', '```'].join('\n'));
    expect(bare.problems[0].message).toMatch(/needs a reason/);
  });

  it('validates JSON marked sdk-config against StreamrClientConfig', () => {
    const good = check(
      ['```json sdk-config', '{"environment": "polygon", "orderMessages": true}', '```'].join('\n'),
    );
    expect(good.problems).toEqual([]);
    const unknownKey = check(['```json sdk-config', '{', '  "orderMessagez": true', '}', '```'].join('\n'));
    expect(unknownKey.problems).toHaveLength(1);
    expect(unknownKey.problems[0]).toMatchObject({line: 3});
    expect(unknownKey.problems[0].message).toMatch(/orderMessagez/);
    const wrongType = check(['```json sdk-config', '{"orderMessages": "yes"}', '```'].join('\n'));
    expect(wrongType.problems).toHaveLength(1);
    const broken = check(['```json sdk-config', '{"orderMessages": }', '```'].join('\n'));
    expect(broken.problems[0].message).toMatch(/invalid JSON/);
  });

  it('leaves plain JSON and shell blocks alone', () => {
    const result = check(
      ['```json', '{"not": "sdk config"}', '```', '```bash', 'npm test', '```'].join('\n'),
    );
    expect(result).toMatchObject({problems: [], compiled: 0});
  });
});
