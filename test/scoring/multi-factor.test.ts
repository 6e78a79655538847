import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordDraft, TestRunRecord } from '../../src/model.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { combineComponents, DEFAULT_SCORING_CONFIG, generateRecommendation, multiFactorScore, type ScoringConfig } from '../../src/scoring/multi-factor.ts';
import {
  calculateComponents,
  calculateConfidence,
  calculateConfidenceFactors,
  calculateConsecutiveFailurePenalty,
  calculateFailSuccessRatio,
  calculateFailureClustering,
  calculateIntermittencyScore,
  calculateMessageVariance,
  calculateRerunPassRate,
  calculateTimeSpanFactor,
  multiFactorScoreReference,
  toTestResults,
  type TestResult,
} from './multi-factor-reference.ts';
import { DAY, HOUR, runsOf, T0 } from './helpers.ts';

/** Results from a compact string: P/F per result, attempt 1 each, one hour apart. */
function seq(s: string, step = HOUR): TestResult[] {
  return [...s].map((c, i) => ({ status: c === 'P' ? 'passed' : 'failed', attempt: 1, createdAt: T0 + i * step, time: 0 }));
}

describe('toTestResults (our runs → the seed results)', () => {
  it('makes one result per non-skipped attempt, F and E failed, attempt index counting non-skipped attempts', () => {
    const runs = runsOf(['P', 'SFP', 'EF', 'SS'], HOUR);
    runs[2] = { ...runs[2]!, message: 'boom' };
    runs[1] = { ...runs[1]!, durationSec: 2 };
    const now = T0 + 10 * HOUR;
    const r = toTestResults(runs, now);
    expect(r.map((x) => [x.status, x.attempt])).toEqual([
      ['passed', 1],
      ['failed', 1],
      ['passed', 2],
      ['failed', 1],
      ['failed', 2],
    ]);
    // The message goes on the run's first failing attempt only; the duration on its last attempt.
    expect(r.map((x) => x.message)).toEqual([undefined, undefined, undefined, 'boom', undefined]);
    expect(r.map((x) => x.time)).toEqual([0, 0, 2, 0, 0]);
    expect(r.map((x) => x.createdAt)).toEqual([T0, T0 + HOUR, T0 + HOUR, T0 + 2 * HOUR, T0 + 2 * HOUR]);
  });

  it('drops runs older than lookbackDays and keeps the last rollingWindowSize runs with an observation', () => {
    const runs = runsOf(['F', 'P', 'S', 'F', 'P'], DAY);
    const now = T0 + 4 * DAY;
    // lookback 3 days: run 0 (4 days old) goes; window 2: of runs 1, 3, 4 (run 2 only skipped) keep 3, 4.
    const r = toTestResults(runs, now, { lookbackDays: 3, rollingWindowSize: 2 });
    expect(r.map((x) => [x.status, x.createdAt])).toEqual([
      ['failed', T0 + 3 * DAY],
      ['passed', T0 + 4 * DAY],
    ]);
  });
});

