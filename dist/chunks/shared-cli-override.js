import {
  editDistance
} from "./shared-text-edit-distance.js";
import {
  statsFileOf
} from "./shared-store-snapshot.js";
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

// src/cli/suggest.ts
function nearest(word, known) {
  const w = word.toLowerCase();
  const limit = Math.min(2, Math.ceil(w.length / 2) - 1);
  if (limit < 1) return void 0;
  let best;
  let bestDistance = limit + 1;
  for (const candidate of known) {
    const d = editDistance(w, candidate.toLowerCase(), Math.min(limit, bestDistance - 1));
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

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
function shownId(id, max = 300) {
  const named = { "\n": "\\n", "\r": "\\r", "	": "\\t" };
  const out = [...id.slice(0, max)].map((c) => {
    if (named[c]) return named[c];
    if (new RegExp("\\p{Cc}", "u").test(c)) return `\\x${c.codePointAt(0).toString(16).padStart(2, "0")}`;
    if (/[\p{Cf}\u2028\u2029]/u.test(c)) return `\\u{${c.codePointAt(0).toString(16)}}`;
    return c;
  }).join("");
  return id.length > max ? `${out}\u2026` : out;
}
function knownIds(snapshot) {
  return /* @__PURE__ */ new Set([...snapshot.stats.keys(), ...snapshot.history.keys(), ...snapshot.overrides.keys()]);
}
function listIds(ids) {
  const shown = ids.slice(0, 10).map((id) => `  ${shownId(id)}`).join("\n");
  return `${shown}${ids.length > 10 ? `
  \u2026and ${ids.length - 10} more` : ""}`;
}
function findTests(snapshot, query) {
  const ids = knownIds(snapshot);
  if (ids.has(query)) return [query];
  const q = query.toLowerCase();
  return [...ids].filter((id) => id.toLowerCase().includes(q)).sort();
}
function resolveTest(snapshot, query) {
  const found = findTests(snapshot, query);
  if (found.length === 1) return found[0];
  if (found.length === 0) throw new CliError(`No test matches '${shownId(query)}' on the data branch (${(/* @__PURE__ */ new Set([...snapshot.stats.keys(), ...snapshot.history.keys()])).size} tests there).`);
  throw new CliError(`'${shownId(query)}' matches ${found.length} tests; give the full id:
${listIds(found)}`);
}
var MAX_MATCHED = 100;
function selectTests(snapshot, pick) {
  const ids = knownIds(snapshot);
  if ("match" in pick) {
    const q2 = pick.match.toLowerCase();
    const found = [...ids].filter((id) => id.toLowerCase().includes(q2)).sort();
    if (found.length === 0) throw new CliError(`--match '${shownId(pick.match)}': no test id on the data branch contains it (${ids.size} tests there).`);
    if (found.length > MAX_MATCHED)
      throw new CliError(`--match '${shownId(pick.match)}' names ${found.length} tests, more than the ${MAX_MATCHED} one hand edit changes: narrow it. The first of them:
${listIds(found)}`);
    return found;
  }
  if (ids.has(pick.id)) return [pick.id];
  const q = pick.id.toLowerCase();
  const containing = [...ids].filter((id) => id.toLowerCase().includes(q)).sort();
  if (containing.length > 0) {
    const use = containing.length === 1 ? "give that full id" : "give one full id";
    throw new CliError(
      `No test has the exact id '${shownId(pick.id)}'; ${containing.length} ${containing.length === 1 ? "id contains" : "ids contain"} it (${use}, or --match '${shownId(pick.id)}' for ${containing.length === 1 ? "it" : "all of them"}):
${listIds(containing)}`
    );
  }
  const guess = pick.id.length <= 500 ? nearest(
    pick.id,
    [...ids].filter((id) => Math.abs(id.length - pick.id.length) <= 2)
  ) : void 0;
  throw new CliError(`No test has the exact id '${shownId(pick.id)}' on the data branch (${ids.size} tests there).${guess ? ` Did you mean '${shownId(guess)}'?` : ""}`);
}
var ENTRY_LINE = /^(\s*)("(?:[^"\\]|\\.)*")(\s*:\s*)(.*?)(,?)\s*$/;
function editOverride(files, snapshot, query, value) {
  return editExact(files, snapshot, resolveTest(snapshot, query), value);
}
function editExact(files, snapshot, id, value) {
  const edit = editLine(files, snapshot, id, value);
  const cellsRun = [...new Set((snapshot.history.get(id)?.runs ?? []).flatMap((r) => r.cell !== void 0 ? [r.cell] : []))].sort();
  return { ...edit, cellsRun };
}
function planOverrides(files, snapshot, ids, value) {
  const edits = [];
  let current = files;
  for (const id of ids) {
    const edit = editExact(current, snapshot, id, value);
    edits.push(edit);
    current = edit.files;
  }
  return edits;
}
var unchanged = (edit) => JSON.stringify(edit.before) === JSON.stringify(edit.after);
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
  nearest,
  CliError,
  overrideValue,
  shownId,
  findTests,
  resolveTest,
  MAX_MATCHED,
  selectTests,
  editOverride,
  editExact,
  planOverrides,
  unchanged
};
