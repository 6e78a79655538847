import { defineConfig } from 'vitest/config';

/**
 * The tests mutation testing runs (`npm run mutate`, stryker.config.json): the unit tests of the decision core and
 * their neighbours. The end-to-end tests run the bundled dist/, which a mutant of src/ does not change.
 */
export default defineConfig({
  test: {
    include: ['test/{policy,rerun,history,scoring,pipeline,store,report}/**/*.test.ts'],
    exclude: [
      'test/rerun/presets/**',
      'test/rerun/process.test.ts',
      'test/rerun/leftovers.test.ts',
      // These run the pipeline in a describe body, outside any test: every mutant they reach would count as static
      // and run every test. The unit tests of test/policy and test/rerun cover the same decisions test by test.
      'test/pipeline/order.test.ts',
      'test/pipeline/rerun-forgivable.test.ts',
      'test/pipeline/misplaced-stats.test.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
