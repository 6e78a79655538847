const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { open, rename, rm, stat } = require("node:fs/promises");
const { createRequire } = require("node:module");
const { mkdtemp, open: open2, rename: rename2, rm: rm2, stat: stat2 } = require("node:fs/promises");
const { tmpdir } = require("node:os");
const { join } = require("node:path");
const { mkdir } = require("node:fs/promises");
const { join: join2 } = require("node:path");
import {
  ColumnBatch,
  ExportError,
  OUTCOME,
  TABLES,
  TABLE_NAMES,
  damageOf,
  ingestionsOf,
  messageSignature,
  rerunVerdict,
  selectionOf,
  tableBatches
} from "./shared-export-rows.js";
import {
  dashboardTestUrl,
  repoUrlOf,
  safeUrl
} from "./shared-dashboard-links.js";
import {
  NO_CLUSTERS,
  clusterIndex
} from "./shared-clusters-cluster.js";
import {
  readFigures
} from "./shared-store-snapshot.js";
import {
  LazyHistory,
  closeOpenEnd,
  durationAt,
  fileFromAround,
  forEachRun,
  parseOutcomeString
} from "./shared-history-stored.js";
import {
  failureKey
} from "./shared-history-records.js";
import {
  META_FILE,
  RUNS_FILE,
  strictJsonFault
} from "./shared-store-layout.js";
import {
  costPerMinuteOf,
  priced,
  tallyTest,
  testCost
} from "./shared-cost-index.js";

// src/dashboard/files.ts
function strictParse(text) {
  const stripped = text.replace(/^\uFEFF/, "");
  let value;
  try {
    value = JSON.parse(stripped);
  } catch (error) {
    return `not valid JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  const fault = strictJsonFault(stripped, value);
  return fault ? `line ${fault.line}: ${fault.message}` : { value };
}
function body(text, key) {
  const read = strictParse(text);
  if (typeof read === "string") return read;
  const parsed = read.value;
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return "not a JSON object";
  const record = parsed;
  const entries = record[key];
  if (typeof entries !== "object" || entries === null || Array.isArray(entries)) return `no "${key}" object`;
  return { schema: typeof record.schema === "number" ? record.schema : 1, entries };
}
function parseMetaText(text) {
  const read = strictParse(text);
  if (typeof read === "string") return { value: { schema: 0, shards: 0 }, dropped: 0, error: `${META_FILE}: ${read}` };
  try {
    const raw = read.value;
    const shards = Number.isInteger(raw.shards) && raw.shards > 0 && raw.shards <= 65536 ? raw.shards : 1;
    const costPerMinute = costPerMinuteOf(raw.costPerMinute);
    return { value: { schema: typeof raw.schema === "number" ? raw.schema : 1, shards, ...costPerMinute !== void 0 ? { costPerMinute } : {} }, dropped: 0 };
  } catch (error) {
    return { value: { schema: 0, shards: 0 }, dropped: 0, error: `${META_FILE} is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}
function parseRunsText(text) {
  const b = body(text, "runs");
  if (typeof b === "string") return { value: [], dropped: 0, error: `${RUNS_FILE}: ${b}` };
  const rows = [];
  let dropped = 0;
  for (const [seqText, raw] of Object.entries(b.entries)) {
    const seq = Number(seqText);
    if (!Number.isInteger(seq) || !Array.isArray(raw) || typeof raw[0] !== "string" || typeof raw[1] !== "string" || typeof raw[2] !== "number") {
      dropped++;
      continue;
    }
    const row = { seq, key: raw[0], sha: raw[1], time: raw[2], onDefaultBranch: raw[3] === 1 };
    if (raw[4] === 0 || raw[4] === 1) row.jobSucceeded = raw[4] === 1;
    if (typeof raw[5] === "string") row.url = raw[5];
    if (Array.isArray(raw[6]) && raw[6].every((m) => typeof m === "string")) row.outages = raw[6];
    const figures = readFigures(raw[9]);
    if (figures) row.figures = figures;
    rows.push(row);
  }
  rows.sort((a, b2) => a.seq - b2.seq);
  return { value: rows, dropped };
}
function parseHistoryText(text, newest = 0) {
  const b = body(text, "tests");
  if (typeof b === "string") return { value: [], dropped: 0, error: b };
  const out = [];
  let dropped = 0;
  for (const [id, raw] of Object.entries(b.entries)) {
    const v = raw;
    const cut = id.lastIndexOf("::");
    const derived = b.schema >= 3 && typeof v === "object" && v !== null && v.name === void 0 && cut >= 0;
    const o = typeof v === "object" && v !== null && typeof v.o === "string" && Number.isInteger(v.from) ? b.schema >= 4 ? closeOpenEnd(v.from, v.o, newest) : v.o : null;
    if (typeof v !== "object" || v === null || typeof v.name !== "string" && !derived || o === null || parseOutcomeString(o) === null) {
      dropped++;
      continue;
    }
    const name = derived ? id.slice(cut + 2) : v.name;
    const classname = derived ? id.slice(0, cut) : typeof v.classname === "string" ? v.classname : "";
    const line = { id, name, classname, from: v.from, o };
    const file = typeof v.file === "string" ? v.file : fileFromAround(v.fp, classname);
    if (file !== void 0) line.file = file;
    if (typeof v.line === "number") line.line = v.line;
    if (typeof v.m === "object" && v.m !== null && !Array.isArray(v.m)) line.m = v.m;
    if (typeof v.d === "number" && Number.isFinite(v.d)) line.d = v.d;
    out.push(line);
  }
  return { value: out, dropped };
}
function overrideOf(raw) {
  if (raw === "quarantine" || raw === "never") return { overrideAction: raw };
  if (typeof raw === "object" && raw !== null && !Array.isArray(raw)) {
    const o = raw;
    if (o.action === "quarantine" || o.action === "never") {
      return {
        overrideAction: o.action,
        ...typeof o.reason === "string" ? { overrideReason: o.reason } : {},
        ...typeof o.until === "string" ? { overrideUntil: o.until } : {}
      };
    }
  }
  return {};
}
var num = (x) => typeof x === "number" && Number.isFinite(x) ? x : void 0;
function parseStatsText(text) {
  const b = body(text, "tests");
  const out = /* @__PURE__ */ new Map();
  if (typeof b === "string") return { value: out, dropped: 0, error: b };
  let dropped = 0;
  for (const [id, raw] of Object.entries(b.entries)) {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      dropped++;
      continue;
    }
    const e = raw;
    const line = { quarantined: e.quarantined === true, reason: typeof e.reason === "string" ? e.reason : "", override: e.override ?? null, ...overrideOf(e.override) };
    if (typeof e.since === "string") line.since = e.since;
    if (num(e.evidenceAfter) !== void 0) line.evidenceAfter = num(e.evidenceAfter);
    if (Array.isArray(e.cells) && e.cells.every((c2) => typeof c2 === "string")) line.cells = e.cells;
    if (num(e.runs) !== void 0) line.runs = num(e.runs);
    if (typeof e.recent === "string") line.recent = e.recent;
    if (typeof e.tier === "string") line.tier = e.tier;
    if (Array.isArray(e.pfs) && e.pfs.length === 3 && e.pfs.every((x) => num(x) !== void 0)) line.pfs = e.pfs;
    if (num(e.score) !== void 0) line.score = num(e.score);
    if (typeof e.recommendation === "string") line.recommendation = e.recommendation;
    if (typeof e.priority === "string") line.priority = e.priority;
    if (typeof e.recommendationReason === "string") line.recommendationReason = e.recommendationReason;
    out.set(id, line);
  }
  return { value: out, dropped };
}

