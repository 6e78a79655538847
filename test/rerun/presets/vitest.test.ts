/**
 * vitest preset, end to end on a real project (test/fixtures/rerun-projects/vitest), run by this repository's own
 * vitest 4 binary with the fixture's config and root.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findPreset } from '../../../src/rerun/presets/index.ts';
import { copyProject, type Project, rerunFailed, rerunRepeated, run } from './support.ts';

let project: Project | undefined;
afterEach(() => project?.cleanup());

describe('rerun preset vitest (real vitest 4)', () => {
  it('re-runs exactly the failed tests, with the ids of the original report, and runs nothing from hostile names', async () => {
    const p = (project = copyProject('vitest', { nodeModules: true }));
    const original = join(p.dir, 'junit.xml');
    // As a user would (the README's Quick start): vitest run with the junit reporter.
    const first = run(p, ['npx', 'vitest', 'run', '--reporter=junit', `--outputFile=${original}`]);
    expect(first.status, first.output).not.toBe(0);

    const out = await rerunFailed(p, findPreset('vitest')!, original, [
      'tests/cart.test.js::cart > adds an item (flaky)',
      'tests/cart.test.js::cart > $(touch /tmp/pwned)',
      'tests/cart.test.js::cart > ; touch pwned-semicolon # it\'s "quoted" `touch pwned-backtick`',
      'tests/cart.test.js::cart > regex [a-z]+ (x|y) .* \\d ^$ {2} / \\ ünï 🎲',
      // vitest writes the newline literally in the attribute: XML reads it back as a space.
      'tests/cart.test.js::cart > multi line',
      'tests/cart.test.js::top-level (flaky)',
    ]);
    expect(out.commands).toHaveLength(1);
  });

  it('with repeat 6, runs each failed test 6 times in one process, each execution a testcase of its own in order', async () => {
    const p = (project = copyProject('repeat/vitest', { nodeModules: true, env: { CI: 'true' } }));
    const original = join(p.dir, 'junit.xml');
    const first = run(p, ['npx', 'vitest', 'run', '--reporter=junit', `--outputFile=${original}`]);
    expect(first.status, first.output).not.toBe(0);

    const failed = Array<string>(6).fill('failed');
    const passed = Array<string>(6).fill('passed');
    const out = await rerunRepeated(
      p,
      findPreset('vitest')!,
      original,
      {
        'tests/repeat.test.js::cart > always fails': failed,
        // Failed in the original run and in the first execution here, passed afterwards.
        'tests/repeat.test.js::cart > flaky twice': ['failed', ...passed.slice(1)],
        'tests/repeat.test.js::cart > $(touch /tmp/pwned)': passed,
        'tests/repeat.test.js::cart > ; touch pwned-semicolon # it\'s "quoted" `touch pwned-backtick`': passed,
        // Each execution matches the stored snapshot (CI: a missing `… 2` would fail).
        'tests/repeat.test.js::cart > matches its snapshot (flaky)': passed,
        'tests/repeat.test.js::top-level always fails': failed,
      },
      6,
    );
    expect(findPreset('vitest')!.repeats).toBe(true);
    // One process of the runner, after the step that writes its helpers.
    expect(out.commands.filter((c) => c.argv[0] === 'node_modules/.bin/vitest')).toHaveLength(1);
  });
});
