#!/usr/bin/env node
/**
 * `npm test`: every check CI runs, in order, on a fresh clone. Static checks all
 * run even if one fails, so a writer sees every problem at once; the browser
 * tests need a successful build. Ends with one summary line.
 *
 * `npm test -- --stage <checks|build|browser>` (repeatable) runs only those stages, for CI jobs that
 * split the run; a step whose `needs` is in a stage not run is taken as done by an earlier job.
 */
import {spawnSync} from 'node:child_process';
import {parseArgs} from 'node:util';
import {findFreePortRun} from './lib/free-ports.ts';
import {E2E_PORT_COUNT, STAGES, testSteps, type Stage} from './lib/test-steps.ts';

const {values} = parseArgs({options: {stage: {type: 'string', multiple: true}}});
const unknown = (values.stage ?? []).filter((stage) => !(STAGES as readonly string[]).includes(stage));
if (unknown.length) {
  console.error(`Unknown stage ${unknown.join(', ')}: the stages are ${STAGES.join(', ')}.`);
  process.exit(2);
}
const stages = new Set<Stage>((values.stage as Stage[] | undefined) ?? STAGES);

// Fresh ports each run unless E2E_PORT pins them: a server left over on the usual
// port is never mistaken for this run's build (Playwright also refuses to reuse one).
const e2ePort = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await findFreePortRun(E2E_PORT_COUNT);

const results = new Map<string, boolean>();
for (const step of testSteps({e2ePort}).filter((step) => stages.has(step.stage))) {
  if (step.needs && results.has(step.needs) && !results.get(step.needs)) {
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
