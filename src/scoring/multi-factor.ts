/**
 * Multi-factor flakiness score (seed 000, "FlakeGuard's flakiness scoring algorithm", docs/sources.md):
 * six components, weights, the consecutive-failure penalty, confidence and a recommendation.
 *
 * `multiFactorScore` computes the seed's formulas in one pass over our runs, without allocating per attempt; the
 * literal transcription of the seed's functions over its `TestResult[]` is test/scoring/multi-factor-reference.ts,
 * which a property test holds it to. See docs/scoring.md for every decision.
 */
import type { TestRunRecord } from '../model.ts';
import { CH_P, isFailCode } from './outcomes.ts';

const DAY_MS = 86_400_000;

/** The six components of a score, each in [0, 1]. */
export interface ScoreComponents {
  intermittency: number;
  rerunPassRate: number;
  failureClustering: number;
  messageVariance: number;
  failSuccessRatio: number;
  consecutiveFailurePenalty: number;
}

/** A weight per component; the consecutive-failure penalty's is applied as a multiplicative penalty, not summed. */
export type ScoringWeights = ScoreComponents;

export const DEFAULT_WEIGHTS: ScoringWeights = Object.freeze({
  intermittency: 0.3,
  rerunPassRate: 0.25,
  failureClustering: 0.15,
  messageVariance: 0.1,
  failSuccessRatio: 0.1,
  consecutiveFailurePenalty: 0.1,
});

export interface ScoringConfig {
  /** Most recent runs analysed (each run gives one result per non-skipped attempt). */
  rollingWindowSize: number;
  /** Below this many runs with a non-skipped attempt, the recommendation is at most 'monitor'. */
  minRunsForScoring: number;
  /** Runs older than this (relative to `now`) are ignored. */
  lookbackDays: number;
  /**
   * Days of the seed's "recent failure analysis": a test with no failing run within them is recommended at most
   * 'investigate', never 'quarantine' (the seed declares the key and gives it no formula; docs/scoring.md).
   */
  recentFailureWindow: number;
  quarantineThreshold: number;
  investigationThreshold: number;
  monitoringThreshold: number;
  minConfidenceForQuarantine: number;
  minConfidenceForAction: number;
  weights: ScoringWeights;
}

export const DEFAULT_SCORING_CONFIG: ScoringConfig = Object.freeze({
  rollingWindowSize: 50,
  minRunsForScoring: 5,
  lookbackDays: 30,
  recentFailureWindow: 7,
  quarantineThreshold: 0.6,
  investigationThreshold: 0.4,
  monitoringThreshold: 0.2,
  minConfidenceForQuarantine: 0.7,
  minConfidenceForAction: 0.5,
  weights: DEFAULT_WEIGHTS,
});

export interface ConfidenceFactors {
  dataQuantity: number;
  timeSpan: number;
  dataQuality: number;
}

export type RecommendationAction = 'stable' | 'monitor' | 'investigate' | 'quarantine';
export type RecommendationPriority = 'low' | 'medium' | 'high' | 'critical';

export interface Recommendation {
  action: RecommendationAction;
  reason: string;
  confidence: number;
  priority: RecommendationPriority;
}

export interface MultiFactorScore {
  /** Weighted, penalised score in [0, 1]. */
  score: number;
  /** Geometric mean of the confidence factors, [0, 1]. */
  confidence: number;
  components: ScoreComponents;
  factors: ConfidenceFactors;
  recommendation: Recommendation;
  /** Runs analysed (in lookback and window, with a non-skipped attempt). */
  runs: number;
  /** Results (non-skipped attempts) analysed. */
  results: number;
  /** Analysed runs with a failing attempt within `recentFailureWindow` days of `now`. */
  recentFailures: number;
  /** False when `runs < minRunsForScoring`. */
  sufficientData: boolean;
}

export function combineComponents(c: ScoreComponents, w: ScoringWeights = DEFAULT_WEIGHTS): number {
  let score =
    c.intermittency * w.intermittency + c.rerunPassRate * w.rerunPassRate + c.failureClustering * w.failureClustering + c.messageVariance * w.messageVariance + c.failSuccessRatio * w.failSuccessRatio;
  score = score * (1 - c.consecutiveFailurePenalty * w.consecutiveFailurePenalty);
  return Math.max(0, Math.min(1, score));
}

