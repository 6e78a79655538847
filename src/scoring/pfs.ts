/**
 * Probabilistic flakiness score, PFS (docs/scoring.md, section 3; its source, seed 002: docs/sources.md).
 *
 * Model: every commit (sha) puts the test in one state for all its attempts. With probability p_b
 * the state is bad and every attempt fails; otherwise (good state) each attempt fails
 * independently with probability p_f — the PFS. A sha observed with P >= 1 passes and F failures
 * proves a good state, so its likelihood is (1 - p_b) p_f^F (1 - p_f)^P (for a single
 * "fail^j then pass" sequence that is the article's (1 - p_b) p_f^j (1 - p_f)); a sha with k
 * attempts that all failed has likelihood p_b + (1 - p_b) p_f^k.
 *
 * The likelihood therefore depends on the data only through the sufficient statistics
 *   G = good shas, A = failures on good shas, B = passes, and n_k = all-fail shas with k attempts,
 * and the posterior is memoised on their canonical string. It is computed on a grid in logit space
 * (t = log(p / (1 - p)) on both axes): a coarse fixed grid locates the region holding the posterior
 * mass, then a fine grid over that region is integrated with the trapezoidal rule. See docs/scoring.md.
 */
import type { TestRunRecord } from '../model.ts';
import { CH_P, isFailCode } from './outcomes.ts';

export interface PfsConfig {
  /** Beta prior on p_b as [a, b]. Default [1, 1] (uniform). */
  priorPb: readonly [number, number];
  /** Beta prior on p_f as [a, b]. Default [1, 1] (uniform). */
  priorPf: readonly [number, number];
  /** Mass of the central credible interval reported for p_f. Default 0.9 (5%–95%). */
  credibleMass: number;
  /** Fine-grid intervals per axis. Default 48. */
  gridSize: number;
}

export const DEFAULT_PFS_CONFIG: PfsConfig = Object.freeze({
  priorPb: Object.freeze([1, 1] as const),
  priorPf: Object.freeze([1, 1] as const),
  credibleMass: 0.9,
  gridSize: 48,
});

export interface PfsStats {
  /** Shas with at least one passing attempt. */
  good: number;
  /** Failing attempts on good shas. */
  goodFailures: number;
  /** Passing attempts (all on good shas). */
  passes: number;
  /** All-fail shas by number of attempts: [k, count] sorted by k. */
  allFail: Array<[number, number]>;
}

export interface PfsResult {
  /** Posterior mean of p_f, the probabilistic flakiness score. */
  pf: number;
  /** Lower end of the central credible interval of p_f (5% quantile by default). */
  pfLow: number;
  /** Upper end (95% quantile by default). */
  pfHigh: number;
  /** Posterior mean of p_b, the probability of a bad state. */
  pb: number;
  /** Shas observed (state observations). */
  observations: number;
}

/**
 * Caches shared across tests (share one per batch; `scoreAll` does): posteriors by canonical
 * statistics (and config), and a sha → integer index so grouping by sha needs no per-test Map.
 * Results are the same with or without it.
 */
export interface PfsMemo {
  readonly posteriors: Map<string, PfsResult>;
  readonly shaIds: Map<string, number>;
  /** Per sha id: the `epoch` (test) that last touched it, and its group index in that test. */
  stamp: Int32Array;
  slot: Int32Array;
  epoch: number;
  /** The previous test's sha sequence, its run → group assignment and group count. */
  lastShas: string[];
  groupOfRun: Int32Array;
  lastGroups: number;
  /** Scratch of `pfsStats`: failures and passes per group of the test at hand. */
  groupFails: Int32Array;
  groupPasses: Int32Array;
  /**
   * Posteriors of small statistics (smallStatsKey) by number, by config object (a config is not changed once used):
   * no key string made per look-up. `smallConfig` and `small` are the last config asked for and its map.
   */
  readonly smallByConfig: Map<PfsConfig, Map<number, PfsResult>>;
  smallConfig: PfsConfig | undefined;
  small: Map<number, PfsResult> | undefined;
}

