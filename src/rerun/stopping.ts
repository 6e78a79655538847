/**
 * When to stop re-running a failed test (docs/rerun.md#how-many-re-runs-the-stopping-rule, ADR 0005). Pure.
 *
 * A failed test is re-run until it passes, or until its streak of failures is implausible for a flaky test: the
 * chance that the test's flaky failures alone fail its re-runs so far, **given that it failed in this run** (that is
 * why it is re-run), falls below IMPLAUSIBLE (0.5%). The condition is what the user sees: among the runs that a
 * flaky test turned red, the re-runs call it consistent (and keep the run red) less than 0.5% of the time. So the
 * streak is the re-runs' alone: the failure that triggered them and the report's own retries are the reason they
 * run, and counting them would multiply that chance by the test's failure rate (a 40% test with three retries in the
 * report kept red in 0.4³ = 6.4% of its red runs). docs/rerun.md, "Given that it failed"; measured in
 * docs/benchmarks-archive.md#re-runs-after-session-4-2026-11-24.
 *
 * - each re-run counts at the test's rate of failing again right after a failure (`again`), estimated from its own
 *   history, never a constant. It differs from the rate per attempt when failures come in bursts: among the real
 *   outcome sequences (docs/sources.md) one test fails 2.7% of its runs but 88% of the runs right after a failure.
 * - `again` is a Beta–Bernoulli posterior over the last `window` runs, and the chance is its posterior predictive —
 *   the expectation of again^reruns, not the power of an estimate — so a test with little history, whose rate is
 *   uncertain, needs a longer streak before it is called consistent.
 * - no outage run counts, nor a run in which the test failed every time while it has not passed since: that may be
 *   a regression going on, and counting it would let a regression raise its own p until its next runs look
 *   plausible and its quarantine forgives them (the project's simulator measured that as masked failures). Once a
 *   later run passed, such a run counts: leaving out every run that failed every time would leave out exactly the
 *   long bursts of a bursty test (its again-rate estimated from its short bursts only: 0.25 for a test of the real
 *   sequences whose failures are followed by another 70% of the time).
 * - `again`'s prior is centred on the test's failure rate per attempt (`rate`, uniform prior Beta(1, 1)) with the
 *   weight of two attempts: a test never re-run is assumed to fail again at its usual rate until its re-runs say
 *   otherwise; a test never seen (rate 1/2, again unknown) cannot be called consistent and is re-run the maximum.
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
 * Counts the attempts of the newest `window` runs that have an outcome, leaving out outage runs and the runs in
 * which every attempt failed after which the test has not passed yet (an episode that may be a regression going on).
 */
export function failureCounts(history: TestHistory | undefined, window: number): FailureCounts {
  if (!history) return NO_HISTORY;
  const c = { failures: 0, passes: 0, againFailures: 0, againPasses: 0 };
  let seen = 0;
  let passedLater = false;
  for (let i = history.runs.length - 1; i >= 0 && seen < window; i--) {
    const run = history.runs[i]!;
    if (run.outage) continue;
    // A run in which every attempt failed, with no pass in any later run, may be a regression still going on:
    // counting it would let the regression raise its own p, until its failing re-runs look plausible and its
    // quarantine forgives it. Once a later run passed, the episode is over and counts: leaving every such run out
    // would leave out exactly the long bursts of a bursty test and judge its next burst by its short ones.
    const passed = run.attempts.indexOf('P') >= 0;
    if (!passed && !passedLater && (run.attempts.indexOf('F') >= 0 || run.attempts.indexOf('E') >= 0)) continue;
    if (passed) passedLater = true;
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
 * each further one at its posterior predictive rate of failing again after a failure. (Not the stopping rule's
 * chance, which is conditional on the first failure: rerunChance.)
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

/**
 * The chance that the test's flaky failures alone fail `reruns` re-runs in a row, given that it failed in this run:
 * each re-run at the posterior predictive rate of failing again after a failure.
 */
export function rerunChance(c: FailureCounts, reruns: number): number {
  const rate = failureRate(c);
  const a = 2 * rate + c.againFailures;
  const b = 2 * (1 - rate) + c.againPasses;
  let chance = 1;
  for (let i = 0; i < reruns; i++) chance *= (a + i) / (a + b + i);
  return chance;
}

/** The fewest failing re-runs (up to `limit`) that make the streak implausible; undefined when more are needed. */
export function rerunsNeeded(c: FailureCounts, threshold: number, limit: number): number | undefined {
  for (let m = 0; m <= limit; m++) if (rerunChance(c, m) < threshold) return m;
  return undefined;
}

export interface StopRule {
  /** Re-runs at least this many times (unless it passes). */
  minReruns: number;
  /** Re-runs at most this many times. */
  maxReruns: number;
  /** Re-runs at most for a failure of a quarantined test (plan.ts); default EXTEND_FACTOR × maxReruns. */
  extendedMax?: number;
  /** The chance below which a streak is implausible; default IMPLAUSIBLE. */
  threshold?: number;
}

export type StopVerdict = 'continue' | 'consistent' | 'exhausted';

/**
 * After `reruns` answered re-runs, with `streak` failing attempts in a row up to now (the original failure
 * included): re-run again, or stop because its failing re-runs are implausible for a flaky test that failed
 * (`consistent`: rerunChance below the threshold), or because the re-runs ran out while it is still plausible
 * (`exhausted`: the quarantine decides as without re-runs).
 */
export function nextStep(c: FailureCounts, streak: number, reruns: number, rule: StopRule): StopVerdict {
  const implausible = rerunChance(c, Math.min(streak, reruns)) < (rule.threshold ?? IMPLAUSIBLE);
  if (reruns < rule.minReruns) return 'continue';
  if (implausible) return 'consistent';
  return reruns >= rule.maxReruns ? 'exhausted' : 'continue';
}

/** "failed 7 of 7 times on this commit; its flaky failures would do that less than 0.5% of the time". */
export function consistentSentence(failures: number, attempts: number): string {
  return `failed ${failures} of ${attempts} times on this commit; its flaky failures would do that less than ${IMPLAUSIBLE * 100}% of the time`;
}
