import {defineConfig, devices} from '@playwright/test';
import {CHROMIUM_LAUNCH_OPTIONS} from './scripts/lib/chromium.ts';

/**
 * Browser tests run against the production build (`npm run build`), served the
 * way a static host serves it (scripts/serve-build.ts), never the dev server.
 */

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // `npm test` passes --forbid-only whatever the environment (scripts/lib/test-steps.ts).
  forbidOnly: !!process.env.CI,
  // One retry on CI: a test that passes only on retry is still listed as flaky in the report.
  retries: process.env.CI ? 1 : 0,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  reporter: process.env.CI ? [['list'], ['html', {open: 'never'}]] : [['list']],
  // Generous waits: CI machines are shared, and a test must not fail because another job ran beside it.
  // A passing check returns as soon as it holds, so only failures take this long.
  timeout: 60_000,
  expect: {timeout: 15_000},
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{name: 'chromium', use: {...devices['Desktop Chrome']}}],
  webServer: {
    command: `node scripts/serve-build.ts --dir build --port ${port}`,
    url: `${baseURL}/`,
    // Never talk to a server this run did not start: a leftover one may serve an old build.
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
