#!/usr/bin/env node
/**
 * Lists the messages that the Streamr node and the SDK of one release log (info level and above),
 * print or throw, with level, source file and line, into scripts/data/troubleshooting-messages.json.
 * The operator troubleshooting page may quote only messages of that list
 * (tests/unit/troubleshooting-page.test.ts).
 *
 * Usage: node scripts/refresh-troubleshooting-messages.ts <clone of streamr-dev/network> <git ref, e.g. v103.3.1>
 */
import {execFileSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {checkPageQuotes, extractMessages} from './lib/log-messages.ts';

// The node's own code, and the packages it runs whose messages reach the node's log or its exit.
const SOURCE_ROOTS = ['packages/node/src', 'packages/node/bin', 'packages/sdk/src', 'packages/utils/src'];
const TARGET = path.join('scripts', 'data', 'troubleshooting-messages.json');
const PAGE = path.join('docs', 'help', 'operator-troubleshooting.md');

const [repository, ref] = process.argv.slice(2);
if (!repository || !ref) {
  console.error(
    'Usage: node scripts/refresh-troubleshooting-messages.ts <clone of streamr-dev/network> <git ref>',
  );
  process.exit(2);
}

const git = (...args: string[]) =>
  execFileSync('git', ['-C', repository, ...args], {encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});

const commit = git('rev-parse', `${ref}^{commit}`).trim();
const version = JSON.parse(git('show', `${commit}:packages/node/package.json`)).version;
const files = git('ls-tree', '-r', '--name-only', commit, '--', ...SOURCE_ROOTS)
  .split('\n')
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'));
if (files.length === 0) throw new Error(`No TypeScript sources under ${SOURCE_ROOTS.join(', ')} at ${ref}`);

const messages = files.flatMap((file) => extractMessages(git('show', `${commit}:${file}`), file));
writeFileSync(
  TARGET,
  `${JSON.stringify({repository: 'streamr-dev/network', version, ref, commit, messages}, null, 2)}\n`,
);
console.log(
  `Listed ${messages.length} messages from ${files.length} files of streamr-dev/network ${version} (${commit}).`,
);

// Say at once which quotes of the page this release no longer has, rather than at the next test run.
const problems = checkPageQuotes(readFileSync(PAGE, 'utf8'), PAGE, messages);
for (const problem of problems) console.error(problem);
process.exitCode = problems.length ? 1 : 0;
