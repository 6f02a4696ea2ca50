// The tests Stryker runs for one rule file measured on its own: MUTATION_TESTS lists them (comma-separated globs), else every rule test and the golden fixtures.
import { defineConfig } from 'vitest/config';

const listed = process.env.MUTATION_TESTS?.split(',').map((glob) => glob.trim()).filter((glob) => glob !== '');

export default defineConfig({
  test: {
    include: listed !== undefined && listed.length > 0 ? listed : ['test/pipeline/normalise/**/*.test.ts', 'test/fixtures/**/*.test.ts'],
    testTimeout: 120_000,
    maxWorkers: 1,
    minWorkers: 1,
  },
});
