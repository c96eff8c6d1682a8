import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runAsync} from '../support/run-async.ts';

const CHECK = path.resolve('scripts/lib/build-output-check.ts');
const RUNNER = path.resolve('src/node/node-child.ts');

/** Runs a script as the build would: Node with the output check preloaded (scripts/build-checked.ts). */
function runChecked(source: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'build-output-check-'));
  const file = path.join(dir, 'build.ts');
  writeFileSync(file, source);
  writeFileSync(
    path.join(dir, 'child.mjs'),
    "console.error('[WARNING] Broken anchor in a child\\n- /a#b');\n",
  );
  return runAsync(process.execPath, ['--import', CHECK, file], {cwd: dir});
}

describe('the build output check preloaded into the build (scripts/lib/build-output-check.ts)', () => {
  it('lets a build without warnings exit as it did', async () => {
    const clean = await runChecked(
      "console.log('[INFO] Building');\nconsole.log('[SUCCESS] Generated static files');\n",
    );
    expect(clean.status).toBe(0);
    expect(clean.stderr).toBe('');
    const failed = await runChecked("console.error('[ERROR] Unable to build');\nprocess.exit(2);\n");
    expect(failed.status).toBe(2);
    expect(failed.stderr).toContain('The build failed (exit code 2).');
  });

  it('fails a successful build that printed a warning, naming it', async () => {
    const warned = await runChecked(
      "console.log('[INFO] Building');\nconsole.warn('[WARNING] Duplicate routes found!\\n- /a');\nconsole.log('[SUCCESS] Generated static files');\n",
    );
    expect(warned.status).toBe(1);
    expect(warned.stderr).toContain('The build printed 1 warning(s); the site builds with none:');
    expect(warned.stderr).toContain('[WARNING] Duplicate routes found!\n- /a');
  });

  it('also reads what the build’s child processes print (they go through runNodeChild)', async () => {
    const withChild = await runChecked(
      `import {runNodeChild} from ${JSON.stringify(RUNNER)};\n` +
        "await runNodeChild({script: 'child.mjs', request: {}, cwd: process.cwd(), stdout: 'inherit', failure: () => 'failed'});\n" +
        "console.log('[SUCCESS] Generated static files');\n",
    );
    expect(withChild.stderr).toContain('The build printed 1 warning(s)');
    expect(withChild.stderr).toContain('Broken anchor in a child');
    expect(withChild.status).toBe(1);
  });
});
