// src/report/scores.ts
var num = (x) => typeof x === "number" && Number.isFinite(x) ? x : void 0;
function scoreViewOf(record) {
  if (!record) return void 0;
  const pfs = Array.isArray(record["pfs"]) ? record["pfs"] : [];
  const view = {
    tier: typeof record["tier"] === "string" ? record["tier"] : void 0,
    pf: num(pfs[0]),
    pfLow: num(pfs[1]),
    pfHigh: num(pfs[2]),
    score: num(record["score"]),
    flipRate: num(record["flipRate"]),
    successRate: num(record["successRate"]),
    thresholded: num(record["thresholded"]),
    recommendation: typeof record["recommendation"] === "string" ? record["recommendation"] : void 0
  };
  if (typeof record["priority"] === "string") view.priority = record["priority"];
  if (typeof record["recommendationReason"] === "string") view.recommendationReason = record["recommendationReason"];
  return view;
}
function formatPfs(s) {
  if (!s || s.pf === void 0) return "";
  const f = (x) => x.toFixed(2);
  return s.pfLow !== void 0 && s.pfHigh !== void 0 ? `${f(s.pf)} [${f(s.pfLow)}, ${f(s.pfHigh)}]` : f(s.pf);
}
function symbols(recent) {
  let out = "";
  for (const c of recent) out += c === "F" ? "\u2717" : c === "R" ? "\u21BB" : "\u2713";
  return out;
}
var SYMBOLS_LEGEND = "\u2713 passed \xB7 \u21BB passed on retry \xB7 \u2717 failed";
function scoreLookup(records) {
  return {
    get: (id) => scoreViewOf(records?.get(id)),
    pf: (id) => {
      const pfs = records?.get(id)?.["pfs"];
      return Array.isArray(pfs) ? num(pfs[0]) : void 0;
    }
  };
}
function ruleColumn(rule) {
  switch (rule) {
    case "flip-rate":
      return "Flip-rate (tier), the rule";
    case "success-rate":
      return "Success rate, the rule";
    case "multi-factor":
      return "Multi-factor score, the rule";
    case "thresholded":
      return "Thresholded flakiness, the rule";
    default:
      return void 0;
  }
}
function ruleMeasure(rule, s) {
  const f = (x) => x === void 0 ? "\u2014" : x.toFixed(2);
  switch (rule) {
    case "flip-rate":
      return s?.tier ? `${f(s.flipRate)} (${s.tier})` : "\u2014";
    case "success-rate":
      return f(s?.successRate);
    case "multi-factor":
      return s?.score === void 0 ? "\u2014" : `${f(s.score)} (${s.recommendation ?? "\u2014"}${s.priority ? `, ${s.priority}` : ""})`;
    case "thresholded":
      return f(s?.thresholded);
    default:
      return "";
  }
}

export {
  scoreViewOf,
  formatPfs,
  symbols,
  SYMBOLS_LEGEND,
  scoreLookup,
  ruleColumn,
  ruleMeasure
};
