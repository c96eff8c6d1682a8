#!/usr/bin/env node
/**
 * `npm test`: every check CI runs, in order, on a fresh clone. Static checks all
 * run even if one fails, so a writer sees every problem at once; the browser
 * tests need a successful build. Ends with one summary line.
 */
import {spawnSync} from 'node:child_process';
import {findFreePortRun} from './lib/free-ports.ts';
import {E2E_PORT_COUNT, testSteps} from './lib/test-steps.ts';

// Fresh ports each run unless E2E_PORT pins them: a server left over on the usual
// port is never mistaken for this run's build (Playwright also refuses to reuse one).
const e2ePort = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await findFreePortRun(E2E_PORT_COUNT);

const results = new Map<string, boolean>();
for (const step of testSteps({e2ePort})) {
  if (step.needs && !results.get(step.needs)) {
    console.log(`\n▶ ${step.name}: skipped, "${step.needs}" failed`);
    results.set(step.name, false);
    continue;
  }
  const envNote = step.env
    ? ` (${Object.entries(step.env)
        .map(([name, value]) => `${name}=${value}`)
        .join(' ')})`
    : '';
  console.log(`\n▶ ${step.name}: ${step.command}${envNote}`);
  const started = Date.now();
  const {status} = spawnSync(step.command, {
    stdio: 'inherit',
    shell: true,
    env: {...process.env, ...step.env},
  });
  results.set(step.name, status === 0);
  console.log(`${status === 0 ? '✔' : '✘'} ${step.name} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

const failed = [...results].filter(([, ok]) => !ok).map(([name]) => name);
console.log(`\nFailed: ${failed.length ? failed.join(', ') : 'none'}`);
console.log(`checks: ${results.size - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
