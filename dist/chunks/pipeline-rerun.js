const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { createHash } = require("node:crypto");
const { join: join3 } = require("node:path");
const { access, constants, readdir, readFile, stat } = require("node:fs/promises");
const { delimiter, join } = require("node:path");
const { spawn } = require("node:child_process");
const { randomUUID } = require("node:crypto");
const { mkdir, rm, stat: stat2, writeFile } = require("node:fs/promises");
const { join: join2 } = require("node:path");
const { readdirSync, readFileSync } = require("node:fs");
import {
  findPreset,
  shellLine,
  shellQuote
} from "./shared-rerun-presets-args.js";
import {
  capName,
  displayPath,
  finalAttemptFailed,
  findOutages,
  judgeFailures,
  parseReportFile,
  quarantineBefore,
  testId,
  twinName
} from "./shared-junit-xml.js";
import {
  answerKey,
  combineParts,
  finishRerun,
  ranIn,
  recordRound,
  rerunTestOf,
  roundCases,
  setAside,
  startRerun,
  stopRerun
} from "./shared-rerun-plan.js";
import {
  IMPLAUSIBLE,
  NO_HISTORY,
  failureCounts
} from "./shared-rerun-stopping.js";
import {
  allocateBudget,
  thresholdedFlakiness
} from "./shared-scoring-thresholded.js";
import {
  emptySnapshot
} from "./shared-store-history-format.js";
import "./shared-history-stored.js";
import "./shared-history-merge.js";
import {
  error,
  group,
  info,
  notice,
  warning
} from "./shared-actions-http-client.js";
import "./shared-store-decisions.js";
import "./shared-store-layout.js";
import "./shared-undici.js";
import {
  isFailure
} from "./shared-model.js";
import {
  commandText,
  logText
} from "./shared-text-escape.js";
import "./shared-runtime.js";

// src/pipeline/rerun.ts

// src/rerun/context-rounds.ts
function earlierInFile(tests, target) {
  const out = [];
  const sameFile = (t) => target.file !== void 0 && target.file !== "" && t.file === target.file;
  for (const t of tests) {
    if (t.id === target.id && t.report === target.report) return out;
    if (t.report !== target.report || !(t.suite === target.suite || sameFile(t))) continue;
    if (t.attempts.some((a) => a.status !== "skipped")) out.push(t);
  }
  return out;
}
function choose(n, k) {
  let r = 1;
  for (let i = 1; i <= k; i++) r = r * (n - k + i) / i;
  return r;
}
function pairsChance(pairs) {
  return 1 / choose(2 * pairs, pairs);
}
function pairsNeeded(candidates, threshold = IMPLAUSIBLE) {
  const t = threshold / Math.max(1, candidates);
  let j = 1;
  while (pairsChance(j) >= t) j++;
  return j;
}
function named(t) {
  return `\`${t.id}\``;
}
function recordContext(track, pairs, outcome) {
  if (outcome.alone !== void 0) track.alone.push(outcome.alone);
  if (outcome.context !== void 0) track.inContext.push(outcome.context);
  if (track.direction !== "forward") {
    if (track.inContext.some((f) => !f)) {
      track.verdict = "needs-earlier";
      track.sentence = "fails alone, passes in its file after the tests before it: it depends on state they leave";
    } else if (track.inContext.length > 0) track.verdict = "fails-in-context";
    return;
  }
  if (track.alone.some((f) => f) || track.inContext.some((f) => !f)) {
    track.verdict = "flaky-in-context";
    return;
  }
  if (track.inContext.length >= pairs && track.alone.length >= pairs) {
    track.verdict = "order-dependent";
    track.suspects = [...track.earlier];
  }
}
function nextProbe(track) {
  const s = track.suspects;
  if (!s || track.polluter !== void 0 || s.length === 0) return void 0;
  if (s.length === 1) return track.confirming ? void 0 : s;
  return s.slice(0, Math.ceil(s.length / 2));
}
function recordProbe(track, probe, failed) {
  const s = track.suspects ?? [];
  track.probes++;
  if (s.length === 1) {
    track.confirming = true;
    if (failed) track.polluter = s[0];
    else track.suspects = [];
    return;
  }
  const inProbe = new Set(probe.map((t) => t.id));
  track.suspects = failed ? s.filter((t) => inProbe.has(t.id)) : s.filter((t) => !inProbe.has(t.id));
}
function orderSentence(track) {
  const n = track.inContext.length;
  const proof = `failed ${n} of ${n} rounds with its file, passed ${track.alone.length} of ${track.alone.length} alone`;
  return track.polluter ? `fails after ${named(track.polluter)} in its file, passes alone: ${named(track.polluter)} leaves state behind (${proof})` : `fails inside its file, passes alone: a test before it leaves state behind (${proof})`;
}
function contextDirection(c) {
  if (c.reruns.length === 0) return void 0;
  if (c.kind === "extra") return c.verdict === "flaky-extra" && c.reruns.every((a) => a.status === "skipped" || isFailure(a.status)) ? "extra" : void 0;
  if (c.verdict === "proven-flaky") return "forward";
  const failedAll = c.reruns.every((a) => a.status === "skipped" || isFailure(a.status));
  if ((c.verdict === "consistent" || c.verdict === "exhausted") && failedAll) return "reverse";
  return void 0;
}

