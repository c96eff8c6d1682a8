import {describe, expect, it} from 'vitest';
import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import {
  removeGroup,
  throttleWorkers,
  workerThrottleUnavailable,
} from '../../scripts/audit/worker-throttle.ts';

/**
 * A thread that spins until stopped; Node names its thread after the worker (15 characters).
 * It spins until told to stop, not for a fixed time, so that a slow machine cannot end it before
 * the test has read its CPU time.
 */
function spinningThread(name: string): {stop: () => void; done: Promise<void>} {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const flag = require('node:worker_threads').workerData; while (Atomics.load(flag, 0) === 0);`,
    {eval: true, name, workerData: flag},
  );
  return {
    stop: () => Atomics.store(flag, 0, 1),
    done: new Promise((resolve, reject) => worker.once('exit', () => resolve()).once('error', reject)),
  };
}

/** CPU time a thread used, in ms (utime + stime from /proc, in clock ticks of 10 ms). */
function threadCpuMs(tid: number): number {
  const fields = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const unavailable = workerThrottleUnavailable();

describe('slowing the search worker in the audit', () => {
  it('says why a machine without a writable cgroup v1 cpu controller cannot', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'no-cgroup-'));
    expect(workerThrottleUnavailable(empty)).toMatch(/no cgroup v1 cpu controller/);
    expect(() => throttleWorkers({rate: 4, processIds: () => [], root: empty})).toThrow(
      /cannot slow the search worker on this machine/,
    );
  });

  it.skipIf(unavailable)(
    `slows threads named DedicatedWorker to a quarter of a CPU, and no other thread (${unavailable ?? 'cgroup v1'})`,
    async () => {
      const throttle = throttleWorkers({rate: 4, processIds: () => [process.pid]});
      const started = Date.now();
      const worker = spinningThread('DedicatedWorker spin');
      const other = spinningThread('OtherWorker spin');
      try {
        await expect.poll(() => throttle.threads.size, {interval: 5}).toBe(1);
        const [tid] = throttle.threads;
        expect(throttle.threads.size, 'the other worker is left alone').toBe(1);
        expect(readFileSync(`/proc/${process.pid}/task/${tid}/comm`, 'utf8').trim()).toBe('DedicatedWorker');
        // Read while it still spins (its /proc entry goes with it): a quarter of the wall time, plus one period's slack.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const cpu = threadCpuMs(tid);
        const wall = Date.now() - started;
        expect(cpu).toBeLessThanOrEqual(wall / 4 + 30);
        expect(throttle.throttledPeriods()).toBeGreaterThan(0);
      } finally {
        worker.stop();
        other.stop();
        await Promise.all([worker.done, other.done]);
        throttle.stop();
      }
    },
  );

  it('removes the cgroup once the kernel has let go of a thread that was ending (EBUSY for a while)', () => {
    const busy = (times: number) => {
      let calls = 0;
      const remove = () => {
        calls += 1;
        if (calls <= times) throw Object.assign(new Error('EBUSY: resource busy or locked'), {code: 'EBUSY'});
      };
      return {remove, calls: () => calls};
    };
    const briefly = busy(3);
    removeGroup('/cgroup/group', {remove: briefly.remove, waitMs: 1});
    expect(briefly.calls()).toBe(4);
    const forever = busy(Infinity);
    expect(() => removeGroup('/cgroup/group', {remove: forever.remove, attempts: 5, waitMs: 1})).toThrow(
      /EBUSY/,
    );
    expect(forever.calls()).toBe(5);
    // Any other error is not waited out.
    const missing = () => {
      throw Object.assign(new Error('ENOENT'), {code: 'ENOENT'});
    };
    expect(() => removeGroup('/cgroup/group', {remove: missing})).toThrow(/ENOENT/);
  });
});
