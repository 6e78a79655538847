import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONFIDENCE, catchProbability, fixRate, fixVerdict, missProbability, percentText, planFix, rateText, runsToCatch } from '../../src/rerun/fix-plan.ts';
import { historyOf } from '../support/builders.ts';

/**
 * The probability that a test as flaky as its window (f failures in n runs) tells passes N runs, written apart from
 * the code under test: E[(1 - p)^N] for p ~ Beta(f + 1, n - f + 1), in logs.
 */
function predictiveMiss(f: number, n: number, N: number): number {
  const a = f + 1;
  const b = n - f + 1;
  let log = 0;
  for (let i = 0; i < N; i++) log += Math.log(b + i) - Math.log(a + b + i);
  return Math.exp(log);
}

describe('runsToCatch', () => {
  it('plans a test that failed 1 run in 60 by its whole posterior, not by its mean', () => {
    const rate = { failures: 1, runs: 60, p: 2 / 62 };
    expect(planFix(rate, 1000)).toEqual({ rate, needed: 211, planned: 211 });
    // From the mean 2/62 alone: ceil(ln 0.05 / ln(1 - 2/62)) = 92 runs, which a test as flaky as its history tells
    // passes with probability 60 * 61 / (152 * 153) = 15.7% (Beta(2, 60): E[(1 - p)^N] = 60 * 61 / ((60 + N)(61 + N))).
    expect(predictiveMiss(1, 60, 92)).toBeCloseTo((60 * 61) / (152 * 153), 12);
    expect(predictiveMiss(1, 60, 92)).toBeGreaterThan(0.15);
    // The smallest N with 60 * 61 / ((60 + N)(61 + N)) <= 0.05 is 211 (271 * 272 >= 73,200 > 270 * 271).
    expect(runsToCatch(rate)).toBe(211);
    expect(missProbability(rate, 211)).toBeCloseTo((60 * 61) / (271 * 272), 12);
    expect(catchProbability(rate, 211)).toBeGreaterThanOrEqual(CONFIDENCE);
    expect(catchProbability(rate, 210)).toBeLessThan(CONFIDENCE);
  });

  it('keeps the bounds: no runs seen, a failure in the only run, none failing in the window', () => {
    // Beta(1, 1): E[(1 - p)^N] = 1 / (N + 1); Beta(2, 1): 2 / ((N + 1)(N + 2)); Beta(1, 51): 51 / (51 + N).
    expect(runsToCatch({ failures: 0, runs: 0 })).toBe(19);
    expect(runsToCatch({ failures: 1, runs: 1 })).toBe(5);
    expect(runsToCatch({ failures: 0, runs: 50 })).toBe(969);
    expect(runsToCatch({ failures: 50, runs: 50 })).toBe(1);
    expect(() => runsToCatch({ failures: 3, runs: 2 })).toThrow(RangeError);
  });

  it('is the smallest N whose predictive miss probability is at most 5%, for any window', () => {
    const window = fc.integer({ min: 0, max: 200 }).chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n)));
    fc.assert(
      fc.property(window, ([f, n]) => {
        const N = planFix({ failures: f, runs: n, p: (f + 1) / (n + 2) }, Infinity).needed;
        expect(N).toBeGreaterThanOrEqual(1);
        expect(predictiveMiss(f, n, N)).toBeLessThanOrEqual(1 - CONFIDENCE + 1e-12);
        if (N > 1) expect(predictiveMiss(f, n, N - 1)).toBeGreaterThan(1 - CONFIDENCE - 1e-12);
        expect(runsToCatch({ failures: f, runs: n })).toBe(N);
        expect(missProbability({ failures: f, runs: n }, N)).toBeCloseTo(predictiveMiss(f, n, N), 12);
      }),
      { numRuns: 300 },
    );
  });
});

describe('fixRate', () => {
  it('counts first attempts in the window, skipped attempts and outages left out, as a posterior mean', () => {
    // first attempts: P F P P F (FP failed first), S alone has no outcome
    const h = historyOf('t', 'P F P P FP S');
    expect(fixRate(h, 50)).toEqual({ failures: 2, runs: 5, p: 3 / 7 });
    // the window keeps the newest runs only
    expect(fixRate(h, 2)).toEqual({ failures: 1, runs: 2, p: 2 / 4 });
    const outage = { ...h, runs: h.runs.map((r, i) => (i === 1 ? { ...r, outage: true } : r)) };
    expect(fixRate(outage, 50)).toEqual({ failures: 1, runs: 4, p: 2 / 6 });
    expect(fixRate(undefined, 50)).toEqual({ failures: 0, runs: 0, p: 1 / 2 });
  });
});

describe('planFix and fixVerdict', () => {
  const rate = { failures: 4, runs: 78, p: 0.0625 };

  it('plans the runs the rate needs when the budget allows', () => {
    const plan = planFix(rate, 100);
    // Beta(5, 75): 64 runs (its mean 1 in 16 alone would say 47, which the test passes with 9.2% probability).
    expect(plan).toEqual({ rate, needed: 64, planned: 64 });
    expect(fixVerdict(plan, 64, 0)).toEqual({ verdict: 'verified', reached: 1 - predictiveMiss(4, 78, 64) });
    expect(fixVerdict(plan, 47, 0).verdict).toBe('inconclusive');
    expect(fixVerdict(plan, 12, 1).verdict).toBe('failed');
  });

  it('says when the budget caps the runs, and how much probability is reached', () => {
    // Beta(1, 99): E[(1 - p)^N] = 99 / (99 + N), at most 5% from N = 1881; 100 runs reach 1 - 99 / 199.
    const plan = planFix({ failures: 0, runs: 98, p: 0.01 }, 100);
    expect(plan.planned).toBe(100);
    expect(plan.needed).toBe(1881);
    expect(plan.capped?.by).toBe('fix-verify-max-runs');
    expect(plan.capped?.reached).toBeCloseTo(1 - 99 / 199, 12);
    const v = fixVerdict(plan, 100, 0);
    expect(v.verdict).toBe('inconclusive');
    expect(v.reached).toBeCloseTo(1 - 99 / 199, 12);
  });

  it('calls a timeout-shortened clean run inconclusive', () => {
    expect(fixVerdict(planFix(rate, 100), 20, 0).verdict).toBe('inconclusive');
  });
});

describe('words', () => {
  it('reads rates and probabilities as people do', () => {
    expect(rateText(0.05)).toBe('1 in 20');
    expect(rateText(0.9)).toBe('nearly every run');
    expect(percentText(0.95)).toBe('95%');
    expect(percentText(0.9509)).toBe('95%');
    expect(percentText(0.6339)).toBe('63.3%');
    expect(percentText(0.05)).toBe('5.0%');
    expect(percentText(0.99999)).toBe('>99.9%');
  });
});
