// The label tests only: for label-key.ts, whose static mutants (plural rule tables) each re-run every included test.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/pipeline/normalise/lodging-type*.test.ts',
      'test/pipeline/normalise/label-tables.test.ts',
      'test/pipeline/normalise/head-word-rule.test.ts',
      'test/pipeline/normalise/categories.test.ts',
      'test/pipeline/normalise/label-key*.test.ts',
    ],
    testTimeout: 30_000,
    maxWorkers: 1,
    minWorkers: 1,
  },
});
