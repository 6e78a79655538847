const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { hash } = require("node:crypto");
const { open, rename, rm, stat } = require("node:fs/promises");
const { createRequire } = require("node:module");
const { mkdtemp, open: open2, rename: rename2, rm: rm2, stat: stat2 } = require("node:fs/promises");
const { tmpdir } = require("node:os");
const { join } = require("node:path");
const { mkdir } = require("node:fs/promises");
const { join: join2 } = require("node:path");
import {
  historyCosts
} from "./shared-store-branch-costs.js";
import {
  repositoryPath
} from "./shared-owners-index.js";
import {
  ownerText,
  ownersOf,
  parseCodeowners
} from "./shared-owners-codeowners.js";
import {
  dashboardTestUrl,
  repoUrlOf,
  safeUrl
} from "./shared-dashboard-links.js";
import {
  damageReason,
  inBrokenShard,
  readFigures
} from "./shared-store-snapshot.js";
import {
  closeOpenEnd,
  fileFromAround,
  forEachRun,
  parseOutcomeString
} from "./shared-history-stored.js";
import {
  failureKey
} from "./shared-history-merge.js";
import {
  mapClassname,
  parseClassMap
} from "./shared-owners-classmap.js";
import {
  CLASS_MAP_FILE,
  META_FILE,
  OWNERS_FILE,
  RUNS_FILE,
  parseDecisions,
  strictJsonFault
} from "./shared-store-layout.js";
import {
  costPerMinuteOf,
  priced,
  tallyTest,
  testCost
} from "./shared-cost-index.js";
import {
  CODE_STATUS,
  isFailure
} from "./shared-model.js";

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
    now: runs.length > 0 ? Math.max(...runs.map((r) => r.time)) : Date.now()
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

// src/export/rows.ts

