/**
 * The re-run rule of issue #14, point 2, as a plain model over the world's answers: the simulator's reference for
 * choosing the defaults (scripts/eval/rerun-defaults.ts) and, until the action's re-run core is wired into the pure
 * engine, its stand-in there. Pure.
 *
 * A failed test is re-run until it passes or until its failure streak on this commit (the original failure
 * included) is implausible for a flaky test: at least `attempts` re-runs; more while p^streak ≥ `threshold`, where
 * p is the test's failure probability from its history; at most `attemptsMax`. More than `maxTests` failed tests:
 * none is re-run (a real break or an outage).
 */
import type { TestHistory } from '../../src/model.ts';

export interface RerunSettings {
  /** Re-runs at least (rerun-attempts). */
  attempts: number;
  /** Re-runs at most (rerun-attempts-max). */
  attemptsMax: number;
  /** Re-run nothing when more tests failed (rerun-max-tests). */
  maxTests: number;
  /** A streak is implausible when p^streak falls below this (0.005). */
  threshold: number;
  /**
   * p for a test the history says nothing about (no run, or no failure yet counts as p estimated with the prior):
   * Beta(priorFailures, priorPasses) pseudo-counts are added to the history's counts.
   */
  priorFailures: number;
  priorPasses: number;
  /**
   * What p is:
   * - `run`: the share of the test's runs whose first attempt failed (with the prior);
   * - `retry`: the share of its failed attempts that were followed by another failure in the same run (re-runs
   *   and retries), when the history has at least `retryPairsMin` such pairs, else `run`;
   * - `upper`: a one-sided 95% upper bound (Wilson) of the run failure rate, the largest over the last 10, the
   *   last 30 and all runs: p as large as the history still allows, now (a test that turned flaky lately, or one
   *   with little history, is not called implausible on an old or thin record);
   * - `upper-retry`: the larger of `upper` and the upper bound of the retry rate (bursts: a test whose failures
   *   come in streaks on one machine);
   * - `upper-proven`: `upper` counting only failures proven flaky in their run (a later attempt passed) and
   *   leaving out runs in which every attempt failed: a deterministic failure (a regression, even one with the
   *   test's flaky message) never raises the p that would let the next one pass as plausible.
   */
  p: 'run' | 'retry' | 'upper' | 'upper-retry' | 'upper-proven';
  retryPairsMin: number;
  /** rerun-budget: extra executions of passing tests per run (the core engine only; default 0, the action's). */
  budget?: number;
}

const Z = 1.645;

/** One-sided upper confidence bound (Wilson score) of a binomial proportion; 1 when n is 0. */
export function wilsonUpper(k: number, n: number, z = Z): number {
  if (n === 0) return 1;
  const ph = k / n;
  const z2 = z * z;
  return Math.min(1, (ph + z2 / (2 * n) + z * Math.sqrt((ph * (1 - ph)) / n + z2 / (4 * n * n))) / (1 + z2 / n));
}

export const ISSUE_SETTINGS: RerunSettings = { attempts: 2, attemptsMax: 6, maxTests: 20, threshold: 0.005, priorFailures: 1, priorPasses: 1, p: 'run', retryPairsMin: 3 };

/** The failure probability the rule uses for a test, from its history (first attempts; outages left out). */
export function failureProbability(history: TestHistory | undefined, s: RerunSettings): number {
  let runs = 0;
  let failed = 0;
  let pairs = 0;
  let pairFails = 0;
  const firsts: boolean[] = [];
  for (const r of history?.runs ?? []) {
    if (r.outage) continue;
    const codes = r.attempts.replace(/S/g, '');
    if (codes === '') continue;
    if (s.p === 'upper-proven') {
      if (!codes.includes('P')) continue;
      runs++;
      firsts.push(codes[0] !== 'P');
      if (codes[0] !== 'P') failed++;
      continue;
    }
    runs++;
    firsts.push(codes[0] !== 'P');
    if (codes[0] !== 'P') failed++;
    for (let k = 0; k + 1 < codes.length; k++) {
      if (codes[k] === 'P') continue;
      pairs++;
      if (codes[k + 1] !== 'P') pairFails++;
    }
  }
  if (s.p === 'upper' || s.p === 'upper-retry' || s.p === 'upper-proven') {
    let p = wilsonUpper(failed, runs);
    for (const w of [10, 30]) {
      const recent = firsts.slice(-w);
      p = Math.max(p, wilsonUpper(recent.filter(Boolean).length, recent.length));
    }
    if (s.p === 'upper-retry' && pairs > 0) p = Math.max(p, wilsonUpper(pairFails, pairs));
    return p;
  }
  if (s.p === 'retry' && pairs >= s.retryPairsMin) return (pairFails + s.priorFailures) / (pairs + s.priorFailures + s.priorPasses);
  return (failed + s.priorFailures) / (runs + s.priorFailures + s.priorPasses);
}

/** Re-runs needed after a first failure before a streak of failures is implausible; Infinity when attemptsMax cannot reach it. */
export function rerunsToImplausible(p: number, s: RerunSettings): number {
  for (let k = s.attempts; k <= s.attemptsMax; k++) if (Math.pow(p, k + 1) < s.threshold) return k;
  return Number.POSITIVE_INFINITY;
}

export type Verdict = 'passed' | 'consistent' | 'exhausted' | 'not-rerun';

export interface RerunOutcome {
  /** Re-run attempts per test, in round order ('P', 'F' or 'E'). */
  attempts: Map<string, string>;
  verdicts: Map<string, Verdict>;
  rounds: number;
  executions: number;
}

/**
 * Runs the loop: `answer(round, ids)` gives one attempt code per id (a round's report). A test missing from a
 * round's report keeps its streak and is asked again next round (the original failure stands).
 */
export function rerunLoop(failed: readonly string[], pOf: (id: string) => number, s: RerunSettings, answer: (round: number, ids: string[]) => Map<string, 'P' | 'F' | 'E'>): RerunOutcome {
  const attempts = new Map<string, string>();
  const verdicts = new Map<string, Verdict>();
  if (failed.length === 0 || failed.length > s.maxTests) {
    for (const id of failed) verdicts.set(id, 'not-rerun');
    return { attempts, verdicts, rounds: 0, executions: 0 };
  }
  const need = new Map(failed.map((id) => [id, rerunsToImplausible(pOf(id), s)]));
  let rounds = 0;
  let executions = 0;
  let pending = [...failed];
  for (let round = 1; round <= s.attemptsMax && pending.length > 0; round++) {
    const got = answer(round, pending);
    rounds++;
    executions += pending.length;
    const next: string[] = [];
    for (const id of pending) {
      const code = got.get(id);
      if (code) attempts.set(id, (attempts.get(id) ?? '') + code);
      const done = attempts.get(id) ?? '';
      if (code === 'P') verdicts.set(id, 'passed');
      else if (done.length >= need.get(id)!) verdicts.set(id, 'consistent');
      else if (round === s.attemptsMax) verdicts.set(id, 'exhausted');
      else next.push(id);
    }
    pending = next;
  }
  for (const id of failed) if (!verdicts.has(id)) verdicts.set(id, 'exhausted');
  return { attempts, verdicts, rounds, executions };
}
