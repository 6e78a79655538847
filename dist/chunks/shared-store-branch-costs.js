import {
  LazyHistory,
  forEachRun
} from "./shared-history-stored.js";
import {
  branchCosts
} from "./shared-cost-index.js";

// src/store/branch-costs.ts
var FAILED = /[FE]/;
function historyCosts(history, runs) {
  if (history instanceof LazyHistory) {
    const bySeq = /* @__PURE__ */ new Map();
    for (const row of runs.values()) bySeq.set(row.seq, row);
    const tests2 = [];
    for (const [id, s] of history.stored) {
      if (!s.segments.some((g) => FAILED.test(g.a))) continue;
      tests2.push({ id, slots: (visit) => forEachRun(s.from, s.segments, visit), ...s.d !== void 0 ? { durationSec: s.d } : {} });
    }
    return branchCosts(tests2, (seq) => bySeq.get(seq));
  }
  const tests = [];
  for (const [id, t] of history) {
    if (!t.runs.some((r) => FAILED.test(r.attempts))) continue;
    const d = t.runs[t.runs.length - 1]?.durationSec;
    tests.push({ id, slots: (visit) => t.runs.forEach((r) => visit(r.run, r.attempts)), ...d !== void 0 ? { durationSec: d } : {} });
  }
  return branchCosts(tests, (key) => runs.get(key));
}

export {
  historyCosts
};
