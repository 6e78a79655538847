/**
 * Proof on the spot (issue #14, docs/rerun.md), end to end: dist/index.js under Node 24 against a bare repository,
 * with `rerun` set to a custom command by the public contract (test/support/rerun-fake.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { World, junitXml, type ActionRun, type CaseSpec, type RunOptions } from '../support/action.ts';
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

/** The summary as a person reads it: markdown's character references decoded. */
function plain(summary: string): string {
  return summary.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
}

function expectOutcome(run: ActionRun, outcome: 'success' | 'failure'): void {
  expect(run.outputs.outcome, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${plain(run.summary)}`).toBe(outcome);
  expect(run.exitCode).toBe(outcome === 'success' ? 0 : 1);
}

/** One CI run of a new commit with these results, flakeguard re-running with the fake. */
async function ciRun(cases: CaseSpec[], inputs: Record<string, string> = {}, options: RunOptions = {}): Promise<ActionRun> {
  await world.commit(`run ${Math.random()}`);
  await world.removeReports();
  await world.writeReport('reports/unit.xml', junitXml(cases));
  const failed = cases.some((c) => /[FE]$/.test(c.attempts ?? 'P'));
  return world.run({ ...options, inputs: { 'test-outcome': failed ? 'failure' : 'success', rerun: fake.command, ...inputs, ...options.inputs } });
}

/** A test's runs on the data branch, oldest first: each run's attempts ("FP": failed, then passed). */
function history(files: Map<string, string>, id: string): Array<{ attempts: string }> {
  for (const [path, text] of files) {
    if (!path.startsWith('history/')) continue;
    const parsed = JSON.parse(text) as { tests: Record<string, { from: number; o: string }> };
    const test = parsed.tests[id];
    if (test) return decodeOutcomes(test.from, test.o)!.filter((r) => r.attempts !== '');
  }
  throw new Error(`no history for ${id}`);
}

const SENTENCE = /failed (\d+) of \1 times on this commit; its flaky failures would do that less than 0\.5% of the time/;

describe('re-runs by a custom command', () => {
  it('a failed test that passes on a re-run is proven flaky: the run passes and the flip is recorded', async () => {
    await fake.setBehaviour({ tests: { divides: 'P' } });
    const run = await ciRun([
      { classname: 'app.Math', name: 'adds' },
      { classname: 'app.Math', name: 'divides', attempts: 'F', message: 'expected 2 but was 3' },
    ]);
    expectOutcome(run, 'success');
    expect(JSON.parse(run.outputs['proven-flaky']!)).toEqual(['app.Math::divides']);
    expect(JSON.parse(run.outputs['rerun-tests']!)).toEqual(['app.Math::divides']);
    expect(JSON.parse(run.outputs['consistent-failures']!)).toEqual([]);
    expect(run.outputs['failed-tests']).toBe('0');
    // It failed only inside the run and passed only alone, as a test another test pollutes does: the flip does not
    // quarantine it yet (ADR 0396). It enters at its next run that passes inside the run (enter-same-commit-flips: 1).
    expect(JSON.parse(run.outputs['newly-quarantined']!)).toEqual([]);
    expect(plain(run.summary)).toContain('### Re-runs on this commit');
    expect(plain(run.summary)).toContain('✗ → ↻');
    expect(plain(run.summary)).toMatch(/Cost: 1 test execution in 1 round/);
    // Output in a log group; the tests' own workflow commands are defused.
    expect(run.stdout).toMatch(/^::group::Re-run round 1: 1 failed test$/m);
    expect(run.stdout).toContain('fake runner: round 1, 1 tests');
    expect(run.stdout).not.toMatch(/^::error::a workflow command printed by the tests/m);
    // Only the failed test was asked for, by the contract's fields, in the workspace.
    const rounds = await fake.rounds();
    expect(rounds).toHaveLength(1);
    expect(rounds[0]!.tests).toEqual([{ id: 'app.Math::divides', classname: 'app.Math', name: 'divides', suite: 'suite' }]);
    expect(rounds[0]!.cwd).toBe(world.workspace);
    expect(history(await world.dataFiles(), 'app.Math::divides').at(-1)!.attempts).toBe('FP');
    // It passes inside the next run: the flip counts now, and it enters.
    const next = await ciRun([
      { classname: 'app.Math', name: 'adds' },
      { classname: 'app.Math', name: 'divides' },
    ]);
    expectOutcome(next, 'success');
    expect(JSON.parse(next.outputs['newly-quarantined']!)).toEqual(['app.Math::divides']);
  }, 60_000);

  it('a test whose failing re-runs became implausible fails the job with the sentence', async () => {
    await fake.setBehaviour({ tests: { divides: 'F' } });
    // A history of 8 passes: given its failure, 8 failing re-runs are implausible for its flakiness (0.45%); with
    // the default rerun-attempts-max (6) it would block too, its re-runs run out (it is not quarantined).
    for (let i = 0; i < 8; i++) expectOutcome(await ciRun([{ classname: 'app.Math', name: 'divides' }], { rerun: '' }), 'success');
    const run = await ciRun([{ classname: 'app.Math', name: 'divides', attempts: 'F', message: 'expected 2 but was 3' }], { 'rerun-attempts-max': '8' });
    expectOutcome(run, 'failure');
    expect((await fake.rounds()).length).toBe(8);
    expect(run.stdout).toMatch(/::error::.*'app\.Math::divides' failed 9 of 9 times on this commit; its flaky failures would do that less than 0\.5%25 of the time\./);
    expect(JSON.parse(run.outputs['consistent-failures']!)).toEqual(['app.Math::divides']);
    expect(plain(run.summary)).toMatch(SENTENCE);
    expect(plain(run.summary)).toContain('✗ → ✗✗✗✗✗✗✗✗');
    expect(history(await world.dataFiles(), 'app.Math::divides').at(-1)!.attempts).toBe('FFFFFFFFF');
  }, 120_000);

  it("a run that failed every attempt counts in the test's record once a later run passed, never while it may be a regression going on", async () => {
    const fails = [{ classname: 'app.Queue', name: 'drains', attempts: 'F', message: 'timeout after 5000 ms' }];
    const passes = [{ classname: 'app.Queue', name: 'drains' }];
    await fake.setBehaviour({ tests: { drains: 'F' }, messages: { drains: 'timeout after 5000 ms' } });
    for (let i = 0; i < 8; i++) expectOutcome(await ciRun(passes, { rerun: '' }), 'success');
    // A failure that fails its 3 re-runs too (blocked: the re-runs ran out, it is not quarantined).
    expectOutcome(await ciRun(fails, { 'rerun-attempts-max': '3' }), 'failure');
    expect(history(await world.dataFiles(), 'app.Queue::drains').at(-1)!.attempts).toBe('FFFF');

    // The next run fails again: that episode may be a regression going on, so it does not count; judged by its 8
    // passes, 8 failing re-runs are implausible (0.45%): consistent.
    await fake.setBehaviour({ tests: { drains: 'F' }, messages: { drains: 'timeout after 5000 ms' } });
    const during = await ciRun(fails, { 'rerun-attempts-max': '10' });
    expectOutcome(during, 'failure');
    expect((await fake.rounds()).length).toBe(8);
    expect(JSON.parse(during.outputs['consistent-failures']!)).toEqual(['app.Queue::drains']);

    // Once a run passed, both episodes are over and count: a test that failed 4 and 9 times in a row, never passing
    // right after a failure, fails in long bursts; 10 failing re-runs are still plausible for it (exhausted).
    expectOutcome(await ciRun(passes, { rerun: '' }), 'success');
    await fake.setBehaviour({ tests: { drains: 'F' }, messages: { drains: 'timeout after 5000 ms' } });
    const after = await ciRun(fails, { 'rerun-attempts-max': '10' });
    expectOutcome(after, 'failure');
    expect((await fake.rounds()).length).toBe(10);
    // It blocks all the same: consistent-failures lists it, its why says exhausted, not consistent.
    expect(JSON.parse(after.outputs['consistent-failures']!)).toEqual(['app.Queue::drains']);
    expect(JSON.parse(after.outputs['consistent-failures-json']!).map((b: { verdict: string }) => b.verdict)).toEqual(['exhausted']);
    expect(JSON.parse(during.outputs['consistent-failures-json']!).map((b: { verdict: string }) => b.verdict)).toEqual(['consistent']);
    // It failed every re-run: never said to be possibly flaky; a real failure, first in the summary.
    expect(plain(after.summary)).toMatch(/failed 11 of 11 times on this commit, every re-run; by its history, its flaky failures come in streaks this long [\d.]+% of the time/);
    expect(plain(after.summary)).not.toContain('cannot rule out flakiness');
    expect(plain(after.summary)).toContain('— real failure: failed 10 of 10 re-runs on this commit');
  }, 120_000);

  it('a quarantined test: a new message proven flaky is forgiven; a consistent failure blocks although quarantined', async () => {
    // Quarantined by a retry flip in the report.
    const first = await ciRun([{ classname: 'app.Net', name: 'fetches', attempts: 'FP', message: 'timeout after 5000 ms' }]);
    expectOutcome(first, 'success');
    expect(JSON.parse(first.outputs['quarantined-tests']!)).toEqual(['app.Net::fetches']);

    // A message never seen in its flaky failures would block without re-runs; it passed on a re-run: forgiven.
    await fake.setBehaviour({ tests: { fetches: 'P' } });
    const second = await ciRun([{ classname: 'app.Net', name: 'fetches', attempts: 'F', message: 'NullPointerException at Client.java:12' }]);
    expectOutcome(second, 'success');
    expect(JSON.parse(second.outputs['proven-flaky']!)).toEqual(['app.Net::fetches']);

    // Its known message, but failing every re-run: past its flakiness, it blocks though quarantined. Its history
    // (2 of 4 attempts failed, none right after a failure) needs 9 failing re-runs, more than rerun-attempts-max (6):
    // running out would let its quarantine forgive the known message, so it is re-run as far as that (up to 12).
    await fake.setBehaviour({ tests: { fetches: 'F' }, messages: { fetches: 'timeout after 5000 ms' } });
    const third = await ciRun([{ classname: 'app.Net', name: 'fetches', attempts: 'F', message: 'timeout after 5000 ms' }]);
    expectOutcome(third, 'failure');
    expect((await fake.rounds()).length).toBe(9);
    expect(plain(third.summary)).toContain('failed 10 of 10 times on this commit');
    expect(plain(third.summary)).toMatch(SENTENCE);
    expect(plain(third.summary)).toMatch(/quarantined, but failed \d+ of \d+ times on this commit/);
    expect(JSON.parse(third.outputs['consistent-failures']!)).toEqual(['app.Net::fetches']);
    expect(third.outputs['blocking-failures']).toBe('1');
  }, 120_000);

  it('a quarantined test failing with a new message is re-run past rerun-attempts-max for the pass that proves it flaky', async () => {
    const first = await ciRun([{ classname: 'app.Net', name: 'fetches', attempts: 'FP', message: 'timeout after 5000 ms' }]);
    expect(JSON.parse(first.outputs['quarantined-tests']!)).toEqual(['app.Net::fetches']);
    // Running out of re-runs would block it (a message never seen in its flaky failures): it is re-run up to twice
    // the maximum, and passes on the 8th.
    await fake.setBehaviour({ tests: { fetches: 'FFFFFFFP' }, messages: { fetches: 'NullPointerException at Client.java:12' } });
    const second = await ciRun([{ classname: 'app.Net', name: 'fetches', attempts: 'F', message: 'NullPointerException at Client.java:12' }]);
    expectOutcome(second, 'success');
    expect((await fake.rounds()).length).toBe(8);
    expect(JSON.parse(second.outputs['proven-flaky']!)).toEqual(['app.Net::fetches']);
    // One that never passes blocks after twice the maximum: 12 re-runs, the quarantine does not forgive a new message.
    await fake.setBehaviour({ tests: { fetches: 'F' }, messages: { fetches: 'AssertionError: expected 3 but was 4' } });
    const third = await ciRun([{ classname: 'app.Net', name: 'fetches', attempts: 'F', message: 'AssertionError: expected 3 but was 4' }]);
    expectOutcome(third, 'failure');
    expect((await fake.rounds()).length).toBe(12);
    expect(plain(third.summary)).toContain(
      "failed 13 of 13 times on this commit, every re-run; by its history, its flaky failures come in streaks this long 12.9% of the time, too often to call it real, so its quarantine decides (re-run past rerun-attempts-max, 6, as a quarantined test's failure is)",
    );
  }, 120_000);

  it('a round without a report is voided: the original failures stand, and the summary says why', async () => {
    await fake.setBehaviour({ tests: { divides: 'P' }, noReport: [1] });
    const run = await ciRun([{ classname: 'app.Math', name: 'divides', attempts: 'F' }]);
    expectOutcome(run, 'failure');
    expect(plain(run.summary)).toContain('Round 1 was voided: the command (exit code 3) wrote no report at FLAKEGUARD_RERUN_REPORT');
    expect(JSON.parse(run.outputs['proven-flaky']!)).toEqual([]);
    expect(JSON.parse(run.outputs['rerun-tests']!)).toEqual(['app.Math::divides']);
    expect(run.outputs['blocking-failures']).toBe('1');
    expect((await fake.rounds()).length).toBe(1);
    expect(history(await world.dataFiles(), 'app.Math::divides').at(-1)!.attempts).toBe('F');
  }, 60_000);

  it('an unreadable round report is voided too; tests not asked for in a report are ignored', async () => {
    await fake.setBehaviour({ tests: { divides: 'P' }, brokenReport: [1] });
    const broken = await ciRun([{ classname: 'app.Math', name: 'divides', attempts: 'F' }]);
    expectOutcome(broken, 'failure');
    expect(plain(broken.summary)).toMatch(/Round 1 was voided: its report could not be read/);

    await fake.setBehaviour({ tests: { divides: 'F' }, unasked: [{ classname: 'app.Math', name: 'stranger', attempts: 'F' }] });
    const unasked = await ciRun(
      [
        { classname: 'app.Math', name: 'divides', attempts: 'F' },
        { classname: 'app.Math', name: 'other', attempts: 'F' },
      ],
      { 'rerun-attempts': '1', 'rerun-attempts-max': '1' },
    );
    expectOutcome(unasked, 'failure');
    // 'other' passed its re-run; 'stranger' was not asked for: ignored, no history.
    expect(JSON.parse(unasked.outputs['proven-flaky']!)).toEqual(['app.Math::other']);
    const files = await world.dataFiles();
    expect(history(files, 'app.Math::other').at(-1)!.attempts).toBe('FP');
    expect(() => history(files, 'app.Math::stranger')).toThrow();
    expect(plain(unasked.summary)).toContain('report had 1 test that was not asked for (ignored)');
  }, 60_000);

  it('more failed tests than rerun-max-tests: none is re-run, and the summary says so', async () => {
    await fake.setBehaviour({ tests: {} });
    const run = await ciRun(
      [
        { classname: 'app.Math', name: 'a', attempts: 'F' },
        { classname: 'app.Math', name: 'b', attempts: 'F' },
      ],
      { 'rerun-max-tests': '1' },
    );
    expectOutcome(run, 'failure');
    expect(plain(run.summary)).toContain('No test was re-run: 2 tests failed, more than rerun-max-tests (1): that looks like a real break or an outage, so none was re-run.');
    expect(await fake.rounds()).toEqual([]);
    expect(JSON.parse(run.outputs['rerun-tests']!)).toEqual([]);
  }, 60_000);

  it('rerun-timeout stops the rounds: the command is killed, the original failure stands', async () => {
    await fake.setBehaviour({ tests: { divides: 'P' }, sleep: 600 });
    const run = await ciRun([{ classname: 'app.Math', name: 'divides', attempts: 'F' }], { 'rerun-timeout': '2' });
    expectOutcome(run, 'failure');
    expect(plain(run.summary)).toMatch(/Round 1 was voided: the command was stopped: rerun-timeout ran out \(2s\)/);
    expect(run.outputs['blocking-failures']).toBe('1');
  }, 60_000);

  it('a never-seen test that fails all its re-runs is in consistent-failures, with why in consistent-failures-json', async () => {
    await fake.setBehaviour({ tests: { totals: 'F' } });
    const run = await ciRun([
      { classname: 'app.Cart', name: 'adds' },
      { classname: 'app.Cart', name: 'totals', attempts: 'F', message: 'expected 3 but was 2' },
    ]);
    expectOutcome(run, 'failure');
    expect(run.outputs['blocking-failures']).toBe('1');
    // Six re-runs, all failed: too few to call implausible for a test with no history (exhausted), and it blocks.
    expect(await fake.rounds()).toHaveLength(6);
    expect(JSON.parse(run.outputs['consistent-failures']!)).toEqual(['app.Cart::totals']);
    const why = JSON.parse(run.outputs['consistent-failures-json']!) as Array<{ id: string; verdict: string; why: string }>;
    expect(why).toHaveLength(1);
    expect(why[0]!.id).toBe('app.Cart::totals');
    expect(why[0]!.verdict).toBe('exhausted');
    expect(why[0]!.why).toMatch(/failed all 6 re-runs.*no history/);
  }, 60_000);

  it("the log shows each round's exact command line, quoted, its names unable to inject workflow commands", async () => {
    await fake.setBehaviour({ tests: { divides: 'P' } });
    // A comment bash ignores, there to try a workflow command through the logged command line.
    const command = `${fake.command} # ::error::injected by the command line`;
    const run = await ciRun([{ classname: 'app.Math', name: 'divides', attempts: 'F' }], { rerun: command });
    expectOutcome(run, 'success');
    // A custom command runs through bash -c, as it was given (test/support/rerun-fake.ts quotes its paths).
    const quoted = `'${command.replace(/'/g, "'\\''")}'`.replace(/::/g, ':\u200b:');
    expect(run.stdout).toContain(`$ bash -c ${quoted}`);
    expect(run.stdout).not.toMatch(/::error::injected/);
  }, 60_000);

  it("Cost counts every test the round's report says ran, asked for or not", async () => {
    await fake.setBehaviour({
      tests: { divides: 'P' },
      unasked: [
        { classname: 'app.Math', name: 'adds', attempts: 'P' },
        { classname: 'app.Math', name: 'subtracts', attempts: 'P' },
        { classname: 'app.Math', name: 'skipped one', attempts: 'S' },
      ],
    });
    const run = await ciRun([
      { classname: 'app.Math', name: 'adds' },
      { classname: 'app.Math', name: 'divides', attempts: 'F' },
    ]);
    expectOutcome(run, 'success');
    // 1 asked + 2 unasked that ran; the skipped one did not run.
    expect(plain(run.summary)).toMatch(/Cost: 3 test executions \(1 asked for\) in 1 round/);
  }, 60_000);

  it('rejects bad re-run inputs with a clear error', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    const bad = await world.run({ inputs: { rerun: fake.command, 'rerun-attempts': '3', 'rerun-attempts-max': '2' } });
    expectOutcome(bad, 'failure');
    expect(bad.stdout).toContain("::error::Input 'rerun-attempts-max' (2) must be at least 'rerun-attempts' (3).");
    const mode = await world.run({ inputs: { rerun: fake.command, 'new-tests': 'maybe' } });
    expect(mode.stdout).toContain("::error::Input 'new-tests' must be warn or block, got 'maybe'.");
  }, 60_000);
});

