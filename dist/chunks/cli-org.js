const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { isAbsolute, resolve } = require("node:path");
const { readFile } = require("node:fs/promises");
const { mkdir, rename: rename2, rm: rm2, writeFile } = require("node:fs/promises");
const { join: join2 } = require("node:path");
const { createRequire } = require("node:module");
const { rename, rm } = require("node:fs/promises");
const { join } = require("node:path");
import {
  exportTables
} from "./shared-export-rows.js";
import {
  isRemoteUrl
} from "./shared-cli-data.js";
import "./shared-owners-index.js";
import "./shared-owners-codeowners.js";
import {
  dashboardTestUrl,
  repoUrlOf,
  safeUrl
} from "./shared-dashboard-links.js";
import "./shared-store-sync.js";
import {
  CliError
} from "./shared-cli-override.js";
import {
  damageReason,
  parseSnapshot
} from "./shared-store-history-format.js";
import {
  fileFromAround,
  forEachRun,
  parseOutcomeString
} from "./shared-history-stored.js";
import {
  failureKey
} from "./shared-history-merge.js";
import {
  DataRepo
} from "./shared-store-git.js";
import "./shared-store-git-process.js";
import "./shared-store-inbox-refs.js";
import "./shared-owners-classmap.js";
import "./shared-store-cleanup.js";
import {
  CLASS_MAP_FILE,
  DECISIONS_FILE,
  OWNERS_FILE,
  isHistoryShardPath,
  isStatsShardPath
} from "./shared-store-decisions.js";
import {
  META_FILE,
  RUNS_FILE,
  strictJsonFault
} from "./shared-store-layout.js";
import "./shared-history-cell.js";
import "./shared-model.js";
import "./shared-runtime.js";

// src/cli/org.ts

// src/org/build.ts

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
    return { value: { schema: typeof raw.schema === "number" ? raw.schema : 1, shards }, dropped: 0 };
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
    rows.push(row);
  }
  rows.sort((a, b2) => a.seq - b2.seq);
  return { value: rows, dropped };
}
function parseHistoryText(text) {
  const b = body(text, "tests");
  if (typeof b === "string") return { value: [], dropped: 0, error: b };
  const out = [];
  let dropped = 0;
  for (const [id, raw] of Object.entries(b.entries)) {
    const v = raw;
    const cut = id.lastIndexOf("::");
    const derived = b.schema >= 3 && typeof v === "object" && v !== null && v.name === void 0 && cut >= 0;
    if (typeof v !== "object" || v === null || typeof v.name !== "string" && !derived || !Number.isInteger(v.from) || typeof v.o !== "string" || parseOutcomeString(v.o) === null) {
      dropped++;
      continue;
    }
    const name = derived ? id.slice(cut + 2) : v.name;
    const classname = derived ? id.slice(0, cut) : typeof v.classname === "string" ? v.classname : "";
    const line = { id, name, classname, from: v.from, o: v.o };
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
    if (Array.isArray(e.cells) && e.cells.length > 0 && e.cells.every((c) => typeof c === "string")) line.cells = e.cells;
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
var isFail = (c) => c === "F" || c === "E";
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
  const outageKeys = new Array(size);
  const known = new Uint8Array(size);
  for (const r of runs) {
    known[r.seq - minSeq] = 1;
    if (r.outages?.length) outageKeys[r.seq - minSeq] = new Set(r.outages);
  }
  const tests = [];
  const byId = /* @__PURE__ */ new Map();
  const failedSeqs = [];
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
      if (inRange) testsIn[k]++;
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
        for (const c of attempts) if (isFail(c)) flakyFailedAttempts++;
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
  }
  const points = runs.map((r) => {
    const k = r.seq - minSeq;
    const f = failed[k];
    const redFlaky = f > 0 && failedFlaky[k] === f;
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
      redWithout: f > 0,
      redFlakyWithout: redFlaky,
      redWith,
      redFlakyWith: redWith === true && redFlaky
    };
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
    if (!d) days.set(day, d = { day, runs: 0, redWithout: 0, redFlakyWithout: 0, redWith: 0, redFlakyWith: 0, failed: 0, retried: 0, flaked: 0, outageFailed: 0, outageRuns: 0 });
    d.runs++;
    if (p.redWithout) d.redWithout++;
    if (p.redFlakyWithout) d.redFlakyWithout++;
    if (p.redWith) d.redWith++;
    if (p.redFlakyWith) d.redFlakyWith++;
    d.failed += p.failed;
    d.retried += p.retried;
    d.flaked += p.flaked;
    d.outageFailed += p.outageFailed;
    if (p.outageFailed > 0) d.outageRuns++;
  }
  return [...days.values()].sort((a, b) => a.day - b.day);
}