export function combineConfidence(f: ConfidenceFactors): number {
  return Math.pow(f.dataQuantity * f.timeSpan * f.dataQuality, 1 / 3);
}

// ---------------------------------------------------------------------------------------------
// Recommendation

/**
 * The seed's generateRecommendation, with its hard-coded numbers replaced by the ScoringConfig ones:
 * - confidence >= minConfidenceForQuarantine and score >= quarantineThreshold → quarantine / critical, when
 *   `recentFailures` (failing runs within recentFailureWindow days) is above 0; without one → investigate / high
 * - confidence >= minConfidenceForAction and score >= investigationThreshold → investigate /
 *   high when confidence >= minConfidenceForQuarantine, else medium
 * - score < monitoringThreshold → stable / low
 * - otherwise → monitor / low
 * With `sufficientData` false (fewer than minRunsForScoring runs) the result is at most monitor.
 */
export function generateRecommendation(
  score: number,
  confidence: number,
  config: ScoringConfig = DEFAULT_SCORING_CONFIG,
  sufficientData = true,
  recentFailures = Number.POSITIVE_INFINITY,
): Recommendation {
  if (score < config.monitoringThreshold) {
    return { action: 'stable', reason: 'Test appears stable based on available data', confidence, priority: 'low' };
  }
  if (!sufficientData) {
    return {
      action: 'monitor',
      reason: `Fewer than ${config.minRunsForScoring} runs: not enough data to act`,
      confidence,
      priority: 'low',
    };
  }
  if (confidence >= config.minConfidenceForQuarantine && score >= config.quarantineThreshold) {
    if (recentFailures > 0) return { action: 'quarantine', reason: 'High flakiness score with strong evidence', confidence, priority: 'critical' };
    return {
      action: 'investigate',
      reason: `High flakiness score, but no failure in the last ${config.recentFailureWindow} days`,
      confidence,
      priority: 'high',
    };
  }
  if (confidence >= config.minConfidenceForAction && score >= config.investigationThreshold) {
    const high = confidence >= config.minConfidenceForQuarantine;
    return {
      action: 'investigate',
      reason: high ? 'Moderate flakiness with high confidence' : 'Potential flakiness detected, needs investigation',
      confidence,
      priority: high ? 'high' : 'medium',
    };
  }
  return {
    action: 'monitor',
    reason: confidence < config.minConfidenceForAction ? 'Insufficient data for confident assessment' : 'Some instability detected, continue monitoring',
    confidence,
    priority: 'low',
  };
}

// ---------------------------------------------------------------------------------------------
// Entry point

/** True when the attempts hold a pass or a failure (a run of skips only is no observation). */
function hasObservation(attempts: string): boolean {
  for (let i = 0; i < attempts.length; i++) {
    const c = attempts.charCodeAt(i);
    if (c === CH_P || isFailCode(c)) return true;
  }
  return false;
}

/**
 * The seed's failure clustering over the failure times (ms, in the order seen): differences between consecutive
 * failures in time order, 1 - their coefficient of variation (population standard deviation over the mean), at
 * least 0. The seed leaves the differences, mean and standard deviation undefined; docs/scoring.md says how we read
 * them.
 */
function failureClustering(times: readonly number[], sorted: boolean): number {
  if (times.length < 2) return 0;
  const t: ArrayLike<number> = sorted ? times : Float64Array.from(times).sort();
  const m = t.length - 1;
  let sum = 0;
  for (let i = 1; i < t.length; i++) sum += t[i]! - t[i - 1]!;
  const mean = sum / m;
  let sq = 0;
  for (let i = 1; i < t.length; i++) {
    const d = t[i]! - t[i - 1]! - mean;
    sq += d * d;
  }
  const stdDev = Math.sqrt(sq / m);
  return Math.max(0, 1 - stdDev / (mean || 1));
}

/**
 * The multi-factor score of one test's runs (oldest first) as of `now`. The runs analysed are the newest
 * `rollingWindowSize` runs within `lookbackDays` that have a non-skipped attempt; each of their non-skipped attempts
 * is one of the seed's results (F and E failed, P passed), numbered from 1 within its run. Allocates only for the
 * failure times and messages of a test that failed.
 */
