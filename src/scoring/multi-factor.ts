/**
 * Multi-factor flakiness score (seed 000, "FlakeGuard's flakiness scoring algorithm"):
 * six components, weights, the consecutive-failure penalty, confidence and a recommendation.
 *
 * The component functions are the seed's, transcribed over `TestResult[]`. `toTestResults` maps our
 * runs to that shape (one result per non-skipped attempt); see docs/scoring.md for every decision.
 */
import type { TestRunRecord } from '../model.ts';
import { CH_P, isFailCode } from './outcomes.ts';

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

export interface ScoringWeights {
  intermittency: number;
  rerunPassRate: number;
  failureClustering: number;
  messageVariance: number;
  failSuccessRatio: number;
  /** Applied as a multiplicative penalty, not summed. */
  consecutiveFailurePenalty: number;
}

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
  /** Days for the `recentFailures` count (the seed declares it but no formula uses it). */
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

export interface ScoreComponents {
  intermittency: number;
  rerunPassRate: number;
  failureClustering: number;
  messageVariance: number;
  failSuccessRatio: number;
  consecutiveFailurePenalty: number;
}

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

// ---------------------------------------------------------------------------------------------
// normalizeErrorMessage — exactly as written in the seed (including its quirks; see docs).

export function normalizeErrorMessage(message: string): string {
  return (
    message
      // Remove timestamps
      .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}[.\d]*[Z]?/g, 'TIMESTAMP')
      // Remove line numbers
      .replace(/:\d+/g, ':LINE')
      // Remove memory addresses
      .replace(/0x[a-fA-F0-9]+/g, '0xADDRESS')
      // Remove port numbers
      .replace(/:\d{4,5}\b/g, ':PORT')
      // Remove UUIDs
      .replace(/[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}/gi, 'UUID')
      // Remove file paths
      .replace(/\/[\w\-_\/\.]+/g, 'PATH')
      // Remove assertion values
      .replace(/expected:?\s*\S+/gi, 'expected: VALUE')
      .replace(/actual:?\s*\S+/gi, 'actual: VALUE')
      // Normalize whitespace
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase()
  );
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

/** Weighted sum of the five main components, times (1 - penalty * penalty weight), clamped to [0, 1]. */
export function combineComponents(c: ScoreComponents, w: ScoringWeights = DEFAULT_WEIGHTS): number {
  let score =
    c.intermittency * w.intermittency + c.rerunPassRate * w.rerunPassRate + c.failureClustering * w.failureClustering + c.messageVariance * w.messageVariance + c.failSuccessRatio * w.failSuccessRatio;
  score = score * (1 - c.consecutiveFailurePenalty * w.consecutiveFailurePenalty);
  return Math.max(0, Math.min(1, score));
}

// ---------------------------------------------------------------------------------------------
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

export function combineConfidence(f: ConfidenceFactors): number {
  return Math.pow(f.dataQuantity * f.timeSpan * f.dataQuality, 1 / 3);
}

export function calculateConfidence(results: readonly TestResult[]): number {
  return combineConfidence(calculateConfidenceFactors(results));
}

// ---------------------------------------------------------------------------------------------
// Recommendation

/**
 * The seed's generateRecommendation, with its hard-coded numbers replaced by the ScoringConfig ones:
 * - confidence >= minConfidenceForQuarantine and score >= quarantineThreshold → quarantine / critical
 * - confidence >= minConfidenceForAction and score >= investigationThreshold → investigate /
 *   high when confidence >= minConfidenceForQuarantine, else medium
 * - score < monitoringThreshold → stable / low
 * - otherwise → monitor / low
 * With `sufficientData` false (fewer than minRunsForScoring runs) the result is at most monitor.
 */
