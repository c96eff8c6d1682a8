import {describe, expect, it} from 'vitest';
import {checkCodeBlocks, extractCodeBlocks} from '../../scripts/check-code-samples.ts';
import {optOutReason} from '../../src/plugins/code-highlighting/compiler-options.ts';

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

describe('node-config blocks', () => {
  // A complete operator node config; line numbers below count from the fence on line 1.
  const operatorConfig = (pluginLines: string[]) =>
    [
      '```json node-config', //                                               1
      '{', //                                                                 2
      '    "client": {', //                                                   3
      '        "auth": {"privateKey": "YOUR_NODE_PRIVATE_KEY"},', //          4
      '        "environment": "polygon"', //                                  5
      '    },', //                                                            6
      '    "plugins": {', //                                                  7
      '        "operator": {', //                                             8
      '            "operatorContractAddress": "YOUR_OPERATOR_CONTRACT_ADDRESS",', // 9
      ...pluginLines, //                                                      10...
      '            "heartbeatTimeoutInMs": 120000',
      '        }',
      '    }',
      '}',
      '```',
    ].join('\n');

  it('passes a complete config that uses the documented placeholders', () => {
    const result = check(operatorConfig(['            "fleetState": {"pruneAgeInMs": 180000},']));
    expect(result.problems).toEqual([]);
    expect(result.nodeConfigs).toBe(1);
  });

  it('fails a misspelled plugin key on its own line and suggests the right one', () => {
    const result = check(
      operatorConfig([
        '            "fleetState": {', //                       10
        '                "prunAgeInMs": 180000', //              11
        '            },',
      ]),
    );
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({file: 'docs/example.md', line: 11});
    expect(result.problems[0].message).toMatch(
      /unknown key "prunAgeInMs" in plugins\.operator\.fleetState \(did you mean "pruneAgeInMs"\?\)/,
    );
  });

  it('fails a value of the wrong type or out of range, naming its key', () => {
    const wrongType = check(operatorConfig(['            "inspectRandomNode": {"intervalInMs": "15 min"},']));
    expect(wrongType.problems).toHaveLength(1);
    expect(wrongType.problems[0]).toMatchObject({line: 10});
    expect(wrongType.problems[0].message).toMatch(
      /plugins\.operator\.inspectRandomNode\.intervalInMs must be integer/,
    );
    const outOfRange = check(
      operatorConfig(['            "maintainOperatorValue": {"withdrawLimitSafetyFraction": 1.5},']),
    );
    expect(outOfRange.problems[0].message).toMatch(/withdrawLimitSafetyFraction must be <= 1/);
  });

  it('fails an unknown plugin, an unknown top-level key and a missing required key', () => {
    const result = check(
      [
        '```json node-config', //                          1
        '{', //                                            2
        '    "plugins": {', //                             3
        '        "consoleMetric": {},', //                 4
        '        "operator": {}', //                       5
        '    },', //                                       6
        '    "environment": "polygon"', //                 7
        '}',
        '```',
      ].join('\n'),
    );
    expect(result.problems.map((p) => p.line).sort()).toEqual([4, 5, 7]);
    const messages = result.problems.map((p) => p.message).join('\n');
    expect(messages).toMatch(/unknown plugin "consoleMetric" \(did you mean "consoleMetrics"\?\)/);
    expect(messages).toMatch(/unknown key "environment" in the config/);
    expect(messages).toMatch(/plugins\.operator must have required property 'operatorContractAddress'/);
  });

  it('rejects a placeholder it does not know where the schema wants a key, and says which it knows', () => {
    const result = check(
      [
        '```json node-config',
        '{"client": {"auth": {"privateKey": "0x<your-node-private-key>"}}}',
        '```',
      ].join('\n'),
    );
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({line: 2});
    expect(result.problems[0].message).toMatch(/privateKey must match pattern/);
    expect(result.problems[0].message).toMatch(/YOUR_NODE_PRIVATE_KEY/);
  });

  it('type-checks the client section as StreamrClientConfig', () => {
    const result = check(
      [
        '```json node-config',
        '{',
        '    "client": {',
        '        "environmnt": "polygon"',
        '    }',
        '}',
        '```',
      ].join('\n'),
    );
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({line: 4});
    expect(result.problems[0].message).toMatch(/environmnt/);
  });

  it('validates each plugin section against its own schema', () => {
    const good = check(
      ['```json node-config', '{"plugins": {"consoleMetrics": {"interval": 30}, "info": {}}}', '```'].join(
        '\n',
      ),
    );
    expect(good.problems).toEqual([]);
    // `interval` is a consoleMetrics key, not a subscriber one.
    const swapped = check(
      ['```json node-config', '{"plugins": {"subscriber": {"streams": [], "interval": 30}}}', '```'].join(
        '\n',
      ),
    );
    expect(swapped.problems).toHaveLength(1);
    expect(swapped.problems[0].message).toMatch(/unknown key "interval" in plugins\.subscriber/);
  });
});

describe('JSON and JavaScript blocks', () => {
  it('fails invalid JSON in a plain json block on the line of the error', () => {
    const result = check(['```json', '{', '  "a": 1,', '  "b": ', '}', '```'].join('\n'));
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({file: 'docs/example.md', line: 5});
    expect(result.problems[0].message).toMatch(/^invalid JSON: /);
  });

  it('fails a trailing comma, which JSON does not allow', () => {
    const result = check(['```json', '{', '  "a": 1,', '}', '```'].join('\n'));
    expect(result.problems[0]).toMatchObject({line: 4});
  });

  it('fails a JavaScript syntax error with its line and passes valid JS and JSX', () => {
    const bad = check(['```js', 'const a = {', '  b: 1', 'console.log(a)', '```'].join('\n'));
    expect(bad.problems).toHaveLength(1);
    expect(bad.problems[0]).toMatchObject({line: 4});
    expect(bad.problems[0].message).toMatch(/JavaScript syntax error/);
    const good = check(
      [
        '```js',
        "const {StreamrClient} = require('@streamr/sdk')",
        'await new StreamrClient().destroy()',
        '```',
        '```jsx',
        'export const A = () => <p>hi</p>',
        '```',
      ].join('\n'),
    );
    expect(good.problems).toEqual([]);
    expect(good.parsed).toBe(2);
  });

  it('lets a JSON or JavaScript fragment opt out only with a reason', () => {
    expect(check(['```js nocompile="fragment"', 'client.publish(...)', '```'].join('\n')).problems).toEqual(
      [],
    );
    expect(check(['```json nocompile', '{...}', '```'].join('\n')).problems[0].message).toMatch(
      /needs a reason/,
    );
  });
});

describe('node-config: the subscriber plugin, whose schema the node never applies', () => {
  it('requires "streams", since the node fills in no default for it', () => {
    const result = check(
      ['```json node-config', '{', '  "plugins": {', '    "subscriber": {}', '  }', '}', '```'].join('\n'),
    );
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({line: 4});
    expect(result.problems[0].message).toMatch(/plugins\.subscriber needs "streams"/);
  });

  it('passes a subscriber section with streams', () => {
    const result = check(
      [
        '```json node-config',
        '{"plugins": {"subscriber": {"streams": [{"streamId": "0x1234567890123456789012345678901234567890/a", "streamPartition": 0}]}}}',
        '```',
      ].join('\n'),
    );
    expect(result.problems).toEqual([]);
  });
});
