import {
  CONFIDENCE,
  percentText,
  rateText
} from "./shared-rerun-fix-plan.js";
import {
  mdInert
} from "./shared-text-escape.js";

// src/report/fix-summary.ts
var runs = (n) => `${n} run${n === 1 ? "" : "s"}`;
function history(rate) {
  if (rate.runs === 0) return "its old rate, as its history tells it (no run in its window: any rate)";
  return `its old rate, as its history tells it (${rate.failures} failure${rate.failures === 1 ? "" : "s"} in ${runs(rate.runs)}: about ${rateText(rate.p)})`;
}
function fixSentence(o) {
  const rate = rateText(o.plan.rate.p);
  if (o.verdict === "failed") {
    const where = o.ran <= 1 && o.stopped ? ` (${o.stopped})` : ` in ${runs(o.ran)}`;
    return `failed: ${o.failures} failure${o.failures === 1 ? "" : "s"}${where}; the flakiness is still there (its old rate: ${rate})`;
  }
  if (o.verdict === "verified") {
    return `verified: 0 failures in ${runs(o.ran)}; at ${history(o.plan.rate)}, a still-flaky test would have failed with ${percentText(o.reached)} probability`;
  }
  const cut = o.plan.capped && o.plan.planned <= o.ran ? "fix-verify-max-runs capped them" : o.stopped ?? "the runs stopped early";
  return `inconclusive: 0 failures in ${runs(o.ran)}, fewer than the ${o.plan.needed} that ${history(o.plan.rate)}, needs (${cut}); a still-flaky test would have failed with only ${percentText(o.reached)} probability, below ${percentText(CONFIDENCE)}, so this verdict is weaker and releases nothing`;
}
var ICON = { verified: "\u2705", failed: "\u274C", inconclusive: "\u26A0\uFE0F" };
function fixItems(report) {
  return report.outcomes.map((o) => `- ${ICON[o.verdict]} ${mdInert(o.id, 300)}: ${mdInert(fixSentence(o), 600)} (${mdInert(o.why.join("; "), 300)}).`);
}
function fixCommentItems(report) {
  return [...fixItems(report), ...report.notices.slice(0, 10).map((n) => `- \u2139\uFE0F ${mdInert(n, 600)}`)];
}
function next(report) {
  if (!report.outcomes.some((o) => o.verdict === "verified")) return void 0;
  return report.readOnly ? "This run cannot write the data branch (read-only, or a pull request from a fork): the verdicts are shown here and recorded nowhere, so they release nothing." : "A verified test is released from quarantine at the first run on the default branch after this pull request is merged at this head commit.";
}
function renderFixSection(report) {
  const lines = [];
  if (report.outcomes.length > 0) {
    lines.push("### \u{1F9EA} Fix verification", "", ...fixItems(report));
    const n = next(report);
    if (n) lines.push("", n);
  }
  if (report.landed.length > 0) {
    if (lines.length === 0) lines.push("### \u{1F9EA} Fix verification", "");
    for (const l of report.landed.slice(0, 50)) lines.push(`- \u{1F513} ${mdInert(l.id, 300)}: its fix, verified on pull request #${l.pr}, landed in ${l.commit.slice(0, 12)}: released.`);
  }
  if (report.notices.length > 0) {
    if (lines.length === 0) lines.push("### \u{1F9EA} Fix verification", "");
    else lines.push("");
    for (const n of report.notices.slice(0, 20)) lines.push(`- \u2139\uFE0F ${mdInert(n, 600)}`);
    if (report.notices.length > 20) lines.push(`- \u2026 and ${report.notices.length - 20} more notices in the log.`);
  }
  return lines.length > 0 ? `${lines.join("\n")}
` : void 0;
}
function fixIssueComment(o, pr, head) {
  const where = pr !== void 0 ? `pull request #${pr}${head ? ` (at ${head.slice(0, 12)})` : ""}` : "a pull request";
  const then = o.verdict === "verified" ? "It is released from quarantine at the first run on the default branch after that pull request is merged at this head commit." : o.verdict === "failed" ? "The quarantine stays." : "The quarantine stays; more runs (`fix-verify-max-runs`, `rerun-timeout`) would make the verdict conclusive.";
  return `\u{1F9EA} Fix verification on ${where}: ${mdInert(fixSentence(o), 800)}. ${then}`;
}

export {
  fixSentence,
  fixItems,
  fixCommentItems,
  renderFixSection,
  fixIssueComment
};
