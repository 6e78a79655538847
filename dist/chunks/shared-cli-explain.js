import {
  onsetPlain
} from "./shared-report-onset.js";
import {
  onsetOf
} from "./shared-onset-changepoint.js";
import {
  SYMBOLS_LEGEND,
  formatPfs,
  scoreViewOf,
  symbols
} from "./shared-report-scores.js";
import {
  diagnosisPlain
} from "./shared-diagnose-rule.js";
import {
  plainText
} from "./shared-text-escape.js";
import {
  resolveTest
} from "./shared-cli-override.js";
import {
  statsFileOf
} from "./shared-store-snapshot.js";
import {
  overrideExpired
} from "./shared-store-layout.js";

// src/cli/explain.ts
var t = (untrusted, max = 300) => plainText(String(untrusted), max, true);
var num = (x) => typeof x === "number" ? x.toFixed(2) : "\u2014";
function attemptsText(attempts) {
  const word = { P: "passed", F: "failed", E: "error", S: "skipped" };
  return [...attempts].map((c) => word[c] ?? c).join(", then ");
}
function adviceLine(recommendation, priority, reason, quarantined, override) {
  const action = t(recommendation, 20);
  const verb = action === "stable" ? "call it stable" : action;
  const advice = `Multi-factor score alone (docs/scoring.md, "Recommendation"): would ${verb}, priority ${t(priority, 20)}${reason ? `: ${t(reason, 200).replace(/\.$/, "")}` : ""}.`;
  const agrees = quarantined === (recommendation === "quarantine");
  if (agrees) return advice;
  if (quarantined) {
    const why2 = override === "quarantine" ? "it is quarantined by hand (the override above)" : "the policy's rule decided it (Why, above; docs/rules.md), until that rule releases it";
    return `${advice} It advises only: the quarantine stands because ${why2}.`;
  }
  const why = override === "never" ? 'an override says "never" (above)' : "the policy's rule decides quarantine, not this score (docs/rules.md)";
  return `${advice} It advises only: the test is not quarantined because ${why}.`;
}
function explainTest(snapshot, query, options) {
  const id = resolveTest(snapshot, query);
  const path = statsFileOf(snapshot, id);
  const stats = snapshot.stats.get(id);
  const stored = snapshot.overrides.get(id);
  const history = snapshot.history.get(id);
  const out = [t(id, 1e3), ""];
  const line = stored?.line ?? options.line?.(id);
  out.push(`Stats line: ${path}${line ? `:${line}` : ""} on the data branch '${t(options.dataBranch)}'.`);
  if (snapshot.brokenStats.has(path)) {
    const problem = snapshot.problems.find((p) => p.file === path);
    out.push(`That file is BROKEN (${t(problem?.message ?? "unreadable")}${problem?.line ? `, line ${problem.line}` : ""}): it forgives nothing until fixed.`);
  }
  if (stats) {
    const since = stats.since ? ` since ${t(stats.since, 40)}` : "";
    out.push(`State: ${stats.quarantined ? `QUARANTINED${since}` : `not quarantined${since}`}.`);
    if (stats.reason) out.push(`Why: ${t(stats.reason, 600)}.`);
  } else if (!snapshot.brokenStats.has(path)) {
    out.push("State: no stats line yet (the test has not run since flakeguard started recording it).");
  }
  if (stored) {
    const o = stored.override;
    const details = [o.reason ? `reason: ${t(o.reason)}` : "", o.until ? `until ${t(o.until, 40)}` : ""].filter(Boolean).join(", ");
    const lapsed = overrideExpired(o, options.now) ? " \u2014 LAPSED: the policy decides again" : "";
    out.push(`Hand override: "${o.action}"${details ? ` (${details})` : ""}${lapsed}.`);
  } else {
    out.push("Hand override: none (the policy decides). `flakeguard quarantine` or `flakeguard release` sets one.");
  }
  if (stats) {
    const view = scoreViewOf(stats);
    const pfs = formatPfs(view);
    const parts = [
      pfs ? `PFS ${pfs} (probability that a run fails for no reason, 90% interval)` : "",
      view?.tier ? `tier ${t(view.tier, 20)}` : "",
      view?.score !== void 0 ? `score ${view.score.toFixed(2)}` : "",
      typeof stats.flipRate === "number" ? `flip rate ${num(stats.flipRate)}` : "",
      typeof stats.successRate === "number" ? `success rate ${num(stats.successRate)}` : ""
    ].filter(Boolean);
    if (parts.length > 0) out.push(`Scores: ${parts.join(" \xB7 ")}.`);
    if (view?.recommendation && view.priority) out.push(adviceLine(view.recommendation, view.priority, view.recommendationReason, stats.quarantined, stored?.override.action));
    if (typeof stats.recent === "string" && stats.recent !== "") out.push(`Recent runs, oldest to newest: ${symbols(stats.recent)}  (${SYMBOLS_LEGEND})`);
  }
  if (history && history.runs.some((r) => /[FE]/.test(r.attempts))) {
    const seqOfRun = /* @__PURE__ */ new Map();
    for (const [key, row] of snapshot.runs) seqOfRun.set(key, row.seq);
    const runName = (r) => seqOfRun.has(r.run) ? `#${seqOfRun.get(r.run)}` : r.run;
    out.push(...onsetPlain(onsetOf(history.runs), options.commits, runName));
  }
  const diagnosis = options.diagnosis?.(id);
  if (diagnosis) out.push(...diagnosisPlain(diagnosis));
  if (history && history.runs.length > 0) {
    const shown = history.runs.slice(-(options.runs ?? 20));
    const seqOf = /* @__PURE__ */ new Map();
    for (const [key, row] of snapshot.runs) seqOf.set(key, row);
    out.push("", `History (${history.runs.length} run${history.runs.length === 1 ? "" : "s"} kept; the last ${shown.length}, newest last):`);
    for (const r of shown) {
      const row = seqOf.get(r.run);
      const when = new Date(r.time).toISOString().replace(/:\d\d\.\d+Z$/, "Z").replace("T", " ");
      const where = r.onDefaultBranch ? "default branch" : "other branch";
      const message = r.message ? `: ${t(r.message, 160)}` : "";
      const outage = r.outage ? " (in an outage: not evidence)" : "";
      out.push(`  run ${row ? `#${row.seq}` : t(r.run, 60)}  ${when}  ${t(r.sha.slice(0, 10), 10)}  ${where}  ${attemptsText(r.attempts)}${outage}${message}`);
      if (row?.url) out.push(`      ${t(row.url, 300)}`);
    }
  } else {
    out.push("", "History: none kept.");
  }
  return `${out.join("\n")}
`;
}

export {
  adviceLine,
  explainTest
};
