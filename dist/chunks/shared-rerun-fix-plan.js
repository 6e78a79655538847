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
function posterior(rate) {
  const { failures: f, runs: n } = rate;
  if (!Number.isInteger(f) || !Number.isInteger(n) || f < 0 || n < f) throw new RangeError(`a window of ${f} failures in ${n} runs is not one`);
  return { a: f + 1, b: n - f + 1 };
}
function missProbability(rate, runs) {
  const { a, b } = posterior(rate);
  let miss = 1;
  for (let i = 0; i < runs; i++) miss *= (b + i) / (a + b + i);
  return miss;
}
function catchProbability(rate, runs) {
  return runs <= 0 ? 0 : 1 - missProbability(rate, runs);
}
function runsToCatch(rate, confidence = CONFIDENCE) {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`a confidence must be between 0 and 1, got ${confidence}`);
  const { a, b } = posterior(rate);
  let miss = 1;
  let n = 0;
  while (miss > 1 - confidence) {
    miss *= (b + n) / (a + b + n);
    n++;
  }
  return Math.max(1, n);
}
function planFix(rate, maxRuns) {
  const needed = runsToCatch(rate);
  if (needed <= maxRuns) return { rate, needed, planned: needed };
  return { rate, needed, planned: maxRuns, capped: { by: "fix-verify-max-runs", reached: catchProbability(rate, maxRuns) } };
}
function fixVerdict(plan, ran, failures) {
  const reached = catchProbability(plan.rate, ran);
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
