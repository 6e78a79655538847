const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { appendFileSync, closeSync, openSync, readSync, statSync, writeFileSync } = require("node:fs");
const { createHash, randomUUID } = require("node:crypto");
const { EOL } = require("node:os");
import {
  commandText
} from "./shared-text-escape.js";
import {
  setFailed,
  setOutput
} from "./shared-actions-core.js";

// src/github/step-files.ts
var STEP_FILE_VARIABLES = ["GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY", "GITHUB_ENV", "GITHUB_PATH", "GITHUB_STATE"];
var KEEP_BYTES = 16 << 20;
var step = {
  watched: /* @__PURE__ */ new Map(),
  /** Bytes held in `kept` across the files, at most KEEP_BYTES. */
  keptBytes: 0,
  /** The last value flakeguard gave each output, to write them again after another process's lines. */
  outputs: /* @__PURE__ */ new Map()
};
var { watched, outputs } = step;
function readWhole(path, limit) {
  const hash = createHash("sha256");
  const parts = [];
  let size = 0;
  const fd = openSync(path, "r");
  try {
    const chunk = Buffer.alloc(64 << 10);
    for (let n; (n = readSync(fd, chunk, 0, chunk.length, null)) > 0; ) {
      hash.update(chunk.subarray(0, n));
      if (size + n <= limit) parts.push(Buffer.from(chunk.subarray(0, n)));
      size += n;
    }
  } finally {
    closeSync(fd);
  }
  return { size, hash, ...size <= limit ? { content: Buffer.concat(parts) } : {} };
}
function watchStepFiles(env = process.env) {
  watched.clear();
  outputs.clear();
  step.keptBytes = 0;
  for (const variable of STEP_FILE_VARIABLES) {
    const path = env[variable];
    if (!path) continue;
    try {
      const read = readWhole(path, KEEP_BYTES - step.keptBytes);
      if (read.content) step.keptBytes += read.size;
      watched.set(variable, { path, size: read.size, hash: read.hash, kept: read.content ? [read.content] : void 0 });
    } catch {
    }
  }
}
function append(variable, path, text) {
  const bytes = Buffer.from(text, "utf8");
  appendFileSync(path, bytes);
  const w = watched.get(variable);
  if (!w || w.path !== path) return;
  w.size += bytes.length;
  w.hash.update(bytes);
  if (w.kept && step.keptBytes + bytes.length <= KEEP_BYTES) {
    w.kept.push(bytes);
    step.keptBytes += bytes.length;
  } else if (w.kept) {
    step.keptBytes -= w.kept.reduce((n, b) => n + b.length, 0);
    w.kept = void 0;
  }
}
function commandValue(value) {
  if (value === null || value === void 0) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}
function setOutput2(name, value) {
  const text = commandValue(value);
  outputs.set(name, text);
  const path = process.env.GITHUB_OUTPUT;
  if (!path) {
    setOutput(name, text);
    return;
  }
  const delimiter = `ghadelimiter_${randomUUID()}`;
  if (name.includes(delimiter) || text.includes(delimiter)) throw new Error(`Unexpected input: name or value contains the delimiter ${delimiter}`);
  append("GITHUB_OUTPUT", path, `${name}<<${delimiter}${EOL}${text}${EOL}${delimiter}${EOL}`);
}
async function appendSummary(markdown) {
  const path = process.env.GITHUB_STEP_SUMMARY;
  if (!path) throw new Error("Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.");
  append("GITHUB_STEP_SUMMARY", path, markdown);
}
function checkStepFiles() {
  const found = [];
  for (const [variable, w] of watched) {
    let what;
    try {
      const size = statSync(w.path).size;
      if (size > w.size) what = `${size - w.size} bytes more than flakeguard wrote`;
      else if (size < w.size) what = `${w.size - size} bytes fewer than flakeguard wrote: some of its lines were removed`;
      else if (readWhole(w.path, 0).hash.digest("hex") !== w.hash.copy().digest("hex")) what = "the same size as what flakeguard wrote, other content";
    } catch (error) {
      what = `it could not be read any more (${error instanceof Error ? error.message : String(error)})`;
    }
    if (what) found.push({ variable, path: w.path, what });
  }
  return found;
}
function restore(variable) {
  const w = watched.get(variable);
  if (!w?.kept) return false;
  try {
    writeFileSync(w.path, Buffer.concat(w.kept));
    return true;
  } catch {
    return false;
  }
}
var NAMES = {
  GITHUB_OUTPUT: "the step's outputs (GITHUB_OUTPUT)",
  GITHUB_STEP_SUMMARY: "this summary (GITHUB_STEP_SUMMARY)",
  GITHUB_ENV: "the environment of the later steps (GITHUB_ENV)",
  GITHUB_PATH: "the PATH of the later steps (GITHUB_PATH)",
  GITHUB_STATE: "the step's saved state (GITHUB_STATE)"
};
function verifyStepFiles() {
  const tampered = checkStepFiles();
  if (tampered.length === 0) return true;
  const restored = new Set(tampered.filter((t) => restore(t.variable)).map((t) => t.variable));
  for (const t of tampered) {
    const fix = restored.has(t.variable) ? "flakeguard put the file back to what it wrote" : "flakeguard could not put the file back: do not trust it";
    setFailed(
      commandText(
        `Something other than flakeguard wrote to ${t.variable} during this step (${t.what}): a process running as the runner's user, such as one a re-run command or an earlier step left behind, may have forged ${NAMES[t.variable]}; ${fix}. The step fails (docs/rerun.md, "What a re-run command can do").`,
        2e3
      )
    );
  }
  try {
    if (watched.has("GITHUB_OUTPUT")) {
      for (const [name, value] of [...outputs].filter(([name2]) => name2 !== "outcome")) setOutput2(name, value);
    }
    setOutput2("outcome", "failure");
  } catch (error) {
    setFailed(commandText(`flakeguard could not write its outputs again: ${error instanceof Error ? error.message : String(error)}`, 1e3));
  }
  const names = tampered.map((t) => NAMES[t.variable]);
  const files = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  const summaryNote = `
> [!CAUTION]
> **Something other than flakeguard wrote to ${files} during the step.** ${restored.size === tampered.length ? "flakeguard removed what it did not write" : "What flakeguard did not write may still be there"}, and the step fails. Any process running as the runner's user can do this, such as one a re-run command or an earlier step left behind (docs/rerun.md, "What a re-run command can do").
`;
  appendSummary(summaryNote).catch(() => void 0);
  return false;
}

export {
  watchStepFiles,
  setOutput2 as setOutput,
  appendSummary,
  verifyStepFiles
};
