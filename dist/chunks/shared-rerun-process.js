const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { access, constants, readdir, readFile, stat } = require("node:fs/promises");
const { delimiter, join } = require("node:path");
const { spawn } = require("node:child_process");
const { randomUUID } = require("node:crypto");
const { mkdir, rm, stat: stat2, writeFile } = require("node:fs/promises");
const { join: join2 } = require("node:path");
const { readdirSync, readFileSync } = require("node:fs");
import {
  shellLine,
  shellQuote,
  splitWords
} from "./shared-text-shell.js";
import {
  rerunTestOf
} from "./shared-rerun-plan.js";

// src/rerun/script-args.ts
var LAUNCHERS = /* @__PURE__ */ new Set(["npx", "cross-env", "env", "yarn", "pnpm", "exec", "--"]);
var ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;
function isRunner(word, runner) {
  return word === runner || word.endsWith(`/.bin/${runner}`) || word === `node_modules/.bin/${runner}`;
}
function commandsOf(line) {
  const out = [];
  let current = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      if (end < 0) return void 0;
      current += line.slice(i, end + 1);
      i = end;
    } else if (c === "\\" && i + 1 < line.length) {
      current += line.slice(i, i + 2);
      i++;
    } else if (c === ";" || c === "|" || c === "&") {
      if (line[i + 1] === c) i++;
      out.push(current.trim());
      current = "";
    } else {
      current += c;
    }
  }
  out.push(current.trim());
  return out.filter((s) => s !== "");
}
function runsRunner(line, runner) {
  return new RegExp(`(^|[\\s;&|(/])${runner}(\\s|$)`).test(line);
}
function readRunnerScript(runner, scripts) {
  const names = Object.keys(scripts).filter((n) => runsRunner(scripts[n], runner));
  if (names.length === 0) return { none: true };
  const name = names.includes("test") ? "test" : names.length === 1 ? names[0] : void 0;
  if (name === void 0) {
    return { unreadable: `the scripts ${names.map((n) => JSON.stringify(n)).join(", ")} run ${runner} and none is "test", so no script's flags were taken` };
  }
  const line = scripts[name];
  const at = { script: name, line };
  const commands = commandsOf(line);
  if (commands === void 0) return { ...at, unreadable: "it has an unclosed quote" };
  const command = commands.find((c) => runsRunner(c, runner));
  if (command === void 0) return { ...at, unreadable: `no command of it starts ${runner} by name` };
  const split = splitWords(command);
  if ("error" in split) return { ...at, unreadable: `its command cannot be read without a shell: ${split.error}` };
  const words = split.words;
  const index = words.findIndex((w) => isRunner(w, runner));
  if (index < 0) return { ...at, unreadable: `no word of it is ${runner} itself` };
  const env = [];
  for (const word of words.slice(0, index)) {
    const assignment = ASSIGNMENT.exec(word);
    if (assignment) env.push([assignment[1], assignment[2]]);
    else if (!LAUNCHERS.has(word)) return { ...at, unreadable: `it starts ${runner} through '${word}', which the preset does not` };
  }
  return { ...at, args: words.slice(index + 1), env };
}
function autoFlags(preset, read) {
  const out = { args: [], env: {}, why: [], notices: [] };
  if ("none" in read) return out;
  const where = read.script !== void 0 ? `package.json's ${JSON.stringify(read.script)} script (${read.line ?? ""})` : "package.json";
  if ("unreadable" in read) {
    out.why.push(`${where}: its flags were not read: ${read.unreadable}`);
    out.notices.push(
      `Re-runs: rerun: auto runs ${preset.name} without the flags of ${where}: ${read.unreadable}. If the tests need them, name the preset with its flags (rerun: ${preset.name} <flags>; docs/rerun-presets.md).`
    );
    return out;
  }
  for (const [name, value] of read.env) out.env[name] = value;
  const setting = read.env.length > 0 ? `; they set ${read.env.map(([n, v]) => shellQuote(`${n}=${v}`)).join(" ")} as it does` : "";
  if (read.args.length === 0) {
    out.why.push(`${where}: no flags to pass on${setting}`);
    return out;
  }
  const screened = preset.screenArgs ? preset.screenArgs(read.args) : { refused: read.args[0], why: "the preset takes no arguments" };
  if ("refused" in screened) {
    const rest = read.args.filter((a) => a !== screened.refused);
    out.why.push(`${where}: the re-runs run without its flags: the ${preset.name} preset cannot pass on '${screened.refused}' (${screened.why})${setting}`);
    out.notices.push(
      `Re-runs: rerun: auto runs ${preset.name} without the flags of ${where}: the ${preset.name} preset cannot pass on '${screened.refused}' (${screened.why}). If the tests need the others, name them: rerun: ${shellLine([preset.name, ...rest])}.`
    );
    return out;
  }
  out.args = screened.args;
  out.why.push(`${where}: the re-runs pass on ${screened.args.length > 0 ? shellLine(screened.args) : "none of its flags"}${setting}`);
  for (const d of screened.dropped) out.notices.push(`Re-runs: the ${preset.name} preset leaves out ${d} of ${where}.`);
  return out;
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
    if (pkg?.scripts.some((s) => runsRunner(s, runner))) out.push(`a package.json script runs ${runner}`);
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
    const named2 = namedBy(runner, ws);
    if (named2.length > 0) why.push(...named2);
    return { preset: runner, why };
  }
  const named = RUNNERS.map((r) => ({ runner: r, named: namedBy(r, ws), blocked: notStartable(r, ws) })).filter((c) => c.named.length > 0);
  const startable = named.filter((c) => c.blocked === void 0);
  const lines = named.map((c) => `${c.runner}: ${c.named.join("; ")}${c.blocked !== void 0 ? ` (but ${c.blocked})` : ""}`);
  const head = total === 0 ? "no report was read" : `no report carries a reporter's mark (node's junit reporter writes none)`;
  if (startable.length === 1) {
    return { preset: startable[0].runner, why: [`${head}; the workspace names one runner that can start`, ...lines] };
  }
  if (startable.length === 0) {
    return cannot(named.length === 0 ? `${head}, and nothing in the workspace names a runner with a preset` : `${head}, and no runner the workspace names can start`, lines);
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
  const scriptsByName = /* @__PURE__ */ Object.create(null);
  if (typeof scripts === "object" && scripts !== null && !Array.isArray(scripts)) {
    for (const [name, line] of Object.entries(scripts)) if (typeof line === "string") scriptsByName[name] = line;
  }
  return {
    dependencies: [...names("dependencies"), ...names("devDependencies"), ...names("peerDependencies"), ...names("optionalDependencies")],
    scripts: Object.values(scriptsByName),
    scriptsByName,
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
      } catch (error) {
        if (error.code === "EPERM") refused.set(pid, start.get(pid));
      }
    }
    if (fresh === 0) break;
  }
  killGroup();
  report.unkillable = [...refused.keys()];
  return report;
}

