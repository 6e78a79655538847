/**
 * A verdict in few starts (issue 42, docs/rerun.md "Executions per start"), end to end: dist/index.js under Node 24
 * against a bare repository, `rerun` a custom command by the public contract (test/support/rerun-fake.ts) that counts
 * its starts. A command that honours FLAKEGUARD_RERUN_REPEAT runs each listed test that many times in one start; one
 * that ignores it gets the same verdicts from more starts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { World, junitXml, type ActionRun, type CaseSpec } from '../support/action.ts';
import { createFake, type Fake } from '../support/rerun-fake.ts';
import { decodeOutcomes } from '../../src/store/history-format.ts';

let world: World;
let fake: Fake;
beforeEach(async () => {
  world = await World.create();
  fake = await createFake(join(world.root, 'fake'));
});
afterEach(async () => {
  await world.dispose();
});

function plain(summary: string): string {
  return summary.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
}

function expectOutcome(run: ActionRun, outcome: 'success' | 'failure'): void {
  expect(run.outputs.outcome, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${plain(run.summary)}`).toBe(outcome);
  expect(run.exitCode).toBe(outcome === 'success' ? 0 : 1);
}

async function ciRun(report: string, failed: boolean, inputs: Record<string, string> = {}): Promise<ActionRun> {
  await world.commit(`run ${Math.random()}`);
  await world.removeReports();
  await world.writeReport('reports/unit.xml', report);
  return world.run({ inputs: { 'test-outcome': failed ? 'failure' : 'success', rerun: fake.command, ...inputs } });
}

function history(files: Map<string, string>, id: string): string {
  for (const [path, text] of files) {
    if (!path.startsWith('history/')) continue;
    const parsed = JSON.parse(text) as { tests: Record<string, { from: number; o: string }> };
    const test = parsed.tests[id];
    if (test)
      return decodeOutcomes(test.from, test.o)!
        .filter((r) => r.attempts !== '')
        .at(-1)!.attempts;
  }
  throw new Error(`no history for ${id}`);
}

const RUN: CaseSpec[] = [
  { classname: 'app.Math', name: 'adds' },
  { classname: 'app.Math', name: 'divides', attempts: 'F', message: 'expected 2 but was 3' },
];

describe('executions per start (FLAKEGUARD_RERUN_REPEAT)', () => {
  it('a real failure is red after one start of a command that honours the variable, a flaky one green after one', async () => {
    // A test with no history that fails every execution: its re-runs run out (6) while plausible, and nothing forgives it.
    await fake.setBehaviour({ tests: { divides: 'F' }, messages: { divides: 'expected 2 but was 3' }, repeat: true });
    const real = await ciRun(junitXml(RUN), true);
    expectOutcome(real, 'failure');
    const starts = await fake.rounds();
    expect(starts.map((s) => s.repeat)).toEqual(['6']);
    expect(JSON.parse(real.outputs['rerun-tests']!)).toEqual(['app.Math::divides']);
    expect(history(await world.dataFiles(), 'app.Math::divides')).toBe('FFFFFFF');
    expect(plain(real.summary)).toMatch(/Cost: 6 test executions in 1 round \(1 start of the re-run command\)/);
    expect(real.stdout).toMatch(/Re-runs: 6 executions in 1 start/);

    // Flaky: fails its first execution, passes the next. The executions after the pass ran (the start asked for 6 at
    // once) but are no attempts: the test's record is what one start per re-run would have made.
    await fake.setBehaviour({ tests: { divides: 'FP' }, messages: { divides: 'expected 2 but was 3' }, repeat: true });
    const flaky = await ciRun(junitXml(RUN), true);
    expectOutcome(flaky, 'success');
    expect((await fake.rounds()).map((s) => s.repeat)).toEqual(['6']);
    expect(JSON.parse(flaky.outputs['proven-flaky']!)).toEqual(['app.Math::divides']);
    expect(history(await world.dataFiles(), 'app.Math::divides')).toBe('FFP');
    expect(plain(flaky.summary)).toMatch(/Cost: 6 test executions in 1 round \(1 start of the re-run command\), [\d.]+ s; 4 of them ran after the verdict of their test/);
  }, 120_000);

  it('a command that ignores the variable gets the same verdicts and records from more starts', async () => {
    await fake.setBehaviour({ tests: { divides: 'F' }, messages: { divides: 'expected 2 but was 3' } });
    const real = await ciRun(junitXml(RUN), true);
    expectOutcome(real, 'failure');
    // Each start gave one execution: the next asks for the ones still wanted.
    expect((await fake.rounds()).map((s) => s.repeat)).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(history(await world.dataFiles(), 'app.Math::divides')).toBe('FFFFFFF');

    await fake.setBehaviour({ tests: { divides: 'FP' }, messages: { divides: 'expected 2 but was 3' } });
    const flaky = await ciRun(junitXml(RUN), true);
    expectOutcome(flaky, 'success');
    expect((await fake.rounds()).map((s) => s.repeat)).toEqual(['6', '5']);
    expect(history(await world.dataFiles(), 'app.Math::divides')).toBe('FFP');
  }, 120_000);

  it('hostile names reach the command only in the file, and each answers for itself across its executions', async () => {
    const pwned = join(world.root, 'pwned');
    const evil = `$(touch ${pwned})`;
    const quoted = `; rm -rf ~ "x" <y> & 'z' \\`;
    await fake.setBehaviour({ tests: { [evil]: 'F', [quoted]: 'FFP' }, repeat: true });
    const run = await ciRun(
      junitXml([
        { classname: 'app.Evil', name: evil, attempts: 'F' },
        { classname: 'app.Evil', name: quoted, attempts: 'F' },
      ]),
      true,
    );
    expectOutcome(run, 'failure');
    expect(existsSync(pwned)).toBe(false);
    const starts = await fake.rounds();
    expect(starts).toHaveLength(1);
    expect(starts[0]!.tests.map((t) => t.name)).toEqual([evil, quoted]);
    expect(JSON.parse(run.outputs['proven-flaky']!)).toEqual([`app.Evil::${quoted}`]);
    const files = await world.dataFiles();
    expect(history(files, `app.Evil::${evil}`)).toBe('FFFFFFF');
    expect(history(files, `app.Evil::${quoted}`)).toBe('FFFP');
  }, 120_000);

  it('a test with a twin in the run is asked one execution per start: its executions could not be told from its twin’s', async () => {
    // vitest's root name: a report that writes one testcase per test, so the second `works` is `works [2]`.
    const twins =
      '<?xml version="1.0"?>\n<testsuites name="vitest tests"><testsuite name="src/a.test.ts">' +
      '<testcase classname="src/a.test.ts" name="works"><failure message="boom">boom</failure></testcase>' +
      '<testcase classname="src/a.test.ts" name="works"/>' +
      '<testcase classname="src/a.test.ts" name="solo"><failure message="boom">boom</failure></testcase>' +
      '</testsuite></testsuites>\n';
    await fake.setBehaviour({ tests: { works: 'FP', solo: 'FP' }, repeat: true });
    const run = await ciRun(twins, true);
    expectOutcome(run, 'success');
    const starts = await fake.rounds();
    expect(starts.map((s) => [s.repeat, s.tests.map((t) => t.name)])).toEqual([
      ['6', ['solo']],
      ['1', ['works']],
      ['1', ['works']],
    ]);
  }, 120_000);
});