describe('components (seed formulas, hand-computed)', () => {
  it('intermittency = transitions / max(1, n - 1)', () => {
    expect(calculateIntermittencyScore(seq('PFPFP'))).toBe(1); // 4 of 4 (seed example)
    expect(calculateIntermittencyScore(seq('FFFFF'))).toBe(0); // 0 of 4 (seed example)
    expect(calculateIntermittencyScore(seq('PPFP'))).toBeCloseTo(2 / 3, 15); // 2 of 3
    expect(calculateIntermittencyScore(seq('F'))).toBe(0); // 0 / max(1, 0)
    expect(calculateIntermittencyScore([])).toBe(0);
    // Through the mapping: runs P, FP, P → results P F P P → 2 transitions of 3.
    expect(calculateIntermittencyScore(toTestResults(runsOf(['P', 'FP', 'P']), T0 + DAY))).toBeCloseTo(2 / 3, 15);
  });

  it('rerunPassRate = passes among attempts > 1 / attempts > 1', () => {
    // Seed example: FP, FP, P → 2 reruns, both pass → 1.
    expect(calculateRerunPassRate(toTestResults(runsOf(['FP', 'FP', 'P']), T0 + DAY))).toBe(1);
    // FF, FP, FFP: reruns are F (FF #2), P (FP #2), F and P (FFP #2, #3) → 2 / 4.
    expect(calculateRerunPassRate(toTestResults(runsOf(['FF', 'FP', 'FFP']), T0 + DAY))).toBe(0.5);
    // SFP: the skip is not an attempt, so P is attempt 2 → 1 / 1.
    expect(calculateRerunPassRate(toTestResults(runsOf(['SFP']), T0 + DAY))).toBe(1);
    expect(calculateRerunPassRate(seq('PFP'))).toBe(0); // no reruns
  });

  it('failureClustering = max(0, 1 - sd / mean) of the gaps between failures', () => {
    // Failures at 0 h, 1 h, 2 h, 10 h: gaps 1, 1, 8 h; mean 10/3; population variance
    // ((-7/3)^2 * 2 + (14/3)^2) / 3 = 98/9; sd = 7√2/3; sd / mean = 0.7√2 = 0.98995;
    // score = 1 - 0.7√2 = 0.0100505.
    const r = [0, 1, 2, 10].map((h) => ({ status: 'failed' as const, attempt: 1, createdAt: T0 + h * HOUR, time: 0 }));
    expect(calculateFailureClustering(r)).toBeCloseTo(1 - 0.7 * Math.SQRT2, 12);
    // Evenly spaced failures: sd 0 → 1 (the seed calls regular spacing "clustered").
    expect(calculateFailureClustering(seq('FPFPF'))).toBe(1);
    // Fewer than two failures → 0.
    expect(calculateFailureClustering(seq('PPFP'))).toBe(0);
    // Gaps 1 h and 5 h: mean 3, sd 2 → 1 - 2/3.
    expect(calculateFailureClustering(seq('FFPPPPF'))).toBeCloseTo(1 / 3, 12);
    // Gaps 1 h and 9 h: mean 5, sd 4 → 1 - 0.8 = 0.2; larger spread → max(0, …) = 0 below.
    expect(calculateFailureClustering(seq('FF' + 'P'.repeat(8) + 'F'))).toBeCloseTo(0.2, 12);
    // Gaps 1, 1, 1, 30 h: mean 8.25, sd = √(3·7.25² + 21.75²)/2 = 12.557 → 1 - 1.522 < 0 → 0.
    expect(calculateFailureClustering(seq('FFFF' + 'P'.repeat(29) + 'F'))).toBe(0);
    // All failures in one run share its time: gaps 0, mean 0 → sd / 1 = 0 → 1.
    expect(calculateFailureClustering(toTestResults(runsOf(['FFF']), T0 + DAY))).toBe(1);
  });

  it('messageVariance = unique messages / failures with a message', () => {
    const r: TestResult[] = [
      { status: 'failed', attempt: 1, createdAt: T0, time: 0, message: 'a' },
      { status: 'failed', attempt: 1, createdAt: T0, time: 0, message: 'b' },
      { status: 'failed', attempt: 1, createdAt: T0, time: 0, message: 'a' },
      { status: 'failed', attempt: 1, createdAt: T0, time: 0 },
      { status: 'passed', attempt: 1, createdAt: T0, time: 0, message: 'c' },
    ];
    expect(calculateMessageVariance(r)).toBeCloseTo(2 / 3, 15); // {a, b} over a, b, a
    expect(calculateMessageVariance(seq('PFP'))).toBe(0); // no messages
    // With normalisation on, 'X:1' and 'x:2' both become 'x:line' → 1 unique of 2.
    const r2: TestResult[] = [
      { status: 'failed', attempt: 1, createdAt: T0, time: 0, message: 'X:1' },
      { status: 'failed', attempt: 1, createdAt: T0, time: 0, message: 'x:2' },
    ];
    expect(calculateMessageVariance(r2)).toBe(1);
    expect(calculateMessageVariance(r2, normalizeErrorMessage)).toBe(0.5);
  });

  it('failSuccessRatio = 1 - exp(-3 * failures / total)', () => {
    expect(calculateFailSuccessRatio(seq('PPPF'))).toBeCloseTo(1 - Math.exp(-0.75), 15); // 0.527633
    expect(calculateFailSuccessRatio(seq('FFFF'))).toBeCloseTo(1 - Math.exp(-3), 15); // 0.950213
    expect(calculateFailSuccessRatio(seq('PP'))).toBe(0);
    expect(calculateFailSuccessRatio([])).toBe(0);
  });

  it('consecutiveFailurePenalty = min(1, 2 * longest failure streak / total)', () => {
    expect(calculateConsecutiveFailurePenalty(seq('PFFFPPPP'))).toBe(0.75); // 2 * 3/8
    expect(calculateConsecutiveFailurePenalty(seq('FPFP'))).toBe(0.5); // 2 * 1/4
    expect(calculateConsecutiveFailurePenalty(seq('FFFFF'))).toBe(1); // min(1, 2)
    expect(calculateConsecutiveFailurePenalty(seq('PPP'))).toBe(0);
  });

  it('combines with the seed weights and the multiplicative penalty', () => {
    const c = {
      intermittency: 0.5,
      rerunPassRate: 1,
      failureClustering: 0.2,
      messageVariance: 0.5,
      failSuccessRatio: 0.4,
      consecutiveFailurePenalty: 0.5,
    };
    // 0.5*0.30 + 1*0.25 + 0.2*0.15 + 0.5*0.10 + 0.4*0.10 = 0.15 + 0.25 + 0.03 + 0.05 + 0.04 = 0.52
    // × (1 - 0.5 * 0.10) = 0.52 * 0.95 = 0.494
    expect(combineComponents(c)).toBeCloseTo(0.494, 15);
    // Weights above 1 would exceed 1: clamped.
    expect(combineComponents({ ...c, consecutiveFailurePenalty: 0 }, { ...DEFAULT_SCORING_CONFIG.weights, rerunPassRate: 5 })).toBe(1);
  });

  it('whole component set of a small history', () => {
    // Runs P, FP, P, F one hour apart → results P F P P F (attempts 1 1 2 1 1).
    const r = toTestResults(runsOf(['P', 'FP', 'P', 'F']), T0 + DAY);
    const c = calculateComponents(r);
    expect(c.intermittency).toBeCloseTo(3 / 4, 15); // P→F, F→P, P→F
    expect(c.rerunPassRate).toBe(1); // one rerun (FP #2), passed
    // Failures at 1 h and 3 h: one gap, sd 0 → 1.
    expect(c.failureClustering).toBe(1);
    expect(c.messageVariance).toBe(0);
    expect(c.failSuccessRatio).toBeCloseTo(1 - Math.exp(-3 * (2 / 5)), 15);
    expect(c.consecutiveFailurePenalty).toBeCloseTo(2 / 5, 15); // 2 * 1/5
  });
});

