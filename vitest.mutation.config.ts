// The tests Stryker runs against each mutant of pipeline/normalise/: the rule tests and the golden fixtures (no I/O suites).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/pipeline/normalise/**/*.test.ts', 'test/fixtures/**/*.test.ts'],
    // Generous: under perTest coverage instrumentation the 20,000-label cache test alone takes ~30 s on a busy machine.
    testTimeout: 120_000,
    maxWorkers: 1,
    minWorkers: 1,
  },
});
