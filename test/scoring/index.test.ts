import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TestHistory, RecordDraft, TestRunRecord } from '../../src/model.ts';
import {
  allocateBudget,
  budgetCandidates,
  computePfs,
  createPfsMemo,
  DEFAULT_SCORING_OPTIONS,
  multiFactorScore,
  posteriorCount,
  resolveScoringOptions,
  scoreAll,
  scoreTest,
  successRate,
  type ScoringOptions,
} from '../../src/scoring/index.ts';
import { DAY, historyOf, HOUR, runsOf, T0 } from './helpers.ts';

describe('scoreTest', () => {
  const attempts = ['P', 'FP', 'P', 'F', 'P', 'P', 'FP', 'P', 'P', 'P', 'S'];
  const h = historyOf(runsOf(attempts, 12 * HOUR));
  const now = T0 + 10 * DAY;

  it('gathers every method', () => {
    const s = scoreTest(h, { now });
    expect(s.id).toBe('suite.Class#test');
    expect(s.outcomes).toBe(10); // the skipped-only run is dropped
    // Outcomes P P P F P P P P P P: flips at 2→3 and 3→4 of 9 pairs.
    expect(s.flipRate).toBeCloseTo(2 / 9, 15);
    expect(s.tier).toBe('Flaky');
    // EWMA over flips [0,0,1,1,0,0,0,0,0]: 0, 0, 0.3, 0.51, then ×0.7 five times = 0.51 · 0.7^5.
    expect(s.ewmaFlipRate).toBeCloseTo(0.51 * 0.7 ** 5, 12);
    // Success rate (all default branch, all-attempts): 7 clean of 10.
    expect(s.successRate).toEqual({ rate: 0.7, counted: 10, passed: 7 });
    // Thresholded: p = 0.3 < 0.4 → 1 - 0.3/0.4 = 0.25.
    expect(s.thresholded).toBeCloseTo(0.25, 12);
    // PFS: 10 distinct shas, 9 good with 2 failures before passes (FP, FP) and 1 all-fail (F).
    expect(s.pfs).toEqual(computePfs({ good: 9, goodFailures: 2, passes: 9, allFail: [[1, 1]] }));
    expect(s.multiFactor).toEqual(multiFactorScore(h.runs, now));
  });

  it('derives now from the newest run when not given', () => {
    const newest = h.runs[h.runs.length - 1]!.time;
    expect(scoreTest(h)).toEqual(scoreTest(h, { now: newest }));
  });

  it('merges partial options section by section', () => {
    const o = resolveScoringOptions({ flipRate: { window: 3 }, multiFactor: { weights: { intermittency: 1 } } });
    expect(o.flipRate).toEqual({ ...DEFAULT_SCORING_OPTIONS.flipRate, window: 3 });
    expect(o.multiFactor.weights).toEqual({ ...DEFAULT_SCORING_OPTIONS.multiFactor.weights, intermittency: 1 });
    expect(o.multiFactor.rollingWindowSize).toBe(50);
    expect(o.pfs).toBe(DEFAULT_SCORING_OPTIONS.pfs);
    // Last 3 outcomes P P P → no flip.
    expect(scoreTest(h, { now, flipRate: { window: 3 } }).flipRate).toBe(0);
    // A full Partial<ScoringOptions> section is accepted too.
    const partial: Partial<ScoringOptions> = { successRate: { lookbackDays: 2, filter: 'all', passWhen: 'final-attempt' } };
    expect(scoreTest(h, { now, ...partial }).successRate).toEqual(successRate(h.runs, now, { lookbackDays: 2, filter: 'all', passWhen: 'final-attempt' }));
  });

  it('handles an empty history', () => {
    const s = scoreTest(historyOf([]), { now });
    expect(s.flipRate).toBeNull();
    expect(s.ewmaFlipRate).toBeNull();
    expect(s.tier).toBe('Stable');
    expect(s.successRate.rate).toBeNull();
    expect(s.thresholded).toBe(0);
    expect(s.pfs.observations).toBe(0);
    expect(s.multiFactor.score).toBe(0);
    expect(s.multiFactor.recommendation.action).toBe('stable');
  });
});

