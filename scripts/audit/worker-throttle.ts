/**
 * Slows a browser's dedicated workers as DevTools slows a page's main thread.
 * `Emulation.setCPUThrottlingRate` slows a page's main thread only (Chromium
 * refuses it on workers), and the search engine runs in a worker: measured with
 * DevTools alone, a first search would count the page on a slow phone and the
 * engine on this machine. Here each worker thread, found by name in the
 * renderer processes (polled every millisecond; a new worker first fetches its
 * script, so it has little to do before it is found), gets the throttled main
 * thread's share of a CPU from the kernel's CFS bandwidth control (cgroup v1
 * `cpu`): it runs `period / rate` of every `period`.
 */
import {mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/** Where cgroup v1's cpu controller is mounted on Debian and most Linux machines. */
const CGROUP_CPU_ROOT = '/sys/fs/cgroup/cpu';
/** CFS period: the slowed thread runs in slices of period / rate (2.5 ms at 4×), so it is slowed evenly. */
const PERIOD_US = 10_000;
const WORKER_THREAD = /^DedicatedWorker/;

/** Why this machine cannot slow workers, or undefined if it can. */
export function workerThrottleUnavailable(root = CGROUP_CPU_ROOT): string | undefined {
  try {
    readFileSync(path.join(root, 'cpu.cfs_period_us'), 'utf8');
  } catch {
    return `no cgroup v1 cpu controller at ${root} (Linux only)`;
  }
  const probe = path.join(root, `docs-audit-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
  } catch (error) {
    return `cannot create a cgroup under ${root} (${(error as Error).message}; run as root)`;
  }
  return undefined;
}

type ThrottleWorkersOptions = {rate: number; processIds: () => number[]; root?: string};

/**
 * Slows every dedicated worker thread of `processIds()` (the renderers) `rate`
 * times from now until `stop()`.
 */
export function throttleWorkers({rate, processIds, root = CGROUP_CPU_ROOT}: ThrottleWorkersOptions) {
  const unavailable = workerThrottleUnavailable(root);
  if (unavailable)
    throw new Error(
      `The audit cannot slow the search worker on this machine: ${unavailable}. Its first-search figures would ` +
        'count the engine at full speed and the page at 1/4, so it does not measure them here.',
    );
  const group = path.join(root, `docs-audit-${process.pid}-${Date.now()}`);
  mkdirSync(group);
  writeFileSync(path.join(group, 'cpu.cfs_period_us'), String(PERIOD_US));
  writeFileSync(path.join(group, 'cpu.cfs_quota_us'), String(Math.round(PERIOD_US / rate)));
  const threads = new Set<number>();
  // Threads already named something else: a poll reads the names of new threads only.
  const others = new Set<number>();
  const poll = () => {
    for (const pid of processIds()) {
      let tids: string[];
      try {
        tids = readdirSync(`/proc/${pid}/task`);
      } catch {
        continue; // the process is gone
      }
      for (const tid of tids) {
        const id = Number(tid);
        if (threads.has(id) || others.has(id)) continue;
        try {
          const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
          if (!WORKER_THREAD.test(name)) {
            // A new thread carries its process's name until it is given its own: read it again next time.
            if (id === pid || name !== processName(pid)) others.add(id);
            continue;
          }
          writeFileSync(path.join(group, 'tasks'), tid);
          threads.add(id);
        } catch {
          // The thread ended meanwhile.
        }
      }
    }
  };
  const processNames = new Map<number, string>();
  const processName = (pid: number) => {
    if (!processNames.has(pid)) processNames.set(pid, readFileSync(`/proc/${pid}/comm`, 'utf8').trim());
    return processNames.get(pid);
  };
  poll();
  const timer = setInterval(poll, 1);
  return {
    threads,
    throttledPeriods() {
      const stat = readFileSync(path.join(group, 'cpu.stat'), 'utf8');
      return Number(/nr_throttled (\d+)/.exec(stat)?.[1] ?? 0);
    },
    stop() {
      clearInterval(timer);
      for (const tid of readFileSync(path.join(group, 'tasks'), 'utf8').split('\n').filter(Boolean)) {
        try {
          writeFileSync(path.join(root, 'tasks'), tid);
        } catch {
          // The thread ended meanwhile.
        }
      }
      removeGroup(group);
    },
  };
}

/**
 * Removes an emptied cgroup. A thread that was ending when it was moved out
 * can keep the group busy (EBUSY) until the kernel has reaped it, a few
 * milliseconds later: try again for up to a second before giving up.
 */
export function removeGroup(group: string, {attempts = 100, waitMs = 10, remove = rmdirSync} = {}): void {
  for (let attempt = 1; ; attempt++) {
    try {
      remove(group);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EBUSY' || attempt >= attempts) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, waitMs);
    }
  }
}
