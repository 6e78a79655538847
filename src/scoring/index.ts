/**
 * Flakiness scoring: every method of docs/scoring.md as pure functions over one test's history.
 * `scoreTest` scores one test; `scoreAll` scores many and shares the PFS memo between them.
 */
import type { TestHistory, Tier } from '../model.ts';
import { DEFAULT_FLIP_RATE_CONFIG, flipRates, tierOf, type FlipRateConfig } from './flip-rate.ts';
import { DEFAULT_SCORING_CONFIG, multiFactorScore, type MultiFactorScore, type ScoringConfig } from './multi-factor.ts';
import { createPfsMemo, DEFAULT_PFS_CONFIG, pfs, type PfsConfig, type PfsMemo, type PfsResult } from './pfs.ts';
import { DEFAULT_SUCCESS_RATE_CONFIG, successRate, type SuccessRate, type SuccessRateConfig } from './success-rate.ts';
import { DEFAULT_THRESHOLDED_CONFIG, thresholdedFlakiness, type BudgetCandidate, type ThresholdedConfig } from './thresholded.ts';

export * from './flip-rate.ts';
export * from './multi-factor.ts';
export * from './pfs.ts';
export * from './success-rate.ts';
export * from './thresholded.ts';
export { runOutcome } from './outcomes.ts';

export interface ScoringOptions {
  /**
   * "Now", ms since the epoch, for the lookback windows. Default NaN = derived from the data: the
   * newest run time of the test (`scoreTest`) or of all tests (`scoreAll`). The pipeline should
   * pass RunContext.time.
   */
  now: number;
  /** Multi-factor score (docs/scoring.md, section 1). Defaults: its source's ScoringConfig values. */
  multiFactor: ScoringConfig;
  /** Flip-rate, EWMA and tier (docs/scoring.md, section 2). Defaults: window 10, alpha 0.3, EWMA window 20. */
  flipRate: FlipRateConfig;
  /** PFS (docs/scoring.md, section 3). Defaults: uniform priors, 90% interval, 48 fine-grid intervals. */
  pfs: PfsConfig;
  /** Success rate (docs/scoring.md, section 4). Defaults: 30 days, 'default-branch-or-successful-job', 'all-attempts'. */
  successRate: SuccessRateConfig;
  /** Thresholded flakiness (docs/scoring.md, section 5) of 1 - successRate.rate. Default alpha 0.4. */
  thresholded: ThresholdedConfig;
}

/** Frozen (deeply): copy before changing. */
export const DEFAULT_SCORING_OPTIONS: ScoringOptions = Object.freeze({
  now: Number.NaN,
  multiFactor: DEFAULT_SCORING_CONFIG,
  flipRate: DEFAULT_FLIP_RATE_CONFIG,
  pfs: DEFAULT_PFS_CONFIG,
  successRate: DEFAULT_SUCCESS_RATE_CONFIG,
  thresholded: DEFAULT_THRESHOLDED_CONFIG,
});

/** What `scoreTest` accepts: any section may be given partially (`Partial<ScoringOptions>` fits). */
export interface ScoringOptionsInput {
  now?: number;
  multiFactor?: Partial<Omit<ScoringConfig, 'weights'>> & { weights?: Partial<ScoringConfig['weights']> };
  flipRate?: Partial<FlipRateConfig>;
  pfs?: Partial<PfsConfig>;
  successRate?: Partial<SuccessRateConfig>;
  thresholded?: Partial<ThresholdedConfig>;
}

export interface TestScores {
  id: string;
  /** Seed 000. */
  multiFactor: MultiFactorScore;
  /** Seed 001: flip-rate over the last `flipRate.window` outcomes; null with fewer than 2 outcomes. */
  flipRate: number | null;
  /** Seed 001: EWMA flip-rate over the last `flipRate.ewmaWindow` outcomes; null with fewer than 2. */
  ewmaFlipRate: number | null;
  /** Tier of `flipRate` (null counts as 0, i.e. Stable; docs/scoring.md, section 2). */
  tier: Tier;
  /** Runs with a non-skipped attempt in the whole history. */
  outcomes: number;
  /** Seed 002. */
  pfs: PfsResult;
  /** Seed 003. */
  successRate: SuccessRate;
  /** Seed 004: thresholded flakiness of p = 1 - successRate.rate (0 when the rate is null). */
  thresholded: number;
}

