/** pytest preset, end to end on a real project (test/fixtures/rerun-projects/pytest) with Debian's python3-pytest. */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findPreset } from '../../../src/rerun/presets/index.ts';
import { copyProject, type Project, rerunFailed, run } from './support.ts';

let project: Project | undefined;
afterEach(() => project?.cleanup());

const FAILED = [
  'tests.test_cart::test_adds_item_flaky',
  'tests.test_cart::test_hostile[$(touch /tmp/pwned)]',
  'tests.test_cart::test_hostile[; touch pwned-semicolon # it\'s "quoted" `touch pwned-backtick`]',
  // pytest writes non-ASCII characters of parameter ids escaped.
  'tests.test_cart::test_hostile[a::b/c[d] (x|y) .* \\xfcn\\xef]',
  'tests.test_cart::test_param[2]',
  'tests.test_cart.TestCart::test_inner_flaky',
];

describe('rerun preset pytest (real pytest)', () => {
  it('re-runs exactly the failed tests, with the ids of the original report, and runs nothing from hostile names', async () => {
    const p = (project = copyProject('pytest'));
    const original = join(p.dir, 'junit.xml');
    // As a user would: pytest --junitxml.
    const first = run(p, ['python3', '-m', 'pytest', `--junitxml=${original}`]);
    expect(first.status, first.output).toBe(1);

    const out = await rerunFailed(p, findPreset('pytest')!, original, FAILED);
    // The files were found from the classnames, so pytest collected only test_cart.py's 9 tests.
    expect(out.outputs.join('\n')).toMatch(/collected 9 items \/ 3 deselected \/ 6 selected/);

    // Round 2, as if the files could not be found from the working directory (pytest run from elsewhere): the
    // preset collects the testpaths and still selects exactly by id.
    const preset = findPreset('pytest')!;
    const wrapped = {
      ...preset,
      commands: (tests: Parameters<typeof preset.commands>[0], report: string, round: number) =>
        preset.commands(tests, report, round).map((c) => ({ ...c, argv: c.argv.map((a) => a.replaceAll('os.path.isfile(', 'False and os.path.isfile(')) })),
    };
    const second = await rerunFailed(p, wrapped, original, FAILED, 2);
    expect(second.outputs.join('\n')).toMatch(/collected 12 items \/ 6 deselected \/ 6 selected/);
  });
});
