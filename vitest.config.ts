import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // At least two test files at a time: Vitest's default (one fewer than the cores) runs them one by one on a 2-core
    // machine, where most files wait on the git and node processes they start (one file at a time kept 1.3 cores busy
    // and took 36 minutes; .ci/run must take less than 30).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // GitHub's workflow parser imports its JSON schemas without import attributes (written for bundlers): vite
    // transforms it instead of Node loading it.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
