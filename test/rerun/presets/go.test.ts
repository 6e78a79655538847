/**
 * go test preset (gotestsum --junitfile), end to end on a real module without dependencies
 * (test/fixtures/rerun-projects/go), with Debian's golang-go and gotestsum. Offline: no module proxy, build cache
 * in a temporary folder.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findPreset } from '../../../src/rerun/presets/index.ts';
import { copyProject, type Project, rerunFailed, run } from './support.ts';

let project: Project | undefined;
afterEach(() => project?.cleanup());

describe('rerun preset gotestsum (real go test + gotestsum)', () => {
  it('re-runs exactly the failed tests, with the ids of the original report, and runs nothing from hostile names', async () => {
    const p = (project = copyProject('go'));
    const gohome = join(p.dir, '..', 'gohome');
    Object.assign(p.env, {
      GOCACHE: join(gohome, 'cache'),
      GOPATH: join(gohome, 'path'),
      GOMODCACHE: join(gohome, 'path', 'pkg', 'mod'),
      GOPROXY: 'off',
      GOFLAGS: '-mod=mod',
      GOTOOLCHAIN: 'local',
      GOTELEMETRY: 'off',
    });
    const original = join(p.dir, 'junit.xml');
    // As a user would: gotestsum over every package of the module.
    const first = run(p, ['gotestsum', `--junitfile=${original}`, '--', './...']);
    expect(first.status, first.output).not.toBe(0);

    // go rewrites spaces in subtest names to `_`; a failed subtest fails its parent too.
    const out = await rerunFailed(p, findPreset('gotestsum')!, original, [
      'example.com/flaky/cart::TestAddsItem',
      'example.com/flaky/cart::TestHostile',
      'example.com/flaky/cart::TestHostile/$(touch_/tmp/pwned)',
      'example.com/flaky/cart::TestHostile/;_touch_pwned-semicolon_#_it\'s_"quoted"_`x`',
      'example.com/flaky/cart::TestHostile/a_[b]+_(c)|d_.*_ünï',
    ]);
    expect(out.commands[0]!.argv.at(-1)).toBe('example.com/flaky/cart');
  });
});
