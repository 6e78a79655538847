/**
 * The simulator's scoring, on a hand-made world and hand-made decisions whose metrics are known.
 */
import { describe, expect, it } from 'vitest';
import { BASE_SCENARIO, execute, generateWorld, type SimWorld } from '../../scripts/eval/world.ts';
import { compareTraces, computeMetrics, median, quarantineAfterRuns } from '../../scripts/eval/metrics.ts';
import type { Invocation, Trace } from '../../scripts/eval/driver.ts';

function handWorld(): SimWorld {
  const world = generateWorld(
    { ...BASE_SCENARIO, name: 'hand', tests: 4, modules: 1, runs: 60, flakyShare: 0, becomeFlakyShare: 0, regressionChance: 0, outageChance: 0, prShare: 0, prBreakChance: 0, rerunChance: 0 },
    1,
    Date.UTC(2026, 10, 21),
  );
  const [t0, t1, t2, t3] = world.tests;
  t0!.segments = [{ from: 0, rate: 0.4 }];
  t1!.segments = [{ from: 0, rate: 0 }];
  t2!.segments = [
    { from: 0, rate: 0.1 },
    { from: 30, rate: 0 },
  ];
  t3!.segments = [{ from: 0, rate: 0 }];
  world.regressions.push({ test: t3!.id, from: 40, to: 43, message: 'expected 1 but was 2' });
  return world;
}

/** Quarantine: t0 from run 5 (not at 30–31), t2 from run 10 to 50, t1 (stable) from 50; run 41 passes despite t3's regression. */
function handTrace(world: SimWorld): Trace {
  const [t0, t1, t2] = world.tests;
  const invocations: Invocation[] = [];
  let before = new Set<string>();
  for (const run of world.runs) {
    const i = run.index;
    const q = new Set<string>();
    if (i >= 5 && !(i === 30 || i === 31)) q.add(t0!.id);
    if (i >= 10 && i <= 50) q.add(t2!.id);
    if (i >= 50) q.add(t1!.id);
    const execution = execute(world, run, 1);
    let outcome: 'success' | 'failure' = execution.results.some((r) => r.failed && !before.has(r.test.id)) ? 'failure' : 'success';
    if (i === 41) outcome = 'success';
    invocations.push({ execution, outcome, quarantined: [...q].sort(), failedTests: 0, forgiven: 0, blocking: 0, ms: 1 });
    before = q;
  }
  return { world, invocations, ms: 60 };
}

describe('computeMetrics', () => {
  const world = handWorld();
  const trace = handTrace(world);
  const m = computeMetrics(trace);

  it('computes precision over the evaluation points, with a grace after a fix', () => {
    // Points 15..59: t0 in 43 of them, t2 in 36 (15..50, all within 30 runs of its last flaky run 29), t1 in 10.
    expect(m.precision).toBeCloseTo(79 / 89, 10);
    // Strictly flaky at that run: t0 43, t2 at 15..29 = 15.
    expect(m.strictPrecision).toBeCloseTo(58 / 89, 10);
    expect(m.falsePositiveTests).toEqual({ stable: 1 });
  });

  it('computes recall over tests flaky at ≥5% for ≥25 runs', () => {
    // t0 eligible at 24..59 (36 points), missing at 30 and 31; t2 eligible at 24..29 (6).
    expect(m.recall).toBeCloseTo(40 / 42, 10);
    expect(m.finalRecall).toBe(1);
    expect(m.finalQuarantined).toBe(2);
    expect(m.finalPrecision).toBe(0.5);
  });

  it('counts a passing run with a deterministic failure as masked, by the policy when the test was not quarantined', () => {
    expect(m.hardInvocations).toBe(3);
    expect(m.masked).toBe(1);
    expect(m.maskedByPolicy).toBe(1);
    expect(m.maskedByDesign).toBe(0);
    expect(m.maskedCauses.regression).toBe(1);
  });

  it('counts red runs caused only by flaky tests, with and without the action', () => {
    let without = 0;
    let withAction = 0;
    for (const inv of trace.invocations) {
      if (inv.execution.hardFailed.size > 0) continue;
      if (inv.execution.results.some((r) => r.failed)) without++;
      if (inv.outcome === 'failure') withAction++;
    }
    expect(without).toBeGreaterThan(withAction);
    expect(m.flakyRedWithout).toBe(without);
    expect(m.flakyRedWith).toBe(withAction);
    expect(m.redReduction).toBeCloseTo(without / withAction, 10);
  });

  it('measures runs from turning flaky to quarantine', () => {
    // t0: flaky from 0, quarantined after run 5 → 6 runs; t2: after run 10 → 11 runs.
    expect(m.medianRunsToQuarantine).toBe(8.5);
    expect(m.onsetsQuarantined).toBe(2);
    expect(m.onsetsMissed).toBe(0);
    expect(m.runsToQuarantineByRate).toEqual({ '10%': { median: 11, quarantined: 1, missed: 0 }, '40%': { median: 6, quarantined: 1, missed: 0 } });
  });

  it('counts a release undone within 3 runs as a flap', () => {
    // t0 is out at runs 30 and 31 and back at 32.
    expect(m.flaps).toBe(1);
  });

  it('takes the quarantine set after each run from its last invocation', () => {
    const after = quarantineAfterRuns(trace);
    expect(after).toHaveLength(60);
    expect(after[4]!.size).toBe(0);
    expect([...after[59]!].sort()).toEqual([world.tests[0]!.id, world.tests[1]!.id].sort());
  });

  it('compares traces invocation by invocation', () => {
    expect(compareTraces(trace, trace)).toBeUndefined();
    const other: Trace = { ...trace, invocations: trace.invocations.map((inv, i) => (i === 20 ? { ...inv, outcome: inv.outcome === 'success' ? 'failure' : 'success' } : inv)) };
    expect(compareTraces(trace, other)).toMatch(/^run 20 attempt 1: outcome/);
  });
});

describe('median', () => {
  it('handles odd, even and empty lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