// src/rerun/echo.ts
var LONG_ARGUMENT = 1e3;
var SHOWN = 300;
function alternatives(arg) {
  const start = arg.indexOf("^(?:");
  if (start < 0 || !arg.endsWith(")$")) return void 0;
  const body = arg.slice(start + 4, -2);
  const alts = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "\\") i++;
    else if (c === "[") {
      let j = i + 1;
      if (body[j] === "^") j++;
      if (body[j] === "]") j++;
      while (j < body.length && body[j] !== "]") j += body[j] === "\\" ? 2 : 1;
      i = j;
    } else if (c === "(") depth++;
    else if (c === ")") {
      if (--depth < 0) return void 0;
    } else if (c === "|" && depth === 0) {
      alts.push(body.slice(from, i));
      from = i + 1;
    }
  }
  if (depth !== 0) return void 0;
  alts.push(body.slice(from));
  return { prefix: arg.slice(0, start), alts };
}
function echoArgument(arg) {
  if (arg.length <= LONG_ARGUMENT) return shellQuote(arg);
  const split = alternatives(arg);
  if (split && split.alts.length > 1) {
    let shown = `${split.prefix}^(?:${split.alts[0].slice(0, SHOWN)}`;
    let k = 1;
    while (k < split.alts.length && shown.length + split.alts[k].length + 1 <= SHOWN) shown += `|${split.alts[k++]}`;
    return `${shellQuote(`${shown}|\u2026`)} (+${split.alts.length - k} more test${split.alts.length - k === 1 ? "" : "s"})`;
  }
  return `${shellQuote(`${arg.slice(0, SHOWN)}\u2026`)} (+${arg.length - SHOWN} more characters)`;
}
function echoLine(command) {
  const env = Object.entries(command.env ?? {}).map(([name, value]) => `${name}=${echoArgument(value ?? "")}`);
  return [...env, ...command.argv.map(echoArgument)].join(" ");
}

