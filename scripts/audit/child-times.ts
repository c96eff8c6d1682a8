#!/usr/bin/env node
/**
 * Runs a command and writes what its whole process tree cost (proc-tree.ts) as
 * JSON, `{cpuSeconds, peakRssBytes}`; exits with the command's exit code:
 * `node scripts/audit/child-times.ts <result.json> <command> [args...]`.
 * A wrapper, so that the kernel's sums of waited-for children are the command's alone.
 */
import {spawn} from 'node:child_process';
import {promises as fs} from 'node:fs';
import {sampleTreeRss, waitedChildrenCpuSeconds} from './proc-tree.ts';

const [resultFile, command, ...args] = process.argv.slice(2);
if (!resultFile || !command) {
  console.error('Usage: node scripts/audit/child-times.ts <result.json> <command> [args...]');
  process.exit(2);
}
const sampler = sampleTreeRss(process.pid);
const child = spawn(command, args, {stdio: 'inherit'});
const code: number = await new Promise((resolve) => child.on('close', (exit) => resolve(exit ?? 1)));
const peakRssBytes = await sampler.stop();
const cpuSeconds = await waitedChildrenCpuSeconds();
await fs.writeFile(resultFile, `${JSON.stringify({cpuSeconds, peakRssBytes})}\n`);
process.exit(code);
