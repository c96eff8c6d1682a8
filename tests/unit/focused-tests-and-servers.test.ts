import {spawn, type ChildProcess} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {ESLint} from 'eslint';
import {afterAll, describe, expect, it} from 'vitest';
import {findFreePortRun, isPortFree} from '../../scripts/lib/free-ports.ts';
import {testSteps} from '../../scripts/lib/test-steps.ts';
import {runAsync} from '../support/run-async.ts';

/** Each test starts Vitest or Playwright, which a busy machine can slow well past Vitest's default. */
const SPAWN_TIMEOUT = 180_000;

/**
 * `npm test` must fail on a focused test (`.only`) and must never test a server
 * it did not start, whether or not CI is set. Each guard is shown failing on a
 * planted mistake, and the runners are shown to pass the same files without it.
 */
const root = path.resolve(__dirname, '../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'focused-tests-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

const env = {...process.env, CI: '', FORCE_COLOR: '0'};
const step = (name: string) => testSteps({e2ePort: 3210}).find((candidate) => candidate.name === name)!;

async function run(command: string, extra: Record<string, string> = {}) {
  const result = await runAsync(command, undefined, {cwd: root, env: {...env, ...extra}});
  return {status: result.status, output: `${result.stdout}${result.stderr}`};
}

/** A folder outside the project whose files still resolve the project's packages. */
function plantedFolder(name: string, files: Record<string, string>): string {
  const dir = path.join(scratch, name);
  mkdirSync(dir);
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

describe('ESLint rejects focused tests', () => {
  const eslint = new ESLint({cwd: root});
  async function focusedLines(code: string, filePath = 'tests/unit/planted.test.ts') {
    const [result] = await eslint.lintText(code, {filePath: path.join(root, filePath)});
    return result.messages
      .filter((message) => /Focused test/.test(message.message))
      .map((message) => message.line);
  }

  it.each([
    "test.only('a', () => {});",
    "it.only('a', () => {});",
    "describe.only('a', () => {});",
    "test.describe.only('a', () => {});",
    "test.describe.serial.only('a', () => {});",
    "describe.concurrent.only('a', () => {});",
    "test['only']('a', () => {});",
  ])('%s', async (line) => {
    expect(await focusedLines(`import {test, it, describe} from 'vitest';\n${line}\n`)).toEqual([2]);
  });

  it('in browser tests too, and not on an unrelated `only` property', async () => {
    expect(
      await focusedLines(
        "import {test} from '@playwright/test';\ntest.only('a', () => {});\n",
        'tests/e2e/planted.spec.ts',
      ),
    ).toEqual([2]);
    expect(await focusedLines('const filter = {only: true};\nconsole.log(filter.only);\n')).toEqual([]);
  });

  it("in a package's tests (run after the build, see the MCP server package step)", async () => {
    expect(
      await focusedLines(
        "import {test} from 'vitest';\ntest.only('a', () => {});\n",
        'packages/docs-mcp/tests/planted.test.ts',
      ),
    ).toEqual([2]);
  });
});

describe('the test runners refuse focused tests when run by npm test, CI or not', () => {
  it(
    'Vitest: the unit-test step fails on a planted it.only',
    async () => {
      const dir = plantedFolder('vitest', {
        'planted.test.ts': "it.only('focused', () => {});\nit('other', () => {});\n",
      });
      const pointAtPlanted = ` --root ${dir} --globals`;
      const refused = await run(step('unit tests').command + pointAtPlanted);
      expect(refused.status, refused.output).not.toBe(0);
      expect(refused.output).toMatch(/Unexpected \.only modifier/);
      // Without the step's flag and without CI, Vitest would run it and pass.
      expect((await run(`npx vitest run${pointAtPlanted}`)).status).toBe(0);
    },
    SPAWN_TIMEOUT,
  );

  it(
    'Playwright: the browser-test step fails on a planted test.only',
    async () => {
      const dir = plantedFolder('playwright', {
        'playwright.config.ts': "export default {testDir: '.'};\n",
        'planted.spec.ts':
          "import {test} from '@playwright/test';\ntest.only('focused', () => {});\ntest('other', () => {});\n",
      });
      const pointAtPlanted = ` --list --config ${path.join(dir, 'playwright.config.ts')}`;
      const refused = await run(step('browser tests').command + pointAtPlanted);
      expect(refused.status, refused.output).not.toBe(0);
      expect(refused.output).toMatch(/not allowed due to the '--forbid-only' CLI flag/);
      expect((await run(`npx playwright test${pointAtPlanted}`)).status).toBe(0);
    },
    SPAWN_TIMEOUT,
  );
});

describe('servers left running are never tested', () => {
  let leftover: ChildProcess | undefined;
  afterAll(() => leftover?.kill());

  it(
    'Playwright refuses a port where another server already answers',
    async () => {
      const port = await findFreePortRun(1);
      leftover = spawn(process.execPath, [
        '-e',
        `require('node:http').createServer((q, r) => r.end('old build')).listen(${port}, '127.0.0.1', () => console.log('listening'))`,
      ]);
      // Wait for the server to say it listens, however long a busy machine takes (no poll timeout).
      await new Promise<void>((resolve, reject) => {
        leftover!.stdout!.on('data', (data: Buffer) => data.toString().includes('listening') && resolve());
        leftover!.on('exit', (code) => reject(new Error(`the stand-in server exited (${code})`)));
      });
      expect(await isPortFree(port)).toBe(false);
      const result = await run(
        `timeout ${SPAWN_TIMEOUT / 1000 - 10} npx playwright test tests/e2e/navigation.spec.ts`,
        {
          E2E_PORT: String(port),
        },
      );
      expect(result.status, result.output).not.toBe(0);
      expect(result.output).toMatch(/is already used/);
      expect(result.output).not.toMatch(/passed/);
    },
    SPAWN_TIMEOUT,
  );

  it('npm test picks ports nothing listens on, and skips busy ones', async () => {
    const first = await findFreePortRun(3);
    for (const port of [first, first + 1, first + 2]) expect(await isPortFree(port)).toBe(true);
    // Below the ephemeral range, where an outgoing connection could take a port before the server does.
    expect(first).toBeGreaterThanOrEqual(20000);
    expect(first + 2).toBeLessThan(32768);
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(first + 1, '127.0.0.1', resolve));
    expect(await isPortFree(first + 1)).toBe(false);
    busy.close();
    expect(step('browser tests').env).toEqual({E2E_PORT: '3210'});
  });
});

describe('unit test temporary files', () => {
  it("go to the run's own folder (tests/support/unit-temp-dir.ts), which the run removes, not straight into /tmp", () => {
    expect(path.basename(tmpdir())).toMatch(/^streamr-docs-unit-/);
    expect(process.env.TMPDIR).toBe(tmpdir());
  });
});
