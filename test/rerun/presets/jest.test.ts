/** jest preset (jest + jest-junit), end to end on a real project (test/fixtures/rerun-projects/jest). */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findPreset } from '../../../src/rerun/presets/index.ts';
import { copyProject, type Project, rerunFailed, run } from './support.ts';

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
});
