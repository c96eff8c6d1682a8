import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {
  checkContentRules,
  findBareUnchangedCells,
  findPubliclyKnownKeys,
  findSdkVersionMismatches,
  findSecretsOnShellCommandLines,
  findSpaceTitledAdmonitions,
  findUsablePrivateKeyValues,
  pinnedSdkVersion,
  versionMatches,
} from '../../scripts/lib/content-rules.ts';
import {
  findUnknownAddresses,
  loadKnownAddresses,
  sdkConstantAddresses,
} from '../../scripts/lib/known-addresses.ts';
import {runAsync} from '../support/run-async.ts';

type Rule = (source: string, file: string) => {file: string; line: number; message: string}[];

/** "line: message" for each problem a rule finds in the given lines of a docs page. */
function run(rule: Rule, lines: string[], file = 'docs/guide.md') {
  return rule(lines.join('\n'), file).map((p) => `${p.line}: ${p.message}`);
}

const REPEATED_ONES = `0x${'1'.repeat(64)}`;
const HARDHAT_FIRST = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
// Random, not a known key: only the "usable value" rule may object to it
const RANDOM_KEY = '0x3f9c2b7e81d4a65c0e1f27b98a3d4c56e7f8091a2b3c4d5e6f708192a3b4c5d6';

describe('findSecretsOnShellCommandLines', () => {
  const shell = (...body: string[]) => ['Intro.', '', '```bash', ...body, '```'];

  it('accepts the read -rs pattern and variable references', () => {
    expect(
      run(
        findSecretsOnShellCommandLines,
        shell(
          'read -rs PRIVATE_KEY',
          'export PRIVATE_KEY',
          'streamr stream create /x --private-key "$PRIVATE_KEY"',
          'docker run -e PRIVATE_KEY="$PRIVATE_KEY" image',
          'export PRIVATE_KEY=$(cat ~/.secrets/key)',
        ),
      ),
    ).toEqual([]);
  });

  it('reports an exported literal key with its line', () => {
    expect(run(findSecretsOnShellCommandLines, shell(`export PRIVATE_KEY='your private key'`))).toEqual([
      expect.stringMatching(/^4: `PRIVATE_KEY=…` puts a secret on the command line.*read -rs PRIVATE_KEY/),
    ]);
  });

  it('reports a key given to one command, other secret variables, and --private-key with a literal', () => {
    expect(
      run(
        findSecretsOnShellCommandLines,
        shell(
          `PRIVATE_KEY=${RANDOM_KEY} npm run publish`,
          'export STREAMR_API_KEY=abc123',
          `streamr stream show /x --private-key ${RANDOM_KEY}`,
          'streamr stream show /x --private-key=YOUR_KEY',
        ),
      ),
    ).toEqual([
      expect.stringMatching(/^4: `PRIVATE_KEY=…`/),
      expect.stringMatching(/^5: `STREAMR_API_KEY=…`/),
      expect.stringMatching(/^6: `--private-key 0x3f9c2b7e81` writes the key into the shell history/),
      expect.stringMatching(/^7: `--private-key YOUR_KEY`/),
    ]);
  });

  it('checks only shell blocks, and ignores shell comments', () => {
    expect(run(findSecretsOnShellCommandLines, ['```text', 'export PRIVATE_KEY=abc', '```'])).toEqual([]);
    expect(run(findSecretsOnShellCommandLines, ['Set `export PRIVATE_KEY=abc` in prose.'])).toEqual([]);
    expect(run(findSecretsOnShellCommandLines, shell('# never: export PRIVATE_KEY=abc'))).toEqual([]);
    for (const language of ['sh', 'shell', 'zsh', 'console']) {
      expect(
        run(findSecretsOnShellCommandLines, [`\`\`\`${language}`, 'export PRIVATE_KEY=abc', '```']),
      ).toHaveLength(1);
    }
  });

  it('knows where a block ends, also for longer and indented fences', () => {
    const lines = [
      '1. Step',
      '   ````bash',
      '   ```',
      '   export PRIVATE_KEY=abc',
      '   ````',
      '',
      '    export PRIVATE_KEY=abc',
    ];
    expect(run(findSecretsOnShellCommandLines, lines)).toEqual([expect.stringMatching(/^4: /)]);
  });
});