describe('confidence (seed)', () => {
  it('is the geometric mean of quantity, time span and quality', () => {
    // 25 results over 7 days, with a message, a retry and a duration:
    // quantity 25/50 = 0.5, span 7/14 = 0.5, quality 0.5 + 0.2 + 0.2 + 0.1 = 1 → ∛0.25 = 0.629961.
    const r: TestResult[] = seq('P'.repeat(25), (7 * DAY) / 24);
    r[3] = { ...r[3]!, status: 'failed', message: 'm' };
    r[4] = { ...r[4]!, attempt: 2 };
    r[5] = { ...r[5]!, time: 1.5 };
    const f = calculateConfidenceFactors(r);
    expect(f.dataQuantity).toBe(0.5);
    expect(f.timeSpan).toBeCloseTo(0.5, 12);
    expect(f.dataQuality).toBeCloseTo(1, 15); // 0.5 + 0.2 + 0.2 + 0.1 in floating point is 0.9999999999999999
    expect(calculateConfidence(r)).toBeCloseTo(Math.cbrt(0.25), 12);
  });

  it('plateaus at 50 results and 14 days; base quality 0.5', () => {
    const r = seq('P'.repeat(60), DAY); // 59 days
    expect(calculateConfidenceFactors(r)).toEqual({ dataQuantity: 1, timeSpan: 1, dataQuality: 0.5 });
    expect(calculateConfidence(r)).toBeCloseTo(Math.cbrt(0.5), 15);
  });

  it('time span is newest minus oldest whatever the order (the seed assumes newest first)', () => {
    const r = seq('PPP', DAY); // oldest first, 2 days
    expect(calculateTimeSpanFactor(r)).toBeCloseTo(2 / 14, 15);
    expect(calculateTimeSpanFactor([...r].reverse())).toBeCloseTo(2 / 14, 15);
    expect(calculateTimeSpanFactor(seq('P'))).toBe(0);
  });
});

