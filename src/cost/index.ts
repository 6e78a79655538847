/**
 * What each flaky test costs in CI time, and what the step's re-runs saved (docs/cost.md, ADRs 0494–0497). Pure: the
 * runs' figures (runs.json, docs/data-branch.md) and each test's attempts per run in, seconds out. Every reader of a
 * branch (the dashboard's model, the owners' issues, the export, the org view, `flakeguard why`) calls the same two
 * functions: `tallyRuns` over every test, then `testCost` for the tests it shows; `branchCosts` does both.
 *
 * The rules, each a share of a measured figure (ADR 0495):
 * - **re-run executions**: the attempts of a run in which the test failed, beyond its first attempt of each workflow
 *   attempt (a hand re-run's attempts are not re-runs of the step). Their seconds are the executions times the
 *   test's newest duration, plus a share (by executions) of what the run's measured re-run seconds (`r`) exceed the
 *   executions' durations by (a runner's start-up); a run without `r` is counted as estimated;
 * - **red runs re-run by hand** (ADR 0494): a run's hand re-runs' seconds (`hs`: the tests' seconds of every attempt
 *   that followed a red attempt on the same commit) shared equally by the tests that made the red attempt red, as far
 *   as the joined attempts tell (slotFacts' `blamed`);
 * - **saved** (ADR 0496): a run a re-run turned green (`p > 0`, the job green) would have been re-run by hand once: its
 *   tests' seconds (`s`) shared equally by the tests that flaked in it.
 */

/** What the cost reads of a run: runs.json's row (docs/data-branch.md); the store's and the page's rows fit it. */
export interface CostRun {
  jobSucceeded?: boolean;
  figures?: {
    testSec?: number;
    rerunSec?: number;
    passedOnRerun?: number;
    handReruns?: number;
    handRerunSec?: number;
  };
}

/** A test's runs, oldest first: calls `visit` with each run's key and the test's attempts in it (`FP`, one letter each). */
export type Slots<K> = (visit: (run: K, attempts: string) => void) => void;

/** What the tests that failed in one run add up to: the shares' denominators. */
export interface RunTally {
  /** Tests with a failed attempt in the run. */
  failed: number;
  /** Of them, the tests whose last attempt passed. */
  flaked: number;
  /** Of them, the tests a hand re-run of the run is charged to (slotFacts' `blamed`). */
  blamed: number;
  /** Their re-run executions (slotFacts). */
  executions: number;
  /** Those executions times each test's newest duration, seconds (0 for a test without one). */
  executionSec: number;
}

export interface TestCost {
  /** Runs of the window in which the test failed an attempt. */
  failedRuns: number;
  /** Its attempts after a failure, beyond the first of each workflow attempt: the step's re-runs and a runner's retries. */
  rerunExecutions: number;
  /** Their seconds: its share of the runs' measured re-run seconds, else executions × its newest duration. */
  rerunSec: number;
  /** Hand re-runs of red runs in which it failed. */
  handReruns: number;
  /** Its share of those re-runs' tests' seconds. */
  handRerunSec: number;
  /** rerunSec + handRerunSec: the CI time it cost. */
  costSec: number;
  /** Runs a re-run turned green in which it flaked. */
  savedRuns: number;
  /** Its share of those runs' tests' seconds: the hand re-runs the step's re-runs spared. */
  savedSec: number;
  /** Runs whose re-run seconds were estimated from its newest duration (no measured re-run seconds). */
  estimatedRuns: number;
}

const FAILED = /[FE]/;

/**
 * The test's facts in one run: whether it failed an attempt, whether it then passed, its re-run executions, and
 * whether a hand re-run of the run is charged to it (`blamed`, ADR 0494): it failed, and its attempt before the last
 * failed too, or its last did. The history joins a hand re-run's attempts to the red attempt's (`FF` + `P`), so the
 * attempt before the hand re-run's first is the red attempt's last: a test whose failure the step's re-run proved
 * flaky in that attempt (`FP` + `P`) did not make it red.
 */
export function slotFacts(attempts: string, handReruns = 0): { failed: boolean; flaked: boolean; executions: number; blamed: boolean } {
  if (!FAILED.test(attempts)) return { failed: false, flaked: false, executions: 0, blamed: false };
  const last = attempts[attempts.length - 1];
  const before = attempts[attempts.length - 2];
  return {
    failed: true,
    flaked: last === 'P',
    executions: Math.max(0, attempts.length - 1 - handReruns),
    blamed: last !== 'P' || before === 'F' || before === 'E',
  };
}

const handRerunsOf = (run: CostRun | undefined): number => {
  const h = run?.figures?.handReruns;
  return h !== undefined && Number.isSafeInteger(h) && h > 0 ? h : 0;
};

/** The denominators of every run's shares, over every test of the branch (a test that never failed adds nothing). */
export function tallyRuns<K>(tests: Iterable<{ slots: Slots<K>; durationSec?: number }>, runOf: (run: K) => CostRun | undefined): Map<K, RunTally> {
  const tallies = new Map<K, RunTally>();
  for (const t of tests) tallyTest(tallies, t.slots, runOf, t.durationSec);
  return tallies;
}

