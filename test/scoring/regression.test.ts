import { describe, expect, it } from 'vitest';
import { pfsRose, pfsTrendOf, recentPfs } from '../../src/scoring/regression.ts';
import { historyOf } from '../support/builders.ts';

const clean = (n: number): string => Array(n).fill('P').join(' ');
const rose = (description: string): boolean => pfsRose(historyOf('t', description).runs) !== undefined;

describe("seed 002's regression detection: the recent posterior against the baseline", () => {
  it('fires at 3 of the last 10 runs failing then passing, after a clean baseline', () => {
    expect(rose(`${clean(30)} P P FP P P FP P P FP P`)).toBe(true);
    expect(rose(`${clean(90)} P P FP P P FP P P FP P`)).toBe(true);
    // The whole-history posterior (what 0.2 compared) did not: after 30 clean runs it needed 8 of 10.
  });

  it('fires on a streak of flaky failures, and on 10 failures in a row', () => {
    expect(rose(`${clean(36)} FP FP FP FP`)).toBe(true);
    expect(rose(`${clean(30)} ${Array(10).fill('FP').join(' ')}`)).toBe(true);
    expect(rose(`${clean(30)} ${Array(10).fill('F').join(' ')}`)).toBe(true);
  });

  it('does not fire at 1 or 2 of 10, at the rate the baseline already had, or without a baseline', () => {
    expect(rose(`${clean(30)} P P P P P P P P FP P`)).toBe(false);
    expect(rose(`${clean(30)} P P FP P P P P P FP P`)).toBe(false);
    expect(rose(Array(4).fill('P P FP P P FP P P FP P').join(' '))).toBe(false);
    expect(rose('P FP FP FP FP FP')).toBe(false);
    // Three single-attempt failures: a failing commit may be broken, so weaker evidence of flakiness.
    expect(rose(`${clean(30)} P P F P P F P P F P`)).toBe(false);
  });

  it('leaves outage runs out', () => {
    const test = historyOf('t', `${clean(30)} P P FP P P FP P P FP P`);
    const withOutages = { ...test, runs: test.runs.map((r) => (r.attempts === 'FP' ? { ...r, outage: true } : r)) };
    expect(pfsRose(withOutages.runs)).toBeUndefined();
    expect(recentPfs(withOutages.runs)[0]).toBeLessThan(recentPfs(test.runs)[0]);
  });

  it('compares with a given baseline (the interval recorded in an issue)', () => {
    const runs = historyOf('t', 'P P P P P FP FP FP FP FP').runs;
    expect(pfsRose(runs, [0.05, 0.01, 0.1])).toBeDefined();
    expect(pfsRose(runs, [0.4, 0.2, 0.6])).toBeUndefined();
  });

  it('keeps a short trend: the recent PFS every 5 runs, oldest first', () => {
    const trend = pfsTrendOf(historyOf('t', `${clean(30)} P P FP P P FP P P FP P`).runs);
    expect(trend.map((p) => p.runs)).toEqual([20, 25, 30, 35, 40]);
    expect(trend[0]!.pf).toBeLessThan(0.1);
    expect(trend[4]!.pf).toBeGreaterThan(0.25);
  });
});