// src/rerun/detect.ts
var RUNNERS = ["vitest", "jest", "mocha", "node-test", "pytest", "gotestsum"];
var BY_REPORTER = { vitest: "vitest", jest: "jest", mocha: "mocha", pytest: "pytest", gotestsum: "gotestsum" };
var JS_CONFIG = {
  vitest: /^vitest\.(config|workspace)\.[cm]?[jt]s$/,
  jest: /^jest\.config\.([cm]?[jt]s|json)$/,
  mocha: /^\.mocharc(\.(js|cjs|mjs|json|jsonc|yml|yaml))?$/
};
var NODE_TEST_SCRIPT = /(^|[\s;&|(])node(\s+[^\s;&|]+)*?\s+--test(\s|=|$)/;
function namedBy(runner, ws) {
  const pkg = ws.packageJson;
  const out = [];
  if (runner === "vitest" || runner === "jest" || runner === "mocha") {
    if (pkg?.dependencies.includes(runner)) out.push(`package.json depends on ${runner}`);
    const config = ws.files.filter((f) => JS_CONFIG[runner].test(f));
    if (config.length > 0) out.push(`${config.join(", ")} ${config.length === 1 ? "is" : "are"} there`);
    if ((runner === "jest" || runner === "mocha") && pkg?.keys.includes(runner)) out.push(`package.json has a "${runner}" key`);
    if (pkg?.scripts.some((s) => new RegExp(`(^|[\\s;&|(/])${runner}(\\s|$)`).test(s))) out.push(`a package.json script runs ${runner}`);
  } else if (runner === "node-test") {
    if (pkg?.scripts.some((s) => NODE_TEST_SCRIPT.test(s))) out.push("a package.json script runs node --test");
  } else if (runner === "pytest") {
    const files = ["pytest.ini", "conftest.py"].filter((f) => ws.files.includes(f));
    if (files.length > 0) out.push(`${files.join(", ")} ${files.length === 1 ? "is" : "are"} there`);
    if (ws.pytestSection) out.push("pytest's section is in pyproject.toml, setup.cfg or tox.ini");
  } else if (ws.files.includes("go.mod")) {
    out.push("go.mod is there");
  }
  return out;
}
function notStartable(runner, ws) {
  if (runner === "vitest" || runner === "jest" || runner === "mocha") {
    return ws.localBins.includes(runner) ? void 0 : `node_modules/.bin/${runner} is not in the workspace (the preset runs the project's own ${runner})`;
  }
  if (runner === "pytest") return ws.onPath.includes("python3") ? void 0 : "python3 is not on PATH";
  if (runner === "gotestsum") return ws.onPath.includes("gotestsum") ? void 0 : "gotestsum is not on PATH";
  return void 0;
}
function list(names) {
  return names.length <= 1 ? names[0] ?? "" : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
function detectRunner(reporters, ws) {
  const counts = reporters ?? {};
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const marked = Object.keys(counts).filter((r) => r !== "" && BY_REPORTER[r] !== void 0);
  const unmarked = counts[""] ?? 0;
  const cannot = (why, more = []) => ({ why: [`cannot tell which runner wrote the reports: ${why}`, ...more] });
  if (marked.length > 1) {
    return cannot(`they come from ${list(marked.map((r) => `${r} (${counts[r]})`))}, and one preset cannot re-run them all; name the preset (rerun: <preset>) in each job`);
  }
  if (marked.length === 1) {
    const runner = BY_REPORTER[marked[0]];
    const why = [`${counts[marked[0]]} of ${total} report${total === 1 ? "" : "s"} carr${counts[marked[0]] === 1 ? "ies" : "y"} ${marked[0]}'s mark`];
    if (unmarked > 0) why.push(`${unmarked} report${unmarked === 1 ? "" : "s"} carr${unmarked === 1 ? "ies" : "y"} none: ${unmarked === 1 ? "its" : "their"} tests are asked of ${runner} too`);
    const blocked = notStartable(runner, ws);
    if (blocked !== void 0) return cannot(`the reports come from ${runner}, but ${blocked}`, why);
    const named3 = namedBy(runner, ws);
    if (named3.length > 0) why.push(...named3);
    return { preset: runner, why };
  }
  const named2 = RUNNERS.map((r) => ({ runner: r, named: namedBy(r, ws), blocked: notStartable(r, ws) })).filter((c) => c.named.length > 0);
  const startable = named2.filter((c) => c.blocked === void 0);
  const lines = named2.map((c) => `${c.runner}: ${c.named.join("; ")}${c.blocked !== void 0 ? ` (but ${c.blocked})` : ""}`);
  const head = total === 0 ? "no report was read" : `no report carries a reporter's mark (node's junit reporter writes none)`;
  if (startable.length === 1) {
    return { preset: startable[0].runner, why: [`${head}; the workspace names one runner that can start`, ...lines] };
  }
  if (startable.length === 0) {
    return cannot(named2.length === 0 ? `${head}, and nothing in the workspace names a runner with a preset` : `${head}, and no runner the workspace names can start`, lines);
  }
  return cannot(`${head}, and the workspace names ${list(startable.map((c) => c.runner))}`, lines);
}

// src/rerun/workspace.ts
var MAX_FILE = 1024 * 1024;
async function small(path) {
  try {
    const s = await stat(path);
    if (!s.isFile() || s.size > MAX_FILE) return void 0;
    return await readFile(path, "utf8");
  } catch {
    return void 0;
  }
}
async function executable(path) {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
function packageFacts(text) {
  if (text === void 0) return void 0;
  let pkg;
  try {
    pkg = JSON.parse(text);
  } catch {
    return void 0;
  }
  if (typeof pkg !== "object" || pkg === null || Array.isArray(pkg)) return void 0;
  const record = pkg;
  const names = (key) => {
    const v = record[key];
    return typeof v === "object" && v !== null && !Array.isArray(v) ? Object.keys(v) : [];
  };
  const scripts = record.scripts;
  return {
    dependencies: [...names("dependencies"), ...names("devDependencies"), ...names("peerDependencies"), ...names("optionalDependencies")],
    scripts: typeof scripts === "object" && scripts !== null ? Object.values(scripts).filter((s) => typeof s === "string") : [],
    keys: Object.keys(record)
  };
}
async function readWorkspaceFacts(workspace, path = process.env.PATH) {
  let files = [];
  try {
    files = (await readdir(workspace)).slice(0, 1e4);
  } catch {
    files = [];
  }
  const localBins = [];
  for (const bin of ["vitest", "jest", "mocha"]) if (await executable(join(workspace, "node_modules", ".bin", bin))) localBins.push(bin);
  const onPath = [];
  const dirs = (path ?? "").split(delimiter).filter((d) => d !== "");
  for (const command of ["python3", "gotestsum"]) {
    for (const dir of dirs) {
      if (await executable(join(dir, command))) {
        onPath.push(command);
        break;
      }
    }
  }
  const section = async (file, header) => files.includes(file) && header.test(await small(join(workspace, file)) ?? "");
  const pytestSection = await section("pyproject.toml", /^\s*\[tool\.pytest(\.ini_options)?\]/m) || await section("setup.cfg", /^\s*\[tool:pytest\]/m) || await section("tox.ini", /^\s*\[pytest\]/m);
  const packageJson = files.includes("package.json") ? packageFacts(await small(join(workspace, "package.json"))) : void 0;
  return { files, ...packageJson ? { packageJson } : {}, localBins, onPath, pytestSection };
}

// src/rerun/fit.ts
var MAX_ARG_BYTES = 128 * 1024;
var MAX_ARGV_BYTES = 512 * 1024;
var POINTER = 8;
function argvProblem(argv) {
  let total = POINTER;
  for (const arg of argv) {
    const bytes = Buffer.byteLength(arg, "utf8") + 1;
    if (bytes > MAX_ARG_BYTES) {
      return `over the operating system's limit for one argument (${(bytes - 1).toLocaleString("en-US")} bytes; at most ${(MAX_ARG_BYTES - 1).toLocaleString("en-US")})`;
    }
    total += bytes + POINTER;
  }
  if (total > MAX_ARGV_BYTES) {
    return `over the limit for all the arguments of one command (${total.toLocaleString("en-US")} bytes; at most ${MAX_ARGV_BYTES.toLocaleString("en-US")})`;
  }
  return void 0;
}
function commandsProblem(commands) {
  for (const c of commands) {
    const problem = argvProblem(c.argv);
    if (problem !== void 0) return problem;
  }
  return void 0;
}
function fitSelection(items, commandsOf) {
  const parts = [];
  const unfit = [];
  const visit = (slice) => {
    if (slice.length === 0) return;
    const problem = commandsProblem(commandsOf(slice));
    if (problem === void 0) {
      parts.push([...slice]);
      return;
    }
    if (slice.length === 1) {
      unfit.push({ item: slice[0], why: problem });
      return;
    }
    const half = Math.ceil(slice.length / 2);
    visit(slice.slice(0, half));
    visit(slice.slice(half));
  };
  visit(items);
  return { parts, unfit };
}

// src/rerun/budget.ts
function suiteBudget(timeoutSec, tests) {
  let total = 0;
  let known = 0;
  for (const t of tests) {
    const d = t.attempts[t.attempts.length - 1]?.durationSec;
    if (typeof d === "number" && Number.isFinite(d) && d >= 0) {
      total += d;
      known++;
    }
  }
  const average = known > 0 ? Math.max(total / known, 1e-3) : 1;
  return Math.floor(timeoutSec / average);
}
function isNewTest(history, historyId) {
  const h = history.get(historyId);
  return !h || !h.runs.some((r) => r.onDefaultBranch);
}
function planExtras(input) {
  let left = Math.max(0, Math.floor(input.budget) - input.reserved);
  const plans = [];
  const newOnes = input.passing.filter((t) => input.newTests.has(t.id)).sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  for (const t of newOnes) {
    if (left <= 0) break;
    const runs = Math.min(input.perTest, left);
    plans.push({ id: t.id, runs, pool: "new" });
    left -= runs;
  }
  if (left <= 0) return plans;
  const planned = new Set(plans.map((p) => p.id));
  const candidates = [];
  for (const t of input.passing) {
    const hid = input.historyId(t.id);
    if (planned.has(t.id) || input.quarantined.has(hid)) continue;
    const c = failureCounts(input.history.get(hid), input.window);
    const attempts = c.failures + c.passes;
    const observed = attempts > 0 ? c.failures / attempts : 0;
    candidates.push({ id: t.id, flakiness: thresholdedFlakiness(observed), runs: input.history.get(hid)?.runs.length ?? 0 });
  }
  const exploratoryShare = left - Math.round(left * 0.8);
  const targeted = allocateBudget(candidates, { budget: left - exploratoryShare, proportionTargeted: 1, maxTargetedPerTest: input.perTest, seed: input.seed }).filter((a) => a.pool === "targeted");
  for (const a of targeted) {
    const runs = Math.min(Math.max(1, Math.round(a.budget)), left);
    if (runs <= 0) break;
    plans.push({ id: a.id, runs, pool: "targeted" });
    planned.add(a.id);
    left -= runs;
  }
  const rest = candidates.filter((c) => !planned.has(c.id)).map((c) => ({ c, tie: hash(`${input.seed}:${c.id}`) })).sort((x, y) => x.c.runs - y.c.runs || x.tie - y.tie);
  for (const { c } of rest) {
    if (left <= 0) break;
    plans.push({ id: c.id, runs: 1, pool: "exploratory" });
    left -= 1;
  }
  return plans;
}
function hash(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

// src/rerun/process.ts

// src/rerun/leftovers.ts
var ENV_MARK = "FLAKEGUARD_RERUN_MARK";
function leftoverPids(table, root, marked, self) {
  const belongs = /* @__PURE__ */ new Set();
  const children = /* @__PURE__ */ new Map();
  for (const p of table) {
    const list2 = children.get(p.ppid);
    if (list2) list2.push(p.pid);
    else children.set(p.ppid, [p.pid]);
  }
  const queue = [root];
  for (const p of table) {
    if (p.pid === self) continue;
    if (p.pid === root || p.pgrp === root || p.session === root || marked(p.pid)) queue.push(p.pid);
  }
  while (queue.length > 0) {
    const pid = queue.pop();
    if (belongs.has(pid) || pid === self) continue;
    belongs.add(pid);
    for (const child of children.get(pid) ?? []) queue.push(child);
  }
  const alive = new Map(table.map((p) => [p.pid, p]));
  return [...belongs].filter((pid) => {
    const p = alive.get(pid);
    return p !== void 0 && p.state !== "Z" && p.state !== "X";
  });
}
function parseStat(text) {
  const close = text.lastIndexOf(")");
  const open = text.indexOf("(");
  if (open < 0 || close < open) return void 0;
  const pid = Number(text.slice(0, open).trim());
  const f = text.slice(close + 2).split(" ");
  const [state, ppid, pgrp, session, start] = [f[0], Number(f[1]), Number(f[2]), Number(f[3]), f[19]];
  if (!state || !Number.isInteger(pid) || !Number.isInteger(ppid) || !Number.isInteger(pgrp) || !Number.isInteger(session) || !start) return void 0;
  return { pid, ppid, pgrp, session, start, state };
}
function readEntry(pid) {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return void 0;
  }
}
function processTable() {
  let names;
  try {
    names = readdirSync("/proc");
  } catch {
    return void 0;
  }
  const table = [];
  for (const name of names) {
    if (!/^[0-9]+$/.test(name)) continue;
    const entry = readEntry(Number(name));
    if (entry) table.push(entry);
  }
  return table;
}
function hasVariable(pid, needle) {
  let environ;
  try {
    environ = readFileSync(`/proc/${pid}/environ`);
  } catch {
    return false;
  }
  for (let at = environ.indexOf(needle); at >= 0; at = environ.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    if ((at === 0 || environ[at - 1] === 0) && (end === environ.length || environ[end] === 0)) return true;
  }
  return false;
}
function killLeftovers(root, mark, options = {}) {
  const report = { killed: 0, unkillable: [], swept: false };
  const killGroup = () => {
    try {
      process.kill(-root, "SIGKILL");
    } catch {
    }
  };
  const needle = Buffer.from(`${ENV_MARK}=${mark}`);
  const refused = /* @__PURE__ */ new Map();
  const signalled = /* @__PURE__ */ new Set();
  const maxSweeps = options.maxSweeps ?? 100;
  for (let sweep = 0; sweep < maxSweeps; sweep++) {
    const table = processTable();
    if (!table) {
      killGroup();
      return report;
    }
    report.swept = true;
    const found = leftoverPids(table, root, (pid) => hasVariable(pid, needle), process.pid);
    const start = new Map(table.map((p) => [p.pid, p.start]));
    let fresh = 0;
    for (const pid of found) {
      const identity = `${pid}@${start.get(pid)}`;
      if (refused.get(pid) === start.get(pid)) continue;
      if (readEntry(pid)?.start !== start.get(pid)) continue;
      try {
        process.kill(pid, "SIGKILL");
        if (!signalled.has(identity)) {
          signalled.add(identity);
          fresh++;
          if (pid !== root) report.killed++;
        }
      } catch (error2) {
        if (error2.code === "EPERM") refused.set(pid, start.get(pid));
      }
    }
    if (fresh === 0) break;
  }
  killGroup();
  report.unkillable = [...refused.keys()];
  return report;
}

// src/rerun/process.ts
var MAX_LOG_LINES = 2e3;
var MAX_LINE = 2e3;
var ENV_TESTS = "FLAKEGUARD_RERUN_TESTS";
var ENV_REPORT = "FLAKEGUARD_RERUN_REPORT";
var ENV_ROUND = "FLAKEGUARD_RERUN_ROUND";
function rerunEnv(env) {
  const out = {};
  for (const [name, value] of Object.entries(env)) {
    if (/^INPUT_/i.test(name) || /^ACTIONS_(RUNTIME|ID_TOKEN|RESULTS|CACHE)_/i.test(name)) continue;
    if (/^GITHUB_(OUTPUT|ENV|PATH|STATE|STEP_SUMMARY)$/i.test(name)) continue;
    out[name] = value;
  }
  return out;
}
function commandLine(command) {
  const env = Object.entries(command.env ?? {}).map(([name, value]) => `${name}=${shellQuote(value ?? "")}`);
  return [...env, shellLine(command.argv)].join(" ");
}
async function runRound(request) {
  const now = request.now ?? Date.now;
  const started = now();
  const seconds = () => Math.round((now() - started) / 100) / 10;
  const dir = join2(request.dir, `round-${request.round}`);
  await mkdir(dir, { recursive: true });
  const testsFile = join2(dir, "tests.jsonl");
  const reportPath = join2(dir, "report.xml");
  await rm(reportPath, { force: true, recursive: true });
  const tests = request.cases.map((c) => rerunTestOf(c.test));
  await writeFile(testsFile, tests.map((t) => `${JSON.stringify(t)}
`).join(""));
  const commands = typeof request.command === "string" ? [{ argv: ["bash", "-c", request.command] }] : request.command.commands(tests, reportPath, request.round, request.options);
  const env = { ...rerunEnv(request.env), [ENV_TESTS]: testsFile, [ENV_REPORT]: reportPath, [ENV_ROUND]: String(request.round) };
  const deadline = started + request.timeoutMs;
  const logger = boundedLogger(request.log);
  const exits = [];
  for (const command of commands) {
    const left = deadline - now();
    if (left <= 0) return { ok: false, why: "rerun-timeout ran out", seconds: seconds() };
    (request.logCommand ?? request.log)(`$ ${commandLine(command)}`);
    const result = await spawnBounded(command, { ...env, ...command.env }, request.workspace, left, logger.line);
    for (const note of leftoverLines(result)) request.log(note);
    if (result.kind === "timeout") {
      logger.flush();
      return { ok: false, why: `the command was stopped: rerun-timeout ran out`, seconds: seconds() };
    }
    if (result.kind === "error") {
      logger.flush();
      return { ok: false, why: `the command could not start: ${result.message}`, seconds: seconds() };
    }
    exits.push(result.code === null ? `signal ${result.signal}` : `exit code ${result.code}`);
  }
  logger.flush();
  const exit = exits.join(", ");
  try {
    const s = await stat2(reportPath);
    if (!s.isFile()) return { ok: false, why: `the command (${exit}) left no report file at FLAKEGUARD_RERUN_REPORT`, seconds: seconds() };
  } catch {
    return { ok: false, why: `the command (${exit}) wrote no report at FLAKEGUARD_RERUN_REPORT`, seconds: seconds() };
  }
  try {
    const read = await request.readReport(reportPath);
    if (read.problems.length > 0) return { ok: false, why: `its report could not be read: ${read.problems[0]}`, seconds: seconds() };
    return { ok: true, attempts: read.attempts, seconds: seconds() };
  } catch (error2) {
    return { ok: false, why: `its report could not be read: ${error2 instanceof Error ? error2.message : String(error2)}`, seconds: seconds() };
  }
}
var PIPE_GRACE_MS = 2e3;
function spawnBounded(command, env, cwd, timeoutMs, line) {
  return new Promise((resolve) => {
    const [file, ...args] = command.argv;
    if (!file) {
      resolve({ kind: "error", message: "the preset gave an empty command" });
      return;
    }
    const mark = randomUUID();
    let settled = false;
    const child = spawn(file, args, { cwd, env: { ...env, [ENV_MARK]: mark }, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const split = lineSplitter(line);
    child.stdout.on("data", split);
    child.stderr.on("data", split);
    let closed = false;
    const pipesClosed = new Promise((res) => child.on("close", () => res()));
    void pipesClosed.then(() => closed = true);
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const leftovers = child.pid !== void 0 ? killLeftovers(child.pid, mark) : void 0;
      let grace;
      void Promise.race([pipesClosed, new Promise((res) => grace = setTimeout(res, PIPE_GRACE_MS))]).then(() => {
        clearTimeout(grace);
        const cut = !closed;
        if (cut) {
          child.stdout.destroy();
          child.stderr.destroy();
        }
        split(null);
        resolve({ ...result, ...leftovers ? { leftovers } : {}, ...cut ? { cut } : {} });
      });
    };
    const timer = setTimeout(() => finish({ kind: "timeout" }), timeoutMs);
    child.on("error", (error2) => {
      if (child.pid === void 0) {
        settled = true;
        clearTimeout(timer);
        resolve({ kind: "error", message: error2.message });
      }
    });
    child.on("exit", (code, signal) => finish({ kind: "exit", code, signal }));
  });
}
function leftoverLines(result) {
  const lines = [];
  const l = result.leftovers;
  if (l && l.killed > 0) lines.push(`(flakeguard killed ${l.killed} process${l.killed === 1 ? "" : "es"} the command left running)`);
  if (l && l.unkillable.length > 0) {
    lines.push(`(${l.unkillable.length} process${l.unkillable.length === 1 ? "" : "es"} the command left running could not be killed, another user's: pid ${l.unkillable.slice(0, 10).join(", ")})`);
  }
  if (result.cut) lines.push(`(the command's output was still held open ${PIPE_GRACE_MS / 1e3} s after it ended, by a process flakeguard could not find or kill: closed here)`);
  return lines;
}
function lineSplitter(line) {
  let partial = "";
  return (chunk) => {
    if (chunk === null) {
      if (partial !== "") line(partial);
      partial = "";
      return;
    }
    partial += chunk.toString("utf8");
    let at;
    while ((at = partial.indexOf("\n")) >= 0) {
      line(partial.slice(0, at));
      partial = partial.slice(at + 1);
    }
    if (partial.length > MAX_LINE) {
      line(partial.slice(0, MAX_LINE));
      partial = "";
    }
  };
}
function boundedLogger(log) {
  let shown = 0;
  let dropped = 0;
  return {
    line: (text) => {
      if (shown < MAX_LOG_LINES) {
        shown++;
        log(text.replace(/\r$/, ""));
      } else dropped++;
    },
    flush: () => {
      if (dropped > 0) log(`(${dropped} more lines of output not shown)`);
      dropped = 0;
    }
  };
}

// src/pipeline/rerun.ts
function quarantinedIfExhausted(snapshot, failed, historyId, sha, policy, normalise, now) {
  const before = quarantineBefore(snapshot, now);
  const byHistoryId = /* @__PURE__ */ new Map();
  const tests = [];
  for (const t of failed) {
    const id = historyId(t.id);
    if (!before.quarantined.has(id) || before.byHand.has(id)) continue;
    byHistoryId.set(id, t.id);
    tests.push({ ...t, id });
  }
  const forgivable = /* @__PURE__ */ new Set();
  const unforgivable = /* @__PURE__ */ new Set();
  if (tests.length === 0) return { forgivable, unforgivable };
  const { unforgiven } = judgeFailures(snapshot, before, tests, sha, { policy, normalise });
  for (const t of tests) (unforgiven.has(t.id) ? unforgivable : forgivable).add(byHistoryId.get(t.id));
  return { forgivable, unforgivable };
}
function plannedExtras(input) {
  const { tests, snapshot } = input;
  const newTests = new Set(input.isPullRequest ? tests.filter((t) => isNewTest(snapshot.history, input.historyId(t.id))).map((t) => t.id) : []);
  if (input.budget <= 0) return { newTests, extras: [] };
  const extras = planExtras({
    passing: tests.filter((t) => !finalAttemptFailed(t) && t.attempts.some((a) => a.status === "passed")),
    history: snapshot.history,
    historyId: input.historyId,
    quarantined: quarantineBefore(snapshot, input.now).quarantined,
    newTests,
    budget: Math.min(input.budget, suiteBudget(input.timeoutSec, tests)),
    reserved: input.reserved,
    perTest: input.perTest,
    window: input.window,
    seed: createHash("sha256").update(input.runKey).digest().readUInt32BE(0)
  });
  return { newTests, extras };
}
async function readHistory(branch) {
  try {
    return { snapshot: await branch.snapshot() };
  } catch (error2) {
    return { snapshot: emptySnapshot(), note: `the data branch could not be read (${error2 instanceof Error ? error2.message : String(error2)}): every test was judged as one with no history` };
  }
}
async function readRoundReport(path, workspace) {
  const read = await parseReportFile(path, displayPath(path, workspace), { workspace });
  if (typeof read === "string") return { attempts: /* @__PURE__ */ new Map(), problems: [read] };
  const attempts = /* @__PURE__ */ new Map();
  const seen = read.oneCasePerTest ? /* @__PURE__ */ new Map() : void 0;
  for (const c of read.cases) {
    const named2 = { name: capName(c.name), classname: capName(c.classname), suite: capName(c.suite) };
    if (seen) named2.name = twinName(named2.name, testId(named2), seen).name;
    const key = answerKey({ id: testId(named2), classname: named2.classname, name: named2.name });
    const known = attempts.get(key);
    if (known) for (const a of c.attempts) known.push(a);
    else attempts.set(key, c.attempts);
  }
  return { attempts, problems: read.problems.map((p) => `${p.line ? `line ${p.line}: ` : ""}${p.message}`) };
}
async function rerunStep(input) {
  for (const notice2 of input.rerun.notices) notice(commandText(notice2, 1e3), { title: "flakeguard re-runs" });
  try {
    return await rerunOrSkip(input);
  } catch (error2) {
    const why = `the re-runs stopped on an unexpected error (${error2 instanceof Error ? error2.message : String(error2)}); the original failures stand`;
    error(commandText(why, 1e3), { title: "flakeguard re-runs" });
    return finishRerun(startEmpty(input.rerun), input.tests, why);
  }
}
async function choosePresetAuto(input) {
  return group("Choosing the re-run preset (rerun: auto)", async () => {
    const detection = detectRunner(input.reporters, await readWorkspaceFacts(input.workspace));
    const preset = detection.preset === void 0 ? void 0 : findPreset(detection.preset);
    if (preset) info(logText(`rerun: auto chose the ${preset.name} preset:`, 1e3));
    for (const line of detection.why) info(logText(`  ${line}`, 1e3));
    if (preset) return preset;
    const why = `rerun: auto ${detection.why[0]} (name the preset instead, e.g. rerun: vitest; docs/rerun-presets.md)`;
    notice(commandText(`Re-runs: no test was re-run: ${why}.`, 1e3), { title: "flakeguard re-runs" });
    return why;
  });
}
async function rerunOrSkip(input) {
  const { tests } = input;
  let rerun = input.rerun;
  const failed = tests.filter(finalAttemptFailed);
  if (failed.length === 0 && rerun.budget === 0) return finishRerun(startEmpty(rerun), tests);
  if (failed.length > rerun.maxTests) {
    const skipped = `${failed.length} tests failed, more than rerun-max-tests (${rerun.maxTests}): that looks like a real break or an outage, so none was re-run`;
    info(logText(`Re-runs: ${skipped}.`, 1e3));
    return finishRerun(startEmpty(rerun), tests, skipped);
  }
  if (rerun.auto) {
    const chosen = await choosePresetAuto(input);
    if (typeof chosen === "string") return finishRerun(startEmpty(rerun), tests, chosen);
    rerun = { ...rerun, preset: chosen };
  }
  const { snapshot, note } = await group("Reading the history for the re-runs", async () => {
    const read = await readHistory(input.branch);
    if (read.note) info(logText(read.note, 1e3));
    return read;
  });
  const history = snapshot.history;
  const inOutage = new Set(findOutages(tests, input.normalise, input.policy).flatMap((o) => o.tests));
  const toRerun = failed.filter((t) => !inOutage.has(t.id));
  const { newTests, extras } = plannedExtras({
    tests,
    snapshot,
    historyId: input.historyId,
    isPullRequest: input.isPullRequest,
    budget: rerun.budget,
    timeoutSec: rerun.timeoutSec,
    reserved: toRerun.length * rerun.attempts,
    perTest: rerun.attemptsMax,
    window: input.policy.window,
    runKey: input.runKey,
    now: input.now
  });
  const state = startRerun({
    failed: toRerun,
    extras,
    tests,
    history,
    historyId: input.historyId,
    newTests,
    window: input.policy.window,
    rule: { minReruns: rerun.attempts, maxReruns: rerun.attemptsMax },
    ...quarantinedIfExhausted(snapshot, toRerun, input.historyId, input.sha ?? "", input.policy, input.normalise, input.now)
  });
  const deadline = Date.now() + rerun.timeoutSec * 1e3;
  const dir = join3(input.tempDir, "flakeguard-rerun");
  const command = rerun.preset ?? rerun.command;
  for (; ; ) {
    const cases = roundCases(state);
    if (cases.length === 0) break;
    const left = deadline - Date.now();
    if (left <= 0) {
      stopRerun(state, `rerun-timeout (${rerun.timeoutSec}s) ran out`);
      break;
    }
    const round = state.rounds.length + 1;
    const fitted = fitRound(rerun, cases, dir, round);
    for (const u of fitted.unfit) setAside(u.item, u.why);
    if (fitted.unfit.length > 0) {
      const first = fitted.unfit[0];
      const more = fitted.unfit.length > 1 ? ` (and ${fitted.unfit.length - 1} more test${fitted.unfit.length === 2 ? "" : "s"})` : "";
      warning(commandText(`Re-runs: '${first.item.test.id}'${more} could not be re-run: ${first.why}.`, 1e3), { title: "flakeguard re-runs" });
    }
    if (fitted.parts.length === 0) continue;
    const asked = fitted.parts.flat();
    const failedNow = asked.filter((c) => c.kind === "failed").length;
    const title = `Re-run round ${round}: ${failedNow} failed test${failedNow === 1 ? "" : "s"}${asked.length > failedNow ? `, ${asked.length - failedNow} extra` : ""}`;
    const answer = await group(title, async () => {
      for (const c of asked.slice(0, 50)) info(logText(`  ${c.test.id}`, 1e3));
      if (asked.length > 50) info(`  \u2026 and ${asked.length - 50} more`);
      if (fitted.parts.length > 1) {
        info(
          `Round ${round}: the command line for ${asked.length} tests is over the operating system's limits; split into ${fitted.parts.length} invocations (${fitted.parts.map((p) => p.length).join(", ")} tests).`
        );
      }
      const parts = [];
      for (const [k, part] of fitted.parts.entries()) {
        const leftNow = deadline - Date.now();
        const a2 = leftNow <= 0 ? { ok: false, why: "rerun-timeout ran out", seconds: 0 } : await runPart({
          round,
          cases: part,
          command,
          options: presetOptions(rerun),
          workspace: input.workspace,
          dir: fitted.parts.length === 1 ? dir : join3(dir, `part-${k + 1}`),
          timeoutMs: leftNow,
          env: process.env,
          log: (line) => info(logText(line, 2e3)),
          logCommand: (line) => info(logText(line, 6e5)),
          readReport: (path) => readRoundReport(path, input.workspace)
        });
        parts.push({ asked: part, answer: a2 });
        if (!a2.ok) break;
      }
      const a = combineParts(parts, fitted.parts.length);
      info(a.ok ? `Round ${round}: report read (${a.seconds}s).` : logText(`Round ${round} voided: ${a.why} (${a.seconds}s).`, 1e3));
      return a;
    });
    recordRound(state, asked, answer.ok || !/rerun-timeout/.test(answer.why) ? answer : { ...answer, why: `${answer.why} (${rerun.timeoutSec}s)` });
  }
  const result = finishRerun(state, tests);
  if (rerun.preset?.keepsOrder) {
    await contextRounds({
      input,
      preset: rerun.preset,
      options: presetOptions(rerun),
      result,
      deadline,
      dir,
      timeoutSec: rerun.timeoutSec,
      attemptsMax: rerun.attemptsMax,
      reverseRounds: Math.min(REVERSE_ROUNDS, rerun.attempts)
    });
  }
  return note ? { ...result, note } : result;
}
var REVERSE_ROUNDS = 2;
function probeCase(test) {
  return { test, historyId: test.id, kind: "extra", extraRuns: 1, isNew: false, counts: NO_HISTORY, maxReruns: 0, reruns: [], asked: 1, rounds: 0 };
}
async function contextRounds(o) {
  const { input, result } = o;
  const tracks = [];
  for (const c of result.cases) {
    const direction = contextDirection(c);
    if (direction === void 0) continue;
    const earlier = earlierInFile(input.tests, c.test);
    if (earlier.length === 0) continue;
    tracks.push({ test: c.test, historyId: c.historyId, direction, earlier, inContext: [], alone: [], probes: 0 });
  }
  if (tracks.length === 0) return;
  const forward = tracks.filter((t) => t.direction === "forward");
  let taken = forward.length;
  while (taken > 0 && pairsNeeded(taken) > o.attemptsMax) taken--;
  const pairs = pairsNeeded(Math.max(1, taken));
  const left = new Set(forward.slice(taken));
  const invoke = async (label, run, target) => {
    const left2 = o.deadline - Date.now();
    if (left2 <= 0) return void 0;
    const round = result.rounds.length + 1;
    const asked = run.map(probeCase);
    const answer = await group(`Context round ${round}: ${label}`, async () => {
      for (const c of asked.slice(0, 50)) info(logText(`  ${c.test.id}`, 1e3));
      if (asked.length > 50) info(`  \u2026 and ${asked.length - 50} more`);
      const a = await runPart({
        round,
        cases: asked,
        command: o.preset,
        options: o.options,
        workspace: input.workspace,
        dir: o.dir,
        timeoutMs: left2,
        env: process.env,
        log: (line) => info(logText(line, 2e3)),
        logCommand: (line) => info(logText(line, 6e5)),
        readReport: (path) => readRoundReport(path, input.workspace)
      });
      info(a.ok ? `Context round ${round}: report read (${a.seconds}s).` : logText(`Context round ${round} voided: ${a.why} (${a.seconds}s).`, 1e3));
      return a;
    });
    const log = { round, tests: asked.length, seconds: answer.seconds, ignored: 0, ran: answer.ok ? ranIn(answer) : 0, context: label };
    if (!answer.ok) log.voided = answer.why;
    result.rounds.push(log);
    result.ran += log.ran;
    result.seconds += answer.seconds;
    if (!answer.ok) return void 0;
    const got = (answer.attempts.get(answerKey(target)) ?? []).filter((a) => a.status !== "skipped");
    return got.length === 0 ? void 0 : got.some((a) => isFailure(a.status));
  };
  const caseOf = new Map(result.cases.map((c) => [c.historyId, c]));
  for (const t of tracks) {
    const who = `'${t.test.id}'`;
    if (left.has(t)) t.verdict = "undecided";
    const limit = t.direction === "forward" ? pairs : o.reverseRounds;
    for (let k = 0; k < limit && (t.verdict === void 0 || t.verdict === "fails-in-context"); k++) {
      let alone;
      if (t.direction === "forward") {
        alone = await invoke(`${who} alone (pair ${k + 1} of ${pairs})`, [t.test], t.test);
        if (alone === void 0) break;
      }
      const inContext = await invoke(
        `${who} after the ${t.earlier.length} test${t.earlier.length === 1 ? "" : "s"} before it in its file${t.direction === "forward" ? ` (pair ${k + 1} of ${pairs})` : ""}`,
        [...t.earlier, t.test],
        t.test
      );
      if (inContext === void 0) break;
      recordContext(t, pairs, { ...alone !== void 0 ? { alone } : {}, context: inContext });
    }
    if (t.verdict === "order-dependent") {
      for (let probe = nextProbe(t); probe !== void 0; probe = nextProbe(t)) {
        const failed = await invoke(`bisection: ${who} after ${probe.length} of the tests before it`, [...probe, t.test], t.test);
        if (failed === void 0) {
          t.suspects = [];
          break;
        }
        recordProbe(t, probe, failed);
      }
      const sentence = orderSentence(t);
      const c = caseOf.get(t.historyId);
      if (c) {
        c.verdict = "consistent";
        c.why = sentence;
        result.tests = result.tests.map((x) => x.id === c.test.id && x.report === c.test.report ? c.test : x);
      }
      result.orderDependent.set(t.historyId, sentence);
      result.consistent.set(t.historyId, sentence);
      result.provenFlaky = result.provenFlaky.filter((id) => id !== t.historyId);
      result.newFlaky = result.newFlaky.filter((id) => id !== t.historyId);
      info(logText(`Context rounds: ${who} ${sentence}.`, 2e3));
    } else if (t.verdict === "needs-earlier") {
      const c = caseOf.get(t.historyId);
      if (c && t.sentence !== void 0) c.context = t.sentence;
      if (c && t.direction === "extra") {
        c.verdict = "clean";
        result.tests = result.tests.map((x) => x.id === c.test.id && x.report === c.test.report ? c.test : x);
        result.newFlaky = result.newFlaky.filter((id) => id !== t.historyId);
      }
      info(logText(`Context rounds: ${who} ${t.sentence}.`, 2e3));
    } else if (t.direction === "forward" && t.verdict !== "flaky-in-context") {
      info(
        logText(
          `Context rounds: ${who} could not be told order-dependent from flaky (${o.deadline <= Date.now() ? `rerun-timeout (${o.timeoutSec}s) ran out` : left.has(t) ? `only ${taken} test${taken === 1 ? "" : "s"} can be judged within rerun-attempts-max (${o.attemptsMax}) pairs each` : "a round did not answer"}); it stays proven flaky.`,
          2e3
        )
      );
    }
  }
}
function fitRound(rerun, cases, dir, round) {
  const preset = rerun.preset;
  if (preset === void 0) return { parts: [cases], unfit: [] };
  const sizing = join3(dir, `part-${cases.length}`, `round-${round}`, "report.xml");
  const options = presetOptions(rerun);
  const fitted = fitSelection(
    cases,
    (part) => preset.commands(
      part.map((c) => rerunTestOf(c.test)),
      sizing,
      round,
      options
    )
  );
  return {
    parts: fitted.parts,
    unfit: fitted.unfit.map((u) => ({
      item: u.item,
      why: `its command line is ${u.why}, so the ${preset.name} preset cannot re-run it (a custom command gets the tests in a file: docs/rerun.md)`
    }))
  };
}
async function runPart(request) {
  const started = Date.now();
  try {
    return await runRound(request);
  } catch (error2) {
    if (error2?.code !== "E2BIG") throw error2;
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    return {
      ok: false,
      why: `the operating system refused its command line (E2BIG): with the environment (${environmentBytes(rerunEnv(request.env)).toLocaleString("en-US")} bytes) its arguments are over the system's limit`,
      seconds
    };
  }
}
function environmentBytes(env) {
  let total = 0;
  for (const [name, value] of Object.entries(env)) if (value !== void 0) total += Buffer.byteLength(`${name}=${value}`) + 9;
  return total;
}
function presetOptions(rerun) {
  return rerun.args ? { args: rerun.args } : {};
}
function startEmpty(rerun) {
  return startRerun({
    failed: [],
    extras: [],
    tests: [],
    history: /* @__PURE__ */ new Map(),
    historyId: (id) => id,
    newTests: /* @__PURE__ */ new Set(),
    window: 1,
    rule: { minReruns: rerun.attempts, maxReruns: rerun.attemptsMax }
  });
}
export {
  REVERSE_ROUNDS,
  plannedExtras,
  quarantinedIfExhausted,
  readRoundReport,
  rerunStep
};
