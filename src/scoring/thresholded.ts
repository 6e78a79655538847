/**
 * Thresholded flakiness and budget allocation (docs/scoring.md, section 5; its source, seed 004: docs/sources.md).
 *
 * flakiness(p) = 1 - p / alpha for a failure chance p in (0, alpha), 0 otherwise: the rarer a
 * failure, the flakier (and the more worth catching) the test; tests failing at least alpha of the
 * time "could reasonably be reproduced by a developer" and get 0. alpha = 0.4 (the thesis's figure,
 * which it calls arbitrary). See docs/scoring.md.
 */

export interface ThresholdedConfig {
  /** The threshold alpha in (0, 1]. Seed: 0.4. */
  alpha: number;
  /** The budget's targeted share (`proportionTargeted` of allocateBudget), [0, 1]; the seed gives none. Ours: 0.8. */
  proportionTargeted: number;
}

export const DEFAULT_THRESHOLDED_CONFIG: ThresholdedConfig = Object.freeze({ alpha: 0.4, proportionTargeted: 0.8 });

/** The thesis's calculateFlakiness(chanceOfFailure, threshold). NaN/out-of-range inputs give 0. */
export function thresholdedFlakiness(chanceOfFailure: number, alpha = DEFAULT_THRESHOLDED_CONFIG.alpha): number {
  if (!(chanceOfFailure > 0) || !(alpha > 0) || chanceOfFailure >= alpha) return 0;
  return 1 - chanceOfFailure / alpha;
}

export interface BudgetCandidate {
  id: string;
  /** Thresholded flakiness in [0, 1]. */
  flakiness: number;
  /** How much history the test has (e.g. counted runs); fewer is preferred among equal flakiness. */
  runs: number;
}

export interface BudgetOptions {
  /** Total budget, in the caller's unit (re-runs, or seconds of CI time). */
  budget: number;
  /** Share of the budget for the targeted pool, [0, 1]; the rest is exploratory. Ours: 0.8 (the seed gives none). */
  proportionTargeted: number;
  /** Cap on one test's targeted share (the seed's undefined "maximumTargetedBudget"). Ours: Infinity. */
  maxTargetedPerTest: number;
  /** What one exploratory test receives at most (the seed's undefined "maximumExploratoryBudget"). Ours: 1. */
  maxExploratoryPerTest: number;
  /** Seed of the deterministic shuffle of the exploratory pool (the seed shuffles randomly). */
  seed: number;
}

export const DEFAULT_BUDGET_OPTIONS: BudgetOptions = Object.freeze({
  budget: 100,
  proportionTargeted: 0.8,
  maxTargetedPerTest: Number.POSITIVE_INFINITY,
  maxExploratoryPerTest: 1,
  seed: 1,
});

export interface BudgetAllocation {
  id: string;
  pool: 'targeted' | 'exploratory';
  /** Budget given to this test, in the caller's unit (not rounded). */
  budget: number;
  flakiness: number;
}

/** mulberry32: small, fast, deterministic PRNG in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The thesis's allocateBudget: the targeted pool (budget * proportionTargeted) is split among tests
 * with flakiness > 0 in proportion to flakiness / totalFlakiness, each capped at maxTargetedPerTest
 * (what a cap cuts off is not redistributed, as in the seed); the exploratory pool goes, in a
 * seeded shuffle, to tests that got no targeted budget, min(remaining, maxExploratoryPerTest) each,
 * until it runs out. Returns only tests with budget > 0: targeted ones first, by flakiness
 * descending, then fewer runs first ("least historical data"), then id; exploratory ones in
 * shuffle order. Pure: same input and seed, same output.
 */
export function allocateBudget(tests: readonly BudgetCandidate[], options: Partial<BudgetOptions> = {}): BudgetAllocation[] {
  const o = { ...DEFAULT_BUDGET_OPTIONS, ...options };
  const total = Math.max(0, o.budget);
  const prop = Math.min(1, Math.max(0, o.proportionTargeted));
  const targetedBudget = total * prop;
  const exploratoryBudget = total - targetedBudget;

  let totalFlakiness = 0;
  const flaky: BudgetCandidate[] = [];
  const rest: BudgetCandidate[] = [];
  for (const t of tests) {
    if (t.flakiness > 0) {
      totalFlakiness += t.flakiness;
      flaky.push(t);
    } else rest.push(t);
  }
  flaky.sort((a, b) => b.flakiness - a.flakiness || a.runs - b.runs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const out: BudgetAllocation[] = [];
  for (const t of flaky) {
    const share = Math.min((t.flakiness / totalFlakiness) * targetedBudget, o.maxTargetedPerTest);
    if (share > 0) out.push({ id: t.id, pool: 'targeted', budget: share, flakiness: t.flakiness });
    else rest.push(t);
  }
  // Stable order before the shuffle so the result does not depend on input order.
  rest.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  let remaining = exploratoryBudget;
  const rand = mulberry32(o.seed);
  // Partial Fisher–Yates: only as many draws as the pool can pay for.
  for (let i = 0; i < rest.length && remaining > 0 && o.maxExploratoryPerTest > 0; i++) {
    const j = i + Math.floor(rand() * (rest.length - i));
    const pick = rest[j]!;
    rest[j] = rest[i]!;
    rest[i] = pick;
    const give = Math.min(remaining, o.maxExploratoryPerTest);
    remaining -= give;
    out.push({ id: pick.id, pool: 'exploratory', budget: give, flakiness: pick.flakiness });
  }
  return out;
}