describe('new tests of a pull request (rerun-budget)', () => {
  const pr = (n: number): RunOptions => ({
    eventName: 'pull_request',
    ref: `refs/pull/${n}/merge`,
    event: { repository: { default_branch: 'main', full_name: 'octo/project' }, pull_request: { number: n, head: { repo: { full_name: 'octo/project' } } } },
  });

  it('a new test that fails an extra run is flaky before merge: a warning, or a failure with new-tests: block', async () => {
    await fake.setBehaviour({});
    expectOutcome(await ciRun([{ classname: 'app.Old', name: 'known' }]), 'success');

    await fake.setBehaviour({ tests: { added: 'PFP' } });
    const warn = await ciRun(
      [
        { classname: 'app.Old', name: 'known' },
        { classname: 'app.New', name: 'added' },
      ],
      { 'rerun-budget': '4' },
      pr(1),
    );
    expectOutcome(warn, 'success');
    expect(JSON.parse(warn.outputs['new-flaky-tests']!)).toEqual(['app.New::added']);
    expect(warn.stdout).toMatch(/::warning title=flakeguard%3A new flaky test::New test 'app\.New::added' failed and passed on this commit/);
    // New tests first: the whole budget went to it (4 executions, at most rerun-attempts-max).
    const asked = (await fake.rounds()).map((r) => r.tests.map((t) => t.name));
    expect(asked).toEqual([['added'], ['added'], ['added'], ['added']]);
    expect(plain(warn.summary)).toContain('extra (new)');

    await fake.setBehaviour({ tests: { added: 'PFP' } });
    const block = await ciRun(
      [
        { classname: 'app.Old', name: 'known' },
        { classname: 'app.New', name: 'added' },
      ],
      { 'rerun-budget': '4', 'new-tests': 'block' },
      pr(2),
    );
    expectOutcome(block, 'failure');
    expect(block.stdout).toMatch(/::error::.*1 new test of this pull request failed and passed on this commit: flaky before it merges \(new-tests: block\)/);
  }, 120_000);

  it('on the default branch the budget goes to the known tests, and a failing extra run never fails the run', async () => {
    await fake.setBehaviour({ tests: { b: 'F' } });
    const run = await ciRun(
      [
        { classname: 'app.S', name: 'a' },
        { classname: 'app.S', name: 'b' },
      ],
      { 'rerun-budget': '2' },
    );
    expectOutcome(run, 'success');
    expect((await fake.rounds()).map((r) => r.tests.map((t) => t.name).sort())).toEqual([['a', 'b']]);
    expect(JSON.parse(run.outputs['new-flaky-tests']!)).toEqual([]);
    // b failed an extra run: recorded before its passing attempt, a same-commit flip.
    expect(history(await world.dataFiles(), 'app.S::b').at(-1)!.attempts).toBe('FP');
    expect(JSON.parse(run.outputs['newly-quarantined']!)).toEqual(['app.S::b']);
  }, 60_000);
});

