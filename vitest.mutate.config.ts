import { defineConfig } from 'vitest/config';

/**
 * The tests mutation testing runs (`npm run mutate`, stryker.config.json): the unit tests of the decision core's own
 * folders, so that a mutant counts as killed only when a unit test of its folder sees it (docs/mutation.md). The
 * pipeline, store and report tests reach the same code through applyRun, but running them for each of ~1,000
 * mutants per folder multiplies the time; the end-to-end tests run the bundled dist/, which a mutant of src/ does
 * not change.
 */
export default defineConfig({
  test: {
    include: ['test/{policy,rerun,history,scoring}/**/*.test.ts'],
    // Real processes and the presets' real runners: slow, and they test the adapters, not the decision core.
    exclude: ['test/rerun/presets/**', 'test/rerun/process.test.ts', 'test/rerun/leftovers.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
