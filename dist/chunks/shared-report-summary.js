import {
  SYMBOLS_LEGEND,
  formatPfs,
  ruleColumn,
  ruleMeasure,
  symbols
} from "./shared-report-scores.js";
import {
  mdText,
  plainText,
  truncateBytes
} from "./shared-text-escape.js";
import {
  LazyHistory,
  forEachNewestStretchOf,
  newestWindowOf,
  sameOutcomes
} from "./shared-history-stored.js";
import {
  isFailure
} from "./shared-model.js";

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
function pad(n4) {
  return n4 < 10 ? `0${n4}` : String(n4);
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
    const n4 = runs.length;
    if (n4 === 0) continue;
    const last = runs[n4 - 1].time;
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
  let before;
  for (const s of history.stored.values()) {
    if (before !== void 0 && sameOutcomes(before, s)) continue;
    before = s;
    const window = newestWindowOf(s, maxPoints);
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
  let times = 0;
  const add = (first, count, attempts) => {
    const k = classify(attempts);
    if (k === 0) return;
    const from = at(first);
    const to = at(first + count);
    runs[from] += times;
    runs[to] -= times;
    const counts = k === 2 ? flakyRuns : k === 3 ? failedRuns : void 0;
    if (counts) {
      counts[from] += times;
      counts[to] -= times;
    }
  };
  let pending;
  let index = -1;
  for (const s of history.stored.values()) {
    if (++index % stride !== 0) continue;
    if (pending !== void 0 && sameOutcomes(pending, s)) {
      times++;
      continue;
    }
    if (pending !== void 0) forEachNewestStretchOf(pending, maxPoints, add);
    pending = s;
    times = 1;
  }
  if (pending !== void 0) forEachNewestStretchOf(pending, maxPoints, add);
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

// src/report/lead.ts
var n2 = (x) => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
var plural = (count, word, many = `${word}s`) => `${n2(count)} ${count === 1 ? word : many}`;
function messageOf(t) {
  if (!t) return "";
  const failure = failureOf(t);
  return (failure.message || "").replace(/\s+/g, " ").trim();
}
function orderWords(sentence) {
  const cut = sentence.indexOf(", passes alone");
  return cut > 0 ? sentence.slice(0, cut + ", passes alone".length) : sentence;
}
function blockingWords(t, o, c, facts) {
  const order = facts.orderDependent?.get(t.id) ?? o.orderDependent?.get(t.id);
  if (order !== void 0) return { kind: "order-dependent", words: `order-dependent: ${orderWords(order)}` };
  if (c && c.kind === "failed" && c.reruns.length > 0) {
    const fails = c.reruns.filter((a) => isFailure(a.status)).length;
    const ran = c.reruns.filter((a) => a.status !== "skipped").length;
    if (c.verdict === "unreproduced") {
      return {
        kind: "unreproduced",
        words: `unreproduced: failed ${fails} of ${ran} re-runs another way than in the run, so they say nothing of its failure (the re-runs may lack the run's flags or environment); its failure stands`
      };
    }
    if (fails === ran) return { kind: "real", words: `real failure: failed ${fails} of ${ran} re-run${ran === 1 ? "" : "s"} on this commit` };
  }
  if (c && c.verdict === "unanswered") return { kind: "unanswered", words: `unanswered: the re-runs could not answer for it${c.why ? ` (${c.why})` : ""}; its failure stands` };
  const uncovered = o.unforgiven.get(t.id);
  if (uncovered !== void 0) return { kind: "not-covered", words: `quarantined, but not forgiven: ${uncovered}` };
  const file = facts.brokenFileOf?.(t.id);
  if (file !== void 0) return { kind: "broken-stats", words: `cannot be forgiven: its stats file ${file} on the data branch is broken` };
  if (c) return { kind: "real", words: "real failure: failed on this commit, not quarantined" };
  return { kind: "failed", words: "failed in this run, not quarantined (not re-run: the `rerun` input proves a failure flaky or real on the spot)" };
}
function leadItems(o, facts = {}) {
  const byId = /* @__PURE__ */ new Map();
  for (const c of facts.cases ?? []) byId.set(c.historyId, c);
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  for (const t of o.blocking) {
    seen.add(t.id);
    out.push({ id: t.id, blocking: true, test: t, message: messageOf(t), ...blockingWords(t, o, byId.get(t.id), facts) });
  }
  for (const t of o.forgiven) {
    seen.add(t.id);
    const c = byId.get(t.id);
    const tail = c && c.reruns.length > 0 && c.reruns.every((a) => isFailure(a.status) || a.status === "skipped") ? `, though it failed its ${plural(c.reruns.length, "re-run")}` : "";
    out.push({ id: t.id, blocking: false, kind: "forgiven", words: `quarantined: forgiven as flaky${tail}`, test: t, message: messageOf(t) });
  }
  for (const t of o.passedOnRetry) {
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    const c = byId.get(t.id);
    const onRerun = c?.kind === "failed" && c.verdict === "proven-flaky";
    out.push({ id: t.id, blocking: false, kind: "flaky", words: onRerun ? "flaky: passed on re-run" : "flaky: passed on a retry in this run", test: t, message: lastFailureMessage(t) });
  }
  return out;
}
function lastFailureMessage(t) {
  for (let i = t.attempts.length - 1; i >= 0; i--) {
    const a = t.attempts[i];
    if (isFailure(a.status)) return (a.message ?? "").replace(/\s+/g, " ").trim();
  }
  return "";
}
function names(ids) {
  const shown = ids.slice(0, 3).map((id) => id.length > 120 ? `${id.slice(0, 119)}\u2026` : id);
  return `${shown.join(", ")}${ids.length > shown.length ? ` and ${n2(ids.length - shown.length)} more` : ""}`;
}
var KIND_WORD = {
  failed: "failed, not re-run",
  "order-dependent": "order-dependent",
  unreproduced: "unreproduced",
  unanswered: "unanswered",
  "not-covered": "not covered by its quarantine",
  "broken-stats": "in a broken stats file"
};
function leadTitle(o, items, newlyQuarantined = 0) {
  const blocking = items.filter((i) => i.blocking);
  if (blocking.length > 0) {
    const real = blocking.filter((i) => i.kind === "real").length;
    const failed = blocking.filter((i) => i.kind === "failed").length;
    if (real === blocking.length) return `Fix ${plural(real, "real failure")}: ${names(blocking.map((i) => i.id))}`;
    if (failed === blocking.length) return `Fix ${plural(failed, "failing test")}: ${names(blocking.map((i) => i.id))}`;
    const kinds = /* @__PURE__ */ new Map();
    if (real > 0) kinds.set("real", real);
    for (const i of blocking) if (i.kind !== "real") kinds.set(KIND_WORD[i.kind] ?? i.kind, (kinds.get(KIND_WORD[i.kind] ?? i.kind) ?? 0) + 1);
    const split = [...kinds].map(([k, c]) => `${n2(c)} ${k}`).join(", ");
    return `Fix ${plural(blocking.length, "blocking failure")} (${split}): ${names(blocking.map((i) => i.id))}`;
  }
  if (o.result === "failure") {
    return o.failed.length > 0 ? `${plural(o.failed.length, "test")} failed, all forgiven, but the job fails (see why)` : "The job fails, though no test failed (see why)";
  }
  const rerun = items.filter((i) => i.kind === "flaky" && i.words === "flaky: passed on re-run").length;
  const retry = items.filter((i) => i.kind === "flaky").length - rerun;
  const forgiven = items.filter((i) => i.kind === "forgiven").length;
  const parts = [
    rerun > 0 ? `${plural(rerun, "flaky failure")} ${rerun === 1 ? "was" : "were"} proven flaky by re-runs` : "",
    retry > 0 ? `${plural(retry, "flaky failure")} passed on a retry` : "",
    forgiven > 0 ? `${plural(forgiven, "failure")} forgiven (quarantined as flaky)` : ""
  ].filter(Boolean);
  const quarantined = newlyQuarantined > 0 ? `${plural(newlyQuarantined, "test")} newly quarantined as flaky` : "";
  if (parts.length === 0) return quarantined ? `No test failed; ${quarantined}` : "No test failed";
  return `Nothing to do: ${parts.join(", ")}${quarantined ? `; ${quarantined}` : ""}`;
}
var LEAD_ITEMS = 10;
var LEAD_ICON = {
  real: "\u274C",
  failed: "\u274C",
  "order-dependent": "\u{1F500}",
  unreproduced: "\u2753",
  unanswered: "\u2753",
  "not-covered": "\u274C",
  "broken-stats": "\u274C",
  flaky: "\u{1F501}",
  forgiven: "\u26A0\uFE0F"
};
function locationMarkdown(t, escape, blobUrl) {
  if (!t?.file) return "";
  const text = escape(`${t.file}${t.line ? `:${t.line}` : ""}`, 160);
  const url = blobUrl?.(t.file, t.line);
  return url ? `[${text}](${url})` : text;
}
function leadMarkdown(items, options) {
  const max = options.max ?? LEAD_ITEMS;
  const out = items.slice(0, max).map((i) => {
    const where = locationMarkdown(i.test, options.escape, options.blobUrl);
    const message = i.message ? options.escape(i.message, 200) : "";
    return `- ${LEAD_ICON[i.kind]} **${options.escape(i.id, 250)}** \u2014 ${options.escape(i.words, 600)}${where ? ` \xB7 ${where}` : ""}${message ? ` \xB7 ${message}` : ""}`;
  });
  if (items.length > max) out.push(`- \u2026and ${plural(items.length - max, "more test")}, in the tables below.`);
  return out;
}

// src/report/summary.ts
var SUMMARY_BUDGET_BYTES = 900 * 1024;
var CHECK_SUMMARY_BUDGET_BYTES = 6e4;
var TOP_FLAKY = 10;
var n3 = (x) => Number.isSafeInteger(x) ? String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ",") : x.toLocaleString("en-US");
var plural2 = (count, word, many = `${word}s`) => `${n3(count)} ${count === 1 ? word : many}`;
function decisionWord(d) {
  if (!d) return "no";
  if (d.override) return d.quarantined ? "yes, by hand" : "no, by hand";
  if (!d.quarantined && d.reason.startsWith("failed in the last")) return "no: breakage";
  return d.quarantined ? "yes" : "no";
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
    if (!d.quarantined && d.evidence.runs < 2) continue;
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
    w.add("", `_\u2026and ${n3(t.count - shown)} more, not shown here (see the note at the end)._`);
  }
  if (t.after) w.add("", t.after);
  w.add("");
}
function failureLocation(t, blobUrl) {
  return locationMarkdown(t, mdText, blobUrl) || "\u2014";
}
function reasonWithoutPfs(reason) {
  return reason.replace(/;? ?PFS \d\.\d\d \[\d\.\d\d, \d\.\d\d\]$/, "");
}
var FIX_IT = (count) => `Fix ${count === 1 ? "it" : "them"}: quarantine is for flaky tests, and nothing in this run shows ${count === 1 ? "it" : "them"} flaky (no pass on this commit).`;
function nameTests(ids) {
  const shown = ids.slice(0, 5).map((id) => mdText(id, 200));
  return `${shown.join(", ")}${ids.length > shown.length ? ` and ${n3(ids.length - shown.length)} more` : ""}`;
}
function summaryTitle(input) {
  const broken = new Set(input.brokenStats ?? []);
  const brokenFileOf = (id) => broken.size > 0 && broken.has(input.statsFileOf(id)) ? input.statsFileOf(id) : void 0;
  return leadTitle(input.outcome, leadItems(input.outcome, { ...input.lead, brokenFileOf }), input.newlyQuarantined.length);
}
function ruleSection(effects) {
  const all = [...effects].sort((a, b) => (a[1].kind === "expired" ? 0 : 1) - (b[1].kind === "expired" ? 0 : 1) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const lines = all.slice(0, 20).map(([id, e]) => `- ${e.kind === "expired" ? "\u26A0\uFE0F " : ""}${mdText(id, 200)}: ${mdText(e.reason, 500)}${e.blocks ? " (blocks)" : ""}`);
  if (all.length > 20) lines.push(`- \u2026and ${n3(all.length - 20)} more (decisions.json has each).`);
  const expired = all.filter(([, e]) => e.kind === "expired").length;
  return [
    "#### Quarantine rules (policy.quarantine)",
    "",
    ...expired > 0 ? [`> [!WARNING]`, `> ${plural2(expired, "quarantine")} past ${expired === 1 ? "its" : "their"} expiry: fix ${expired === 1 ? "it" : "them"}, or release ${expired === 1 ? "it" : "them"}.`, ""] : [],
    ...lines,
    ""
  ];
}
function renderSummary(input, options = {}) {
  const budget = options.budgetBytes ?? SUMMARY_BUDGET_BYTES;
  const facts = options.facts ?? summaryFacts(input);
  const o = input.outcome;
  const branchLink = `[${mdText(input.dataBranch, 100)}](${input.dataBranchUrl})`;
  const broken = new Set(input.brokenStats ?? []);
  const brokenFileOf = (id) => broken.size > 0 && broken.has(input.statsFileOf(id)) ? input.statsFileOf(id) : void 0;
  const items = leadItems(o, { ...input.lead, brokenFileOf });
  const head = [`### ${o.result === "success" ? "\u2705" : "\u274C"} flakeguard: ${mdText(leadTitle(o, items, input.newlyQuarantined.length), 1e3)}`, ""];
  const warnings = (input.setupWarnings ?? []).slice(0, 5).map((w2) => mdText(w2, 1e3));
  if (warnings.length > 0) head.push("> [!WARNING]", ...warnings.length === 1 ? [`> ${warnings[0]}`] : warnings.map((w2) => `> - ${w2}`), "");
  if (items.length > 0) head.push(...leadMarkdown(items, { escape: mdText, blobUrl: input.blobUrl }), "");
  const wordsOf = new Map(items.map((i) => [i.id, i.words]));
  const counts = [
    `**${n3(o.failed.length)}** failed`,
    `**${n3(o.blocking.length)}** ${o.blocking.length === 1 ? "blocks" : "block"}`,
    `**${n3(o.forgiven.length)}** forgiven`,
    `${n3(o.passedOnRetry.length)} passed on retry`,
    ...input.testsInRun !== void 0 ? [`${plural2(input.testsInRun, "test")} in the reports`] : [],
    `${n3(input.quarantined.length)} quarantined`
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
        if (plainNot.length > 0)
          head.push(`- ${plural2(plainNot.length, "failed test")} ${plainNot.length === 1 ? "is" : "are"} not quarantined: ${nameTests(plainNot.map((t) => t.id))}. ${FIX_IT(plainNot.length)}`);
        const files = [...new Set(inBroken.map((t) => brokenFileOf(t.id)))];
        head.push(
          `- ${plural2(inBroken.length, "failed test")} cannot be forgiven because ${files.length === 1 ? "its stats file" : "their stats files"} ${files.map((f) => mdText(f, 120)).join(", ")} ${files.length === 1 ? "is" : "are"} broken (see the problems below): ${nameTests(inBroken.map((t) => t.id))}.`
        );
      } else if (NOT_QUARANTINED.test(r) && plainNot.length > 0) {
        head.push(`- ${mdText(r.replace(/\.$/, ""), 500)}: ${nameTests(plainNot.map((t) => t.id))}. ${FIX_IT(plainNot.length)}`);
      } else if (/^[\d,]+ quarantined tests? failed in a way .* quarantine does not cover/.test(r) && uncovered.length > 0) {
        head.push(`- ${mdText(r, 500)} ${nameTests(uncovered.map((t) => t.id))}.`);
      } else {
        head.push(`- ${mdText(r, 500)}`);
      }
    }
    if (o.reasons.length > shownReasons.length) head.push(`- \u2026and ${n3(o.reasons.length - shownReasons.length)} more reasons (see the step's log).`);
    head.push("");
  }
  if (input.failedTogether && input.failedTogether.length > 0) head.push(...input.failedTogether);
  if (input.diagnosed && input.diagnosed.length > 0) head.push(...input.diagnosed);
  if (input.ruleEffects && input.ruleEffects.size > 0) head.push(...ruleSection(input.ruleEffects));
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
      `${plural2(input.twins.count, "title names", "titles name")} more than one test in a report: ${shown}${more > 0 ? ` and ${n3(more)} more` : ""}. They are counted as different tests, the second and later ones with \` [2]\`, \` [3]\`\u2026 after the title, by their order in the report (docs/test-ids.md). Give each test its own title (for \`test.each\`, put \`%s\` or \`$name\` in it) so that its history cannot move to another test when tests are added or reordered.`,
      ""
    );
  }
  if (input.collisions && input.collisions.count > 0) {
    const more = input.collisions.count - input.collisions.first.length;
    const listed = input.collisions.first.map((c) => `${mdText(c.id, 200)} in ${c.reports.map((r) => mdText(r, 200)).join(" and ")}`);
    tail.push(
      "#### The same test id in several reports",
      "",
      `${plural2(input.collisions.count, "test id is", "test ids are")} written in more than one report by a reporter that writes one testcase per test and never a retry: ${listed.join("; ")}${more > 0 ? `; and ${n3(more)} more` : ""}. They are counted as different tests, each id prefixed with its report's directory (docs/test-ids.md, "Ids across reports").`,
      ""
    );
  }
  const footer = [
    "---",
    "",
    `${plural2(input.quarantined.length, "test is", "tests are")} quarantined in total. ${mdText(input.storeLine, 600)}`,
    ...input.annotationsLine ? ["", `Annotations: ${mdText(input.annotationsLine, 600)}`] : [],
    "",
    `Every test's history, scores and quarantine state are on the data branch ${branchLink}. To force or lift a quarantine, edit the test's \`"override"\` in its \`stats/*.json\` file there (\`"never"\` lifts it, \`"quarantine"\` forces it).`
  ];
  const rerun = input.rerunSection ? Buffer.byteLength(input.rerunSection) <= budget / 3 ? input.rerunSection.split("\n") : ["", "_The re-runs on this commit are in the run's job summary._", ""] : [];
  const fixed = [...head, ...rerun, ...chart, ...tail, ...footer].reduce((s, l) => s + Buffer.byteLength(l) + 1, 0);
  const NOTE_RESERVE = 600;
  const w = new Writer(Math.max(0, budget - fixed - NOTE_RESERVE));
  const episodes = (ids) => ids.slice(0, 250).some((id) => input.decisions.get(id)?.reason.includes("failure episode")) ? " A failure episode is one failing run or several in a row, ended by a pass: separate episodes are separate evidence (docs/policy.md)." : "";
  const scoreOf = (id) => mdText(formatPfs(input.scores.get(id)) || "\u2014", 40);
  const measureHead = ruleColumn(input.rule);
  const allTables = [
    {
      title: `\u274C Blocking failures (${n3(o.blocking.length)})`,
      intro: "These fail the job: not quarantined before this run, or failing in a way their quarantine does not cover.",
      header: ["Test", "Failure", "Location", "Why it blocks"],
      count: o.blocking.length,
      row: (i) => {
        const t = o.blocking[i];
        const file = o.unforgiven.has(t.id) ? void 0 : brokenFileOf(t.id);
        const order = o.orderDependent?.get(t.id);
        const why = order !== void 0 ? `order-dependent: it ${order}` : file ? `its stats file ${file} is broken: it forgives nothing until fixed` : o.unforgiven.get(t.id) ?? (wordsOf.get(t.id)?.startsWith("real failure: failed ") ? `not quarantined; ${wordsOf.get(t.id)}` : "not quarantined");
        return [mdText(t.id, 250), mdText(failureOf(t).message, 300), failureLocation(t, input.blobUrl), mdText(why, 300)];
      },
      maxRows: 250,
      weight: 5
    },
    {
      title: `\u26A0\uFE0F Forgiven failures: quarantined tests (${n3(o.forgiven.length)})`,
      intro: `Quarantined before this run (as flaky, or by hand): these failures do not fail the job. PFS is the probability that a run fails for no reason, with its 90% interval (docs/scoring.md).${episodes(o.forgiven.map((t) => t.id))}`,
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
      title: `\u{1F512} Newly quarantined (${n3(input.newlyQuarantined.length)})`,
      intro: `From the next run on, their failures are forgiven. PFS is the probability that a run fails for no reason, with its 90% interval (docs/scoring.md).${episodes(input.newlyQuarantined)}`,
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
      title: `\u{1F513} Released from quarantine (${n3(input.released.length)})`,
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
      title: `\u{1F501} Passed on a retry (${n3(o.passedOnRetry.length)})`,
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
      title: `\u{1F4CA} Flakiest tests of the suite (top ${n3(top.length)})`,
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
      title: `Problems in the data branch (${n3(input.fileProblems.length)})`,
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
  let text = [...head, ...rerun, ...w.lines, ...chart, ...tail, ...footer].join("\n");
  if (w.cut > 0) {
    text += `

_This summary was cut to stay under GitHub's size limit: ${n3(w.cut)} rows are not shown. Every test's history and scores are on the data branch ${branchLink}; the check run's annotations and your test step's log list the failures._`;
  }
  return truncateBytes(`${text}
`, budget);
}

// src/github/blob-url.ts
function blobUrlFor(ctx) {
  if (!/^[0-9a-f]{40}$/.test(ctx.sha) || ctx.runUrl) return void 0;
  return (path, line) => {
    const p = path.replace(/\\/g, "/");
    if (p === "" || p.startsWith("/") || /^[A-Za-z]:/.test(p) || p.split("/").some((seg) => seg === ".." || seg === "." || seg === "")) return void 0;
    const encoded = p.split("/").map((seg) => encodeURIComponent(seg).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join("/");
    return `${ctx.serverUrl}/${ctx.repository}/blob/${ctx.sha}/${encoded}${line && line > 0 ? `#L${line}` : ""}`;
  };
}

export {
  failureOf,
  buildAnnotations,
  leadItems,
  leadTitle,
  leadMarkdown,
  CHECK_SUMMARY_BUDGET_BYTES,
  summaryFacts,
  reasonWithoutPfs,
  FIX_IT,
  summaryTitle,
  renderSummary,
  blobUrlFor
};
