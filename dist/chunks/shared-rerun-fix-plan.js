// src/rerun/fix-plan.ts
var CONFIDENCE = 0.95;
var DEFAULT_MAX_RUNS = 100;
function fixRate(history, window) {
  let failures = 0;
  let runs = 0;
  const all = history?.runs ?? [];
  for (let i = all.length - 1; i >= 0 && runs < window; i--) {
    const r = all[i];
    if (r.outage) continue;
    const first = r.attempts.replace(/S/g, "")[0];
    if (first === void 0) continue;
    runs++;
    if (first === "F" || first === "E") failures++;
  }
  return { failures, runs, p: (failures + 1) / (runs + 2) };
}
function runsToCatch(p, confidence = CONFIDENCE) {
  if (!(p > 0)) throw new RangeError(`a failure rate must be above 0, got ${p}`);
  if (p >= 1) return 1;
  return Math.max(1, Math.ceil(Math.log(1 - confidence) / Math.log(1 - p) - 1e-9));
}
function catchProbability(p, runs) {
  return runs <= 0 ? 0 : 1 - Math.pow(1 - p, runs);
}
function planFix(rate, maxRuns) {
  const needed = runsToCatch(rate.p);
  if (needed <= maxRuns) return { rate, needed, planned: needed };
  return { rate, needed, planned: maxRuns, capped: { by: "fix-verify-max-runs", reached: catchProbability(rate.p, maxRuns) } };
}
function fixVerdict(plan, ran, failures) {
  const reached = catchProbability(plan.rate.p, ran);
  if (failures > 0) return { verdict: "failed", reached };
  return { verdict: ran >= plan.needed ? "verified" : "inconclusive", reached };
}
function rateText(p) {
  if (!(p > 0)) return "never";
  const oneIn = 1 / p;
  return oneIn < 1.5 ? "nearly every run" : `1 in ${Math.round(oneIn)}`;
}
function percentText(x) {
  const pct = x * 100;
  if (pct >= 99.95) return ">99.9%";
  return `${pct >= 10 ? (Math.floor(pct * 10) / 10).toString() : (Math.floor(pct * 10) / 10).toFixed(1)}%`;
}

export {
  CONFIDENCE,
  DEFAULT_MAX_RUNS,
  fixRate,
  planFix,
  fixVerdict,
  rateText,
  percentText
};