export function resolveScoringOptions(opts: ScoringOptionsInput = {}): ScoringOptions {
  const d = DEFAULT_SCORING_OPTIONS;
  const mf = opts.multiFactor;
  return {
    now: opts.now ?? d.now,
    multiFactor: mf ? { ...d.multiFactor, ...mf, weights: { ...d.multiFactor.weights, ...mf.weights } } : d.multiFactor,
    flipRate: opts.flipRate ? { ...d.flipRate, ...opts.flipRate } : d.flipRate,
    pfs: opts.pfs ? { ...d.pfs, ...opts.pfs } : d.pfs,
    successRate: opts.successRate ? { ...d.successRate, ...opts.successRate } : d.successRate,
    thresholded: opts.thresholded ? { ...d.thresholded, ...opts.thresholded } : d.thresholded,
  };
}

function newestTime(h: TestHistory): number {
  let t = Number.NEGATIVE_INFINITY;
  for (const r of h.runs) if (r.time > t) t = r.time;
  return t;
}

/** Working space `score` passes to the methods; one per scoring call, reused across its tests. */
interface Scratch {
  flipRate: Uint8Array;
}

function scratchFor(o: ScoringOptions): Scratch {
  return { flipRate: new Uint8Array(Math.max(o.flipRate.window, o.flipRate.ewmaWindow, 0)) };
}

function score(h: TestHistory, o: ScoringOptions, now: number, memo: PfsMemo, scratch: Scratch): TestScores {
  const fr = flipRates(h.runs, o.flipRate, scratch.flipRate);
  const sr = successRate(h.runs, now, o.successRate);
  return {
    id: h.id,
    multiFactor: multiFactorScore(h.runs, now, o.multiFactor),
    flipRate: fr.flipRate,
    ewmaFlipRate: fr.ewmaFlipRate,
    tier: tierOf(fr.flipRate),
    outcomes: fr.outcomes,
    pfs: pfs(h.runs, o.pfs, memo),
    successRate: sr,
    thresholded: sr.rate === null ? 0 : thresholdedFlakiness(1 - sr.rate, o.thresholded.alpha),
  };
}

/** Every method's score for one test. `memo` lets callers share PFS posteriors across calls. */
export function scoreTest(h: TestHistory, opts?: ScoringOptionsInput, memo: PfsMemo = createPfsMemo()): TestScores {
  const o = resolveScoringOptions(opts);
  const now = Number.isFinite(o.now) ? o.now : newestTime(h);
  return score(h, o, now, memo, scratchFor(o));
}

/**
 * Scores many tests (keyed by test id), sharing one PFS memo. With `now` given the histories are
 * consumed in one pass (a generator is never materialised); without it they are read twice (an
 * iterable that is not an array is copied first) to find the newest run time of all.
 */
export function scoreAll(histories: Iterable<TestHistory>, opts?: ScoringOptionsInput, memo: PfsMemo = createPfsMemo()): Map<string, TestScores> {
  const o = resolveScoringOptions(opts);
  let now = o.now;
  let source = histories;
  if (!Number.isFinite(now)) {
    const list = Array.isArray(histories) ? (histories as readonly TestHistory[]) : [...histories];
    now = Number.NEGATIVE_INFINITY;
    for (const h of list) {
      const t = newestTime(h);
      if (t > now) now = t;
    }
    source = list;
  }
  const out = new Map<string, TestScores>();
  const scratch = scratchFor(o);
  for (const h of source) out.set(h.id, score(h, o, now, memo, scratch));
  return out;
}

/**
 * `scoreAll` one test at a time, with `now` given: the options resolved and the working space made once, for a caller
 * that scores tests one by one (`scorer(h)` equals `scoreAll([h], opts, memo).get(h.id)`).
 */
export function scorerOf(opts: ScoringOptionsInput & { now: number }, memo: PfsMemo = createPfsMemo()): (h: TestHistory) => TestScores {
  const o = resolveScoringOptions(opts);
  if (!Number.isFinite(o.now)) throw new Error('scorerOf needs a finite now');
  const scratch = scratchFor(o);
  return (h) => score(h, o, o.now, memo, scratch);
}

/**
 * Candidates for `allocateBudget` from scores: flakiness = `thresholded`, history = counted runs of
 * the success rate. Tests in `exclude` (e.g. already quarantined) are left out.
 */
export function budgetCandidates(scores: ReadonlyMap<string, TestScores>, exclude?: ReadonlySet<string>): BudgetCandidate[] {
  const out: BudgetCandidate[] = [];
  for (const [id, s] of scores) {
    if (exclude?.has(id)) continue;
    out.push({ id, flakiness: s.thresholded, runs: s.successRate.counted });
  }
  return out;
}
