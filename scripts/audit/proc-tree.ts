/**
 * What a build costs the machine: peak memory and CPU time of its whole process
 * tree, not only of the first process. A Docusaurus build is `node` running
 * `npx` running `docusaurus`, which may start workers (Rspack/SWC threads live
 * in the process; TypeDoc, the mermaid renderer, minifiers may be processes).
 *
 * - Peak RSS: every `SAMPLE_MS` the sampler reads /proc/<pid>/stat of every
 *   process, keeps the descendants of the build's root process and sums their
 *   resident set sizes; the peak is the largest sum seen. Summed RSS counts
 *   pages shared between processes (the node binary, shared libraries) once per
 *   process, so it is an upper bound of the memory the build needs; it is what
 *   `ps`/`top` users compare, and the same for every build measured this way.
 *   A process living less than one interval can be missed; the build's big
 *   processes live for seconds to minutes.
 * - CPU seconds: user + system time of every process of the tree, from the
 *   kernel's own accounting rather than from samples. The build runs under a
 *   small wrapper (child-times.ts) that waits for it and then reads its own
 *   `cutime` + `cstime` from /proc/self/stat: the times of every descendant
 *   that was waited for, which in a build is all of them.
 *
 * Linux only (/proc); elsewhere both figures are reported as not measured.
 */
import {existsSync, promises as fs} from 'node:fs';
import {execFileSync} from 'node:child_process';

export const SAMPLE_MS = 100;

/** The fields of /proc/<pid>/stat the audit reads. */
export type ProcStat = {
  pid: number;
  ppid: number;
  /** Clock ticks. */
  utime: number;
  stime: number;
  /** Clock ticks of waited-for children. */
  cutime: number;
  cstime: number;
  /** Resident set size in pages. */
  rssPages: number;
};

/**
 * Parses one /proc/<pid>/stat line. The command name (field 2) is in
 * parentheses and may itself hold spaces and parentheses, so fields are
 * counted from the last `)`.
 */
export function parseProcStat(line: string): ProcStat {
  const close = line.lastIndexOf(')');
  if (close < 0) throw new Error(`Not a /proc/<pid>/stat line: ${line.slice(0, 80)}`);
  const pid = Number(line.slice(0, line.indexOf('(')).trim());
  // After ")": state(3) ppid(4) ... utime(14) stime(15) cutime(16) cstime(17) ... rss(24).
  const rest = line
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const field = (n: number) => Number(rest[n - 3]);
  const stat = {
    pid,
    ppid: field(4),
    utime: field(14),
    stime: field(15),
    cutime: field(16),
    cstime: field(17),
    rssPages: field(24),
  };
  if (Object.values(stat).some((value) => !Number.isFinite(value)))
    throw new Error(`Unreadable /proc/<pid>/stat line: ${line.slice(0, 80)}`);
  return stat;
}

/** `root` and all its descendants among `processes`. */
export function processTree(processes: ProcStat[], root: number): ProcStat[] {
  const children = new Map<number, ProcStat[]>();
  for (const process of processes) {
    const siblings = children.get(process.ppid) ?? [];
    siblings.push(process);
    children.set(process.ppid, siblings);
  }
  const tree: ProcStat[] = [];
  const self = processes.find((process) => process.pid === root);
  const queue = self ? [self] : [];
  while (queue.length) {
    const next = queue.shift()!;
    tree.push(next);
    queue.push(...(children.get(next.pid) ?? []));
  }
  return tree;
}

/** Summed resident memory of a process tree, in bytes. */
export function treeRssBytes(tree: ProcStat[], pageSize: number): number {
  return tree.reduce((sum, process) => sum + process.rssPages * pageSize, 0);
}

/** Every process's stat now; processes that end while being read are skipped. */
export async function readAllProcStats(): Promise<ProcStat[]> {
  const stats: ProcStat[] = [];
  for (const name of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      stats.push(parseProcStat(await fs.readFile(`/proc/${name}/stat`, 'utf8')));
    } catch {
      // Gone between readdir and readFile: it has no memory left to count.
    }
  }
  return stats;
}

/** System constants the figures are converted with (`getconf`; Linux defaults if it is missing). */
export function systemUnits(): {pageSize: number; clockTicks: number} {
  const read = (name: string, fallback: number) => {
    try {
      return Number(execFileSync('getconf', [name], {encoding: 'utf8'}).trim()) || fallback;
    } catch {
      return fallback;
    }
  };
  return {pageSize: read('PAGESIZE', 4096), clockTicks: read('CLK_TCK', 100)};
}

export const canMeasure = (): boolean => existsSync('/proc/self/stat');

/**
 * Samples the summed RSS of the descendants of `root` (the measuring wrapper,
 * not counted itself) until stopped; `stop()` resolves with the peak in bytes
 * and the number of samples taken.
 */
export function sampleTreeRss(
  root: number,
  pageSize: number,
): {stop: () => Promise<{peakBytes: number; samples: number}>} {
  let peakBytes = 0;
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const tree = processTree(await readAllProcStats(), root).filter((process) => process.pid !== root);
      if (tree.length) {
        peakBytes = Math.max(peakBytes, treeRssBytes(tree, pageSize));
        samples++;
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return {peakBytes, samples};
    },
  };
}
