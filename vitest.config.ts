import {defineConfig} from 'vitest/config';

export default defineConfig({
  // The Docusaurus tsconfig keeps JSX for the bundler ("preserve"); tests need it compiled.
  oxc: {jsx: {runtime: 'automatic'}},
  test: {
    include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['tests/support/unit-temp-dir.ts'],
    // A time-out catches a hang, not slowness: a busy shared machine runs several times slower.
    testTimeout: 180_000,
    // expect.poll gives up after 1 s by default, which a busy machine can outrun: poll until the test times out.
    expect: {poll: {timeout: 170_000}},
  },
});