describe('findPubliclyKnownKeys', () => {
  it('reports repeated-digit, tiny and development keys anywhere on the page', () => {
    expect(
      run(findPubliclyKnownKeys, [
        `"privateKey": "${REPEATED_ONES}"`,
        `A key such as 0x${'0'.repeat(63)}1 is guessable.`,
        `PRIVATE_KEY=${HARDHAT_FIRST}`,
        `const key = '${'ab'.repeat(32)}'`,
        '0x4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d',
      ]),
    ).toEqual([
      expect.stringMatching(/^1: 0x1111111111… is a publicly known private key \(one digit repeated\)/),
      expect.stringMatching(/^2: .*\(mostly zeros\)/),
      expect.stringMatching(/^3: .*\(Hardhat\/Anvil test account #0\)/),
      expect.stringMatching(/^4: .*\(a short pattern repeated\)/),
      expect.stringMatching(/^5: .*\(Ganache deterministic account #0\)/),
    ]);
  });

  it('leaves random keys, addresses and longer hex alone', () => {
    expect(
      run(findPubliclyKnownKeys, [
        RANDOM_KEY,
        `Address 0x${'3'.repeat(40)}`,
        `Signature 0x${'1'.repeat(130)}`,
      ]),
    ).toEqual([]);
  });
});

describe('findUsablePrivateKeyValues', () => {
  it('reports a private key setting that holds 64 hex digits, in any syntax', () => {
    expect(
      run(findUsablePrivateKeyValues, [
        `"privateKey": "${RANDOM_KEY}"`,
        `auth: { privateKey: '${RANDOM_KEY.slice(2)}' }`,
        `PRIVATE_KEY=${RANDOM_KEY}`,
        `private_key: ${RANDOM_KEY}`,
        `streamr identity whoami --private-key ${RANDOM_KEY}`,
      ]).map((p) => p.slice(0, 2)),
    ).toEqual(['1:', '2:', '3:', '4:', '5:']);
  });

  it('accepts placeholders that fail validation and values from the environment', () => {
    expect(
      run(findUsablePrivateKeyValues, [
        '"privateKey": "YOUR_NODE_PRIVATE_KEY"',
        '"privateKey": "0x<your-private-key>"',
        'auth: { privateKey: process.env.PRIVATE_KEY! }',
        `"privateKey": "${RANDOM_KEY.slice(0, 40)}"`,
        `"transactionHash": "${RANDOM_KEY}"`,
      ]),
    ).toEqual([]);
  });
});

describe('findSdkVersionMismatches', () => {
  const check = (lines: string[], file = 'docs/guide.md') =>
    findSdkVersionMismatches(lines.join('\n'), file, '103.3.1').map((p) => `${p.line}: ${p.message}`);

  it('does not read a quantity after a claim word as a release', () => {
    expect(
      run(findSdkVersionMismatches, [
        'A new bucket starts when the current one reaches 100 MB or 500,000 messages.',
      ]),
    ).toEqual([]);
    expect(run(findSdkVersionMismatches, ['The current release is 101.'])).toEqual([
      expect.stringMatching(/^1: claims the current version is 101/),
    ]);
  });

  it('accepts versions that agree with the pinned one', () => {
    expect(
      check([
        'npm install @streamr/sdk@103.3.1',
        '<script src="https://unpkg.com/@streamr/sdk@103.3.1/dist/exports-umd.min.js"></script>',
        'With `@streamr/sdk` 103.3.1, the browser build needs nothing more.',
        'The site pins 103.3.1; install 103.x or `npm install @streamr/sdk@103`.',
        'npm install @streamr/sdk@latest',
      ]),
    ).toEqual([]);
  });

  it('reports a different version after the package name, with file and line', () => {
    expect(check(['Intro.', 'npm install @streamr/sdk@102.1.0'])).toEqual([
      expect.stringMatching(/^2: names @streamr\/sdk 102\.1\.0, but the site pins @streamr\/sdk 103\.3\.1/),
    ]);
    expect(check(['With `@streamr/sdk` 103.2 you get this.'])).toEqual([
      expect.stringMatching(/^1: names @streamr\/sdk 103\.2/),
    ]);
  });

  it('reports prose that claims another current version', () => {
    expect(
      check([
        'Install 104.x of the SDK.',
        'The latest release, 103.4.0, adds a feature.',
        'Version 102.1 is the latest.',
        'The current SDK release is 102.3.1.',
      ]),
    ).toEqual([
      expect.stringMatching(/^1: claims the current version is 104\.x/),
      expect.stringMatching(/^2: claims the current version is 103\.4\.0/),
      expect.stringMatching(/^3: claims the current version is 102\.1/),
      expect.stringMatching(/^4: claims the current version is 102\.3\.1/),
    ]);
  });

  it('lets history through: past versions without a claim, blog posts, and marked lines', () => {
    expect(
      check([
        'Older SDK versions had this method; it was removed in version 103.',
        'Since version 103.3.0, current versions of Vite need no plugin. Versions 103.0 to 103.2 did.',
        'The current versions since 102.0 accept long user IDs.',
        '<!-- version: historical -->',
        'Upgrade with `npm install @streamr/sdk@101`.',
        'To stay on 102, install 102.x {/* version: historical */}',
      ]),
    ).toEqual([]);
    expect(
      check(['1. Update the package: `npm install @streamr/sdk@101`.'], 'blog/2024-07-15-sdk-101.md'),
    ).toEqual([]);
  });

  it('compares only the parts of the version that are given', () => {
    expect(versionMatches('103', '103.3.1')).toBe(true);
    expect(versionMatches('103.x', '103.3.1')).toBe(true);
    expect(versionMatches('103.3', '103.3.1')).toBe(true);
    expect(versionMatches('103.3.2', '103.3.1')).toBe(false);
    expect(versionMatches('102', '103.3.1')).toBe(false);
  });
});

describe('pinnedSdkVersion', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'content-rules-'));
  afterAll(() => rmSync(folder, {recursive: true, force: true}));

  it("reads the site's exact pin", () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pinnedSdkVersion('package.json')).toBe(manifest.dependencies['@streamr/sdk']);
  });

  it('refuses a range, naming the file', () => {
    const file = path.join(folder, 'package.json');
    writeFileSync(file, JSON.stringify({dependencies: {'@streamr/sdk': '^103.3.1'}}));
    expect(() => pinnedSdkVersion(file)).toThrow(
      /package\.json: @streamr\/sdk must be pinned to an exact version/,
    );
  });
});

