import {
  MAX_OVERRIDE_CELLS,
  readCell
} from "./shared-history-cell.js";
import {
  costPerMinuteOf
} from "./shared-cost-index.js";

// src/store/strict-json.ts
var MAX_JSON_DEPTH = 64;
function strictJsonFault(text, value) {
  const parsed = countKeys(value);
  if (parsed !== void 0 && parsed === countKeyTokens(text)) return void 0;
  return locateFault(text);
}
function countKeys(value) {
  if (typeof value !== "object" || value === null) return 0;
  let keys = 0;
  const values = [value];
  const depths = [1];
  while (values.length > 0) {
    const v = values.pop();
    const depth = depths.pop();
    if (depth > MAX_JSON_DEPTH) return void 0;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (typeof x === "object" && x !== null) {
          values.push(x);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const k in v) {
        keys++;
        const x = v[k];
        if (typeof x === "object" && x !== null) {
          values.push(x);
          depths.push(depth + 1);
        }
      }
    }
  }
  return keys;
}
function escaped(text, at) {
  let slashes = 0;
  while (text.charCodeAt(at - 1 - slashes) === 92) slashes++;
  return (slashes & 1) === 1;
}
function closingQuote(text, open) {
  let close = text.indexOf('"', open + 1);
  while (close !== -1 && escaped(text, close)) close = text.indexOf('"', close + 1);
  return close;
}
function nextToken(text, at) {
  let c = text.charCodeAt(at);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++at);
  return c;
}
function countKeyTokens(text) {
  let keys = 0;
  let open = text.indexOf('"');
  while (open !== -1) {
    const close = closingQuote(text, open);
    if (close === -1) break;
    if (nextToken(text, close + 1) === 58) keys++;
    open = text.indexOf('"', close + 1);
  }
  return keys;
}
function lineAt(text, offset) {
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < offset; at = text.indexOf("\n", at + 1)) line++;
  return line;
}
function locateFault(text) {
  const frames = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const close = closingQuote(text, i);
      if (close === -1) return void 0;
      const keys = frames[frames.length - 1];
      if (keys && nextToken(text, close + 1) === 58) {
        const raw = text.slice(i + 1, close);
        const key = raw.includes("\\") ? JSON.parse(text.slice(i, close + 1)) : raw;
        const first = keys.get(key);
        if (first !== void 0) {
          const [a, b] = [lineAt(text, first), lineAt(text, i)];
          const where = a === b ? `twice on line ${b}` : `twice, on lines ${a} and ${b}`;
          return {
            line: b,
            message: `${JSON.stringify(key).slice(0, 200)} is written ${where}: JSON would silently keep only the last one, so neither is read; delete the one you do not mean`
          };
        }
        keys.set(key, i);
      }
      i = close;
    } else if (c === 123 || c === 91) {
      frames.push(c === 123 ? /* @__PURE__ */ new Map() : null);
      if (frames.length > MAX_JSON_DEPTH) {
        return { line: lineAt(text, i), message: `a value is nested deeper than ${MAX_JSON_DEPTH} levels, which flakeguard never writes nor reads` };
      }
    } else if (c === 125 || c === 93) {
      frames.pop();
    }
  }
  return void 0;
}

