/**
 * The cost core (src/cost/, docs/cost.md): each rule on small branches whose shares are computed by hand, the sums
 * that every view relies on (the tests' shares add up to the runs' measured figures), and hostile figures.
 */
import { describe, expect, it } from 'vitest';
import { branchCosts, costPerMinuteOf, minutesText, priceText, priced, slotFacts, type CostRun, type CostedTest } from '../../src/cost/index.ts';
import { acrossAttempts } from '../../src/pipeline/apply.ts';
import { readFigures, renderFigures } from '../../src/store/run-figures.ts';

/** A test whose attempts per run are given by run number. */
function test(id: string, runs: Record<number, string>, durationSec?: number): CostedTest<number> {
  const entries = Object.entries(runs).map(([k, a]) => [Number(k), a] as const);
  return { id, slots: (visit) => entries.forEach(([k, a]) => visit(k, a)), ...(durationSec !== undefined ? { durationSec } : {}) };
}

const costs = (tests: CostedTest<number>[], runs: Record<number, CostRun>) => new Map(branchCosts(tests, (k) => runs[k]).map((e) => [e.id, e.cost]));

describe('slotFacts', () => {
  it('counts the attempts after the first of each workflow attempt as re-run executions, only when the test failed', () => {
    expect(slotFacts('P')).toEqual({ failed: false, flaked: false, executions: 0, blamed: false });
    expect(slotFacts('PP')).toEqual({ failed: false, flaked: false, executions: 0, blamed: false });
    expect(slotFacts('FP')).toEqual({ failed: true, flaked: true, executions: 1, blamed: true });
    expect(slotFacts('FFF')).toEqual({ failed: true, flaked: false, executions: 2, blamed: true });
    // Red, re-run twice by the step, then re-run by hand: one of the four attempts is the hand re-run's.
    expect(slotFacts('FFFP', 1)).toEqual({ failed: true, flaked: true, executions: 2, blamed: true });
    // Proven flaky by the step's re-run in the red attempt (FP), then passed in the hand re-run (P): not its doing.
    expect(slotFacts('FPP', 1)).toEqual({ failed: true, flaked: true, executions: 1, blamed: false });
    expect(slotFacts('F', 3)).toEqual({ failed: true, flaked: false, executions: 0, blamed: true });
  });
});

describe('branchCosts', () => {
  it("prices executions at the test's duration, and shares what the run's measured re-runs took beyond it by executions", () => {
    // a: 1 execution of 1 s; b: 3 of 0.5 s; the re-runs measured 8 s, 5.5 s more than the executions' 2.5 s.
    const c = costs([test('a', { 1: 'FP' }, 1), test('b', { 1: 'FFFP' }, 0.5), test('c', { 1: 'P' }, 9)], { 1: { jobSucceeded: true, figures: { testSec: 10, rerunSec: 8, passedOnRerun: 2 } } });
    expect(c.get('a')).toMatchObject({ rerunExecutions: 1, estimatedRuns: 0 });
    expect(c.get('a')!.rerunSec).toBeCloseTo(1 + 5.5 / 4, 9);
    expect(c.get('b')!.rerunSec).toBeCloseTo(1.5 + (5.5 * 3) / 4, 9);
    expect(c.has('c')).toBe(false);
  });

  it('estimates re-run seconds from the newest duration when the run measured none, and says so', () => {
    const c = costs([test('a', { 1: 'FFP' }, 1.5)], { 1: { jobSucceeded: true } });
    expect(c.get('a')).toMatchObject({ rerunExecutions: 2, rerunSec: 3, estimatedRuns: 1, costSec: 3 });
  });

  it("shares a red run's hand re-runs equally among the tests that made its red attempt red", () => {
    const runs = { 1: { jobSucceeded: true, figures: { testSec: 40, handReruns: 2, handRerunSec: 80 } } };
    const c = costs([test('a', { 1: 'FFPP' }), test('b', { 1: 'FFP' }), test('c', { 1: 'FPPP' }), test('d', { 1: 'PPP' })], runs);
    expect(c.get('a')).toMatchObject({ handReruns: 0, handRerunSec: 0 });
    expect(c.get('b')).toMatchObject({ handReruns: 2, handRerunSec: 80, rerunExecutions: 0 });
    expect(c.get('c')).toMatchObject({ handReruns: 0, handRerunSec: 0 });
    expect(c.has('d')).toBe(false);
  });

  it('credits the tests that flaked in a run a re-run turned green with its tests’ seconds, shared', () => {
    const runs: Record<number, CostRun> = {
      1: { jobSucceeded: true, figures: { testSec: 30, rerunSec: 3, passedOnRerun: 2 } },
      2: { jobSucceeded: false, figures: { testSec: 30, rerunSec: 3, passedOnRerun: 1 } },
      3: { jobSucceeded: true, figures: { testSec: 30 } },
    };
    const c = costs([test('a', { 1: 'FP', 2: 'FP', 3: 'FP' }), test('b', { 1: 'FP', 2: 'FF' })], runs);
    // Run 2 stayed red (not saved); run 3's pass was a runner's retry (no re-run passed: p absent).
    expect(c.get('a')).toMatchObject({ savedRuns: 1, savedSec: 15 });
    expect(c.get('b')).toMatchObject({ savedRuns: 1, savedSec: 15 });
  });

  it("adds up: the tests' shares are the runs' measured seconds", () => {
    const runs: Record<number, CostRun> = {};
    const tests: CostedTest<number>[] = [];
    const outcomes = ['P', 'FP', 'FFP', 'FF', 'FFFP', 'P'];
    for (let r = 1; r <= 20; r++)
      runs[r] = { jobSucceeded: r % 3 !== 0, figures: { testSec: 10 + r, rerunSec: r, passedOnRerun: r % 2, ...(r % 4 === 0 ? { handReruns: 1, handRerunSec: 10 + r } : {}) } };
    for (let t = 0; t < 12; t++) {
      const mine: Record<number, string> = {};
      for (let r = 1; r <= 20; r++) mine[r] = outcomes[(t * 7 + r * 3) % outcomes.length]!;
      tests.push(test(`t${t}`, mine));
    }
    const all = branchCosts(tests, (k) => runs[k]);
    const sum = (f: (c: (typeof all)[number]['cost']) => number) => all.reduce((n, e) => n + f(e.cost), 0);
    let rerun = 0;
    let hand = 0;
    for (let r = 1; r <= 20; r++) {
      const failedIn = tests.filter((t) => /[FE]/.test(outcomes[(Number(t.id.slice(1)) * 7 + r * 3) % outcomes.length]!));
      const executions = failedIn.reduce((n, t) => n + slotFacts(outcomes[(Number(t.id.slice(1)) * 7 + r * 3) % outcomes.length]!, runs[r]!.figures!.handReruns ?? 0).executions, 0);
      if (executions > 0) rerun += r;
      const blamed = failedIn.filter((t) => slotFacts(outcomes[(Number(t.id.slice(1)) * 7 + r * 3) % outcomes.length]!).blamed);
      if (blamed.length > 0) hand += runs[r]!.figures!.handRerunSec ?? 0;
    }
    expect(sum((c) => c.rerunSec)).toBeCloseTo(rerun, 9);
    expect(sum((c) => c.handRerunSec)).toBeCloseTo(hand, 9);
    // Ranked costliest first.
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.cost.costSec).toBeGreaterThanOrEqual(all[i]!.cost.costSec);
  });

  it('ignores hostile figures (negative, not finite, fractional hand re-runs)', () => {
    const c = costs([test('a', { 1: 'FP' }, 2)], { 1: { jobSucceeded: true, figures: { rerunSec: -5, testSec: Number.NaN, passedOnRerun: 1, handReruns: 0.5, handRerunSec: Infinity } } });
    expect(c.get('a')).toMatchObject({ rerunSec: 2, estimatedRuns: 1, handReruns: 0, handRerunSec: 0, savedRuns: 0 });
    expect(Number.isFinite(c.get('a')!.costSec)).toBe(true);
  });
});

