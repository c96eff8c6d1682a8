import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runNodeChild} from '../../src/node/node-child.ts';

function script(source: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'node-child-')), 'child.mjs');
  writeFileSync(file, source);
  return file;
}

const echo = script(`
import {text} from 'node:stream/consumers';
const request = JSON.parse(await text(process.stdin));
process.stdout.write(JSON.stringify({request, flags: process.execArgv, cwd: process.cwd()}));
`);

describe('runNodeChild (src/node/node-child.ts)', () => {
  it('hands the request over on stdin and resolves with what the child printed', async () => {
    const cwd = tmpdir();
    const out = await runNodeChild({
      script: echo,
      request: {pages: ['/a', '/b']},
      cwd,
      stdout: 'capture',
      failure: () => 'unexpected',
      nodeFlags: ['--max-old-space-size=96'],
    });
    expect(JSON.parse(out)).toEqual({
      request: {pages: ['/a', '/b']},
      flags: ['--max-semi-space-size=4', '--max-old-space-size=96'],
      cwd,
    });
  });

  it('resolves with nothing when the output goes to the build, and rejects with the exit code', async () => {
    const quiet = {
      request: {},
      cwd: tmpdir(),
      failure: (exit: number | string) => `child failed (exit ${exit})`,
    };
    await expect(runNodeChild({...quiet, script: script(''), stdout: 'inherit'})).resolves.toBe('');
    await expect(
      runNodeChild({...quiet, script: script('process.exit(3);'), stdout: 'capture'}),
    ).rejects.toThrow('child failed (exit 3)');
  });
});
