/**
 * How many times a fix verification runs a quarantined test, and what its runs prove (docs/fix-verification.md).
 * Pure.
 *
 * The rate `p` is the test's first-attempt failure rate in its window (the newest `window` runs with an outcome, not
 * in an outage), as the posterior mean under a uniform prior: (failures + 1) / (runs + 2). The first attempt is what
 * one execution of a verification is, so it is the rate a run of the verification fails at if nothing changed. The
 * prior keeps a test with few runs, or none failing in the window (a quarantine by hand), from being planned with a
 * rate of 0 (infinite runs) or 1 (one run).
 *
 * N is the smallest number of runs in which a test still failing at `p` fails at least once with probability
 * CONFIDENCE: 1 - (1 - p)^N >= CONFIDENCE, N = ceil(ln(1 - CONFIDENCE) / ln(1 - p)). A budget caps N; the runs
 * actually made (the timeout can stop them) give the probability reached, 1 - (1 - p)^runs.
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
  /** The posterior mean (failures + 1) / (runs + 2). */
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

/** The fewest runs in which a test failing at `p` fails at least once with probability `confidence`. */
export function runsToCatch(p: number, confidence = CONFIDENCE): number {
  if (!(p > 0)) throw new RangeError(`a failure rate must be above 0, got ${p}`);
  if (p >= 1) return 1;
  return Math.max(1, Math.ceil(Math.log(1 - confidence) / Math.log(1 - p) - 1e-9));
}

/** The probability that a test failing at `p` fails at least once in `runs` runs. */
export function catchProbability(p: number, runs: number): number {
  return runs <= 0 ? 0 : 1 - Math.pow(1 - p, runs);
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
  const needed = runsToCatch(rate.p);
  if (needed <= maxRuns) return { rate, needed, planned: needed };
  return { rate, needed, planned: maxRuns, capped: { by: 'fix-verify-max-runs', reached: catchProbability(rate.p, maxRuns) } };
}

export type FixVerdict = 'verified' | 'failed' | 'inconclusive';

/**
 * What the runs prove: `failed` on any failure (the fix did not remove the flakiness, whatever the count);
 * `verified` when none failed in at least `needed` runs; `inconclusive` when none failed but fewer runs were made
 * (the budget or the timeout cut them): the probability reached is below CONFIDENCE and nothing is released on it.
 */
export function fixVerdict(plan: FixPlan, ran: number, failures: number): { verdict: FixVerdict; reached: number } {
  const reached = catchProbability(plan.rate.p, ran);
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
