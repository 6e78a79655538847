/**
 * `rerun-budget`: extra executions of tests that passed (docs/rerun.md, "The budget"). Pure.
 *
 * - The budget, in test executions per run, is capped by the suite budget: the time available
 *   (`rerun-timeout`) over the average test time of this run.
 * - The failed tests' re-runs come first: their minimum re-runs are reserved.
 * - New tests first: on a pull request, a test never seen on the default branch gets `perNewTest` executions
 *   (early flake detection), while the budget lasts.
 * - The rest goes through `allocateBudget` (src/scoring/thresholded.ts): the targeted share (`proportionTargeted`,
 *   policy.thresholded.proportion-targeted) to the passing tests with the highest thresholded flakiness (policy.thresholded.alpha)
 *   of their failure rate per attempt in the window; the exploratory share (the rest), one execution each, to the
 *   tests with the least history.
 * The failure chance is the stopping rule's (`failureCounts`: attempts, outage runs and a regression going on left
 * out), not the stats line's 1 − success rate (runs, seed 003's run filters, `lookback-days`): an extra execution
 * is one attempt, and its chance to fail is the rate per attempt (docs/rerun.md, "The budget").
 * Quarantined tests get no extra executions: their release counts runs that passed at the first attempt, which an
 * extra execution would muddle, and they already fail often enough to be watched.
 */
import type { History, ParsedTestCase } from '../model.ts';
import { allocateBudget, DEFAULT_THRESHOLDED_CONFIG, thresholdedFlakiness, type BudgetCandidate, type ThresholdedConfig } from '../scoring/thresholded.ts';
import { failureCounts } from './stopping.ts';
import type { ExtraPlan } from './plan.ts';

/** Seed 004's suite budget: the time available over the average test time (1 s when the reports give none). */
export function suiteBudget(timeoutSec: number, tests: readonly ParsedTestCase[]): number {
  let total = 0;
  let known = 0;
  for (const t of tests) {
    const d = t.attempts[t.attempts.length - 1]?.durationSec;
    if (typeof d === 'number' && Number.isFinite(d) && d >= 0) {
      total += d;
      known++;
    }
  }
  const average = known > 0 ? Math.max(total / known, 0.001) : 1;
  return Math.floor(timeoutSec / average);
}

/** A test never seen on the default branch. */
export function isNewTest(history: History, historyId: string): boolean {
  const h = history.get(historyId);
  return !h || !h.runs.some((r) => r.onDefaultBranch);
}

export interface ExtrasInput {
  /** Tests that passed in this run. */
  passing: readonly ParsedTestCase[];
  history: History;
  historyId: (reportId: string) => string;
  /** History ids quarantined before this run. */
  quarantined: ReadonlySet<string>;
  /** Report ids of new tests (empty unless this is a pull request). */
  newTests: ReadonlySet<string>;
  /** Executions available (rerun-budget capped by the suite budget), before the reservation. */
  budget: number;
  /** Executions reserved for the failed tests' re-runs. */
  reserved: number;
  /** Executions per new test, and at most per targeted test. */
  perTest: number;
  window: number;
  /** Seed of allocateBudget's exploratory shuffle (from the run, so that runs explore different tests). */
  seed: number;
  /** α and the targeted share (config file: policy.thresholded.*); default DEFAULT_THRESHOLDED_CONFIG. */
  thresholded?: ThresholdedConfig;
}

/** A passing test's failure chance for the budget: failing attempts over attempts in the window (`failureCounts`). */
export function budgetFailureChance(history: History, historyId: string, window: number): number {
  const c = failureCounts(history.get(historyId), window);
  const attempts = c.failures + c.passes;
  return attempts > 0 ? c.failures / attempts : 0;
}

export function planExtras(input: ExtrasInput): ExtraPlan[] {
  const th = input.thresholded ?? DEFAULT_THRESHOLDED_CONFIG;
  let left = Math.max(0, Math.floor(input.budget) - input.reserved);
  const plans: ExtraPlan[] = [];
  const newOnes = input.passing.filter((t) => input.newTests.has(t.id)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const t of newOnes) {
    if (left <= 0) break;
    const runs = Math.min(input.perTest, left);
    plans.push({ id: t.id, runs, pool: 'new' });
    left -= runs;
  }
  if (left <= 0) return plans;
  const planned = new Set(plans.map((p) => p.id));
  const candidates: BudgetCandidate[] = [];
  for (const t of input.passing) {
    const hid = input.historyId(t.id);
    if (planned.has(t.id) || input.quarantined.has(hid)) continue;
    const observed = budgetFailureChance(input.history, hid, input.window);
    candidates.push({ id: t.id, flakiness: thresholdedFlakiness(observed, th.alpha), runs: input.history.get(hid)?.runs.length ?? 0 });
  }
  // Targeted: allocateBudget over the whole budget's targeted share.
  const exploratoryShare = left - Math.round(left * th.proportionTargeted);
  const targeted = allocateBudget(candidates, { budget: left - exploratoryShare, proportionTargeted: 1, maxTargetedPerTest: input.perTest, seed: input.seed }).filter((a) => a.pool === 'targeted');
  for (const a of targeted) {
    const runs = Math.min(Math.max(1, Math.round(a.budget)), left);
    if (runs <= 0) break;
    plans.push({ id: a.id, runs, pool: 'targeted' });
    planned.add(a.id);
    left -= runs;
  }
  // Exploratory: one execution each for the tests with the least history (the seed draws them at random; the
  // issue asks for the least known first), ties broken by a seeded hash so that runs explore different tests.
  const rest = candidates
    .filter((c) => !planned.has(c.id))
    .map((c) => ({ c, tie: hash(`${input.seed}:${c.id}`) }))
    .sort((x, y) => x.c.runs - y.c.runs || x.tie - y.tie);
  for (const { c } of rest) {
    if (left <= 0) break;
    plans.push({ id: c.id, runs: 1, pool: 'exploratory' });
    left -= 1;
  }
  return plans;
}

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
