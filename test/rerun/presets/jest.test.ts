/** jest preset (jest + jest-junit), end to end on a real project (test/fixtures/rerun-projects/jest). */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findPreset } from '../../../src/rerun/presets/index.ts';
import { copyProject, type Project, rerunFailed, rerunRepeated, run } from './support.ts';

let project: Project | undefined;
afterEach(() => project?.cleanup());

describe('rerun preset jest (real jest + jest-junit)', () => {
  it('re-runs exactly the failed tests, with the ids of the original report, and runs nothing from hostile names', async () => {
    const p = (project = copyProject('jest', { nodeModules: true }));
    const original = join(p.dir, 'junit.xml');
    // As a user would: jest with the jest-junit reporter.
    const first = run(p, ['npx', 'jest', '--ci', '--reporters=default', '--reporters=jest-junit'], { JEST_JUNIT_OUTPUT_FILE: original });
    expect(first.status, first.output).not.toBe(0);

    // jest-junit's default templates write the full name as classname and name: the id is that name once (docs/test-ids.md).
    const out = await rerunFailed(p, findPreset('jest')!, original, [
      'cart adds an item (flaky)',
      'cart $(touch /tmp/pwned)',
      'cart ; touch pwned-semicolon # it\'s "quoted" `touch pwned-backtick`',
      'cart regex [a-z]+ (x|y) .* \\d ^$ {2} / \\ ünï 🎲',
      // jest-junit writes the newline literally in the attribute: XML reads it back as a space.
      'cart multi line',
      // jest-junit's default template puts a space before a test outside any describe: trimmed.
      'top-level (flaky)',
    ]);
    expect(out.commands[0]!.env).toEqual({ JEST_JUNIT_OUTPUT_FILE: expect.any(String) });
  });

  it('with repeat 6, runs each failed test 6 times in one process, each execution a testcase of its own in order', async () => {
    const p = (project = copyProject('repeat/jest', { nodeModules: true }));
    const original = join(p.dir, 'junit.xml');
    const first = run(p, ['npx', 'jest', '--ci', '--reporters=default', '--reporters=jest-junit'], { JEST_JUNIT_OUTPUT_FILE: original });
    expect(first.status, first.output).not.toBe(0);

    const failed = Array<string>(6).fill('failed');
    const passed = Array<string>(6).fill('passed');
    const out = await rerunRepeated(
      p,
      findPreset('jest')!,
      original,
      {
        'cart always fails': failed,
        // Failed in the original run and in the first execution here, passed afterwards.
        'cart flaky twice': ['failed', ...passed.slice(1)],
        'cart $(touch /tmp/pwned)': passed,
        'cart ; touch pwned-semicolon # it\'s "quoted" `touch pwned-backtick`': passed,
        // Each execution matches the stored snapshot (--ci: a missing `… 2` would fail).
        'cart matches its snapshot (flaky)': passed,
        'top-level always fails': failed,
      },
      6,
    );
    expect(findPreset('jest')!.repeats).toBe(true);
    // One process of the runner, after the step that writes its helper.
    expect(out.commands.filter((c) => c.argv[0] === 'node_modules/.bin/jest')).toHaveLength(1);
  });
});
