import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration suites share one Redis and spawn processes; two cores do not gain from more.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
