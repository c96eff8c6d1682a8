import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  checkPageQuotes,
  extractMessages,
  pageQuotes,
  quotes,
  type LogMessage,
} from '../../scripts/lib/log-messages.ts';

const pageName = 'docs/help/operator-troubleshooting.md';
const page = readFileSync(path.join(process.cwd(), pageName), 'utf8');
const list = JSON.parse(
  readFileSync(path.join(process.cwd(), 'scripts', 'data', 'troubleshooting-messages.json'), 'utf8'),
) as {ref: string; messages: LogMessage[]};

const withEntry = (heading: string, origin: string) =>
  `${page}\n## Planted\n\n### \`${heading}\`\n\n${origin}\n\nSome explanation.\n`;

describe('the operator troubleshooting page', () => {
  it('quotes only messages of the shipped list, with the level and file the list gives', () => {
    expect(checkPageQuotes(page, pageName, list.messages)).toEqual([]);
  });

  it('really reads the page and the list: about twenty quotes, all from the pinned release', () => {
    expect(list.ref).toBe('v103.3.1');
    const found = pageQuotes(page);
    expect(found.length).toBeGreaterThanOrEqual(20);
    expect(found.map((entry) => entry.quote)).toContain('Unable to publish to coordination stream');
    expect(found.every((entry) => entry.level && entry.file)).toBe(true);
  });

  it('fails on a planted quote that no message holds, naming the page and line', () => {
    const planted = withEntry(
      'Unable to reach the coordination stream',
      '`warn` in `packages/node/src/plugins/operator/announceNodeToStream.ts`',
    );
    const problems = checkPageQuotes(planted, pageName, list.messages);
    expect(problems).toHaveLength(1);
    const line = planted.split('\n').indexOf('### `Unable to reach the coordination stream`') + 1;
    expect(problems[0]).toBe(
      `${pageName}:${line}: "Unable to reach the coordination stream" is not in the fixed text of any message of the list`,
    );
  });

  it('fails on a real message given the wrong level or file, and on a missing origin line', () => {
    const wrongLevel = withEntry(
      'Failed to write heartbeat',
      '`error` in `packages/node/src/plugins/operator/announceNodeToContract.ts`',
    );
    expect(checkPageQuotes(wrongLevel, pageName, list.messages)).toEqual([
      expect.stringContaining('"Failed to write heartbeat" is not logged as error in'),
    ]);
    const noOrigin = withEntry('Failed to write heartbeat', 'It failed.');
    expect(checkPageQuotes(noOrigin, pageName, list.messages)).toEqual([
      expect.stringContaining('must start with `<level>` in `<source file>`'),
    ]);
  });
});

describe('matching a quote with a message', () => {
  const withValues: LogMessage = {
    text: 'Failed to connect to Cassandra after ${} trials: ${}',
    level: 'thrown',
    file: 'x.ts',
    line: 1,
  };

  it('accepts text within one fixed part, and nothing that spans a value or is one word', () => {
    expect(quotes('Failed to connect to Cassandra after', withValues)).toBe(true);
    expect(quotes('Cassandra after 20 trials', withValues)).toBe(false);
    expect(quotes('trials:', withValues)).toBe(false);
    expect(quotes('Failed to connect to MySQL', withValues)).toBe(false);
  });
});

describe('reading messages from the sources', () => {
  const source = [
    "import { Logger } from '@streamr/utils'",
    "const logger = new Logger('x')",
    'class A {',
    '  private logger = logger',
    '  run(n: number, name: string) {',
    "    logger.warn('Plain warning', { n })",
    '    this.logger.error(`Failed after ${n} trials`)',
    "    logger.info('Joined ' + name + ' now')",
    "    logger.debug('Not listed: below info')",
    "    console.log('Printed line')",
    '    logger.error(name)',
    "    throw new TypeError('Bad input: ' + name)",
    '  }',
    '}',
  ].join('\n');

  it('lists logger calls at info and above, console lines and thrown errors, with values as ${}', () => {
    expect(extractMessages(source, 'a.ts').map(({text, level, line}) => [level, text, line])).toEqual([
      ['warn', 'Plain warning', 6],
      ['error', 'Failed after ${} trials', 7],
      ['info', 'Joined ${} now', 8],
      ['console', 'Printed line', 10],
      ['thrown', 'Bad input: ${}', 12],
    ]);
  });
});
