import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    // expect.poll gives up after 1 s by default, which a busy machine can outrun: poll until the test times out.
    expect: {poll: {timeout: 50_000}},
  },
});
