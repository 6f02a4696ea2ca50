// The tests Stryker runs against each mutant of pipeline/dedup/: the same-place rule tests and their golden set (no I/O suites).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/pipeline/dedup/**/*.test.ts'],
    testTimeout: 120_000,
    maxWorkers: 1,
    minWorkers: 1,
  },
});