describe('scoreAll', () => {
  const a = historyOf(runsOf(['P', 'FP', 'P'], DAY), 'a#1');
  const b = historyOf(runsOf(['P', 'P', 'FP'], DAY), 'b#1'); // same PFS statistics as a
  const c = historyOf(
    runsOf(['F', 'F'], DAY).map((r) => ({ ...r, time: r.time + 30 * DAY })),
    'c#1',
  );

  it('scores every test with one shared memo and one "now" (the newest run of all)', () => {
    const memo = createPfsMemo();
    const all = scoreAll([a, b, c], {}, memo);
    expect([...all.keys()]).toEqual(['a#1', 'b#1', 'c#1']);
    expect(all.get('a#1')!.pfs).toBe(all.get('b#1')!.pfs);
    expect(posteriorCount(memo)).toBe(2);
    const now = T0 + 31 * DAY; // c's newest run
    expect(all.get('a#1')).toEqual(scoreTest(a, { now }));
    // a's runs (days 0, 1, 2) are 31, 30 and 29 days older than c's newest run: with the 30-day
    // lookback measured from there (inclusive), days 1 and 2 count.
    expect(all.get('a#1')!.successRate.counted).toBe(2);
    expect(scoreTest(a).successRate.counted).toBe(3); // alone, a's own newest run is now
  });

  it('accepts any iterable, including a one-shot generator, with or without now', () => {
    function* gen(): Generator<TestHistory> {
      yield a;
      yield b;
      yield c;
    }
    expect(scoreAll(gen())).toEqual(scoreAll([a, b, c]));
    const now = T0 + 40 * DAY;
    expect(scoreAll(gen(), { now })).toEqual(scoreAll([a, b, c], { now }));
  });
});

describe('budgetCandidates + allocateBudget', () => {
  it('feeds thresholded flakiness and counted runs to the budget, honouring exclusions', () => {
    const now = T0 + 20 * DAY;
    // rare: 1 failure in 10 runs → p 0.1 → 0.75; often: 5 in 10 → p 0.5 ≥ 0.4 → 0; clean: 0.
    const rare = historyOf(runsOf(['F', ...Array<string>(9).fill('P')], DAY), 'rare#1');
    const often = historyOf(runsOf(['F', 'P', 'F', 'P', 'F', 'P', 'F', 'P', 'F', 'P'], DAY), 'often#1');
    const clean = historyOf(runsOf(Array<string>(10).fill('P'), DAY), 'clean#1');
    const scores = scoreAll([rare, often, clean], { now });
    const c = budgetCandidates(scores);
    expect(c.map((x) => [x.id, x.runs])).toEqual([
      ['rare#1', 10],
      ['often#1', 10],
      ['clean#1', 10],
    ]);
    expect(c[0]!.flakiness).toBeCloseTo(0.75, 12);
    expect(c[1]!.flakiness).toBe(0);
    const plan = allocateBudget(c, { budget: 5, proportionTargeted: 0.6, maxExploratoryPerTest: 1 });
    // Targeted 3 all to rare (the only flaky one); exploratory 2 → often and clean, 1 each.
    expect(plan[0]).toEqual({ id: 'rare#1', pool: 'targeted', budget: 3, flakiness: 0.75 });
    expect(
      plan
        .slice(1)
        .map((x) => x.id)
        .sort(),
    ).toEqual(['clean#1', 'often#1']);
    expect(budgetCandidates(scores, new Set(['rare#1'])).map((x) => x.id)).toEqual(['often#1', 'clean#1']);
  });
});

describe('every score on arbitrary histories', () => {
  it('is finite and within its range (fractions in [0, 1], credible interval around the mean)', () => {
    const rec = fc.record({
      sha: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      attempts: fc.array(fc.constantFrom('P', 'F', 'E', 'S'), { maxLength: 4 }).map((x) => x.join('')),
      dtHours: fc.integer({ min: -5, max: 72 }),
      onDefaultBranch: fc.boolean(),
      jobSucceeded: fc.option(fc.boolean(), { nil: undefined }),
      message: fc.option(fc.constantFrom('m1', 'm2'), { nil: undefined }),
      durationSec: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: undefined }),
    });
    const inUnit = (x: number): boolean => Number.isFinite(x) && x >= 0 && x <= 1;
    fc.assert(
      fc.property(fc.array(rec, { maxLength: 60 }), (list) => {
        let t = T0;
        const runs: TestRunRecord[] = list.map((r, i) => {
          t += r.dtHours * HOUR;
          const x: RecordDraft = { run: `r${i}`, sha: r.sha, time: t, onDefaultBranch: r.onDefaultBranch, attempts: r.attempts };
          if (r.jobSucceeded !== undefined) x.jobSucceeded = r.jobSucceeded;
          if (r.message !== undefined) x.message = r.message;
          if (r.durationSec !== undefined) x.durationSec = r.durationSec;
          return x;
        });
        const s = scoreTest(historyOf(runs), { now: t });
        const m = s.multiFactor;
        for (const v of [m.score, m.confidence, ...Object.values(m.components), ...Object.values(m.factors)]) expect(inUnit(v)).toBe(true);
        for (const v of [s.flipRate, s.ewmaFlipRate, s.successRate.rate]) if (v !== null) expect(inUnit(v)).toBe(true);
        expect(inUnit(s.thresholded)).toBe(true);
        const p = s.pfs;
        for (const v of [p.pf, p.pfLow, p.pfHigh, p.pb]) expect(inUnit(v)).toBe(true);
        expect(p.pfLow).toBeLessThanOrEqual(p.pf);
        expect(p.pf).toBeLessThanOrEqual(p.pfHigh);
        expect(JSON.parse(JSON.stringify(s))).toEqual(s); // serialisable as is (no NaN, no undefined)
      }),
      { numRuns: 200 },
    );
  });
});
