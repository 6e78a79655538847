/**
 * The multi-factor score (seed 000) transcribed literally: the seed's component functions over `TestResult[]`, one
 * result per non-skipped attempt (`toTestResults`). `multiFactorScore` (src/scoring/multi-factor.ts) computes the
 * same numbers in one pass without allocating per attempt; test/scoring/multi-factor.test.ts checks both against
 * each other and these functions against the seed's formulas. Only tests use this file.
 */
import type { TestRunRecord } from '../../src/model.ts';
import {
  combineComponents,
  combineConfidence,
  DEFAULT_SCORING_CONFIG,
  generateRecommendation,
  type ConfidenceFactors,
  type MultiFactorScore,
  type ScoreComponents,
  type ScoringConfig,
} from '../../src/scoring/multi-factor.ts';
import { CH_P, isFailCode } from '../../src/scoring/outcomes.ts';

const DAY_MS = 86_400_000;

/** The seed's TestResult, reduced to what its formulas read. Oldest first (see calculateTimeSpanFactor). */
export interface TestResult {
  status: 'passed' | 'failed';
  /** 1-based attempt index within its run. */
  attempt: number;
  /** Run time, ms since the epoch (all attempts of a run share it). */
  createdAt: number;
  /** Normalised failure message: only on the run's first failing attempt (all TestRunRecord keeps). */
  message?: string;
  /** Duration in seconds: only on the run's last attempt (all TestRunRecord keeps); 0 when unknown. */
  time: number;
}

// ---------------------------------------------------------------------------------------------
// Mapping

/**
 * Runs (oldest first) to the seed's results: runs with `time < now - lookbackDays` are dropped,
 * then runs without a non-skipped attempt, then all but the last `rollingWindowSize` runs; each
 * remaining non-skipped attempt becomes one result (F and E → 'failed', P → 'passed'; S dropped,
 * attempt indexes count non-skipped attempts from 1).
 */
export function toTestResults(runs: readonly TestRunRecord[], now: number, config: Pick<ScoringConfig, 'rollingWindowSize' | 'lookbackDays'> = DEFAULT_SCORING_CONFIG): TestResult[] {
  const since = now - config.lookbackDays * DAY_MS;
  const picked: TestRunRecord[] = [];
  for (let r = runs.length - 1; r >= 0 && picked.length < config.rollingWindowSize; r--) {
    const run = runs[r]!;
    if (run.time < since) continue;
    if (!hasObservation(run.attempts)) continue;
    picked.push(run);
  }
  picked.reverse();
  const out: TestResult[] = [];
  for (const run of picked) {
    const a = run.attempts;
    let attempt = 0;
    let messageGiven = false;
    let lastIndex = -1;
    for (let i = 0; i < a.length; i++) {
      const c = a.charCodeAt(i);
      const fail = isFailCode(c);
      if (!fail && c !== CH_P) continue;
      attempt++;
      const res: TestResult = { status: fail ? 'failed' : 'passed', attempt, createdAt: run.time, time: 0 };
      if (fail && !messageGiven) {
        messageGiven = true;
        if (run.message !== undefined && run.message !== '') res.message = run.message;
      }
      out.push(res);
      lastIndex = out.length - 1;
    }
    if (lastIndex >= 0 && run.durationSec !== undefined && run.durationSec > 0) out[lastIndex]!.time = run.durationSec;
  }
  return out;
}