describe('findBareUnchangedCells', () => {
  it('reports a table cell that says only "unchanged"', () => {
    expect(
      run(findBareUnchangedCells, [
        '| Parameter | Default | Set by SIP-20 |',
        '| --- | --- | --- |',
        '| Protocol fee | 5% | unchanged |',
        '| Slashing | 10% | not changed by SIP-20 |',
        'The value stays unchanged | in prose.',
      ]),
    ).toEqual([expect.stringMatching(/^3: a table cell says only "unchanged"/)]);
  });

  it('ignores tables inside code blocks', () => {
    expect(run(findBareUnchangedCells, ['```md', '| a | unchanged |', '```'])).toEqual([]);
  });
});

describe('findSpaceTitledAdmonitions', () => {
  it('reports a title written after a space, with the bracket form to use', () => {
    expect(
      run(findSpaceTitledAdmonitions, [
        ':::warning Protect config files',
        'Text.',
        ':::',
        ':::tip[Bracketed titles render]',
        ':::',
        '  ::::danger  Nested box  ',
      ]),
    ).toEqual([
      '1: admonition title without brackets renders as plain text; write :::warning[Protect config files]',
      '6: admonition title without brackets renders as plain text; write ::::danger[Nested box]',
    ]);
  });

  it('accepts untitled boxes, other directives and examples inside code blocks', () => {
    expect(
      run(findSpaceTitledAdmonitions, [
        ':::note',
        ':::',
        ':::details Summary',
        '```md',
        ':::info Shown as code',
        '```',
      ]),
    ).toEqual([]);
  });
});

