/**
 * `mode: diagnose` end to end (issue 43 point 3; docs/diagnose.md): dist/index.js under Node 24 against a bare data
 * branch that lists five tests of a real planted project (test/fixtures/planted/, node's own test runner) as
 * quarantined, each with a known cause: a timer race, a time-zone-dependent date, a shared-state polluter, an unseeded
 * random number and a fixed port. The re-run command is the project's own custom command (run-tests.mjs, the
 * FLAKEGUARD_RERUN_* contract). The run must write diagnoses.json with the right category and counts for four of
 * the five: the fixed port fails only when another process holds its port, which no variation run one execution at
 * a time does, so it is `not-reproduced`.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NODE24, PROJECT_ROOT, World, junitXml, type CaseSpec } from '../support/action.ts';
import { parseDiagnoses, DIAGNOSES_FILE } from '../../src/diagnose/format.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

const TIMER = 'test::report is ready before the deadline';
const TZ = 'test::invoice is dated the day it was issued';
const VICTIM = 'test::a new cart starts empty';
const POLLUTER = 'test::adds an item to the cart';
const RANDOM = 'test::random discount stays under the cap';
const PORT = 'test::server listens on its port';

const spec = (name: string, file: string, attempts: string): CaseSpec => ({ classname: 'test', name, file: `tests/${file}`, attempts, message: `${name}: expected true, got false` });

/** The planted project in the workspace and a data branch on which its five flaky tests are quarantined (each failed and passed on the same commit). */
async function plant(): Promise<void> {
  cpSync(join(PROJECT_ROOT, 'test/fixtures/planted'), world.workspace, { recursive: true });
  await world.commit('the planted project');
  await world.writeReport(
    'reports/unit.xml',
    junitXml([
      spec('report is ready before the deadline', 'timer.test.mjs', 'FP'),
      spec('invoice is dated the day it was issued', 'tz.test.mjs', 'FP'),
      spec('adds an item to the cart', 'cart.test.mjs', 'P'),
      spec('a new cart starts empty', 'cart.test.mjs', 'FP'),
      spec('random discount stays under the cap', 'random.test.mjs', 'FP'),
      spec('server listens on its port', 'port.test.mjs', 'FP'),
    ]),
  );
  const first = await world.run();
  expect(first.exitCode, first.stderr).toBe(0);
  const stats = (await world.dataFiles()).get('stats/00.json') ?? '';
  for (const id of [TIMER, TZ, VICTIM, RANDOM, PORT]) expect(stats).toContain(`${JSON.stringify(id)}: {"override":null,"quarantined":true`);
  await world.removeReports();
}

describe('mode: diagnose on planted projects', () => {
  it('names the cause of four of five planted flaky tests, with counts, in diagnoses.json and the summary', async () => {
    await plant();
    const run = await world.run({ inputs: { mode: 'diagnose', rerun: `"${NODE24}" run-tests.mjs`, 'diagnose-executions': '8' } });
    expect(run.exitCode, run.stderr + run.stdout.slice(-4000)).toBe(0);
    const text = (await world.dataFiles()).get(DIAGNOSES_FILE);
    expect(text, run.stdout.slice(-4000)).toBeDefined();
    const { diagnoses, problem } = parseDiagnoses(text);
    expect(problem).toBeUndefined();
    if (process.env.SHOW_DIAGNOSES) console.log(text, run.summary);
    const d = (id: string) => diagnoses.tests.get(id)!;
    const row = (id: string, variation: string) => d(id).evidence.find((e) => e.variation === variation);
    expect([...diagnoses.tests.keys()].sort()).toEqual([TZ, VICTIM, PORT, RANDOM, TIMER].sort());

    // Timer race: passes at rest, fails under contention.
    expect(d(TIMER).category, text).toBe('timing');
    expect(row(TIMER, 'rest')).toMatchObject({ executions: 8 });
    expect(row(TIMER, 'contention')!.failures).toBeGreaterThanOrEqual(7);

    // The date: passes in UTC, fails in UTC+14.
    expect(d(TZ).category, text).toBe('time-zone-locale');
    expect(row(TZ, 'rest')).toMatchObject({ executions: 8, failures: 0 });
    expect(row(TZ, 'tz')).toMatchObject({ executions: 8, failures: 8 });

    // The victim: passes alone, fails with its file; the polluter named by the bisection.
    expect(d(VICTIM).category, text).toBe('order-dependent');
    expect(row(VICTIM, 'rest')).toMatchObject({ executions: 8, failures: 0 });
    expect(row(VICTIM, 'file')).toMatchObject({ executions: 8, failures: 8 });
    expect(d(VICTIM).polluter).toBe(POLLUTER);

    // The unseeded random: fails at rest; with Math.random seeded, each seed decides it (4 seeds fail, 2 pass).
    expect(d(RANDOM).category, text).toBe('seed');
    expect(row(RANDOM, 'rest')!.failures).toBeGreaterThan(0);
    expect(row(RANDOM, 'seed')).toMatchObject({ executions: 18, failures: 12 });

    // The fixed port: the one missed. Nothing holds its port while it runs alone, one execution at a time.
    expect(d(PORT).category, text).toBe('not-reproduced');
    expect(row(PORT, 'rest')).toMatchObject({ executions: 8, failures: 0 });

    expect(run.summary).toContain('## flakeguard: diagnosis by experiment');
    expect(run.summary).toContain('order-dependent');
    expect(run.summary).toMatch(/Cost: \d+ test executions in \d+ starts/);
    // It judges nothing: the step succeeds whatever the tests did.
    expect(run.outputs.outcome).toBe('success');
  }, 900_000);
});