// src/export/tables.ts
var TABLE_NAMES = ["runs", "test_runs", "tests", "decisions"];
var c = (name, type, nullable, doc) => ({ name, type, nullable, doc });
var ROW_KEY = (of) => c("row_key", "STRING", false, `Stable key of the row (a hash of ${of}): the same row exported twice has the same key, so a load can deduplicate or merge on it.`);
var REPOSITORY = c("repository", "STRING", false, "The repository whose data branch the row comes from (owner/name, or --repository).");
var TABLES = {
  runs: [
    ROW_KEY("repository and run key"),
    REPOSITORY,
    c("run_key", "STRING", false, "The run key: <workflow run id>/<job>/<hash of job key and report patterns>; <run id>/untrusted for an untrusted run."),
    c("run_seq", "INT64", false, "The run number on the data branch (runs.json), increasing with each run ingested."),
    c("run_id", "STRING", true, "The workflow run id (the first part of the run key)."),
    c("job", "STRING", true, "The job id (the second part of the run key); null for an untrusted run."),
    c("attempt", "INT64", true, "The newest attempt of the workflow run ingested for this run key (a re-run attempt joins the same run); null when the branch no longer says."),
    c("cell", "STRING", true, "The matrix cell, canonical k=v pairs sorted and joined by commas; null when not recorded."),
    c("sha", "STRING", false, "The commit tested."),
    c("ref", "STRING", true, "The git ref. Not recorded on the data branch: null (on_default_branch says what is kept)."),
    c("event", "STRING", true, "The triggering event. Not recorded on the data branch: null."),
    c("time", "TIMESTAMP", false, "When the run ran (report timestamp, else the clock)."),
    c("ingested_at", "TIMESTAMP", true, "When flakeguard last ingested an attempt of this run (flakeguard.json); null once aged out."),
    c("on_default_branch", "BOOL", false, "True for a push (or schedule) on the default branch."),
    c("job_succeeded", "BOOL", true, "True when the job succeeded after forgiveness; null when unknown."),
    c("trusted", "BOOL", false, "False for results read from another run\u2019s artifact (docs/forks.md): evidence only."),
    c("outages", "INT64", false, "How many outages (many tests failing with one message) the run had."),
    c("url", "STRING", true, "Link to the workflow run attempt.")
  ],
  test_runs: [
    ROW_KEY("repository, run key and test id"),
    REPOSITORY,
    c("run_key", "STRING", false, "The run (runs.run_key)."),
    c("run_seq", "INT64", false, "The run number (runs.run_seq)."),
    c("test_id", "STRING", false, "The test id (docs/test-ids.md)."),
    c("time", "TIMESTAMP", false, "When the run ran."),
    c("sha", "STRING", false, "The commit tested."),
    c("cell", "STRING", true, "The matrix cell of the run; null when not recorded."),
    c("on_default_branch", "BOOL", false, "True for a run on the default branch."),
    c("trusted", "BOOL", false, "False for results flakeguard does not vouch for."),
    c("attempts", "STRING", false, "Outcome of each attempt in order, a letter each: P passed, F failed, E error, S skipped (FP = failed, then passed on a re-run)."),
    c("attempt_count", "INT64", false, "The number of attempts (1 when not re-run)."),
    c("final_outcome", "STRING", false, "The last attempt: passed, failed, error or skipped."),
    c("rerun_verdict", "STRING", true, "With more than one attempt: flaky (a failed and a passed attempt), consistent (every attempt failed), or other; null with one attempt."),
    c("duration_sec", "FLOAT64", true, "Seconds of the last attempt. The data branch keeps only each test\u2019s newest duration: null for older runs."),
    c("message", "STRING", true, "The normalised message of the first failed attempt; raw, untrusted text."),
    c("message_signature", "STRING", true, "A hash of the message with every number blanked: equal for the same failure."),
    c("outage", "BOOL", false, "The failure was part of an outage of its run: never evidence of flakiness."),
    c("job_succeeded", "BOOL", true, "The job\u2019s result after forgiveness; null when unknown.")
  ],
  tests: [
    ROW_KEY("repository and test id"),
    REPOSITORY,
    c("test_id", "STRING", false, "The test id."),
    c("name", "STRING", false, "The test\u2019s name."),
    c("classname", "STRING", false, "Its class name (suite)."),
    c("file", "STRING", true, "Its file, when the reports gave one."),
    c("line", "INT64", true, "Its line in the file, when given."),
    c("owners", "STRING", true, "Its owners from CODEOWNERS, space-separated (@user, @org/team, e-mail); null when none."),
    c("owner", "STRING", true, "The first of its owners; null when none."),
    c("quarantined", "BOOL", true, "True while quarantined; null when its stats file cannot be read."),
    c("state_since", "TIMESTAMP", true, "When the current state (quarantined or not) began, when recorded."),
    c("reason", "STRING", true, "Why it is (not) quarantined, in words; untrusted when a person wrote it."),
    c("decided_by", "STRING", true, "hand while a hand override decides, else rule; null when its stats file cannot be read."),
    c("override", "STRING", true, "The hand override\u2019s action: quarantine or never; null when none."),
    c("override_until", "STRING", true, "The date the hand override lapses, as written."),
    c("rule", "STRING", true, "The rule that decided, when the stats line records it; null otherwise."),
    c("tier", "STRING", true, "Stable, Intermittent, Flaky or Chronic (docs/scoring.md)."),
    c("score", "FLOAT64", true, "The multi-factor score, 0 to 1."),
    c("confidence", "FLOAT64", true, "Confidence of the score, 0 to 1."),
    c("pfs", "FLOAT64", true, "Probability that a run fails for no reason."),
    c("pfs_low", "FLOAT64", true, "Lower bound of the PFS 90% interval."),
    c("pfs_high", "FLOAT64", true, "Upper bound of the PFS 90% interval."),
    c("flip_rate", "FLOAT64", true, "Share of consecutive runs whose outcome flipped."),
    c("success_rate", "FLOAT64", true, "Share of runs that passed."),
    c("recommendation", "STRING", true, "The score\u2019s recommendation."),
    c("runs", "INT64", false, "Runs kept in its history window."),
    c("failed_runs", "INT64", false, "Runs of the window with a failed or errored attempt."),
    c("duration_sec", "FLOAT64", true, "Seconds of its newest run, when known."),
    c("first_seen", "TIMESTAMP", true, "Time of the oldest run in its window."),
    c("last_seen", "TIMESTAMP", true, "Time of its newest run."),
    c("issue", "INT64", true, "The number of its flakeguard issue, when there is one (decisions.json)."),
    c("fix_verdict", "STRING", true, "Its latest fix verification (docs/fix-verification.md): verified, failed or inconclusive; null when none is recorded."),
    c("fix_pr", "INT64", true, "The pull request the fix verification ran on."),
    c("fix_head", "STRING", true, "The commit the fix verification ran on."),
    c("fix_runs", "INT64", true, "Runs of the test the fix verification made."),
    c("fix_failures", "INT64", true, "Of which failed."),
    c("fix_rate", "FLOAT64", true, "The first-attempt failure rate before the fix, as the mean of its window posterior."),
    c("fix_reached", "FLOAT64", true, "The probability that a test still as flaky as its window told would have failed in those runs, averaged over the posterior rate whose mean is fix_rate."),
    c("fix_at", "TIMESTAMP", true, "When the fix was verified."),
    c("fix_released", "TIMESTAMP", true, "When the verified fix landed and released the quarantine; null until then."),
    c("ci_cost_sec", "FLOAT64", true, "Seconds of CI time the test cost in its window: its share of the re-runs and of the red runs re-run by hand (docs/cost.md); null when it failed in no run."),
    c("ci_cost", "FLOAT64", true, "ci_cost_sec priced at the cost-per-minute the branch records; null without a price."),
    c("ci_saved_sec", "FLOAT64", true, "Seconds of hand re-runs its re-runs spared: its share of the runs a re-run turned green (docs/cost.md); null when it failed in no run.")
  ],
  decisions: [
    ROW_KEY("repository, test id, run number and event"),
    REPOSITORY,
    c("test_id", "STRING", false, "The test."),
    c("run_seq", "INT64", false, "The run in which the decision changed (runs.run_seq)."),
    c("run_key", "STRING", true, "That run\u2019s key, while the branch still has the run."),
    c("decided_at", "TIMESTAMP", true, "When flakeguard decided; null when the recorded time is not a time."),
    c("event", "STRING", false, "quarantined, released, override, override lapsed, override cleared, hand edit or issue closed (docs/data-branch.md#decisionsjson)."),
    c("quarantined", "BOOL", false, "The state from this run on."),
    c("decided_by", "STRING", false, "rule or hand."),
    c("reason", "STRING", false, "The reason as the stats file gave it (cut at 500 characters); untrusted when a person wrote it."),
    c("issue", "INT64", true, "The test\u2019s flakeguard issue, when there is one.")
  ]
};

