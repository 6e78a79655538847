import { describe, expect, it } from 'vitest';
import type { RecordDraft, TestRunRecord } from '../../src/model.ts';
import { successRate } from '../../src/scoring/success-rate.ts';
import { DAY, T0 } from './helpers.ts';

function run(day: number, attempts: string, onDefaultBranch: boolean, jobSucceeded?: boolean): TestRunRecord {
  const r: RecordDraft = { run: `r${day}`, sha: `s${day}`, time: T0 + day * DAY, onDefaultBranch, attempts };
  if (jobSucceeded !== undefined) r.jobSucceeded = jobSucceeded;
  return r;
}

describe('successRate (seed 003)', () => {
  const now = T0 + 40 * DAY;
  const runs = [
    run(5, 'F', true), // 35 days old: outside the 30-day lookback
    run(15, 'P', true), // default branch: counted, pass
    run(16, 'F', true), // default branch: counted, fail
    run(17, 'F', false, false), // PR run whose job failed: not counted (the PR may have caused it)
    run(18, 'F', false), // PR run, job outcome unknown: not counted
    run(19, 'FP', false, true), // PR run, job succeeded: counted; "FP" is not a success by default
    run(20, 'P', false, true), // counted, pass
    run(21, 'SS', true), // only skipped: not a run of the test
  ];

  it('counts default-branch runs and runs whose job succeeded, within the lookback', () => {
    // counted: days 15, 16, 19, 20 → passes: 15, 20 → 2 / 4.
    expect(successRate(runs, now)).toEqual({ rate: 0.5, counted: 4, passed: 2 });
  });

  it("passWhen 'final-attempt' counts a retry that passed as a success", () => {
    // days 15, 19 (FP), 20 pass → 3 / 4.
    expect(successRate(runs, now, { lookbackDays: 30, filter: 'default-branch-or-successful-job', passWhen: 'final-attempt' })).toEqual({
      rate: 0.75,
      counted: 4,
      passed: 3,
    });
  });

  it("filter 'all' counts every run in the lookback", () => {
    // days 15, 16, 17, 18, 19, 20 → passes 15, 20 → 2 / 6.
    const r = successRate(runs, now, { lookbackDays: 30, filter: 'all', passWhen: 'all-attempts' });
    expect(r.counted).toBe(6);
    expect(r.rate).toBeCloseTo(2 / 6, 15);
  });

  it('lookbackDays moves the window; the boundary is inclusive', () => {
    // now - 25 days = day 15 exactly: day 15 is in.
    expect(successRate(runs, now, { lookbackDays: 25, filter: 'all', passWhen: 'all-attempts' }).counted).toBe(6);
    expect(successRate(runs, now, { lookbackDays: 24.9, filter: 'all', passWhen: 'all-attempts' }).counted).toBe(5);
  });

  it('is null with nothing counted', () => {
    expect(successRate([], now)).toEqual({ rate: null, counted: 0, passed: 0 });
    expect(successRate([run(39, 'F', false)], now)).toEqual({ rate: null, counted: 0, passed: 0 });
  });

  it('treats E as a failure', () => {
    expect(successRate([run(39, 'E', true), run(39, 'PE', true)], now, { lookbackDays: 30, filter: 'all', passWhen: 'final-attempt' }).passed).toBe(0);
  });
});
