/**
 * The presets whose runner repeats a selected test in one process (RerunPreset.repeats, docs/rerun.md "Executions
 * per start"), on the real fixture projects: with options.repeat N, one process runs each failed test N times and
 * the report, read as the core reads a repeated round, gives each test N executions under the original ids, hostile
 * names included.
 */
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { findPreset } from '../../../src/rerun/presets/index.ts';
import { answerKey, rerunTestOf } from '../../../src/rerun/plan.ts';
import { readRoundReport } from '../../../src/pipeline/rerun.ts';
import { copyProject, failedOf, parse, type Project, run } from './support.ts';

let project: Project | undefined;
afterEach(() => project?.cleanup());

async function repeated(p: Project, presetName: string, original: string, n: number): Promise<Map<string, string[]>> {
  const preset = findPreset(presetName)!;
  expect(preset.repeats).toBe(true);
  const failed = failedOf(await parse(p, original));
  const report = join(p.dir, '..', 'rerun', 'report.xml');
  mkdirSync(join(p.dir, '..', 'rerun'), { recursive: true });
  const commands = preset.commands(failed.map(rerunTestOf), report, 1, { repeat: n });
  expect(commands).toHaveLength(1);
  const out = run(p, commands[0]!.argv, commands[0]!.env ?? {});
  const read = await readRoundReport(report, p.dir, { repeated: true });
  expect(read.problems, out.output).toEqual([]);
  const byId = new Map<string, string[]>();
  for (const t of failed)
    byId.set(
      t.id,
      (read.executions?.get(answerKey(t)) ?? []).map((e) => e.map((a) => a.status[0]).join('')),
    );
  return byId;
}

describe('presets that repeat a test in one process', () => {
  it('gotestsum: -count=N, each run its own testcase', async () => {
    const p = (project = copyProject('go'));
    const gohome = join(p.dir, '..', 'gohome');
    Object.assign(p.env, { GOCACHE: join(gohome, 'cache'), GOPATH: join(gohome, 'path'), GOPROXY: 'off', GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local', GOTELEMETRY: 'off' });
    const original = join(p.dir, 'junit.xml');
    run(p, ['gotestsum', `--junitfile=${original}`, '--', './...']);
    const got = await repeated(p, 'gotestsum', original, 3);
    expect(got.get('example.com/flaky/cart::TestHostile/$(touch_/tmp/pwned)')).toEqual(['p', 'p', 'p']);
    expect([...got.values()].every((e) => e.length === 3)).toBe(true);
    expect(findPreset('gotestsum')!.commands([{ id: 'm::TestA', classname: 'm', name: 'TestA' }], '/r.xml', 1, { repeat: 4 })[0]!.argv).toContain('-count=4');
  }, 180_000);

  it('pytest: the selection plugin runs each kept item N times in a row, under its own name', async () => {
    const p = (project = copyProject('pytest'));
    const original = join(p.dir, 'junit.xml');
    run(p, ['python3', '-m', 'pytest', `--junitxml=${original}`]);
    const got = await repeated(p, 'pytest', original, 3);
    expect(got.size).toBe(6);
    for (const [id, executions] of got) expect(executions, id).toHaveLength(3);
    // The fixture's flaky tests pass on their second run (the first re-run), whatever they do after.
    expect(got.get('tests.test_cart::test_hostile[$(touch /tmp/pwned)]')![0]).toBe('p');
  }, 180_000);
});
