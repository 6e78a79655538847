import {
  blockingAfterReruns
} from "./shared-rerun-plan.js";
import {
  mdText
} from "./shared-text-escape.js";
import {
  isFailure
} from "./shared-model.js";

// src/report/rerun-summary.ts
var UNREPRODUCED_CHARS = 2400;
var MAX_RERUN_ROWS = 50;
function attemptSymbols(attempts) {
  let out = "";
  let afterFailure = false;
  for (const a of attempts) {
    if (a.status === "skipped") {
      out += "\xB7";
      continue;
    }
    const failed = isFailure(a.status);
    out += failed ? "\u2717" : afterFailure ? "\u21BB" : "\u2713";
    afterFailure = failed;
  }
  return out;
}
var PROVED = {
  "proven-flaky": "flaky, proven on this commit: passed on a re-run, so it did not fail the run",
  consistent: "",
  exhausted: "",
  unreproduced: "",
  unanswered: "nothing: its failure stands",
  clean: "passed every extra run",
  "flaky-extra": "flaky, proven on this commit: failed an extra run"
};
function proved(c, orderDependent, blocking) {
  const order = orderDependent.get(c.historyId);
  if (order !== void 0) return `order-dependent, a real failure: it ${order}`;
  if (c.kind === "extra" && c.context !== void 0) return `${c.context}: its extra runs failed alone only, no evidence of flakiness`;
  const exhausted = c.verdict === "exhausted" ? blocking?.has(c.historyId) ? `a real failure: ${c.why ?? ""}` : c.why ?? "" : void 0;
  const base = c.verdict === "consistent" ? `a real failure: ${c.why}` : exhausted ?? (c.verdict === "unreproduced" ? c.why ?? "" : PROVED[c.verdict ?? "unanswered"]);
  const why = c.verdict === "unanswered" && c.why ? ` (${c.why})` : "";
  return `${c.context !== void 0 ? `${c.context}; ` : ""}${base}${why}`;
}
function attemptsShown(c) {
  if (c.kind === "failed") {
    const all = [...attemptSymbols([...c.test.attempts, ...c.reruns])];
    const n = c.test.attempts.length;
    return `${all.slice(0, n).join("")} \u2192 ${all.slice(n).join("") || "\u2013"}`;
  }
  return `${attemptSymbols(c.test.attempts)} + ${attemptSymbols(c.reruns) || "\u2013"}`;
}
var s = (n) => n === 1 ? "" : "s";
function renderRerunSection(result, orderDependent = /* @__PURE__ */ new Map(), blocking) {
  const lines = ["", "### Re-runs on this commit", ""];
  if (result.skipped) {
    lines.push(`No test was re-run: ${mdText(result.skipped, 500)}.`, "");
    return lines.join("\n");
  }
  if (result.cases.length === 0) {
    lines.push("No test failed, and no extra executions were planned: nothing was re-run.", "");
    return lines.join("\n");
  }
  const unreproduced = result.cases.filter((c) => c.verdict === "unreproduced").length;
  const surplus = result.surplus ?? 0;
  const askedFor = result.executions + surplus;
  const asked = result.ran !== askedFor ? ` (${askedFor} asked for)` : "";
  const starts = result.starts ?? result.rounds.length;
  const after = surplus > 0 ? `; ${surplus} of them ran after the verdict of their test (a start runs all it was asked for) and are no attempts` : "";
  const cost = `${result.ran} test execution${s(result.ran)}${asked} in ${result.rounds.length} round${s(result.rounds.length)} (${starts} start${s(starts)} of the re-run command), ${result.seconds.toFixed(1)} s${after}`;
  const everyRerunFailed = result.cases.filter(
    (c) => c.kind === "failed" && c.reruns.length > 0 && !orderDependent.has(c.historyId) && c.reruns.every((a) => isFailure(a.status) || a.status === "skipped")
  ).length;
  const stillBlocking = blocking ? blockingAfterReruns(result, blocking, orderDependent).length : void 0;
  lines.push(
    `Cost: ${cost}. Proven flaky: ${result.provenFlaky.filter((id) => !orderDependent.has(id)).length}; failed every re-run: ${everyRerunFailed}${unreproduced > 0 ? ` (another way than in the run, so the run's conditions were not reproduced: ${unreproduced})` : ""}${orderDependent.size > 0 ? `; order-dependent: ${orderDependent.size}` : ""}${result.newFlaky.length > 0 ? `; new tests flaky before merge: ${result.newFlaky.length}` : ""}${stillBlocking !== void 0 ? `; still blocking after the re-runs (output \`consistent-failures\`): ${stillBlocking}` : ""}.`,
    ""
  );
  if (result.stopped) lines.push(`The re-runs stopped early: ${mdText(result.stopped, 500)}. The failures they could not answer for stand.`, "");
  for (const r of result.rounds) {
    if (r.voided) lines.push(`- Round ${r.round} was voided: ${mdText(r.voided, 500)}. Its evidence is not used; the original failures stand.`);
    if (r.ignored > 0) lines.push(`- Round ${r.round}'s report had ${r.ignored} test${s(r.ignored)} that ${r.ignored === 1 ? "was" : "were"} not asked for (ignored).`);
  }
  const context = result.rounds.filter((r) => r.context !== void 0);
  if (context.length > 0) {
    lines.push(
      `- Context rounds: ${context.length} (a failed test re-run after the tests that ran before it, or alone, to find whether another test's leftovers make it fail; docs/rerun.md, "Context rounds"; their executions are in the cost, not in the tests' attempts):`
    );
    for (const r of context.slice(0, 20)) lines.push(`  - round ${r.round}: ${mdText(r.context ?? "", 300)}${r.voided ? ` (voided: ${mdText(r.voided, 200)})` : ""}`);
    if (context.length > 20) lines.push(`  - \u2026 and ${context.length - 20} more`);
  }
  if (result.note) lines.push(`- ${mdText(result.note, 500)}.`);
  if (lines[lines.length - 1] !== "") lines.push("");
  lines.push("| test | attempts | what the re-runs proved |", "| --- | --- | --- |");
  const order = { consistent: 0, unreproduced: 0, unanswered: 1, exhausted: 2, "proven-flaky": 3, "flaky-extra": 4, clean: 5 };
  const rank = (c) => orderDependent.has(c.historyId) ? 0 : order[c.verdict ?? "unanswered"];
  const cases = [...result.cases].sort((a, b) => rank(a) - rank(b) || (a.historyId < b.historyId ? -1 : 1));
  for (const c of cases.slice(0, MAX_RERUN_ROWS)) {
    const tags = [c.kind === "extra" ? `extra (${c.pool})` : "", c.isNew ? "new test" : ""].filter(Boolean).join(", ");
    lines.push(
      `| ${mdText(c.historyId, 200)}${tags ? ` <sub>${tags}</sub>` : ""} | ${attemptsShown(c)} | ${mdText(proved(c, orderDependent, blocking), c.verdict === "unreproduced" ? UNREPRODUCED_CHARS : 400)} |`
    );
  }
  if (cases.length > MAX_RERUN_ROWS) lines.push("", `${cases.length - MAX_RERUN_ROWS} more re-run test${s(cases.length - MAX_RERUN_ROWS)} not listed.`);
  lines.push("", "\u2717 failed \xB7 \u21BB passed after a failure \xB7 \u2713 passed; the suite\u2019s attempts \u2192 the re-runs (extra runs: the suite + the extras).", "");
  return lines.join("\n");
}

export {
  MAX_RERUN_ROWS,
  attemptSymbols,
  renderRerunSection
};
