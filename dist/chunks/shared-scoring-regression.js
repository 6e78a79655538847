import {
  DEFAULT_PFS_CONFIG,
  pfs,
  pfsFromStats
} from "./shared-scoring-pfs.js";

// src/scoring/regression.ts
var RECENT_WINDOW = 10;
var MIN_FAILING = 2;
function evidenceRuns(runs) {
  return runs.filter((r) => !r.outage && hasOutcome(r.attempts));
}
function evidenceOf(runs) {
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i];
    if (r.outage || !hasOutcome(r.attempts)) return evidenceRuns(runs);
  }
  return runs;
}
function hasFailure(attempts) {
  for (let i = 0; i < attempts.length; i++) {
    const c = attempts.charCodeAt(i);
    if (c === 70 || c === 69) return true;
  }
  return false;
}
function hasOutcome(attempts) {
  for (let i = 0; i < attempts.length; i++) if (attempts.charCodeAt(i) !== 83) return true;
  return false;
}
function windowStats(runs, from, to) {
  const shas = [];
  const passes = [];
  const fails = [];
  for (let r = from; r < to; r++) {
    const run = runs[r];
    let g = shas.indexOf(run.sha);
    if (g < 0) {
      g = shas.push(run.sha) - 1;
      passes.push(0);
      fails.push(0);
    }
    const a = run.attempts;
    for (let i = 0; i < a.length; i++) {
      const c = a.charCodeAt(i);
      if (c === 80) passes[g]++;
      else if (c === 70 || c === 69) fails[g]++;
    }
  }
  let good = 0;
  let goodFailures = 0;
  let passed = 0;
  const allFail = /* @__PURE__ */ new Map();
  for (let g = 0; g < shas.length; g++) {
    if (passes[g] > 0) {
      good++;
      goodFailures += fails[g];
      passed += passes[g];
    } else if (fails[g] > 0) {
      allFail.set(fails[g], (allFail.get(fails[g]) ?? 0) + 1);
    }
  }
  return { good, goodFailures, passes: passed, allFail: [...allFail].sort((x, y) => x[0] - y[0]) };
}
var interval = (r) => [r.pf, r.pfLow, r.pfHigh];
function pfsRose(runs, baseline, window = RECENT_WINDOW, minFailing = MIN_FAILING, config = DEFAULT_PFS_CONFIG, memo) {
  const evidence = evidenceRuns(runs);
  const recent = evidence.slice(-window);
  if (recent.filter((r) => /[FE]/.test(r.attempts)).length < minFailing) return void 0;
  let before = baseline;
  if (!before) {
    if (evidence.length < 2 * window) return void 0;
    before = interval(pfs(evidence.slice(0, -window), config, memo));
  }
  const now = interval(pfs(recent, config, memo));
  return now[1] > before[2] ? { now, before } : void 0;
}
function pfsTrendOf(runs, points = 5, every = 5, window = RECENT_WINDOW, config = DEFAULT_PFS_CONFIG, memo, onlyIfFailing = false) {
  const evidence = evidenceOf(runs);
  const out = [];
  if (onlyIfFailing) {
    const span = Math.max(0, evidence.length - (points - 1) * every - window);
    let failing = false;
    for (let r = evidence.length - 1; r >= span && !failing; r--) failing = hasFailure(evidence[r].attempts);
    if (!failing) return out;
  }
  for (let k = points - 1; k >= 0; k--) {
    const end = evidence.length - k * every;
    if (end < 1) continue;
    out.push({ runs: end, pf: pfsFromStats(windowStats(evidence, Math.max(0, end - window), end), config, memo).pf });
  }
  return out;
}

export {
  pfsRose,
  pfsTrendOf
};
