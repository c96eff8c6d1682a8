#!/usr/bin/env node
// @ts-check
/**
 * `docusaurus build`, failing on any [WARNING] in its output. Broken anchors and
 * duplicate routes are warnings in the site config (as the spec says); the site
 * still promises a build with zero warnings, and this is where that is enforced.
 */
import {spawn} from 'node:child_process';

const child = spawn('npx', ['docusaurus', 'build', ...process.argv.slice(2)], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
/** @type {string[]} */
const warnings = [];
for (const stream of [child.stdout, child.stderr]) {
  stream.on('data', (chunk) => {
    const text = chunk.toString();
    (stream === child.stdout ? process.stdout : process.stderr).write(text);
    for (const line of text.split('\n')) if (line.includes('[WARNING]')) warnings.push(line.trim());
  });
}
child.on('close', (code) => {
  if (code !== 0) process.exit(code ?? 1);
  if (warnings.length > 0) {
    console.error(
      `\nThe build printed ${warnings.length} warning(s); the site builds with none:\n${warnings.join('\n')}`,
    );
    process.exit(1);
  }
});
