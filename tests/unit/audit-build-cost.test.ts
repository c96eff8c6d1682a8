import {spawn} from 'node:child_process';
import {promises as fs} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {timed} from '../../scripts/audit/build.ts';
import {
  descendantsRssBytes,
  parseStatus,
  sampleTreeRss,
  waitedChildrenTicks,
  type ProcEntry,
} from '../../scripts/audit/proc-tree.ts';
import {describeBuildCost} from '../../scripts/audit/report.ts';

// A real line of /proc/<pid>/stat, with a command name holding spaces and parentheses.
const STAT_LINE =
  '4242 (rspack (worker) 1) S 4200 4242 4200 0 -1 4194560 51234 0 0 0 1234 567 89 10 20 0 11 0 ' +
  '987654 1234567890 30000 18446744073709551615 1 1 0 0 0 0 0 4096 0 0 0 0 17 1 0 0 0 0 0';

describe('waitedChildrenTicks', () => {
  it('counts fields from the last parenthesis, so odd command names do not shift them', () => {
    expect(waitedChildrenTicks(STAT_LINE)).toBe(89 + 10);
  });

  it('refuses a line that is not a stat line', () => {
    expect(() => waitedChildrenTicks('12 (x) S')).toThrow(/Unreadable/);
  });
});

describe('parseStatus', () => {
  it('reads the parent and the resident memory; a kernel thread has none', () => {
    const status = 'Name:\tnode\nPid:\t42\nPPid:\t7\nVmPeak:\t 999 kB\nVmRSS:\t  2048 kB\nThreads:\t11\n';
    expect(parseStatus(42, status)).toEqual({pid: 42, ppid: 7, rssBytes: 2048 * 1024});
    expect(parseStatus(2, 'Name:\tkthreadd\nPPid:\t0\n')).toEqual({pid: 2, ppid: 0, rssBytes: 0});
  });
});

describe('descendantsRssBytes', () => {
  const proc = (pid: number, ppid: number, rssBytes: number): ProcEntry => ({pid, ppid, rssBytes});
  const processes = [
    proc(1, 0, 5),
    proc(10, 1, 100),
    proc(11, 10, 20),
    proc(12, 11, 3),
    proc(13, 1, 7),
    proc(14, 10, 1),
  ];

  it('sums every descendant at any depth, not the root, and nothing else', () => {
    expect(descendantsRssBytes(processes, 10)).toBe(20 + 3 + 1);
    expect(descendantsRssBytes(processes, 99)).toBe(0);
  });
});

describe.skipIf(process.platform !== 'linux')('measuring a real process tree', () => {
  it('sees the memory of a grandchild', async () => {
    // A shell (the child) starting node (the grandchild) that holds ~200 MB for a second.
    const child = spawn(
      'sh',
      [
        '-c',
        `"${process.execPath}" -e "const b = Buffer.alloc(200 * 2 ** 20, 1); setTimeout(() => b.length, 1500)"`,
      ],
      {stdio: 'ignore'},
    );
    // The sampler counts descendants of this process: the shell and node.
    const sampler = sampleTreeRss(process.pid);
    await new Promise((resolve) => child.on('close', resolve));
    expect(await sampler.stop()).toBeGreaterThan(200 * 2 ** 20);
  });

  it('timed() reports the CPU time of grandchildren and the peak memory of the tree', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'audit-cost-'));
    try {
      // The grandchild burns 0.6 s of its own CPU time (not wall time: the machine may be
      // busy); the shell in between uses almost none. The kernel counts in clock ticks, so the
      // check asks for 0.5 s of the 0.6 burnt.
      const burn = `"${process.execPath}" -e "const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; }; while (cpu() < 0.6);"`;
      const cost = await timed('sh', ['-c', burn], {cwd: dir, log: path.join(dir, 'log.txt')});
      expect(cost.cpuSeconds).toBeGreaterThanOrEqual(0.5);
      expect(cost.cpuSeconds).toBeLessThan(2);
      expect(cost.peakRssBytes).toBeGreaterThan(10 * 2 ** 20);
      await expect(fs.readdir(dir)).resolves.toEqual(['log.txt']);
    } finally {
      await fs.rm(dir, {recursive: true, force: true});
    }
  });
});

describe('describeBuildCost', () => {
  it('gives CPU seconds per built page and peak RSS in MiB', () => {
    expect(
      describeBuildCost({
        seconds: 300,
        cpuSeconds: 400,
        peakRssBytes: 1536 * 2 ** 20,
        pages: 160,
        sitemapUrls: 150,
      }),
    ).toBe(
      '400.0 CPU-s (user + system), 2.50 CPU-s per page over 160 pages; peak RSS 1536 MiB ' +
        '(sum over the process tree, sampled every 100 ms)',
    );
  });

  it('says when nothing was measured', () => {
    expect(describeBuildCost({pages: 160, sitemapUrls: 150})).toMatch(/^not measured/);
  });
});