describe('findUnknownAddresses', () => {
  const known = loadKnownAddresses();
  const check = (lines: string[]) => run((source, file) => findUnknownAddresses(source, file, known), lines);
  const PLANTED = '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c';

  it('reports an address from nowhere, in prose, code or a link, with its line', () => {
    expect(check(['# Title', '', `Send DATA to ${PLANTED}.`])).toEqual([
      expect.stringMatching(
        new RegExp(
          `^3: ${PLANTED} is not in @streamr/config 5\\.9\\.3, no @streamr/sdk \\d+\\.\\d+\\.\\d+ constant`,
        ),
      ),
    ]);
    expect(
      check(['```json', `{"address": "${PLANTED.toUpperCase().replace('0X', '0x')}"}`, '```']),
    ).toHaveLength(1);
    expect(check([`[scan](https://polygonscan.com/address/${PLANTED})`])).toHaveLength(1);
  });

  it('accepts @streamr/config addresses of any chain and case, SDK constants and reserved examples', () => {
    expect(
      check([
        '`0x3a9A81d576d83FF21f26f325066054540720fC34` (DATA on Polygon)',
        'https://etherscan.io/address/0x8f693ca8d21b157107184d29d398a8d082b38b76',
        'STREAMR_STORAGE_NODE_ADDRESS is 0x9dc08ff97f5c156181ec6a0b13fc3946454e529a',
        `none: 0x${'0'.repeat(40)}, placeholders 0x${'2'.repeat(40)} 0x1234567890123456789012345678901234567890`,
      ]),
    ).toEqual([]);
  });

  it('leaves longer hex runs (keys, hashes) and words alone', () => {
    expect(check([`tx 0x${'ab12'.repeat(16)}`, `id x0x${PLANTED.slice(2)}`, `${PLANTED}ab`])).toEqual([]);
  });

  it('reads SDK constants from the declarations, with the value from the bundle when the type hides it', () => {
    const declarations = [
      'declare const A = "0x1111111111111111111111111111111111111112";',
      'declare const B: HexString;',
      'declare const C = "0x1111111111111111111111111111111111111113";',
      'export { A, B as Bee };',
    ].join('\n');
    const bundle = "const B = '0x1111111111111111111111111111111111111114';";
    expect([...sdkConstantAddresses(declarations, bundle)]).toEqual([
      ['0x1111111111111111111111111111111111111112', 'SDK constant A'],
      ['0x1111111111111111111111111111111111111114', 'SDK constant B'],
    ]);
  });
});

describe('checkContentRules', () => {
  it('runs every rule and sorts the problems by line', () => {
    const source = [
      '| a | Unchanged |',
      '```bash',
      `export PRIVATE_KEY=${REPEATED_ONES}`,
      '```',
      'npm install @streamr/sdk@101.0.0 and the latest release, 102.0.0',
      'Send DATA to 0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c',
    ].join('\n');
    expect(checkContentRules(source, 'docs/x.md', {pinnedSdkVersion: '103.3.1'}).map((p) => p.line)).toEqual([
      1, 3, 3, 3, 5, 5, 6,
    ]);
  });

  it('is wired into scripts/check-content.ts, which fails with file:line', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'content-rules-cli-'));
    try {
      const page = path.join(folder, 'page.md');
      writeFileSync(
        page,
        [
          '---',
          'description: A page with a planted key in its config example.',
          '---',
          '',
          '# Title',
          '',
          `Key: ${HARDHAT_FIRST}`,
        ].join('\n'),
      );
      const result = await runAsync(process.execPath, ['scripts/check-content.ts', page]);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`${page}:7: 0xac0974bec3… is a publicly known private key`);
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  });
});
