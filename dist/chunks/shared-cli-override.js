import {
  statsFileOf
} from "./shared-store-history-format.js";
import {
  SCHEMA_VERSION,
  parseLineObject,
  parseOverride,
  readUntil,
  renderLineObject
} from "./shared-store-layout.js";
import {
  MAX_OVERRIDE_CELLS,
  readCell
} from "./shared-history-cell.js";

// src/cli/override.ts
var CliError = class extends Error {
};
function overrideCells(action, cells) {
  if (action !== "quarantine") throw new CliError('--cells goes with quarantine: a release ("never") covers every cell.');
  if (cells.length > MAX_OVERRIDE_CELLS) throw new CliError(`--cells names ${cells.length} cells, more than the ${MAX_OVERRIDE_CELLS} flakeguard reads.`);
  const out = /* @__PURE__ */ new Set();
  for (const raw of cells) {
    const read = readCell(raw);
    if ("problem" in read) throw new CliError(`--cells ${raw.slice(0, 80)}: a cell ${read.problem}.`);
    out.add(read.cell);
  }
  return [...out].sort();
}
function overrideValue(request, now) {
  if (request.action === "auto") return null;
  if (request.until !== void 0) {
    const until = readUntil(request.until);
    if ("problem" in until) throw new CliError(`--until ${until.problem}.`);
    if (now > until.end) {
      throw new CliError(`--until ${request.until} is already past: the override would lapse at once.`);
    }
  }
  if (request.reason !== void 0 && request.reason.length > 500) throw new CliError("--reason is limited to 500 characters.");
  const cells = request.cells !== void 0 ? overrideCells(request.action, request.cells) : void 0;
  const value = request.reason === void 0 && request.until === void 0 && cells === void 0 ? request.action : {
    action: request.action,
    ...request.reason !== void 0 ? { reason: request.reason } : {},
    ...request.until !== void 0 ? { until: request.until } : {},
    ...cells !== void 0 ? { cells } : {}
  };
  const { problem } = parseOverride(value);
  if (problem) throw new CliError(problem);
  return value;
}
function findTests(snapshot, query) {
  const ids = /* @__PURE__ */ new Set([...snapshot.stats.keys(), ...snapshot.history.keys(), ...snapshot.overrides.keys()]);
  if (ids.has(query)) return [query];
  const q = query.toLowerCase();
  return [...ids].filter((id) => id.toLowerCase().includes(q)).sort();
}
function resolveTest(snapshot, query) {
  const found = findTests(snapshot, query);
  if (found.length === 1) return found[0];
  if (found.length === 0) throw new CliError(`No test matches '${query}' on the data branch (${(/* @__PURE__ */ new Set([...snapshot.stats.keys(), ...snapshot.history.keys()])).size} tests there).`);
  const shown = found.slice(0, 10).map((id) => `  ${id}`).join("\n");
  throw new CliError(`'${query}' matches ${found.length} tests; give the full id:
${shown}${found.length > 10 ? `
  \u2026and ${found.length - 10} more` : ""}`);
}
var ENTRY_LINE = /^(\s*)("(?:[^"\\]|\\.)*")(\s*:\s*)(.*?)(,?)\s*$/;
function editOverride(files, snapshot, query, value) {
  const id = resolveTest(snapshot, query);
  const edit = editLine(files, snapshot, id, value);
  const cellsRun = [...new Set((snapshot.history.get(id)?.runs ?? []).flatMap((r) => r.cell !== void 0 ? [r.cell] : []))].sort();
  return { ...edit, cellsRun };
}
function editLine(files, snapshot, id, value) {
  const path = statsFileOf(snapshot, id);
  const text = files.get(path);
  if (snapshot.brokenStats.has(path)) {
    const problem = snapshot.problems.find((p) => p.file === path);
    throw new CliError(`${path}${problem?.line ? `:${problem.line}` : ""} is broken (${problem?.message ?? "unreadable"}): fix it first; flakeguard never overwrites a broken file.`);
  }
  const hasHistory = snapshot.history.has(id);
  if (text === void 0) {
    if (!hasHistory) throw new CliError(`'${id}' has no stats line yet (${path} is missing): run flakeguard once with it first.`);
    const created = renderLineObject(SCHEMA_VERSION, "tests", [[id, { override: value }]]);
    return { files: new Map([...files, [path, created]]), id, path, line: 2, before: null, after: value };
  }
  const parsed = parseLineObject(path, text, "tests");
  const entry = parsed.value?.entries.get(id);
  const lineNo = parsed.value?.lineOf(id);
  if (parsed.value && entry === void 0 && hasHistory) {
    const added = renderLineObject(parsed.value.schema, "tests", [...parsed.value.entries, [id, { override: value }]]);
    const reread2 = parseLineObject(path, added, "tests");
    return { files: new Map([...files, [path, added]]), id, path, line: reread2.value?.lineOf(id) ?? 1, before: null, after: value };
  }
  if (!parsed.value || typeof entry !== "object" || entry === null) throw new CliError(`'${id}' has no stats line in ${path}.`);
  const before = entry.override ?? null;
  const updated = { ...entry, override: value };
  const out = new Map(files);
  const rows = text.split("\n");
  const match = lineNo !== void 0 ? ENTRY_LINE.exec(rows[lineNo - 1]) : null;
  let lineValueParses = false;
  if (match) {
    try {
      JSON.parse(match[4]);
      lineValueParses = true;
    } catch {
    }
  }
  if (match && lineValueParses) {
    rows[lineNo - 1] = `${match[1]}${match[2]}${match[3]}${JSON.stringify(updated)}${match[5]}`;
    out.set(path, rows.join("\n"));
  } else {
    const entries = [...parsed.value.entries].map(([key, v]) => [key, key === id ? updated : v]);
    out.set(path, renderLineObject(parsed.value.schema, "tests", entries));
  }
  const reread = parseLineObject(path, out.get(path), "tests");
  return { files: out, id, path, line: reread.value?.lineOf(id) ?? lineNo ?? 1, before, after: value };
}

export {
  CliError,
  overrideValue,
  resolveTest,
  editOverride
};