// src/dashboard/test-runs.ts
function forEachSlot(from, o, visit) {
  const segments = parseOutcomeString(o);
  if (segments) forEachRun(from, segments, visit);
}
var isFail = (c2) => c2 === "F" || c2 === "E";
function runKind(attempts) {
  if (attempts.length === 1) return attempts === "P" ? "passed" : attempts === "S" ? "skipped" : "failed";
  const a = attempts.replace(/S/g, "");
  if (a === "") return "skipped";
  if (isFail(a[a.length - 1])) return "failed";
  return /[FE]/.test(a) ? "flaked" : "passed";
}

// src/dashboard/page-model.ts
function stateOf(stats, flaked, failed) {
  if (stats?.overrideAction === "never") return "never";
  if (stats?.quarantined) return stats.overrideAction === "quarantine" ? "by-hand" : "quarantined";
  if (flaked > 0) return "flaky";
  if (failed > 0) return "failing";
  return "stable";
}
function buildModel(input) {
  const runs = input.runs;
  const runBySeq = new Map(runs.map((r) => [r.seq, r]));
  const minSeq = runs.length > 0 ? runs[0].seq : 0;
  const size = runs.length > 0 ? runs[runs.length - 1].seq - minSeq + 1 : 0;
  const testsIn = new Int32Array(size);
  const failed = new Int32Array(size);
  const failedFlaky = new Int32Array(size);
  const outageFailed = new Int32Array(size);
  const retried = new Int32Array(size);
  const flakedIn = new Int32Array(size);
  const estSec = new Float64Array(size);
  const outageKeys = new Array(size);
  const known = new Uint8Array(size);
  for (const r of runs) {
    known[r.seq - minSeq] = 1;
    if (r.outages?.length) outageKeys[r.seq - minSeq] = new Set(r.outages);
  }
  const tests = [];
  const byId = /* @__PURE__ */ new Map();
  const failedSeqs = [];
  const tallies = /* @__PURE__ */ new Map();
  const slotsOf = (h) => (visit) => forEachSlot(h.from, h.o, visit);
  const failing = [];
  for (const h of input.history) {
    const stats = input.stats.get(h.id);
    let nRuns = 0;
    let nFailed = 0;
    let nRetried = 0;
    let nFlaked = 0;
    let flakyFailedAttempts = 0;
    let nOutage = 0;
    failedSeqs.length = 0;
    forEachSlot(h.from, h.o, (seq, attempts) => {
      const k = seq - minSeq;
      const inRange = k >= 0 && k < size && known[k] === 1;
      const kind = runKind(attempts);
      if (kind === "skipped") return;
      nRuns++;
      if (inRange) {
        testsIn[k]++;
        if (h.d !== void 0 && h.d > 0) estSec[k] += h.d * attempts.length;
      }
      if (attempts.length > 1) {
        nRetried++;
        if (inRange) retried[k]++;
      }
      if (kind === "failed") {
        nFailed++;
        if (inRange) {
          failed[k]++;
          failedSeqs.push(k);
          const keys = outageKeys[k];
          const message = keys ? h.m?.[String(seq)] : void 0;
          if (keys && message !== void 0 && keys.has(failureKey(message))) {
            outageFailed[k]++;
            nOutage++;
          }
        }
      } else if (kind === "flaked") {
        nFlaked++;
        for (const c2 of attempts) if (isFail(c2)) flakyFailedAttempts++;
        if (inRange) flakedIn[k]++;
      }
    });
    const state = stateOf(stats, nFlaked, nFailed - nOutage);
    const flaky = nFlaked > 0 || state === "quarantined" || state === "by-hand";
    if (flaky) for (const k of failedSeqs) failedFlaky[k]++;
    const entry = {
      id: h.id,
      key: h.id.toLowerCase(),
      history: h,
      state,
      pfs: stats?.pfs?.[0] ?? -1,
      runs: nRuns,
      failedRuns: nFailed,
      retriedRuns: nRetried,
      flakedRuns: nFlaked,
      flakyFailedAttempts,
      owners: []
    };
    if (stats) entry.stats = stats;
    if (h.d !== void 0) entry.lostSec = flakyFailedAttempts * h.d;
    tests.push(entry);
    byId.set(h.id, entry);
    if (nFailed > 0 || nFlaked > 0) {
      tallyTest(tallies, slotsOf(h), (seq) => runBySeq.get(seq), h.d);
      failing.push(entry);
    }
  }
  for (const entry of failing) {
    const cost = testCost(slotsOf(entry.history), entry.history.d, (seq) => runBySeq.get(seq), tallies);
    if (cost) entry.cost = cost;
  }
  const points = runs.map((r) => {
    const k = r.seq - minSeq;
    const f = failed[k];
    const passedOnRerun = r.figures?.passedOnRerun ?? 0;
    const red = f > 0 || passedOnRerun > 0;
    const redFlaky = red && failedFlaky[k] === f;
    const redWith = r.jobSucceeded === void 0 ? null : !r.jobSucceeded;
    const point = {
      seq: r.seq,
      key: r.key,
      sha: r.sha,
      time: r.time,
      onDefaultBranch: r.onDefaultBranch,
      tests: testsIn[k],
      failed: f,
      failedFlaky: failedFlaky[k],
      outageFailed: outageFailed[k],
      retried: retried[k],
      flaked: flakedIn[k],
      redWithout: red,
      redFlakyWithout: redFlaky,
      redWith,
      redFlakyWith: redWith === true && redFlaky,
      saved: redFlaky && redWith === false,
      passedOnRerun,
      testSec: r.figures?.testSec ?? Math.round(estSec[k] * 10) / 10,
      testSecEstimated: r.figures?.testSec === void 0,
      rerunSec: r.figures?.rerunSec ?? 0
    };
    if (r.figures?.branch !== void 0) point.branch = r.figures.branch;
    const url = safeUrl(r.url);
    if (url) point.url = url;
    return point;
  });
  let repoUrl;
  for (let i = runs.length - 1; i >= 0 && !repoUrl; i--) repoUrl = repoUrlOf(runs[i].url);
  return {
    meta: input.meta,
    runs,
    runBySeq,
    tests,
    byId,
    points,
    days: byDay(points),
    ...repoUrl ? { repoUrl } : {},
    now: runs.length > 0 ? Math.max(...runs.map((r) => r.time)) : Date.now(),
    clusters: input.clusters ?? NO_CLUSTERS,
    clusterOf: clusterIndex(input.clusters ?? NO_CLUSTERS),
    diagnoses: input.diagnoses ?? /* @__PURE__ */ new Map()
  };
}
var DAY = 864e5;
function byDay(points) {
  const days = /* @__PURE__ */ new Map();
  for (const p of points) {
    const day = Math.floor(p.time / DAY) * DAY;
    let d = days.get(day);
    if (!d) days.set(day, d = { day, runs: 0, redWithout: 0, redFlakyWithout: 0, redWith: 0, redFlakyWith: 0, saved: 0, failed: 0, retried: 0, flaked: 0, outageFailed: 0, outageRuns: 0 });
    d.runs++;
    if (p.redWithout) d.redWithout++;
    if (p.redFlakyWithout) d.redFlakyWithout++;
    if (p.redWith) d.redWith++;
    if (p.redFlakyWith) d.redFlakyWith++;
    if (p.saved) d.saved++;
    d.failed += p.failed;
    d.retried += p.retried;
    d.flaked += p.flaked;
    d.outageFailed += p.outageFailed;
    if (p.outageFailed > 0) d.outageRuns++;
  }
  return [...days.values()].sort((a, b) => a.day - b.day);
}

