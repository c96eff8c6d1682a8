/**
 * Preloaded (`--import`) into the Docusaurus build process by scripts/build-checked.ts: keeps
 * everything the process writes to stdout and stderr and, when it exits, judges it whole
 * (./build-output.ts); a build that printed a warning exits 1 with the verdict on stderr. It runs
 * in the build's own process so that no parent process holds memory beside the build; child
 * processes of the build pass their output through this one (src/node/node-child.ts).
 */
import {writeSync} from 'node:fs';
import {isMainThread} from 'node:worker_threads';
import {judgeBuild} from './build-output.ts';

/** Starts keeping the process's output; the verdict is given on exit. */
export function checkOutputOnExit(): void {
  // One buffer per stream: interleaving them could cut a line of one with a chunk of the other.
  const output = {stdout: '', stderr: ''};
  for (const name of ['stdout', 'stderr'] as const) {
    const stream = process[name];
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      output[name] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return write(chunk, ...rest);
    }) as typeof stream.write;
  }
  process.on('exit', (code) => {
    const verdict = judgeBuild({exitCode: code, output: `${output.stdout}\n${output.stderr}`});
    if (!verdict) return;
    // Synchronous: the process is exiting.
    writeSync(2, `\n${verdict}\n`);
    process.exitCode = code || 1;
  });
}

// Worker threads (if any) print through the main thread's streams: counted there.
if (isMainThread) checkOutputOnExit();
