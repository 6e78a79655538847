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
var DECISION_KINDS = ["quarantined", "released", "override", "override lapsed", "override cleared", "hand edit", "issue closed"];
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
var OWNED_FILES = [META_FILE, RUNS_FILE, DECISIONS_FILE, README_FILE, PAGE_FILE, NOJEKYLL_FILE, OWNERS_FILE, CLASS_MAP_FILE, BADGE_FILE];
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

// src/store/read-bounds.ts
var KiB = 1024;
var MiB = 1024 * 1024;
var DEFAULT_READ_BOUNDS = {
  bytes: (path) => {
    if (isHistoryShardPath(path)) return 64 * MiB;
    if (isStatsShardPath(path)) return 16 * MiB;
    return FILE_BYTES.get(path) ?? 0;
  },
  statsLines: 2e4,
  totalBytes: 128 * MiB,
  totalLines: 3e5
};
var FILE_BYTES = /* @__PURE__ */ new Map([
  [META_FILE, 32 * MiB],
  [RUNS_FILE, 32 * MiB],
  [DECISIONS_FILE, 32 * MiB],
  [PAGE_FILE, 4 * MiB],
  [README_FILE, 1 * MiB],
  [OWNERS_FILE, 3 * MiB],
  [CLASS_MAP_FILE, 3 * MiB],
  [BADGE_FILE, 64 * KiB],
  [NOJEKYLL_FILE, 64 * KiB]
]);
function sizeText(bytes) {
  if (bytes >= MiB) return `${Number.isInteger(bytes / MiB) ? bytes / MiB : (bytes / MiB).toFixed(1)} MiB`;
  if (bytes >= KiB) return `${Number.isInteger(bytes / KiB) ? bytes / KiB : (bytes / KiB).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}
function boundFiles(files, bounds) {
  const read = /* @__PURE__ */ new Set();
  const leftOut = /* @__PURE__ */ new Map();
  const order = [...files].sort((a, b) => Number(decidesFrom(b.path)) - Number(decidesFrom(a.path)) || a.size - b.size || (a.path < b.path ? -1 : 1));
  let total = 0;
  for (const { path, size } of order) {
    const cap = bounds.bytes(path);
    if (size > cap) leftOut.set(path, { bytes: size, cap });
    else if (total + size > bounds.totalBytes) leftOut.set(path, { bytes: total + size, cap: bounds.totalBytes, total: true });
    else {
      total += size;
      read.add(path);
    }
  }
  return { read, leftOut };
}
var leftOutOf = /* @__PURE__ */ new WeakMap();
function markRead(files, leftOut, error) {
  leftOutOf.set(files, { leftOut, ...error !== void 0 ? { error } : {} });
}
function leftOutIn(files) {
  return leftOutOf.get(files)?.leftOut ?? /* @__PURE__ */ new Map();
}
function readErrorOf(files) {
  return leftOutOf.get(files)?.error;
}
function leftOutProblems(files) {
  const damage = [];
  const warnings = [];
  for (const [path, { bytes, cap, total }] of [...leftOutIn(files)].sort((a, b) => a[0] < b[0] ? -1 : 1)) {
    const why = total ? `would bring the files flakeguard reads on the data branch to ${sizeText(bytes)}; it reads at most ${sizeText(cap)} of them together` : `is ${sizeText(bytes)}; flakeguard reads at most ${sizeText(cap)} of it`;
    if (decidesFrom(path)) damage.push({ file: path, line: 1, message: `${why} (docs/data-branch.md, "Bounded reading")` });
    else warnings.push({ file: path, warning: true, message: `${why}: it was not read, and is not updated until it is smaller or deleted (docs/data-branch.md, "Bounded reading")` });
  }
  return { damage, warnings };
}

export {
  DECISIONS_FILE,
  MAX_EVENTS_PER_TEST,
  MAX_REASON_CHARS,
  parseDecisions,
  renderDecisions,
  PAGE_FILE,
  NOJEKYLL_FILE,
  OWNERS_FILE,
  CLASS_MAP_FILE,
  BADGE_FILE,
  ownsPath,
  isHistoryShardPath,
  isStatsShardPath,
  decidesFrom,
  isRegularFile,
  blockedPaths,
  blockedMessage,
  DEFAULT_READ_BOUNDS,
  boundFiles,
  markRead,
  readErrorOf,
  leftOutProblems
};