// src/dashboard/suite-summary.ts
function ciTime(points) {
  const t = { lostWithout: 0, lostWith: 0, rerunSec: 0, savedByReruns: 0, estimated: 0 };
  let savedRunsSec = 0;
  for (const p of points) {
    if (p.redFlakyWithout) t.lostWithout += p.testSec;
    if (p.redFlakyWith) t.lostWith += p.testSec;
    if (p.saved && p.passedOnRerun > 0) savedRunsSec += p.testSec;
    if (p.testSecEstimated && (p.redFlakyWithout || p.redFlakyWith)) t.estimated++;
    t.rerunSec += p.rerunSec;
  }
  t.lostWith += t.rerunSec;
  t.savedByReruns = savedRunsSec - t.rerunSec;
  for (const k of ["lostWithout", "lostWith", "rerunSec", "savedByReruns"]) t[k] = Math.round(t[k] * 10) / 10;
  return t;
}
function summarize(model) {
  const s = {
    runs: model.points.length,
    tests: model.tests.length,
    quarantined: 0,
    flaky: 0,
    redWithout: 0,
    redFlakyWithout: 0,
    redWith: 0,
    redFlakyWith: 0,
    saved: 0,
    savedByRerun: 0,
    shareFlakyWithout: 0,
    shareFlakyWith: 0,
    outageRuns: 0,
    time: ciTime(model.points)
  };
  for (const t of model.tests) {
    if (t.state === "quarantined" || t.state === "by-hand") s.quarantined++;
    if (t.flakedRuns > 0 || t.state === "quarantined" || t.state === "by-hand") s.flaky++;
  }
  for (const p of model.points) {
    if (p.redWithout) s.redWithout++;
    if (p.redFlakyWithout) s.redFlakyWithout++;
    if (p.redWith) s.redWith++;
    if (p.redFlakyWith) s.redFlakyWith++;
    if (p.saved) s.saved++;
    if (p.saved && p.passedOnRerun > 0) s.savedByRerun++;
    if (p.outageFailed > 0) s.outageRuns++;
  }
  s.shareFlakyWithout = s.runs > 0 ? s.redFlakyWithout / s.runs : 0;
  s.shareFlakyWith = s.runs > 0 ? s.redFlakyWith / s.runs : 0;
  return s;
}

