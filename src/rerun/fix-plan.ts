/**
 * How many times a fix verification runs a quarantined test, and what its runs prove (docs/fix-verification.md).
 * Pure.
 *
 * The rate is the test's first-attempt failure rate in its window (the newest `window` runs with an outcome, not in an
 * outage): f failures in n runs. The first attempt is what one execution of a verification is, so it is the rate a run
 * of the verification fails at if nothing changed. The window only estimates that rate, so the plan keeps the whole
 * posterior under a uniform prior, Beta(a, b) with a = f + 1 and b = n - f + 1, not only its mean (f + 1) / (n + 2):
 * the chance of passing N runs, (1 - p)^N, is convex in p, so averaged over the rates the window allows it is higher
 * than at their mean, most for a short window of a rarely failing test; a plan from the mean alone is too short. The
 * prior keeps a test with few runs, or none failing in the window (a quarantine by hand), from being planned with a
 * rate of 0 (infinite runs) or 1 (one run).
 *
 * N is the smallest number of runs in which a test still as flaky as its history tells fails at least once with
 * probability CONFIDENCE, the probability of no failure integrated over the posterior rate:
 *
 *   P(no failure in N) = E[(1 - p)^N] = B(a, b + N) / B(a, b) = prod_{i=0}^{N-1} (b + i) / (a + b + i) <= 1 - CONFIDENCE.
 *
 * The product falls with N, so the smallest N is found by iterating; with a >= 1 it is at most b / (b + N), so N is
 * at most 19 b + 1 at 95%. A budget caps N; the runs actually made (the timeout can stop them) give the probability
 * reached, 1 - P(no failure in runs), by the same integral.
 */
import type { TestHistory } from '../model.ts';

/** The probability with which a test still as flaky as before must fail at least once in the runs planned. */
export const CONFIDENCE = 0.95;

/** The default of `fix-verify-max-runs`. */
export const DEFAULT_MAX_RUNS = 100;

export interface FixRate {
  /** First attempts that failed, among `runs`. */
  failures: number;
  /** Runs counted (the newest `window` with an outcome, outages left out). */
  runs: number;
  /** The posterior mean (failures + 1) / (runs + 2): the rate as people read it (the plan uses the whole posterior). */
  p: number;
}

/** The test's first-attempt failure rate in its newest `window` runs (see the file's comment). */
export function fixRate(history: TestHistory | undefined, window: number): FixRate {
  let failures = 0;
  let runs = 0;
  const all = history?.runs ?? [];
  for (let i = all.length - 1; i >= 0 && runs < window; i--) {
    const r = all[i]!;
    if (r.outage) continue;
    const first = r.attempts.replace(/S/g, '')[0];
    if (first === undefined) continue;
    runs++;
    if (first === 'F' || first === 'E') failures++;
  }
  return { failures, runs, p: (failures + 1) / (runs + 2) };
}

/** The window's counts, the posterior Beta(a, b) is built from. */
export type FixCounts = Pick<FixRate, 'failures' | 'runs'>;

function posterior(rate: FixCounts): { a: number; b: number } {
  const { failures: f, runs: n } = rate;
  if (!Number.isInteger(f) || !Number.isInteger(n) || f < 0 || n < f) throw new RangeError(`a window of ${f} failures in ${n} runs is not one`);
  return { a: f + 1, b: n - f + 1 };
}

/** The probability that a test still as flaky as its window tells passes all `runs` runs: E[(1 - p)^runs] over Beta(a, b). */
export function missProbability(rate: FixCounts, runs: number): number {
  const { a, b } = posterior(rate);
  let miss = 1;
  for (let i = 0; i < runs; i++) miss *= (b + i) / (a + b + i);
  return miss;
}

/** The probability that a test still as flaky as its window tells fails at least once in `runs` runs. */
export function catchProbability(rate: FixCounts, runs: number): number {
  return runs <= 0 ? 0 : 1 - missProbability(rate, runs);
}

/** The fewest runs in which a test still as flaky as its window tells fails at least once with probability `confidence`. */
export function runsToCatch(rate: FixCounts, confidence = CONFIDENCE): number {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`a confidence must be between 0 and 1, got ${confidence}`);
  const { a, b } = posterior(rate);
  let miss = 1;
  let n = 0;
  // Terminates: miss <= b / (b + n) (a >= 1), below 1 - confidence by n = b * confidence / (1 - confidence) + 1.
  while (miss > 1 - confidence) {
    miss *= (b + n) / (a + b + n);
    n++;
  }
  return Math.max(1, n);
}

export interface FixPlan {
  rate: FixRate;
  /** Runs that reach CONFIDENCE. */
  needed: number;
  /** Runs planned: `needed`, or the budget when it is smaller. */
  planned: number;
  /** Set when the budget cut the runs: the verdict is weaker (`reached` says how much). */
  capped?: { by: 'fix-verify-max-runs'; reached: number };
}

export function planFix(rate: FixRate, maxRuns: number): FixPlan {
  const needed = runsToCatch(rate);
  if (needed <= maxRuns) return { rate, needed, planned: needed };
  return { rate, needed, planned: maxRuns, capped: { by: 'fix-verify-max-runs', reached: catchProbability(rate, maxRuns) } };
}

export type FixVerdict = 'verified' | 'failed' | 'inconclusive';

/**
 * What the runs prove: `failed` on any failure (the fix did not remove the flakiness, whatever the count);
 * `verified` when none failed in at least `needed` runs; `inconclusive` when none failed but fewer runs were made
 * (the budget or the timeout cut them): the probability reached is below CONFIDENCE and nothing is released on it.
 */
export function fixVerdict(plan: FixPlan, ran: number, failures: number): { verdict: FixVerdict; reached: number } {
  const reached = catchProbability(plan.rate, ran);
  if (failures > 0) return { verdict: 'failed', reached };
  return { verdict: ran >= plan.needed ? 'verified' : 'inconclusive', reached };
}

/** "1 in 20": a rate as people read it. */
export function rateText(p: number): string {
  if (!(p > 0)) return 'never';
  const oneIn = 1 / p;
  return oneIn < 1.5 ? 'nearly every run' : `1 in ${Math.round(oneIn)}`;
}

/** "95%", "99.2%": a probability, never rounded up to 100%. */
export function percentText(x: number): string {
  const pct = x * 100;
  if (pct >= 99.95) return '>99.9%';
  return `${pct >= 10 ? (Math.floor(pct * 10) / 10).toString() : (Math.floor(pct * 10) / 10).toFixed(1)}%`;
}

/** One claimed or touched quarantined test, verified (or not) on this pull request's run. */
export interface FixOutcome {
  id: string;
  /** Why it was verified: `it changes tests/a.test.ts`, `the pull request's body`, `commit 0123456789ab`. */
  why: string[];
  plan: FixPlan;
  ran: number;
  failures: number;
  verdict: FixVerdict;
  reached: number;
  /** Why the runs stopped before the plan without a failure. */
  stopped?: string;
  seconds: number;
}

/** What fix verification did in this run, for the write (src/policy/fix-release.ts) and for publishing. */
export interface FixReport {
  /** The pull request and head commit verified on (a pull request's run). */
  pr?: number;
  head?: string;
  outcomes: FixOutcome[];
  /** Claims that could not be verified, and why (each a sentence; ids in them are raw: escape to show). */
  notices: string[];
  /** Recorded verified fixes found landed on the default branch by this run. */
  landed: Array<{ id: string; pr: number; commit: string }>;
  /** The run cannot write (read-only, or a pull request from a fork): its verdicts are shown, never recorded. */
  readOnly: boolean;
}
