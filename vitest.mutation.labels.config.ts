// The label tests only: for label-key.ts, whose static mutants (plural rule tables) each re-run every included test.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/normalise/lodging-type*.test.ts',
      'test/normalise/label-tables.test.ts',
      'test/normalise/head-word-rule.test.ts',
      'test/normalise/rule-boundaries.test.ts',
      'test/normalise/categories.test.ts',
      'test/normalise/label-key*.test.ts',
    ],
    testTimeout: 30_000,
    maxWorkers: 1,
    minWorkers: 1,
  },
});
