import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONFIDENCE, catchProbability, fixRate, fixVerdict, percentText, planFix, rateText, runsToCatch } from '../../src/rerun/fix-plan.ts';
import { historyOf } from '../support/builders.ts';

describe('runsToCatch', () => {
  it('gives the runs in which a test failing 1 in 20 fails at least once with 95% probability', () => {
    // ln(0.05) / ln(0.95) = 58.4
    expect(runsToCatch(0.05)).toBe(59);
    expect(runsToCatch(0.01)).toBe(299);
    expect(runsToCatch(0.5)).toBe(5);
    expect(runsToCatch(1)).toBe(1);
    expect(() => runsToCatch(0)).toThrow(RangeError);
  });

  it('is the smallest N that reaches the confidence', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 0.99, noNaN: true }), (p) => {
        const n = runsToCatch(p);
        expect(catchProbability(p, n)).toBeGreaterThanOrEqual(CONFIDENCE - 1e-12);
        if (n > 1) expect(catchProbability(p, n - 1)).toBeLessThan(CONFIDENCE);
      }),
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
    expect(plan).toEqual({ rate, needed: 47, planned: 47 });
    expect(fixVerdict(plan, 47, 0)).toEqual({ verdict: 'verified', reached: catchProbability(0.0625, 47) });
    expect(fixVerdict(plan, 12, 1).verdict).toBe('failed');
  });

  it('says when the budget caps the runs, and how much probability is reached', () => {
    const plan = planFix({ failures: 0, runs: 98, p: 0.01 }, 100);
    expect(plan.planned).toBe(100);
    expect(plan.needed).toBe(299);
    expect(plan.capped?.by).toBe('fix-verify-max-runs');
    expect(plan.capped?.reached).toBeCloseTo(0.634, 3);
    const v = fixVerdict(plan, 100, 0);
    expect(v.verdict).toBe('inconclusive');
    expect(v.reached).toBeCloseTo(0.634, 3);
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
