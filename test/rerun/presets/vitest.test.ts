/**
 * vitest preset, end to end on a real project (test/fixtures/rerun-projects/vitest), run by this repository's own
 * vitest 4 binary with the fixture's config and root.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findPreset } from '../../../src/rerun/presets/index.ts';
import { copyProject, type Project, rerunFailed, run } from './support.ts';

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
});
