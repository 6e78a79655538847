/**
 * Changepoints of a Bernoulli sequence (a test's failed / passed runs, oldest first): where its failure rate changed,
 * with the uncertainty as a range of positions (docs/onset.md; docs/adr/0490-onset-bayesian-changepoint.md). Pure,
 * free of imports, so that the dashboard page bundles it too.
 *
 * The model: either one rate p for the whole sequence (M0), or a rate p1 before position τ and p2 from τ on (M1),
 * each rate with the prior `ZERO` on exactly 0 and `PRIOR` (uniform) elsewhere, and τ uniform over the positions that leave both sides a run. Both
 * rates integrate out in closed form (Beta-Binomial), so the evidence for M1 is a sum over τ: O(n) for a sequence of
 * n runs, with prefix counts. A change is reported only when the Bayes factor of M1 over M0 is at least
 * `MIN_BAYES_FACTOR` (strong evidence: a steady rate's noise almost never reaches it, scripts/eval/onset.ts measures
 * how often); the range is the smallest set of positions holding `CREDIBLE` of τ's posterior, given by its first and
 * last position. Further changes are looked for on each side (binary segmentation), at most `MAX_CHANGES` in all.
 */

/** Bayes factor of "the rate changed once" over "one rate" from which a change is reported. */
export const MIN_BAYES_FACTOR = 20;
/**
 * The prior of a failure rate where it is not 0: Beta(a, b), uniform. With `ZERO` it is a spike-and-slab prior: a
 * stretch of passes is strong evidence of a rate of 0, the common state of a test before it became flaky
 * (docs/adr/0490-onset-bayesian-changepoint.md gives the measured alternatives).
 */
export const PRIOR: readonly [number, number] = [1, 1];
/** The prior's weight on a rate of exactly 0: a test that does not fail (before it became flaky, or once fixed). */
export const ZERO = 0.5;
/** Posterior mass of τ the range holds. */
export const CREDIBLE = 0.9;
/** Changes reported per sequence at most (binary segmentation stops there). */
export const MAX_CHANGES = 4;
/** A side shorter than this is not searched for a further change. */
const MIN_SEGMENT = 8;

export interface RateChange {
  /** Position of the first run at the new rate, the most probable one. */
  at: number;
  /** First and last position of the credible range of `at` (both inclusive). */
  first: number;
  last: number;
  /** Posterior mass of the range (at least CREDIBLE, less only when rounding). */
  mass: number;
  /** 'up': failing more often from `at` on; 'down': less often. */
  direction: 'up' | 'down';
  /** Runs and failures of the stretch before `at` and from `at` on (within the segment searched). */
  before: { runs: number; failures: number };
  after: { runs: number; failures: number };
  /** log10 of the Bayes factor of a change in this segment over one rate. */
  log10BayesFactor: number;
}

/** log Γ(x) for x > 0 (Lanczos, g = 7: about 15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  const z = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i++) sum += c[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The tables of log Γ a segment's evidence reads, for counts up to n. */
interface Tables {
  /** log Γ(k + a), log Γ(j + b), log Γ(m + a + b) for k, j, m = 0..n; and log B(a, b). */
  fa: Float64Array;
  fb: Float64Array;
  fab: Float64Array;
  logB: number;
  /** log of the prior's weight on a rate of exactly 0, and on the Beta part. */
  logZero: number;
  logSlab: number;
}

function tables(n: number, a: number, b: number, zero: number): Tables {
  const fa = new Float64Array(n + 1);
  const fb = new Float64Array(n + 1);
  const fab = new Float64Array(n + 1);
  for (let k = 0; k <= n; k++) {
    fa[k] = logGamma(k + a);
    fb[k] = logGamma(k + b);
    fab[k] = logGamma(k + a + b);
  }
  return { fa, fb, fab, logB: logGamma(a) + logGamma(b) - logGamma(a + b), logZero: zero > 0 ? Math.log(zero) : -Infinity, logSlab: Math.log(1 - zero) };
}

/** log of the Beta-Binomial evidence of k failures in n runs under the Beta(a, b) prior: log B(k+a, n-k+b) − log B(a, b). */
function logEvidence(t: Tables, k: number, n: number): number {
  const slab = t.logSlab + t.fa[k]! + t.fb[n - k]! - t.fab[n]! - t.logB;
  if (k > 0 || t.logZero === -Infinity) return slab;
  const hi = Math.max(slab, t.logZero);
  return hi + Math.log(Math.exp(slab - hi) + Math.exp(t.logZero - hi));
}

