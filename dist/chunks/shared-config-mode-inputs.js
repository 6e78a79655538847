const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { rm } = require("node:fs/promises");
import {
  contextFromEnv,
  dataRemote
} from "./shared-config-context.js";
import {
  DataRepo
} from "./shared-store-git.js";
import {
  InputError,
  inputsFromEnv,
  parseBoolean,
  readInputs
} from "./shared-config-inputs.js";

// src/action/early-clone.ts

// src/config/mode-inputs.ts
var MODES = ["run", "upload", "aggregate", "ingest-workflow-run"];
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

// src/action/early-clone.ts
async function cloneAhead(env, port) {
  let message = { kind: "none" };
  try {
    const get = inputsFromEnv(env);
    if (readModeInputs(get).mode === "run") {
      const inputs = readInputs(get);
      const ctx = contextFromEnv(env);
      const inbox = !(inputs.readOnly || ctx.fromFork);
      const remote = await dataRemote(inputs, ctx);
      const repo = await DataRepo.open(remote, inputs.dataBranch, inputs.token, ctx.runnerTemp || void 0);
      const fetched = await repo.fetchWithInbox(inbox).then(
        (ok) => ({ ok }),
        (error) => ({ error: error instanceof Error ? error.message : String(error) })
      );
      message = { kind: "clone", clone: { dir: repo.dir, remote, branch: inputs.dataBranch, inbox, fetched } };
    }
  } catch {
  }
  port.postMessage(message);
  port.close();
}
function cloneFrom(port) {
  return new Promise((resolve) => {
    port.once("message", (message) => {
      port.close();
      resolve(message.kind === "clone" ? message.clone : void 0);
    });
    port.once("close", () => resolve(void 0));
  });
}
async function openClone(early, remote, branch, token, inbox, tempRoot) {
  const clone = await early;
  if (clone && clone.remote === remote && clone.branch === branch && clone.inbox === inbox) {
    const fetched = "ok" in clone.fetched ? Promise.resolve(clone.fetched.ok) : Promise.reject(new Error(clone.fetched.error));
    return DataRepo.adopt(clone.dir, remote, branch, token, inbox, fetched);
  }
  if (clone) await rm(clone.dir, { recursive: true, force: true });
  const repo = await DataRepo.open(remote, branch, token, tempRoot);
  repo.prefetch(inbox);
  return repo;
}

export {
  readModeInputs,
  cloneAhead,
  cloneFrom,
  openClone
};
