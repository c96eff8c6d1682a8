import {fileURLToPath} from 'node:url';
import {defineConfig} from 'vitest/config';

// The server's tests need the site's build and this package's dist/, so `npm test` runs them after
// the build (scripts/lib/test-steps.ts), not with the unit tests.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['packages/docs-mcp/tests/**/*.test.ts'],
    // Time-outs catch hangs; packing and installing the package take minutes on a busy machine.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
