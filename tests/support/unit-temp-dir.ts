/**
 * Vitest global setup: the unit tests' temporary files (their own and their child processes') go to one
 * folder per run, removed when the run ends, instead of piling up in the shared /tmp of a CI machine.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

export default function setup() {
  const runDir = mkdtempSync(path.join(tmpdir(), 'streamr-docs-unit-'));
  // Read by os.tmpdir() in the test workers, which start after this, and in every process they spawn.
  process.env.TMPDIR = runDir;
  return () => rmSync(runDir, {recursive: true, force: true});
}
