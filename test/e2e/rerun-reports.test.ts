/**
 * Re-run reports and the command lines of the presets (issue 27, findings 12 and 13), end to end: dist/index.js under
 * Node 24 against a bare repository.
 * - A testcase of a re-run report answers for an asked test only when its classname and name are the asked ones: an
 *   unasked testcase whose composed id collides (docs/test-ids.md: `::` is not escaped, an empty classname falls
 *   back to the suite) is ignored.
 * - A preset never turns a test's name, classname or file into an option (a stand-in for Playwright's CLI that parses
 *   its command line as commander does, test/support/playwright-fake.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { World, junitXml, type ActionRun, type CaseSpec } from '../support/action.ts';
import { createFake, type Fake } from '../support/rerun-fake.ts';
import { installFakePlaywright } from '../support/playwright-fake.ts';

let world: World;
let fake: Fake;
beforeEach(async () => {
  world = await World.create();
  fake = await createFake(join(world.root, 'fake'));
});
afterEach(async () => {
  await world.dispose();
});

/** The summary as a person reads it: markdown's character references decoded. */
function plain(summary: string): string {
  return summary.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
}

function why(run: ActionRun): string {
  return `stdout:\n${run.stdout.slice(-20_000)}\nstderr:\n${run.stderr.slice(-5000)}\nsummary:\n${plain(run.summary).slice(0, 20_000)}`;
}

function expectOutcome(run: ActionRun, outcome: 'success' | 'failure'): void {
  expect(run.outputs.outcome, why(run)).toBe(outcome);
  expect(run.exitCode).toBe(outcome === 'success' ? 0 : 1);
}

async function ciRun(cases: CaseSpec[], inputs: Record<string, string>, env: Record<string, string> = {}): Promise<ActionRun> {
  await world.commit(`run ${Math.random()}`);
  await world.removeReports();
  await world.writeReport('reports/unit.xml', junitXml(cases));
  return world.run({ inputs: { 'test-outcome': 'failure', ...inputs }, env });
}

describe('a re-run report answers for an asked test only by its classname and name', () => {
  it('an unasked testcase whose id collides with the asked test (classname "", name "rt.Suite::real_failure") does not turn its failure green', async () => {
    // The asked test fails every re-run; the report also holds a passing testcase, not asked for, in a suite with no
    // name: classname "" and name "rt.Suite::real_failure" compose the same id, rt.Suite::real_failure.
    await fake.setBehaviour({
      tests: { real_failure: 'F' },
      unasked: [{ classname: '', name: 'rt.Suite::real_failure', attempts: 'P', suite: '' }],
    });
    const run = await ciRun([{ classname: 'rt.Suite', name: 'real_failure', attempts: 'F', message: 'expected 1 but was 2' }], {
      rerun: fake.command,
      'rerun-attempts': '2',
      'rerun-attempts-max': '2',
    });
    expectOutcome(run, 'failure');
    expect(JSON.parse(run.outputs['proven-flaky']!)).toEqual([]);
    expect(JSON.parse(run.outputs['rerun-tests']!)).toEqual(['rt.Suite::real_failure']);
    expect(run.outputs['blocking-failures']).toBe('1');
    expect((await fake.rounds()).length).toBe(2);
    // The impostor is counted as a test not asked for.
    expect(plain(run.summary)).toContain('report had 1 test that was not asked for (ignored)');
  }, 60_000);

  it('nor does one whose empty classname makes its suite the id (suite "rt.Suite", name "real_failure")', async () => {
    await fake.setBehaviour({
      tests: { real_failure: 'F' },
      unasked: [{ classname: '', name: 'real_failure', attempts: 'P', suite: 'rt.Suite' }],
    });
    const run = await ciRun([{ classname: 'rt.Suite', name: 'real_failure', attempts: 'F', message: 'expected 1 but was 2' }], {
      rerun: fake.command,
      'rerun-attempts': '2',
      'rerun-attempts-max': '2',
    });
    expectOutcome(run, 'failure');
    expect(JSON.parse(run.outputs['proven-flaky']!)).toEqual([]);
  }, 60_000);

  it("the asked test itself still answers: its pass after the impostor's failure proves it flaky", async () => {
    await fake.setBehaviour({
      tests: { real_failure: 'P' },
      unasked: [{ classname: '', name: 'rt.Suite::real_failure', attempts: 'F', suite: '' }],
    });
    const run = await ciRun([{ classname: 'rt.Suite', name: 'real_failure', attempts: 'F', message: 'expected 1 but was 2' }], { rerun: fake.command });
    expectOutcome(run, 'success');
    expect(JSON.parse(run.outputs['proven-flaky']!)).toEqual(['rt.Suite::real_failure']);
  }, 60_000);
});

/** The options the playwright preset passes itself (everything else is a value of one, or after `--`). */
const PLAYWRIGHT_OPTIONS = ['--reporter', '--retries', '--grep'];

describe('rerun: playwright never turns a name into an option', () => {
  it('a classname `--evil` and a name `--grep=x` reach Playwright as values: the re-run runs and proves them flaky', async () => {
    const pw = await installFakePlaywright(world.workspace, join(world.root, 'playwright'), [
      { file: '--evil', titles: ['t'] },
      { file: '--require=evil.js', titles: ['--grep=x'] },
      { file: 'tests/other.spec.ts', titles: ['untouched'] },
    ]);
    const run = await ciRun(
      [
        { classname: '--evil', name: 't', attempts: 'F', message: 'timeout in the cart' },
        { classname: '--require=evil.js', name: '--grep=x', attempts: 'F', message: 'no coupon applied' },
        { classname: 'tests/other.spec.ts', name: 'untouched', attempts: 'P' },
      ],
      { rerun: 'playwright' },
      pw.env,
    );
    const calls = await pw.calls();
    expect(
      calls.map((c) => c.refused ?? 'ran'),
      why(run),
    ).toEqual(['ran']);
    expectOutcome(run, 'success');
    expect(JSON.parse(run.outputs['proven-flaky']!).sort()).toEqual(['--evil::t', '--require=evil.js::--grep=x']);
    const argv = calls[0]!.argv;
    const end = argv.indexOf('--');
    expect(end, JSON.stringify(argv)).toBeGreaterThan(0);
    // Before `--`: the subcommand and the preset's own options; the names are inside `--grep=…` only.
    for (const a of argv.slice(1, end)) expect(PLAYWRIGHT_OPTIONS, a).toContain(a.slice(0, a.indexOf('=')));
    expect(argv.slice(end + 1)).toHaveLength(2);
    expect(calls[0]!.ran.map((t) => t.name).sort()).toEqual(['--grep=x', 't']);
  }, 60_000);
});
