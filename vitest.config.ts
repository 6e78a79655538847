import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // GitHub's workflow parser imports its JSON schemas without import attributes (written for bundlers): vite
    // transforms it instead of Node loading it.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
