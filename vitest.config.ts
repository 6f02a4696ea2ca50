import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Generous: import-heavy suites take ~15 s alone and must not fail on a busy shared machine (no timed assertions).
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Integration suites share one Redis and spawn processes; two cores do not gain from more.
    maxWorkers: 2,
    minWorkers: 1,
    // Spawned `lodging` processes run the TypeScript sources (no build needed); test/bin/compiled-build.test.ts
    // runs the compiled build.
    env: { LODGING_RUNTIME: 'tsx' },
  },
});
