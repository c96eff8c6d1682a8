#!/usr/bin/env node
/**
 * `docusaurus build`, failing on any [WARNING] in its output. Broken anchors and
 * duplicate routes are warnings in the site config (as the spec says); the site
 * still promises a build with zero warnings, and this is where that is enforced.
 * The output is judged whole once the build ends (scripts/lib/build-output.ts),
 * so a warning's details are never split between two chunks of output.
 */
import {spawn} from 'node:child_process';
import {createRequire} from 'node:module';
import {buildHeapFlags} from './lib/build-heap.ts';
import {judgeBuild} from './lib/build-output.ts';

// Docusaurus's own CLI on this Node, not through `npx` (an npm process and a shell
// that would sit in memory for the whole build, about 90 MB, doing nothing).
const cli = createRequire(import.meta.url).resolve('@docusaurus/core/bin/docusaurus.mjs');
const child = spawn(process.execPath, [...buildHeapFlags(), cli, 'build', ...process.argv.slice(2)], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
// One buffer per stream: interleaving them could cut a line of one with a chunk of the other.
const output = {stdout: '', stderr: ''};
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  output.stdout += chunk.toString();
});
child.stderr.on('data', (chunk) => {
  process.stderr.write(chunk);
  output.stderr += chunk.toString();
});
child.on('close', (code) => {
  const verdict = judgeBuild({exitCode: code, output: `${output.stdout}\n${output.stderr}`});
  if (!verdict) return;
  console.error(`\n${verdict}`);
  process.exit(code || 1);
});
