const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { mkdir, writeFile } = require("node:fs/promises");
const { join } = require("node:path");
const { readFileSync } = require("node:fs");
const { spawn } = require("node:child_process");
import {
  readModeActionInputs,
  secretInputs,
  tempRoot
} from "./shared-pipeline-shards.js";
import "./shared-pipeline-apply.js";
import {
  readRerunInputs
} from "./shared-rerun-rerun-inputs.js";
import "./shared-scoring-regression.js";
import {
  nextProbe,
  readRoundReport,
  recordProbe
} from "./shared-pipeline-rerun.js";
import "./shared-junit-xml.js";
import "./shared-rerun-typo.js";
import "./shared-policy-fix-release.js";
import {
  runRound
} from "./shared-rerun-process.js";
import "./shared-policy-hand-edits.js";
import {
  PER_SEED,
  SEEDS,
  SEED_PRELOAD,
  aloneArms,
  seedEnv
} from "./shared-rerun-presets-args.js";
import "./shared-text-shell.js";
import "./shared-owners-codeowners.js";
import {
  readBranchFiles,
  syncRun
} from "./shared-store-sync.js";
import {
  appendSummary,
  setOutput
} from "./shared-github-step-files.js";
import "./shared-clusters-cluster.js";
import "./shared-scoring-multi-factor.js";
import "./shared-scoring-pfs.js";
import "./shared-scoring-thresholded.js";
import {
  readDiagnoseInputs
} from "./shared-config-mode-inputs.js";
import {
  contextFromEnv,
  dataRemote
} from "./shared-config-context.js";
import {
  DataRepo
} from "./shared-store-git.js";
import "./shared-store-git-process.js";
import "./shared-store-inbox-refs.js";
import {
  InputError,
  inputsFromEnv
} from "./shared-config-inputs.js";
import "./shared-owners-classmap.js";
import {
  THRESHOLD,
  categorise,
  diagnosesMarkdown
} from "./shared-diagnose-rule.js";
import {
  mergeDiagnoses,
  parseDiagnoses,
  renderDiagnoses
} from "./shared-diagnose-format.js";
import "./shared-github-client.js";
import {
  answerKey
} from "./shared-rerun-plan.js";
import "./shared-rerun-stopping.js";
import {
  commandText,
  logText,
  registerSecret
} from "./shared-text-escape.js";
import "./shared-text-edit-distance.js";
import {
  parseSnapshot
} from "./shared-store-snapshot.js";
import "./shared-history-stored.js";
import "./shared-history-merge.js";
import "./shared-history-records.js";
import "./shared-store-read-bounds.js";
import {
  DIAGNOSES_FILE
} from "./shared-store-decisions.js";
import {
  overrideExpired
} from "./shared-store-layout.js";
import "./shared-history-cell.js";
import "./shared-cost-index.js";
import {
  isFailure
} from "./shared-model.js";
import "./shared-store-cleanup.js";
import {
  group,
  info,
  warning
} from "./shared-actions-core.js";
import "./shared-pipeline-find-reports.js";
import "./shared-runtime.js";

// src/modes/diagnose.ts