function hasObservation(attempts: string): boolean {
  for (let i = 0; i < attempts.length; i++) {
    const c = attempts.charCodeAt(i);
    if (c === CH_P || isFailCode(c)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Components (seed formulas)

export function countStateTransitions(results: readonly TestResult[]): number {
  let transitions = 0;
  for (let i = 1; i < results.length; i++) if (results[i]!.status !== results[i - 1]!.status) transitions++;
  return transitions;
}

export function calculateIntermittencyScore(results: readonly TestResult[]): number {
  const transitions = countStateTransitions(results);
  const maxPossibleTransitions = Math.max(1, results.length - 1);
  return transitions / maxPossibleTransitions;
}

export function calculateRerunPassRate(results: readonly TestResult[]): number {
  let rerunPasses = 0;
  let totalReruns = 0;
  for (const r of results) {
    if (r.attempt > 1) {
      totalReruns++;
      if (r.status === 'passed') rerunPasses++;
    }
  }
  return totalReruns > 0 ? rerunPasses / totalReruns : 0;
}

/**
 * The seed leaves calculateTimeDifferences, mean and standardDeviation undefined. Ours: differences
 * between consecutive failures in time order (ms, non-negative), arithmetic mean, population
 * standard deviation.
 */
export function calculateFailureClustering(results: readonly TestResult[]): number {
  const times: number[] = [];
  for (const r of results) if (r.status === 'failed') times.push(r.createdAt);
  if (times.length < 2) return 0;
  times.sort((a, b) => a - b);
  const n = times.length - 1;
  let sum = 0;
  for (let i = 1; i < times.length; i++) sum += times[i]! - times[i - 1]!;
  const mean = sum / n;
  let sq = 0;
  for (let i = 1; i < times.length; i++) {
    const d = times[i]! - times[i - 1]! - mean;
    sq += d * d;
  }
  const stdDev = Math.sqrt(sq / n);
  const coefficient = stdDev / (mean || 1);
  return Math.max(0, 1 - coefficient);
}

/**
 * Unique messages / failures with a message. Messages are compared as stored: TestRunRecord.message
 * is already normalised by the pipeline, and normalizeErrorMessage is not idempotent, so it is not
 * applied a second time here (pass `normalize` to apply it anyway).
 */
export function calculateMessageVariance(results: readonly TestResult[], normalize: ((m: string) => string) | null = null): number {
  const unique = new Set<string>();
  let failures = 0;
  for (const r of results) {
    if (r.status === 'failed' && r.message) {
      failures++;
      unique.add(normalize ? normalize(r.message) : r.message);
    }
  }
  return failures === 0 ? 0 : unique.size / failures;
}

export function calculateFailSuccessRatio(results: readonly TestResult[]): number {
  const total = results.length;
  if (total === 0) return 0;
  let failures = 0;
  for (const r of results) if (r.status === 'failed') failures++;
  const failureRate = failures / total;
  return 1 - Math.exp(-failureRate * 3);
}

export function findMaxConsecutiveFailures(results: readonly TestResult[]): number {
  let maxStreak = 0;
  let currentStreak = 0;
  for (const r of results) {
    if (r.status === 'failed') {
      currentStreak++;
      if (currentStreak > maxStreak) maxStreak = currentStreak;
    } else currentStreak = 0;
  }
  return maxStreak;
}

export function calculateConsecutiveFailurePenalty(results: readonly TestResult[]): number {
  const totalResults = results.length;
  if (totalResults === 0) return 0;
  const consecutiveRatio = findMaxConsecutiveFailures(results) / totalResults;
  return Math.min(1, consecutiveRatio * 2);
}

export function calculateComponents(results: readonly TestResult[]): ScoreComponents {
  return {
    intermittency: calculateIntermittencyScore(results),
    rerunPassRate: calculateRerunPassRate(results),
    failureClustering: calculateFailureClustering(results),
    messageVariance: calculateMessageVariance(results),
    failSuccessRatio: calculateFailSuccessRatio(results),
    consecutiveFailurePenalty: calculateConsecutiveFailurePenalty(results),
  };
}

/** Weighted sum of the five main components, times (1 - penalty * penalty weight), clamped to [0, 1]. */ // ---------------------------------------------------------------------------------------------
// Confidence

export function calculateDataQuantityFactor(results: readonly TestResult[]): number {
  return Math.min(1, results.length / 50);
}

/**
 * The seed computes results[0] - results[last], i.e. it assumes newest first (oldest first it would
 * be negative, and the geometric mean NaN). We use newest minus oldest result time (max - min), the
 * same span for either order and never negative.
 */
export function calculateTimeSpanFactor(results: readonly TestResult[]): number {
  if (results.length < 2) return 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const r of results) {
    if (r.createdAt < min) min = r.createdAt;
    if (r.createdAt > max) max = r.createdAt;
  }
  const timeSpanDays = (max - min) / DAY_MS;
  return Math.min(1, timeSpanDays / 14);
}

export function calculateDataQualityFactor(results: readonly TestResult[]): number {
  let hasFailureMessages = false;
  let hasRetryData = false;
  let hasTimingData = false;
  for (const r of results) {
    if (r.status === 'failed' && r.message) hasFailureMessages = true;
    if (r.attempt > 1) hasRetryData = true;
    if (r.time > 0) hasTimingData = true;
  }
  let q = 0.5;
  if (hasFailureMessages) q += 0.2;
  if (hasRetryData) q += 0.2;
  if (hasTimingData) q += 0.1;
  return q;
}

export function calculateConfidenceFactors(results: readonly TestResult[]): ConfidenceFactors {
  return {
    dataQuantity: calculateDataQuantityFactor(results),
    timeSpan: calculateTimeSpanFactor(results),
    dataQuality: calculateDataQualityFactor(results),
  };
}
export function calculateConfidence(results: readonly TestResult[]): number {
  return combineConfidence(calculateConfidenceFactors(results));
}
// ---------------------------------------------------------------------------------------------
// Entry point

export function multiFactorFromResults(results: readonly TestResult[], runs: number, recentFailures: number, config: ScoringConfig = DEFAULT_SCORING_CONFIG): MultiFactorScore {
  const components = calculateComponents(results);
  const score = combineComponents(components, config.weights);
  const factors = calculateConfidenceFactors(results);
  const confidence = combineConfidence(factors);
  const sufficientData = runs >= config.minRunsForScoring;
  return {
    score,
    confidence,
    components,
    factors,
    recommendation: generateRecommendation(score, confidence, config, sufficientData, recentFailures),
    runs,
    results: results.length,
    recentFailures,
    sufficientData,
  };
}

/**
 * Reference path: the seed's functions over `toTestResults`. `multiFactorScore` must give the same
 * result (a property test checks it); this one is slower and allocates a result per attempt.
 */
export function multiFactorScoreReference(runs: readonly TestRunRecord[], now: number, config: ScoringConfig = DEFAULT_SCORING_CONFIG): MultiFactorScore {
  const results = toTestResults(runs, now, config);
  let runCount = 0;
  let recentFailures = 0;
  const recentSince = now - config.recentFailureWindow * DAY_MS;
  // Recount runs and recent failing runs from the results (a new run starts at attempt 1).
  let runHasFail = false;
  let runTime = 0;
  for (const r of results) {
    if (r.attempt === 1) {
      if (runCount > 0 && runHasFail && runTime >= recentSince) recentFailures++;
      runCount++;
      runHasFail = false;
      runTime = r.createdAt;
    }
    if (r.status === 'failed') runHasFail = true;
  }
  if (runCount > 0 && runHasFail && runTime >= recentSince) recentFailures++;
  return multiFactorFromResults(results, runCount, recentFailures, config);
}
