/**
 * Issue 28's world features: order-dependent victims (they fail every attempt inside the run, from their onset on,
 * and pass when re-run alone) and re-runs of real sequences that read the next outcomes (a burst carries over into
 * the re-runs) or, as the counterpart, random places. The victims' metrics are checked against the trace itself.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivePure } from '../../scripts/eval/driver.ts';
import { computeMetrics } from '../../scripts/eval/metrics.ts';
import { BASE_SCENARIO, contextRound, execute, generateWorld, isVictimAt, rerunRound, sequencePosition, VICTIM_MESSAGE, type Scenario } from '../../scripts/eval/world.ts';

const END = Date.UTC(2026, 10, 21, 12);
const small: Scenario = {
  ...BASE_SCENARIO,
  name: 'victims',
  tests: 40,
  modules: 2,
  runs: 60,
  retries: 2,
  rerunChance: 0,
  flakyShare: 0.1,
  becomeFlakyShare: 0,
  regressionChance: 0,
  prBreakChance: 0,
  outageChance: 0,
  victims: 3,
};

describe('order-dependent victims', () => {
  const world = generateWorld(small, 5, END);
  const victims = world.tests.filter((t) => t.victimFrom !== undefined);

  it('are stable tests with an onset inside the history; the rest of the world is the same as without them', () => {
    expect(victims).toHaveLength(3);
    for (const v of victims) {
      expect(v.segments.every((s) => s.rate === 0)).toBe(true);
      expect(v.victimFrom!).toBeGreaterThanOrEqual(6);
      expect(v.victimFrom!).toBeLessThanOrEqual(48);
    }
    const without = generateWorld({ ...small, victims: 0 }, 5, END);
    expect(without.tests.every((t) => t.victimFrom === undefined)).toBe(true);
    expect(without.tests.map((t) => t.segments)).toEqual(world.tests.map((t) => t.segments));
    expect(without.runs).toEqual(world.runs);
    const ids = new Set(victims.map((v) => v.id));
    for (const run of world.runs.slice(0, 30)) {
      const a = execute(world, run, 1).results.filter((r) => !ids.has(r.test.id));
      const b = execute(without, run, 1).results.filter((r) => !ids.has(r.test.id));
      expect(a.map((r) => r.attempts)).toEqual(b.map((r) => r.attempts));
    }
  });

  it('pass before the onset; from it on fail the first attempt and every retry in the run, and pass alone', () => {
    for (const v of victims) {
      for (const run of world.runs) {
        for (const attempt of [1, 2]) {
          const ex = execute(world, run, attempt);
          const r = ex.results.find((x) => x.test.id === v.id)!;
          if (run.index < v.victimFrom!) {
            expect(isVictimAt(v, run.index)).toBe(false);
            expect(r.attempts.map((a) => a.code).join('')).toBe('P');
            expect(ex.victimFailed).not.toContain(v.id);
          } else {
            expect(r.attempts.map((a) => a.code).join('')).toBe('F'.repeat(1 + small.retries));
            expect(r.attempts.every((a) => a.message === VICTIM_MESSAGE)).toBe(true);
            expect(r.failed).toBe(true);
            expect(r.hard).toBeUndefined();
            expect(ex.victimFailed).toContain(v.id);
            expect(ex.flakyFailed).not.toContain(v.id);
            expect(ex.hardFailed.has(v.id)).toBe(false);
          }
          for (let round = 1; round <= 6; round++) expect(rerunRound(world, run, attempt, round, [v.id]).get(v.id)!.code).toBe('P');
        }
      }
    }
  });

  it('with victimChance, fail in about that share of the runs after the onset (both workflow attempts alike), pass alone', () => {
    const half = generateWorld({ ...small, victimChance: 0.5 }, 5, END);
    let after = 0;
    let failed = 0;
    for (const v of half.tests.filter((t) => t.victimFrom !== undefined)) {
      for (const run of half.runs.filter((r) => r.index >= v.victimFrom!)) {
        after++;
        const codes = [1, 2].map((attempt) => execute(half, run, attempt).results.find((r) => r.test.id === v.id)!.attempts[0]!.code);
        expect(codes[0]).toBe(codes[1]);
        if (codes[0] === 'F') failed++;
        expect(rerunRound(half, run, 1, 1, [v.id]).get(v.id)!.code).toBe('P');
      }
    }
    expect(after).toBeGreaterThan(40);
    expect(failed / after).toBeGreaterThan(0.3);
    expect(failed / after).toBeLessThan(0.7);
  });

  it('are scored from the trace: runs after the third failure, green ones, what each victim was called', async () => {
    for (const rerun of [undefined, {}]) {
      const trace = await drivePure(world, rerun ? { rerun } : {});
      const m = computeMetrics(trace).victims;
      expect(m.count).toBe(3);
      // Every run from the onset fails the victim in the run: the third failing run is onset + 2.
      const expectedRuns = victims.reduce((n, v) => n + Math.max(0, world.runs.length - v.victimFrom! - 2), 0);
      expect(m.runsAfterThird).toBe(expectedRuns);
      let green = 0;
      for (const v of victims) for (const inv of trace.invocations) if (inv.execution.run.index >= v.victimFrom! + 2 && inv.outcome === 'success') green++;
      expect(m.greenAfterThird).toBe(green);
      expect(m.runVerdicts.orderDependent + m.runVerdicts.flaky + m.runVerdicts.other).toBe(victims.reduce((n, v) => n + world.runs.length - v.victimFrom!, 0));
      if (!rerun) {
        // Without re-runs nothing can pass the victim: every run after its onset is red, no verdict calls it anything.
        expect(m.greenAfterThird).toBe(0);
        expect(m.calledOrderDependent).toBe(0);
      } else {
        // The simulator sees applyRun's order-dependence verdict: each victim (12 or more failing runs) is called so.
        expect(m.calledOrderDependent).toBe(3);
        // Its first failing runs are forgiven (the re-run passed) without quarantining it: a test that fails every
        // attempt inside the run and passes only alone enters once it passes inside the run again, which it never does.
        expect(m.quarantined).toBe(0);
        expect(m.quarantinedPoints).toBe(0);
        for (const inv of trace.invocations) for (const id of inv.orderDependent ?? []) expect(inv.execution.results.find((r) => r.test.id === id)!.attempts[0]!.code).not.toBe('P');
      }
    }
  });
});

describe('bursty synthetic flaky tests', () => {
  it('keep their rate, fail again after a failure at the asked chance, and their re-runs read the next outcomes', () => {
    const world = generateWorld(
      {
        ...BASE_SCENARIO,
        name: 'bursty',
        tests: 60,
        modules: 2,
        runs: 200,
        retries: 0,
        flakyShare: 0.3,
        fixShare: 0,
        becomeFlakyShare: 0,
        regressionChance: 0,
        outageChance: 0,
        prBreakChance: 0,
        bursts: { again: 0.9 },
      },
      7,
      END,
    );
    const bursty = world.tests.filter((t) => t.sequence);
    expect(bursty.length).toBe(18);
    let failures = 0;
    let again = 0;
    for (const t of bursty) {
      const s = t.sequence!;
      const rate = t.segments[0]!.rate;
      const failed = s.split('F').length - 1;
      expect(Math.abs(failed / s.length - rate)).toBeLessThan(Math.max(0.05, rate * 0.6));
      for (let i = 0; i + 1 < s.length; i++) {
        if (s[i] !== 'F') continue;
        failures++;
        if (s[i + 1] === 'F') again++;
      }
    }
    expect(again / failures).toBeGreaterThan(0.85);
    const t = bursty.find((x) => x.segments[0]!.rate >= 0.1)!;
    for (const run of world.runs.slice(0, 40)) {
      const pos = sequencePosition(world, t, run.index, 1, 0);
      expect(execute(world, run, 1).results.find((r) => r.test.id === t.id)!.attempts[0]!.code).toBe(t.sequence![pos]);
      expect(rerunRound(world, run, 1, 1, [t.id]).get(t.id)!.code).toBe(t.sequence![pos + 1]);
    }
    // Without `bursts` the same world draws independently, as before.
    expect(generateWorld({ ...world.scenario, bursts: undefined }, 7, END).tests.every((x) => x.sequence === undefined)).toBe(true);
  });
});

describe('re-runs of real sequences', () => {
  const dir = mkdtempSync(join(tmpdir(), 'flakeguard-eval-bursts-'));
  const saved = process.env.FLAKEGUARD_REAL_OUTCOMES;
  // One bursty test: 20 failures in a row every 200 runs, passes otherwise (10% of runs, almost all in bursts).
  const burst = ('F'.repeat(20) + 'P'.repeat(180)).repeat(20);
  beforeAll(() => {
    const path = join(dir, 'isolation.tsv');
    writeFileSync(path, `project\tcommit\ttest\truns\tnot_passed\toutcomes\nacme/x\tabc1234\tcom.acme.BurstTest.bursts\t${burst.length}\t${400}\t${burst}\n`);
    process.env.FLAKEGUARD_REAL_OUTCOMES = path;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.FLAKEGUARD_REAL_OUTCOMES;
    else process.env.FLAKEGUARD_REAL_OUTCOMES = saved;
    rmSync(dir, { recursive: true, force: true });
  });
  const scenario = (rerunAnswers: 'sequence' | 'independent'): Scenario => ({
    ...BASE_SCENARIO,
    name: 'burst',
    tests: 5,
    modules: 1,
    runs: 120,
    retries: 0,
    flakyShare: 0,
    becomeFlakyShare: 0,
    regressionChance: 0,
    outageChance: 0,
    prBreakChance: 0,
    real: { mode: 'single', rerunAnswers },
  });

  it('bursty (the default): a re-run reads the next outcomes after the run’s own, so a burst fails its re-runs too', () => {
    const world = generateWorld(scenario('sequence'), 3, END);
    const t = world.tests.find((x) => x.sequence)!;
    let inBurst = 0;
    for (const run of world.runs) {
      const first = execute(world, run, 1).results.find((r) => r.test.id === t.id)!.attempts[0]!.code;
      const pos = sequencePosition(world, t, run.index, 1, 0);
      expect(first).toBe(burst[pos]);
      for (let round = 1; round <= 4; round++) expect(rerunRound(world, run, 1, round, [t.id]).get(t.id)!.code).toBe(burst[(pos + round) % burst.length]);
      // Inside a burst with 4 more failures to come, all four re-runs fail.
      if (burst.slice(pos, pos + 5) === 'FFFFF') {
        inBurst++;
        expect([1, 2, 3, 4].map((round) => rerunRound(world, run, 1, round, [t.id]).get(t.id)!.code).join('')).toBe('FFFF');
      }
    }
    expect(inBurst).toBeGreaterThan(3);
  });

  it('independent: a re-run reads a random place, so a failure inside a burst passes its re-runs at about the overall rate', () => {
    const world = generateWorld(scenario('independent'), 3, END);
    const t = world.tests.find((x) => x.sequence)!;
    let asked = 0;
    let failed = 0;
    for (const run of world.runs) {
      const pos = sequencePosition(world, t, run.index, 1, 0);
      if (burst[pos] !== 'F') continue;
      for (let round = 1; round <= 4; round++) {
        asked++;
        if (rerunRound(world, run, 1, round, [t.id]).get(t.id)!.code !== 'P') failed++;
      }
    }
    expect(asked).toBeGreaterThan(20);
    // Bursty answers would fail ~90% of these; random places fail about 10%.
    expect(failed / asked).toBeLessThan(0.35);
  });
});

describe('bursts inside the full run (runBursts, docs/adr/0430)', () => {
  const scenario: Scenario = {
    ...BASE_SCENARIO,
    name: 'bursty-run',
    tests: 40,
    modules: 2,
    runs: 200,
    retries: 1,
    rerunChance: 0,
    flakyShare: 0.25,
    fixShare: 0,
    becomeFlakyShare: 0,
    regressionChance: 0,
    outageChance: 0,
    prBreakChance: 0,
    rates: [0.1],
    runBursts: { rate: 0.9, length: [4, 12], gap: [20, 80] },
    victims: 2,
  };
  const world = generateWorld(scenario, 11, END);

  it('fail nearly every attempt inside the run during a burst, at their own rate outside it; re-runs and context rounds see their own rate; a victim fails in context', () => {
    const bursty = world.tests.filter((t) => t.burstRuns !== undefined);
    expect(bursty.length).toBe(10);
    let inBurst = 0;
    let failedInBurst = 0;
    let outside = 0;
    let failedOutside = 0;
    let reruns = 0;
    let failedReruns = 0;
    let contexts = 0;
    let failedContexts = 0;
    for (const run of world.runs) {
      const ex = execute(world, run, 1);
      for (const t of bursty) {
        const codes = ex.results.find((r) => r.test.id === t.id)!.attempts.map((a) => a.code);
        if (t.burstRuns!.has(run.index)) {
          inBurst += codes.length;
          failedInBurst += codes.filter((c) => c !== 'P').length;
          reruns++;
          if (rerunRound(world, run, 1, 1, [t.id]).get(t.id)!.code !== 'P') failedReruns++;
          contexts++;
          if (contextRound(world, run, 1, 2, t.id)!.code !== 'P') failedContexts++;
        } else {
          outside += codes.length;
          failedOutside += codes.filter((c) => c !== 'P').length;
        }
      }
    }
    expect(inBurst).toBeGreaterThan(100);
    expect(failedInBurst / inBurst).toBeGreaterThan(0.8);
    expect(failedOutside / outside).toBeLessThan(0.2);
    expect(failedReruns / reruns).toBeLessThan(0.2);
    expect(failedContexts / contexts).toBeLessThan(0.2);
    for (const v of world.tests.filter((t) => t.victimFrom !== undefined)) {
      for (const run of world.runs) {
        const code = contextRound(world, run, 1, 3, v.id)!.code;
        expect(code).toBe(run.index >= v.victimFrom! ? 'F' : 'P');
        expect(rerunRound(world, run, 1, 3, [v.id]).get(v.id)!.code).toBe('P');
      }
    }
    // Without runBursts the world is the same, burst-free.
    const calm = generateWorld({ ...scenario, runBursts: undefined }, 11, END);
    expect(calm.tests.every((t) => t.burstRuns === undefined)).toBe(true);
    expect(calm.tests.map((t) => t.segments)).toEqual(world.tests.map((t) => t.segments));
  });

  it('with re-runs, a bursty test is forgiven where its streak would have convicted it; victims are still convicted and never quarantined', { timeout: 300_000 }, async () => {
    const withContext = computeMetrics(await drivePure(world, { rerun: {} }));
    const streakOnly = computeMetrics(await drivePure(world, { rerun: {}, noContext: true }));
    expect(withContext.masked).toBe(0);
    expect(streakOnly.victims.falseVerdicts).toBeGreaterThan(withContext.victims.falseVerdicts);
    expect(withContext.flakyRedWith).toBeLessThan(streakOnly.flakyRedWith);
    expect(withContext.victims.quarantined).toBe(0);
    expect(withContext.victims.calledOrderDependent).toBe(2);
    expect(withContext.victims.greenAfterThird).toBe(0);
  });
});