// src/dashboard/suite-summary.ts
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
    shareFlakyWithout: 0,
    shareFlakyWith: 0,
    outageRuns: 0
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
function dashboardOf(template, name) {
  if (!template) return void 0;
  const [owner, repo] = name.includes("/") ? [name.slice(0, name.indexOf("/")), name.slice(name.indexOf("/") + 1)] : ["", name];
  const filled = template.replace(/\{owner\}/g, encodeURIComponent(owner)).replace(/\{repo\}/g, encodeURIComponent(repo)).replace(/\{name\}/g, name.split("/").map(encodeURIComponent).join("/"));
  return safeUrl(filled);
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
  for (const [path, text] of files) {
    if (/^history\/[0-9a-f]+\.json$/.test(path)) {
      const parsed = parseHistoryText(text);
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
  const name = url ? decodeURIComponent(new URL(url).pathname.slice(1)) : source.name;
  const dashboard = dashboardOf(dashboardTemplate, name);
  let lostSec = 0;
  const flaky = [];
  for (const t of model.tests) {
    lostSec += t.lostSec ?? 0;
    if (!isFlaky(t)) continue;
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
    flaky.push(test);
  }
  flaky.sort(rankTests);
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
    lostSec,
    days: model.days.map((d) => ({ day: d.day, runs: d.runs, redFlakyWithout: d.redFlakyWithout, redFlakyWith: d.redFlakyWith, redWith: d.redWith })),
    flakiest: flaky.slice(0, TESTS_PER_REPO),
    problems
  };
  if (url) summary.url = url;
  if (dashboard) summary.dashboard = dashboard;
  if (runs.value.length > 0) summary.newest = model.now;
  return summary;
}
function orgModel(repos, missing, built) {
  const days = /* @__PURE__ */ new Map();
  for (const r of repos) {
    for (const d of r.days) {
      const day = Math.floor(d.day / DAY) * DAY;
      const sum = days.get(day) ?? { day, runs: 0, redFlakyWithout: 0, redFlakyWith: 0, redWith: 0 };
      sum.runs += d.runs;
      sum.redFlakyWithout += d.redFlakyWithout;
      sum.redFlakyWith += d.redFlakyWith;
      sum.redWith += d.redWith;
      days.set(day, sum);
    }
  }
  const total = (f) => repos.reduce((n, r) => n + f(r), 0);
  return {
    built,
    repos: [...repos].sort(rankRepos).map(({ flakiest: _tests, ...repo }) => repo),
    missing: [...missing],
    days: [...days.values()].sort((a, b) => a.day - b.day),
    tests: repos.flatMap((r) => r.flakiest).sort(rankTests).slice(0, ORG_TESTS),
    totals: {
      repos: repos.length,
      missing: missing.length,
      tests: total((r) => r.tests),
      runs: total((r) => r.runs),
      quarantined: total((r) => r.quarantined),
      flaky: total((r) => r.flaky),
      redFlakyWithout: total((r) => r.redFlakyWithout),
      redFlakyWith: total((r) => r.redFlakyWith),
      lostSec: total((r) => r.lostSec)
    }
  };
}
function orgDataBlock(model) {
  return JSON.stringify(model).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

// src/dashboard/org-page.generated.ts
var ORG_DATA_PLACEHOLDER = "__FLAKEGUARD_ORG_DATA__";
var ORG_PAGE_HTML = '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; script-src \'sha256-HPgkazHM2XmC8QqmljYjxiQblXKTWPIG7EEMq3r3Y2o=\'; style-src \'sha256-rdPGLA0onG6GVxwqknn9tQjpVWxhmxnGhU0cIHfeqps=\'; connect-src \'self\'; img-src \'self\' data:; base-uri \'none\'; form-action \'none\'">\n<meta name="referrer" content="no-referrer">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="flakeguard-org-dashboard" content="flakeguard 0.1.0 org page dbb53b16db6b">\n<title>flakeguard: the organisation</title>\n<style>.uplot, .uplot *, .uplot *::before, .uplot *::after {box-sizing: border-box;}.uplot {font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji";line-height: 1.5;width: min-content;}.u-title {text-align: center;font-size: 18px;font-weight: bold;}.u-wrap {position: relative;user-select: none;}.u-over, .u-under {position: absolute;}.u-under {overflow: hidden;}.uplot canvas {display: block;position: relative;width: 100%;height: 100%;}.u-axis {position: absolute;}.u-legend {font-size: 14px;margin: auto;text-align: center;}.u-inline {display: block;}.u-inline * {display: inline-block;}.u-inline tr {margin-right: 16px;}.u-legend th {font-weight: 600;}.u-legend th > * {vertical-align: middle;display: inline-block;}.u-legend .u-marker {width: 1em;height: 1em;margin-right: 4px;background-clip: padding-box !important;}.u-inline.u-live th::after {content: ":";vertical-align: middle;}.u-inline:not(.u-live) .u-value {display: none;}.u-series > * {padding: 4px;}.u-series th {cursor: pointer;}.u-legend .u-off > * {opacity: 0.3;}.u-select {background: rgba(0,0,0,0.07);position: absolute;pointer-events: none;}.u-cursor-x, .u-cursor-y {position: absolute;left: 0;top: 0;pointer-events: none;will-change: transform;}.u-hz .u-cursor-x, .u-vt .u-cursor-y {height: 100%;border-right: 1px dashed #607D8B;}.u-hz .u-cursor-y, .u-vt .u-cursor-x {width: 100%;border-bottom: 1px dashed #607D8B;}.u-cursor-pt {position: absolute;top: 0;left: 0;border-radius: 50%;border: 0 solid;pointer-events: none;will-change: transform;/*this has to be !important since we set inline "background" shorthand */background-clip: padding-box !important;}.u-axis.u-off, .u-select.u-off, .u-cursor-x.u-off, .u-cursor-y.u-off, .u-cursor-pt.u-off {display: none;}\n:root {\n  --fg: #1d2125;\n  --muted: #5c6670;\n  --line: #dde2e6;\n  --bg: #f6f8fa;\n  --accent: #1971c2;\n  font-family:\n    system-ui,\n    -apple-system,\n    \'Segoe UI\',\n    Roboto,\n    \'DejaVu Sans\',\n    sans-serif;\n  color: var(--fg);\n}\nbody {\n  margin: 0;\n  background: #fff;\n}\nheader {\n  display: flex;\n  align-items: center;\n  gap: 24px;\n  padding: 10px 24px;\n  border-bottom: 1px solid var(--line);\n  background: var(--bg);\n  position: sticky;\n  top: 0;\n  z-index: 5;\n}\nheader h1 {\n  font-size: 18px;\n  margin: 0;\n}\nnav a {\n  margin-right: 16px;\n  color: var(--muted);\n  text-decoration: none;\n  padding: 4px 0;\n}\nnav a.on {\n  color: var(--fg);\n  border-bottom: 2px solid var(--accent);\n}\n#status {\n  padding: 6px 24px;\n  color: var(--muted);\n  font-size: 13px;\n}\nmain {\n  padding: 0 24px 40px;\n  max-width: 1200px;\n}\nh2 {\n  margin: 16px 0 8px;\n}\nh3 {\n  margin: 24px 0 8px;\n  font-size: 16px;\n}\na {\n  color: var(--accent);\n}\n.cards {\n  display: flex;\n  flex-wrap: wrap;\n  gap: 12px;\n}\n.card {\n  border: 1px solid var(--line);\n  border-radius: 6px;\n  padding: 10px 14px;\n  min-width: 140px;\n  max-width: 260px;\n  background: #fff;\n}\n.card .value {\n  font-size: 22px;\n  font-weight: 600;\n}\n.card .label {\n  color: var(--muted);\n  font-size: 13px;\n}\n.card .note {\n  color: var(--muted);\n  font-size: 12px;\n  margin-top: 2px;\n}\n.toggle {\n  margin: 16px 0 4px;\n}\n.toggle button,\nbutton.more {\n  border: 1px solid var(--line);\n  background: #fff;\n  padding: 4px 12px;\n  cursor: pointer;\n  font: inherit;\n}\n.toggle button.on {\n  background: var(--accent);\n  color: #fff;\n  border-color: var(--accent);\n}\n.chart {\n  margin: 8px 0 16px;\n}\ntable.grid {\n  border-collapse: collapse;\n  width: 100%;\n  font-size: 13px;\n}\ntable.grid th,\ntable.grid td {\n  border-bottom: 1px solid var(--line);\n  padding: 5px 8px;\n  text-align: left;\n  vertical-align: top;\n}\ntable.grid th {\n  background: var(--bg);\n  font-weight: 600;\n}\nth.sortable {\n  cursor: pointer;\n  user-select: none;\n}\nth.sortable.active {\n  color: var(--accent);\n}\ntd.num {\n  text-align: right;\n  font-variant-numeric: tabular-nums;\n  white-space: nowrap;\n}\n.mono,\ncode {\n  font-family: ui-monospace, \'DejaVu Sans Mono\', monospace;\n  font-size: 12px;\n}\ntd.reason {\n  color: var(--muted);\n  max-width: 420px;\n}\ntd.msg {\n  max-width: 640px;\n  overflow-wrap: anywhere;\n}\n.test-link {\n  text-decoration: none;\n  overflow-wrap: anywhere;\n}\n.test-link .cls {\n  color: var(--muted);\n}\n.controls {\n  display: flex;\n  gap: 8px;\n  margin: 8px 0;\n}\n.controls input,\n.controls select {\n  font: inherit;\n  padding: 5px 8px;\n  border: 1px solid var(--line);\n  border-radius: 4px;\n}\n.controls input[type=\'search\'] {\n  min-width: 320px;\n}\n.count {\n  color: var(--muted);\n}\n.badge {\n  display: inline-block;\n  padding: 1px 8px;\n  border-radius: 10px;\n  font-size: 12px;\n  white-space: nowrap;\n  background: #e9ecef;\n}\n.state-quarantined,\n.state-by-hand {\n  background: #fff3bf;\n  color: #7a5b00;\n}\n.state-flaky {\n  background: #ffe8cc;\n  color: #a64b00;\n}\n.state-failing {\n  background: #ffe3e3;\n  color: #a61e1e;\n}\n.state-never {\n  background: #e7f5ff;\n  color: #1864ab;\n}\n.state-stable {\n  background: #ebfbee;\n  color: #2b8a3e;\n}\n.red {\n  color: #c92a2a;\n  font-weight: 600;\n}\n.green {\n  color: #2b8a3e;\n}\n.test-title {\n  overflow-wrap: anywhere;\n  margin-bottom: 2px;\n}\n.sub {\n  color: var(--muted);\n  margin-top: 0;\n  overflow-wrap: anywhere;\n}\n.crumbs {\n  margin: 12px 0 0;\n}\n.strip {\n  display: flex;\n  flex-wrap: wrap;\n  gap: 2px;\n  align-items: flex-end;\n  margin: 6px 0;\n}\n.strip .cell {\n  display: inline-flex;\n  flex-direction: column-reverse;\n  gap: 1px;\n  padding: 1px;\n  border-radius: 2px;\n  text-decoration: none;\n}\n.strip .cell.outage {\n  outline: 2px dotted #495057;\n}\n.att {\n  display: block;\n  width: 8px;\n  height: 14px;\n  border-radius: 1px;\n}\n.att-P {\n  background: #40c057;\n}\n.att-F,\n.att-E {\n  background: #e03131;\n}\n.att-S {\n  background: #adb5bd;\n}\n.swatch {\n  display: inline-block;\n  width: 10px;\n  height: 10px;\n  margin: 0 3px 0 8px;\n  border-radius: 2px;\n}\n.swatch.kind-passed {\n  background: #40c057;\n}\n.swatch.kind-failed {\n  background: #e03131;\n}\n.swatch.kind-skipped {\n  background: #adb5bd;\n}\n.swatch.kind-flaked {\n  background: linear-gradient(#40c057 50%, #e03131 50%);\n}\n.legend {\n  color: var(--muted);\n  font-size: 12px;\n}\ntable.kv th {\n  text-align: left;\n  padding: 4px 16px 4px 0;\n  color: var(--muted);\n  font-weight: normal;\n  vertical-align: top;\n}\ntable.kv td {\n  padding: 4px 0;\n  overflow-wrap: anywhere;\n}\ntable.bars {\n  border-collapse: collapse;\n  min-width: 480px;\n}\ntable.bars th {\n  text-align: left;\n  font-weight: normal;\n  padding: 3px 12px 3px 0;\n}\ntd.barcell {\n  width: 320px;\n}\n.bar {\n  display: block;\n  height: 12px;\n  background: #f59f00;\n  border-radius: 2px;\n  min-width: 1px;\n}\n.problems {\n  margin: 8px 24px;\n  padding: 8px 12px;\n  background: #fff5f5;\n  border: 1px solid #ffc9c9;\n  border-radius: 4px;\n  font-size: 13px;\n}</style>\n</head>\n<body>\n<header><h1>flakeguard \xB7 organisation</h1><nav><a href="#/">Repositories</a><a href="#/tests">Flakiest tests</a></nav></header>\n<div id="status"></div>\n<main id="main"></main>\n<script type="application/json" id="org-data">__FLAKEGUARD_ORG_DATA__</script>\n<script>"use strict";(()=>{function It(e,n,s=`${n}s`){return`${e} ${e===1?n:s}`}var So="uplot",ko="u-hz",vo="u-vt",xo="u-title",Mo="u-wrap",To="u-under",Ao="u-over",Fo="u-axis",en="u-off",Eo="u-select",_o="u-cursor-x",Ro="u-cursor-y",Po="u-cursor-pt",Lo="u-legend",$o="u-live",Oo="u-inline",Do="u-series",Co="u-marker",as="u-label",No="u-value",jn="width",zn="height";var us="bottom",Mn="left",Yl="right",pr="#000",fs=pr+"0",Ql="mousemove",cs="mousedown",Zl="mouseup",ds="mouseenter",ps="mouseleave",hs="dblclick",Io="resize",Wo="scroll",ms="change",fl="dppxchange",hr="--",Pn=typeof window<"u",lr=Pn?document:null,An=Pn?window:null,qo=Pn?navigator:null,ie,il;function rr(){let e=devicePixelRatio;ie!=e&&(ie=e,il&&ir(ms,il,rr),il=matchMedia(`(min-resolution: ${ie-.001}dppx) and (max-resolution: ${ie+.001}dppx)`),tn(ms,il,rr),An.dispatchEvent(new CustomEvent(fl)))}function et(e,n){if(n!=null){let s=e.classList;!s.contains(n)&&s.add(n)}}function sr(e,n){let s=e.classList;s.contains(n)&&s.remove(n)}function be(e,n,s){e.style[n]=s+"px"}function gt(e,n,s,l){let i=lr.createElement(e);return n!=null&&et(i,n),s?.insertBefore(i,l),i}function ut(e,n){return gt("div",e,n)}var gs=new WeakMap;function At(e,n,s,l,i){let c="translate("+n+"px,"+s+"px)",u=gs.get(e);c!=u&&(e.style.transform=c,gs.set(e,c),n<0||s<0||n>l||s>i?et(e,en):sr(e,en))}var bs=new WeakMap;function ys(e,n,s){let l=n+s,i=bs.get(e);l!=i&&(bs.set(e,l),e.style.background=n,e.style.borderColor=s)}var ws=new WeakMap;function Ss(e,n,s,l){let i=n+""+s,c=ws.get(e);i!=c&&(ws.set(e,i),e.style.height=s+"px",e.style.width=n+"px",e.style.marginLeft=l?-n/2+"px":0,e.style.marginTop=l?-s/2+"px":0)}var mr={passive:!0},Ho={...mr,capture:!0};function tn(e,n,s,l){n.addEventListener(e,s,l?Ho:mr)}function ir(e,n,s,l){n.removeEventListener(e,s,mr)}Pn&&rr();function bt(e,n,s,l){let i;s=s||0,l=l||n.length-1;let c=l<=2147483647;for(;l-s>1;)i=c?s+l>>1:tt((s+l)/2),n[i]<e?s=i:l=i;return e-n[s]<=n[l]-e?s:l}function Js(e){return(s,l,i)=>{let c=-1,u=-1;for(let p=l;p<=i;p++)if(e(s[p])){c=p;break}for(let p=i;p>=l;p--)if(e(s[p])){u=p;break}return[c,u]}}var Ks=e=>e!=null,Ys=e=>e!=null&&e>0,pl=Js(Ks),Uo=Js(Ys);function jo(e,n,s,l=0,i=!1){let c=i?Uo:pl,u=i?Ys:Ks;[n,s]=c(e,n,s);let p=e[n],d=e[n];if(n>-1)if(l==1)p=e[n],d=e[s];else if(l==-1)p=e[s],d=e[n];else for(let m=n;m<=s;m++){let w=e[m];u(w)&&(w<p?p=w:w>d&&(d=w))}return[p??ce,d??-ce]}function hl(e,n,s,l){let i=xs(e),c=xs(n);e==n&&(i==-1?(e*=s,n/=s):(e/=s,n*=s));let u=s==10?Rt:Qs,p=i==1?tt:ft,d=c==1?ft:tt,m=p(u(_e(e))),w=d(u(_e(n))),g=Fn(s,m),b=Fn(s,w);return s==10&&(m<0&&(g=de(g,-m)),w<0&&(b=de(b,-w))),l||s==2?(e=g*i,n=b*c):(e=ti(e,g),n=ml(n,b)),[e,n]}function gr(e,n,s,l){let i=hl(e,n,s,l);return e==0&&(i[0]=0),n==0&&(i[1]=0),i}var br=.1,ks={mode:3,pad:br},Bn={pad:0,soft:null,mode:0},zo={min:Bn,max:Bn};function cl(e,n,s,l){return gl(s)?vs(e,n,s):(Bn.pad=s,Bn.soft=l?0:null,Bn.mode=l?3:0,vs(e,n,zo))}function re(e,n){return e??n}function Vo(e,n,s){for(n=re(n,0),s=re(s,e.length-1);n<=s;){if(e[n]!=null)return!0;n++}return!1}function vs(e,n,s){let l=s.min,i=s.max,c=re(l.pad,0),u=re(i.pad,0),p=re(l.hard,-ce),d=re(i.hard,ce),m=re(l.soft,ce),w=re(i.soft,-ce),g=re(l.mode,0),b=re(i.mode,0),P=n-e,R=Rt(P),I=Ve(_e(e),_e(n)),q=Rt(I),U=_e(q-R);(P<1e-24||U>10)&&(P=0,(e==0||n==0)&&(P=1e-24,g==2&&m!=ce&&(c=0),b==2&&w!=-ce&&(u=0)));let v=P||I||1e3,W=Rt(v),x=Fn(10,tt(W)),K=v*(P==0?e==0?.1:1:c),_=de(ti(e-K,x/10),24),Y=e>=m&&(g==1||g==3&&_<=m||g==2&&_>=m)?m:ce,B=Ve(p,_<Y&&e>=Y?Y:yt(Y,_)),X=v*(P==0?n==0?.1:1:u),V=de(ml(n+X,x/10),24),M=n<=w&&(b==1||b==3&&V>=w||b==2&&V<=w)?w:-ce,J=yt(d,V>M&&n<=M?M:Ve(M,V));return B==J&&B==0&&(J=100),[B,J]}var Bo=new Intl.NumberFormat(Pn?qo.language:"en-US"),yr=e=>Bo.format(e),nt=Math,ul=nt.PI,_e=nt.abs,tt=nt.floor,Ee=nt.round,ft=nt.ceil,yt=nt.min,Ve=nt.max,Fn=nt.pow,xs=nt.sign,Rt=nt.log10,Qs=nt.log2,Go=(e,n=1)=>nt.sinh(e)*n,Xl=(e,n=1)=>nt.asinh(e/n),ce=1/0;function Ms(e){return(Rt((e^e>>31)-(e>>31))|0)+1}function or(e,n,s){return yt(Ve(e,n),s)}function Zs(e){return typeof e=="function"}function ee(e){return Zs(e)?e:()=>e}var Jo=()=>{},Xs=e=>e,ei=(e,n)=>n,Ko=e=>null,Ts=e=>!0,As=(e,n)=>e==n,Yo=/\\.\\d*?(?=9{6,}|0{6,})/gm,nn=e=>{if(li(e)||qt.has(e))return e;let n=`${e}`,s=n.match(Yo);if(s==null)return e;let l=s[0].length-1;if(n.indexOf("e-")!=-1){let[i,c]=n.split("e");return+`${nn(i)}e${c}`}return de(e,l)};function Zt(e,n){return nn(de(nn(e/n))*n)}function ml(e,n){return nn(ft(nn(e/n))*n)}function ti(e,n){return nn(tt(nn(e/n))*n)}function de(e,n=0){if(li(e))return e;let s=10**n,l=e*s*(1+Number.EPSILON);return Ee(l)/s}var qt=new Map;function ni(e){return((""+e).split(".")[1]||"").length}function Jn(e,n,s,l){let i=[],c=l.map(ni);for(let u=n;u<s;u++){let p=_e(u),d=de(Fn(e,u),p);for(let m=0;m<l.length;m++){let w=e==10?+`${l[m]}e${u}`:l[m]*d,g=(u>=0?0:p)+(u>=c[m]?0:c[m]),b=e==10?w:de(w,g);i.push(b),qt.set(b,g)}}return i}var Gn={},wr=[],En=[null,null],Wt=Array.isArray,li=Number.isInteger,Qo=e=>e===void 0;function Fs(e){return typeof e=="string"}function gl(e){let n=!1;if(e!=null){let s=e.constructor;n=s==null||s==Object}return n}function Zo(e){return e!=null&&typeof e=="object"}var Xo=Object.getPrototypeOf(Uint8Array),ri="__proto__";function _n(e,n=gl){let s;if(Wt(e)){let l=e.find(i=>i!=null);if(Wt(l)||n(l)){s=Array(e.length);for(let i=0;i<e.length;i++)s[i]=_n(e[i],n)}else s=e.slice()}else if(e instanceof Xo)s=e.slice();else if(n(e)){s={};for(let l in e)l!=ri&&(s[l]=_n(e[l],n))}else s=e;return s}function Te(e){let n=arguments;for(let s=1;s<n.length;s++){let l=n[s];for(let i in l)i!=ri&&(gl(e[i])?Te(e[i],_n(l[i])):e[i]=_n(l[i]))}return e}var ea=0,ta=1,na=2;function la(e,n,s){for(let l=0,i,c=-1;l<n.length;l++){let u=n[l];if(u>c){for(i=u-1;i>=0&&e[i]==null;)e[i--]=null;for(i=u+1;i<s&&e[i]==null;)e[c=i++]=null}}}function ra(e,n){if(oa(e)){let u=e[0].slice();for(let p=1;p<e.length;p++)u.push(...e[p].slice(1));return aa(u[0])||(u=ia(u)),u}let s=new Set;for(let u=0;u<e.length;u++){let d=e[u][0],m=d.length;for(let w=0;w<m;w++)s.add(d[w])}let l=[Array.from(s).sort((u,p)=>u-p)],i=l[0].length,c=new Map;for(let u=0;u<i;u++)c.set(l[0][u],u);for(let u=0;u<e.length;u++){let p=e[u],d=p[0];for(let m=1;m<p.length;m++){let w=p[m],g=Array(i).fill(void 0),b=n?n[u][m]:ta,P=[];for(let R=0;R<w.length;R++){let I=w[R],q=c.get(d[R]);I===null?b!=ea&&(g[q]=I,b==na&&P.push(q)):g[q]=I}la(g,P,i),l.push(g)}}return l}var sa=typeof queueMicrotask>"u"?e=>Promise.resolve().then(e):queueMicrotask;function ia(e){let n=e[0],s=n.length,l=Array(s);for(let c=0;c<l.length;c++)l[c]=c;l.sort((c,u)=>n[c]-n[u]);let i=[];for(let c=0;c<e.length;c++){let u=e[c],p=Array(s);for(let d=0;d<s;d++)p[d]=u[l[d]];i.push(p)}return i}function oa(e){let n=e[0][0],s=n.length;for(let l=1;l<e.length;l++){let i=e[l][0];if(i.length!=s)return!1;if(i!=n){for(let c=0;c<s;c++)if(i[c]!=n[c])return!1}}return!0}function aa(e,n=100){let s=e.length;if(s<=1)return!0;let l=0,i=s-1;for(;l<=i&&e[l]==null;)l++;for(;i>=l&&e[i]==null;)i--;if(i<=l)return!0;let c=Ve(1,tt((i-l+1)/n));for(let u=e[l],p=l+c;p<=i;p+=c){let d=e[p];if(d!=null){if(d<=u)return!1;u=d}}return!0}var si=["January","February","March","April","May","June","July","August","September","October","November","December"],ii=["Sunday","Monday","Tuesday","Wednesday","Thursday","Friday","Saturday"];function oi(e){return e.slice(0,3)}var ua=ii.map(oi),fa=si.map(oi),ca={MMMM:si,MMM:fa,WWWW:ii,WWW:ua};function Un(e){return(e<10?"0":"")+e}function da(e){return(e<10?"00":e<100?"0":"")+e}var pa={YYYY:e=>e.getFullYear(),YY:e=>(e.getFullYear()+"").slice(2),MMMM:(e,n)=>n.MMMM[e.getMonth()],MMM:(e,n)=>n.MMM[e.getMonth()],MM:e=>Un(e.getMonth()+1),M:e=>e.getMonth()+1,DD:e=>Un(e.getDate()),D:e=>e.getDate(),WWWW:(e,n)=>n.WWWW[e.getDay()],WWW:(e,n)=>n.WWW[e.getDay()],HH:e=>Un(e.getHours()),H:e=>e.getHours(),h:e=>{let n=e.getHours();return n==0?12:n>12?n-12:n},AA:e=>e.getHours()>=12?"PM":"AM",aa:e=>e.getHours()>=12?"pm":"am",a:e=>e.getHours()>=12?"p":"a",mm:e=>Un(e.getMinutes()),m:e=>e.getMinutes(),ss:e=>Un(e.getSeconds()),s:e=>e.getSeconds(),fff:e=>da(e.getMilliseconds())};function Sr(e,n){n=n||ca;let s=[],l=/\\{([a-z]+)\\}|[^{]+/gi,i;for(;i=l.exec(e);)s.push(i[0][0]=="{"?pa[i[1]]:i[0]);return c=>{let u="";for(let p=0;p<s.length;p++)u+=typeof s[p]=="string"?s[p]:s[p](c,n);return u}}var ha=new Intl.DateTimeFormat().resolvedOptions().timeZone;function ma(e,n){let s;return n=="UTC"||n=="Etc/UTC"?s=new Date(+e+e.getTimezoneOffset()*6e4):n==ha?s=e:(s=new Date(e.toLocaleString("en-US",{timeZone:n})),s.setMilliseconds(e.getMilliseconds())),s}var ai=e=>e%1==0,dl=[1,2,2.5,5],ga=Jn(10,-32,0,dl),ui=Jn(10,0,32,dl),ba=ui.filter(ai),Xt=ga.concat(ui),kr=`\n`,fi="{YYYY}",Es=kr+fi,ci="{M}/{D}",Vn=kr+ci,ol=Vn+"/{YY}",di="{aa}",ya="{h}:{mm}",Tn=ya+di,_s=kr+Tn,Rs=":{ss}",ae=null;function pi(e){let n=e*1e3,s=n*60,l=s*60,i=l*24,c=i*30,u=i*365,d=(e==1?Jn(10,0,3,dl).filter(ai):Jn(10,-3,0,dl)).concat([n,n*5,n*10,n*15,n*30,s,s*5,s*10,s*15,s*30,l,l*2,l*3,l*4,l*6,l*8,l*12,i,i*2,i*3,i*4,i*5,i*6,i*7,i*8,i*9,i*10,i*15,c,c*2,c*3,c*4,c*6,u,u*2,u*5,u*10,u*25,u*50,u*100]),m=[[u,fi,ae,ae,ae,ae,ae,ae,1],[i*28,"{MMM}",Es,ae,ae,ae,ae,ae,1],[i,ci,Es,ae,ae,ae,ae,ae,1],[l,"{h}"+di,ol,ae,Vn,ae,ae,ae,1],[s,Tn,ol,ae,Vn,ae,ae,ae,1],[n,Rs,ol+" "+Tn,ae,Vn+" "+Tn,ae,_s,ae,1],[e,Rs+".{fff}",ol+" "+Tn,ae,Vn+" "+Tn,ae,_s,ae,1]];function w(g){return(b,P,R,I,q,U)=>{let v=[],W=q>=u,x=q>=c&&q<u,K=g(R),_=de(K*e,3),Y=er(K.getFullYear(),W?0:K.getMonth(),x||W?1:K.getDate()),B=de(Y*e,3);if(x||W){let X=x?q/c:0,V=W?q/u:0,M=_==B?_:de(er(Y.getFullYear()+V,Y.getMonth()+X,1)*e,3),J=new Date(Ee(M/e)),L=J.getFullYear(),j=J.getMonth();for(let N=0;M<=I;N++){let te=er(L+V*N,j+X*N,1),D=te-g(de(te*e,3));M=de((+te+D)*e,3),M<=I&&v.push(M)}}else{let X=q>=i?i:q,V=tt(R)-tt(_),M=B+V+ml(_-B,X);v.push(M);let J=g(M),L=J.getHours()+J.getMinutes()/s+J.getSeconds()/l,j=q/l,N=b.axes[P]._space,te=U/N;for(;M=de(M+q,e==1?0:3),!(M>I);)if(j>1){let D=tt(de(L+j,6))%24,ne=g(M).getHours()-D;ne>1&&(ne=-1),M-=ne*l,L=(L+j)%24;let ue=v[v.length-1];de((M-ue)/q,3)*te>=.7&&v.push(M)}else v.push(M)}return v}}return[d,m,w]}var[wa,Sa,ka]=pi(1),[va,xa,Ma]=pi(.001);Jn(2,-53,53,[1]);function Ps(e,n){return e.map(s=>s.map((l,i)=>i==0||i==8||l==null?l:n(i==1||s[8]==0?l:s[1]+l)))}function Ls(e,n){return(s,l,i,c,u)=>{let p=n.find(R=>u>=R[0])||n[n.length-1],d,m,w,g,b,P;return l.map(R=>{let I=e(R),q=I.getFullYear(),U=I.getMonth(),v=I.getDate(),W=I.getHours(),x=I.getMinutes(),K=I.getSeconds(),_=q!=d&&p[2]||U!=m&&p[3]||v!=w&&p[4]||W!=g&&p[5]||x!=b&&p[6]||K!=P&&p[7]||p[1];return d=q,m=U,w=v,g=W,b=x,P=K,_(I)})}}function Ta(e,n){let s=Sr(n);return(l,i,c,u,p)=>i.map(d=>s(e(d)))}function er(e,n,s){return new Date(e,n,s)}function $s(e,n){return n(e)}var Aa="{YYYY}-{MM}-{DD} {h}:{mm}{aa}";function Os(e,n){return(s,l,i,c)=>c==null?hr:n(e(l))}function Fa(e,n){let s=e.series[n];return s.width?s.stroke(e,n):s.points.width?s.points.stroke(e,n):null}function Ea(e,n){return e.series[n].fill(e,n)}var _a={show:!0,live:!0,isolate:!1,mount:Jo,markers:{show:!0,width:2,stroke:Fa,fill:Ea,dash:"solid"},idx:null,idxs:null,values:[]};function Ra(e,n){let s=e.cursor.points,l=ut(),i=s.size(e,n);be(l,jn,i),be(l,zn,i);let c=i/-2;be(l,"marginLeft",c),be(l,"marginTop",c);let u=s.width(e,n,i);return u&&be(l,"borderWidth",u),l}function Pa(e,n){let s=e.series[n].points;return s._fill||s._stroke}function La(e,n){let s=e.series[n].points;return s._stroke||s._fill}function $a(e,n){return e.series[n].points.size}var tr=[0,0];function Oa(e,n,s){return tr[0]=n,tr[1]=s,tr}function al(e,n,s,l=!0){return i=>{i.button==0&&(!l||i.target==n)&&s(i)}}function nr(e,n,s,l=!0){return i=>{(!l||i.target==n)&&s(i)}}var Da={show:!0,x:!0,y:!0,lock:!1,move:Oa,points:{one:!1,show:Ra,size:$a,width:0,stroke:La,fill:Pa},bind:{mousedown:al,mouseup:al,click:al,dblclick:al,mousemove:nr,mouseleave:nr,mouseenter:nr},drag:{setScale:!0,x:!0,y:!1,dist:0,uni:null,click:(e,n)=>{n.stopPropagation(),n.stopImmediatePropagation()},_x:!1,_y:!1},focus:{dist:(e,n,s,l,i)=>l-i,prox:-1,bias:0},hover:{skip:[void 0],prox:null,bias:0},left:-10,top:-10,idx:null,dataIdx:null,idxs:null,event:null},hi={show:!0,stroke:"rgba(0,0,0,0.07)",width:2},vr=Te({},hi,{filter:ei}),mi=Te({},vr,{size:10}),gi=Te({},hi,{show:!1}),xr=\'12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji"\',bi="bold "+xr,yi=1.5,Ds={show:!0,scale:"x",stroke:pr,space:50,gap:5,alignTo:1,size:50,labelGap:0,labelSize:30,labelFont:bi,side:2,grid:vr,ticks:mi,border:gi,font:xr,lineGap:yi,rotate:0},Ca="Value",Na="Time",Cs={show:!0,scale:"x",auto:!1,sorted:1,min:ce,max:-ce,idxs:[]};function Ia(e,n,s,l,i){return n.map(c=>c==null?"":yr(c))}function Wa(e,n,s,l,i,c,u){let p=[],d=qt.get(i)||0;s=u?s:de(ml(s,i),d);for(let m=s;m<=l;m=de(m+i,d))p.push(Object.is(m,-0)?0:m);return p}function ar(e,n,s,l,i,c,u){let p=[],d=e.scales[e.axes[n].scale].log,m=d==10?Rt:Qs,w=tt(m(s));i=Fn(d,w),d==10&&(i=Xt[bt(i,Xt)]);let g=s,b=i*d;d==10&&(b=Xt[bt(b,Xt)]);do p.push(g),g=g+i,d==10&&!qt.has(g)&&(g=de(g,qt.get(i))),g>=b&&(i=g,b=i*d,d==10&&(b=Xt[bt(b,Xt)]));while(g<=l);return p}function qa(e,n,s,l,i,c,u){let d=e.scales[e.axes[n].scale].asinh,m=l>d?ar(e,n,Ve(d,s),l,i):[d],w=l>=0&&s<=0?[0]:[];return(s<-d?ar(e,n,Ve(d,-l),-s,i):[d]).reverse().map(b=>-b).concat(w,m)}var wi=/./,Ha=/[12357]/,Ua=/[125]/,Ns=/1/,ur=(e,n,s,l)=>e.map((i,c)=>n==4&&i==0||c%l==0&&s.test(i.toExponential()[i<0?1:0])?i:null);function ja(e,n,s,l,i){let c=e.axes[s],u=c.scale,p=e.scales[u],d=e.valToPos,m=c._space,w=d(10,u),g=d(9,u)-w>=m?wi:d(7,u)-w>=m?Ha:d(5,u)-w>=m?Ua:Ns;if(g==Ns){let b=_e(d(1,u)-w);if(b<m)return ur(n.slice().reverse(),p.distr,g,ft(m/b)).reverse()}return ur(n,p.distr,g,1)}function za(e,n,s,l,i){let c=e.axes[s],u=c.scale,p=c._space,d=e.valToPos,m=_e(d(1,u)-d(2,u));return m<p?ur(n.slice().reverse(),3,wi,ft(p/m)).reverse():n}function Va(e,n,s,l){return l==null?hr:n==null?"":yr(n)}var Is={show:!0,scale:"y",stroke:pr,space:30,gap:5,alignTo:1,size:50,labelGap:0,labelSize:30,labelFont:bi,side:3,grid:vr,ticks:mi,border:gi,font:xr,lineGap:yi,rotate:0};function Ba(e,n){let s=3+(e||1)*2;return de(s*n,3)}function Ga(e,n){let{scale:s,idxs:l}=e.series[0],i=e._data[0],c=e.valToPos(i[l[0]],s,!0),u=e.valToPos(i[l[1]],s,!0),p=_e(u-c),d=e.series[n],m=p/(d.points.space*ie);return l[1]-l[0]<=m}var Ws={scale:null,auto:!0,sorted:0,min:ce,max:-ce},Si=(e,n,s,l,i)=>i,qs={show:!0,auto:!0,sorted:0,gaps:Si,alpha:1,facets:[Te({},Ws,{scale:"x"}),Te({},Ws,{scale:"y"})]},Hs={scale:"y",auto:!0,sorted:0,show:!0,spanGaps:!1,gaps:Si,alpha:1,points:{show:Ga,filter:null},values:null,min:ce,max:-ce,idxs:[],path:null,clip:null};function Ja(e,n,s,l,i){return s/10}var ki={time:!0,auto:!0,distr:1,log:10,asinh:1,min:null,max:null,dir:1,ori:0},Ka=Te({},ki,{time:!1,ori:1}),Us={};function vi(e,n){let s=Us[e];return s||(s={key:e,plots:[],sub(l){s.plots.push(l)},unsub(l){s.plots=s.plots.filter(i=>i!=l)},pub(l,i,c,u,p,d,m){for(let w=0;w<s.plots.length;w++)s.plots[w]!=i&&s.plots[w].pub(l,i,c,u,p,d,m)}},e!=null&&(Us[e]=s)),s}var Rn=1,fr=2;function ln(e,n,s){let l=e.mode,i=e.series[n],c=l==2?e._data[n]:e._data,u=e.scales,p=e.bbox,d=c[0],m=l==2?c[1]:c[n],w=l==2?u[i.facets[0].scale]:u[e.series[0].scale],g=l==2?u[i.facets[1].scale]:u[i.scale],b=p.left,P=p.top,R=p.width,I=p.height,q=e.valToPosH,U=e.valToPosV;return w.ori==0?s(i,d,m,w,g,q,U,b,P,R,I,yl,Ln,Sl,Mi,Ai):s(i,d,m,w,g,U,q,P,b,I,R,wl,$n,Ar,Ti,Fi)}function Mr(e,n){let s=0,l=0,i=re(e.bands,wr);for(let c=0;c<i.length;c++){let u=i[c];u.series[0]==n?s=u.dir:u.series[1]==n&&(u.dir==1?l|=1:l|=2)}return[s,l==1?-1:l==2?1:l==3?2:0]}function Ya(e,n,s,l,i){let c=e.mode,u=e.series[n],p=c==2?u.facets[1].scale:u.scale,d=e.scales[p];return i==-1?d.min:i==1?d.max:d.distr==3?d.dir==1?d.min:d.max:0}function Pt(e,n,s,l,i,c){return ln(e,n,(u,p,d,m,w,g,b,P,R,I,q)=>{let U=u.pxRound,v=m.dir*(m.ori==0?1:-1),W=m.ori==0?Ln:$n,x,K;v==1?(x=s,K=l):(x=l,K=s);let _=U(g(p[x],m,I,P)),Y=U(b(d[x],w,q,R)),B=U(g(p[K],m,I,P)),X=U(b(c==1?w.max:w.min,w,q,R)),V=new Path2D(i);return W(V,B,X),W(V,_,X),W(V,_,Y),V})}function bl(e,n,s,l,i,c){let u=null;if(e.length>0){u=new Path2D;let p=n==0?Sl:Ar,d=s;for(let g=0;g<e.length;g++){let b=e[g];if(b[1]>b[0]){let P=b[0]-d;P>0&&p(u,d,l,P,l+c),d=b[1]}}let m=s+i-d,w=10;m>0&&p(u,d,l-w/2,m,l+c+w)}return u}function Qa(e,n,s){let l=e[e.length-1];l&&l[0]==n?l[1]=s:e.push([n,s])}function Tr(e,n,s,l,i,c,u){let p=[],d=e.length;for(let m=i==1?s:l;m>=s&&m<=l;m+=i)if(n[m]===null){let g=m,b=m;if(i==1)for(;++m<=l&&n[m]===null;)b=m;else for(;--m>=s&&n[m]===null;)b=m;let P=c(e[g]),R=b==g?P:c(e[b]),I=g-i;P=u<=0&&I>=0&&I<d?c(e[I]):P;let U=b+i;R=u>=0&&U>=0&&U<d?c(e[U]):R,R>=P&&p.push([P,R])}return p}function js(e){return e==0?Xs:e==1?Ee:n=>Zt(n,e)}function xi(e){let n=e==0?yl:wl,s=e==0?(i,c,u,p,d,m)=>{i.arcTo(c,u,p,d,m)}:(i,c,u,p,d,m)=>{i.arcTo(u,c,d,p,m)},l=e==0?(i,c,u,p,d)=>{i.rect(c,u,p,d)}:(i,c,u,p,d)=>{i.rect(u,c,d,p)};return(i,c,u,p,d,m=0,w=0)=>{m==0&&w==0?l(i,c,u,p,d):(m=yt(m,p/2,d/2),w=yt(w,p/2,d/2),n(i,c+m,u),s(i,c+p,u,c+p,u+d,m),s(i,c+p,u+d,c,u+d,w),s(i,c,u+d,c,u,w),s(i,c,u,c+p,u,m),i.closePath())}}var yl=(e,n,s)=>{e.moveTo(n,s)},wl=(e,n,s)=>{e.moveTo(s,n)},Ln=(e,n,s)=>{e.lineTo(n,s)},$n=(e,n,s)=>{e.lineTo(s,n)},Sl=xi(0),Ar=xi(1),Mi=(e,n,s,l,i,c)=>{e.arc(n,s,l,i,c)},Ti=(e,n,s,l,i,c)=>{e.arc(s,n,l,i,c)},Ai=(e,n,s,l,i,c,u)=>{e.bezierCurveTo(n,s,l,i,c,u)},Fi=(e,n,s,l,i,c,u)=>{e.bezierCurveTo(s,n,i,l,u,c)};function Ei(e){return(n,s,l,i,c)=>ln(n,s,(u,p,d,m,w,g,b,P,R,I,q)=>{let{pxRound:U,points:v}=u,W,x;m.ori==0?(W=yl,x=Mi):(W=wl,x=Ti);let K=de(v.width*ie,3),_=(v.size-v.width)/2*ie,Y=de(_*2,3),B=new Path2D,X=new Path2D,{left:V,top:M,width:J,height:L}=n.bbox;Sl(X,V-Y,M-Y,J+Y*2,L+Y*2);let j=N=>{if(d[N]!=null){let te=U(g(p[N],m,I,P)),D=U(b(d[N],w,q,R));W(B,te+_,D),x(B,te,D,_,0,ul*2)}};if(c)c.forEach(j);else for(let N=l;N<=i;N++)j(N);return{stroke:K>0?B:null,fill:B,clip:X,flags:Rn|fr}})}function _i(e){return(n,s,l,i,c,u)=>{l!=i&&(c!=l&&u!=l&&e(n,s,l),c!=i&&u!=i&&e(n,s,i),e(n,s,u))}}var Za=_i(Ln),Xa=_i($n);function Ri(e){let n=re(e?.alignGaps,0);return(s,l,i,c)=>ln(s,l,(u,p,d,m,w,g,b,P,R,I,q)=>{[i,c]=pl(d,i,c);let U=u.pxRound,v=L=>U(g(L,m,I,P)),W=L=>U(b(L,w,q,R)),x,K;m.ori==0?(x=Ln,K=Za):(x=$n,K=Xa);let _=m.dir*(m.ori==0?1:-1),Y={stroke:new Path2D,fill:null,clip:null,band:null,gaps:null,flags:Rn},B=Y.stroke,X=!1;if(c-i>=I*4){let L=$=>s.posToVal($,m.key,!0),j=null,N=null,te,D,Be,ye=v(p[_==1?i:c]),ne=v(p[i]),ue=v(p[c]),Q=L(_==1?ne+1:ue-1);for(let $=_==1?i:c;$>=i&&$<=c;$+=_){let Ae=p[$],we=(_==1?Ae<Q:Ae>Q)?ye:v(Ae),oe=d[$];we==ye?oe!=null?(D=oe,j==null?(x(B,we,W(D)),te=j=N=D):D<j?j=D:D>N&&(N=D)):oe===null&&(X=!0):(j!=null&&K(B,ye,W(j),W(N),W(te),W(D)),oe!=null?(D=oe,x(B,we,W(D)),j=N=te=D):(j=N=null,oe===null&&(X=!0)),ye=we,Q=L(ye+_))}j!=null&&j!=N&&Be!=ye&&K(B,ye,W(j),W(N),W(te),W(D))}else for(let L=_==1?i:c;L>=i&&L<=c;L+=_){let j=d[L];j===null?X=!0:j!=null&&x(B,v(p[L]),W(j))}let[M,J]=Mr(s,l);if(u.fill!=null||M!=0){let L=Y.fill=new Path2D(B),j=u.fillTo(s,l,u.min,u.max,M),N=W(j),te=v(p[i]),D=v(p[c]);_==-1&&([D,te]=[te,D]),x(L,D,N),x(L,te,N)}if(!u.spanGaps){let L=[];X&&L.push(...Tr(p,d,i,c,_,v,n)),Y.gaps=L=u.gaps(s,l,i,c,L),Y.clip=bl(L,m.ori,P,R,I,q)}return J!=0&&(Y.band=J==2?[Pt(s,l,i,c,B,-1),Pt(s,l,i,c,B,1)]:Pt(s,l,i,c,B,J)),Y})}function eu(e){let n=re(e.align,1),s=re(e.ascDesc,!1),l=re(e.alignGaps,0),i=re(e.extend,!1);return(c,u,p,d)=>ln(c,u,(m,w,g,b,P,R,I,q,U,v,W)=>{[p,d]=pl(g,p,d);let x=m.pxRound,{left:K,width:_}=c.bbox,Y=ne=>x(R(ne,b,v,q)),B=ne=>x(I(ne,P,W,U)),X=b.ori==0?Ln:$n,V={stroke:new Path2D,fill:null,clip:null,band:null,gaps:null,flags:Rn},M=V.stroke,J=b.dir*(b.ori==0?1:-1),L=B(g[J==1?p:d]),j=Y(w[J==1?p:d]),N=j,te=j;i&&n==-1&&(te=K,X(M,te,L)),X(M,j,L);for(let ne=J==1?p:d;ne>=p&&ne<=d;ne+=J){let ue=g[ne];if(ue==null)continue;let Q=Y(w[ne]),$=B(ue);n==1?X(M,Q,L):X(M,N,$),X(M,Q,$),L=$,N=Q}let D=N;i&&n==1&&(D=K+_,X(M,D,L));let[Be,ye]=Mr(c,u);if(m.fill!=null||Be!=0){let ne=V.fill=new Path2D(M),ue=m.fillTo(c,u,m.min,m.max,Be),Q=B(ue);X(ne,D,Q),X(ne,te,Q)}if(!m.spanGaps){let ne=[];ne.push(...Tr(w,g,p,d,J,Y,l));let ue=m.width*ie/2,Q=s||n==1?ue:-ue,$=s||n==-1?-ue:ue;ne.forEach(Ae=>{Ae[0]+=Q,Ae[1]+=$}),V.gaps=ne=m.gaps(c,u,p,d,ne),V.clip=bl(ne,b.ori,q,U,v,W)}return ye!=0&&(V.band=ye==2?[Pt(c,u,p,d,M,-1),Pt(c,u,p,d,M,1)]:Pt(c,u,p,d,M,ye)),V})}function zs(e,n,s,l,i,c,u=ce){if(e.length>1){let p=null;for(let d=0,m=1/0;d<e.length;d++)if(n[d]!==void 0){if(p!=null){let w=_e(e[d]-e[p]);w<m&&(m=w,u=_e(s(e[d],l,i,c)-s(e[p],l,i,c)))}p=d}}return u}function tu(e){e=e||Gn;let n=re(e.size,[.6,ce,1]),s=e.align||0,l=e.gap||0,i=e.radius;i=i==null?[0,0]:typeof i=="number"?[i,0]:i;let c=ee(i),u=1-n[0],p=re(n[1],ce),d=re(n[2],1),m=re(e.disp,Gn),w=re(e.each,P=>{}),{fill:g,stroke:b}=m;return(P,R,I,q)=>ln(P,R,(U,v,W,x,K,_,Y,B,X,V,M)=>{let J=U.pxRound,L=s,j=l*ie,N=p*ie,te=d*ie,D,Be;x.ori==0?[D,Be]=c(P,R):[Be,D]=c(P,R);let ye=x.dir*(x.ori==0?1:-1),ne=x.ori==0?Sl:Ar,ue=x.ori==0?w:(F,pe,Fe,an,zt,St,Vt)=>{w(F,pe,Fe,zt,an,Vt,St)},Q=re(P.bands,wr).find(F=>F.series[0]==R),$=Q!=null?Q.dir:0,Ae=U.fillTo(P,R,U.min,U.max,$),qe=J(Y(Ae,K,M,X)),we,oe,ct,Ke=V,ke=J(U.width*ie),wt=!1,Ft=null,lt=null,Lt=null,rn=null;g!=null&&(ke==0||b!=null)&&(wt=!0,Ft=g.values(P,R,I,q),lt=new Map,new Set(Ft).forEach(F=>{F!=null&&lt.set(F,new Path2D)}),ke>0&&(Lt=b.values(P,R,I,q),rn=new Map,new Set(Lt).forEach(F=>{F!=null&&rn.set(F,new Path2D)})));let{x0:sn,size:On}=m;if(sn!=null&&On!=null){L=1,v=sn.values(P,R,I,q),sn.unit==2&&(v=v.map(Fe=>P.posToVal(B+Fe*V,x.key,!0)));let F=On.values(P,R,I,q);On.unit==2?oe=F[0]*V:oe=_(F[0],x,V,B)-_(0,x,V,B),Ke=zs(v,W,_,x,V,B,Ke),ct=Ke-oe+j}else Ke=zs(v,W,_,x,V,B,Ke),ct=Ke*u+j,oe=Ke-ct;ct<1&&(ct=0),ke>=oe/2&&(ke=0),ct<5&&(J=Xs);let Yn=ct>0,Ut=Ke-ct-(Yn?ke:0);oe=J(or(Ut,te,N)),we=(L==0?oe/2:L==ye?0:oe)-L*ye*((L==0?j/2:0)+(Yn?ke/2:0));let He={stroke:null,fill:null,clip:null,band:null,gaps:null,flags:0},on=wt?null:new Path2D,Et=null;if(Q!=null)Et=P.data[Q.series[1]];else{let{y0:F,y1:pe}=m;F!=null&&pe!=null&&(W=pe.values(P,R,I,q),Et=F.values(P,R,I,q))}let jt=D*oe,G=Be*oe;for(let F=ye==1?I:q;F>=I&&F<=q;F+=ye){let pe=W[F];if(pe==null)continue;if(Et!=null){let Ge=Et[F]??0;if(pe-Ge==0)continue;qe=Y(Ge,K,M,X)}let Fe=x.distr!=2||m!=null?v[F]:F,an=_(Fe,x,V,B),zt=Y(re(pe,Ae),K,M,X),St=J(an-we),Vt=J(Ve(zt,qe)),Ye=J(yt(zt,qe)),rt=Vt-Ye;if(pe!=null){let Ge=pe<0?G:jt,dt=pe<0?jt:G;wt?(ke>0&&Lt[F]!=null&&ne(rn.get(Lt[F]),St,Ye+tt(ke/2),oe,Ve(0,rt-ke),Ge,dt),Ft[F]!=null&&ne(lt.get(Ft[F]),St,Ye+tt(ke/2),oe,Ve(0,rt-ke),Ge,dt)):ne(on,St,Ye+tt(ke/2),oe,Ve(0,rt-ke),Ge,dt),ue(P,R,F,St-ke/2,Ye,oe+ke,rt)}}return ke>0?He.stroke=wt?rn:on:wt||(He._fill=U.width==0?U._fill:U._stroke??U._fill,He.width=0),He.fill=wt?lt:on,He})}function nu(e,n){let s=re(n?.alignGaps,0);return(l,i,c,u)=>ln(l,i,(p,d,m,w,g,b,P,R,I,q,U)=>{[c,u]=pl(m,c,u);let v=p.pxRound,W=D=>v(b(D,w,q,R)),x=D=>v(P(D,g,U,I)),K,_,Y;w.ori==0?(K=yl,Y=Ln,_=Ai):(K=wl,Y=$n,_=Fi);let B=w.dir*(w.ori==0?1:-1),X=W(d[B==1?c:u]),V=X,M=[],J=[];for(let D=B==1?c:u;D>=c&&D<=u;D+=B)if(m[D]!=null){let ye=d[D],ne=W(ye);M.push(V=ne),J.push(x(m[D]))}let L={stroke:e(M,J,K,Y,_,v),fill:null,clip:null,band:null,gaps:null,flags:Rn},j=L.stroke,[N,te]=Mr(l,i);if(p.fill!=null||N!=0){let D=L.fill=new Path2D(j),Be=p.fillTo(l,i,p.min,p.max,N),ye=x(Be);Y(D,V,ye),Y(D,X,ye)}if(!p.spanGaps){let D=[];D.push(...Tr(d,m,c,u,B,W,s)),L.gaps=D=p.gaps(l,i,c,u,D),L.clip=bl(D,w.ori,R,I,q,U)}return te!=0&&(L.band=te==2?[Pt(l,i,c,u,j,-1),Pt(l,i,c,u,j,1)]:Pt(l,i,c,u,j,te)),L})}function lu(e){return nu(ru,e)}function ru(e,n,s,l,i,c){let u=e.length;if(u<2)return null;let p=new Path2D;if(s(p,e[0],n[0]),u==2)l(p,e[1],n[1]);else{let d=Array(u),m=Array(u-1),w=Array(u-1),g=Array(u-1);for(let b=0;b<u-1;b++)w[b]=n[b+1]-n[b],g[b]=e[b+1]-e[b],m[b]=w[b]/g[b];d[0]=m[0];for(let b=1;b<u-1;b++)m[b]===0||m[b-1]===0||m[b-1]>0!=m[b]>0?d[b]=0:(d[b]=3*(g[b-1]+g[b])/((2*g[b]+g[b-1])/m[b-1]+(g[b]+2*g[b-1])/m[b]),isFinite(d[b])||(d[b]=0));d[u-1]=m[u-2];for(let b=0;b<u-1;b++)i(p,e[b]+g[b]/3,n[b]+d[b]*g[b]/3,e[b+1]-g[b]/3,n[b+1]-d[b+1]*g[b]/3,e[b+1],n[b+1])}return p}var cr=new Set;function Vs(){for(let e of cr)e.syncRect(!0)}Pn&&(tn(Io,An,Vs),tn(Wo,An,Vs,!0),tn(fl,An,()=>{Ce.pxRatio=ie}));var su=Ri(),iu=Ei();function Bs(e,n,s,l){return(l?[e[0],e[1]].concat(e.slice(2)):[e[0]].concat(e.slice(1))).map((c,u)=>dr(c,u,n,s))}function ou(e,n){return e.map((s,l)=>l==0?{}:Te({},n,s))}function dr(e,n,s,l){return Te({},n==0?s:l,e)}function Pi(e,n,s){return n==null?En:[n,s]}var au=Pi;function uu(e,n,s){return n==null?En:cl(n,s,br,!0)}function Li(e,n,s,l){return n==null?En:hl(n,s,e.scales[l].log,!1)}var fu=Li;function $i(e,n,s,l){return n==null?En:gr(n,s,e.scales[l].log,!1)}var cu=$i;function du(e,n,s,l,i){let c=Ve(Ms(e),Ms(n)),u=n-e,p=bt(i/l*u,s);do{let d=s[p],m=l*d/u;if(m>=i&&c+(d<5?qt.get(d):0)<=17)return[d,m]}while(++p<s.length);return[0,0]}function Gs(e){let n,s;return e=e.replace(/(\\d+)px/,(l,i)=>(n=Ee((s=+i)*ie))+"px"),[e,n,s]}function pu(e){e.show&&[e.font,e.labelFont].forEach(n=>{let s=de(n[2]*ie,1);n[0]=n[0].replace(/[0-9.]+px/,s+"px"),n[1]=s})}function Ce(e,n,s){let l={mode:re(e.mode,1)},i=l.mode;function c(t,r,o,a){let f=r.valToPct(t);return a+o*(r.dir==-1?1-f:f)}function u(t,r,o,a){let f=r.valToPct(t);return a+o*(r.dir==-1?f:1-f)}function p(t,r,o,a){return r.ori==0?c(t,r,o,a):u(t,r,o,a)}l.valToPosH=c,l.valToPosV=u;let d=!1;l.status=0;let m=l.root=ut(So);if(e.id!=null&&(m.id=e.id),et(m,e.class),e.title){let t=ut(xo,m);t.textContent=e.title}let w=gt("canvas"),g=l.ctx=w.getContext("2d"),b=ut(Mo,m);tn("click",b,t=>{t.target===R&&(he!=wn||Se!=Sn)&&Ie.click(l,t)},!0);let P=l.under=ut(To,b);b.appendChild(w);let R=l.over=ut(Ao,b);e=_n(e);let I=+re(e.pxAlign,1),q=js(I);(e.plugins||[]).forEach(t=>{t.opts&&(e=t.opts(l,e)||e)});let U=e.ms||.001,v=l.series=i==1?Bs(e.series||[],Cs,Hs,!1):ou(e.series||[null],qs),W=l.axes=Bs(e.axes||[],Ds,Is,!0),x=l.scales={},K=l.bands=e.bands||[];K.forEach(t=>{t.fill=ee(t.fill||null),t.dir=re(t.dir,-1)});let _=i==2?v[1].facets[0].scale:v[0].scale,Y={axes:ro,series:Xi},B=(e.drawOrder||["axes","series"]).map(t=>Y[t]);function X(t){let r=t.distr==3?o=>Rt(o>0?o:t.clamp(l,o,t.min,t.max,t.key)):t.distr==4?o=>Xl(o,t.asinh):t.distr==100?o=>t.fwd(o):o=>o;return o=>{let a=r(o),{_min:f,_max:h}=t,y=h-f;return(a-f)/y}}function V(t){let r=x[t];if(r==null){let o=(e.scales||Gn)[t]||Gn;if(o.from!=null){V(o.from);let a=Te({},x[o.from],o,{key:t});a.valToPct=X(a),x[t]=a}else{r=x[t]=Te({},t==_?ki:Ka,o),r.key=t;let a=r.time,f=r.range,h=Wt(f);if((t!=_||i==2&&!a)&&(h&&(f[0]==null||f[1]==null)&&(f={min:f[0]==null?ks:{mode:1,hard:f[0],soft:f[0]},max:f[1]==null?ks:{mode:1,hard:f[1],soft:f[1]}},h=!1),!h&&gl(f))){let y=f;f=(S,k,T)=>k==null?En:cl(k,T,y)}r.range=ee(f||(a?au:t==_?r.distr==3?fu:r.distr==4?cu:Pi:r.distr==3?Li:r.distr==4?$i:uu)),r.auto=ee(h?!1:r.auto),r.clamp=ee(r.clamp||Ja),r._min=r._max=null,r.valToPct=X(r)}}}V("x"),V("y"),i==1&&v.forEach(t=>{V(t.scale)}),W.forEach(t=>{V(t.scale)});for(let t in e.scales)V(t);let M=x[_],J=M.distr,L,j;M.ori==0?(et(m,ko),L=c,j=u):(et(m,vo),L=u,j=c);let N={};for(let t in x){let r=x[t];(r.min!=null||r.max!=null)&&(N[t]={min:r.min,max:r.max},r.min=r.max=null)}let te=e.tzDate||(t=>new Date(Ee(t/U))),D=e.fmtDate||Sr,Be=U==1?ka(te):Ma(te),ye=Ls(te,Ps(U==1?Sa:xa,D)),ne=Os(te,$s(Aa,D)),ue=[],Q=l.legend=Te({},_a,e.legend),$=l.cursor=Te({},Da,{drag:{y:i==2}},e.cursor),Ae=Q.show,qe=$.show,we=Q.markers;Q.idxs=ue,we.width=ee(we.width),we.dash=ee(we.dash),we.stroke=ee(we.stroke),we.fill=ee(we.fill);let oe,ct,Ke,ke=[],wt=[],Ft,lt=!1,Lt={};if(Q.live){let t=v[1]?v[1].values:null;lt=t!=null,Ft=lt?t(l,1,0):{_:0};for(let r in Ft)Lt[r]=hr}if(Ae)if(oe=gt("table",Lo,m),Ke=gt("tbody",null,oe),Q.mount(l,oe),lt){ct=gt("thead",null,oe,Ke);let t=gt("tr",null,ct);gt("th",null,t);for(var rn in Ft)gt("th",as,t).textContent=rn}else et(oe,Oo),Q.live&&et(oe,$o);let sn={show:!0},On={show:!1};function Yn(t,r){if(r==0&&(lt||!Q.live||i==2))return En;let o=[],a=gt("tr",Do,Ke,Ke.childNodes[r]);et(a,t.class),t.show||et(a,en);let f=gt("th",null,a);if(we.show){let S=ut(Co,f);if(r>0){let k=we.width(l,r);k&&(S.style.border=k+"px "+we.dash(l,r)+" "+we.stroke(l,r)),S.style.background=we.fill(l,r)}}let h=ut(as,f);t.label instanceof HTMLElement?h.appendChild(t.label):h.textContent=t.label,r>0&&(we.show||(h.style.color=t.width>0?we.stroke(l,r):we.fill(l,r)),He("click",f,S=>{if($._lock)return;Gt(S);let k=v.indexOf(t);if((S.ctrlKey||S.metaKey)!=Q.isolate){let T=v.some((A,E)=>E>0&&E!=k&&A.show);v.forEach((A,E)=>{E>0&&vt(E,T?E==k?sn:On:sn,!0,Me.setSeries)})}else vt(k,{show:!t.show},!0,Me.setSeries)},!1),fn&&He(ds,f,S=>{$._lock||(Gt(S),vt(v.indexOf(t),vn,!0,Me.setSeries))},!1));for(var y in Ft){let S=gt("td",No,a);S.textContent="--",o.push(S)}return[a,o]}let Ut=new Map;function He(t,r,o,a=!0){let f=Ut.get(r)||{},h=$.bind[t](l,r,o,a);h&&(tn(t,r,f[t]=h),Ut.set(r,f))}function on(t,r,o){let a=Ut.get(r)||{};for(let f in a)(t==null||f==t)&&(ir(f,r,a[f]),delete a[f]);t==null&&Ut.delete(r)}let Et=0,jt=0,G=0,F=0,pe=0,Fe=0,an=pe,zt=Fe,St=G,Vt=F,Ye=0,rt=0,Ge=0,dt=0;l.bbox={};let Fl=!1,Qn=!1,un=!1,Bt=!1,Zn=!1,st=!1;function El(t,r,o){(o||t!=l.width||r!=l.height)&&Lr(t,r),mn(!1),un=!0,Qn=!0,gn()}function Lr(t,r){l.width=Et=G=t,l.height=jt=F=r,pe=Fe=0,Bi(),Gi();let o=l.bbox;Ye=o.left=Zt(pe*ie,.5),rt=o.top=Zt(Fe*ie,.5),Ge=o.width=Zt(G*ie,.5),dt=o.height=Zt(F*ie,.5)}let ji=3;function zi(){let t=!1,r=0;for(;!t;){r++;let o=no(r),a=lo(r);t=r==ji||o&&a,t||(Lr(l.width,l.height),Qn=!0)}}function Vi({width:t,height:r}){El(t,r)}l.setSize=Vi;function Bi(){let t=!1,r=!1,o=!1,a=!1;W.forEach((f,h)=>{if(f.show&&f._show){let{side:y,_size:S}=f,k=y%2,T=f.label!=null?f.labelSize:0,A=S+T;A>0&&(k?(G-=A,y==3?(pe+=A,a=!0):o=!0):(F-=A,y==0?(Fe+=A,t=!0):r=!0))}}),Jt[0]=t,Jt[1]=o,Jt[2]=r,Jt[3]=a,G-=$t[1]+$t[3],pe+=$t[3],F-=$t[2]+$t[0],Fe+=$t[0]}function Gi(){let t=pe+G,r=Fe+F,o=pe,a=Fe;function f(h,y){switch(h){case 1:return t+=y,t-y;case 2:return r+=y,r-y;case 3:return o-=y,o+y;case 0:return a-=y,a+y}}W.forEach((h,y)=>{if(h.show&&h._show){let S=h.side;h._pos=f(S,h._size),h.label!=null&&(h._lpos=f(S,h.labelSize))}})}if($.dataIdx==null){let t=$.hover,r=t.skip=new Set(t.skip??[]);r.add(void 0);let o=t.prox=ee(t.prox),a=t.bias??=0;$.dataIdx=(f,h,y,S)=>{if(h==0)return y;let k=y,T=o(f,h,y,S)??ce,A=T>=0&&T<ce,E=M.ori==0?G:F,z=$.left,se=n[0],le=n[h];if(r.has(le[y])){k=null;let Z=null,H=null,O;if(a==0||a==-1)for(O=y;Z==null&&O-- >0;)r.has(le[O])||(Z=O);if(a==0||a==1)for(O=y;H==null&&O++<le.length;)r.has(le[O])||(H=O);if(Z!=null||H!=null)if(A){let ge=Z==null?-1/0:L(se[Z],M,E,0),ve=H==null?1/0:L(se[H],M,E,0),De=z-ge,fe=ve-z;De<=fe?De<=T&&(k=Z):fe<=T&&(k=H)}else k=H==null?Z:Z==null?H:y-Z<=H-y?Z:H}else A&&_e(z-L(se[y],M,E,0))>T&&(k=null);return k}}let Gt=t=>{$.event=t};$.idxs=ue,$._lock=!1;let We=$.points;We.show=ee(We.show),We.size=ee(We.size),We.stroke=ee(We.stroke),We.width=ee(We.width),We.fill=ee(We.fill);let kt=l.focus=Te({},e.focus||{alpha:.3},$.focus),fn=kt.prox>=0,cn=fn&&We.one,it=[],dn=[],pn=[];function $r(t,r){let o=We.show(l,r);if(o instanceof HTMLElement)return et(o,Po),et(o,t.class),At(o,-10,-10,G,F),R.insertBefore(o,it[r]),o}function Or(t,r){if(i==1||r>0){let o=i==1&&x[t.scale].time,a=t.value;t.value=o?Fs(a)?Os(te,$s(a,D)):a||ne:a||Va,t.label=t.label||(o?Na:Ca)}if(cn||r>0){t.width=t.width==null?1:t.width,t.paths=t.paths||su||Ko,t.fillTo=ee(t.fillTo||Ya),t.pxAlign=+re(t.pxAlign,I),t.pxRound=js(t.pxAlign),t.stroke=ee(t.stroke||null),t.fill=ee(t.fill||null),t._stroke=t._fill=t._paths=t._focus=null;let o=Ba(Ve(1,t.width),1),a=t.points=Te({},{size:o,width:Ve(1,o*.2),stroke:t.stroke,space:o*2,paths:iu,_stroke:null,_fill:null},t.points);a.show=ee(a.show),a.filter=ee(a.filter),a.fill=ee(a.fill),a.stroke=ee(a.stroke),a.paths=ee(a.paths),a.pxAlign=t.pxAlign}if(Ae){let o=Yn(t,r);ke.splice(r,0,o[0]),wt.splice(r,0,o[1]),Q.values.push(null)}if(qe){ue.splice(r,0,null);let o=null;cn?r==0&&(o=$r(t,r)):r>0&&(o=$r(t,r)),it.splice(r,0,o),dn.splice(r,0,0),pn.splice(r,0,0)}Oe("addSeries",r)}function Ji(t,r){r=r??v.length,t=i==1?dr(t,r,Cs,Hs):dr(t,r,{},qs),v.splice(r,0,t),Or(v[r],r)}l.addSeries=Ji;function Ki(t){if(v.splice(t,1),Ae){Q.values.splice(t,1),wt.splice(t,1);let r=ke.splice(t,1)[0];on(null,r.firstChild),r.remove()}qe&&(ue.splice(t,1),it.splice(t,1)[0].remove(),dn.splice(t,1),pn.splice(t,1)),Oe("delSeries",t)}l.delSeries=Ki;let Jt=[!1,!1,!1,!1];function Yi(t,r){if(t._show=t.show,t.show){let o=t.side%2,a=x[t.scale];a==null&&(t.scale=o?v[1].scale:_,a=x[t.scale]);let f=a.time;t.size=ee(t.size),t.space=ee(t.space),t.rotate=ee(t.rotate),Wt(t.incrs)&&t.incrs.forEach(y=>{!qt.has(y)&&qt.set(y,ni(y))}),t.incrs=ee(t.incrs||(a.distr==2?ba:f?U==1?wa:va:Xt)),t.splits=ee(t.splits||(f&&a.distr==1?Be:a.distr==3?ar:a.distr==4?qa:Wa)),t.stroke=ee(t.stroke),t.grid.stroke=ee(t.grid.stroke),t.ticks.stroke=ee(t.ticks.stroke),t.border.stroke=ee(t.border.stroke);let h=t.values;t.values=Wt(h)&&!Wt(h[0])?ee(h):f?Wt(h)?Ls(te,Ps(h,D)):Fs(h)?Ta(te,h):h||ye:h||Ia,t.filter=ee(t.filter||(a.distr>=3&&a.log==10?ja:a.distr==3&&a.log==2?za:ei)),t.font=Gs(t.font),t.labelFont=Gs(t.labelFont),t._size=t.size(l,null,r,0),t._space=t._rotate=t._incrs=t._found=t._splits=t._values=null,t._size>0&&(Jt[r]=!0,t._el=ut(Fo,b))}}function Dn(t,r,o,a){let[f,h,y,S]=o,k=r%2,T=0;return k==0&&(S||h)&&(T=r==0&&!f||r==2&&!y?Ee(Ds.size/3):0),k==1&&(f||y)&&(T=r==1&&!h||r==3&&!S?Ee(Is.size/2):0),T}let Dr=l.padding=(e.padding||[Dn,Dn,Dn,Dn]).map(t=>ee(re(t,Dn))),$t=l._padding=Dr.map((t,r)=>t(l,r,Jt,0)),Ne,Re=null,Pe=null,Xn=i==1?v[0].idxs:null,pt=null,Cn=!1;function Cr(t,r){if(n=t??[],l.data=l._data=n,i==2){Ne=0;for(let o=1;o<v.length;o++)Ne+=n[o][0].length}else{n.length==0&&(l.data=l._data=n=[[]]),pt=n[0],Ne=pt.length;let o=n;if(J==2){o=n.slice();let a=o[0]=Array(Ne);for(let f=0;f<Ne;f++)a[f]=f}l._data=n=o}if(mn(!0),Oe("setData"),J==2&&(un=!0),r!==!1){let o=M;o.auto(l,Cn)?_l():Dt(_,o.min,o.max),Bt=Bt||$.left>=0,st=!0,gn()}}l.setData=Cr;function _l(){Cn=!0;let t,r;i==1&&(Ne>0?(Re=Xn[0]=0,Pe=Xn[1]=Ne-1,t=n[0][Re],r=n[0][Pe],J==2?(t=Re,r=Pe):t==r&&(J==3?[t,r]=hl(t,t,M.log,!1):J==4?[t,r]=gr(t,t,M.log,!1):M.time?r=t+Ee(86400/U):[t,r]=cl(t,r,br,!0))):(Re=Xn[0]=t=null,Pe=Xn[1]=r=null)),Dt(_,t,r)}let el,hn,Rl,Pl,Ll,$l,Ol,Dl,Cl,Je;function Nr(t,r,o,a,f,h){t??=fs,o??=wr,a??="butt",f??=fs,h??="round",t!=el&&(g.strokeStyle=el=t),f!=hn&&(g.fillStyle=hn=f),r!=Rl&&(g.lineWidth=Rl=r),h!=Ll&&(g.lineJoin=Ll=h),a!=$l&&(g.lineCap=$l=a),o!=Pl&&g.setLineDash(Pl=o)}function Ir(t,r,o,a){r!=hn&&(g.fillStyle=hn=r),t!=Ol&&(g.font=Ol=t),o!=Dl&&(g.textAlign=Dl=o),a!=Cl&&(g.textBaseline=Cl=a)}function Nl(t,r,o,a,f=0){if(a.length>0&&t.auto(l,Cn)&&(r==null||r.min==null)){let h=re(Re,0),y=re(Pe,a.length-1),S=o.min==null?jo(a,h,y,f,t.distr==3):[o.min,o.max];t.min=yt(t.min,o.min=S[0]),t.max=Ve(t.max,o.max=S[1])}}let Wr={min:null,max:null};function Qi(){for(let a in x){let f=x[a];N[a]==null&&(f.min==null||N[_]!=null&&f.auto(l,Cn))&&(N[a]=Wr)}for(let a in x){let f=x[a];N[a]==null&&f.from!=null&&N[f.from]!=null&&(N[a]=Wr)}N[_]!=null&&mn(!0);let t={};for(let a in N){let f=N[a];if(f!=null){let h=t[a]=_n(x[a],Zo);if(f.min!=null)Te(h,f);else if(a!=_||i==2)if(Ne==0&&h.from==null){let y=h.range(l,null,null,a);h.min=y[0],h.max=y[1]}else h.min=ce,h.max=-ce}}if(Ne>0){v.forEach((a,f)=>{if(i==1){let h=a.scale,y=N[h];if(y==null)return;let S=t[h];if(f==0){let k=S.range(l,S.min,S.max,h);S.min=k[0],S.max=k[1],Re=bt(S.min,n[0]),Pe=bt(S.max,n[0]),Pe-Re>1&&(n[0][Re]<S.min&&Re++,n[0][Pe]>S.max&&Pe--),a.min=pt[Re],a.max=pt[Pe]}else a.show&&a.auto&&Nl(S,y,a,n[f],a.sorted);a.idxs[0]=Re,a.idxs[1]=Pe}else if(f>0&&a.show&&a.auto){let[h,y]=a.facets,S=h.scale,k=y.scale,[T,A]=n[f],E=t[S],z=t[k];E!=null&&Nl(E,N[S],h,T,h.sorted),z!=null&&Nl(z,N[k],y,A,y.sorted),a.min=y.min,a.max=y.max}});for(let a in t){let f=t[a],h=N[a];if(f.from==null&&(h==null||h.min==null)){let y=f.range(l,f.min==ce?null:f.min,f.max==-ce?null:f.max,a);f.min=y[0],f.max=y[1]}}}for(let a in t){let f=t[a];if(f.from!=null){let h=t[f.from];if(h.min==null)f.min=f.max=null;else{let y=f.range(l,h.min,h.max,a);f.min=y[0],f.max=y[1]}}}let r={},o=!1;for(let a in t){let f=t[a],h=x[a];if(h.min!=f.min||h.max!=f.max){h.min=f.min,h.max=f.max;let y=h.distr;h._min=y==3?Rt(h.min):y==4?Xl(h.min,h.asinh):y==100?h.fwd(h.min):h.min,h._max=y==3?Rt(h.max):y==4?Xl(h.max,h.asinh):y==100?h.fwd(h.max):h.max,r[a]=o=!0}}if(o){v.forEach((a,f)=>{i==2?f>0&&r.y&&(a._paths=null):r[a.scale]&&(a._paths=null)});for(let a in r)un=!0,Oe("setScale",a);qe&&$.left>=0&&(Bt=st=!0)}for(let a in N)N[a]=null}function Zi(t){let r=or(Re-1,0,Ne-1),o=or(Pe+1,0,Ne-1);for(;t[r]==null&&r>0;)r--;for(;t[o]==null&&o<Ne-1;)o++;return[r,o]}function Xi(){if(Ne>0){let t=v.some(r=>r._focus)&&Je!=kt.alpha;t&&(g.globalAlpha=Je=kt.alpha),v.forEach((r,o)=>{if(o>0&&r.show&&(qr(o,!1),qr(o,!0),r._paths==null)){let a=Je;Je!=r.alpha&&(g.globalAlpha=Je=r.alpha);let f=i==2?[0,n[o][0].length-1]:Zi(n[o]);r._paths=r.paths(l,o,f[0],f[1]),Je!=a&&(g.globalAlpha=Je=a)}}),v.forEach((r,o)=>{if(o>0&&r.show){let a=Je;Je!=r.alpha&&(g.globalAlpha=Je=r.alpha),r._paths!=null&&Hr(o,!1);{let f=r._paths!=null?r._paths.gaps:null,h=r.points.show(l,o,Re,Pe,f),y=r.points.filter(l,o,h,f);(h||y)&&(r.points._paths=r.points.paths(l,o,Re,Pe,y),Hr(o,!0))}Je!=a&&(g.globalAlpha=Je=a),Oe("drawSeries",o)}}),t&&(g.globalAlpha=Je=1)}}function qr(t,r){let o=r?v[t].points:v[t];o._stroke=o.stroke(l,t),o._fill=o.fill(l,t)}function Hr(t,r){let o=r?v[t].points:v[t],{stroke:a,fill:f,clip:h,flags:y,_stroke:S=o._stroke,_fill:k=o._fill,_width:T=o.width}=o._paths;T=de(T*ie,3);let A=null,E=T%2/2;r&&k==null&&(k=T>0?"#fff":S);let z=o.pxAlign==1&&E>0;if(z&&g.translate(E,E),!r){let se=Ye-T/2,le=rt-T/2,Z=Ge+T,H=dt+T;A=new Path2D,A.rect(se,le,Z,H)}r?Il(S,T,o.dash,o.cap,k,a,f,y,h):eo(t,S,T,o.dash,o.cap,k,a,f,y,A,h),z&&g.translate(-E,-E)}function eo(t,r,o,a,f,h,y,S,k,T,A){let E=!1;k!=0&&K.forEach((z,se)=>{if(z.series[0]==t){let le=v[z.series[1]],Z=n[z.series[1]],H=(le._paths||Gn).band;Wt(H)&&(H=z.dir==1?H[0]:H[1]);let O,ge=null;le.show&&H&&Vo(Z,Re,Pe)?(ge=z.fill(l,se)||h,O=le._paths.clip):H=null,Il(r,o,a,f,ge,y,S,k,T,A,O,H),E=!0}}),E||Il(r,o,a,f,h,y,S,k,T,A)}let Ur=Rn|fr;function Il(t,r,o,a,f,h,y,S,k,T,A,E){Nr(t,r,o,a,f),(k||T||E)&&(g.save(),k&&g.clip(k),T&&g.clip(T)),E?(S&Ur)==Ur?(g.clip(E),A&&g.clip(A),nl(f,y),tl(t,h,r)):S&fr?(nl(f,y),g.clip(E),tl(t,h,r)):S&Rn&&(g.save(),g.clip(E),A&&g.clip(A),nl(f,y),g.restore(),tl(t,h,r)):(nl(f,y),tl(t,h,r)),(k||T||E)&&g.restore()}function tl(t,r,o){o>0&&(r instanceof Map?r.forEach((a,f)=>{g.strokeStyle=el=f,g.stroke(a)}):r!=null&&t&&g.stroke(r))}function nl(t,r){r instanceof Map?r.forEach((o,a)=>{g.fillStyle=hn=a,g.fill(o)}):r!=null&&t&&g.fill(r)}function to(t,r,o,a){let f=W[t],h;if(a<=0)h=[0,0];else{let y=f._space=f.space(l,t,r,o,a),S=f._incrs=f.incrs(l,t,r,o,a,y);h=du(r,o,S,a,y)}return f._found=h}function Wl(t,r,o,a,f,h,y,S,k,T){let A=y%2/2;I==1&&g.translate(A,A),Nr(S,y,k,T,S),g.beginPath();let E,z,se,le,Z=f+(a==0||a==3?-h:h);o==0?(z=f,le=Z):(E=f,se=Z);for(let H=0;H<t.length;H++)r[H]!=null&&(o==0?E=se=t[H]:z=le=t[H],g.moveTo(E,z),g.lineTo(se,le));g.stroke(),I==1&&g.translate(-A,-A)}function no(t){let r=!0;return W.forEach((o,a)=>{if(!o.show)return;let f=x[o.scale];if(f.min==null){o._show&&(r=!1,o._show=!1,mn(!1));return}else o._show||(r=!1,o._show=!0,mn(!1));let h=o.side,y=h%2,{min:S,max:k}=f,[T,A]=to(a,S,k,y==0?G:F);if(A==0)return;let E=f.distr==2,z=o._splits=o.splits(l,a,S,k,T,A,E),se=f.distr==2?z.map(O=>pt[O]):z,le=f.distr==2?pt[z[1]]-pt[z[0]]:T,Z=o._values=o.values(l,o.filter(l,se,a,A,le),a,A,le);o._rotate=h==2?o.rotate(l,Z,a,A):0;let H=o._size;o._size=ft(o.size(l,Z,a,t)),H!=null&&o._size!=H&&(r=!1)}),r}function lo(t){let r=!0;return Dr.forEach((o,a)=>{let f=o(l,a,Jt,t);f!=$t[a]&&(r=!1),$t[a]=f}),r}function ro(){for(let t=0;t<W.length;t++){let r=W[t];if(!r.show||!r._show)continue;let o=r.side,a=o%2,f,h,y=r.stroke(l,t),S=o==0||o==3?-1:1,[k,T]=r._found;if(r.label!=null){let je=r.labelGap*S,Xe=Ee((r._lpos+je)*ie);Ir(r.labelFont[0],y,"center",o==2?"top":us),g.save(),a==1?(f=h=0,g.translate(Xe,Ee(rt+dt/2)),g.rotate((o==3?-ul:ul)/2)):(f=Ee(Ye+Ge/2),h=Xe);let Qt=Zs(r.label)?r.label(l,t,k,T):r.label;g.fillText(Qt,f,h),g.restore()}if(T==0)continue;let A=x[r.scale],E=a==0?Ge:dt,z=a==0?Ye:rt,se=r._splits,le=A.distr==2?se.map(je=>pt[je]):se,Z=A.distr==2?pt[se[1]]-pt[se[0]]:k,H=r.ticks,O=r.border,ge=H.show?H.size:0,ve=Ee(ge*ie),De=Ee((r.alignTo==2?r._size-ge-r.gap:r.gap)*ie),fe=r._rotate*-ul/180,xe=q(r._pos*ie),Qe=(ve+De)*S,Ue=xe+Qe;h=a==0?Ue:0,f=a==1?Ue:0;let ot=r.font[0],ht=r.align==1?Mn:r.align==2?Yl:fe>0?Mn:fe<0?Yl:a==0?"center":o==3?Yl:Mn,Mt=fe||a==1?"middle":o==2?"top":us;Ir(ot,y,ht,Mt);let Ze=r.font[1]*r.lineGap,at=se.map(je=>q(p(je,A,E,z))),mt=r._values;for(let je=0;je<mt.length;je++){let Xe=mt[je];if(Xe!=null){a==0?f=at[je]:h=at[je],Xe=""+Xe;let Qt=Xe.indexOf(`\n`)==-1?[Xe]:Xe.split(/\\n/gm);for(let ze=0;ze<Qt.length;ze++){let os=Qt[ze];fe?(g.save(),g.translate(f,h+ze*Ze),g.rotate(fe),g.fillText(os,0,0),g.restore()):g.fillText(os,f,h+ze*Ze)}}}H.show&&Wl(at,H.filter(l,le,t,T,Z),a,o,xe,ve,de(H.width*ie,3),H.stroke(l,t),H.dash,H.cap);let Tt=r.grid;Tt.show&&Wl(at,Tt.filter(l,le,t,T,Z),a,a==0?2:1,a==0?rt:Ye,a==0?dt:Ge,de(Tt.width*ie,3),Tt.stroke(l,t),Tt.dash,Tt.cap),O.show&&Wl([xe],[1],a==0?1:0,a==0?1:2,a==1?rt:Ye,a==1?dt:Ge,de(O.width*ie,3),O.stroke(l,t),O.dash,O.cap)}Oe("drawAxes")}function mn(t){v.forEach((r,o)=>{o>0&&(r._paths=null,t&&(i==1?(r.min=null,r.max=null):r.facets.forEach(a=>{a.min=null,a.max=null})))})}let ll=!1,ql=!1,Nn=[];function so(){ql=!1;for(let t=0;t<Nn.length;t++)Oe(...Nn[t]);Nn.length=0}function gn(){ll||(sa(jr),ll=!0)}function io(t,r=!1){ll=!0,ql=r,t(l),jr(),r&&Nn.length>0&&queueMicrotask(so)}l.batch=io;function jr(){if(Fl&&(Qi(),Fl=!1),un&&(zi(),un=!1),Qn){if(be(P,Mn,pe),be(P,"top",Fe),be(P,jn,G),be(P,zn,F),be(R,Mn,pe),be(R,"top",Fe),be(R,jn,G),be(R,zn,F),be(b,jn,Et),be(b,zn,jt),w.width=Ee(Et*ie),w.height=Ee(jt*ie),W.forEach(({_el:t,_show:r,_size:o,_pos:a,side:f})=>{if(t!=null)if(r){let h=f===3||f===0?o:0,y=f%2==1;be(t,y?"left":"top",a-h),be(t,y?"width":"height",o),be(t,y?"top":"left",y?Fe:pe),be(t,y?"height":"width",y?F:G),sr(t,en)}else et(t,en)}),el=hn=Rl=Ll=$l=Ol=Dl=Cl=Pl=null,Je=1,qn(!0),pe!=an||Fe!=zt||G!=St||F!=Vt){mn(!1);let t=G/St,r=F/Vt;if(qe&&!Bt&&$.left>=0){$.left*=t,$.top*=r,bn&&At(bn,Ee($.left),0,G,F),yn&&At(yn,0,Ee($.top),G,F);for(let o=0;o<it.length;o++){let a=it[o];a!=null&&(dn[o]*=t,pn[o]*=r,At(a,ft(dn[o]),ft(pn[o]),G,F))}}if(me.show&&!Zn&&me.left>=0&&me.width>0){me.left*=t,me.width*=t,me.top*=r,me.height*=r;for(let o in Bl)be(kn,o,me[o])}an=pe,zt=Fe,St=G,Vt=F}Oe("setSize"),Qn=!1}Et>0&&jt>0&&(g.clearRect(0,0,w.width,w.height),Oe("drawClear"),B.forEach(t=>t()),Oe("draw")),me.show&&Zn&&(rl(me),Zn=!1),qe&&Bt&&(Yt(null,!0,!1),Bt=!1),Q.show&&Q.live&&st&&(zl(),st=!1),d||(d=!0,l.status=1,Oe("ready")),Cn=!1,ll=!1}l.redraw=(t,r)=>{un=r||!1,t!==!1?Dt(_,M.min,M.max):gn()};function Hl(t,r){let o=x[t];if(o.from==null){if(Ne==0){let a=o.range(l,r.min,r.max,t);r.min=a[0],r.max=a[1]}if(r.min>r.max){let a=r.min;r.min=r.max,r.max=a}if(Ne>1&&r.min!=null&&r.max!=null&&r.max-r.min<1e-16)return;t==_&&o.distr==2&&Ne>0&&(r.min=bt(r.min,n[0]),r.max=bt(r.max,n[0]),r.min==r.max&&r.max++),N[t]=r,Fl=!0,gn()}}l.setScale=Hl;let Ul,jl,bn,yn,zr,Vr,wn,Sn,Br,Gr,he,Se,Ot=!1,Ie=$.drag,Le=Ie.x,$e=Ie.y;qe&&($.x&&(Ul=ut(_o,R)),$.y&&(jl=ut(Ro,R)),M.ori==0?(bn=Ul,yn=jl):(bn=jl,yn=Ul),he=$.left,Se=$.top);let me=l.select=Te({show:!0,over:!0,left:0,width:0,top:0,height:0},e.select),kn=me.show?ut(Eo,me.over?R:P):null;function rl(t,r){if(me.show){for(let o in t)me[o]=t[o],o in Bl&&be(kn,o,t[o]);r!==!1&&Oe("setSelect")}}l.setSelect=rl;function oo(t){if(v[t].show)Ae&&sr(ke[t],en);else if(Ae&&et(ke[t],en),qe){let o=cn?it[0]:it[t];o!=null&&At(o,-10,-10,G,F)}}function Dt(t,r,o){Hl(t,{min:r,max:o})}function vt(t,r,o,a){r.focus!=null&&po(t),r.show!=null&&v.forEach((f,h)=>{h>0&&(t==h||t==null)&&(f.show=r.show,oo(h),i==2?(Dt(f.facets[0].scale,null,null),Dt(f.facets[1].scale,null,null)):Dt(f.scale,null,null),gn())}),o!==!1&&Oe("setSeries",t,r),a&&Hn("setSeries",l,t,r)}l.setSeries=vt;function ao(t,r){Te(K[t],r)}function uo(t,r){t.fill=ee(t.fill||null),t.dir=re(t.dir,-1),r=r??K.length,K.splice(r,0,t)}function fo(t){t==null?K.length=0:K.splice(t,1)}l.addBand=uo,l.setBand=ao,l.delBand=fo;function co(t,r){v[t].alpha=r,qe&&it[t]!=null&&(it[t].style.opacity=r),Ae&&ke[t]&&(ke[t].style.opacity=r)}let _t,Ct,Kt,vn={focus:!0};function po(t){if(t!=Kt){let r=t==null,o=kt.alpha!=1;v.forEach((a,f)=>{if(i==1||f>0){let h=r||f==0||f==t;a._focus=r?null:h,o&&co(f,h?1:kt.alpha)}}),Kt=t,o&&gn()}}Ae&&fn&&He(ps,oe,t=>{$._lock||(Gt(t),Kt!=null&&vt(null,vn,!0,Me.setSeries))});function xt(t,r,o){let a=x[r];o&&(t=t/ie-(a.ori==1?Fe:pe));let f=G;a.ori==1&&(f=F,t=f-t),a.dir==-1&&(t=f-t);let h=a._min,y=a._max,S=t/f,k=h+(y-h)*S,T=a.distr;return T==3?Fn(10,k):T==4?Go(k,a.asinh):T==100?a.bwd(k):k}function ho(t,r){let o=xt(t,_,r);return bt(o,n[0],Re,Pe)}l.valToIdx=t=>bt(t,n[0]),l.posToIdx=ho,l.posToVal=xt,l.valToPos=(t,r,o)=>x[r].ori==0?c(t,x[r],o?Ge:G,o?Ye:0):u(t,x[r],o?dt:F,o?rt:0),l.setCursor=(t,r,o)=>{he=t.left,Se=t.top,Yt(null,r,o)};function Jr(t,r){be(kn,Mn,me.left=t),be(kn,jn,me.width=r)}function Kr(t,r){be(kn,"top",me.top=t),be(kn,zn,me.height=r)}let In=M.ori==0?Jr:Kr,Wn=M.ori==1?Jr:Kr;function mo(){if(Ae&&Q.live)for(let t=i==2?1:0;t<v.length;t++){if(t==0&&lt)continue;let r=Q.values[t],o=0;for(let a in r)wt[t][o++].firstChild.nodeValue=r[a]}}function zl(t,r){if(t!=null&&(t.idxs?t.idxs.forEach((o,a)=>{ue[a]=o}):Qo(t.idx)||ue.fill(t.idx),Q.idx=ue[0]),Ae&&Q.live){for(let o=0;o<v.length;o++)(o>0||i==1&&!lt)&&go(o,ue[o]);mo()}st=!1,r!==!1&&Oe("setLegend")}l.setLegend=zl;function go(t,r){let o=v[t],a=t==0&&J==2?pt:n[t],f;lt?f=o.values(l,t,r)??Lt:(f=o.value(l,r==null?null:a[r],t,r),f=f==null?Lt:{_:f}),Q.values[t]=f}function Yt(t,r,o){Br=he,Gr=Se,[he,Se]=$.move(l,he,Se),$.left=he,$.top=Se,qe&&(bn&&At(bn,Ee(he),0,G,F),yn&&At(yn,0,Ee(Se),G,F));let a,f=Re>Pe;_t=ce,Ct=null;let h=M.ori==0?G:F,y=M.ori==1?G:F;if(he<0||Ne==0||f){a=$.idx=null;for(let S=0;S<v.length;S++){let k=it[S];k!=null&&At(k,-10,-10,G,F)}fn&&vt(null,vn,!0,t==null&&Me.setSeries),Q.live&&(ue.fill(a),st=!0)}else{let S,k,T;i==1&&(S=M.ori==0?he:Se,k=xt(S,_),a=$.idx=bt(k,n[0],Re,Pe),T=L(n[0][a],M,h,0));let A=-10,E=-10,z=0,se=0,le=!0,Z="",H="";for(let O=i==2?1:0;O<v.length;O++){let ge=v[O],ve=ue[O],De=ve==null?null:i==1?n[O][ve]:n[O][1][ve],fe=$.dataIdx(l,O,a,k),xe=fe==null?null:i==1?n[O][fe]:n[O][1][fe];if(st=st||xe!=De||fe!=ve,ue[O]=fe,O>0&&ge.show){let Qe=fe==null?-10:fe==a?T:L(i==1?n[0][fe]:n[O][0][fe],M,h,0),Ue=xe==null?-10:j(xe,i==1?x[ge.scale]:x[ge.facets[1].scale],y,0);if(fn&&xe!=null){let ot=M.ori==1?he:Se,ht=_e(kt.dist(l,O,fe,Ue,ot));if(ht<_t){let Mt=kt.bias;if(Mt!=0){let Ze=xt(ot,ge.scale),at=xe>=0?1:-1,mt=Ze>=0?1:-1;mt==at&&(mt==1?Mt==1?xe>=Ze:xe<=Ze:Mt==1?xe<=Ze:xe>=Ze)&&(_t=ht,Ct=O)}else _t=ht,Ct=O}}if(st||cn){let ot,ht;M.ori==0?(ot=Qe,ht=Ue):(ot=Ue,ht=Qe);let Mt,Ze,at,mt,Tt,je,Xe=!0,Qt=We.bbox;if(Qt!=null){Xe=!1;let ze=Qt(l,O);at=ze.left,mt=ze.top,Mt=ze.width,Ze=ze.height}else at=ot,mt=ht,Mt=Ze=We.size(l,O);if(je=We.fill(l,O),Tt=We.stroke(l,O),cn)O==Ct&&_t<=kt.prox&&(A=at,E=mt,z=Mt,se=Ze,le=Xe,Z=je,H=Tt);else{let ze=it[O];ze!=null&&(dn[O]=at,pn[O]=mt,Ss(ze,Mt,Ze,Xe),ys(ze,je,Tt),At(ze,ft(at),ft(mt),G,F))}}}}if(cn){let O=kt.prox,ge=Kt==null?_t<=O:_t>O||Ct!=Kt;if(st||ge){let ve=it[0];ve!=null&&(dn[0]=A,pn[0]=E,Ss(ve,z,se,le),ys(ve,Z,H),At(ve,ft(A),ft(E),G,F))}}}if(me.show&&Ot)if(t!=null){let[S,k]=Me.scales,[T,A]=Me.match,[E,z]=t.cursor.sync.scales,se=t.cursor.drag;if(Le=se._x,$e=se._y,Le||$e){let{left:le,top:Z,width:H,height:O}=t.select,ge=t.scales[E].ori,ve=t.posToVal,De,fe,xe,Qe,Ue,ot=S!=null&&T(S,E),ht=k!=null&&A(k,z);ot&&Le?(ge==0?(De=le,fe=H):(De=Z,fe=O),xe=x[S],Qe=L(ve(De,E),xe,h,0),Ue=L(ve(De+fe,E),xe,h,0),In(yt(Qe,Ue),_e(Ue-Qe))):In(0,h),ht&&$e?(ge==1?(De=le,fe=H):(De=Z,fe=O),xe=x[k],Qe=j(ve(De,z),xe,y,0),Ue=j(ve(De+fe,z),xe,y,0),Wn(yt(Qe,Ue),_e(Ue-Qe))):Wn(0,y)}else Gl()}else{let S=_e(Br-zr),k=_e(Gr-Vr);if(M.ori==1){let z=S;S=k,k=z}Le=Ie.x&&S>=Ie.dist,$e=Ie.y&&k>=Ie.dist;let T=Ie.uni;T!=null?Le&&$e&&(Le=S>=T,$e=k>=T,!Le&&!$e&&(k>S?$e=!0:Le=!0)):Ie.x&&Ie.y&&(Le||$e)&&(Le=$e=!0);let A,E;Le&&(M.ori==0?(A=wn,E=he):(A=Sn,E=Se),In(yt(A,E),_e(E-A)),$e||Wn(0,y)),$e&&(M.ori==1?(A=wn,E=he):(A=Sn,E=Se),Wn(yt(A,E),_e(E-A)),Le||In(0,h)),!Le&&!$e&&(In(0,0),Wn(0,0))}if(Ie._x=Le,Ie._y=$e,t==null){if(o){if(is!=null){let[S,k]=Me.scales;Me.values[0]=S!=null?xt(M.ori==0?he:Se,S):null,Me.values[1]=k!=null?xt(M.ori==1?he:Se,k):null}Hn(Ql,l,he,Se,G,F,a)}if(fn){let S=o&&Me.setSeries,k=kt.prox;Kt==null?_t<=k&&vt(Ct,vn,!0,S):_t>k?vt(null,vn,!0,S):Ct!=Kt&&vt(Ct,vn,!0,S)}}st&&(Q.idx=a,zl()),r!==!1&&Oe("setCursor")}let Nt=null;Object.defineProperty(l,"rect",{get(){return Nt==null&&qn(!1),Nt}});function qn(t=!1){t?Nt=null:(Nt=R.getBoundingClientRect(),Oe("syncRect",Nt))}function Yr(t,r,o,a,f,h,y){$._lock||Ot&&t!=null&&t.movementX==0&&t.movementY==0||(Vl(t,r,o,a,f,h,y,!1,t!=null),t!=null?Yt(null,!0,!0):Yt(r,!0,!1))}function Vl(t,r,o,a,f,h,y,S,k){if(Nt==null&&qn(!1),Gt(t),t!=null)o=t.clientX-Nt.left,a=t.clientY-Nt.top;else{if(o<0||a<0){he=-10,Se=-10;return}let[T,A]=Me.scales,E=r.cursor.sync,[z,se]=E.values,[le,Z]=E.scales,[H,O]=Me.match,ge=r.axes[0].side%2==1,ve=M.ori==0?G:F,De=M.ori==1?G:F,fe=ge?h:f,xe=ge?f:h,Qe=ge?a:o,Ue=ge?o:a;if(le!=null?o=H(T,le)?p(z,x[T],ve,0):-10:o=ve*(Qe/fe),Z!=null?a=O(A,Z)?p(se,x[A],De,0):-10:a=De*(Ue/xe),M.ori==1){let ot=o;o=a,a=ot}}k&&(r==null||r.cursor.event.type==Ql)&&((o<=1||o>=G-1)&&(o=Zt(o,G)),(a<=1||a>=F-1)&&(a=Zt(a,F))),S?(zr=o,Vr=a,[wn,Sn]=$.move(l,o,a)):(he=o,Se=a)}let Bl={width:0,height:0,left:0,top:0};function Gl(){rl(Bl,!1)}let Qr,Zr,Xr,es;function ts(t,r,o,a,f,h,y){Ot=!0,Le=$e=Ie._x=Ie._y=!1,Vl(t,r,o,a,f,h,y,!0,!1),t!=null&&(He(Zl,lr,ns,!1),Hn(cs,l,wn,Sn,G,F,null));let{left:S,top:k,width:T,height:A}=me;Qr=S,Zr=k,Xr=T,es=A}function ns(t,r,o,a,f,h,y){Ot=Ie._x=Ie._y=!1,Vl(t,r,o,a,f,h,y,!1,!0);let{left:S,top:k,width:T,height:A}=me,E=T>0||A>0,z=Qr!=S||Zr!=k||Xr!=T||es!=A;if(E&&z&&rl(me),Ie.setScale&&E&&z){let se=S,le=T,Z=k,H=A;if(M.ori==1&&(se=k,le=A,Z=S,H=T),Le&&Dt(_,xt(se,_),xt(se+le,_)),$e)for(let O in x){let ge=x[O];O!=_&&ge.from==null&&ge.min!=ce&&Dt(O,xt(Z+H,O),xt(Z,O))}Gl()}else $.lock&&($._lock=!$._lock,Yt(r,!0,t!=null));t!=null&&(on(Zl,lr),Hn(Zl,l,he,Se,G,F,null))}function bo(t,r,o,a,f,h,y){if($._lock)return;Gt(t);let S=Ot;if(Ot){let k=!0,T=!0,A=10,E,z;M.ori==0?(E=Le,z=$e):(E=$e,z=Le),E&&z&&(k=he<=A||he>=G-A,T=Se<=A||Se>=F-A),E&&k&&(he=he<wn?0:G),z&&T&&(Se=Se<Sn?0:F),Yt(null,!0,!0),Ot=!1}he=-10,Se=-10,ue.fill(null),Yt(null,!0,!0),S&&(Ot=S)}function ls(t,r,o,a,f,h,y){$._lock||(Gt(t),_l(),Gl(),t!=null&&Hn(hs,l,he,Se,G,F,null))}function rs(){W.forEach(pu),El(l.width,l.height,!0)}tn(fl,An,rs);let xn={};xn.mousedown=ts,xn.mousemove=Yr,xn.mouseup=ns,xn.dblclick=ls,xn.setSeries=(t,r,o,a)=>{let f=Me.match[2];o=f(l,r,o),o!=-1&&vt(o,a,!0,!1)},qe&&(He(cs,R,ts),He(Ql,R,Yr),He(ds,R,t=>{Gt(t),qn(!1)}),He(ps,R,bo),He(hs,R,ls),cr.add(l),l.syncRect=qn);let sl=l.hooks=e.hooks||{};function Oe(t,r,o){ql?Nn.push([t,r,o]):t in sl&&sl[t].forEach(a=>{a.call(null,l,r,o)})}(e.plugins||[]).forEach(t=>{for(let r in t.hooks)sl[r]=(sl[r]||[]).concat(t.hooks[r])});let ss=(t,r,o)=>o,Me=Te({key:null,setSeries:!1,filters:{pub:Ts,sub:Ts},scales:[_,v[1]?v[1].scale:null],match:[As,As,ss],values:[null,null]},$.sync);Me.match.length==2&&Me.match.push(ss),$.sync=Me;let is=Me.key,Jl=vi(is);function Hn(t,r,o,a,f,h,y){Me.filters.pub(t,r,o,a,f,h,y)&&Jl.pub(t,r,o,a,f,h,y)}Jl.sub(l);function yo(t,r,o,a,f,h,y){Me.filters.sub(t,r,o,a,f,h,y)&&xn[t](null,r,o,a,f,h,y)}l.pub=yo;function wo(){Jl.unsub(l),cr.delete(l),Ut.clear(),ir(fl,An,rs),m.remove(),oe?.remove(),Oe("destroy")}l.destroy=wo;function Kl(){Oe("init",e,n),Cr(n||e.data,!1),N[_]?Hl(_,N[_]):_l(),Zn=me.show&&(me.width>0||me.height>0),Bt=st=!0,El(e.width,e.height)}return v.forEach(Or),W.forEach(Yi),s?s instanceof HTMLElement?(s.appendChild(m),Kl()):s(l,Kl):Kl(),l}Ce.assign=Te;Ce.fmtNum=yr;Ce.rangeNum=cl;Ce.rangeLog=hl;Ce.rangeAsinh=gr;Ce.orient=ln;Ce.pxRatio=ie;Ce.join=ra;Ce.fmtDate=Sr,Ce.tzDate=ma;Ce.sync=vi;{Ce.addGap=Qa,Ce.clipGaps=bl;let e=Ce.paths={points:Ei};e.linear=Ri,e.stepped=eu,e.bars=tu,e.spline=lu}var Fr=[];function kl(){for(;Fr.length>0;)Fr.pop().destroy()}function Er(e,n,s,l,i){let c=Math.max(320,Math.min(1100,e.clientWidth||900)),u=Ce.paths.bars({size:[.8,40]}),p=new Ce({title:n,width:c,height:240,scales:{x:{time:i.time},y:i.percent?{range:[0,100]}:{auto:!0}},axes:[i.time?{}:{values:(d,m)=>m.map(w=>Number.isInteger(w)?String(w):"")},{label:i.yLabel,size:60,values:(d,m)=>m.map(w=>i.percent?`${w}%`:String(w))}],legend:{live:!0},series:[{label:i.time?"day":"run"},...l.map(d=>({label:d.label,stroke:d.color,fill:d.bars?`${d.color}99`:void 0,width:d.bars?0:2,paths:d.bars?u:void 0,points:{show:!d.bars&&s.length<60},value:(m,w)=>w===null?"\u2014":d.format?d.format(w):String(w)}))]},[s,...l.map(d=>d.values)],e);Fr.push(p)}function vl(e){if(e)try{let n=new URL(e);return n.protocol==="https:"||n.protocol==="http:"?n.href:void 0}catch{return}}function Oi(e,n){if(!(n==null||n===!1))if(Array.isArray(n))for(let s of n)Oi(e,s);else typeof n=="string"||typeof n=="number"?e.appendChild(document.createTextNode(String(n))):e.appendChild(n)}function C(e,n=null,...s){let l=document.createElement(e);if(n){if(n.class&&(l.className=n.class),n.title&&(l.title=n.title),n.id&&(l.id=n.id),n.role&&l.setAttribute("role",n.role),n.ariaLabel&&l.setAttribute("aria-label",n.ariaLabel),n.href!==void 0&&l instanceof HTMLAnchorElement){let i=n.href.startsWith("#/")?n.href:vl(n.href);i&&(l.href=i,i.startsWith("#")||(l.rel="noopener noreferrer"))}l instanceof HTMLInputElement&&(n.type&&(l.type=n.type),n.placeholder&&(l.placeholder=n.placeholder),n.value!==void 0&&(l.value=n.value));for(let[i,c]of Object.entries(n.data??{}))l.dataset[i]=c}for(let i of s)Oi(l,i);return l}function _r(e,...n){return e?C("a",{href:e},...n):C("span",null,...n)}function xl(e){for(;e.firstChild;)e.removeChild(e.firstChild)}var Rr=e=>`${(e*100).toFixed(1)}%`;function Ml(e){return e===void 0||!Number.isFinite(e)?"\u2014":new Date(e).toISOString().slice(0,16).replace("T"," ")}function Kn(e){return e<60?`${e.toFixed(1)} s`:e<3600?`${(e/60).toFixed(1)} min`:`${(e/3600).toFixed(1)} h`}var Di={quarantined:"quarantined","by-hand":"quarantined by hand",never:"never quarantine (by hand)",flaky:"flaky, not quarantined",failing:"failing",stable:"stable"};var Ci=Object.freeze({priorPb:Object.freeze([1,1]),priorPf:Object.freeze([1,1]),credibleMass:.9,gridSize:48});var Ni=-15,gu=15,Ii=1,Tl=Math.round((gu-Ni)/Ii)+1;function Wi(e){return e>=0?-Math.log1p(Math.exp(-e)):e-Math.log1p(Math.exp(e))}function bu(e){return Wi(-e)}var yu=new Float64Array(Tl),wu=new Float64Array(Tl),Su=new Float64Array(Tl);for(let e=0;e<Tl;e++){let n=Ni+e*Ii;yu[e]=n,wu[e]=Wi(n),Su[e]=bu(n)}var xu="runs.json";var Ef=new Map([[xu,32*1024*1024]]);var Mu=["quarantined","released","override","override lapsed","override cleared","hand edit","issue closed"];var $f=new Set(Mu);function Ht(e,n,s,l){return C("div",{class:"card",data:{metric:s}},C("div",{class:"value"},n),C("div",{class:"label"},e),l?C("div",{class:"note"},l):null)}function qi(e){return C("span",{class:`badge state-${e}`},Di[e])}var Pr=document.getElementById("main"),Hi=document.getElementById("status");function Tu(){let e=document.getElementById("org-data");if(!e?.textContent)throw new Error("this page has no org data: `flakeguard org` writes it");return JSON.parse(e.textContent)}var Al=(e,n)=>n>0?Rr(e/n):"\u2014";function Ui(e){return _r(e.dashboard??e.url,e.name)}function Au(e,n){kl(),xl(e);let s=n.totals;e.append(C("h2",null,"The organisation"),C("div",{class:"cards"},Ht("repositories read",String(s.repos),"repos",s.missing>0?`${s.missing} missing (see above)`:"none missing"),Ht("tests",String(s.tests),"tests"),Ht("runs on the branches",String(s.runs),"runs"),Ht("runs red because of flaky tests, without flakeguard",Al(s.redFlakyWithout,s.runs),"share-flaky-without",`${s.redFlakyWithout} of ${It(s.runs,"run")}`),Ht("\u2026and with flakeguard",Al(s.redFlakyWith,s.runs),"share-flaky-with",`${s.redFlakyWith} of ${It(s.runs,"run")}`),Ht("flaky tests",String(s.flaky),"flaky",`${s.quarantined} quarantined`),Ht("time lost to flaky failures",Kn(s.lostSec),"lost")));let l=C("div",{class:"chart",data:{chart:"org-trend"}});e.append(l);let i=n.days.map(u=>u.day/1e3),c=u=>n.days.map(p=>p.runs>0?Math.round(1e3*u(p)/p.runs)/10:null);n.days.length>0&&Er(l,"Share of runs red because of flaky tests, all repositories, by day",i,[{label:"without flakeguard",values:c(u=>u.redFlakyWithout),color:"#d9480f",format:u=>`${u}%`},{label:"with flakeguard",values:c(u=>u.redFlakyWith),color:"#1971c2",format:u=>`${u}%`}],{time:!0,yLabel:"% of runs",percent:!0}),e.append(C("h3",null,"Repositories, most runs red because of flaky tests first"),C("table",{class:"grid",data:{table:"repos"}},C("thead",null,C("tr",null,["#","repository","runs","red because of flaky tests (without flakeguard)","with flakeguard","flaky tests","quarantined","tests","time lost","newest run"].map(u=>C("th",null,u)))),C("tbody",null,n.repos.map((u,p)=>C("tr",{data:{repo:u.name}},C("td",{class:"num"},p+1),C("td",null,Ui(u),u.problems.length>0?C("span",{class:"red",title:u.problems.slice(0,10).join(`\n`)},` (${It(u.problems.length,"problem")})`):null),C("td",{class:"num"},u.runs),C("td",{class:"num"},`${u.redFlakyWithout} (${Al(u.redFlakyWithout,u.runs)})`),C("td",{class:"num"},`${u.redFlakyWith} (${Al(u.redFlakyWith,u.runs)})`),C("td",{class:"num"},u.flaky),C("td",{class:"num"},u.quarantined),C("td",{class:"num"},u.tests),C("td",{class:"num"},Kn(u.lostSec)),C("td",null,Ml(u.newest)))))))}function Fu(e){let n=[C("span",{class:"cls"},e.classname?`${e.classname} \u203A `:""),e.name];return e.href?C("a",{href:e.href,class:"test-link",title:e.id},n):C("span",{class:"test-link",title:e.id},n)}function Eu(e,n){kl(),xl(e);let s=new Map(n.repos.map(l=>[l.name,l]));e.append(C("h2",null,"The flakiest tests across repositories"),C("p",{class:"count"},`${It(n.tests.length,"test")}: most runs flaked first, then the probability of a flaky failure (PFS). A test links to its page in its repository\'s dashboard when that address is known.`),C("table",{class:"grid",data:{table:"org-tests"}},C("thead",null,C("tr",null,["repository","test","state","flaked runs","failed runs","runs","PFS","time lost"].map(l=>C("th",null,l)))),C("tbody",null,n.tests.map(l=>C("tr",{data:{repo:l.repo,id:l.id}},C("td",null,Ui(s.get(l.repo)??{name:l.repo})),C("td",null,Fu(l)),C("td",null,qi(l.state)),C("td",{class:"num"},l.flakedRuns),C("td",{class:"num"},l.failedRuns),C("td",{class:"num"},l.runs),C("td",{class:"num mono"},l.pfs>=0?l.pfs.toFixed(2):"\u2014"),C("td",{class:"num"},l.lostSec!==void 0?Kn(l.lostSec):"\u2014"))))))}function _u(e){return e.missing.length===0?null:C("div",{class:"problems",role:"alert",data:{missing:String(e.missing.length)}},C("strong",null,`${It(e.missing.length,"repository","repositories")} not in these numbers: `),C("ul",null,e.missing.map(n=>C("li",{data:{missingRepo:n.name}},C("code",null,n.name),` (${n.source}): `,n.reason))))}function Ru(){let e;try{e=Tu()}catch(l){Hi.append(C("span",{class:"red"},`The org dashboard could not read its data: ${l instanceof Error?l.message:String(l)}`)),document.body.dataset.ready="error";return}Hi.append(`${It(e.repos.length,"repository","repositories")} read, ${e.missing.length} missing \xB7 built ${Ml(e.built)} UTC`);let n=_u(e);n&&Pr.before(n);let s=()=>{let l=location.hash||"#/";for(let i of document.querySelectorAll("nav a"))i.classList.toggle("on",i.getAttribute("href")===(l.startsWith("#/tests")?"#/tests":"#/"));l.startsWith("#/tests")?Eu(Pr,e):Au(Pr,e)};window.addEventListener("hashchange",s),s(),document.body.dataset.ready="1"}Ru();})();</script>\n</body>\n</html>\n';

// src/org/fetch.ts
var RepoUnavailable = class extends Error {
};
var NEEDED = /* @__PURE__ */ new Set([META_FILE, RUNS_FILE, DECISIONS_FILE, OWNERS_FILE, CLASS_MAP_FILE]);
function neededPath(path) {
  return NEEDED.has(path) || isHistoryShardPath(path) || isStatsShardPath(path);
}
function printableSource(source) {
  return source.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, "$1***@");
}
async function readRepo(source, branch, token, tempRoot) {
  let repo;
  try {
    repo = await DataRepo.open(source, branch, token, tempRoot);
  } catch (error) {
    throw new RepoUnavailable(`could not open a private repository to fetch into: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    let head;
    try {
      head = await repo.fetchAndReset();
    } catch (error) {
      throw new RepoUnavailable(`could not be fetched: ${hideSource(error instanceof Error ? error.message : String(error), source)}`);
    }
    if (head === null) throw new RepoUnavailable(`has no branch '${branch}': flakeguard creates it on its first run there.`);
    const files = await repo.readFiles(neededPath);
    const snapshot = parseSnapshot(files, await repo.blockedPaths());
    const damaged = damageReason(snapshot);
    if (damaged) throw new RepoUnavailable(damaged.replace(/ Nothing was written to it.*$/, ' It is left out until the file is fixed (docs/data-branch.md, "A broken file").'));
    return { files, snapshot, head };
  } finally {
    await repo.dispose();
  }
}
function hideSource(message, source) {
  const shown = printableSource(source);
  return shown === source ? message : message.split(source).join(shown);
}

// src/org/database.ts
var DatabaseUnavailable = class extends Error {
};
var INSTALL_HINT = "The org database needs DuckDB, which flakeguard does not bundle: run `npm install @duckdb/node-api` in this folder (or where flakeguard is installed), or pass --no-database to build the page and the Parquet files without it.";
async function loadDuckDb(cwd) {
  try {
    return await import("@duckdb/node-api");
  } catch (first) {
    try {
      return createRequire(join(cwd, "package.json"))("@duckdb/node-api");
    } catch {
      throw new DatabaseUnavailable(`${INSTALL_HINT} (${first instanceof Error ? first.message.split("\n")[0] : String(first)})`);
    }
  }
}
var sqlString = (text) => `'${text.replace(/'/g, "''")}'`;
async function buildDatabase(duckdb, path, tables, repositories) {
  const partial = `${path}.partial`;
  await rm(partial, { force: true });
  await rm(`${partial}.wal`, { force: true });
  const instance = await duckdb.DuckDBInstance.create(partial);
  const counts = /* @__PURE__ */ new Map();
  try {
    const connection = await instance.connect();
    try {
      await connection.run("SET preserve_insertion_order = false");
      for (const [table, file] of tables) {
        if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
        await connection.run(`CREATE TABLE ${table} AS SELECT * FROM read_parquet(${sqlString(file)})`);
      }
      await connection.run("CREATE TABLE repositories (repository VARCHAR NOT NULL, source VARCHAR NOT NULL, status VARCHAR NOT NULL, reason VARCHAR, head VARCHAR, dashboard VARCHAR)");
      const appender = await connection.createAppender("repositories");
      for (const r of repositories) {
        appender.appendVarchar(r.repository);
        appender.appendVarchar(r.source);
        appender.appendVarchar(r.status);
        for (const v of [r.reason, r.head, r.dashboard]) {
          if (v === null) appender.appendNull();
          else appender.appendVarchar(v);
        }
        appender.endRow();
      }
      appender.closeSync();
      for (const table of [...tables.keys(), "repositories"]) {
        const reader = await connection.runAndReadAll(`SELECT count(*) AS n FROM ${table}`);
        counts.set(table, Number(reader.getRowObjects()[0].n));
      }
      await connection.run("CHECKPOINT");
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
  await rename(partial, path);
  await rm(`${partial}.wal`, { force: true });
  return counts;
}

// src/org/build.ts
var DATABASE_FILE = "flakeguard.duckdb";
var TABLES_DIR = "tables";
function orgPage(model) {
  const [before, after] = ORG_PAGE_HTML.split(ORG_DATA_PLACEHOLDER);
  if (after === void 0) throw new Error("the org page has no data placeholder: rebuild it (npm run build)");
  return before + orgDataBlock(model) + after;
}
async function writeWhole(path, text) {
  await writeFile(`${path}.partial`, text);
  await rename2(`${path}.partial`, path);
}
async function buildOrg(options) {
  const duckdb = options.database ? await loadDuckDb(options.cwd) : void 0;
  await mkdir(options.out, { recursive: true });
  const repos = [];
  const missing = [];
  const readFrom = /* @__PURE__ */ new Map();
  const timings = { read: 0, summary: 0, tables: 0, page: 0, database: 0 };
  const sources = async function* () {
    for (const [i, source] of options.sources.entries()) {
      const shown = printableSource(source);
      const fallback = nameOfSource(source);
      const started = Date.now();
      let read;
      try {
        read = await readRepo(source, options.branch, options.token, options.tempRoot);
        timings.read += Date.now() - started;
      } catch (error) {
        const reason = error instanceof RepoUnavailable ? error.message : `could not be read: ${error instanceof Error ? error.message : String(error)}`;
        missing.push({ name: fallback, source: shown, reason });
        options.log(`[${i + 1}/${options.sources.length}] ${shown}: MISSING: ${reason}`);
        continue;
      }
      const summed = Date.now();
      const summary = summarizeRepo({ source: shown, name: fallback }, read.files, read.head, options.dashboardUrl);
      timings.summary += Date.now() - summed;
      const earlier = readFrom.get(summary.name);
      if (earlier !== void 0) {
        const reason = `its data branch names the same repository as ${earlier}, already read: counted once`;
        missing.push({ name: summary.name, source: shown, reason });
        options.log(`[${i + 1}/${options.sources.length}] ${shown}: MISSING: ${reason}`);
        continue;
      }
      readFrom.set(summary.name, shown);
      repos.push(summary);
      options.log(`[${i + 1}/${options.sources.length}] ${shown}: ${summary.name} at ${read.head.slice(0, 12)}, ${summary.tests} tests, ${summary.runs} runs (${Date.now() - started} ms)`);
      yield { repository: summary.name, snapshot: read.snapshot, files: read.files };
    }
  };
  const exporting = Date.now();
  const exported = await exportTables(sources(), { format: "parquet", out: join2(options.out, TABLES_DIR) });
  timings.tables = Date.now() - exporting - timings.read - timings.summary;
  const paging = Date.now();
  const model = orgModel(repos, missing, options.now);
  const page = join2(options.out, "index.html");
  await writeWhole(page, orgPage(model));
  await writeWhole(join2(options.out, "org.json"), `${JSON.stringify(model)}
`);
  timings.page = Date.now() - paging;
  const result = { model, tables: exported.tables, notes: exported.notes, page, timings };
  if (!duckdb) {
    await rm2(join2(options.out, DATABASE_FILE), { force: true });
  } else {
    const path = join2(options.out, DATABASE_FILE);
    const rows = [
      ...repos.map((r) => ({ repository: r.name, source: r.source, status: "read", reason: null, head: r.head, dashboard: r.dashboard ?? null })),
      ...missing.map((m) => ({ repository: m.name, source: m.source, status: "missing", reason: m.reason, head: null, dashboard: null }))
    ];
    const tables = new Map(Object.entries(exported.tables).map(([table, file]) => [table, file.path]));
    const loading = Date.now();
    result.database = { path, rows: await buildDatabase(duckdb, path, tables, rows) };
    timings.database = Date.now() - loading;
  }
  return result;
}

// src/cli/org.ts
async function repoList(values, cwd) {
  const out = [];
  for (const value of values) {
    const text = value.startsWith("@") ? await readFile(resolve(cwd, value.slice(1)), "utf8").catch(() => {
      throw new CliError(`--repos ${value}: cannot read ${resolve(cwd, value.slice(1))}.`);
    }) : value;
    for (const raw of text.split(/[,\n]/)) {
      const entry = raw.replace(/#.*$/, "").trim();
      if (!entry) continue;
      if (entry.startsWith("-")) throw new CliError(`--repos: '${entry}' is not a repository (a URL or a path cannot start with '-').`);
      out.push(isRemoteUrl(entry) || isAbsolute(entry) ? entry : resolve(cwd, entry));
    }
  }
  return out;
}
async function orgCommand(command) {
  if (!command.out) throw new CliError("flakeguard org needs --out DIR (the folder the page, the tables and the database are written into).");
  const sources = await repoList(command.repos, command.cwd);
  if (sources.length === 0) throw new CliError("flakeguard org needs --repos URL|PATH,... (the repositories whose data branches to read).");
  let result;
  try {
    result = await buildOrg({
      sources,
      out: resolve(command.cwd, command.out),
      branch: command.branch,
      token: command.token,
      ...command.dashboardUrl ? { dashboardUrl: command.dashboardUrl } : {},
      database: command.database,
      cwd: command.cwd,
      now: command.now,
      log: command.log
    });
  } catch (error) {
    if (error instanceof DatabaseUnavailable) throw new CliError(error.message);
    throw error;
  }
  const { model } = result;
  const exitCode = model.repos.length === 0 || command.requireAll && model.missing.length > 0 ? 1 : 0;
  return { result, exitCode };
}
export {
  orgCommand,
  repoList
};
