#!/usr/bin/env node
/**
 * `npm run build`: `docusaurus build`, failing on any [WARNING] in its output (broken anchors and
 * duplicate routes are only warnings to Docusaurus; the site builds with none). This process
 * becomes the build (process.execve), Node running Docusaurus's CLI with the heap flags of
 * ./lib/build-heap.ts and the output check of ./lib/build-output-check.ts preloaded; see
 * scripts/README.md, "Build memory".
 */
import {spawnSync} from 'node:child_process';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';
import {buildHeapFlags} from './lib/build-heap.ts';

// Docusaurus's own CLI on this Node, not through `npx` (an npm process and a shell
// that would sit in memory for the whole build, doing nothing).
const cli = createRequire(import.meta.url).resolve('@docusaurus/core/bin/docusaurus.mjs');
const check = fileURLToPath(new URL('./lib/build-output-check.ts', import.meta.url));
// glibc gives each thread that allocates at the same time as another a malloc arena of its own
// (up to 8 per core), and memory freed in an arena stays with the process. Two arenas for the
// build and its children lower the cold build's peak.
// Other C libraries ignore the variable; a value already set wins.
const env = {MALLOC_ARENA_MAX: '2', ...process.env};
const args = [...buildHeapFlags(), '--import', check, cli, 'build', ...process.argv.slice(2)];
// process.execve exists on Linux and macOS (Node 23.11+); elsewhere (Windows) the build runs as a child.
if (process.execve) process.execve(process.execPath, [process.execPath, ...args], env);
else process.exitCode = spawnSync(process.execPath, args, {env, stdio: 'inherit'}).status ?? 1;
