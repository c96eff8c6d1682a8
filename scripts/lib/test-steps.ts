/**
 * The steps of `npm test` (scripts/test-all.ts), in order. Focused tests
 * (`.only`) fail the run whatever the environment: ESLint rejects them, and the
 * unit and browser test runners are told to refuse them, not only when CI is set.
 */

/** Ports the browser tests take from E2E_PORT on: the build, build-algolia/, the dev server. */
export const E2E_PORT_COUNT = 3;

export type TestStep = {name: string; command: string; needs?: string; env?: Record<string, string>};

/** `e2ePort`: the first of E2E_PORT_COUNT free ports. */
export function testSteps({e2ePort}: {e2ePort: number}): TestStep[] {
  return [
    {name: 'typecheck', command: 'npm run typecheck'},
    {name: 'lint', command: 'npm run lint'},
    {name: 'format', command: 'npm run format:check'},
    {name: 'markdown lint', command: 'npm run lint:md'},
    {name: 'spelling', command: 'npm run spellcheck'},
    {name: 'content rules', command: 'npm run check:content'},
    // Before the unit tests: the diagram syntax check runs Mermaid in Chromium.
    {name: 'browser', command: 'node scripts/ensure-browser.ts'},
    {name: 'unit tests', command: 'npm run test:unit -- --allowOnly=false'},
    {name: 'code samples', command: 'npm run check:samples'},
    {name: 'build', command: 'npm run build'},
    {name: 'build (Algolia search mode)', command: 'npm run build:search-algolia', needs: 'build'},
    // The MCP server package is built from build/ and tested against it.
    {name: 'MCP server package', command: 'npm run test:mcp -- --allowOnly=false', needs: 'build'},
    {
      name: 'browser tests',
      command: 'npm run test:e2e -- --forbid-only',
      needs: 'build',
      env: {E2E_PORT: String(e2ePort)},
    },
  ];
}