// src/store/layout.ts
var SCHEMA_VERSION = 4;
var META_FILE = "flakeguard.json";
var RUNS_FILE = "runs.json";
var TESTS_PER_SHARD = 1e3;
function shardOf(id, shards) {
  let hash = 2166136261;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) % shards;
}
function shardCountFor(tests) {
  let shards = 1;
  while (shards * TESTS_PER_SHARD < tests && shards < 4096) shards *= 2;
  return shards;
}
function shardName(index, shards) {
  const width = Math.max(2, (shards - 1).toString(16).length);
  return index.toString(16).padStart(width, "0");
}
var HISTORY_DIR = "history/";
function historyPath(index, shards) {
  return `${HISTORY_DIR}${shardName(index, shards)}.json`;
}
function quietPath(index, shards) {
  return `${HISTORY_DIR}quiet-${shardName(index, shards)}.json`;
}
var QUIET_FROM_SHARDS = 2;
function isQuietPath(path) {
  return /^history\/quiet-[0-9a-f]+\.json$/.test(path);
}
function statsPath(index, shards) {
  return `stats/${shardName(index, shards)}.json`;
}
function renderLineObject(schema, key, entries) {
  const sorted = [...entries].sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  const lines = sorted.map(([id, value]) => `${JSON.stringify(id)}: ${JSON.stringify(value)}`);
  return `{"schema": ${schema}, "${key}": {
${lines.join(",\n")}
}}
`;
}
function errorLine(text, error) {
  const message = error instanceof Error ? error.message : "";
  const lineCol = /line (\d+)/.exec(message);
  if (lineCol) return Number(lineCol[1]);
  const position = /position (\d+)/.exec(message);
  if (position) return text.slice(0, Number(position[1])).split("\n").length;
  return void 0;
}
function parseLineObject(file, text, key) {
  const stripped = text.replace(/^\uFEFF/, "");
  let parsed;
  try {
    parsed = JSON.parse(stripped);
  } catch (error) {
    return { problems: [{ file, line: locateBrokenLine(stripped) ?? errorLine(stripped, error), message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }] };
  }
  const fault = strictJsonFault(stripped, parsed);
  if (fault) return { problems: [{ file, line: fault.line, message: fault.message }] };
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { problems: [{ file, line: 1, message: "expected a JSON object" }] };
  }
  const record = parsed;
  const schema = typeof record.schema === "number" ? record.schema : 1;
  const body = record[key];
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { problems: [{ file, line: 1, message: `expected a "${key}" object` }] };
  }
  const entries = /* @__PURE__ */ new Map();
  for (const key2 in body) entries.set(key2, body[key2]);
  let lines;
  const lineOf = (id) => {
    if (!lines) {
      lines = /* @__PURE__ */ new Map();
      const rows = stripped.split("\n");
      for (let i = 0; i < rows.length; i++) {
        const match = /^\s*("(?:[^"\\]|\\.)*")\s*:/.exec(rows[i]);
        if (!match) continue;
        try {
          const key2 = JSON.parse(match[1]);
          if (entries.has(key2) && !lines.has(key2)) lines.set(key2, i + 1);
        } catch {
        }
      }
    }
    return lines.get(id);
  };
  return { value: { root: record, schema, entries, lineOf }, problems: [] };
}
function locateBrokenLine(text) {
  const rows = text.split("\n");
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i].trim();
    if (row === "" || row === "}}" || row.startsWith('{"schema"')) continue;
    try {
      JSON.parse(`{${row.replace(/,$/, "")}}`);
    } catch {
      return i + 1;
    }
  }
  return void 0;
}
function renderMeta(meta) {
  const ingested = Object.entries(meta.ingested).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  const lines = ingested.map(([key, time]) => `  ${JSON.stringify(key)}: ${time}`);
  const window = meta.window ? `"window": [${meta.window.maxRuns}, ${meta.window.oldestKept}], ` : "";
  const price = meta.costPerMinute !== void 0 ? `"costPerMinute": ${meta.costPerMinute}, ` : "";
  return `{"schema": ${meta.schema}, "shards": ${meta.shards}, "writes": ${meta.writes}, ${window}${price}"ingested": {
${lines.join(",\n")}
}}
`;
}
function parseMeta(text) {
  const { value, problems } = parseLineObject(META_FILE, text, "ingested");
  if (!value) return { problems };
  const raw = value.root;
  const bad = (message, line = 1) => ({ problems: [{ file: META_FILE, line, message }] });
  if (!Number.isInteger(raw.schema) || raw.schema < 1) return bad(`"schema" must be a positive whole number, got ${JSON.stringify(raw.schema ?? null).slice(0, 40)}`);
  const schema = raw.schema;
  if (schema > SCHEMA_VERSION) return bad(`written in schema ${schema} by a newer flakeguard; this version reads schemas 1 to ${SCHEMA_VERSION} (update the action)`);
  if (!Number.isInteger(raw.shards) || raw.shards < 1 || raw.shards > 65536) {
    return bad(`"shards" must be a whole number from 1 to 65536, got ${JSON.stringify(raw.shards ?? null).slice(0, 40)}`);
  }
  if (raw.writes !== void 0 && (!Number.isInteger(raw.writes) || raw.writes < 0)) {
    return bad(`"writes" must be a whole number, got ${JSON.stringify(raw.writes).slice(0, 40)}`);
  }
  const ingested = /* @__PURE__ */ Object.create(null);
  for (const [key, time] of value.entries) {
    if (typeof time !== "number" || !Number.isFinite(time)) {
      return bad(`the ingestion key ${JSON.stringify(key).slice(0, 120)} must map to a time in ms, got ${JSON.stringify(time ?? null).slice(0, 40)}`, value.lineOf(key) ?? 1);
    }
    ingested[key] = time;
  }
  let window;
  if (raw.window !== void 0) {
    const w = raw.window;
    if (!Array.isArray(w) || w.length !== 2 || !Number.isSafeInteger(w[0]) || w[0] < 1 || typeof w[1] !== "number" || !Number.isFinite(w[1])) {
      return bad(`"window" must be [most runs, oldest time kept in ms], got ${JSON.stringify(w).slice(0, 60)}`);
    }
    window = { maxRuns: w[0], oldestKept: w[1] };
  }
  const meta = { schema, shards: raw.shards, writes: raw.writes ?? 0, ingested: { ...ingested } };
  if (window) meta.window = window;
  const price = costPerMinuteOf(raw.costPerMinute);
  if (price !== void 0) meta.costPerMinute = price;
  return { meta, problems: [] };
}
function parseOverride(raw) {
  if (raw === null || raw === void 0 || raw === "") return { override: null };
  if (raw === "quarantine" || raw === "never") return { override: { action: raw } };
  if (typeof raw === "string") {
    return { override: null, problem: `override must be "quarantine", "never" or null, got ${JSON.stringify(raw).slice(0, 80)}` };
  }
  if (typeof raw !== "object" || Array.isArray(raw)) {
    return { override: null, problem: 'override must be "quarantine", "never", null or an object {"action", "reason", "until", "cells"}' };
  }
  const o = raw;
  if (o.action !== "quarantine" && o.action !== "never") {
    return { override: null, problem: `override.action must be "quarantine" or "never", got ${JSON.stringify(o.action ?? null).slice(0, 80)}` };
  }
  const override = { action: o.action };
  if (o.reason !== void 0) {
    if (typeof o.reason !== "string") return { override: null, problem: "override.reason must be a string" };
    override.reason = o.reason;
  }
  if (o.until !== void 0 && o.until !== null) {
    const until = readUntil(o.until);
    if ("problem" in until) return { override: null, problem: `override.until ${until.problem}` };
    override.until = o.until;
  }
  if (o.cells !== void 0 && o.cells !== null) {
    const cells = readOverrideCells(o.cells, o.action);
    if ("problem" in cells) return { override: null, problem: cells.problem };
    override.cells = cells.cells;
  }
  return { override };
}
function readOverrideCells(raw, action) {
  if (action !== "quarantine") return { problem: 'override.cells applies only to "action": "quarantine" (a "never" override covers every cell)' };
  if (!Array.isArray(raw) || raw.length === 0) return { problem: `override.cells must be a non-empty list of cells like ["os=windows-latest"], got ${JSON.stringify(raw).slice(0, 80)}` };
  if (raw.length > MAX_OVERRIDE_CELLS) return { problem: `override.cells names ${raw.length} cells, more than the ${MAX_OVERRIDE_CELLS} flakeguard reads` };
  const cells = /* @__PURE__ */ new Set();
  for (const item of raw) {
    const read = readCell(item);
    if ("problem" in read) return { problem: `override.cells: each cell ${read.problem}` };
    cells.add(read.cell);
  }
  return { cells: [...cells].sort() };
}
var UNTIL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2})))?$/;
function readUntil(value) {
  const shown = JSON.stringify(value ?? null).slice(0, 80);
  const wrong = (why) => ({ problem: `must be a date like 2026-12-31 (or a time like 2026-12-31T18:00:00Z), got ${shown}${why ? `: ${why}` : ""}` });
  if (typeof value !== "string") return wrong("");
  const m = UNTIL.exec(value);
  if (!m) return wrong("");
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12) return wrong(`there is no month ${m[2]}`);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return wrong(`${m[1]}-${m[2]} has no day ${m[3]}`);
  if (m[4] === void 0) return { end: Date.UTC(year, month - 1, day) + 864e5 - 1 };
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) return wrong("there is no such time of day");
  if (m[8] !== void 0 && (Number(m[8]) > 23 || Number(m[9]) > 59)) return wrong("there is no such UTC offset");
  const end = Date.parse(value);
  return Number.isNaN(end) ? wrong("") : { end };
}
function overrideExpired(override, now) {
  if (!override.until) return false;
  const until = readUntil(override.until);
  return "problem" in until || now > until.end;
}
function renderStatsShard(lines) {
  return renderLineObject(SCHEMA_VERSION, "tests", lines);
}

export {
  strictJsonFault,
  SCHEMA_VERSION,
  META_FILE,
  RUNS_FILE,
  shardOf,
  shardCountFor,
  HISTORY_DIR,
  historyPath,
  quietPath,
  QUIET_FROM_SHARDS,
  isQuietPath,
  statsPath,
  renderLineObject,
  parseLineObject,
  renderMeta,
  parseMeta,
  parseOverride,
  readUntil,
  overrideExpired,
  renderStatsShard
};