/** Adds one test's runs to `tallies` (for a reader that walks each test once for other reasons). */
export function tallyTest<K>(tallies: Map<K, RunTally>, slots: Slots<K>, runOf: (run: K) => CostRun | undefined, durationSec?: number): void {
  const d = finite(durationSec) ? durationSec : 0;
  slots((run, attempts) => {
    if (!FAILED.test(attempts)) return;
    const facts = slotFacts(attempts, handRerunsOf(runOf(run)));
    let t = tallies.get(run);
    if (!t) tallies.set(run, (t = { failed: 0, flaked: 0, blamed: 0, executions: 0, executionSec: 0 }));
    t.failed++;
    if (facts.flaked) t.flaked++;
    if (facts.blamed) t.blamed++;
    t.executions += facts.executions;
    t.executionSec += facts.executions * d;
  });
}

const finite = (x: number | undefined): x is number => x !== undefined && Number.isFinite(x) && x >= 0;

/**
 * One test's cost over its window, from its runs, its newest duration and the branch's tallies; undefined when it
 * failed in none of them (it cost nothing).
 */
export function testCost<K>(slots: Slots<K>, durationSec: number | undefined, runOf: (run: K) => CostRun | undefined, tallies: ReadonlyMap<K, RunTally>): TestCost | undefined {
  const cost: TestCost = { failedRuns: 0, rerunExecutions: 0, rerunSec: 0, handReruns: 0, handRerunSec: 0, costSec: 0, savedRuns: 0, savedSec: 0, estimatedRuns: 0 };
  slots((key, attempts) => {
    if (!FAILED.test(attempts)) return;
    const run = runOf(key);
    const hand = handRerunsOf(run);
    const facts = slotFacts(attempts, hand);
    const tally = tallies.get(key);
    const f = run?.figures;
    cost.failedRuns++;
    if (facts.executions > 0) {
      cost.rerunExecutions += facts.executions;
      // Its executions at its duration, plus its share of what the run's re-runs measured beyond the executions'
      // durations (a runner's start-up, a slower machine); without a measure, its duration alone, counted as estimated.
      const own = finite(durationSec) ? facts.executions * durationSec : 0;
      const overhead = finite(f?.rerunSec) && tally && tally.executions > 0 ? Math.max(0, f.rerunSec - tally.executionSec) : undefined;
      cost.rerunSec += own + (overhead !== undefined ? (overhead * facts.executions) / tally!.executions : 0);
      if (overhead === undefined) cost.estimatedRuns++;
    }
    if (hand > 0 && facts.blamed && tally && tally.blamed > 0) {
      cost.handReruns += hand;
      if (finite(f?.handRerunSec)) cost.handRerunSec += f.handRerunSec / tally.blamed;
    }
    if (facts.flaked && run?.jobSucceeded === true && (f?.passedOnRerun ?? 0) > 0 && finite(f?.testSec) && tally && tally.flaked > 0) {
      cost.savedRuns++;
      cost.savedSec += f!.testSec! / tally.flaked;
    }
  });
  if (cost.failedRuns === 0) return undefined;
  cost.costSec = cost.rerunSec + cost.handRerunSec;
  return cost;
}

/** A test of the branch as `branchCosts` reads it. */
export interface CostedTest<K> {
  id: string;
  slots: Slots<K>;
  /** Its newest duration (history's `d`). */
  durationSec?: number;
}

/** Every test's cost (the tests that failed in their window), costliest first (then by id): the ranking every view shows. */
export function branchCosts<K>(tests: readonly CostedTest<K>[], runOf: (run: K) => CostRun | undefined): Array<{ id: string; cost: TestCost }> {
  const tallies = tallyRuns(tests, runOf);
  const out: Array<{ id: string; cost: TestCost }> = [];
  for (const t of tests) {
    const cost = testCost(t.slots, t.durationSec, runOf, tallies);
    if (cost) out.push({ id: t.id, cost });
  }
  return out.sort(byCost);
}

/** Costliest first, then the most saved, then by id (stable). */
export function byCost(a: { id: string; cost: TestCost }, b: { id: string; cost: TestCost }): number {
  return b.cost.costSec - a.cost.costSec || b.cost.savedSec - a.cost.savedSec || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The price of `sec` seconds at `perMinute` (the `cost-per-minute` input), or undefined without a price. */
export function priced(sec: number, perMinute: number | undefined): number | undefined {
  return perMinute !== undefined && perMinute > 0 ? (sec / 60) * perMinute : undefined;
}

/** Minutes as the views write them: `0.54 min`, `12 min`, `1,234 min`. */
export function minutesText(sec: number): string {
  const min = sec / 60;
  return `${min >= 10 ? Math.round(min).toLocaleString('en-US') : min.toFixed(2)} min`;
}

/** A price as the views write it: two decimals, or more for a price under a cent. */
export function priceText(amount: number): string {
  return amount >= 0.01 || amount === 0 ? amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : amount.toPrecision(2);
}

/** The largest `cost-per-minute` accepted: a bound on hostile input, far above any CI's price. */
export const MAX_COST_PER_MINUTE = 1_000_000;

/** `cost-per-minute` as read from an input or the branch: a finite number from 0 to MAX_COST_PER_MINUTE, else undefined. */
export function costPerMinuteOf(raw: unknown): number | undefined {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : raw;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= MAX_COST_PER_MINUTE ? n : undefined;
}
