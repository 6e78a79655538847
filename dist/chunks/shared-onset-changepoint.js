// src/onset/changepoint.ts
var MIN_BAYES_FACTOR = 20;
var PRIOR = [1, 1];
var ZERO = 0.5;
var CREDIBLE = 0.9;
var MAX_CHANGES = 4;
var MIN_SEGMENT = 8;
function logGamma(x) {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const c = [
    0.9999999999998099,
    676.5203681218851,
    -1259.1392167224028,
    771.3234287776531,
    -176.6150291621406,
    12.507343278686905,
    -0.13857109526572012,
    9984369578019572e-21,
    15056327351493116e-23
  ];
  const z = x - 1;
  let sum = c[0];
  for (let i = 1; i < 9; i++) sum += c[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}
function tables(n, a, b, zero) {
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
function logEvidence(t, k, n) {
  const slab = t.logSlab + t.fa[k] + t.fb[n - k] - t.fab[n] - t.logB;
  if (k > 0 || t.logZero === -Infinity) return slab;
  const hi = Math.max(slab, t.logZero);
  return hi + Math.log(Math.exp(slab - hi) + Math.exp(t.logZero - hi));
}
function bestSplit(fail, prefix, lf, lo, hi, minLog) {
  const n = hi - lo;
  if (n < 2) return void 0;
  const k = prefix[hi] - prefix[lo];
  if (k === 0 || k === n) return void 0;
  const m0 = logEvidence(lf, k, n);
  const logs = new Float64Array(n - 1);
  let max = -Infinity;
  let best = 0;
  for (let t = 1; t < n; t++) {
    const k12 = prefix[lo + t] - prefix[lo];
    const v = logEvidence(lf, k12, t) + logEvidence(lf, k - k12, n - t);
    logs[t - 1] = v;
    if (v > max) {
      max = v;
      best = t;
    }
  }
  let sum = 0;
  for (let i = 0; i < logs.length; i++) sum += Math.exp(logs[i] - max);
  const m1 = max + Math.log(sum) - Math.log(n - 1);
  const logBf = m1 - m0;
  if (logBf < minLog) return void 0;
  const order = Array.from({ length: n - 1 }, (_, i) => i).sort((a, b) => logs[b] - logs[a] || a - b);
  let mass = 0;
  let first = best;
  let last = best;
  for (const i of order) {
    mass += Math.exp(logs[i] - max) / sum;
    first = Math.min(first, i + 1);
    last = Math.max(last, i + 1);
    if (mass >= CREDIBLE) break;
  }
  const k1 = prefix[lo + best] - prefix[lo];
  const before = { runs: best, failures: k1 };
  const after = { runs: n - best, failures: k - k1 };
  const direction = after.failures / after.runs > before.failures / before.runs ? "up" : "down";
  return { change: { at: lo + best, first: lo + first, last: lo + last, mass: Math.min(1, mass), direction, before, after, log10BayesFactor: logBf / Math.LN10 } };
}
function rateChanges(failed, options = {}) {
  const n = failed.length;
  const fail = new Uint8Array(n);
  const prefix = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    fail[i] = failed[i] ? 1 : 0;
    prefix[i + 1] = prefix[i] + fail[i];
  }
  if (prefix[n] === 0 || prefix[n] === n) return [];
  const lf = tables(n, options.prior?.[0] ?? PRIOR[0], options.prior?.[1] ?? PRIOR[1], options.zero ?? ZERO);
  const minLog = Math.log(options.minBayesFactor ?? MIN_BAYES_FACTOR);
  const max = options.maxChanges ?? MAX_CHANGES;
  const found = [];
  const todo = [[0, n]];
  while (todo.length > 0 && found.length < max) {
    const [lo, hi] = todo.shift();
    const split = bestSplit(fail, prefix, lf, lo, hi, minLog);
    if (!split) continue;
    found.push(split.change);
    if (split.change.at - lo >= MIN_SEGMENT) todo.push([lo, split.change.at]);
    if (hi - split.change.at >= MIN_SEGMENT) todo.push([split.change.at, hi]);
  }
  found.sort((a, b) => a.at - b.at);
  return found.map((c, i) => {
    const from = i === 0 ? 0 : found[i - 1].at;
    const to = i === found.length - 1 ? n : found[i + 1].at;
    const before = { runs: c.at - from, failures: prefix[c.at] - prefix[from] };
    const after = { runs: to - c.at, failures: prefix[to] - prefix[c.at] };
    return { ...c, before, after, direction: after.failures / after.runs > before.failures / before.runs ? "up" : "down" };
  });
}

// src/onset/index.ts
var counted = (r) => !r.outage && !r.untrusted && r.attempts !== "" && r.attempts[0] !== "S";
var failedAtFirst = (r) => r.attempts[0] === "F" || r.attempts[0] === "E";
var runOf = (r) => ({ run: r.run, sha: r.sha, time: r.time });
function onsetOf(runs) {
  const kept = [];
  const failed = [];
  let failures = 0;
  for (const r of runs) {
    if (!counted(r)) continue;
    kept.push(r);
    const f = failedAtFirst(r);
    failed.push(f);
    if (f) failures++;
  }
  if (failures === 0) return { runs: kept.length, failures, changes: [] };
  const changes = rateChanges(failed).map((c) => {
    const firstIndex = c.first;
    const lastIndex = c.last;
    const shas = [];
    for (let i = Math.max(0, firstIndex - 1); i <= lastIndex; i++) {
      const sha = kept[i].sha;
      if (sha && shas[shas.length - 1] !== sha && !shas.includes(sha)) shas.push(sha);
    }
    let base;
    for (let i = firstIndex - 1; i >= 0 && base === void 0; i--) if (kept[i].onDefaultBranch && kept[i].sha) base = kept[i].sha;
    let head;
    for (let i = lastIndex; i < kept.length && head === void 0; i++) if (kept[i].onDefaultBranch && kept[i].sha) head = kept[i].sha;
    return {
      direction: c.direction,
      at: runOf(kept[c.at]),
      first: runOf(kept[firstIndex]),
      last: runOf(kept[lastIndex]),
      width: lastIndex - firstIndex + 1,
      before: c.before,
      after: c.after,
      log10BayesFactor: Math.round(c.log10BayesFactor * 100) / 100,
      shas,
      ...base !== void 0 && head !== void 0 && base !== head ? { base, head } : {}
    };
  });
  return { runs: kept.length, failures, changes };
}
function latestChange(onset) {
  return onset.changes[onset.changes.length - 1];
}
function rateText(s) {
  const pct = s.runs === 0 ? 0 : 100 * s.failures / s.runs;
  return `${pct < 10 && pct > 0 ? pct.toFixed(1) : Math.round(pct)}% (${s.failures} of ${s.runs} run${s.runs === 1 ? "" : "s"})`;
}
function changeSentence(c, runName) {
  const verb = c.direction === "up" ? "rose" : "fell";
  const where = c.width === 1 ? `at run ${runName(c.first)}` : `between run ${runName(c.first)} and run ${runName(c.last)} (${c.width} runs; most likely ${runName(c.at)})`;
  return `failure rate ${verb} from ${rateText(c.before)} to ${rateText(c.after)} ${where}`;
}
var NO_CHANGE = "no change in rate found";

export {
  MIN_BAYES_FACTOR,
  CREDIBLE,
  rateChanges,
  onsetOf,
  latestChange,
  rateText,
  changeSentence,
  NO_CHANGE
};
