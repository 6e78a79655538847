/**
 * Re-run reports and the command lines of the presets (issue 27, findings 12 and 13), end to end: dist/index.js under
 * Node 24 against a bare repository.
 * - A testcase of a re-run report answers for an asked test only when its classname and name are the asked ones: an
 *   unasked testcase whose composed id collides (docs/test-ids.md: `::` is not escaped, an empty classname falls
 *   back to the suite) is ignored.
 * - A preset never turns a test's name, classname or file into an option (a stand-in for Playwright's CLI that parses
 *   its command line as commander does, test/support/playwright-fake.ts).
 * - A selection whose command line is over the operating system's limits is split into several invocations; a test
 *   whose command line alone is over them is set aside with a clear reason — never "spawn E2BIG".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
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

/** 0 → "a", 25 → "z", 26 → "ab": a name without digits. */
function letters(i: number): string {
  let out = '';
  do {
    out += String.fromCharCode(97 + (i % 26));
    i = Math.floor(i / 26);
  } while (i > 0);
  return out;
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
const PLAYWRIGHT_OPTIONS = ['--reporter', '--retries', '--grep', '--repeat-each', '--workers'];

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

describe("a selection over the operating system's argument limits", () => {
  it('is split into several invocations, each under the limit, every test answered once — never "spawn E2BIG"', async () => {
    // 200 failed tests with 1,000-character titles: the preset's --grep alone would be about 210 KB, over Linux's
    // 128 KiB for one argument.
    const titles = Array.from({ length: 200 }, (_, i) => `t${String(i).padStart(3, '0')} ${'x'.repeat(1000)}`);
    const pw = await installFakePlaywright(
      world.workspace,
      join(world.root, 'playwright'),
      titles.map((t) => ({ file: 'tests/big.spec.ts', titles: [t] })),
    );
    const run = await ciRun(
      // Messages without digits, each its own (the normaliser folds digits: one message for all would be an outage).
      titles.map((t, i) => ({ classname: 'tests/big.spec.ts', name: t, attempts: 'F', message: `cart total ${letters(i)}` })),
      { rerun: 'playwright', 'rerun-max-tests': '500' },
      pw.env,
    );
    expect(run.stdout + plain(run.summary)).not.toMatch(/E2BIG|unexpected error/);
    const calls = await pw.calls();
    expect(calls.length, why(run)).toBeGreaterThanOrEqual(2);
    for (const c of calls) {
      expect(c.refused).toBeUndefined();
      for (const a of c.argv) expect(Buffer.byteLength(a)).toBeLessThan(128 * 1024);
    }
    // Every test ran once, in exactly one of the invocations, with a report of its own.
    const ran = calls.flatMap((c) => c.ran.map((t) => t.name));
    expect(ran.sort()).toEqual([...titles].sort());
    expect(new Set(calls.map((c) => c.report)).size).toBe(calls.length);
    expectOutcome(run, 'success');
    expect(JSON.parse(run.outputs['proven-flaky']!)).toHaveLength(200);
    expect(run.stdout).toMatch(new RegExp(`Round 1: the command line for 200 tests is over the operating system's limits; split into ${calls.length} invocations`));
    // Each test was asked for the executions the stopping rule could need in its start (FLAKEGUARD_RERUN_REPEAT, 6 here);
    // it passed at the first, so the other five ran after its verdict.
    expect(plain(run.summary)).toMatch(new RegExp(`Cost: 1200 test executions in 1 round \\(${calls.length} starts of the re-run command\\), [0-9.]+ s; 1000 of them ran after the verdict`));
  }, 120_000);

  it('a command line the kernel still refuses (a huge environment) voids the round with the reason, not "unexpected error"', async () => {
    // The environment counts in the same limit as the arguments (ARG_MAX): one close to it lets the action start but
    // leaves no room for the preset's --grep of 100 long titles (about 104 KB, under every limit flakeguard checks).
    const argMax = Number(spawnSync('getconf', ['ARG_MAX'], { encoding: 'utf8' }).stdout.trim());
    if (process.platform !== 'linux' || !(argMax > 0)) return;
    const env: Record<string, string> = {};
    const chunk = 120 * 1024;
    for (let i = 0, left = argMax - 40 * 1024; left > 0; i++, left -= chunk) env[`FILLER_${i}`] = 'f'.repeat(Math.min(chunk, left));
    const titles = Array.from({ length: 100 }, (_, i) => `t${String(i).padStart(3, '0')} ${'x'.repeat(1000)}`);
    const pw = await installFakePlaywright(
      world.workspace,
      join(world.root, 'playwright'),
      titles.map((t) => ({ file: 'tests/big.spec.ts', titles: [t] })),
    );
    const run = await ciRun(
      titles.map((t, i) => ({ classname: 'tests/big.spec.ts', name: t, attempts: 'F', message: `cart total ${letters(i)}` })),
      { rerun: 'playwright', 'rerun-max-tests': '500' },
      { ...pw.env, ...env },
    );
    expectOutcome(run, 'failure');
    expect(run.stdout + plain(run.summary)).not.toMatch(/unexpected error/);
    expect(plain(run.summary), why(run)).toMatch(
      /Round 1 was voided: the operating system refused its command line \(E2BIG\): with the environment \([\d,]+ bytes\) its arguments are over the system's limit/,
    );
    expect(await pw.calls()).toEqual([]);
    expect(JSON.parse(run.outputs['proven-flaky']!)).toEqual([]);
  }, 120_000);

  it('a test whose command line alone is over the limit is set aside with the reason: its failure stands', async () => {
    // node-test passes the test files as arguments: a 140 KB file path cannot be one.
    const file = `tests/${'d'.repeat(140_000)}.test.js`;
    const run = await ciRun([{ classname: 'cart', name: 'adds', attempts: 'F', file }], { rerun: 'node-test' });
    expectOutcome(run, 'failure');
    const text = run.stdout + plain(run.summary);
    expect(text).not.toMatch(/E2BIG|unexpected error/);
    expect(plain(run.summary)).toContain("its command line is over the operating system's limit for one argument");
    expect(run.outputs['blocking-failures']).toBe('1');
    expect(JSON.parse(run.outputs['proven-flaky']!)).toEqual([]);
  }, 60_000);
});