// src/export/batch.ts
var ColumnBatch = class {
  columns;
  /** The rows filled, from index 0. */
  length = 0;
  table;
  capacity;
  constructor(table, capacity) {
    this.table = table;
    this.capacity = capacity;
    this.columns = table.map(() => new Array(capacity).fill(null));
  }
};
function* batchesOfRows(rows, batch) {
  const names = batch.table.map((c2) => c2.name);
  batch.length = 0;
  for (const row of rows) {
    const n = batch.length;
    for (let i = 0; i < names.length; i++) {
      const v = row[names[i]];
      batch.columns[i][n] = v === void 0 ? null : v;
    }
    if (++batch.length === batch.capacity) {
      yield batch;
      batch.length = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

// src/export/rows.ts
var ExportError = class extends Error {
};
function rowKey(...parts) {
  return keyOf(JSON.stringify(parts));
}
var keyOf = (json) => hash("sha256", json, "hex").slice(0, 32);
function messageSignature(message) {
  return hash("sha256", failureKey(message), "hex").slice(0, 16);
}
function parseSince(text, now) {
  const t = text.trim();
  if (/^\d{1,10}$/.test(t)) return { kind: "run", seq: Number(t) };
  const span = /^(\d{1,6})([hd])$/.exec(t);
  if (span) return { kind: "time", ms: now - Number(span[1]) * (span[2] === "h" ? 36e5 : 864e5) };
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(t)) {
    const ms = Date.parse(t.length === 10 ? `${t}T00:00:00Z` : t);
    if (Number.isFinite(ms)) return { kind: "time", ms };
  }
  if (t.includes("/")) return { kind: "run-key", key: t };
  throw new ExportError(`--since takes a run number (41), a run key (1234567/test/9f2c1a0b), a time (2026-11-20 or 2026-11-20T09:00:00Z) or a span back (36h, 7d); got '${text.slice(0, 80)}'.`);
}
function ingestionsOf(snapshot) {
  const out = /* @__PURE__ */ new Map();
  for (const [key, at] of Object.entries(snapshot.meta.ingested)) {
    const cut = key.lastIndexOf("#");
    const attempt = Number(key.slice(cut + 1));
    if (cut < 0 || !Number.isSafeInteger(attempt)) continue;
    const run = key.slice(0, cut);
    const known = out.get(run);
    out.set(run, { attempt: Math.max(attempt, known?.attempt ?? 0), at: Math.max(at, known?.at ?? 0) });
  }
  return out;
}
function selectionOf(source) {
  const since = source.since;
  if (!since) return { run: () => true };
  if (since.kind === "time") return { run: (_seq, time, at) => time >= since.ms || at !== void 0 && at >= since.ms };
  let after;
  if (since.kind === "run") after = since.seq;
  else {
    const row = source.snapshot.runs.get(since.key);
    if (!row) throw new ExportError(`--since names the run key '${since.key.slice(0, 120)}', which ${source.repository}'s data branch does not have (runs.json).`);
    after = row.seq;
  }
  return { run: (seq) => seq > after };
}
var OUTCOME = { P: "passed", F: "failed", E: "error", S: "skipped" };
function rerunVerdict(attempts) {
  if (attempts.length < 2) return null;
  if (attempts === "FP") return "flaky";
  const failed = /[FE]/.test(attempts);
  if (failed && attempts.includes("P")) return "flaky";
  if (failed && /^[FE]+$/.test(attempts)) return "consistent";
  return "other";
}
var splitRunKey = (key) => {
  const parts = key.split("/");
  if (parts.length >= 2 && parts[1] === "untrusted") return { runId: parts[0] || null, job: null };
  return { runId: parts.length >= 2 ? parts[0] : null, job: parts.length >= 3 ? parts[1] : null };
};
function* runsRows(source) {
  const { snapshot, repository } = source;
  const ingestions = ingestionsOf(snapshot);
  const selected = selectionOf(source);
  const rows = [...snapshot.runs].sort((a, b) => a[1].seq - b[1].seq);
  for (const [key, row] of rows) {
    const ingested = ingestions.get(key);
    if (!selected.run(row.seq, row.time, ingested?.at)) continue;
    const { runId, job } = splitRunKey(key);
    const fromUrl = row.url ? /\/attempts\/(\d+)(?:$|[/?#])/.exec(row.url) : null;
    yield {
      row_key: rowKey(repository, key),
      repository,
      run_key: key,
      run_seq: row.seq,
      run_id: runId,
      job,
      attempt: ingested?.attempt ?? (fromUrl ? Number(fromUrl[1]) : null),
      cell: row.cell ?? null,
      sha: row.sha,
      ref: null,
      event: null,
      time: row.time,
      ingested_at: ingested?.at ?? null,
      on_default_branch: row.onDefaultBranch,
      job_succeeded: row.jobSucceeded ?? null,
      trusted: row.untrusted !== true,
      outages: row.outages?.length ?? 0,
      url: row.url ?? null
    };
  }
}
function* testRunsBatches(source, batch) {
  const { snapshot, repository } = source;
  const ingestions = ingestionsOf(snapshot);
  const selected = selectionOf(source);
  const at = (name) => batch.columns[TABLES.test_runs.findIndex((c2) => c2.name === name)];
  const [rowKeys, repositories, runKeys, seqs, ids, times, shas, cells, onDefault, trusted, attemptsCol, counts, finals, verdicts, durations, messages, signatures, outages, succeeded] = [
    "row_key",
    "repository",
    "run_key",
    "run_seq",
    "test_id",
    "time",
    "sha",
    "cell",
    "on_default_branch",
    "trusted",
    "attempts",
    "attempt_count",
    "final_outcome",
    "rerun_verdict",
    "duration_sec",
    "message",
    "message_signature",
    "outage",
    "job_succeeded"
  ].map(at);
  const runs = /* @__PURE__ */ new Map();
  const runOf = (key) => {
    let run = runs.get(key);
    if (run === void 0) {
      const row = snapshot.runs.get(key);
      run = row && selected.run(row.seq, row.time, ingestions.get(key)?.at) ? { seq: row.seq, cell: row.cell ?? null, jobSucceeded: row.jobSucceeded, json: JSON.stringify(key) } : null;
      runs.set(key, run);
    }
    return run;
  };
  const prefix = `[${JSON.stringify(repository)},`;
  const signature = /* @__PURE__ */ new Map();
  batch.length = 0;
  for (const [id, history] of snapshot.history) {
    const idJson = JSON.stringify(id);
    for (const r of history.runs) {
      const run = runOf(r.run);
      if (!run) continue;
      const n = batch.length;
      const attempts = r.attempts;
      rowKeys[n] = keyOf(`${prefix}${run.json},${idJson}]`);
      repositories[n] = repository;
      runKeys[n] = r.run;
      seqs[n] = run.seq;
      ids[n] = id;
      times[n] = r.time;
      shas[n] = r.sha;
      cells[n] = r.cell ?? run.cell;
      onDefault[n] = r.onDefaultBranch;
      trusted[n] = r.untrusted !== true;
      attemptsCol[n] = attempts;
      counts[n] = attempts.length;
      finals[n] = OUTCOME[attempts[attempts.length - 1] ?? ""] ?? "unknown";
      verdicts[n] = rerunVerdict(attempts);
      durations[n] = r.durationSec ?? null;
      const message = r.message;
      messages[n] = message ?? null;
      if (message === void 0) signatures[n] = null;
      else {
        let s = signature.get(message);
        if (s === void 0) {
          if (signature.size >= 4096) signature.clear();
          signature.set(message, s = messageSignature(message));
        }
        signatures[n] = s;
      }
      outages[n] = r.outage === true;
      succeeded[n] = r.jobSucceeded ?? run.jobSucceeded ?? null;
      if (++batch.length === batch.capacity) {
        yield batch;
        batch.length = 0;
      }
    }
  }
  if (batch.length > 0) yield batch;
}
function ownerLookup(files, notes, repository) {
  const text = files?.get(OWNERS_FILE);
  if (text === void 0) return () => [];
  const codeowners = parseCodeowners(text, OWNERS_FILE);
  let classMap = [];
  const mapText = files?.get(CLASS_MAP_FILE);
  if (mapText?.trim()) {
    try {
      classMap = parseClassMap(mapText);
    } catch (error) {
      notes.push({ repository, message: `${CLASS_MAP_FILE}: ${error instanceof Error ? error.message : String(error)}; owners found by file only` });
    }
  }
  const byPath = /* @__PURE__ */ new Map();
  return (file, classname) => {
    let path = file ? repositoryPath(file, "") : void 0;
    if (!path && classname && classMap.length > 0) path = mapClassname(classMap, classname)?.path;
    if (!path) return [];
    let owners = byPath.get(path);
    if (!owners) byPath.set(path, owners = ownersOf(codeowners, path).owners.map(ownerText));
    return owners;
  };
}
function decisionLogOf(source, notes) {
  const text = source.snapshot.decisions;
  if (text === void 0) return void 0;
  const { log, problems } = parseDecisions(text);
  for (const p of problems) notes.push({ repository: source.repository, message: `${p.file}${p.line ? `:${p.line}` : ""}: ${p.message} (its events are not exported)` });
  return log;
}
var num2 = (x) => typeof x === "number" && Number.isFinite(x) ? x : null;
var str = (x) => typeof x === "string" ? x : null;
var timeOf = (x) => {
  if (typeof x !== "string") return null;
  const ms = Date.parse(x);
  return Number.isFinite(ms) ? ms : null;
};
var int = (x) => Number.isSafeInteger(x) ? x : null;
function fixColumns(raw) {
  const fix = typeof raw === "object" && raw !== null && !Array.isArray(raw) ? raw : void 0;
  const verdict = str(fix?.verdict);
  return {
    fix_verdict: verdict,
    fix_pr: int(fix?.pr),
    fix_head: str(fix?.head),
    fix_runs: int(fix?.runs),
    fix_failures: int(fix?.failures),
    fix_rate: num2(fix?.rate),
    fix_reached: num2(fix?.reached),
    fix_at: timeOf(fix?.at),
    fix_released: timeOf(fix?.released)
  };
}
function* testsRows(source, notes) {
  const { snapshot, repository } = source;
  const owners = ownerLookup(source.files, notes, repository);
  const log = decisionLogOf(
    source,
    []
    /* reported once, by the decisions table */
  );
  for (const path of snapshot.brokenStats.keys()) notes.push({ repository, message: `${path} cannot be read (it is kept as it is): its tests are exported with quarantined = null` });
  const entries = function* () {
    yield* snapshot.history;
    for (const id of [...snapshot.stats.keys()].filter((id2) => !snapshot.history.has(id2)).sort()) yield [id, void 0];
  };
  const costs = new Map(historyCosts(snapshot.history, snapshot.runs).map((e) => [e.id, e.cost]));
  const perMinute = snapshot.meta.costPerMinute;
  for (const [id, history] of entries()) {
    const stats = snapshot.stats.get(id);
    const cost = costs.get(id);
    const broken = inBrokenShard(snapshot, id);
    const cut = id.lastIndexOf("::");
    const name = history?.name ?? (cut >= 0 ? id.slice(cut + 2) : id);
    const classname = history?.classname ?? (cut >= 0 ? id.slice(0, cut) : "");
    const found = owners(history?.file, classname);
    const runs = history?.runs ?? [];
    const override = snapshot.overrides.get(id)?.override;
    const pfs = Array.isArray(stats?.pfs) ? stats.pfs : [];
    const hand = override !== void 0 || typeof stats?.auto === "object" && stats.auto !== null;
    yield {
      row_key: rowKey(repository, id),
      repository,
      test_id: id,
      name,
      classname,
      file: history?.file ?? null,
      line: history?.line ?? null,
      owners: found.length > 0 ? found.join(" ") : null,
      owner: found[0] ?? null,
      quarantined: broken ? null : stats?.quarantined ?? false,
      state_since: timeOf(stats?.since),
      reason: broken ? null : stats ? stats.reason : null,
      decided_by: broken ? null : hand ? "hand" : "rule",
      override: override?.action ?? null,
      override_until: override?.until ?? null,
      rule: str(stats?.rule),
      tier: str(stats?.tier),
      score: num2(stats?.score),
      confidence: num2(stats?.confidence),
      pfs: num2(pfs[0]),
      pfs_low: num2(pfs[1]),
      pfs_high: num2(pfs[2]),
      flip_rate: num2(stats?.flipRate),
      success_rate: num2(stats?.successRate),
      recommendation: str(stats?.recommendation),
      runs: runs.length,
      failed_runs: runs.reduce((n, r) => n + ([...r.attempts].some((a) => isFailure(CODE_STATUS[a] ?? "passed")) ? 1 : 0), 0),
      duration_sec: runs.at(-1)?.durationSec ?? null,
      first_seen: runs[0]?.time ?? null,
      last_seen: runs.at(-1)?.time ?? null,
      issue: log?.tests.get(id)?.issue ?? null,
      ...fixColumns(stats?.fix),
      ci_cost_sec: cost ? Math.round(cost.costSec * 100) / 100 : null,
      ci_cost: cost ? priced(cost.costSec, perMinute) ?? null : null,
      ci_saved_sec: cost ? Math.round(cost.savedSec * 100) / 100 : null
    };
  }
}
function* decisionsRows(source, notes) {
  const { snapshot, repository } = source;
  const log = decisionLogOf(source, notes);
  if (!log) return;
  const bySeq = /* @__PURE__ */ new Map();
  for (const [key, row] of snapshot.runs) bySeq.set(row.seq, { key, time: row.time });
  const ingestions = ingestionsOf(snapshot);
  const selected = selectionOf(source);
  for (const id of [...log.tests.keys()].sort()) {
    const entry = log.tests.get(id);
    for (const e of entry.events) {
      const run = bySeq.get(e.run);
      const at = timeOf(e.at);
      const isNew = run ? selected.run(e.run, run.time, ingestions.get(run.key)?.at) : selected.run(e.run, at ?? 0, at ?? void 0);
      if (!isNew) continue;
      yield {
        row_key: rowKey(repository, id, e.run, e.event),
        repository,
        test_id: id,
        run_seq: e.run,
        run_key: run?.key ?? null,
        decided_at: at,
        event: e.event,
        quarantined: e.quarantined,
        decided_by: e.by,
        reason: e.reason,
        issue: entry.issue ?? null
      };
    }
  }
}
function damageOf(source) {
  const reason = damageReason(source.snapshot);
  if (reason === void 0) return void 0;
  return {
    repository: source.repository,
    problems: source.snapshot.damaged.map((p) => ({ file: p.file, ...p.line !== void 0 ? { line: p.line } : {}, message: p.message })),
    reason: `${source.repository}: ${reason.replace(/ Nothing was written to it.*$/, "")}`
  };
}
function tableBatches(table, source, batch, notes = []) {
  switch (table) {
    case "runs":
      return batchesOfRows(runsRows(source), batch);
    case "test_runs":
      return testRunsBatches(source, batch);
    case "tests":
      return batchesOfRows(testsRows(source, notes), batch);
    case "decisions":
      return batchesOfRows(decisionsRows(source, notes), batch);
  }
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
function copyStatement(columns, csv, parquet, rowGroupRows) {
  const cols = columns.map(csvColumn);
  const declared = columns.map((c2, i) => `${sqlString(c2.name)}: ${sqlString(cols[i].type)}`).join(", ");
  const read = `read_csv(${sqlString(csv)}, columns = {${declared}}, header = false, auto_detect = false, delim = ',', quote = '"', escape = '"', new_line = '\\n', allow_quoted_nulls = false, strict_mode = true)`;
  return `COPY (SELECT ${cols.map((c2) => c2.select).join(", ")} FROM ${read}) TO ${sqlString(parquet)} (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE ${rowGroupRows})`;
}
function csvField(value) {
  if (value === null) return "";
  if (typeof value === "string") return value.includes('"') ? `"${value.replaceAll('"', '""')}"` : `"${value}"`;
  if (typeof value === "boolean") return value ? "true" : "false";
  return String(value);
}
var CHUNK_CHARS2 = 1 << 20;
async function duckParquetWriter(session, path, columns, rowGroupRows) {
  const partial = `${path}.partial`;
  const csv = `${path}.csv.partial`;
  const file = await open2(csv, "w");
  let rows = 0;
  let open_ = true;
  const abort = async () => {
    if (open_) await file.close().catch(() => void 0);
    open_ = false;
    await rm2(csv, { force: true });
    await rm2(partial, { force: true });
  };
  return {
    async addBatch(batch) {
      const cols = batch.columns;
      const width = cols.length;
      let text = "";
      for (let r = 0; r < batch.length; r++) {
        let line = csvField(cols[0][r]);
        for (let i = 1; i < width; i++) line += "," + csvField(cols[i][r]);
        text += line + "\n";
        if (text.length >= CHUNK_CHARS2) {
          await file.write(text);
          text = "";
        }
      }
      if (text) await file.write(text);
      rows += batch.length;
    },
    async close() {
      try {
        await file.close();
        open_ = false;
        await session.connection.run(copyStatement(columns, csv, partial, rowGroupRows));
        await rm2(csv, { force: true });
        await rename2(partial, path);
      } catch (error) {
        await abort();
        throw error;
      }
      return { path, rows, bytes: (await stat2(path)).size };
    },
    abort
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
      writers.set(table, duck ? await duckParquetWriter(duck, path, TABLES[table], rowGroupRows) : await openTableWriter(options.format, path, TABLES[table], options));
    }
    for await (const source of sources) {
      const damaged = damageOf(source);
      if (damaged) {
        skipped.push(damaged);
        continue;
      }
      repositories.push(source.repository);
      for (const table of tables) {
        const writer2 = writers.get(table);
        for (const batch of tableBatches(table, source, batches.get(table), notes)) {
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
  ExportError,
  parseSince,
  EXPORT_FORMATS,
  PARQUET_WRITERS,
  exportTables
};