// src/dashboard/org-model.ts
var TESTS_PER_REPO = 100;
var ORG_TESTS = 200;
function nameOfSource(source) {
  const trimmed = source.replace(/[/\\]+$/, "").replace(/\.git$/, "");
  const scp = /^[^/\s@]+@[^/\s:]+:(.+)$/.exec(trimmed);
  let path = scp ? scp[1] : trimmed;
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) path = new URL(trimmed).pathname;
  } catch {
  }
  const parts = path.split(/[/\\]/).filter(Boolean);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) || scp) return parts.slice(-2).join("/") || trimmed;
  return parts.at(-1) ?? trimmed;
}
function claimAgrees(listed, claim) {
  const a = listed.toLowerCase();
  const b = claim.toLowerCase();
  return a.includes("/") ? a === b : b.slice(b.lastIndexOf("/") + 1) === a;
}
function dashboardOf(template, name) {
  if (!template) return void 0;
  const [owner, repo] = name.includes("/") ? [name.slice(0, name.indexOf("/")), name.slice(name.indexOf("/") + 1)] : ["", name];
  const filled = template.replace(/\{owner\}/g, encodeURIComponent(owner)).replace(/\{repo\}/g, encodeURIComponent(repo)).replace(/\{name\}/g, name.split("/").map(encodeURIComponent).join("/"));
  return safeUrl(filled);
}
function rankByCost(a, b) {
  return (b.costSec ?? 0) - (a.costSec ?? 0) || (a.repo < b.repo ? -1 : a.repo > b.repo ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
function rankTests(a, b) {
  return b.flakedRuns - a.flakedRuns || b.pfs - a.pfs || (b.lostSec ?? 0) - (a.lostSec ?? 0) || (a.repo < b.repo ? -1 : a.repo > b.repo ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
function rankRepos(a, b) {
  return b.redFlakyWithout - a.redFlakyWithout || b.flaky - a.flaky || b.lostSec - a.lostSec || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}
var isFlaky = (t) => t.flakedRuns > 0 || t.state === "quarantined" || t.state === "by-hand";
function summarizeRepo(source, files, head, dashboardTemplate) {
  const problems = [];
  const meta = parseMetaText(files.get("flakeguard.json") ?? "{}");
  const runs = parseRunsText(files.get("runs.json") ?? '{"runs": {}}');
  if (runs.error) problems.push(runs.error);
  const history = [];
  const stats = /* @__PURE__ */ new Map();
  const newest = runs.value.reduce((max, row) => Math.max(max, row.seq), 0);
  for (const [path, text] of files) {
    if (/^history\/(?:quiet-)?[0-9a-f]+\.json$/.test(path)) {
      const parsed = parseHistoryText(text, newest);
      if (parsed.error) problems.push(`${path}: ${parsed.error}`);
      history.push(...parsed.value);
    } else if (/^stats\/[0-9a-f]+\.json$/.test(path)) {
      const parsed = parseStatsText(text);
      if (parsed.error) problems.push(`${path}: ${parsed.error}`);
      for (const [id, line] of parsed.value) stats.set(id, line);
    }
  }
  const model = buildModel({ meta: meta.value, runs: runs.value, history, stats });
  const s = summarize(model);
  let url;
  for (let i = runs.value.length - 1; i >= 0 && !url; i--) url = repoUrlOf(runs.value[i].url);
  const claimed = url ? decodeURIComponent(new URL(url).pathname.slice(1)) : void 0;
  const agrees = claimed !== void 0 && claimAgrees(source.name, claimed);
  const name = source.name;
  const dashboard = dashboardOf(dashboardTemplate, name);
  let lostSec = 0;
  let costSec = 0;
  const perMinute = meta.value.costPerMinute;
  const flaky = [];
  const costly = [];
  for (const t of model.tests) {
    lostSec += t.lostSec ?? 0;
    costSec += t.cost?.costSec ?? 0;
    if (!isFlaky(t) && !(t.cost && t.cost.costSec > 0)) continue;
    const test = {
      repo: name,
      id: t.id,
      name: t.history.name,
      classname: t.history.classname,
      state: t.state,
      pfs: t.pfs,
      runs: t.runs,
      failedRuns: t.failedRuns,
      flakedRuns: t.flakedRuns,
      flakyFailedAttempts: t.flakyFailedAttempts
    };
    if (t.lostSec !== void 0) test.lostSec = t.lostSec;
    const href = dashboard ? dashboardTestUrl(dashboard, t.id) : void 0;
    if (href) test.href = href;
    if (t.cost) {
      test.costSec = Math.round(t.cost.costSec * 100) / 100;
      test.savedSec = Math.round(t.cost.savedSec * 100) / 100;
      const price = priced(t.cost.costSec, perMinute);
      if (price !== void 0) test.cost = price;
      if (t.cost.costSec > 0) costly.push(test);
    }
    if (isFlaky(t)) flaky.push(test);
  }
  flaky.sort(rankTests);
  costly.sort(rankByCost);
  const summary = {
    name,
    source: source.source,
    head,
    tests: s.tests,
    runs: s.runs,
    quarantined: s.quarantined,
    flaky: s.flaky,
    redWithout: s.redWithout,
    redFlakyWithout: s.redFlakyWithout,
    redWith: s.redWith,
    redFlakyWith: s.redFlakyWith,
    saved: s.saved,
    savedByRerun: s.savedByRerun,
    lostSec,
    costSec: Math.round(costSec * 100) / 100,
    ...priced(costSec, perMinute) !== void 0 ? { cost: priced(costSec, perMinute) } : {},
    costliest: costly.slice(0, TESTS_PER_REPO),
    days: model.days.map((d) => ({ day: d.day, runs: d.runs, redFlakyWithout: d.redFlakyWithout, redFlakyWith: d.redFlakyWith, redWith: d.redWith, saved: d.saved })),
    flakiest: flaky.slice(0, TESTS_PER_REPO),
    problems
  };
  if (url && agrees) summary.url = url;
  if (claimed !== void 0 && !agrees) summary.claim = claimed;
  if (dashboard) summary.dashboard = dashboard;
  if (runs.value.length > 0) summary.newest = model.now;
  return summary;
}
function orgModel(repos, missing, built) {
  const days = /* @__PURE__ */ new Map();
  for (const r of repos) {
    for (const d of r.days) {
      const day = Math.floor(d.day / DAY) * DAY;
      const sum = days.get(day) ?? { day, runs: 0, redFlakyWithout: 0, redFlakyWith: 0, redWith: 0, saved: 0 };
      sum.runs += d.runs;
      sum.saved = (sum.saved ?? 0) + (d.saved ?? 0);
      sum.redFlakyWithout += d.redFlakyWithout;
      sum.redFlakyWith += d.redFlakyWith;
      sum.redWith += d.redWith;
      days.set(day, sum);
    }
  }
  const total = (f) => repos.reduce((n, r) => n + f(r), 0);
  return {
    built,
    repos: [...repos].sort(rankRepos).map(({ flakiest: _tests, costliest: _costly, ...repo }) => repo),
    missing: [...missing],
    days: [...days.values()].sort((a, b) => a.day - b.day),
    tests: repos.flatMap((r) => r.flakiest).sort(rankTests).slice(0, ORG_TESTS),
    costliest: repos.flatMap((r) => r.costliest ?? []).sort(rankByCost).slice(0, ORG_TESTS),
    totals: {
      repos: repos.length,
      missing: missing.length,
      tests: total((r) => r.tests),
      runs: total((r) => r.runs),
      quarantined: total((r) => r.quarantined),
      flaky: total((r) => r.flaky),
      redFlakyWithout: total((r) => r.redFlakyWithout),
      redFlakyWith: total((r) => r.redFlakyWith),
      saved: total((r) => r.saved),
      savedByRerun: total((r) => r.savedByRerun),
      lostSec: total((r) => r.lostSec),
      costSec: Math.round(total((r) => r.costSec ?? 0) * 100) / 100,
      ...repos.some((r) => r.cost !== void 0) ? { cost: total((r) => r.cost ?? 0) } : {}
    }
  };
}
function orgDataBlock(model) {
  return JSON.stringify(model).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

// src/export/writers.ts
var EXPORT_FORMATS = ["ndjson", "parquet"];
var DEFAULT_ROW_GROUP_ROWS = 5e4;
function fileNameOf(table, format) {
  return `${table}.${format}`;
}
async function openTableWriter(format, path, columns, options = {}) {
  return format === "ndjson" ? ndjsonWriter(path, columns) : parquetWriter(path, columns, options.rowGroupRows ?? DEFAULT_ROW_GROUP_ROWS);
}
function jsonValue(type, value) {
  if (value === null || value === void 0) return "null";
  if (type === "TIMESTAMP") return `"${new Date(value).toISOString()}"`;
  if (type === "BOOL") return value ? "true" : "false";
  return JSON.stringify(value);
}
var CHUNK_CHARS = 1 << 20;
async function ndjsonWriter(path, columns) {
  const partial = `${path}.partial`;
  const file = await open(partial, "w");
  const keys = columns.map((col, i) => `${i === 0 ? "{" : ","}${JSON.stringify(col.name)}:`);
  let chunk = [];
  let chars = 0;
  let rows = 0;
  const flush = async () => {
    const text = chunk.join("");
    chunk = [];
    chars = 0;
    await file.write(text);
  };
  const types = columns.map((col) => col.type);
  return {
    async addBatch(batch) {
      const cols = batch.columns;
      for (let r = 0; r < batch.length; r++) {
        let line = "";
        for (let i = 0; i < types.length; i++) line += keys[i] + jsonValue(types[i], cols[i][r]);
        line += "}\n";
        chunk.push(line);
        chars += line.length;
        if (chars >= CHUNK_CHARS) await flush();
      }
      rows += batch.length;
    },
    async close() {
      await flush();
      await file.close();
      await rename(partial, path);
      return { path, rows, bytes: (await stat(path)).size };
    },
    async abort() {
      await file.close().catch(() => void 0);
      await rm(partial, { force: true });
    }
  };
}
function schemaElement(col) {
  const repetition_type = col.nullable ? "OPTIONAL" : "REQUIRED";
  switch (col.type) {
    case "STRING":
      return { name: col.name, type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type };
    case "INT64":
      return { name: col.name, type: "INT64", repetition_type };
    case "FLOAT64":
      return { name: col.name, type: "DOUBLE", repetition_type };
    case "BOOL":
      return { name: col.name, type: "BOOLEAN", repetition_type };
    case "TIMESTAMP":
      return { name: col.name, type: "INT64", converted_type: "TIMESTAMP_MILLIS", repetition_type };
  }
}
function parquetSchema(columns) {
  return [{ name: "root", num_children: columns.length }, ...columns.map(schemaElement)];
}
async function parquetWriter(path, columns, rowGroupRows) {
  const { ParquetWriter, fileWriter } = await import("./hyparquet-writer.js");
  const partial = `${path}.partial`;
  const sink = fileWriter(partial);
  const writer = new ParquetWriter({ writer: sink, schema: parquetSchema(columns), codec: "SNAPPY", createdBy: "flakeguard export" });
  let buffers = columns.map(() => []);
  let rows = 0;
  const flush = () => {
    const n = buffers[0].length;
    if (n === 0) return void 0;
    const columnData = columns.map((col, i) => {
      const values = buffers[i];
      const data = col.type === "INT64" ? values.map((v) => v === null ? null : BigInt(v)) : values;
      return { name: col.name, data, nullable: col.nullable };
    });
    buffers = columns.map(() => []);
    return writer.write({ columnData, rowGroupSize: n });
  };
  return {
    async addBatch(batch) {
      for (let r = 0; r < batch.length; r++) {
        for (let i = 0; i < columns.length; i++) buffers[i].push(batch.columns[i][r]);
        if (buffers[0].length >= rowGroupRows) await flush();
      }
      rows += batch.length;
    },
    async close() {
      await flush();
      await writer.finish();
      await rename(partial, path);
      return { path, rows, bytes: (await stat(path)).size };
    },
    async abort() {
      await rm(partial, { force: true });
    }
  };
}

// src/export/duckdb.ts

// src/export/stretches.ts
var c = (name, type, nullable) => ({ name, type, nullable, doc: "" });
var RUN_INDEX_COLUMNS = [
  c("i", "INT64", false),
  /** `["<repository>","<run key>",` : a row key hashes this, the test id's JSON and `]` (rowKey's bytes). */
  c("key_prefix", "STRING", false),
  c("repository", "STRING", false),
  c("run_key", "STRING", false),
  c("run_seq", "INT64", false),
  c("time", "TIMESTAMP", false),
  c("sha", "STRING", false),
  c("cell", "STRING", true),
  c("on_default_branch", "BOOL", false),
  c("trusted", "BOOL", false),
  c("job_succeeded", "BOOL", true)
];
var STRETCH_COLUMNS = [
  c("run", "INT64", false),
  c("runs", "INT64", false),
  c("test_id", "STRING", false),
  /** The test id's JSON and `]`: the end of its row keys' text. */
  c("key_suffix", "STRING", false),
  c("attempts", "STRING", false),
  c("attempt_count", "INT64", false),
  c("final_outcome", "STRING", false),
  c("rerun_verdict", "STRING", true),
  c("duration_sec", "FLOAT64", true),
  c("message", "STRING", true),
  c("message_signature", "STRING", true),
  c("outage", "BOOL", false)
];
var TestRunStretches = class {
  /** Rows of the run table made so far: the next index is `indexed + 1`. */
  indexed = 0;
  /** Test runs the stretches stand for. */
  rows = 0;
  facts = /* @__PURE__ */ new Map();
  signatures = /* @__PURE__ */ new Map();
  stretches;
  runIndex;
  constructor(stretches, runIndex) {
    this.stretches = stretches;
    this.runIndex = runIndex;
  }
  attemptsFacts(attempts) {
    let f = this.facts.get(attempts);
    if (!f) this.facts.set(attempts, f = { count: attempts.length, final: OUTCOME[attempts[attempts.length - 1] ?? ""] ?? "unknown", verdict: rerunVerdict(attempts) });
    return f;
  }
  signature(message) {
    let s = this.signatures.get(message);
    if (s === void 0) {
      if (this.signatures.size >= 4096) this.signatures.clear();
      this.signatures.set(message, s = messageSignature(message));
    }
    return s;
  }
  /**
   * The stretches of one source, `stretches` filled and yielded each time it is full (take its rows before asking
   * for the next); then its run table's rows, `runIndex` filled and yielded likewise.
   */
  *of(source) {
    const { snapshot, repository } = source;
    const ingestions = ingestionsOf(snapshot);
    const selected = selectionOf(source);
    const base = this.indexed + 1;
    const sorted = [...snapshot.runs].sort((a, b) => a[1].seq - b[1].seq);
    const prefix = `[${JSON.stringify(repository)},`;
    const index = [];
    const rank = /* @__PURE__ */ new Map();
    for (const [key, row] of sorted) {
      index.push({ key, row });
      rank.set(row.seq, selected.run(row.seq, row.time, ingestions.get(key)?.at) ? base + index.length - 1 : 0);
    }
    const stretch = new StretchMaker(this.stretches, this);
    const history = snapshot.history;
    let inTimeOrder = true;
    for (let k = 1; k < sorted.length && inTimeOrder; k++) if (sorted[k][1].time < sorted[k - 1][1].time) inTimeOrder = false;
    if (history instanceof LazyHistory && history.rows === snapshot.runs && inTimeOrder) {
      for (const [id, s] of history.stored) yield* stretch.stored(id, s, rank, index, base);
    } else {
      const byKey = new Map(index.map((e, i) => [e.key, i]));
      const own = /* @__PURE__ */ new Map();
      for (const [id, test] of history) yield* stretch.records(id, test, (r) => this.recordIndex(r, byKey, rank, index, base, own));
    }
    yield* stretch.flush();
    this.indexed = base - 1 + index.length;
    yield* this.runRows(index, base, prefix, repository);
  }
  /** The index of a record's run (0 when it is not exported), its own when its facts are not its run's row's. */
  recordIndex(r, byKey, rank, index, base, own) {
    const at = byKey.get(r.run);
    if (at === void 0) return 0;
    const row = index[at].row;
    const i = rank.get(row.seq);
    if (i === 0) return 0;
    const cell = r.cell ?? row.cell;
    const jobSucceeded = r.jobSucceeded ?? row.jobSucceeded;
    if (r.time === row.time && r.sha === row.sha && cell === row.cell && r.onDefaultBranch === row.onDefaultBranch && r.untrusted === true === (row.untrusted === true) && jobSucceeded === row.jobSucceeded)
      return i;
    const facts = { time: r.time, sha: r.sha, cell, onDefaultBranch: r.onDefaultBranch, untrusted: r.untrusted === true, jobSucceeded };
    const key = `${r.run}\0${JSON.stringify(facts)}`;
    let j = own.get(key);
    if (j === void 0) {
      index.push({ key: r.run, row, own: facts });
      own.set(key, j = base + index.length - 1);
    }
    return j;
  }
  *runRows(index, base, prefix, repository) {
    const batch = this.runIndex;
    const cols = batch.columns;
    batch.length = 0;
    for (let k = 0; k < index.length; k++) {
      const { key, row, own } = index[k];
      const n = batch.length;
      const values = [
        base + k,
        `${prefix}${JSON.stringify(key)},`,
        repository,
        key,
        row.seq,
        own?.time ?? row.time,
        own?.sha ?? row.sha,
        (own ? own.cell : row.cell) ?? null,
        own?.onDefaultBranch ?? row.onDefaultBranch,
        own ? own.untrusted !== true : row.untrusted !== true,
        (own ? own.jobSucceeded : row.jobSucceeded) ?? null
      ];
      for (let i = 0; i < values.length; i++) cols[i][n] = values[i];
      if (++batch.length === batch.capacity) {
        yield batch;
        batch.length = 0;
      }
    }
    if (batch.length > 0) yield batch;
  }
  /** @internal for StretchMaker */
  factsOf(attempts) {
    return this.attemptsFacts(attempts);
  }
  /** @internal for StretchMaker */
  signatureOf(message) {
    return this.signature(message);
  }
};
var StretchMaker = class {
  run = 0;
  runs = 0;
  testId = "";
  suffix = "";
  attempts = "";
  batch;
  owner;
  constructor(batch, owner) {
    this.batch = batch;
    this.owner = owner;
    batch.length = 0;
  }
  *room() {
    if (this.batch.length + 2 <= this.batch.capacity) return;
    yield this.batch;
    this.batch.length = 0;
  }
  /** Adds one run (with two rows free in the batch). */
  add(run, testId, suffix, attempts, duration, message, outage) {
    if (duration === void 0 && message === void 0) {
      if (this.runs > 0 && this.run + this.runs === run && this.attempts === attempts && this.testId === testId) {
        this.runs++;
        return;
      }
      this.close();
      this.run = run;
      this.runs = 1;
      this.testId = testId;
      this.suffix = suffix;
      this.attempts = attempts;
      return;
    }
    this.close();
    this.emit(run, 1, testId, suffix, attempts, duration, message, outage);
  }
  /** Ends the open stretch (a row of the batch). */
  close() {
    if (this.runs > 0) this.emit(this.run, this.runs, this.testId, this.suffix, this.attempts, void 0, void 0, false);
    this.runs = 0;
  }
  *flush() {
    yield* this.room();
    this.close();
    if (this.batch.length > 0) {
      yield this.batch;
      this.batch.length = 0;
    }
  }
  emit(run, runs, testId, suffix, attempts, duration, message, outage) {
    const b = this.batch;
    const cols = b.columns;
    const n = b.length++;
    const f = this.owner.factsOf(attempts);
    cols[0][n] = run;
    cols[1][n] = runs;
    cols[2][n] = testId;
    cols[3][n] = suffix;
    cols[4][n] = attempts;
    cols[5][n] = f.count;
    cols[6][n] = f.final;
    cols[7][n] = f.verdict;
    cols[8][n] = duration ?? null;
    cols[9][n] = message ?? null;
    cols[10][n] = message === void 0 ? null : this.owner.signatureOf(message);
    cols[11][n] = outage;
    this.owner.rows += runs;
  }
  /**
   * A test in its stored form, its runs in run-number order (which is time order: the caller checked). Its newest run
   * carries its duration (`d`), or each run its own (`dur`, a history merged in this process); a run's message and
   * whether it was part of an outage as the decoded record would say (src/history/records.ts).
   */
  *stored(id, s, rank, index, base) {
    const suffix = `${JSON.stringify(id)}]`;
    const { m, dur } = s;
    let newest = -1;
    if (!dur && s.d !== void 0) {
      let seq2 = s.from;
      for (const { a, n } of s.segments) {
        if (a !== "") newest = seq2 + n - 1;
        seq2 += n;
      }
    }
    let seq = s.from;
    for (const { a, n } of s.segments) {
      if (a === "") {
        seq += n;
        continue;
      }
      for (let k = 0; k < n; k++, seq++) {
        const i = rank.get(seq);
        if (!i) continue;
        const message = m?.[seq];
        const duration = dur ? durationAt(dur, seq) : seq === newest ? s.d : void 0;
        if (message === void 0 && duration === void 0 && this.runs > 0 && this.run + this.runs === i && this.attempts === a && this.testId === id) {
          this.runs++;
          continue;
        }
        let outage = false;
        if (message !== void 0) {
          const outages = index[i - base].row.outages;
          outage = outages !== void 0 && outages.includes(failureKey(message));
        }
        yield* this.room();
        this.add(i, id, suffix, a, duration, message, outage);
      }
    }
  }
  /** A decoded history, record by record, each at the index `indexOf` gives it (0: not exported). */
  *records(id, test, indexOf) {
    const suffix = `${JSON.stringify(id)}]`;
    for (const r of test.runs) {
      const i = indexOf(r);
      if (i === 0) continue;
      yield* this.room();
      this.add(i, id, suffix, r.attempts, r.durationSec, r.message, r.outage === true);
    }
  }
};

// src/export/duckdb.ts
var PARQUET_WRITERS = ["auto", "duckdb", "builtin"];
var DUCKDB_INSTALL_HINT = "Parquet through DuckDB needs `@duckdb/node-api`, which flakeguard does not bundle: run `npm install @duckdb/node-api` in this folder (or where flakeguard is installed).";
async function loadDuckDb(cwd) {
  try {
    return await import("@duckdb/node-api");
  } catch {
    try {
      return createRequire(join(cwd, "package.json"))("@duckdb/node-api");
    } catch {
      return void 0;
    }
  }
}
var MEMORY_LIMIT = "256MB";
async function openDuckSession(duckdb) {
  const spill = await mkdtemp(join(tmpdir(), "flakeguard-duckdb-"));
  const instance = await duckdb.DuckDBInstance.create(":memory:", { memory_limit: MEMORY_LIMIT, temp_directory: spill, threads: "1" });
  const connection = await instance.connect();
  return {
    connection,
    version: duckdb.version(),
    async close() {
      connection.closeSync();
      instance.closeSync();
      await rm2(spill, { recursive: true, force: true });
    }
  };
}
var sqlString = (text) => `'${text.replace(/'/g, "''")}'`;
var ident = (name) => `"${name.replace(/"/g, '""')}"`;
function csvColumn(col) {
  switch (col.type) {
    case "STRING":
      return { type: "VARCHAR", select: ident(col.name) };
    case "INT64":
      return { type: "BIGINT", select: ident(col.name) };
    case "FLOAT64":
      return { type: "DOUBLE", select: ident(col.name) };
    case "BOOL":
      return { type: "BOOLEAN", select: ident(col.name) };
    case "TIMESTAMP":
      return { type: "BIGINT", select: `epoch_ms(${ident(col.name)})::TIMESTAMP_MS AS ${ident(col.name)}` };
  }
}
function readCsv(columns, csv) {
  const declared = columns.map((c2) => `${sqlString(c2.name)}: ${sqlString(csvColumn(c2).type)}`).join(", ");
  return `read_csv(${sqlString(csv)}, columns = {${declared}}, header = false, auto_detect = false, delim = ',', quote = '"', escape = '"', new_line = '\\n', allow_quoted_nulls = false, strict_mode = true)`;
}
var PARQUET_OPTIONS = (rowGroupRows) => `(FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE ${rowGroupRows})`;
function copyStatement(columns, csv, parquet, rowGroupRows) {
  return `COPY (SELECT ${columns.map((c2) => csvColumn(c2).select).join(", ")} FROM ${readCsv(columns, csv)}) TO ${sqlString(parquet)} ${PARQUET_OPTIONS(rowGroupRows)}`;
}
var RUNS_VARIABLE = "flakeguard_test_runs";
function stretchStatements(runsCsv, stretchesCsv, parquet, rowGroupRows) {
  const lists = RUN_INDEX_COLUMNS.filter((c2) => c2.name !== "i").map((c2) => `${ident(c2.name)}: list(${csvColumn(c2).select.replace(/ AS .*$/, "")} ORDER BY i)`).join(", ");
  const run = (name) => `getvariable(${sqlString(RUNS_VARIABLE)}).${ident(name)}[fg_i]`;
  const select = TABLES.test_runs.map((c2) => {
    const name = ident(c2.name);
    if (c2.name === "row_key") return `left(sha256(${run("key_prefix")} || key_suffix), 32) AS ${name}`;
    if (RUN_INDEX_COLUMNS.some((r) => r.name === c2.name)) return `${run(c2.name)} AS ${name}`;
    return name;
  });
  return [
    `SET VARIABLE ${RUNS_VARIABLE} = (SELECT {${lists}} FROM ${readCsv(RUN_INDEX_COLUMNS, runsCsv)})`,
    `COPY (SELECT ${select.join(", ")} FROM (SELECT *, unnest(range(run, run + runs)) AS fg_i FROM ${readCsv(STRETCH_COLUMNS, stretchesCsv)})) TO ${sqlString(parquet)} ${PARQUET_OPTIONS(rowGroupRows)}`,
    `RESET VARIABLE ${RUNS_VARIABLE}`
  ];
}
function csvField(value) {
  if (value === null) return "";
  if (typeof value === "string") return value.includes('"') ? `"${value.replaceAll('"', '""')}"` : `"${value}"`;
  if (typeof value === "boolean") return value ? "true" : "false";
  return String(value);
}
var CHUNK_CHARS2 = 1 << 20;
var CsvFile = class _CsvFile {
  rows = 0;
  closed = false;
  path;
  file;
  constructor(path, file) {
    this.path = path;
    this.file = file;
  }
  static async open(path) {
    return new _CsvFile(path, await open2(path, "w"));
  }
  async add(batch) {
    const cols = batch.columns;
    const width = cols.length;
    let lines = [];
    let chars = 0;
    for (let r = 0; r < batch.length; r++) {
      let line = csvField(cols[0][r]);
      for (let i = 1; i < width; i++) line += "," + csvField(cols[i][r]);
      lines.push(line);
      chars += line.length + 1;
      if (chars >= CHUNK_CHARS2) {
        await this.file.write(lines.join("\n") + "\n");
        lines = [];
        chars = 0;
      }
    }
    if (lines.length > 0) await this.file.write(lines.join("\n") + "\n");
    this.rows += batch.length;
  }
  async close() {
    if (!this.closed) await this.file.close();
    this.closed = true;
  }
  async remove() {
    await this.close().catch(() => void 0);
    await rm2(this.path, { force: true });
  }
};
async function writeThrough(session, path, csvs, statements) {
  const partial = `${path}.partial`;
  try {
    for (const csv of csvs) await csv.close();
    for (const sql of statements(partial)) await session.connection.run(sql);
    await rename2(partial, path);
  } catch (error) {
    await rm2(partial, { force: true });
    throw error;
  } finally {
    for (const csv of csvs) await csv.remove();
  }
  return (await stat2(path)).size;
}
async function duckParquetWriter(session, path, columns, rowGroupRows) {
  const csv = await CsvFile.open(`${path}.csv.partial`);
  return {
    addBatch: (batch) => csv.add(batch),
    async close() {
      const bytes = await writeThrough(session, path, [csv], (partial) => [copyStatement(columns, csv.path, partial, rowGroupRows)]);
      return { path, rows: csv.rows, bytes };
    },
    async abort() {
      await csv.remove();
      await rm2(`${path}.partial`, { force: true });
    }
  };
}
async function duckTestRunsWriter(session, path, rowGroupRows) {
  const stretches = await CsvFile.open(`${path}.stretches.csv.partial`);
  const runs = await CsvFile.open(`${path}.runs.csv.partial`);
  let rows = 0;
  return {
    addBatch(batch) {
      if (batch.table === RUN_INDEX_COLUMNS) return runs.add(batch);
      const counts = batch.columns[1];
      for (let r = 0; r < batch.length; r++) rows += counts[r];
      return stretches.add(batch);
    },
    async close() {
      const bytes = await writeThrough(session, path, [runs, stretches], (partial) => stretchStatements(runs.path, stretches.path, partial, rowGroupRows));
      return { path, rows, bytes };
    },
    async abort() {
      await runs.remove();
      await stretches.remove();
      await rm2(`${path}.partial`, { force: true });
    }
  };
}

// src/export/index.ts
var BATCH_ROWS = 1024;
async function duckFor(options) {
  if (options.format !== "parquet" || options.parquetWriter === "builtin") return void 0;
  const duckdb = await loadDuckDb(options.cwd ?? process.cwd());
  if (!duckdb) {
    if (options.parquetWriter === "duckdb") throw new ExportError(DUCKDB_INSTALL_HINT);
    return void 0;
  }
  return openDuckSession(duckdb);
}
async function exportTables(sources, options) {
  const tables = options.tables ?? TABLE_NAMES;
  await mkdir(options.out, { recursive: true });
  const writers = /* @__PURE__ */ new Map();
  const notes = [];
  const repositories = [];
  const skipped = [];
  const batches = new Map(tables.map((table) => [table, new ColumnBatch(TABLES[table], BATCH_ROWS)]));
  const duck = await duckFor(options);
  const rowGroupRows = options.rowGroupRows ?? DEFAULT_ROW_GROUP_ROWS;
  try {
    for (const table of tables) {
      const path = join2(options.out, fileNameOf(table, options.format));
      writers.set(
        table,
        !duck ? await openTableWriter(options.format, path, TABLES[table], options) : table === "test_runs" ? await duckTestRunsWriter(duck, path, rowGroupRows) : await duckParquetWriter(duck, path, TABLES[table], rowGroupRows)
      );
    }
    const stretches = duck ? new TestRunStretches(new ColumnBatch(STRETCH_COLUMNS, BATCH_ROWS), new ColumnBatch(RUN_INDEX_COLUMNS, BATCH_ROWS)) : void 0;
    for await (const source of sources) {
      const damaged = damageOf(source);
      if (damaged) {
        skipped.push(damaged);
        continue;
      }
      repositories.push(source.repository);
      for (const table of tables) {
        const writer2 = writers.get(table);
        const made = stretches && table === "test_runs" ? stretches.of(source) : tableBatches(table, source, batches.get(table), notes);
        for (const batch of made) {
          const pending = writer2.addBatch(batch);
          if (pending) await pending;
        }
      }
    }
    if (repositories.length === 0 && skipped.length > 0) throw new ExportError(skipped.map((s) => s.reason).join(" "));
    const files = {};
    for (const [table, writer2] of writers) files[table] = await writer2.close();
    const writer = options.format === "parquet" ? duck ? `DuckDB ${duck.version}` : "built-in" : void 0;
    return { tables: files, repositories, notes, skipped, ...writer ? { writer } : {} };
  } catch (error) {
    for (const writer of writers.values()) await writer.abort();
    throw error;
  } finally {
    await duck?.close();
  }
}

export {
  nameOfSource,
  summarizeRepo,
  orgModel,
  orgDataBlock,
  EXPORT_FORMATS,
  PARQUET_WRITERS,
  exportTables
};