describe('generateRecommendation (ScoringConfig thresholds drive it)', () => {
  const c = DEFAULT_SCORING_CONFIG;
  it('uses quarantineThreshold 0.6 with minConfidenceForQuarantine 0.7 (the seed hard-codes 0.7 and 0.8)', () => {
    expect(generateRecommendation(0.6, 0.7, c)).toMatchObject({ action: 'quarantine', priority: 'critical' });
    expect(generateRecommendation(0.65, 0.75, c).action).toBe('quarantine'); // the seed: investigate/medium
    expect(generateRecommendation(0.59, 0.9, c)).toMatchObject({ action: 'investigate', priority: 'high' });
  });

  it('investigates from 0.4 with confidence >= 0.5; medium priority below the quarantine confidence', () => {
    expect(generateRecommendation(0.4, 0.5, c)).toMatchObject({ action: 'investigate', priority: 'medium' });
    expect(generateRecommendation(0.9, 0.6, c)).toMatchObject({ action: 'investigate', priority: 'medium' });
    expect(generateRecommendation(0.4, 0.49, c)).toMatchObject({ action: 'monitor', priority: 'low' });
  });

  it('monitors from 0.2, calls the rest stable', () => {
    expect(generateRecommendation(0.39, 1, c)).toMatchObject({ action: 'monitor', priority: 'low' });
    expect(generateRecommendation(0.2, 0, c).action).toBe('monitor');
    expect(generateRecommendation(0.19, 1, c)).toMatchObject({ action: 'stable', priority: 'low' });
  });

  it('caps at monitor with fewer than minRunsForScoring runs', () => {
    expect(generateRecommendation(0.9, 1, c, false).action).toBe('monitor');
    expect(generateRecommendation(0.1, 1, c, false).action).toBe('stable');
  });

  it('follows a custom config', () => {
    const strict: ScoringConfig = { ...c, quarantineThreshold: 0.3, minConfidenceForQuarantine: 0.2 };
    expect(generateRecommendation(0.35, 0.25, strict).action).toBe('quarantine');
  });

  it('recommends quarantine only with a failure within recentFailureWindow days; investigate (high) without one', () => {
    expect(generateRecommendation(0.7, 0.9, c, true, 1)).toMatchObject({ action: 'quarantine', priority: 'critical' });
    expect(generateRecommendation(0.7, 0.9, c, true, 0)).toMatchObject({
      action: 'investigate',
      priority: 'high',
      reason: 'High flakiness score, but no failure in the last 7 days',
    });
  });
});