interface Split {
  change: RateChange;
}

/** The single most probable change of x[lo, hi), when the evidence is strong enough. */
function bestSplit(fail: Uint8Array, prefix: Int32Array, lf: Tables, lo: number, hi: number, minLog: number): Split | undefined {
  const n = hi - lo;
  if (n < 2) return undefined;
  const k = prefix[hi]! - prefix[lo]!;
  if (k === 0 || k === n) return undefined;
  const m0 = logEvidence(lf, k, n);
  const logs = new Float64Array(n - 1);
  let max = -Infinity;
  let best = 0;
  for (let t = 1; t < n; t++) {
    const k1 = prefix[lo + t]! - prefix[lo]!;
    const v = logEvidence(lf, k1, t) + logEvidence(lf, k - k1, n - t);
    logs[t - 1] = v;
    if (v > max) {
      max = v;
      best = t;
    }
  }
  let sum = 0;
  for (let i = 0; i < logs.length; i++) sum += Math.exp(logs[i]! - max);
  const m1 = max + Math.log(sum) - Math.log(n - 1);
  const logBf = m1 - m0;
  if (logBf < minLog) return undefined;
  // The smallest set of positions holding CREDIBLE of the posterior: the most probable first.
  const order = Array.from({ length: n - 1 }, (_, i) => i).sort((a, b) => logs[b]! - logs[a]! || a - b);
  let mass = 0;
  let first = best;
  let last = best;
  for (const i of order) {
    mass += Math.exp(logs[i]! - max) / sum;
    first = Math.min(first, i + 1);
    last = Math.max(last, i + 1);
    if (mass >= CREDIBLE) break;
  }
  const k1 = prefix[lo + best]! - prefix[lo]!;
  const before = { runs: best, failures: k1 };
  const after = { runs: n - best, failures: k - k1 };
  const direction = after.failures / after.runs > before.failures / before.runs ? 'up' : 'down';
  return { change: { at: lo + best, first: lo + first, last: lo + last, mass: Math.min(1, mass), direction, before, after, log10BayesFactor: logBf / Math.LN10 } };
}

/**
 * The changes of failure rate of a sequence of runs (true: the run failed), oldest first; none when the evidence is
 * weak. O(n log n) per change found (the credible range sorts the positions); a sequence without a failure costs O(n).
 */
export function rateChanges(failed: ArrayLike<boolean>, options: { minBayesFactor?: number; maxChanges?: number; prior?: readonly [number, number]; zero?: number } = {}): RateChange[] {
  const n = failed.length;
  const fail = new Uint8Array(n);
  const prefix = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    fail[i] = failed[i] ? 1 : 0;
    prefix[i + 1] = prefix[i]! + fail[i]!;
  }
  if (prefix[n] === 0 || prefix[n] === n) return [];
  const lf = tables(n, options.prior?.[0] ?? PRIOR[0], options.prior?.[1] ?? PRIOR[1], options.zero ?? ZERO);
  const minLog = Math.log(options.minBayesFactor ?? MIN_BAYES_FACTOR);
  const max = options.maxChanges ?? MAX_CHANGES;
  const found: RateChange[] = [];
  const todo: Array<[number, number]> = [[0, n]];
  while (todo.length > 0 && found.length < max) {
    const [lo, hi] = todo.shift()!;
    const split = bestSplit(fail, prefix, lf, lo, hi, minLog);
    if (!split) continue;
    found.push(split.change);
    if (split.change.at - lo >= MIN_SEGMENT) todo.push([lo, split.change.at]);
    if (hi - split.change.at >= MIN_SEGMENT) todo.push([split.change.at, hi]);
  }
  found.sort((a, b) => a.at - b.at);
  // Each change's rates between its neighbours (the segment searched may have held another change).
  return found.map((c, i) => {
    const from = i === 0 ? 0 : found[i - 1]!.at;
    const to = i === found.length - 1 ? n : found[i + 1]!.at;
    const before = { runs: c.at - from, failures: prefix[c.at]! - prefix[from]! };
    const after = { runs: to - c.at, failures: prefix[to]! - prefix[c.at]! };
    return { ...c, before, after, direction: after.failures / after.runs > before.failures / before.runs ? 'up' : 'down' };
  });
}
