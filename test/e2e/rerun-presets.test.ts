/**
 * Re-runs by a runner preset, end to end: dist/index.js under Node 24 against a bare repository, with `rerun:
 * node-test` on a real project (test/fixtures/rerun-projects/node-test) run by node's real test runner. The preset's
 * process is spawned by the bundled action without a shell; hostile test names run nothing.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, World } from '../support/action.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

const FLAKY = [
  'cart::adds an item (flaky)',
  'cart::$(touch /tmp/pwned)',
  "cart::; touch pwned-semicolon # it's &quot;quoted&quot; `touch pwned-backtick`",
  'cart::regex [a-z]+ (x|y) .* \\d ^$ {2} / \\ ünï 🎲',
  'cart::multi\nline',
  'test::top-level (flaky)',
  'table::row 1 (flaky)',
];

describe('rerun: node-test (a preset, real runner)', () => {
  it('proves the flaky failures flaky on the same commit and blocks the test that fails every time', async () => {
    const pwnedBefore = existsSync('/tmp/pwned');
    cpSync(join(PROJECT_ROOT, 'test/fixtures/rerun-projects/node-test'), world.workspace, { recursive: true });
    // A real regression beside the flaky tests: it fails every time.
    writeFileSync(
      join(world.workspace, 'tests/broken.test.js'),
      "const { test } = require('node:test');\nconst assert = require('node:assert');\ntest('totals the cart', () => assert.strictEqual(1 + 1, 3));\n",
    );
    await world.commit('a commit with flaky tests and a regression');
    const state = join(world.root, 'state');
    mkdirSync(state);
    mkdirSync(join(world.workspace, 'reports'));
    // The user's test step: node's test runner with the junit reporter.
    const env = { ...process.env, FLAKY_STATE_DIR: state };
    const first = spawnSync('node', ['--test', '--test-reporter=junit', '--test-reporter-destination=reports/junit.xml'], { cwd: world.workspace, env, encoding: 'utf8' });
    expect(first.status).not.toBe(0);

    const run = await world.run({ inputs: { rerun: 'node-test', 'test-outcome': 'failure' }, env: { FLAKY_STATE_DIR: state } });
    const why = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${run.summary}`;
    expect(run.outputs.outcome, why).toBe('failure');
    expect(run.exitCode).toBe(1);
    expect(JSON.parse(run.outputs['proven-flaky']!).sort(), why).toEqual([...FLAKY].sort());
    expect(JSON.parse(run.outputs['rerun-tests']!).sort()).toEqual([...FLAKY, 'test::totals the cart'].sort());
    // The regression failed every re-run: it blocks the job (whether the core calls a test without history
    // "consistent" or lets its quarantine decide is the core's rule, docs/rerun.md).
    expect(run.outputs['blocking-failures']).toBe('1');
    expect(run.outputs['failed-tests']).toBe('1');
    expect(run.summary).toMatch(/test&#58;&#58;totals the cart \| ✗ → ✗✗/);
    expect(run.stdout).toMatch(/^::group::Re-run round 1: 8 failed tests$/m);

    // The log shows the round's exact command line, each argument shell-quoted as it reached the process.
    const line = run.stdout.split('\n').find((l) => l.startsWith('$ node --test ') && l.includes('/round-1/report.xml'));
    expect(line, run.stdout).toBeDefined();
    expect(line).toContain(`'--test-name-pattern=^(?:`);
    expect(line).toContain(`cart \\$\\(touch[ \\t\\n\\r]\\/tmp\\/pwned\\)`);
    expect(line).toContain(`pwned-semicolon[ \\t\\n\\r]#[ \\t\\n\\r]it'\\''s`);
    expect(line!.endsWith(`$' tests/broken.test.js tests/cart.test.js`)).toBe(true);
    expect(JSON.parse(run.outputs['consistent-failures']!)).toEqual(['test::totals the cart']);

    // The hostile names ran nothing.
    if (!pwnedBefore) expect(existsSync('/tmp/pwned')).toBe(false);
    expect(readdirSync(world.workspace).filter((f) => f.startsWith('pwned'))).toEqual([]);
  }, 120_000);
});
