import {
  InputError,
  parseBoolean
} from "./shared-config-inputs.js";

// src/config/mode-inputs.ts
var MODES = ["run", "upload", "aggregate", "ingest-workflow-run", "diagnose"];
function readModeInputs(get) {
  const modeRaw = (get("mode") || "run").toLowerCase();
  if (!MODES.includes(modeRaw)) {
    throw new InputError(`Input 'mode' must be one of ${MODES.join(", ")}, got '${modeRaw.slice(0, 80)}'.`);
  }
  const splitRaw = (get("split-history-by") || "none").toLowerCase();
  if (splitRaw !== "none" && splitRaw !== "job-key") {
    throw new InputError(`Input 'split-history-by' must be 'job-key' or 'none', got '${splitRaw.slice(0, 80)}'.`);
  }
  const uploadResults = parseBoolean("upload-results", get("upload-results"), true);
  const inputs = { mode: modeRaw, splitHistoryBy: splitRaw, uploadResults };
  const expected = readExpectedShards(get("expected-shards"));
  if (expected) inputs.expectedShards = expected;
  return inputs;
}
function readExpectedShards(raw) {
  const text = raw.trim();
  if (text === "") return void 0;
  if (/^\d+$/.test(text)) {
    const count = Number(text);
    if (count < 1 || count > 256) throw new InputError(`Input 'expected-shards' must be from 1 to 256 shards, got ${count}.`);
    return { count };
  }
  if (text.startsWith("[")) {
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new InputError(`Input 'expected-shards' starts with '[' but is not a JSON array.`);
    }
    if (!Array.isArray(parsed) || parsed.length === 0) throw new InputError(`Input 'expected-shards' must list at least one shard.`);
    return { keys: checkKeys(parsed.map((k) => typeof k === "string" ? k : JSON.stringify(k))) };
  }
  const keys = [];
  let current = "";
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (current === "" && (trimmed === "" || trimmed.startsWith("#"))) continue;
    current = current === "" ? trimmed : `${current} ${trimmed}`;
    if (balanced(current)) {
      keys.push(current);
      current = "";
    }
  }
  if (current !== "") throw new InputError(`Input 'expected-shards' has an unterminated JSON object: '${current.slice(0, 80)}'.`);
  return { keys: checkKeys(keys) };
}
function balanced(text) {
  if (!text.startsWith("{")) return true;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}") depth--;
  }
  return depth === 0 && !inString;
}
function checkKeys(keys) {
  if (keys.length === 0) throw new InputError(`Input 'expected-shards' must list at least one shard.`);
  if (keys.length > 256) throw new InputError(`Input 'expected-shards' lists ${keys.length} shards; at most 256.`);
  return keys;
}
var DIAGNOSE_DEFAULTS = { executions: 8, budget: 1e3 };
function readDiagnoseInputs(get) {
  const raw = get("diagnose-budget").trim();
  let budget = { executions: DIAGNOSE_DEFAULTS.budget };
  const m = /^(\d{1,7})\s*(m|min|minutes)?$/i.exec(raw);
  if (raw !== "" && !m) throw new InputError(`Input 'diagnose-budget' must be a number of test executions (600) or of minutes (30m), got '${raw.slice(0, 80)}'.`);
  if (m) budget = m[2] ? { minutes: Math.max(1, Number(m[1])) } : { executions: Math.max(1, Number(m[1])) };
  const rawN = get("diagnose-executions").trim();
  const executions = rawN === "" ? DIAGNOSE_DEFAULTS.executions : Number(rawN);
  if (!Number.isInteger(executions) || executions < 7 || executions > 200) {
    throw new InputError(`Input 'diagnose-executions' must be a whole number from 7 to 200 (below 7 no variation can change the category: docs/diagnose.md), got '${rawN.slice(0, 80)}'.`);
  }
  return { budget, executions };
}

export {
  readModeInputs,
  readDiagnoseInputs
};
