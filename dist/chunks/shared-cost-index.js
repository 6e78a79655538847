// src/cost/index.ts
var FAILED = /[FE]/;
function slotFacts(attempts, handReruns = 0) {
  if (!FAILED.test(attempts)) return { failed: false, flaked: false, executions: 0, blamed: false };
  const last = attempts[attempts.length - 1];
  const before = attempts[attempts.length - 2];
  return {
    failed: true,
    flaked: last === "P",
    executions: Math.max(0, attempts.length - 1 - handReruns),
    blamed: last !== "P" || before === "F" || before === "E"
  };
}
var handRerunsOf = (run) => {
  const h = run?.figures?.handReruns;
  return h !== void 0 && Number.isSafeInteger(h) && h > 0 ? h : 0;
};
function tallyRuns(tests, runOf) {
  const tallies = /* @__PURE__ */ new Map();
  for (const t of tests) tallyTest(tallies, t.slots, runOf, t.durationSec);
  return tallies;
}
function tallyTest(tallies, slots, runOf, durationSec) {
  const d = finite(durationSec) ? durationSec : 0;
  slots((run, attempts) => {
    if (!FAILED.test(attempts)) return;
    const facts = slotFacts(attempts, handRerunsOf(runOf(run)));
    let t = tallies.get(run);
    if (!t) tallies.set(run, t = { failed: 0, flaked: 0, blamed: 0, executions: 0, executionSec: 0 });
    t.failed++;
    if (facts.flaked) t.flaked++;
    if (facts.blamed) t.blamed++;
    t.executions += facts.executions;
    t.executionSec += facts.executions * d;
  });
}
var finite = (x) => x !== void 0 && Number.isFinite(x) && x >= 0;
function testCost(slots, durationSec, runOf, tallies) {
  const cost = { failedRuns: 0, rerunExecutions: 0, rerunSec: 0, handReruns: 0, handRerunSec: 0, costSec: 0, savedRuns: 0, savedSec: 0, estimatedRuns: 0 };
  slots((key, attempts) => {
    if (!FAILED.test(attempts)) return;
    const run = runOf(key);
    const hand = handRerunsOf(run);
    const facts = slotFacts(attempts, hand);
    const tally = tallies.get(key);
    const f = run?.figures;
    cost.failedRuns++;
    if (facts.executions > 0) {
      cost.rerunExecutions += facts.executions;
      const own = finite(durationSec) ? facts.executions * durationSec : 0;
      const overhead = finite(f?.rerunSec) && tally && tally.executions > 0 ? Math.max(0, f.rerunSec - tally.executionSec) : void 0;
      cost.rerunSec += own + (overhead !== void 0 ? overhead * facts.executions / tally.executions : 0);
      if (overhead === void 0) cost.estimatedRuns++;
    }
    if (hand > 0 && facts.blamed && tally && tally.blamed > 0) {
      cost.handReruns += hand;
      if (finite(f?.handRerunSec)) cost.handRerunSec += f.handRerunSec / tally.blamed;
    }
    if (facts.flaked && run?.jobSucceeded === true && (f?.passedOnRerun ?? 0) > 0 && finite(f?.testSec) && tally && tally.flaked > 0) {
      cost.savedRuns++;
      cost.savedSec += f.testSec / tally.flaked;
    }
  });
  if (cost.failedRuns === 0) return void 0;
  cost.costSec = cost.rerunSec + cost.handRerunSec;
  return cost;
}
function branchCosts(tests, runOf) {
  const tallies = tallyRuns(tests, runOf);
  const out = [];
  for (const t of tests) {
    const cost = testCost(t.slots, t.durationSec, runOf, tallies);
    if (cost) out.push({ id: t.id, cost });
  }
  return out.sort(byCost);
}
function byCost(a, b) {
  return b.cost.costSec - a.cost.costSec || b.cost.savedSec - a.cost.savedSec || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
function priced(sec, perMinute) {
  return perMinute !== void 0 && perMinute > 0 ? sec / 60 * perMinute : void 0;
}
function minutesText(sec) {
  const min = sec / 60;
  return `${min >= 10 ? Math.round(min).toLocaleString("en-US") : min.toFixed(2)} min`;
}
function priceText(amount) {
  return amount >= 0.01 || amount === 0 ? amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : amount.toPrecision(2);
}
var MAX_COST_PER_MINUTE = 1e6;
function costPerMinuteOf(raw) {
  const n = typeof raw === "string" && raw.trim() !== "" ? Number(raw.trim()) : raw;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 && n <= MAX_COST_PER_MINUTE ? n : void 0;
}

export {
  tallyTest,
  testCost,
  branchCosts,
  priced,
  minutesText,
  priceText,
  MAX_COST_PER_MINUTE,
  costPerMinuteOf
};