// src/diagnose/plan.ts
var RECENT_RUNS = 50;
var FULL_ORDER_MAX = 500;
var firstFailed = (attempts) => /^[FE]/.test(attempts.replace(/S/g, ""));
function recent(h) {
  return h.runs.filter((r) => r.outage !== true && r.untrusted !== true).slice(-RECENT_RUNS);
}
function isQuarantined(snapshot, id, now) {
  const o = snapshot.overrides.get(id)?.override;
  if (o && !overrideExpired(o, now)) return o.action === "quarantine";
  return snapshot.stats.get(id)?.quarantined === true;
}
function diagnoseTargets(snapshot, now) {
  const out = [];
  for (const [id, h] of snapshot.history) {
    const runs = recent(h);
    const quarantined = isQuarantined(snapshot, id, now);
    const flaky = runs.some((r) => /[FE].*P/.test(r.attempts));
    if (!quarantined && !flaky) continue;
    const failing = runs.filter((r) => firstFailed(r.attempts));
    out.push({
      id,
      name: h.name,
      classname: h.classname,
      ...h.file !== void 0 ? { file: h.file } : {},
      why: quarantined ? "quarantined" : "newly flaky",
      failedRuns: failing.length,
      lastFailure: failing.reduce((x, r) => Math.max(x, r.time), 0)
    });
  }
  return out.sort((a, b) => b.failedRuns - a.failedRuns || b.lastFailure - a.lastFailure || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
function withinBudget(targets, executionsOf, budget) {
  const chosen = [];
  let spent = 0;
  let i = 0;
  for (; i < targets.length; i++) {
    const cost = executionsOf(targets[i]);
    if (spent + cost > budget) break;
    spent += cost;
    chosen.push(targets[i]);
  }
  return { chosen, left: targets.slice(i) };
}
function fileKey(h) {
  return h.file !== void 0 && h.file !== "" ? `file:${h.file}` : `class:${h.classname}`;
}
function filePeers(history, target) {
  const key = fileKey(target);
  return [...history.values()].filter((h) => h.id !== target.id && fileKey(h) === key).sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
function fullOrderPeers(history, target) {
  const key = fileKey(target);
  const all = [...history.values()].filter((h) => h.id !== target.id);
  all.sort((a, b) => {
    const ka = fileKey(a) === key ? 0 : 1;
    const kb = fileKey(b) === key ? 0 : 1;
    if (ka !== kb) return ka - kb;
    const fa = fileKey(a);
    const fb = fileKey(b);
    if (fa !== fb) return fa < fb ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return all.slice(0, FULL_ORDER_MAX);
}

// src/rerun/variations-busy.ts
async function startBusy(count, execPath = process.execPath) {
  const children = [];
  const ready = [];
  for (let i = 0; i < count; i++) {
    const child = spawn(execPath, ["-e", "process.stdout.write('spinning\\n', () => { for (;;) {} });"], { stdio: ["ignore", "pipe", "ignore"], env: {}, detached: true });
    children.push(child);
    ready.push(
      new Promise((resolve) => {
        child.on("error", () => resolve());
        child.on("exit", () => resolve());
        child.stdout.once("data", () => resolve());
      })
    );
  }
  await Promise.all(ready);
  return {
    stop: async () => {
      await Promise.all(
        children.map(
          (child) => new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null || child.pid === void 0) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGKILL");
          })
        )
      );
      for (const child of children) child.stdout?.destroy();
    }
  };
}

// src/modes/diagnose.ts
function plannedExecutions(n) {
  return 6 * n + SEEDS.length * PER_SEED + 16;
}
var caseOf = (h) => ({
  id: h.id,
  name: h.name,
  classname: h.classname,
  suite: "",
  ...h.file !== void 0 ? { file: h.file } : {},
  attempts: [],
  report: ""
});
var rerunCase = (test) => ({
  test,
  historyId: test.id,
  kind: "failed",
  extraRuns: 0,
  isNew: false,
  counts: { failures: 0, passes: 0, againFailures: 0, againPasses: 0 },
  maxReruns: 1,
  reruns: [],
  asked: 0,
  rounds: 0
});
async function execute(r, tests, target, repeat, env, busy = 0) {
  let executions = 0;
  let failures = 0;
  const key = answerKey(target);
  while (executions < repeat && Date.now() < r.deadline) {
    const want = repeat - executions;
    const load = await startBusy(busy);
    let answer;
    try {
      answer = await runRound({
        round: ++r.round,
        cases: tests.map(rerunCase),
        command: r.rerun.preset ?? r.rerun.command,
        ...r.rerun.args ? { options: { args: r.rerun.args, ...env.FLAKEGUARD_RERUN_SEED ? { seed: env.FLAKEGUARD_RERUN_SEED } : {} } } : env.FLAKEGUARD_RERUN_SEED ? { options: { seed: env.FLAKEGUARD_RERUN_SEED } } : {},
        repeat: want,
        workspace: r.workspace,
        dir: r.dir,
        timeoutMs: Math.max(1e3, Math.min(r.rerun.timeoutSec * 1e3, r.deadline - Date.now())),
        env: { ...r.env, ...r.rerun.env, ...env },
        log: (line) => info(logText(line)),
        readReport: (path) => readRoundReport(path, r.workspace, { repeated: want > 1 })
      });
    } finally {
      await load.stop();
    }
    r.cost.starts += answer.starts ?? 1;
    r.cost.seconds += answer.seconds;
    if (!answer.ok) {
      warning(commandText(`diagnose: a start of the re-run command gave no answer: ${answer.why}`, 1e3));
      break;
    }
    for (const got of answer.attempts.values()) r.cost.executions += got.filter((a) => a.status !== "skipped").length;
    const runs = answer.executions?.get(key) ?? (answer.attempts.has(key) ? [answer.attempts.get(key)] : []);
    const counted = runs.filter((attempts) => attempts.some((a) => a.status !== "skipped")).slice(0, want);
    if (counted.length === 0) break;
    executions += counted.length;
    failures += counted.filter((attempts) => attempts.some((a) => isFailure(a.status))).length;
  }
  return { executions, failures };
}
async function diagnoseOne(r, history, target, n, preload) {
  const test = caseOf(target);
  const evidence = [];
  const rows = /* @__PURE__ */ new Map();
  const add = (e) => {
    evidence.push(e);
    rows.set(e.variation, e);
  };
  for (const arm of aloneArms()) {
    const got = await execute(r, [test], test, n, arm.env, arm.busy);
    add({ variation: arm.variation, ...got, detail: arm.detail });
  }
  const rest = rows.get("rest");
  const file = filePeers(history, target).map(caseOf);
  let context;
  const restEnv = aloneArms()[0].env;
  if (file.length > 0) {
    const got = await execute(r, [...file, test], test, n, restEnv);
    add({ variation: "file", ...got, detail: `with the ${file.length} other test${file.length === 1 ? "" : "s"} of its file` });
    if (categorise([rest, rows.get("file")]).by) context = file;
  }
  const full = fullOrderPeers(history, target).map(caseOf);
  if (context === void 0 && full.length > file.length) {
    const got = await execute(r, [...full, test], test, n, restEnv);
    add({ variation: "full-order", ...got, detail: `with the ${full.length} other tests of the branch` });
    if (categorise([rest, rows.get("full-order")]).by) context = full;
  }
  let seeds;
  if (rest.failures > 0) {
    seeds = [];
    for (const seed of SEEDS) {
      let executions = 0;
      let failures = 0;
      for (let i = 0; i < PER_SEED; i++) {
        const got = await execute(r, [test], test, 1, seedEnv(seed, preload, r.env.NODE_OPTIONS));
        executions += got.executions;
        failures += got.failures;
      }
      seeds.push({ seed, executions, failures });
    }
    const failing = seeds.filter((s) => s.failures > 0).map((s) => s.seed);
    add({
      variation: "seed",
      executions: seeds.reduce((x, s) => x + s.executions, 0),
      failures: seeds.reduce((x, s) => x + s.failures, 0),
      detail: `seeds ${SEEDS.join(", ")}, ${PER_SEED} executions each; failing seeds: ${failing.length > 0 ? failing.join(", ") : "none"}`,
      seeds
    });
  }
  const verdict = categorise(evidence, seeds);
  let polluter;
  if (verdict.category === "order-dependent" && context !== void 0) polluter = await bisect(r, test, context);
  return { category: verdict.category, at: (/* @__PURE__ */ new Date()).toISOString(), evidence, ...polluter !== void 0 ? { polluter } : {} };
}
async function bisect(r, test, context) {
  const track = { test, historyId: test.id, direction: "forward", earlier: context, inContext: [], alone: [], suspects: [...context], probes: 0 };
  const env = aloneArms()[0].env;
  for (let probe = nextProbe(track); probe !== void 0 && track.probes < 2 * Math.ceil(Math.log2(context.length + 1)) + 2; probe = nextProbe(track)) {
    const got = await execute(r, [...probe, test], test, 1, env);
    if (got.executions === 0) return void 0;
    recordProbe(track, probe, got.failures > 0);
  }
  return track.polluter?.id;
}
function childCpuSeconds() {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").replace(/^.*\) /, "").split(" ");
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  }
}
async function diagnoseMode(env) {
  const inputs = readModeActionInputs(env, false);
  secretInputs(inputs, registerSecret);
  const ctx = contextFromEnv(env);
  const get = inputsFromEnv(env);
  const options = readDiagnoseInputs(get);
  const rerun = readRerunInputs(get);
  if (!rerun) throw new InputError("mode: diagnose needs the re-run command: set the 'rerun' input to a preset (vitest, jest, pytest, \u2026) or a custom command (docs/diagnose.md).");
  if (rerun.auto) throw new InputError("mode: diagnose cannot use 'rerun: auto' (it reads no report to choose the preset from): name the preset or give the command (docs/diagnose.md).");
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  const remote = await dataRemote(inputs, ctx);
  const repo = await DataRepo.open(remote, inputs.dataBranch, inputs.token, ctx.runnerTemp || void 0);
  try {
    const read = await group(`Reading the data branch '${inputs.dataBranch}'`, () => readBranchFiles(repo, false));
    const snapshot = parseSnapshot(read.files, read.blocked);
    const targets = diagnoseTargets(snapshot, started);
    const n = options.executions;
    const { chosen, left } = "executions" in options.budget ? withinBudget(targets, () => plannedExecutions(n), options.budget.executions) : { chosen: targets, left: [] };
    const root = join(tempRoot(ctx), "diagnose");
    await mkdir(root, { recursive: true });
    const preload = join(root, "seed-random.mjs");
    await writeFile(preload, SEED_PRELOAD);
    const runner = {
      rerun,
      workspace: ctx.workspace,
      dir: root,
      env: { ...env, ...rerun.env ?? {} },
      cost: { starts: 0, executions: 0, seconds: 0 },
      round: 0,
      deadline: "minutes" in options.budget ? started + options.budget.minutes * 6e4 : Number.POSITIVE_INFINITY
    };
    const found = /* @__PURE__ */ new Map();
    const skipped = [...left];
    for (const target of chosen) {
      if (Date.now() >= runner.deadline) {
        skipped.push(target);
        continue;
      }
      const d = await group(logText(`Diagnosing ${target.id}`), () => diagnoseOne(runner, snapshot.history, target, n, preload));
      const diagnosis = { ...d, ...ctx.sha && /^[0-9a-f]{4,64}$/.test(ctx.sha) ? { sha: ctx.sha } : {} };
      found.set(target.id, diagnosis);
      info(logText(`${target.id}: ${diagnosis.category}${diagnosis.polluter ? ` (polluter ${diagnosis.polluter})` : ""}`));
    }
    const sync = await group(
      `Writing ${DIAGNOSES_FILE} to '${inputs.dataBranch}'`,
      () => syncRun(
        repo,
        (_snapshot, files) => {
          if (files === null) throw new Error(`the data branch '${inputs.dataBranch}' could not be read`);
          const before = parseDiagnoses(files.get(DIAGNOSES_FILE));
          if (before.problem) warning(commandText(`${DIAGNOSES_FILE} on the data branch: ${before.problem}; the readable diagnoses are kept.`, 1e3));
          const out = new Map(files);
          if (found.size > 0) out.set(DIAGNOSES_FILE, renderDiagnoses(mergeDiagnoses(before.diagnoses, found)));
          return { files: out };
        },
        { attempts: inputs.pushAttempts, readOnly: false, commitMessage: `flakeguard: diagnoses of ${found.size} test${found.size === 1 ? "" : "s"}`, log: (m) => info(logText(m)) }
      )
    );
    const cpu = childCpuSeconds() - cpuBefore;
    const cost = { ...runner.cost, wallSeconds: Math.round((Date.now() - started) / 100) / 10, cpuSeconds: Math.round(cpu * 10) / 10 };
    setOutput("diagnosed-tests", found.size);
    setOutput("diagnose-executions", runner.cost.executions);
    const saved = sync.status.kind === "pushed" || sync.status.kind === "unchanged";
    await appendSummary(
      diagnosesMarkdown(found, { skipped: skipped.map((t) => t.id), cost, threshold: THRESHOLD, saved: saved ? void 0 : "reason" in sync.status ? String(sync.status.reason) : sync.status.kind })
    ).catch(() => void 0);
    info(`Diagnosed ${found.size} test${found.size === 1 ? "" : "s"}: ${cost.executions} executions in ${cost.starts} starts, ${cost.wallSeconds} s, ${cost.cpuSeconds} CPU s.`);
    if (!saved) warning(commandText(`The diagnoses were not saved to '${inputs.dataBranch}': ${"reason" in sync.status ? String(sync.status.reason) : sync.status.kind}`, 1e3));
    return "success";
  } finally {
    await repo.dispose();
  }
}
export {
  diagnoseMode,
  plannedExecutions
};
