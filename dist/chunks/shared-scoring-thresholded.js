// src/scoring/thresholded.ts
var DEFAULT_THRESHOLDED_CONFIG = Object.freeze({ alpha: 0.4, proportionTargeted: 0.8 });
function thresholdedFlakiness(chanceOfFailure, alpha = DEFAULT_THRESHOLDED_CONFIG.alpha) {
  if (!(chanceOfFailure > 0) || !(alpha > 0) || chanceOfFailure >= alpha) return 0;
  return 1 - chanceOfFailure / alpha;
}
var DEFAULT_BUDGET_OPTIONS = Object.freeze({
  budget: 100,
  proportionTargeted: 0.8,
  maxTargetedPerTest: Number.POSITIVE_INFINITY,
  maxExploratoryPerTest: 1,
  seed: 1
});
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = a + 1831565813 >>> 0;
    let t = a;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}
function allocateBudget(tests, options = {}) {
  const o = { ...DEFAULT_BUDGET_OPTIONS, ...options };
  const total = Math.max(0, o.budget);
  const prop = Math.min(1, Math.max(0, o.proportionTargeted));
  const targetedBudget = total * prop;
  const exploratoryBudget = total - targetedBudget;
  let totalFlakiness = 0;
  const flaky = [];
  const rest = [];
  for (const t of tests) {
    if (t.flakiness > 0) {
      totalFlakiness += t.flakiness;
      flaky.push(t);
    } else rest.push(t);
  }
  flaky.sort((a, b) => b.flakiness - a.flakiness || a.runs - b.runs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const out = [];
  for (const t of flaky) {
    const share = Math.min(t.flakiness / totalFlakiness * targetedBudget, o.maxTargetedPerTest);
    if (share > 0) out.push({ id: t.id, pool: "targeted", budget: share, flakiness: t.flakiness });
    else rest.push(t);
  }
  rest.sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  let remaining = exploratoryBudget;
  const rand = mulberry32(o.seed);
  for (let i = 0; i < rest.length && remaining > 0 && o.maxExploratoryPerTest > 0; i++) {
    const j = i + Math.floor(rand() * (rest.length - i));
    const pick = rest[j];
    rest[j] = rest[i];
    rest[i] = pick;
    const give = Math.min(remaining, o.maxExploratoryPerTest);
    remaining -= give;
    out.push({ id: pick.id, pool: "exploratory", budget: give, flakiness: pick.flakiness });
  }
  return out;
}

export {
  DEFAULT_THRESHOLDED_CONFIG,
  thresholdedFlakiness,
  allocateBudget
};
