#!/usr/bin/env node
/**
 * Runs a command and writes the CPU time of its whole process tree as JSON:
 * `node scripts/audit/child-times.ts <result.json> <command> [args...]`.
 *
 * Node has no getrusage(RUSAGE_CHILDREN), but the kernel keeps the same sums
 * in /proc/self/stat: `cutime` and `cstime` are the user and system times of
 * every child this process waited for, each including the children that child
 * waited for. Read after the command ends, they are the tree's CPU time.
 * Exits with the command's exit code.
 */
import {spawn} from 'node:child_process';
import {promises as fs} from 'node:fs';
import {parseProcStat, systemUnits} from './proc-tree.ts';

const [resultFile, command, ...args] = process.argv.slice(2);
if (!resultFile || !command) {
  console.error('Usage: node scripts/audit/child-times.ts <result.json> <command> [args...]');
  process.exit(2);
}
const child = spawn(command, args, {stdio: 'inherit'});
const code: number = await new Promise((resolve) => child.on('close', (exit) => resolve(exit ?? 1)));
const self = parseProcStat(await fs.readFile('/proc/self/stat', 'utf8'));
const {clockTicks} = systemUnits();
await fs.writeFile(
  resultFile,
  `${JSON.stringify({userSeconds: self.cutime / clockTicks, systemSeconds: self.cstime / clockTicks})}\n`,
);
process.exit(code);
