#!/usr/bin/env node
// @ts-check
/**
 * `npm test`: every check CI runs, in order, on a fresh clone. Static checks all
 * run even if one fails, so a writer sees every problem at once; the browser
 * tests need a successful build. Ends with one summary line.
 */
import {spawnSync} from 'node:child_process';

/** @type {{name: string, command: string, needs?: string}[]} */
const steps = [
  {name: 'typecheck', command: 'npm run typecheck'},
  {name: 'lint', command: 'npm run lint'},
  {name: 'format', command: 'npm run format:check'},
  {name: 'markdown lint', command: 'npm run lint:md'},
  {name: 'spelling', command: 'npm run spellcheck'},
  {name: 'content rules', command: 'npm run check:content'},
  {name: 'unit tests', command: 'npm run test:unit'},
  {name: 'code samples', command: 'npm run check:samples'},
  {name: 'build', command: 'npm run build:checked'},
  {name: 'build (Algolia search mode)', command: 'npm run build:search-algolia', needs: 'build'},
  {name: 'browser', command: 'node scripts/ensure-browser.mjs'},
  {name: 'browser tests', command: 'npm run test:e2e', needs: 'build'},
];

/** @type {Map<string, boolean>} */
const results = new Map();
for (const step of steps) {
  if (step.needs && !results.get(step.needs)) {
    console.log(`\n▶ ${step.name}: skipped, "${step.needs}" failed`);
    results.set(step.name, false);
    continue;
  }
  console.log(`\n▶ ${step.name}: ${step.command}`);
  const started = Date.now();
  const {status} = spawnSync(step.command, {stdio: 'inherit', shell: true});
  results.set(step.name, status === 0);
  console.log(`${status === 0 ? '✔' : '✘'} ${step.name} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

const failed = [...results].filter(([, ok]) => !ok).map(([name]) => name);
console.log(`\nFailed: ${failed.length ? failed.join(', ') : 'none'}`);
console.log(`checks: ${results.size - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
