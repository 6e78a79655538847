import {
  SYMBOLS_LEGEND,
  formatPfs,
  ruleColumn,
  ruleMeasure,
  symbols
} from "./shared-report-scores.js";
import {
  LazyHistory
} from "./shared-history-stored.js";
import {
  mdText,
  plainText,
  truncateBytes
} from "./shared-text-escape.js";

// src/report/annotations.ts
var TITLE_MAX = 255;
var MESSAGE_MAX = 4e3;
var DETAILS_MAX = 8e3;
function lastFailure(test) {
  for (let i = test.attempts.length - 1; i >= 0; i--) {
    const a = test.attempts[i];
    if (a.status === "failed" || a.status === "error") return a;
  }
  return void 0;
}
function failureOf(test) {
  const a = lastFailure(test);
  const firstLine = a?.details?.split("\n").find((l) => l.trim() !== "");
  const message = a?.message?.trim() || a?.type?.trim() || firstLine?.trim() || "(no message in the report)";
  const details = a?.details && a.details.trim() !== message ? a.details : void 0;
  return { message, details };
}
function isRepositoryPath(p) {
  return p !== "" && !p.startsWith("/") && !/^[A-Za-z]:[\\/]/.test(p) && !p.startsWith("../") && p !== "..";
}
function placed(test) {
  if (test.file) return { path: test.file, line: test.line && test.line > 0 ? test.line : 1 };
  return isRepositoryPath(test.report) ? { reportPath: test.report } : {};
}
var NO_LOCATION = "The report gives no source file for this test: this annotation is placed on the report itself.";
function liftInstruction(id, dataBranch, statsFile) {
  return `To lift the quarantine: on the data branch '${dataBranch}', edit ${statsFile}, set "override": "never" on the line of "${id}", and commit (it takes effect on the next run).`;
}
function blockingAnnotation(test, unforgiven, orderDependent) {
  const f = failureOf(test);
  const where = placed(test);
  const why = orderDependent !== void 0 ? `

This test ${orderDependent}. It is not quarantined as flaky: its failure fails the job until the test that leaves state behind is fixed (or this test sets up its own).` : unforgiven ? `

This test is ${unforgiven}.` : "";
  const note = where.path ? "" : `

${NO_LOCATION}`;
  const tag = orderDependent !== void 0 ? " (order-dependent)" : unforgiven ? " (quarantined, not forgiven)" : "";
  return {
    level: "failure",
    title: plainText(`${test.id} failed${tag}`, TITLE_MAX, true),
    message: plainText(`${f.message}${why}${note}`, MESSAGE_MAX),
    ...f.details ? { details: plainText(f.details, DETAILS_MAX) } : {},
    ...where,
    testId: test.id
  };
}
function forgivenAnnotation(test, ctx) {
  const f = failureOf(test);
  const d = ctx.decisions.get(test.id);
  const s = ctx.scores.get(test.id);
  const where = placed(test);
  const byHand = d?.override?.action === "quarantine";
  const lines = [
    byHand ? `Forgiven: this test was quarantined by hand (its "override" in ${ctx.statsFileOf(test.id)}) before this run, so its failure does not fail the job.` : "Forgiven: this test was quarantined as flaky before this run, so its failure does not fail the job."
  ];
  const pfs = formatPfs(s);
  if (pfs) lines.push(`Flakiness: PFS ${pfs} (probability that a run fails for no reason, 90% interval).`);
  if (d?.evidence.recent) lines.push(`Recent runs, oldest to newest: ${symbols(d.evidence.recent)}  (${SYMBOLS_LEGEND})`);
  lines.push(`Why it is quarantined: ${d?.reason ?? "quarantined before this run"}.`);
  lines.push(liftInstruction(test.id, ctx.dataBranch, ctx.statsFileOf(test.id)));
  lines.push("", `This failure: ${f.message}`);
  if (!where.path) lines.push("", NO_LOCATION);
  return {
    level: "warning",
    title: plainText(`${test.id} failed (forgiven: quarantined ${byHand ? "by hand" : "as flaky"})`, TITLE_MAX, true),
    message: plainText(lines.join("\n"), MESSAGE_MAX),
    ...f.details ? { details: plainText(f.details, DETAILS_MAX) } : {},
    ...where,
    testId: test.id
  };
}
function buildAnnotations(outcome, ctx) {
  return [...outcome.blocking.map((t) => blockingAnnotation(t, outcome.unforgiven.get(t.id), outcome.orderDependent?.get(t.id))), ...outcome.forgiven.map((t) => forgivenAnnotation(t, ctx))];
}

