import { describe, expect, it } from 'vitest';
import { allocateBudget, thresholdedFlakiness, type BudgetCandidate } from '../../src/scoring/thresholded.ts';

describe('thresholdedFlakiness (seed 004)', () => {
  it('is 1 - p / alpha for p in (0, alpha), 0 at 0 and from alpha on (alpha 0.4)', () => {
    expect(thresholdedFlakiness(0)).toBe(0);
    expect(thresholdedFlakiness(0.1)).toBeCloseTo(0.75, 15); // 1 - 0.1/0.4
    expect(thresholdedFlakiness(0.01)).toBeCloseTo(0.975, 15); // rarer failure → flakier
    expect(thresholdedFlakiness(0.4)).toBe(0);
    expect(thresholdedFlakiness(0.9)).toBe(0);
    expect(thresholdedFlakiness(0.1, 0.2)).toBeCloseTo(0.5, 15);
    expect(thresholdedFlakiness(Number.NaN)).toBe(0);
    expect(thresholdedFlakiness(0.1, 0)).toBe(0);
  });
});

describe('allocateBudget (seed 004 targeted + exploratory)', () => {
  const tests: BudgetCandidate[] = [
    { id: 'a', flakiness: 0.75, runs: 40 },
    { id: 'b', flakiness: 0.25, runs: 40 },
    { id: 'c', flakiness: 0.25, runs: 10 }, // same flakiness as b, less data: first
    { id: 'd', flakiness: 0, runs: 50 },
    { id: 'e', flakiness: 0, runs: 50 },
    { id: 'f', flakiness: 0, runs: 50 },
  ];

  it('splits the targeted pool by flakiness share and gives the rest to unbudgeted tests', () => {
    // budget 10, 80% targeted = 8 split over total flakiness 1.25:
    // a 0.75/1.25*8 = 4.8, c and b 0.25/1.25*8 = 1.6 each; exploratory 2 → two of d, e, f get 1.
    const out = allocateBudget(tests, { budget: 10, proportionTargeted: 0.8, seed: 3 });
    expect(out.slice(0, 3).map((x) => [x.id, x.pool])).toEqual([
      ['a', 'targeted'],
      ['c', 'targeted'],
      ['b', 'targeted'],
    ]);
    expect(out[0]!.budget).toBeCloseTo(4.8, 12);
    expect(out[1]!.budget).toBeCloseTo(1.6, 12);
    const explore = out.slice(3);
    expect(explore).toHaveLength(2);
    expect(explore.every((x) => x.pool === 'exploratory' && x.budget === 1 && ['d', 'e', 'f'].includes(x.id))).toBe(true);
    expect(new Set(explore.map((x) => x.id)).size).toBe(2);
    const total = out.reduce((s, x) => s + x.budget, 0);
    expect(total).toBeCloseTo(10, 12);
  });

  it('caps targeted shares without redistributing (as the seed)', () => {
    // Targeted 10: a 0.75/1.25*10 = 6 → capped at 3; c, b 2 each. The 3 cut from a is not reused.
    const out = allocateBudget(tests, { budget: 10, proportionTargeted: 1, maxTargetedPerTest: 3 });
    expect(out.map((x) => [x.id, x.budget])).toEqual([
      ['a', 3],
      ['c', 2],
      ['b', 2],
    ]);
  });

  it('is deterministic for a seed and independent of input order', () => {
    const one = allocateBudget(tests, { budget: 4, proportionTargeted: 0.5, seed: 9 });
    const two = allocateBudget([...tests].reverse(), { budget: 4, proportionTargeted: 0.5, seed: 9 });
    expect(two).toEqual(one);
    // The last exploratory test gets what is left (0.5 of 2 → 1, 1).
    const partial = allocateBudget(tests, { budget: 3, proportionTargeted: 0.5, maxExploratoryPerTest: 1 });
    expect(partial.filter((x) => x.pool === 'exploratory').map((x) => x.budget)).toEqual([1, 0.5]);
  });

  it('spends everything on exploration when nothing is flaky, and nothing with no budget', () => {
    const calm = tests.map((t) => ({ ...t, flakiness: 0 }));
    const out = allocateBudget(calm, { budget: 3, proportionTargeted: 0.8, seed: 1 });
    // Targeted pool 2.4 has no taker (not redistributed); exploratory 0.6 → one test.
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ pool: 'exploratory' });
    expect(out[0]!.budget).toBeCloseTo(0.6, 12);
    expect(allocateBudget(tests, { budget: 0 })).toEqual([]);
  });
});
