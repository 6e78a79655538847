/** mocha preset (mocha + mocha-junit-reporter), end to end on a real project (test/fixtures/rerun-projects/mocha). */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findPreset } from '../../../src/rerun/presets/index.ts';
import { copyProject, type Project, rerunFailed, rerunRepeated, run } from './support.ts';

let project: Project | undefined;
afterEach(() => project?.cleanup());

/** The failures inside describe('cart'): mocha-junit-reporter's name is the full title, classname the title. */
const FAILED_IN_CART = [
  // Cleaned ids (docs/test-ids.md): the suite's file, then mocha's full title.
  'tests/cart.test.js::cart adds an item (flaky)',
  'tests/cart.test.js::cart $(touch /tmp/pwned)',
  'tests/cart.test.js::cart ; touch pwned-semicolon # it\'s "quoted" `touch pwned-backtick`',
  'tests/cart.test.js::cart regex [a-z]+ (x|y) .* \\d ^$ {2} / \\ ünï 🎲',
  // mocha-junit-reporter writes the newline literally in the attribute: XML reads it back as a space.
  'tests/cart.test.js::cart multi line',
];

/** As a user would: mocha (spec from .mocharc.json) with mocha-junit-reporter. */
function originalRun(p: Project): string {
  const original = join(p.dir, 'junit.xml');
  const first = run(p, ['npx', 'mocha', '--reporter=mocha-junit-reporter', `--reporter-option=mochaFile=${original}`]);
  expect(first.status, first.output).not.toBe(0);
  return original;
}

describe('rerun preset mocha (real mocha + mocha-junit-reporter)', () => {
  it('re-runs exactly the failed tests, with the ids of the original report, and runs nothing from hostile names', async () => {
    const p = (project = copyProject('mocha', { nodeModules: true }));
    const original = originalRun(p);
    // A test outside any describe sits in the reporter's "Root Suite", which has no file: mocha loads its spec.
    const out = await rerunFailed(p, findPreset('mocha')!, original, [...FAILED_IN_CART, 'top-level (flaky)']);
    expect(out.commands[0]!.argv.some((a) => a.endsWith('.test.js'))).toBe(false);
  });

  it('passes the test files when every failed test comes from a suite with a file (no spec configured)', async () => {
    const p = (project = copyProject('mocha', { nodeModules: true }));
    const original = originalRun(p);
    // As if the top-level test had passed: drop it from the report. And no configured spec from here on, so only
    // the files on the command line can be loaded (mocha's default ./test does not exist in the project).
    writeFileSync(original, readFileSync(original, 'utf8').replace(/<testcase name="top-level \(flaky\)"[\s\S]*?<\/testcase>/, ''));
    rmSync(join(p.dir, '.mocharc.json'));
    const out = await rerunFailed(p, findPreset('mocha')!, original, FAILED_IN_CART);
    expect(out.commands[0]!.argv.at(-1)).toBe('tests/cart.test.js');
  });

  it('with repeat 6, runs each failed test 6 times in one process, each execution a testcase of its own in order', async () => {
    const p = (project = copyProject('repeat/mocha', { nodeModules: true }));
    const original = join(p.dir, 'junit.xml');
    const first = run(p, ['npx', 'mocha', '--reporter=mocha-junit-reporter', `--reporter-option=mochaFile=${original}`]);
    expect(first.status, first.output).not.toBe(0);

    const failed = Array<string>(6).fill('failed');
    const passed = Array<string>(6).fill('passed');
    const out = await rerunRepeated(
      p,
      findPreset('mocha')!,
      original,
      {
        'tests/repeat.test.js::cart always fails': failed,
        // Failed in the original run and in the first execution here, passed afterwards.
        'tests/repeat.test.js::cart flaky twice': ['failed', ...passed.slice(1)],
        'tests/repeat.test.js::cart $(touch /tmp/pwned)': passed,
        'tests/repeat.test.js::cart ; touch pwned-semicolon # it\'s "quoted" `touch pwned-backtick`': passed,
        'top-level always fails': failed,
      },
      6,
    );
    expect(findPreset('mocha')!.repeats).toBe(true);
    // One process of the runner, after the step that writes its helper.
    expect(out.commands.filter((c) => c.argv[0] === 'node_modules/.bin/mocha')).toHaveLength(1);
  });
});