export function multiFactorScore(runs: readonly TestRunRecord[], now: number, config: ScoringConfig = DEFAULT_SCORING_CONFIG): MultiFactorScore {
  const since = now - config.lookbackDays * DAY_MS;
  const recentSince = now - config.recentFailureWindow * DAY_MS;
  const cap = Math.max(0, config.rollingWindowSize);
  // The oldest run analysed: every run from it on that is in the lookback and has an observation is analysed.
  let picked = 0;
  let first = runs.length;
  for (let r = runs.length - 1; r >= 0 && picked < cap; r--) {
    const run = runs[r]!;
    if (run.time < since || !hasObservation(run.attempts)) continue;
    picked++;
    first = r;
  }

  let n = 0;
  let transitions = 0;
  let prevFail = false;
  let rerunPasses = 0;
  let totalReruns = 0;
  let failures = 0;
  let streak = 0;
  let maxStreak = 0;
  const failTimes: number[] = [];
  let timesSorted = true;
  let msgFailures = 0;
  let messages: Set<string> | undefined;
  let hasTiming = false;
  let recentFailures = 0;
  let minTime = Number.POSITIVE_INFINITY;
  let maxTime = Number.NEGATIVE_INFINITY;

  for (let r = first; r < runs.length; r++) {
    const run = runs[r]!;
    const time = run.time;
    if (time < since) continue;
    const a = run.attempts;
    let attempt = 0;
    let messageGiven = false;
    let runFailed = false;
    for (let i = 0; i < a.length; i++) {
      const c = a.charCodeAt(i);
      const fail = isFailCode(c);
      if (!fail && c !== CH_P) continue;
      attempt++;
      if (time < minTime) minTime = time;
      if (time > maxTime) maxTime = time;
      if (n > 0 && fail !== prevFail) transitions++;
      prevFail = fail;
      n++;
      if (attempt > 1) {
        totalReruns++;
        if (!fail) rerunPasses++;
      }
      if (fail) {
        runFailed = true;
        failures++;
        streak++;
        if (streak > maxStreak) maxStreak = streak;
        if (failTimes.length > 0 && time < failTimes[failTimes.length - 1]!) timesSorted = false;
        failTimes.push(time);
        if (!messageGiven) {
          // The message is the run's first failing attempt's (all a TestRunRecord keeps), compared as stored.
          messageGiven = true;
          const m = run.message;
          if (m !== undefined && m !== '') {
            msgFailures++;
            (messages ??= new Set()).add(m);
          }
        }
      } else streak = 0;
    }
    // A run without a non-skipped attempt (attempt 0) is not analysed.
    if (attempt > 0 && run.durationSec !== undefined && run.durationSec > 0) hasTiming = true;
    if (runFailed && time >= recentSince) recentFailures++;
  }

  const components: ScoreComponents = {
    intermittency: transitions / Math.max(1, n - 1),
    rerunPassRate: totalReruns > 0 ? rerunPasses / totalReruns : 0,
    failureClustering: failureClustering(failTimes, timesSorted),
    messageVariance: messages === undefined ? 0 : messages.size / msgFailures,
    failSuccessRatio: n === 0 ? 0 : 1 - Math.exp(-(failures / n) * 3),
    consecutiveFailurePenalty: n === 0 ? 0 : Math.min(1, (maxStreak / n) * 2),
  };
  let q = 0.5;
  if (msgFailures > 0) q += 0.2;
  if (totalReruns > 0) q += 0.2;
  if (hasTiming) q += 0.1;
  const factors: ConfidenceFactors = {
    dataQuantity: Math.min(1, n / 50),
    timeSpan: n < 2 ? 0 : Math.min(1, (maxTime - minTime) / DAY_MS / 14),
    dataQuality: q,
  };
  const score = combineComponents(components, config.weights);
  const confidence = combineConfidence(factors);
  const sufficientData = picked >= config.minRunsForScoring;
  return {
    score,
    confidence,
    components,
    factors,
    recommendation: generateRecommendation(score, confidence, config, sufficientData, recentFailures),
    runs: picked,
    results: n,
    recentFailures,
    sufficientData,
  };
}