export function generateRecommendation(score: number, confidence: number, config: ScoringConfig = DEFAULT_SCORING_CONFIG, sufficientData = true): Recommendation {
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
    return { action: 'quarantine', reason: 'High flakiness score with strong evidence', confidence, priority: 'critical' };
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
    recommendation: generateRecommendation(score, confidence, config, sufficientData),
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

// Scratch buffers for the fast path (single-threaded; contents never escape).
let pickedIdx = new Int32Array(64);
let failTimes = new Float64Array(256);
const messageSet = new Set<string>();

/**
 * The multi-factor score of one test's runs (oldest first) as of `now`: the same numbers as
 * `multiFactorScoreReference`, computed in one pass without allocating per attempt.
 */
export function multiFactorScore(runs: readonly TestRunRecord[], now: number, config: ScoringConfig = DEFAULT_SCORING_CONFIG): MultiFactorScore {
  const since = now - config.lookbackDays * DAY_MS;
  const recentSince = now - config.recentFailureWindow * DAY_MS;
  const cap = Math.max(0, config.rollingWindowSize);
  let picked = 0;
  for (let r = runs.length - 1; r >= 0 && picked < cap; r--) {
    const run = runs[r]!;
    if (run.time < since || !hasObservation(run.attempts)) continue;
    if (picked === pickedIdx.length) {
      const grown = new Int32Array(pickedIdx.length * 2);
      grown.set(pickedIdx);
      pickedIdx = grown;
    }
    pickedIdx[picked++] = r;
  }

  let n = 0;
  let transitions = 0;
  let prevFail = false;
  let rerunPasses = 0;
  let totalReruns = 0;
  let failures = 0;
  let streak = 0;
  let maxStreak = 0;
  let nFailTimes = 0;
  let timesSorted = true;
  let msgFailures = 0;
  let hasFailureMessages = false;
  let hasTiming = false;
  let recentFailures = 0;
  let minTime = Number.POSITIVE_INFINITY;
  let maxTime = Number.NEGATIVE_INFINITY;
  if (messageSet.size > 0) messageSet.clear();

  for (let q = picked - 1; q >= 0; q--) {
    const run = runs[pickedIdx[q]!]!;
    const a = run.attempts;
    const time = run.time;
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
        if (nFailTimes === failTimes.length) {
          const grown = new Float64Array(failTimes.length * 2);
          grown.set(failTimes);
          failTimes = grown;
        }
        if (nFailTimes > 0 && time < failTimes[nFailTimes - 1]!) timesSorted = false;
        failTimes[nFailTimes++] = time;
        if (!messageGiven) {
          messageGiven = true;
          const m = run.message;
          if (m !== undefined && m !== '') {
            hasFailureMessages = true;
            msgFailures++;
            messageSet.add(m);
          }
        }
      } else streak = 0;
    }
    if (run.durationSec !== undefined && run.durationSec > 0) hasTiming = true;
    if (runFailed && time >= recentSince) recentFailures++;
  }

  // Failure clustering, same arithmetic as calculateFailureClustering.
  let failureClustering = 0;
  if (nFailTimes >= 2) {
    if (!timesSorted) failTimes.subarray(0, nFailTimes).sort();
    const m = nFailTimes - 1;
    let sum = 0;
    for (let i = 1; i < nFailTimes; i++) sum += failTimes[i]! - failTimes[i - 1]!;
    const mean = sum / m;
    let sq = 0;
    for (let i = 1; i < nFailTimes; i++) {
      const d = failTimes[i]! - failTimes[i - 1]! - mean;
      sq += d * d;
    }
    const stdDev = Math.sqrt(sq / m);
    failureClustering = Math.max(0, 1 - stdDev / (mean || 1));
  }
  const components: ScoreComponents = {
    intermittency: transitions / Math.max(1, n - 1),
    rerunPassRate: totalReruns > 0 ? rerunPasses / totalReruns : 0,
    failureClustering,
    messageVariance: msgFailures === 0 ? 0 : messageSet.size / msgFailures,
    failSuccessRatio: n === 0 ? 0 : 1 - Math.exp(-(failures / n) * 3),
    consecutiveFailurePenalty: n === 0 ? 0 : Math.min(1, (maxStreak / n) * 2),
  };
  if (messageSet.size > 0) messageSet.clear();
  let q = 0.5;
  if (hasFailureMessages) q += 0.2;
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
    recommendation: generateRecommendation(score, confidence, config, sufficientData),
    runs: picked,
    results: n,
    recentFailures,
    sufficientData,
  };
}
