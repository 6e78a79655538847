/**
 * When to stop re-running a failed test (issue #14, docs/rerun.md#the-stopping-rule). Pure.
 *
 * A failed test is re-run until it passes, or until its streak of failures in this run is implausible for a flaky
 * test: the chance that the test's flaky failures alone produce the streak falls below IMPLAUSIBLE (0.5%). That
 * chance is p^streak with p the test's failure probability — estimated from its own history, never a constant:
 *
 * - the first failure of the streak at the test's failure rate per attempt (`rate`), and every further one at its
 *   rate of failing again right after a failure (`again`). The two differ when failures come in bursts: among the
 *   real sequences in ../shared/real-outcomes one test fails 2.7% of its runs but 88% of the runs right after a
 *   failure; judging its re-runs at 2.7% would call every burst a regression.
 * - both are Beta–Bernoulli posteriors over the last `window` runs, and the chance is their posterior predictive —
 *   the expectation of p^streak, not the streak power of an estimate — so a test with little history, whose p is
 *   uncertain, needs a longer streak before it is called consistent.
 * - only runs in which the test passed at some attempt count (and no outage run): a run in which it failed every
 *   time may be a regression, and counting it would let a regression raise its own p until its next runs look
 *   plausible and its quarantine forgives them (the project's simulator measured that as masked failures).
 * - `rate` has the uniform prior Beta(1, 1): a test never seen has p = 1/2 and is re-run the maximum. `again`'s
 *   prior is centred on `rate` with the weight of two attempts: a test never re-run is assumed to fail again at its
 *   usual rate until its re-runs say otherwise.
 */
import type { TestHistory } from '../model.ts';

/** A streak whose chance under the test's flakiness is below this is implausible: the test failed consistently. */
export const IMPLAUSIBLE = 0.005;

/** Attempts counted from a test's recent history. */
export interface FailureCounts {
  /** Failing and passing attempts. */
  failures: number;
  passes: number;
  /** Attempts that came right after a failing attempt of the same run: failing, passing. */
  againFailures: number;
  againPasses: number;
}

export const NO_HISTORY: FailureCounts = Object.freeze({ failures: 0, passes: 0, againFailures: 0, againPasses: 0 });

/**
 * Counts the attempts of the newest `window` runs that have an outcome, leaving out outage runs and runs in which
 * every attempt failed (only runs that passed at some attempt tell what the test's flakiness does).
 */
export function failureCounts(history: TestHistory | undefined, window: number): FailureCounts {
  if (!history) return NO_HISTORY;
  const c = { failures: 0, passes: 0, againFailures: 0, againPasses: 0 };
  let seen = 0;
  for (let i = history.runs.length - 1; i >= 0 && seen < window; i--) {
    const run = history.runs[i]!;
    if (run.outage) continue;
    // A run in which every attempt failed says nothing a deterministic failure would not: counting it would let a
    // regression raise its own p, until its failing re-runs look plausible and its quarantine forgives it.
    if (run.attempts.indexOf('P') < 0 && (run.attempts.indexOf('F') >= 0 || run.attempts.indexOf('E') >= 0)) continue;
    let counted = false;
    let afterFailure = false;
    for (const code of run.attempts) {
      if (code === 'S') continue;
      counted = true;
      const failed = code === 'F' || code === 'E';
      if (failed) c.failures++;
      else c.passes++;
      if (afterFailure) {
        if (failed) c.againFailures++;
        else c.againPasses++;
      }
      afterFailure = failed;
    }
    if (counted) seen++;
  }
  return c;
}

/** Posterior mean of the failure rate per attempt (uniform prior). */
export function failureRate(c: FailureCounts): number {
  return (1 + c.failures) / (2 + c.failures + c.passes);
}

/**
 * The chance that the test's flaky failures alone fail `streak` attempts in a row: the first at its failure rate,
 * each further one at its posterior predictive rate of failing again after a failure.
 */
export function streakChance(c: FailureCounts, streak: number): number {
  if (streak <= 0) return 1;
  const rate = failureRate(c);
  const a = 2 * rate + c.againFailures;
  const b = 2 * (1 - rate) + c.againPasses;
  let chance = rate;
  for (let i = 0; i < streak - 1; i++) chance *= (a + i) / (a + b + i);
  return chance;
}

export interface StopRule {
  /** Re-runs at least this many times (unless it passes). */
  minReruns: number;
  /** Re-runs at most this many times. */
  maxReruns: number;
  /** The chance below which a streak is implausible; default IMPLAUSIBLE. */
  threshold?: number;
}

export type StopVerdict = 'continue' | 'consistent' | 'exhausted';

/**
 * After `reruns` answered re-runs, with `streak` failing attempts in a row up to now (the original failure
 * included): re-run again, or stop because the streak is implausible for a flaky test (`consistent`), or because
 * the re-runs ran out while it is still plausible (`exhausted`: the quarantine decides as without re-runs).
 */
export function nextStep(c: FailureCounts, streak: number, reruns: number, rule: StopRule): StopVerdict {
  const implausible = streakChance(c, streak) < (rule.threshold ?? IMPLAUSIBLE);
  if (reruns < rule.minReruns) return 'continue';
  if (implausible) return 'consistent';
  return reruns >= rule.maxReruns ? 'exhausted' : 'continue';
}

/** "failed 7 of 7 times on this commit; its flaky failures would do that less than 0.5% of the time". */
export function consistentSentence(failures: number, attempts: number): string {
  return `failed ${failures} of ${attempts} times on this commit; its flaky failures would do that less than ${IMPLAUSIBLE * 100}% of the time`;
}