// src/report/trend.ts
var TREND_MAX_RECORDS = 3e5;
var DAY = 864e5;
var P = 80;
var F = 70;
var E = 69;
var S = 83;
function classify(attempts) {
  if (attempts.length === 1) {
    const c = attempts.charCodeAt(0);
    return c === P ? 1 : c === F || c === E ? 3 : 0;
  }
  let last = 0;
  let failedOnce = false;
  for (let i = 0; i < attempts.length; i++) {
    const c = attempts.charCodeAt(i);
    if (c === S) continue;
    last = c;
    if (c === F || c === E) failedOnce = true;
  }
  if (last === 0) return 0;
  if (last === F || last === E) return 3;
  return failedOnce && last === P ? 2 : 1;
}
function pad(n3) {
  return n3 < 10 ? `0${n3}` : String(n3);
}
function suiteTrend(history, maxPoints = 30, maxRecords = TREND_MAX_RECORDS) {
  const stride = Math.max(1, Math.ceil(history.size * maxPoints / maxRecords));
  const sample = stride > 1 ? { tests: Math.ceil(history.size / stride), of: history.size, stride } : void 0;
  if (history instanceof LazyHistory && history.inTimeOrder) {
    const byRun = storedRunTrend(history, maxPoints, stride);
    if (byRun) return { ...byRun, ...sample ? { sample } : {} };
  }
  const tail = history instanceof LazyHistory ? (id, max) => history.tail(id, max) : (id, max) => {
    const runs = history.get(id).runs;
    return runs.length <= max ? runs : runs.slice(runs.length - max);
  };
  let newest = Number.NEGATIVE_INFINITY;
  let windowStart = Number.POSITIVE_INFINITY;
  for (const id of history.keys()) {
    const runs = tail(id, maxPoints);
    const n3 = runs.length;
    if (n3 === 0) continue;
    const last = runs[n3 - 1].time;
    if (last > newest) newest = last;
    const first = runs[0].time;
    if (first < windowStart) windowStart = first;
  }
  if (!Number.isFinite(newest)) return { unit: "run", points: [] };
  if (newest - windowStart >= 7 * DAY) {
    const lastDay = Math.floor(newest / DAY);
    const firstDay = lastDay - (maxPoints - 1);
    const cutoff = firstDay * DAY;
    const runs = new Int32Array(maxPoints);
    const flaky = new Int32Array(maxPoints);
    const failed = new Int32Array(maxPoints);
    let index2 = -1;
    for (const id of history.keys()) {
      if (++index2 % stride !== 0) continue;
      const all = tail(id, Number.POSITIVE_INFINITY);
      for (let i = all.length - 1; i >= 0; i--) {
        const r = all[i];
        if (r.time < cutoff) break;
        const k = classify(r.attempts);
        if (k === 0) continue;
        const d = Math.min(maxPoints - 1, Math.floor(r.time / DAY) - firstDay);
        runs[d]++;
        if (k === 2) flaky[d]++;
        else if (k === 3) failed[d]++;
      }
    }
    const points = [];
    for (let d = 0; d < maxPoints; d++) {
      if (runs[d] === 0) continue;
      const date = new Date((firstDay + d) * DAY);
      points.push({ label: `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`, testRuns: runs[d], flaky: flaky[d], failed: failed[d] });
    }
    return { unit: "day", points, ...sample ? { sample } : {} };
  }
  const buckets = /* @__PURE__ */ new Map();
  const lastKey = new Array(maxPoints).fill("");
  const lastBucket = new Array(maxPoints).fill(void 0);
  let index = -1;
  for (const id of history.keys()) {
    if (++index % stride !== 0) continue;
    const runs = tail(id, maxPoints);
    const stop = 0;
    for (let i = runs.length - 1, j = 0; i >= stop; i--, j++) {
      const r = runs[i];
      let b;
      if (lastKey[j] === r.run) {
        b = lastBucket[j];
      } else {
        b = buckets.get(r.run);
        if (b === void 0) {
          b = { time: r.time, testRuns: 0, flaky: 0, failed: 0 };
          buckets.set(r.run, b);
        }
        lastKey[j] = r.run;
        lastBucket[j] = b;
      }
      if (r.time < b.time) b.time = r.time;
      const k = classify(r.attempts);
      if (k === 0) continue;
      b.testRuns++;
      if (k === 2) b.flaky++;
      else if (k === 3) b.failed++;
    }
  }
  const recent = [...buckets.values()].filter((b) => b.testRuns > 0).sort((a, b) => a.time - b.time).slice(-maxPoints);
  return {
    unit: "run",
    points: recent.map((b, i) => ({ label: String(i + 1), testRuns: b.testRuns, flaky: b.flaky, failed: b.failed })),
    ...sample ? { sample } : {}
  };
}
var n = (x) => Number.isSafeInteger(x) ? String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ",") : x.toLocaleString("en-US");
function ordinal(k) {
  const tens = k % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ["th", "st", "nd", "rd"][k % 10] ?? "th";
  return `${n(k)}${suffix}`;
}
var percent = (part, whole) => whole === 0 ? 0 : Math.round(1e4 * part / whole) / 100;
function niceMax(x) {
  if (x <= 0) return 1;
  const steps = [1, 2, 5, 10, 20, 25, 50, 100];
  return steps.find((s) => s >= x * 1.1) ?? 100;
}
function renderTrend(trend) {
  const pts = trend.points;
  if (pts.length < 2) return [];
  const flaky = pts.map((p) => percent(p.flaky, p.testRuns));
  const failed = pts.map((p) => percent(p.failed, p.testRuns));
  const top = niceMax(Math.max(...flaky, ...failed));
  const axis = trend.unit === "day" ? "day (UTC)" : "run, oldest to newest";
  const last = pts[pts.length - 1];
  const span = trend.unit === "day" ? `last ${pts.length} days with runs` : `last ${pts.length} runs`;
  return [
    `#### \u{1F4C8} Suite flakiness over time (${span})`,
    "",
    "```mermaid",
    "xychart-beta",
    '  title "Flaky and failed test runs (%)"',
    `  x-axis "${axis}" [${pts.map((p) => `"${p.label}"`).join(", ")}]`,
    `  y-axis "% of test runs" 0 --> ${top}`,
    `  bar [${flaky.join(", ")}]`,
    `  line [${failed.join(", ")}]`,
    "```",
    "",
    `Bars: test runs that failed, then passed on a retry (flaky). Line: test runs that failed at their last attempt. ` + (trend.sample ? `Latest ${trend.unit}: ${percent(last.flaky, last.testRuns)}% flaky and ${percent(last.failed, last.testRuns)}% failed. Estimated from every ${ordinal(trend.sample.stride)} test (${n(trend.sample.tests)} of ${n(trend.sample.of)}).` : `Latest ${trend.unit}: ${n(last.flaky)} flaky (${percent(last.flaky, last.testRuns)}%) and ${n(last.failed)} failed (${percent(last.failed, last.testRuns)}%) of ${n(last.testRuns)} test runs.`),
    ""
  ];
}
function storedRunTrend(history, maxPoints, stride) {
  let newest = Number.NEGATIVE_INFINITY;
  let windowStart = Number.POSITIVE_INFINITY;
  let any = false;
  for (const id of history.keys()) {
    const window = history.newestWindow(id, maxPoints);
    if (!window) continue;
    any = true;
    const lastTime = history.timeOf(window[1]);
    const firstTime = history.timeOf(window[0]);
    if (lastTime > newest) newest = lastTime;
    if (firstTime < windowStart) windowStart = firstTime;
  }
  if (!any) return { unit: "run", points: [] };
  if (newest - windowStart >= 7 * DAY) return void 0;
  let maxSeq = 0;
  for (const row of history.rows.values()) if (row.seq > maxSeq) maxSeq = row.seq;
  const sparse = maxSeq > 4 * history.rows.size + 65536;
  const sorted = sparse ? Float64Array.from(history.rows.values(), (row) => row.seq).sort() : void 0;
  const at = (seq) => {
    if (!sorted) return seq;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      if (sorted[mid] < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const size = (sorted ? sorted.length : maxSeq + 1) + 1;
  const runs = new Int32Array(size);
  const flakyRuns = new Int32Array(size);
  const failedRuns = new Int32Array(size);
  let index = -1;
  for (const id of history.keys()) {
    if (++index % stride !== 0) continue;
    history.forEachNewestStretch(id, maxPoints, (first, count, attempts) => {
      const k = classify(attempts);
      if (k === 0) return;
      const from = at(first);
      const to = at(first + count);
      runs[from]++;
      runs[to]--;
      const counts = k === 2 ? flakyRuns : k === 3 ? failedRuns : void 0;
      if (counts) {
        counts[from]++;
        counts[to]--;
      }
    });
  }
  const buckets = [];
  let testRuns = 0;
  let flaky = 0;
  let failed = 0;
  for (let i = 0; i < size - 1; i++) {
    testRuns += runs[i];
    flaky += flakyRuns[i];
    failed += failedRuns[i];
    const seq = sorted ? sorted[i] : i;
    if (testRuns > 0) buckets.push({ seq, time: history.timeOf(seq), testRuns, flaky, failed });
  }
  const recent = buckets.sort((a, b) => a.time - b.time || a.seq - b.seq).slice(-maxPoints);
  return { unit: "run", points: recent.map((b, i) => ({ label: String(i + 1), testRuns: b.testRuns, flaky: b.flaky, failed: b.failed })) };
}

// src/report/summary.ts
var SUMMARY_BUDGET_BYTES = 900 * 1024;
var CHECK_SUMMARY_BUDGET_BYTES = 6e4;
var TOP_FLAKY = 10;
var n2 = (x) => Number.isSafeInteger(x) ? String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ",") : x.toLocaleString("en-US");
var plural = (count, word, many = `${word}s`) => `${n2(count)} ${count === 1 ? word : many}`;
function decisionWord(d) {
  if (!d) return "no";
  if (d.override) return d.quarantined ? "yes, by hand" : "no, by hand";
  if (!d.quarantined && d.reason.startsWith("failed in the last")) return "no: breakage";
  return d.quarantined ? "yes" : "no";
}
function verdict(o, newlyQuarantined = 0) {
  const failed = o.failed.length;
  const forgiven = o.forgiven.length;
  const blocking = o.blocking.length;
  if (o.result === "success") {
    if (failed === 0 && newlyQuarantined > 0) {
      const retried = o.passedOnRetry.length > 0 ? `, ${plural(o.passedOnRetry.length, "test")} passed on a retry` : "";
      return `No test failed${retried}; ${plural(newlyQuarantined, "test")} newly quarantined as flaky`;
    }
    if (failed === 0) return "No test failed";
    return `${plural(failed, "test")} failed, all forgiven (quarantined as flaky): nothing blocks`;
  }
  if (blocking > 0) {
    return `${plural(failed, "test")} failed: ${n2(blocking)} ${blocking === 1 ? "blocks" : "block"} the job, ${n2(forgiven)} forgiven`;
  }
  if (failed > 0) return `${plural(failed, "test")} failed, all forgiven, but the job fails (see why)`;
  return "The job fails, though no test failed (see why)";
}
function recentOf(d) {
  return d?.evidence.recent ? symbols(d.evidence.recent) : "";
}
function topFlaky(input, k) {
  const top = [];
  const scores = input.scores;
  const pfOf = scores.pf ? (id) => scores.pf(id) : (id) => scores.get(id)?.pf;
  const better = (a, b) => a.pf !== b.pf ? a.pf > b.pf : a.pfLow !== b.pfLow ? a.pfLow > b.pfLow : a.id < b.id;
  const signs = /[FR]/;
  for (const [id, d] of input.decisions) {
    if (!d.quarantined && !signs.test(d.evidence.recent)) continue;
    const pf = pfOf(id) ?? -1;
    if (top.length === k && pf < top[k - 1].pf) continue;
    const entry = { id, pf, pfLow: scores.get(id)?.pfLow ?? -1 };
    if (top.length === k && !better(entry, top[k - 1])) continue;
    if (top.length === k) top.pop();
    let i = top.length;
    while (i > 0 && better(entry, top[i - 1])) i--;
    top.splice(i, 0, entry);
  }
  return top.map((t) => ({ id: t.id, score: scores.get(t.id), decision: input.decisions.get(t.id) }));
}
function summaryFacts(input) {
  return { trend: suiteTrend(input.history), top: topFlaky(input, TOP_FLAKY) };
}
var Writer = class {
  lines = [];
  used = 0;
  limit;
  /** Rows left out of tables. */
  cut = 0;
  constructor(limit) {
    this.limit = limit;
  }
  add(...lines) {
    let size = 0;
    for (const l of lines) size += Buffer.byteLength(l) + 1;
    if (this.used + size > this.limit) return false;
    this.used += size;
    this.lines.push(...lines);
    return true;
  }
};
function renderTable(w, t, shareBytes) {
  const start = w.used;
  const head = [`#### ${t.title}`, "", ...t.intro ? [t.intro, ""] : [], `| ${t.header.join(" | ")} |`, `|${t.header.map(() => " --- ").join("|")}|`];
  if (!w.add(...head)) {
    w.cut += t.count;
    return;
  }
  let shown = 0;
  const rowsLimit = Math.min(t.count, t.maxRows);
  for (; shown < rowsLimit; shown++) {
    const line = `| ${t.row(shown).join(" | ")} |`;
    if (w.used - start + Buffer.byteLength(line) + 1 > shareBytes || !w.add(line)) break;
  }
  if (shown < t.count) {
    w.cut += t.count - shown;
    w.add("", `_\u2026and ${n2(t.count - shown)} more, not shown here (see the note at the end)._`);
  }
  if (t.after) w.add("", t.after);
  w.add("");
}
function failureLocation(t, blobUrl) {
  if (!t.file) return "\u2014";
  const text = mdText(`${t.file}${t.line ? `:${t.line}` : ""}`, 160);
  const url = blobUrl?.(t.file, t.line);
  return url ? `[${text}](${url})` : text;
}
function reasonWithoutPfs(reason) {
  return reason.replace(/;? ?PFS \d\.\d\d \[\d\.\d\d, \d\.\d\d\]$/, "");
}
function nameTests(ids) {
  const shown = ids.slice(0, 5).map((id) => mdText(id, 200));
  return `${shown.join(", ")}${ids.length > shown.length ? ` and ${n2(ids.length - shown.length)} more` : ""}`;
}
function renderSummary(input, options = {}) {
  const budget = options.budgetBytes ?? SUMMARY_BUDGET_BYTES;
  const facts = options.facts ?? summaryFacts(input);
  const o = input.outcome;
  const branchLink = `[${mdText(input.dataBranch, 100)}](${input.dataBranchUrl})`;
  const head = [`### ${o.result === "success" ? "\u2705" : "\u274C"} flakeguard: ${verdict(o, input.newlyQuarantined.length)}`, ""];
  const broken = new Set(input.brokenStats ?? []);
  const brokenFileOf = (id) => broken.size > 0 && broken.has(input.statsFileOf(id)) ? input.statsFileOf(id) : void 0;
  const counts = [
    `**${n2(o.failed.length)}** failed`,
    `**${n2(o.blocking.length)}** ${o.blocking.length === 1 ? "blocks" : "block"}`,
    `**${n2(o.forgiven.length)}** forgiven`,
    `${n2(o.passedOnRetry.length)} passed on retry`,
    ...input.testsInRun !== void 0 ? [`${plural(input.testsInRun, "test")} in the reports`] : [],
    `${n2(input.quarantined.length)} quarantined`
  ];
  head.push(counts.join(" \xB7 "), "");
  if (o.reasons.length > 0) {
    head.push("**Why the job fails:**", "");
    const shownReasons = o.reasons.slice(0, 20);
    const notQuarantined = o.blocking.filter((t) => !o.unforgiven.has(t.id) && !o.orderDependent?.has(t.id));
    const inBroken = notQuarantined.filter((t) => brokenFileOf(t.id) !== void 0);
    const plainNot = notQuarantined.filter((t) => brokenFileOf(t.id) === void 0);
    const uncovered = o.blocking.filter((t) => o.unforgiven.has(t.id) && !o.orderDependent?.has(t.id));
    const NOT_QUARANTINED = /^[\d,]+ failed tests? (is|are) not quarantined\.$/;
    for (const r of shownReasons) {
      if (NOT_QUARANTINED.test(r) && inBroken.length > 0) {
        if (plainNot.length > 0) head.push(`- ${plural(plainNot.length, "failed test")} ${plainNot.length === 1 ? "is" : "are"} not quarantined: ${nameTests(plainNot.map((t) => t.id))}.`);
        const files = [...new Set(inBroken.map((t) => brokenFileOf(t.id)))];
        head.push(
          `- ${plural(inBroken.length, "failed test")} cannot be forgiven because ${files.length === 1 ? "its stats file" : "their stats files"} ${files.map((f) => mdText(f, 120)).join(", ")} ${files.length === 1 ? "is" : "are"} broken (see the problems below): ${nameTests(inBroken.map((t) => t.id))}.`
        );
      } else if (NOT_QUARANTINED.test(r) && plainNot.length > 0) {
        head.push(`- ${mdText(r.replace(/\.$/, ""), 500)}: ${nameTests(plainNot.map((t) => t.id))}.`);
      } else if (/^[\d,]+ quarantined tests? failed in a way .* quarantine does not cover/.test(r) && uncovered.length > 0) {
        head.push(`- ${mdText(r, 500)} ${nameTests(uncovered.map((t) => t.id))}.`);
      } else {
        head.push(`- ${mdText(r, 500)}`);
      }
    }
    if (o.reasons.length > shownReasons.length) head.push(`- \u2026and ${n2(o.reasons.length - shownReasons.length)} more reasons (see the step's log).`);
    head.push("");
  }
  const tail = [];
  const top = facts.top;
  const chart = renderTrend(facts.trend);
  const lapsed = input.lapsed.slice(0, 20).map((l) => `- The override of ${mdText(l.id, 200)} in ${mdText(l.file, 120)}${l.line ? `:${l.line}` : ""} lapsed on ${mdText(l.until, 40)}; flakeguard decides again.`);
  if (lapsed.length > 0) tail.push("#### Lapsed overrides", "", ...lapsed, "");
  if (input.twins && input.twins.count > 0) {
    const shown = input.twins.first.map((id) => mdText(id, 200)).join(", ");
    const more = input.twins.count - input.twins.first.length;
    tail.push(
      "#### Duplicate test titles",
      "",
      `${plural(input.twins.count, "title names", "titles name")} more than one test in a report: ${shown}${more > 0 ? ` and ${n2(more)} more` : ""}. They are counted as different tests, the second and later ones with \` [2]\`, \` [3]\`\u2026 after the title, by their order in the report (docs/test-ids.md). Give each test its own title (for \`test.each\`, put \`%s\` or \`$name\` in it) so that its history cannot move to another test when tests are added or reordered.`,
      ""
    );
  }
  if (input.collisions && input.collisions.count > 0) {
    const more = input.collisions.count - input.collisions.first.length;
    const listed = input.collisions.first.map((c) => `${mdText(c.id, 200)} in ${c.reports.map((r) => mdText(r, 200)).join(" and ")}`);
    tail.push(
      "#### The same test id in several reports",
      "",
      `${plural(input.collisions.count, "test id is", "test ids are")} written in more than one report by a reporter that writes one testcase per test and never a retry: ${listed.join("; ")}${more > 0 ? `; and ${n2(more)} more` : ""}. They are counted as different tests, each id prefixed with its report's directory (docs/test-ids.md, "Ids across reports").`,
      ""
    );
  }
  const footer = [
    "---",
    "",
    `${plural(input.quarantined.length, "test is", "tests are")} quarantined in total. ${mdText(input.storeLine, 600)}`,
    ...input.annotationsLine ? ["", `Annotations: ${mdText(input.annotationsLine, 600)}`] : [],
    "",
    `Every test's history, scores and quarantine state are on the data branch ${branchLink}. To force or lift a quarantine, edit the test's \`"override"\` in its \`stats/*.json\` file there (\`"never"\` lifts it, \`"quarantine"\` forces it).`
  ];
  const fixed = [...head, ...chart, ...tail, ...footer].reduce((s, l) => s + Buffer.byteLength(l) + 1, 0);
  const NOTE_RESERVE = 600;
  const w = new Writer(Math.max(0, budget - fixed - NOTE_RESERVE));
  const scoreOf = (id) => mdText(formatPfs(input.scores.get(id)) || "\u2014", 40);
  const measureHead = ruleColumn(input.rule);
  const allTables = [
    {
      title: `\u274C Blocking failures (${n2(o.blocking.length)})`,
      intro: "These fail the job: not quarantined before this run, or failing in a way their quarantine does not cover.",
      header: ["Test", "Failure", "Location", "Why it blocks"],
      count: o.blocking.length,
      row: (i) => {
        const t = o.blocking[i];
        const file = o.unforgiven.has(t.id) ? void 0 : brokenFileOf(t.id);
        const order = o.orderDependent?.get(t.id);
        const why = order !== void 0 ? `order-dependent: it ${order}` : file ? `its stats file ${file} is broken: it forgives nothing until fixed` : o.unforgiven.get(t.id) ?? "not quarantined";
        return [mdText(t.id, 250), mdText(failureOf(t).message, 300), failureLocation(t, input.blobUrl), mdText(why, 300)];
      },
      maxRows: 250,
      weight: 5
    },
    {
      title: `\u26A0\uFE0F Forgiven failures: quarantined tests (${n2(o.forgiven.length)})`,
      intro: "Quarantined before this run (as flaky, or by hand): these failures do not fail the job. PFS is the probability that a run fails for no reason, with its 90% interval.",
      header: ["Test", "Failure", "PFS [interval]", "Recent runs", "Why it is quarantined", "Lift it in"],
      count: o.forgiven.length,
      row: (i) => {
        const t = o.forgiven[i];
        const d = input.decisions.get(t.id);
        return [
          mdText(t.id, 250),
          mdText(failureOf(t).message, 160),
          scoreOf(t.id),
          recentOf(d),
          mdText(reasonWithoutPfs(d?.reason ?? "quarantined before this run"), 300),
          `\`${input.statsFileOf(t.id)}\``
        ];
      },
      maxRows: 250,
      weight: 4,
      after: `Recent runs, oldest to newest: ${SYMBOLS_LEGEND}. To lift a quarantine, set \`"override": "never"\` on the test's line in the file named, on the data branch ${branchLink}.`
    },
    {
      title: `\u{1F512} Newly quarantined (${n2(input.newlyQuarantined.length)})`,
      intro: "From the next run on, their failures are forgiven.",
      header: ["Test", "Why", "PFS [interval]", "Recent runs", "Lift it in"],
      count: input.newlyQuarantined.length,
      row: (i) => {
        const id = input.newlyQuarantined[i];
        const d = input.decisions.get(id);
        return [mdText(id, 250), mdText(reasonWithoutPfs(d?.reason ?? ""), 300), scoreOf(id), recentOf(d), `\`${input.statsFileOf(id)}\``];
      },
      maxRows: 100,
      weight: 1.5
    },
    {
      title: `\u{1F513} Released from quarantine (${n2(input.released.length)})`,
      intro: "From the next run on, their failures fail the job again.",
      header: ["Test", "Why", "Recent runs"],
      count: input.released.length,
      row: (i) => {
        const id = input.released[i];
        const d = input.decisions.get(id);
        return [mdText(id, 250), mdText(d?.reason ?? "", 300), recentOf(d)];
      },
      maxRows: 100,
      weight: 1
    },
    {
      title: `\u{1F501} Passed on a retry (${n2(o.passedOnRetry.length)})`,
      intro: "Failed, then passed in this run: they do not fail the job, and count as evidence of flakiness.",
      header: ["Test", "Attempts", "First failure"],
      count: o.passedOnRetry.length,
      row: (i) => {
        const t = o.passedOnRetry[i];
        return [
          mdText(t.id, 250),
          t.attempts.map((a) => a.status === "passed" ? "\u2713" : a.status === "skipped" ? "\u2013" : "\u2717").join(""),
          mdText(t.attempts.find((a) => a.status === "failed" || a.status === "error")?.message ?? "", 160)
        ];
      },
      maxRows: 100,
      weight: 1
    },
    {
      title: `\u{1F4CA} Flakiest tests of the suite (top ${n2(top.length)})`,
      intro: `Tests with a failure or a retry among their recent runs, or quarantined, ranked by PFS (the probability that a run fails for no reason: a ranking, not the decision). Quarantine is decided by the ${mdText(input.rule ?? "evidence", 20)} rule; the other scores are in each test's stats line.`,
      header: ["Rank", "Test", "PFS [interval]", ...measureHead ? [measureHead] : [], "Quarantined", "Recent runs"],
      count: top.length,
      row: (i) => {
        const t = top[i];
        return [String(i + 1), mdText(t.id, 250), scoreOf(t.id), ...measureHead ? [mdText(ruleMeasure(input.rule, t.score), 40)] : [], decisionWord(t.decision), recentOf(t.decision)];
      },
      maxRows: TOP_FLAKY,
      weight: 1,
      after: `Recent runs, oldest to newest: ${SYMBOLS_LEGEND}.`
    },
    {
      title: `Problems in the data branch (${n2(input.fileProblems.length)})`,
      intro: "A broken file forgives nothing until it is fixed.",
      header: ["File", "Line", "Problem"],
      count: input.fileProblems.length,
      row: (i) => {
        const p = input.fileProblems[i];
        return [mdText(p.file, 120), p.line !== void 0 ? String(p.line) : "", mdText(p.message, 300)];
      },
      maxRows: 50,
      weight: 1
    }
  ];
  const tables = allTables.filter((t) => t.count > 0);
  const weights = tables.reduce((s, t) => s + t.weight, 0);
  const tableBudget = w.limit;
  for (const t of tables) renderTable(w, t, Math.max(2048, tableBudget * t.weight / weights));
  let text = [...head, ...w.lines, ...chart, ...tail, ...footer].join("\n");
  if (w.cut > 0) {
    text += `

_This summary was cut to stay under GitHub's size limit: ${n2(w.cut)} rows are not shown. Every test's history and scores are on the data branch ${branchLink}; the check run's annotations and your test step's log list the failures._`;
  }
  return truncateBytes(`${text}
`, budget);
}

export {
  failureOf,
  buildAnnotations,
  CHECK_SUMMARY_BUDGET_BYTES,
  verdict,
  summaryFacts,
  reasonWithoutPfs,
  renderSummary
};
