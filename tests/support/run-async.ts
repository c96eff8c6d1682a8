import {spawn, type SpawnOptions} from 'node:child_process';

export type RunResult = {status: number | null; stdout: string; stderr: string};

/**
 * spawnSync's result without its blocking: a test worker blocked in spawnSync cannot answer
 * Vitest's RPC, which gives up after 60 s ("Timeout calling onTaskUpdate") on a busy machine.
 * With no `args`, `command` runs in a shell.
 */
export function runAsync(
  command: string,
  args?: string[],
  {input, ...options}: SpawnOptions & {input?: string} = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = args ? spawn(command, args, options) : spawn(command, {...options, shell: true});
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({status, stdout, stderr}));
    child.stdin?.end(input);
  });
}
