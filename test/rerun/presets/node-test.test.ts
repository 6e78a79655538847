/** node's test runner preset, end to end on a real project (test/fixtures/rerun-projects/node-test). */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findPreset } from '../../../src/rerun/presets/index.ts';
import { copyProject, type Project, rerunFailed, rerunRepeated, run } from './support.ts';

let project: Project | undefined;
afterEach(() => project?.cleanup());

const FAILED = [
  'cart::adds an item (flaky)',
  'cart::$(touch /tmp/pwned)',
  // node's junit reporter escapes `"` twice: the id holds `&quot;` (and so does the original report's).
  "cart::; touch pwned-semicolon # it's &quot;quoted&quot; `touch pwned-backtick`",
  'cart::regex [a-z]+ (x|y) .* \\d ^$ {2} / \\ ünï 🎲',
  'cart::multi\nline',
  'test::top-level (flaky)',
  // A subtest (t.test): its parent test is a <testsuite>, not a test of its own.
  'table::row 1 (flaky)',
];

describe('rerun preset node-test (real node --test)', () => {
  it('re-runs the failed tests (and their describe or parent test), with the ids of the original report, and runs nothing from hostile names', async () => {
    const p = (project = copyProject('node-test'));
    const original = join(p.dir, 'junit.xml');
    // As a user would: node --test with the junit reporter.
    const first = run(p, ['node', '--test', '--test-reporter=junit', `--test-reporter-destination=${original}`]);
    expect(first.status, first.output).not.toBe(0);

    // The preset also matches each failed test's parent (node runs a subtest only when its parent test runs), so
    // the other tests of the same describe or parent test may run: nothing else may.
    const out = await rerunFailed(p, findPreset('node-test')!, original, FAILED, 1, (t) => ['cart', 'table'].includes(t.classname));
    const ids = out.rerun.map((t) => t.id);
    expect(ids).toContain('table::row 2');
    // Top-level tests are selected exactly; the other file is not loaded.
    expect(ids).not.toContain('test::top-level (flaky) again');
    expect(ids).not.toContain('test::top-level passes');
    expect(out.rerun.every((t) => t.file === 'tests/cart.test.js')).toBe(true);
    expect(out.commands).toHaveLength(1);
    expect(out.commands[0]!.argv[0]).toBe('node');
  });

  it('cannot repeat in one process: asked for 6, each failed test runs once (the core starts it again instead)', async () => {
    const p = (project = copyProject('repeat/node-test'));
    const original = join(p.dir, 'junit.xml');
    const first = run(p, ['node', '--test', '--test-reporter=junit', `--test-reporter-destination=${original}`]);
    expect(first.status, first.output).not.toBe(0);

    expect(findPreset('node-test')!.repeats).not.toBe(true);
    const out = await rerunRepeated(
      p,
      findPreset('node-test')!,
      original,
      {
        'cart::always fails': ['failed'],
        'cart::flaky twice': ['failed'],
        'cart::$(touch /tmp/pwned)': ['passed'],
        "cart::; touch pwned-semicolon # it's &quot;quoted&quot; `touch pwned-backtick`": ['passed'],
        'test::top-level always fails': ['failed'],
      },
      6,
      // The other tests of the failed tests' describe run too (see the test above).
      (t) => t.classname === 'cart',
    );
    expect(out.commands).toHaveLength(1);
  });
});
