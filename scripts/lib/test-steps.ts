/**
 * The steps of `npm test` (scripts/test-all.ts), in order. Focused tests
 * (`.only`) fail the run whatever the environment: ESLint rejects them, and the
 * unit and browser test runners are told to refuse them, not only when CI is set.
 */

/** Ports the browser tests take from E2E_PORT on: the build, build-algolia/, the dev server. */
export const E2E_PORT_COUNT = 3;

/**
 * Where a step belongs when CI splits the run into jobs (`npm test -- --stage <stage>`): the static
 * checks and unit tests, the builds and what tests them directly, and the browser tests (which GitHub
 * Actions runs in shards against the build jobs' output).
 */
export const STAGES = ['checks', 'build', 'browser'] as const;
export type Stage = (typeof STAGES)[number];

export type TestStep = {
  name: string;
  command: string;
  stage: Stage;
  needs?: string;
  env?: Record<string, string>;
};

/** `e2ePort`: the first of E2E_PORT_COUNT free ports. */
export function testSteps({e2ePort}: {e2ePort: number}): TestStep[] {
  return [
    {name: 'typecheck', command: 'npm run typecheck', stage: 'checks'},
    {name: 'lint', command: 'npm run lint', stage: 'checks'},
    {name: 'format', command: 'npm run format:check', stage: 'checks'},
    {name: 'markdown lint', command: 'npm run lint:md', stage: 'checks'},
    {name: 'spelling', command: 'npm run spellcheck', stage: 'checks'},
    {name: 'content rules', command: 'npm run check:content', stage: 'checks'},
    // Before the unit tests: the diagram syntax check runs Mermaid in Chromium.
    {name: 'browser', command: 'node scripts/ensure-browser.ts', stage: 'checks'},
    {name: 'unit tests', command: 'npm run test:unit -- --allowOnly=false', stage: 'checks'},
    {name: 'code samples', command: 'npm run check:samples', stage: 'checks'},
    {name: 'build', command: 'npm run build', stage: 'build'},
    {
      name: 'build (Algolia search mode)',
      command: 'npm run build:search-algolia',
      stage: 'build',
      needs: 'build',
    },
    // The MCP server package is built from build/ and tested against it.
    {
      name: 'MCP server package',
      command: 'npm run test:mcp -- --allowOnly=false',
      stage: 'build',
      needs: 'build',
    },
    {
      name: 'browser tests',
      command: 'npm run test:e2e -- --forbid-only',
      stage: 'browser',
      needs: 'build',
      env: {E2E_PORT: String(e2ePort)},
    },
  ];
}
