import {
  META_FILE,
  RUNS_FILE,
  SCHEMA_VERSION,
  parseLineObject
} from "./shared-store-layout.js";

// src/store/decisions.ts
var DECISIONS_FILE = "decisions.json";
var MAX_EVENTS_PER_TEST = 20;
var MAX_REASON_CHARS = 500;
var DECISION_KINDS = ["quarantined", "released", "override", "override lapsed", "override cleared", "hand edit", "issue closed", "quarantine refused", "owner required", "expired"];
var isObject = (x) => typeof x === "object" && x !== null && !Array.isArray(x);
var KINDS = new Set(DECISION_KINDS);
function readEvent(raw) {
  if (!isObject(raw)) return void 0;
  const { run, at, event, quarantined, by, reason } = raw;
  if (!Number.isInteger(run) || run < 0 || typeof at !== "string" || typeof event !== "string" || !KINDS.has(event)) return void 0;
  if (typeof quarantined !== "boolean" || by !== "rule" && by !== "hand" || typeof reason !== "string") return void 0;
  return { run, at, event, quarantined, by, reason };
}
function readTestDecisions(raw) {
  if (!isObject(raw) || !Array.isArray(raw.events)) return void 0;
  if (raw.issue !== void 0 && (!Number.isInteger(raw.issue) || raw.issue < 1)) return void 0;
  const events = [];
  for (const e of raw.events) {
    const event = readEvent(e);
    if (!event) return void 0;
    events.push(event);
  }
  return { ...raw.issue !== void 0 ? { issue: raw.issue } : {}, events };
}
function parseDecisions(text) {
  const { value, problems } = parseLineObject(DECISIONS_FILE, text, "tests");
  if (!value) return { problems };
  const head = value.root;
  if (value.schema > SCHEMA_VERSION) {
    return { problems: [{ file: DECISIONS_FILE, line: 1, message: `written in schema ${value.schema} by a newer flakeguard; this version reads schemas up to ${SCHEMA_VERSION}` }] };
  }
  if (!Number.isInteger(head.from) || head.from < 0) {
    return { problems: [{ file: DECISIONS_FILE, line: 1, message: `"from" must be a run number, got ${JSON.stringify(head.from ?? null).slice(0, 40)}` }] };
  }
  const log = { schema: value.schema, from: head.from, tests: /* @__PURE__ */ new Map(), unreadable: /* @__PURE__ */ new Map() };
  const found = [];
  for (const [id, raw] of value.entries) {
    const entry = readTestDecisions(raw);
    if (entry) {
      log.tests.set(id, entry);
    } else {
      log.unreadable.set(id, raw);
      found.push({
        file: DECISIONS_FILE,
        line: value.lineOf(id),
        message: `the entry of ${JSON.stringify(id).slice(0, 200)} is not in the documented form; it is kept as written and no decision is recorded for this test until it is fixed or deleted`
      });
    }
  }
  return { log, problems: found };
}
function renderDecisions(log) {
  const lines = [];
  for (const [id, entry] of log.tests) {
    const events = entry.events.map((e) => ({ run: e.run, at: e.at, event: e.event, quarantined: e.quarantined, by: e.by, reason: e.reason }));
    lines.push([id, JSON.stringify({ ...entry.issue !== void 0 ? { issue: entry.issue } : {}, events })]);
  }
  for (const [id, raw] of log.unreadable) if (!log.tests.has(id)) lines.push([id, JSON.stringify(raw)]);
  lines.sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  const body = lines.map(([id, value]) => `${JSON.stringify(id)}: ${value}`);
  return `{"schema": ${SCHEMA_VERSION}, "from": ${log.from}, "tests": {
${body.join(",\n")}
}}
`;
}

// src/store/owned.ts
var README_FILE = "README.md";
var PAGE_FILE = "index.html";
var NOJEKYLL_FILE = ".nojekyll";
var OWNERS_FILE = "dashboard/CODEOWNERS";
var CLASS_MAP_FILE = "dashboard/codeowners-map";
var BADGE_FILE = "badge.json";
var CLUSTERS_FILE = "clusters.json";
var DIAGNOSES_FILE = "diagnoses.json";
var OWNED_FILES = [META_FILE, RUNS_FILE, DECISIONS_FILE, README_FILE, PAGE_FILE, NOJEKYLL_FILE, OWNERS_FILE, CLASS_MAP_FILE, BADGE_FILE, CLUSTERS_FILE, DIAGNOSES_FILE];
var OWNED_FOLDERS = ["history", "stats", "dashboard"];
var OWNED = new Set(OWNED_FILES);
var SHARD = /^(?:history|stats)\/[^/]+\.json$/;
function ownsPath(path) {
  return OWNED.has(path) || SHARD.test(path);
}
function isHistoryShardPath(path) {
  return path.startsWith("history/") && SHARD.test(path);
}
function isStatsShardPath(path) {
  return path.startsWith("stats/") && SHARD.test(path);
}
function decidesFrom(path) {
  return path === META_FILE || path === RUNS_FILE || path === "history" || path === "stats" || isHistoryShardPath(path) || isStatsShardPath(path);
}
function isRegularFile(mode) {
  return mode === "100644" || mode === "100755";
}
function describeMode(mode) {
  if (mode === "120000") return "a symbolic link (mode 120000)";
  if (mode === "160000") return "a submodule (a gitlink, mode 160000)";
  if (mode === "040000") return "a folder";
  if (isRegularFile(mode)) return "a regular file";
  return `an entry of mode ${mode}`;
}
function blockedPaths(entries) {
  const blocked = /* @__PURE__ */ new Map();
  for (const { mode, path } of entries) {
    if (OWNED_FOLDERS.includes(path) || ownsPath(path) && !isRegularFile(mode)) blocked.set(path, describeMode(mode));
    for (let slash = path.indexOf("/"); slash > 0; slash = path.indexOf("/", slash + 1)) {
      const folder = path.slice(0, slash);
      if (ownsPath(folder)) blocked.set(folder, "a folder");
    }
  }
  return blocked;
}
function blockedMessage(path, what) {
  const where = OWNED_FOLDERS.includes(path) ? `where flakeguard keeps its folder ${path}/` : "where flakeguard writes a regular file";
  const fix = decidesFrom(path) ? "replace it with a regular file holding its content (or delete it)" : "it is not updated until it is replaced with a regular file (or deleted)";
  return `is ${what} on the data branch, ${where}; flakeguard never replaces what is there: ${fix}`;
}

export {
  DECISIONS_FILE,
  MAX_EVENTS_PER_TEST,
  MAX_REASON_CHARS,
  parseDecisions,
  renderDecisions,
  README_FILE,
  PAGE_FILE,
  NOJEKYLL_FILE,
  OWNERS_FILE,
  CLASS_MAP_FILE,
  BADGE_FILE,
  CLUSTERS_FILE,
  DIAGNOSES_FILE,
  ownsPath,
  isHistoryShardPath,
  isStatsShardPath,
  decidesFrom,
  isRegularFile,
  blockedPaths,
  blockedMessage
};
