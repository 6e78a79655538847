import { defineConfig } from 'vitest/config';

/**
 * The tests mutation testing runs (`npm run mutate`, stryker.config.json): the unit tests of the decision core and
 * their neighbours. The end-to-end tests run the bundled dist/, which a mutant of src/ does not change.
 */
export default defineConfig({
  test: {
    include: ['test/{policy,rerun,history,scoring,pipeline,store,report}/**/*.test.ts'],
    exclude: ['test/rerun/presets/**', 'test/rerun/process.test.ts', 'test/rerun/leftovers.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
