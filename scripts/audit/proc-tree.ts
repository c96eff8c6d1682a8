/**
 * What a build costs the machine, for its whole process tree (TypeDoc, the
 * diagram renderer or minifiers may be processes of their own), as measured by
 * child-times.ts. Linux only (/proc); elsewhere reported as not measured.
 *
 * - Peak memory: the largest sum of the resident memory of every descendant,
 *   sampled. Shared pages count once per process, so an upper bound, as `ps`
 *   and `top` users compare; a process living less than a sample can be missed.
 * - CPU seconds: the kernel's own `cutime` + `cstime`, the time of every
 *   descendant waited for (Node has no getrusage(RUSAGE_CHILDREN)).
 */
import {execFileSync} from 'node:child_process';
import {existsSync, promises as fs} from 'node:fs';

export const SAMPLE_MS = 100;

export const canMeasure = (): boolean => existsSync('/proc/self/stat');

export type ProcEntry = {pid: number; ppid: number; rssBytes: number};

/** A process's parent and resident memory from its /proc/<pid>/status (kernel threads have no VmRSS). */
export function parseStatus(pid: number, status: string): ProcEntry {
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return {pid, ppid: field('PPid'), rssBytes: field('VmRSS') * 1024};
}

/** Summed resident memory of the descendants of `root` (not `root` itself), at any depth. */
export function descendantsRssBytes(processes: ProcEntry[], root: number): number {
  const children = new Map<number, ProcEntry[]>();
  for (const entry of processes) children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry]);
  const queue = [...(children.get(root) ?? [])];
  let sum = 0;
  for (const entry of queue) {
    sum += entry.rssBytes;
    queue.push(...(children.get(entry.pid) ?? []));
  }
  return sum;
}

async function readProcesses(): Promise<ProcEntry[]> {
  const entries: ProcEntry[] = [];
  for (const name of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      entries.push(parseStatus(Number(name), await fs.readFile(`/proc/${name}/status`, 'utf8')));
    } catch {
      // Gone between readdir and readFile: it has no memory left to count.
    }
  }
  return entries;
}

/** Samples the summed RSS of `root`'s descendants until `stop()`, which resolves with the peak in bytes. */
export function sampleTreeRss(root: number): {stop: () => Promise<number>} {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, descendantsRssBytes(await readProcesses(), root));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
}

/**
 * Clock ticks of waited-for children in a /proc/<pid>/stat line: `cutime` and
 * `cstime`, fields 16 and 17, counted after the command name, which is in
 * parentheses and may itself hold spaces and parentheses.
 */
export function waitedChildrenTicks(statLine: string): number {
  const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[13]) + Number(fields[14]);
  if (!Number.isFinite(ticks)) throw new Error(`Unreadable /proc/<pid>/stat line: ${statLine.slice(0, 80)}`);
  return ticks;
}

/** User + system CPU seconds of every descendant this process has waited for. */
export async function waitedChildrenCpuSeconds(): Promise<number> {
  const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], {encoding: 'utf8'}));
  return waitedChildrenTicks(await fs.readFile('/proc/self/stat', 'utf8')) / ticksPerSecond;
}
