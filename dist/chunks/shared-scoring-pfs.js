// src/scoring/outcomes.ts
var CH_P = 80;
var CH_F = 70;
var CH_E = 69;
function runOutcome(attempts) {
  for (let i = attempts.length - 1; i >= 0; i--) {
    const c = attempts.charCodeAt(i);
    if (c === CH_P) return true;
    if (c === CH_F || c === CH_E) return false;
  }
  return null;
}
function isFailCode(c) {
  return c === CH_F || c === CH_E;
}

// src/scoring/pfs.ts
var DEFAULT_PFS_CONFIG = Object.freeze({
  priorPb: Object.freeze([1, 1]),
  priorPf: Object.freeze([1, 1]),
  credibleMass: 0.9,
  gridSize: 48
});
function createPfsMemo() {
  return {
    posteriors: /* @__PURE__ */ new Map(),
    shaIds: /* @__PURE__ */ new Map(),
    stamp: new Int32Array(256),
    slot: new Int32Array(256),
    epoch: 0,
    lastShas: [],
    groupOfRun: new Int32Array(128),
    lastGroups: 0,
    groupFails: new Int32Array(128),
    groupPasses: new Int32Array(128),
    smallByConfig: /* @__PURE__ */ new Map(),
    smallConfig: void 0,
    small: void 0
  };
}
function pfsStats(runs, memo = createPfsMemo()) {
  const n = runs.length;
  let groups;
  const last = memo.lastShas;
  let same = last.length === n;
  for (let r = 0; same && r < n; r++) if (runs[r].sha !== last[r]) same = false;
  if (same) groups = memo.lastGroups;
  else {
    if (memo.groupOfRun.length < n) memo.groupOfRun = new Int32Array(Math.max(n, memo.groupOfRun.length * 2));
    const groupOfRun2 = memo.groupOfRun;
    const ids = memo.shaIds;
    if (memo.epoch >= 2147483646) {
      memo.stamp.fill(0);
      memo.epoch = 0;
    }
    const epoch = ++memo.epoch;
    groups = 0;
    let prevSha;
    let prevGroup = -1;
    for (let r = 0; r < n; r++) {
      const sha = runs[r].sha;
      let g;
      if (sha === prevSha) g = prevGroup;
      else {
        let id = ids.get(sha);
        if (id === void 0) {
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
        if (memo.stamp[id] === epoch) g = memo.slot[id];
        else {
          g = groups++;
          memo.stamp[id] = epoch;
          memo.slot[id] = g;
        }
        prevSha = sha;
        prevGroup = g;
      }
      groupOfRun2[r] = g;
    }
    const shas = new Array(n);
    for (let r = 0; r < n; r++) shas[r] = runs[r].sha;
    memo.lastShas = shas;
    memo.lastGroups = groups;
  }
  if (memo.groupFails.length < groups) {
    memo.groupFails = new Int32Array(Math.max(groups, memo.groupFails.length * 2));
    memo.groupPasses = new Int32Array(memo.groupFails.length);
  }
  const { groupFails, groupPasses } = memo;
  groupFails.fill(0, 0, groups);
  groupPasses.fill(0, 0, groups);
  const groupOfRun = memo.groupOfRun;
  for (let r = 0; r < n; r++) {
    const a = runs[r].attempts;
    let f = 0;
    let p = 0;
    for (let i = 0; i < a.length; i++) {
      const c = a.charCodeAt(i);
      if (c === CH_P) p++;
      else if (isFailCode(c)) f++;
    }
    const g = groupOfRun[r];
    groupFails[g] = groupFails[g] + f;
    groupPasses[g] = groupPasses[g] + p;
  }
  let good = 0;
  let goodFailures = 0;
  let passes = 0;
  let allFail = [];
  for (let g = 0; g < groups; g++) {
    const f = groupFails[g];
    const p = groupPasses[g];
    if (f + p === 0) continue;
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
function pfsStatsKey(s) {
  let key = `${s.good},${s.goodFailures},${s.passes}`;
  for (const [k, n] of s.allFail) key += `|${k}:${n}`;
  return key;
}
var configKeys = /* @__PURE__ */ new WeakMap();
function configKey(c) {
  let k = configKeys.get(c);
  if (k === void 0) {
    k = `${c.priorPb[0]},${c.priorPb[1]},${c.priorPf[0]},${c.priorPf[1]},${c.credibleMass},${c.gridSize}`;
    configKeys.set(c, k);
  }
  return k;
}
var T_MIN = -15;
var T_MAX = 15;
var COARSE_STEP = 1;
var COARSE_N = Math.round((T_MAX - T_MIN) / COARSE_STEP) + 1;
var REGION_LOG_CUTOFF = 20.7;
var NEGLIGIBLE = 46;
function logSig(t) {
  return t >= 0 ? -Math.log1p(Math.exp(-t)) : t - Math.log1p(Math.exp(t));
}
function logSigNeg(t) {
  return logSig(-t);
}
function sigmoid(t) {
  return t >= 0 ? 1 / (1 + Math.exp(-t)) : Math.exp(t) / (1 + Math.exp(t));
}
function logAddExp(a, b) {
  return a > b ? a + Math.log1p(Math.exp(b - a)) : b + Math.log1p(Math.exp(a - b));
}
var coarseT = new Float64Array(COARSE_N);
var coarseLogP = new Float64Array(COARSE_N);
var coarseLog1mP = new Float64Array(COARSE_N);
for (let i = 0; i < COARSE_N; i++) {
  const t = T_MIN + i * COARSE_STEP;
  coarseT[i] = t;
  coarseLogP[i] = logSig(t);
  coarseLog1mP[i] = logSigNeg(t);
}
var coarseAllFail = /* @__PURE__ */ new Map();
function coarseAllFailTable(k) {
  let tab = coarseAllFail.get(k);
  if (tab === void 0) {
    tab = new Float64Array(COARSE_N * COARSE_N);
    for (let i = 0; i < COARSE_N; i++) {
      for (let j = 0; j < COARSE_N; j++) tab[i * COARSE_N + j] = logAddExp(coarseLogP[i], coarseLog1mP[i] + k * coarseLogP[j]);
    }
    coarseAllFail.set(k, tab);
  }
  return tab;
}
function region(vals) {
  let max = -Infinity;
  for (let i = 0; i < vals.length; i++) if (vals[i] > max) max = vals[i];
  let lo = vals.length;
  let hi = -1;
  for (let i = 0; i < vals.length; i++) {
    if (vals[i] >= max - REGION_LOG_CUTOFF) {
      if (i < lo) lo = i;
      hi = i;
    }
  }
  return [Math.max(0, lo - 1), Math.min(vals.length - 1, hi + 1)];
}
function fineNodes(lo, hi, n) {
  const t0 = coarseT[lo];
  const t1 = coarseT[hi];
  const out = new Float64Array(n + 1);
  const h = (t1 - t0) / n;
  for (let i = 0; i <= n; i++) out[i] = t0 + i * h;
  return out;
}
function mean(m) {
  const n = m.t.length;
  let z = 0;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const w = i === 0 || i === n - 1 ? 0.5 : 1;
    z += w * m.f[i];
    s += w * m.f[i] * sigmoid(m.t[i]);
  }
  return s / z;
}
function quantile(m, q) {
  const n = m.t.length;
  if (n === 1) return sigmoid(m.t[0]);
  const h = m.t[1] - m.t[0];
  const f = m.f;
  const at = (i) => i < 0 || i >= n ? 0 : f[i];
  const cells = new Float64Array(n - 1);
  let z = 0;
  for (let i = 0; i < n - 1; i++) {
    const c = Math.max(0, h / 24 * (-at(i - 1) + 13 * at(i) + 13 * at(i + 1) - at(i + 2)));
    cells[i] = c;
    z += c;
  }
  const target = q * z;
  let acc = 0;
  for (let i = 0; i < n - 1; i++) {
    const c = cells[i];
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
    const cum = (x) => h * 0.5 * (2 * f0 * x + c1 * x * x / 2 + c2 * x * x * x / 3 + c3 * x * x * x * x / 4);
    let lo = 0;
    let hi = 1;
    for (let it = 0; it < 40; it++) {
      const mid = (lo + hi) / 2;
      if (cum(mid) < need) lo = mid;
      else hi = mid;
    }
    return sigmoid(m.t[i] + (lo + hi) / 2 * h);
  }
  return sigmoid(m.t[n - 1]);
}
function marginal1d(ax, n) {
  const coarse = new Float64Array(COARSE_N);
  for (let i = 0; i < COARSE_N; i++) coarse[i] = ax.a * coarseLogP[i] + ax.b * coarseLog1mP[i];
  const [lo, hi] = region(coarse);
  const t = fineNodes(lo, hi, n);
  const lv = new Float64Array(t.length);
  let max = -Infinity;
  for (let i = 0; i < t.length; i++) {
    const v = ax.a * logSig(t[i]) + ax.b * logSigNeg(t[i]);
    lv[i] = v;
    if (v > max) max = v;
  }
  for (let i = 0; i < t.length; i++) lv[i] = Math.exp(lv[i] - max);
  return { t, f: lv };
}
function computePfs(s, config = DEFAULT_PFS_CONFIG) {
  const n = Math.max(4, Math.floor(config.gridSize));
  const b = { a: config.priorPb[0], b: config.priorPb[1] + s.good };
  const f = { a: config.priorPf[0] + s.goodFailures, b: config.priorPf[1] + s.passes };
  const lowQ = (1 - config.credibleMass) / 2;
  const highQ = 1 - lowQ;
  let observations = s.good;
  for (const [, c] of s.allFail) observations += c;
  let mb;
  let mf;
  if (s.allFail.length === 0) {
    mb = marginal1d(b, n);
    mf = marginal1d(f, n);
  } else {
    const N = COARSE_N;
    const coarse = new Float64Array(N * N);
    const col = new Float64Array(N);
    for (let j = 0; j < N; j++) col[j] = f.a * coarseLogP[j] + f.b * coarseLog1mP[j];
    const tab0 = coarseAllFailTable(s.allFail[0][0]);
    const n0 = s.allFail[0][1];
    let max = -Infinity;
    for (let i = 0; i < N; i++) {
      const row = b.a * coarseLogP[i] + b.b * coarseLog1mP[i];
      const base = i * N;
      for (let j = 0; j < N; j++) coarse[base + j] = row + col[j] + n0 * tab0[base + j];
    }
    for (let q = 1; q < s.allFail.length; q++) {
      const tab = coarseAllFailTable(s.allFail[q][0]);
      const nq = s.allFail[q][1];
      for (let x = 0; x < N * N; x++) coarse[x] = coarse[x] + nq * tab[x];
    }
    for (let x = 0; x < N * N; x++) if (coarse[x] > max) max = coarse[x];
    let ilo = N;
    let ihi = -1;
    let jlo = N;
    let jhi = -1;
    for (let i = 0; i < N; i++) {
      for (let j = 0; j < N; j++) {
        if (coarse[i * N + j] >= max - REGION_LOG_CUTOFF) {
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
    const tb = fineNodes(ilo, ihi, n);
    const tf = fineNodes(jlo, jhi, n);
    const nb = tb.length;
    const nf = tf.length;
    const pbv = new Float64Array(nb);
    const rowTerm = new Float64Array(nb);
    for (let i = 0; i < nb; i++) {
      pbv[i] = sigmoid(tb[i]);
      rowTerm[i] = b.a * logSig(tb[i]) + b.b * logSigNeg(tb[i]);
    }
    const K = s.allFail.length;
    const ns = new Float64Array(K);
    for (let q = 0; q < K; q++) ns[q] = s.allFail[q][1];
    const pfk = new Float64Array(nf * K);
    const colTerm = new Float64Array(nf);
    for (let j = 0; j < nf; j++) {
      const lf = logSig(tf[j]);
      colTerm[j] = f.a * lf + f.b * logSigNeg(tf[j]);
      for (let q = 0; q < K; q++) pfk[j * K + q] = Math.exp(s.allFail[q][0] * lf);
    }
    const fb = new Float64Array(nb);
    const ff = new Float64Array(nf);
    let rmax = -Infinity;
    let cmax = -Infinity;
    for (let i = 0; i < nb; i++) if (rowTerm[i] > rmax) rmax = rowTerm[i];
    for (let j = 0; j < nf; j++) if (colTerm[j] > cmax) cmax = colTerm[j];
    const u = rmax + cmax - max;
    if (u < 600) {
      const ex = new Float64Array(nb);
      const cx = new Float64Array(nf);
      for (let i = 0; i < nb; i++) ex[i] = Math.exp(rowTerm[i] - rmax);
      for (let j = 0; j < nf; j++) cx[j] = Math.exp(colTerm[j] - cmax + u);
      const tiny = Math.exp(-NEGLIGIBLE);
      for (let i = 0; i < nb; i++) {
        const e = ex[i];
        const pb = pbv[i];
        const qb = 1 - pb;
        const wi = i === 0 || i === nb - 1 ? 0.5 : 1;
        for (let j = 0; j < nf; j++) {
          let d = e * cx[j];
          if (d < tiny) continue;
          for (let q = 0; q < K; q++) {
            let y = pb + qb * pfk[j * K + q];
            let m = ns[q];
            let r = 1;
            while (m > 0) {
              if (m & 1) r *= y;
              y *= y;
              m >>= 1;
            }
            d *= r;
          }
          const wj = j === 0 || j === nf - 1 ? 0.5 : 1;
          fb[i] = fb[i] + wj * d;
          ff[j] = ff[j] + wi * d;
        }
      }
    } else {
      const floor = max - NEGLIGIBLE;
      for (let i = 0; i < nb; i++) {
        const row = rowTerm[i];
        const pb = pbv[i];
        const qb = 1 - pb;
        const wi = i === 0 || i === nb - 1 ? 0.5 : 1;
        for (let j = 0; j < nf; j++) {
          let v = row + colTerm[j];
          if (v < floor) continue;
          for (let q = 0; q < K; q++) v += ns[q] * Math.log(pb + qb * pfk[j * K + q]);
          const x = v - max;
          if (x < -NEGLIGIBLE) continue;
          const d = Math.exp(x);
          const wj = j === 0 || j === nf - 1 ? 0.5 : 1;
          fb[i] = fb[i] + wj * d;
          ff[j] = ff[j] + wi * d;
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
    observations
  };
}
function smallStatsKey(s) {
  const { good, goodFailures, passes, allFail } = s;
  if ((good & 1023) !== good || (goodFailures & 1023) !== goodFailures || (passes & 1023) !== passes || allFail.length > 1) return -1;
  let k = 0;
  let n = 0;
  if (allFail.length === 1) {
    [k, n] = allFail[0];
    if ((k & 255) !== k || (n & 255) !== n || k === 0) return -1;
  }
  return good + 1024 * (goodFailures + 1024 * (passes + 1024 * (k + 256 * n)));
}
function pfsFromStats(s, config = DEFAULT_PFS_CONFIG, memo) {
  if (memo === void 0) return computePfs(s, config);
  const small = smallStatsKey(s);
  if (small >= 0) {
    let byNumber = memo.small;
    if (memo.smallConfig !== config || byNumber === void 0) {
      byNumber = memo.smallByConfig.get(config);
      if (byNumber === void 0) memo.smallByConfig.set(config, byNumber = /* @__PURE__ */ new Map());
      memo.smallConfig = config;
      memo.small = byNumber;
    }
    let r2 = byNumber.get(small);
    if (r2 === void 0) {
      r2 = Object.freeze(computePfs(s, config));
      byNumber.set(small, r2);
    }
    return r2;
  }
  const key = `${configKey(config)}#${pfsStatsKey(s)}`;
  let r = memo.posteriors.get(key);
  if (r === void 0) {
    r = Object.freeze(computePfs(s, config));
    memo.posteriors.set(key, r);
  }
  return r;
}
function pfs(runs, config = DEFAULT_PFS_CONFIG, memo) {
  return pfsFromStats(pfsStats(runs, memo), config, memo);
}

export {
  CH_P,
  runOutcome,
  isFailCode,
  DEFAULT_PFS_CONFIG,
  createPfsMemo,
  pfsFromStats,
  pfs
};