// src/text/ansi.ts
var ESCAPES = /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]/g;
function stripAnsi(text) {
  return text.includes("\x1B") || text.includes("\x9B") ? text.replace(ESCAPES, "") : text;
}

// src/rerun/process.ts
var MAX_LOG_LINES = 2e3;
var MAX_LINE = 2e3;
var ENV_TESTS = "FLAKEGUARD_RERUN_TESTS";
var ENV_REPORT = "FLAKEGUARD_RERUN_REPORT";
var ENV_ROUND = "FLAKEGUARD_RERUN_ROUND";
var ENV_REPEAT = "FLAKEGUARD_RERUN_REPEAT";
function rerunEnv(env) {
  const out = {};
  for (const [name, value] of Object.entries(env)) {
    if (/^INPUT_/i.test(name) || /^ACTIONS_(RUNTIME|ID_TOKEN|RESULTS|CACHE)_/i.test(name)) continue;
    if (/^GITHUB_(OUTPUT|ENV|PATH|STATE|STEP_SUMMARY)$/i.test(name)) continue;
    out[name] = value;
  }
  return out;
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
  const repeat = Math.max(1, Math.floor(request.repeat ?? 1));
  const presetRepeats = typeof request.command !== "string" && request.command.repeats === true && repeat > 1;
  const commands = typeof request.command === "string" ? [{ argv: ["bash", "-c", request.command] }] : request.command.commands(tests, reportPath, request.round, presetRepeats ? { ...request.options, repeat } : request.options);
  const env = {
    ...rerunEnv(request.env),
    [ENV_TESTS]: testsFile,
    [ENV_REPORT]: reportPath,
    [ENV_ROUND]: String(request.round),
    [ENV_REPEAT]: String(typeof request.command === "string" || presetRepeats ? repeat : 1)
  };
  const deadline = started + request.timeoutMs;
  const logger = boundedLogger(request.log);
  const exits = [];
  for (const command of commands) {
    const left = deadline - now();
    if (left <= 0) return { ok: false, why: "rerun-timeout ran out", seconds: seconds() };
    (request.logCommand ?? request.log)(`$ ${echoLine(command)}`);
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
    return { ok: true, attempts: read.attempts, ...read.executions ? { executions: read.executions } : {}, seconds: seconds() };
  } catch (error) {
    return { ok: false, why: `its report could not be read: ${error instanceof Error ? error.message : String(error)}`, seconds: seconds() };
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
    child.on("error", (error) => {
      if (child.pid === void 0) {
        settled = true;
        clearTimeout(timer);
        resolve({ kind: "error", message: error.message });
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
        log(stripAnsi(text.replace(/\r$/, "")));
      } else dropped++;
    },
    flush: () => {
      if (dropped > 0) log(`(${dropped} more lines of output not shown)`);
      dropped = 0;
    }
  };
}

export {
  readRunnerScript,
  autoFlags,
  detectRunner,
  readWorkspaceFacts,
  rerunEnv,
  runRound
};