/** How many posteriors a memo holds (each computed once). */
export function posteriorCount(memo: PfsMemo): number {
  let n = memo.posteriors.size;
  for (const small of memo.smallByConfig.values()) n += small.size;
  return n;
}

export function createPfsMemo(): PfsMemo {
  return {
    posteriors: new Map(),
    shaIds: new Map(),
    stamp: new Int32Array(256),
    slot: new Int32Array(256),
    epoch: 0,
    lastShas: [],
    groupOfRun: new Int32Array(128),
    lastGroups: 0,
    groupFails: new Int32Array(128),
    groupPasses: new Int32Array(128),
    smallByConfig: new Map(),
    smallConfig: undefined,
    small: undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Sufficient statistics

/** Groups the runs' non-skipped attempts by sha and reduces them to the sufficient statistics. */
export function pfsStats(runs: readonly TestRunRecord[], memo: PfsMemo = createPfsMemo()): PfsStats {
  const n = runs.length;
  // Phase 1: the group (distinct sha) of every run. Tests that ran in the same runs have the same
  // sha sequence, so the previous test's assignment is reused when the shas match one by one.
  let groups: number;
  const last = memo.lastShas;
  let same = last.length === n;
  for (let r = 0; same && r < n; r++) if (runs[r]!.sha !== last[r]) same = false;
  if (same) groups = memo.lastGroups;
  else {
    if (memo.groupOfRun.length < n) memo.groupOfRun = new Int32Array(Math.max(n, memo.groupOfRun.length * 2));
    const groupOfRun = memo.groupOfRun;
    const ids = memo.shaIds;
    if (memo.epoch >= 0x7ffffffe) {
      memo.stamp.fill(0);
      memo.epoch = 0;
    }
    const epoch = ++memo.epoch;
    groups = 0;
    let prevSha: string | undefined;
    let prevGroup = -1;
    for (let r = 0; r < n; r++) {
      const sha = runs[r]!.sha;
      let g: number;
      if (sha === prevSha) g = prevGroup;
      else {
        let id = ids.get(sha);
        if (id === undefined) {
          id = ids.size;
          ids.set(sha, id);
          if (id >= memo.stamp.length) {
            const st = new Int32Array(memo.stamp.length * 2);
            st.set(memo.stamp);
            memo.stamp = st;
            const sl = new Int32Array(memo.slot.length * 2);
            sl.set(memo.slot);
            memo.slot = sl;
          }
        }
        if (memo.stamp[id] === epoch) g = memo.slot[id]!;
        else {
          g = groups++;
          memo.stamp[id] = epoch;
          memo.slot[id] = g;
        }
        prevSha = sha;
        prevGroup = g;
      }
      groupOfRun[r] = g;
    }
    const shas = new Array<string>(n);
    for (let r = 0; r < n; r++) shas[r] = runs[r]!.sha;
    memo.lastShas = shas;
    memo.lastGroups = groups;
  }
  // Phase 2: failures and passes per group.
  if (memo.groupFails.length < groups) {
    memo.groupFails = new Int32Array(Math.max(groups, memo.groupFails.length * 2));
    memo.groupPasses = new Int32Array(memo.groupFails.length);
  }
  const { groupFails, groupPasses } = memo;
  groupFails.fill(0, 0, groups);
  groupPasses.fill(0, 0, groups);
  const groupOfRun = memo.groupOfRun;
  for (let r = 0; r < n; r++) {
    const a = runs[r]!.attempts;
    let f = 0;
    let p = 0;
    for (let i = 0; i < a.length; i++) {
      const c = a.charCodeAt(i);
      if (c === CH_P) p++;
      else if (isFailCode(c)) f++;
    }
    const g = groupOfRun[r]!;
    groupFails[g] = groupFails[g]! + f;
    groupPasses[g] = groupPasses[g]! + p;
  }
  let good = 0;
  let goodFailures = 0;
  let passes = 0;
  let allFail: Array<[number, number]> = [];
  for (let g = 0; g < groups; g++) {
    const f = groupFails[g]!;
    const p = groupPasses[g]!;
    if (f + p === 0) continue; // only skipped attempts on this sha: not an observation
    if (p > 0) {
      good++;
      goodFailures += f;
      passes += p;
    } else {
      let found = false;
      for (const e of allFail) {
        if (e[0] === f) {
          e[1]++;
          found = true;
          break;
        }
      }
      if (!found) allFail.push([f, 1]);
    }
  }
  if (allFail.length > 1) allFail = allFail.sort((x, y) => x[0] - y[0]);
  return { good, goodFailures, passes, allFail };
}

export function pfsStatsKey(s: PfsStats): string {
  let key = `${s.good},${s.goodFailures},${s.passes}`;
  for (const [k, n] of s.allFail) key += `|${k}:${n}`;
  return key;
}

/** The config's part of a posterior memo key: a memo of a pure function, keyed by the config object (configs are not changed once used). */
const configKeys = new WeakMap<PfsConfig, string>();
function configKey(c: PfsConfig): string {
  let k = configKeys.get(c);
  if (k === undefined) {
    k = `${c.priorPb[0]},${c.priorPb[1]},${c.priorPf[0]},${c.priorPf[1]},${c.credibleMass},${c.gridSize}`;
    configKeys.set(c, k);
  }
  return k;
}

// ---------------------------------------------------------------------------------------------
// Grid machinery

/**
 * Logit range covered on both axes: p in [3.1e-7, 1 - 3.1e-7]. With priors Beta(a, b), a, b >= 1,
 * the density in t decays at least like e^-|t| beyond it, so the mass left out is below 1e-6.
 */
const T_MIN = -15;
const T_MAX = 15;
const COARSE_STEP = 1;
const COARSE_N = Math.round((T_MAX - T_MIN) / COARSE_STEP) + 1; // nodes
/** Coarse nodes whose log posterior is within this of the maximum (density ratio 1e-9) delimit the fine region. */
const REGION_LOG_CUTOFF = 20.7;
/** Log density ratio below which a fine-grid cell is treated as 0 (e^-46 ~ 1e-20). */
const NEGLIGIBLE = 46;

/** log(sigmoid(t)) and log(1 - sigmoid(t)), stable. */
function logSig(t: number): number {
  return t >= 0 ? -Math.log1p(Math.exp(-t)) : t - Math.log1p(Math.exp(t));
}
function logSigNeg(t: number): number {
  return logSig(-t);
}
function sigmoid(t: number): number {
  return t >= 0 ? 1 / (1 + Math.exp(-t)) : Math.exp(t) / (1 + Math.exp(t));
}
/** log(exp(a) + exp(b)). */
function logAddExp(a: number, b: number): number {
  return a > b ? a + Math.log1p(Math.exp(b - a)) : b + Math.log1p(Math.exp(a - b));
}

/** The coarse grid's nodes and their log p, log(1 - p): filled once here, only read afterwards. */
const coarseT = new Float64Array(COARSE_N);
const coarseLogP = new Float64Array(COARSE_N);
const coarseLog1mP = new Float64Array(COARSE_N);
for (let i = 0; i < COARSE_N; i++) {
  const t = T_MIN + i * COARSE_STEP;
  coarseT[i] = t;
  coarseLogP[i] = logSig(t);
  coarseLog1mP[i] = logSigNeg(t);
}
/**
 * log(p_b + (1 - p_b) p_f^k) on the coarse grid, [i_b * COARSE_N + i_f], by k: an immutable memo of a pure function
 * of k (a table is filled once, before it is stored, and only read afterwards), shared by every computePfs call.
 */
const coarseAllFail = new Map<number, Float64Array>();
function coarseAllFailTable(k: number): Float64Array {
  let tab = coarseAllFail.get(k);
  if (tab === undefined) {
    tab = new Float64Array(COARSE_N * COARSE_N);
    for (let i = 0; i < COARSE_N; i++) {
      for (let j = 0; j < COARSE_N; j++) tab[i * COARSE_N + j] = logAddExp(coarseLogP[i]!, coarseLog1mP[i]! + k * coarseLogP[j]!);
    }
    coarseAllFail.set(k, tab);
  }
  return tab;
}

interface Axis {
  /** Exponent of log p (prior a + data). */
  a: number;
  /** Exponent of log(1 - p) (prior b + data). */
  b: number;
}

/** [lo, hi] coarse indices (inclusive) where f[idx] >= max - cutoff, padded by one node. */
function region(vals: Float64Array): [number, number] {
  let max = -Infinity;
  for (let i = 0; i < vals.length; i++) if (vals[i]! > max) max = vals[i]!;
  let lo = vals.length;
  let hi = -1;
  for (let i = 0; i < vals.length; i++) {
    if (vals[i]! >= max - REGION_LOG_CUTOFF) {
      if (i < lo) lo = i;
      hi = i;
    }
  }
  return [Math.max(0, lo - 1), Math.min(vals.length - 1, hi + 1)];
}

/** Fine grid nodes over coarse indices [lo, hi]. */
function fineNodes(lo: number, hi: number, n: number): Float64Array {
  const t0 = coarseT[lo]!;
  const t1 = coarseT[hi]!;
  const out = new Float64Array(n + 1);
  const h = (t1 - t0) / n;
  for (let i = 0; i <= n; i++) out[i] = t0 + i * h;
  return out;
}

/** A marginal posterior in logit space: equally spaced nodes `t` and the unnormalised density there. */
interface Marginal {
  t: Float64Array;
  f: Float64Array;
}

/** Posterior mean of p = sigmoid(t), trapezoidal rule. */
function mean(m: Marginal): number {
  const n = m.t.length;
  let z = 0;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const w = i === 0 || i === n - 1 ? 0.5 : 1;
    z += w * m.f[i]!;
    s += w * m.f[i]! * sigmoid(m.t[i]!);
  }
  return s / z;
}

/**
 * Quantile q of the marginal, returned as p = sigmoid(t). The density between nodes is the
 * Catmull-Rom cubic through the four nearest nodes (a node beyond the ends counts as 0: the
 * region is chosen so that the density there is negligible); cells are integrated exactly, and
 * the crossing inside a cell is found by bisection. Fourth-order accurate in the node spacing.
 */
function quantile(m: Marginal, q: number): number {
  const n = m.t.length;
  if (n === 1) return sigmoid(m.t[0]!);
  const h = m.t[1]! - m.t[0]!;
  const f = m.f;
  const at = (i: number): number => (i < 0 || i >= n ? 0 : f[i]!);
  // Cell integrals h/24 (-f[i-1] + 13 f[i] + 13 f[i+1] - f[i+2]), clamped at 0.
  const cells = new Float64Array(n - 1);
  let z = 0;
  for (let i = 0; i < n - 1; i++) {
    const c = Math.max(0, (h / 24) * (-at(i - 1) + 13 * at(i) + 13 * at(i + 1) - at(i + 2)));
    cells[i] = c;
    z += c;
  }
  const target = q * z;
  let acc = 0;
  for (let i = 0; i < n - 1; i++) {
    const c = cells[i]!;
    if (acc + c < target && i < n - 2) {
      acc += c;
      continue;
    }
    const need = Math.max(0, Math.min(c, target - acc));
    const fm = at(i - 1);
    const f0 = at(i);
    const f1 = at(i + 1);
    const f2 = at(i + 2);
    const c1 = f1 - fm;
    const c2 = 2 * fm - 5 * f0 + 4 * f1 - f2;
    const c3 = -fm + 3 * f0 - 3 * f1 + f2;
    // Integral of the cubic from 0 to x (x in [0, 1]), times h.
    const cum = (x: number): number => h * 0.5 * (2 * f0 * x + (c1 * x * x) / 2 + (c2 * x * x * x) / 3 + (c3 * x * x * x * x) / 4);
    let lo = 0;
    let hi = 1;
    for (let it = 0; it < 40; it++) {
      const mid = (lo + hi) / 2;
      if (cum(mid) < need) lo = mid;
      else hi = mid;
    }
    return sigmoid(m.t[i]! + ((lo + hi) / 2) * h);
  }
  return sigmoid(m.t[n - 1]!);
}

/** 1-D posterior of a Beta-like factor p^a (1 - p)^b in logit space (the prior's Jacobian included in a, b). */
function marginal1d(ax: Axis, n: number): Marginal {
  const coarse = new Float64Array(COARSE_N);
  for (let i = 0; i < COARSE_N; i++) coarse[i] = ax.a * coarseLogP[i]! + ax.b * coarseLog1mP[i]!;
  const [lo, hi] = region(coarse);
  const t = fineNodes(lo, hi, n);
  const lv = new Float64Array(t.length);
  let max = -Infinity;
  for (let i = 0; i < t.length; i++) {
    const v = ax.a * logSig(t[i]!) + ax.b * logSigNeg(t[i]!);
    lv[i] = v;
    if (v > max) max = v;
  }
  for (let i = 0; i < t.length; i++) lv[i] = Math.exp(lv[i]! - max);
  return { t, f: lv };
}

/**
 * Posterior summary from sufficient statistics. Exported for tests; use `pfs` or `pfsFromStats`
 * with a memo in production.
 */
export function computePfs(s: PfsStats, config: PfsConfig = DEFAULT_PFS_CONFIG): PfsResult {
  const n = Math.max(4, Math.floor(config.gridSize));
  // In logit space a Beta(a, b) prior has density p^a (1 - p)^b (Jacobian p (1 - p)).
  const b: Axis = { a: config.priorPb[0], b: config.priorPb[1] + s.good };
  const f: Axis = { a: config.priorPf[0] + s.goodFailures, b: config.priorPf[1] + s.passes };
  const lowQ = (1 - config.credibleMass) / 2;
  const highQ = 1 - lowQ;
  let observations = s.good;
  for (const [, c] of s.allFail) observations += c;

  let mb: Marginal;
  let mf: Marginal;
  if (s.allFail.length === 0) {
    // The posterior factorises: p_b ~ Beta(a_b, b_b + G), p_f ~ Beta(a_f + A, b_f + B).
    mb = marginal1d(b, n);
    mf = marginal1d(f, n);
  } else {
    // Coarse 2-D pass on cached tables to locate the mass.
    const N = COARSE_N;
    const coarse = new Float64Array(N * N); // coarse log posterior
    const col = new Float64Array(N);
    for (let j = 0; j < N; j++) col[j] = f.a * coarseLogP[j]! + f.b * coarseLog1mP[j]!;
    // Start from the first all-fail term, then add the others (usually there is only one).
    const tab0 = coarseAllFailTable(s.allFail[0]![0]);
    const n0 = s.allFail[0]![1];
    let max = -Infinity;
    for (let i = 0; i < N; i++) {
      const row = b.a * coarseLogP[i]! + b.b * coarseLog1mP[i]!;
      const base = i * N;
      for (let j = 0; j < N; j++) coarse[base + j] = row + col[j]! + n0 * tab0[base + j]!;
    }
    for (let q = 1; q < s.allFail.length; q++) {
      const tab = coarseAllFailTable(s.allFail[q]![0]);
      const nq = s.allFail[q]![1];
      for (let x = 0; x < N * N; x++) coarse[x] = coarse[x]! + nq * tab[x]!;
    }
    for (let x = 0; x < N * N; x++) if (coarse[x]! > max) max = coarse[x]!;
    let ilo = N;
    let ihi = -1;
    let jlo = N;
    let jhi = -1;
    for (let i = 0; i < N; i++) {
      for (let j = 0; j < N; j++) {
        if (coarse[i * N + j]! >= max - REGION_LOG_CUTOFF) {
          if (i < ilo) ilo = i;
          if (i > ihi) ihi = i;
          if (j < jlo) jlo = j;
          if (j > jhi) jhi = j;
        }
      }
    }
    ilo = Math.max(0, ilo - 1);
    jlo = Math.max(0, jlo - 1);
    ihi = Math.min(N - 1, ihi + 1);
    jhi = Math.min(N - 1, jhi + 1);
    // Fine 2-D pass over the region.
    const tb = fineNodes(ilo, ihi, n);
    const tf = fineNodes(jlo, jhi, n);
    const nb = tb.length;
    const nf = tf.length;
    const pbv = new Float64Array(nb);
    const rowTerm = new Float64Array(nb);
    for (let i = 0; i < nb; i++) {
      pbv[i] = sigmoid(tb[i]!);
      rowTerm[i] = b.a * logSig(tb[i]!) + b.b * logSigNeg(tb[i]!);
    }
    const K = s.allFail.length;
    const ns = new Float64Array(K);
    for (let q = 0; q < K; q++) ns[q] = s.allFail[q]![1];
    // pfk[j * K + q] = p_f^k_q; colTerm = good-state factor of p_f.
    const pfk = new Float64Array(nf * K);
    const colTerm = new Float64Array(nf);
    for (let j = 0; j < nf; j++) {
      const lf = logSig(tf[j]!);
      colTerm[j] = f.a * lf + f.b * logSigNeg(tf[j]!);
      for (let q = 0; q < K; q++) pfk[j * K + q] = Math.exp(s.allFail[q]![0] * lf);
    }
    const fb = new Float64Array(nb);
    const ff = new Float64Array(nf);
    // Cell density relative to exp(max): exp(row_i + col_j - max) * prod_q y^n_q with
    // y = p_b + (1 - p_b) p_f^k_q in (3e-7, 1] (p_b >= 3e-7 on this grid, so y never underflows).
    let rmax = -Infinity;
    let cmax = -Infinity;
    for (let i = 0; i < nb; i++) if (rowTerm[i]! > rmax) rmax = rowTerm[i]!;
    for (let j = 0; j < nf; j++) if (colTerm[j]! > cmax) cmax = colTerm[j]!;
    // `max` (coarse) <= the true maximum <= rmax + cmax. When u = rmax + cmax - max is moderate,
    // exp(row + col - max) <= e^u cannot overflow, and a cell whose integer powers underflow
    // (< e^-745) is below e^(u - 745): negligible. Then the powers are taken by repeated
    // squaring, with no log or exp per cell. Otherwise fall back to logs.
    const u = rmax + cmax - max;
    if (u < 600) {
      const ex = new Float64Array(nb);
      const cx = new Float64Array(nf);
      for (let i = 0; i < nb; i++) ex[i] = Math.exp(rowTerm[i]! - rmax);
      for (let j = 0; j < nf; j++) cx[j] = Math.exp(colTerm[j]! - cmax + u);
      const tiny = Math.exp(-NEGLIGIBLE);
      for (let i = 0; i < nb; i++) {
        const e = ex[i]!;
        const pb = pbv[i]!;
        const qb = 1 - pb;
        const wi = i === 0 || i === nb - 1 ? 0.5 : 1;
        for (let j = 0; j < nf; j++) {
          let d = e * cx[j]!;
          // Each all-fail factor is <= 1: a cell already negligible stays negligible.
          if (d < tiny) continue;
          for (let q = 0; q < K; q++) {
            let y = pb + qb * pfk[j * K + q]!;
            let m = ns[q]!;
            let r = 1;
            while (m > 0) {
              if (m & 1) r *= y;
              y *= y;
              m >>= 1;
            }
            d *= r;
          }
          const wj = j === 0 || j === nf - 1 ? 0.5 : 1;
          fb[i] = fb[i]! + wj * d;
          ff[j] = ff[j]! + wi * d;
        }
      }
    } else {
      const floor = max - NEGLIGIBLE;
      for (let i = 0; i < nb; i++) {
        const row = rowTerm[i]!;
        const pb = pbv[i]!;
        const qb = 1 - pb;
        const wi = i === 0 || i === nb - 1 ? 0.5 : 1;
        for (let j = 0; j < nf; j++) {
          let v = row + colTerm[j]!;
          if (v < floor) continue;
          for (let q = 0; q < K; q++) v += ns[q]! * Math.log(pb + qb * pfk[j * K + q]!);
          const x = v - max;
          if (x < -NEGLIGIBLE) continue;
          const d = Math.exp(x);
          const wj = j === 0 || j === nf - 1 ? 0.5 : 1;
          fb[i] = fb[i]! + wj * d;
          ff[j] = ff[j]! + wi * d;
        }
      }
    }
    mb = { t: tb, f: fb };
    mf = { t: tf, f: ff };
  }
  return {
    pf: mean(mf),
    pfLow: quantile(mf, lowQ),
    pfHigh: quantile(mf, highQ),
    pb: mean(mb),
    observations,
  };
}

/**
 * One number for statistics whose counts are small (each of good, goodFailures and passes below 1024, at most one
 * all-fail term whose failures and count are below 256), equal for equal statistics and different for different ones
 * (46 bits, every count in its own bits); -1 for any other.
 */
export function smallStatsKey(s: PfsStats): number {
  const { good, goodFailures, passes, allFail } = s;
  if ((good & 1023) !== good || (goodFailures & 1023) !== goodFailures || (passes & 1023) !== passes || allFail.length > 1) return -1;
  let k = 0;
  let n = 0;
  if (allFail.length === 1) {
    [k, n] = allFail[0]!;
    if ((k & 255) !== k || (n & 255) !== n || k === 0) return -1;
  }
  return good + 1024 * (goodFailures + 1024 * (passes + 1024 * (k + 256 * n)));
}

/** Posterior from statistics, through the memo when given. */
export function pfsFromStats(s: PfsStats, config: PfsConfig = DEFAULT_PFS_CONFIG, memo?: PfsMemo): PfsResult {
  if (memo === undefined) return computePfs(s, config);
  const small = smallStatsKey(s);
  if (small >= 0) {
    let byNumber = memo.small;
    if (memo.smallConfig !== config || byNumber === undefined) {
      byNumber = memo.smallByConfig.get(config);
      if (byNumber === undefined) memo.smallByConfig.set(config, (byNumber = new Map()));
      memo.smallConfig = config;
      memo.small = byNumber;
    }
    let r = byNumber.get(small);
    if (r === undefined) {
      r = Object.freeze(computePfs(s, config));
      byNumber.set(small, r);
    }
    return r;
  }
  const key = `${configKey(config)}#${pfsStatsKey(s)}`;
  let r = memo.posteriors.get(key);
  if (r === undefined) {
    r = Object.freeze(computePfs(s, config));
    memo.posteriors.set(key, r);
  }
  return r;
}

/** PFS of one test's runs (all of them: the history is already the window). */
export function pfs(runs: readonly TestRunRecord[], config: PfsConfig = DEFAULT_PFS_CONFIG, memo?: PfsMemo): PfsResult {
  return pfsFromStats(pfsStats(runs, memo), config, memo);
}