describe('hostile test names reach the command as data, never as shell', () => {
  it('runs nothing a test name says', async () => {
    const home = join(world.root, 'home');
    await mkdir(home, { recursive: true });
    await writeFile(join(home, 'keep'), 'still here');
    const pwned = join(world.root, 'pwned');
    const names = [`$(touch ${pwned})`, '; rm -rf ~', `\`touch ${pwned}\``, `' ; touch ${pwned} ; '`, '" && touch x #'];
    await fake.setBehaviour({ tests: {} });
    // Distinct messages: five tests failing with one message would be an outage, which is never re-run.
    const run = await ciRun(
      names.map((name, i) => ({ classname: 'evil', name, attempts: 'F', message: `boom ${'abcde'[i]}` })),
      {},
      { env: { HOME: home } },
    );
    expectOutcome(run, 'success');
    expect(existsSync(pwned)).toBe(false);
    expect(readdirSync(home)).toEqual(['keep']);
    expect(readdirSync(world.workspace).sort()).toEqual(['.git', 'README.md', 'reports']);
    // Each name reached the command verbatim, and came back as the same test id.
    expect((await fake.rounds())[0]!.tests.map((t) => t.name).sort()).toEqual([...names].sort());
    expect(JSON.parse(run.outputs['proven-flaky']!).sort()).toEqual(names.map((n) => `evil::${n}`).sort());
  }, 60_000);
});
