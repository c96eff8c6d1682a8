/**
 * Runs a Node script in a process of its own with a JSON request on stdin, and
 * resolves when it exits with 0: with its stdout, or with '' when its stdout goes
 * to the build's output. Its stderr always does.
 *
 * Why a process: the build's heavy one-off jobs (TypeDoc, the samples' type info,
 * the social cards) grow memory that a process keeps until it ends; a child that
 * exits gives it back before the bundler and the page rendering need theirs.
 * A 4 MB young generation collects these jobs' short-lived garbage sooner.
 */
import {spawn} from 'node:child_process';

type NodeChildJob = {
  /** The script; plain Node runs it (type stripping), so its imports carry `.ts`. */
  script: string;
  /** Sent as JSON on stdin. */
  request: unknown;
  cwd: string;
  /** `capture`: resolve with the child's stdout; `inherit`: it goes to the build's output. */
  stdout: 'capture' | 'inherit';
  /** The error message when the child fails, given its exit code or signal. */
  failure: (exit: number | string) => string;
  /** More Node/V8 flags for the child. */
  nodeFlags?: readonly string[];
};

export function runNodeChild({
  script,
  request,
  cwd,
  stdout,
  failure,
  nodeFlags = [],
}: NodeChildJob): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--max-semi-space-size=4', ...nodeFlags, script], {
      cwd,
      stdio: 'pipe',
    });
    // The child's messages pass through this process's streams (not straight to its
    // file descriptors), so the build's output check (./build-output-check.ts) reads them.
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) =>
      stdout === 'capture' ? chunks.push(chunk) : process.stdout.write(chunk),
    );
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve(Buffer.concat(chunks).toString('utf8'));
      else reject(new Error(failure(code ?? signal ?? 'unknown')));
    });
    child.stdin.end(JSON.stringify(request));
  });
}