describe('the price', () => {
  it('reads cost-per-minute as a bounded number, and prices minutes', () => {
    expect(costPerMinuteOf('0.008')).toBe(0.008);
    expect(costPerMinuteOf(' 2 ')).toBe(2);
    expect(costPerMinuteOf('')).toBeUndefined();
    expect(costPerMinuteOf('-1')).toBeUndefined();
    expect(costPerMinuteOf('1e400')).toBeUndefined();
    expect(costPerMinuteOf('$0.008')).toBeUndefined();
    expect(costPerMinuteOf(1e7)).toBeUndefined();
    expect(priced(120, 0.5)).toBe(1);
    expect(priced(120, undefined)).toBeUndefined();
    expect(priced(120, 0)).toBeUndefined();
    expect(minutesText(32.5)).toBe('0.54 min');
    expect(minutesText(7200)).toBe('120 min');
    expect(priceText(1234.5)).toBe('1,234.50');
    expect(priceText(0.0012)).toBe('0.0012');
  });
});

describe("runs.json's hand re-runs (h, hs) and the attempts of one workflow run", () => {
  it('are written and read back; an older row reads without them', () => {
    const f = { testSec: 12, rerunSec: 3, handReruns: 1, handRerunSec: 12 };
    expect(renderFigures(f)).toEqual({ s: 12, r: 3, h: 1, hs: 12 });
    expect(readFigures({ s: 12, r: 3, h: 1, hs: 12 })).toEqual(f);
    expect(readFigures({ s: 12, h: 0, hs: -1 })).toEqual({ testSec: 12 });
    expect(readFigures({ h: '1', hs: '2' })).toBeUndefined();
  });

  it('count an attempt after a red attempt on the same commit as a hand re-run, and add up the re-runs of every attempt', () => {
    const red = { seq: 1, sha: 'abc', time: 1, onDefaultBranch: true, jobSucceeded: false, figures: { testSec: 30, rerunSec: 4 } };
    expect(acrossAttempts({ testSec: 31, rerunSec: 1 }, red, 'abc')).toEqual({ testSec: 31, rerunSec: 5, handReruns: 1, handRerunSec: 31 });
    // A second hand re-run after a second red attempt.
    const again = { ...red, figures: { testSec: 31, rerunSec: 5, handReruns: 1, handRerunSec: 31 } };
    expect(acrossAttempts({ testSec: 29 }, again, 'abc')).toEqual({ testSec: 29, rerunSec: 5, handReruns: 2, handRerunSec: 60 });
    // After a green attempt (re-run for another reason), or on another commit, no hand re-run is counted.
    expect(acrossAttempts({ testSec: 29 }, { ...red, jobSucceeded: true }, 'abc')).toEqual({ testSec: 29, rerunSec: 4 });
    expect(acrossAttempts({ testSec: 29 }, red, 'def')).toEqual({ testSec: 29, rerunSec: 4 });
    expect(acrossAttempts({ testSec: 29 }, undefined, 'abc')).toEqual({ testSec: 29 });
  });
});