describe('multiFactorScore', () => {
  it('reads recentFailureWindow: the same retry-passing history is quarantined or not by the days since its last failure', () => {
    // The seed's retry-passing pattern (FP, FP, P) for 42 runs 12 hours apart, then two clean runs 4 days apart.
    const flaky = runsOf(
      Array.from({ length: 42 }, (_, i) => (i % 3 === 2 ? 'P' : 'FP')),
      DAY / 2,
      { message: 'timeout' },
    );
    const last = flaky.at(-1)!.time;
    const runs = [...flaky, ...runsOf(['P', 'P'], 4 * DAY).map((r, i) => ({ ...r, run: `late${i}`, sha: `late${i}`, time: last + (i + 1) * 4 * DAY }))];
    const now = runs.at(-1)!.time;
    const week = multiFactorScore(runs, now, { ...DEFAULT_SCORING_CONFIG, recentFailureWindow: 7 });
    const fortnight = multiFactorScore(runs, now, { ...DEFAULT_SCORING_CONFIG, recentFailureWindow: 14 });
    expect(week.score).toBe(fortnight.score);
    expect(week.score).toBeGreaterThanOrEqual(DEFAULT_SCORING_CONFIG.quarantineThreshold);
    expect(week.recentFailures).toBe(0);
    expect(week.recommendation).toMatchObject({ action: 'investigate', priority: 'high' });
    expect(fortnight.recentFailures).toBeGreaterThan(0);
    expect(fortnight.recommendation).toMatchObject({ action: 'quarantine', priority: 'critical' });
  });

  it('counts runs and recent failing runs and applies minRunsForScoring', () => {
    const now = T0 + 20 * DAY;
    // Runs daily from T0: 21 runs; failing runs at days 2, 15, 18 (only 15 and 18 within 7 days of day 20).
    const a = Array.from({ length: 21 }, (_, i) => ([2, 15, 18].includes(i) ? 'FP' : 'P'));
    const m = multiFactorScore(runsOf(a, DAY), now);
    expect(m.runs).toBe(21);
    expect(m.results).toBe(24);
    expect(m.recentFailures).toBe(2);
    expect(m.sufficientData).toBe(true);
    const few = multiFactorScore(runsOf(['FP', 'FP', 'P', 'FP'], DAY), T0 + 3 * DAY);
    expect(few.sufficientData).toBe(false);
    expect(few.recommendation.action).toBe('monitor');
  });

  it('is the same as the reference path (seed functions over toTestResults) on random histories', () => {
    const letters = fc.constantFrom('P', 'P', 'P', 'F', 'E', 'S');
    const run = fc.record({
      attempts: fc.array(letters, { minLength: 0, maxLength: 4 }).map((x) => x.join('')),
      dt: fc.integer({ min: -2 * 3600, max: 3 * 86400 }), // seconds; sometimes out of order
      message: fc.option(fc.constantFrom('a', 'b', 'c', ''), { nil: undefined }),
      durationSec: fc.option(fc.constantFrom(0, 0.5, 3), { nil: undefined }),
    });
    const config = fc.record({
      rollingWindowSize: fc.integer({ min: 1, max: 60 }),
      lookbackDays: fc.integer({ min: 1, max: 60 }),
      minRunsForScoring: fc.integer({ min: 0, max: 8 }),
      recentFailureWindow: fc.integer({ min: 0, max: 10 }),
    });
    fc.assert(
      fc.property(fc.array(run, { maxLength: 80 }), config, fc.integer({ min: 0, max: 10 * 86400 }), (rs, cfg, lag) => {
        let t = T0;
        const runs: TestRunRecord[] = rs.map((r, i) => {
          t += r.dt * 1000;
          const rec: RecordDraft = { run: `r${i}`, sha: `s${i}`, time: t, onDefaultBranch: true, attempts: r.attempts };
          if (r.message !== undefined) rec.message = r.message;
          if (r.durationSec !== undefined) rec.durationSec = r.durationSec;
          return rec;
        });
        const now = t + lag * 1000;
        const full = { ...DEFAULT_SCORING_CONFIG, ...cfg };
        expect(multiFactorScore(runs, now, full)).toEqual(multiFactorScoreReference(runs, now, full));
      }),
      { numRuns: 300 },
    );
  });
});
