const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { createHash } = require("node:crypto");
const { join } = require("node:path");
import {
  ORDER_REASON,
  capName,
  cleanIds,
  displayPath,
  orderSuspects,
  parseReportFile,
  testId,
  twinNamer
} from "./shared-junit-xml.js";
import {
  commandFound
} from "./shared-rerun-typo.js";
import {
  autoFlags,
  detectRunner,
  readRunnerScript,
  readWorkspaceFacts,
  rerunEnv,
  runRound
} from "./shared-rerun-process.js";
import {
  finalAttemptFailed,
  findOutages,
  judgeFailures,
  quarantineBefore,
  ruleState
} from "./shared-policy-hand-edits.js";
import {
  findPreset
} from "./shared-rerun-presets-args.js";
import {
  DEFAULT_THRESHOLDED_CONFIG,
  allocateBudget,
  thresholdedFlakiness
} from "./shared-scoring-thresholded.js";
import {
  answerKey,
  combineParts,
  finishRerun,
  orderCandidates,
  ranIn,
  recordRound,
  rerunTestOf,
  roundCases,
  roundGroups,
  setAside,
  startRerun,
  startsIn,
  stopRerun
} from "./shared-rerun-plan.js";
import {
  IMPLAUSIBLE,
  NO_HISTORY,
  failureCounts
} from "./shared-rerun-stopping.js";
import {
  commandText,
  logText
} from "./shared-text-escape.js";
import {
  emptySnapshot
} from "./shared-store-snapshot.js";
import {
  isFailure,
  runnerTitle
} from "./shared-model.js";
import {
  error,
  group,
  info,
  notice,
  warning
} from "./shared-actions-core.js";

// src/pipeline/rerun.ts

// src/rerun/context-rounds.ts
function earlierInFile(tests, target) {
  const out = [];
  const sameFile = (t) => target.file !== void 0 && target.file !== "" && t.file === target.file;
  const suiteOf = (t) => t.group ?? t.suite;
  const suite = suiteOf(target);
  for (const t of tests) {
    if (t.id === target.id && t.report === target.report) return out;
    if (t.report !== target.report || !(suiteOf(t) === suite || sameFile(t))) continue;
    if (t.attempts.some((a) => a.status !== "skipped")) out.push(t);
  }
  return out;
}
function earlierInRun(tests, target) {
  const out = [];
  for (const t of tests) {
    if (t.report !== target.report) continue;
    if (t.id === target.id) return out;
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
  const run = track.scope === "run";
  const proof = `failed ${n} of ${n} rounds ${run ? "after the tests before it in the run" : "with its file"}, passed ${track.alone.length} of ${track.alone.length} alone`;
  return track.polluter ? `fails after ${named(track.polluter)} in ${run ? "the run" : "its file"}, passes alone: ${named(track.polluter)} leaves state behind (${proof})` : `fails inside ${run ? "the run" : "its file"}, passes alone: a test before it leaves state behind (${proof})`;
}
function contextDirection(c) {
  if (c.reruns.length === 0) return void 0;
  if (c.kind === "extra") return c.verdict === "flaky-extra" && c.reruns.every((a) => a.status === "skipped" || isFailure(a.status)) ? "extra" : void 0;
  if (c.verdict === "proven-flaky") return "forward";
  const failedAll = c.reruns.every((a) => a.status === "skipped" || isFailure(a.status));
  if ((c.verdict === "consistent" || c.verdict === "exhausted" || c.verdict === "unreproduced") && failedAll) return "reverse";
  return void 0;
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
function budgetFailureChance(history, historyId, window) {
  const c = failureCounts(history.get(historyId), window);
  const attempts = c.failures + c.passes;
  return attempts > 0 ? c.failures / attempts : 0;
}
function planExtras(input) {
  const th = input.thresholded ?? DEFAULT_THRESHOLDED_CONFIG;
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
    const observed = budgetFailureChance(input.history, hid, input.window);
    candidates.push({ id: t.id, flakiness: thresholdedFlakiness(observed, th.alpha), runs: input.history.get(hid)?.runs.length ?? 0 });
  }
  const exploratoryShare = left - Math.round(left * th.proportionTargeted);
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

// src/rerun/voided.ts
var NPM_RUNNERS = /* @__PURE__ */ new Set(["jest", "vitest", "mocha"]);
var FIX = "or set rerun: to the command that runs your tests";
function voidedWarning(v) {
  const head = `Re-runs: round ${v.round} was voided: `;
  const missing = /spawn (\S+) ENOENT/.exec(v.why);
  if (missing) {
    const bin = missing[1];
    const runner = v.preset ?? bin.split("/").pop();
    const install = NPM_RUNNERS.has(runner) ? `Install ${runner} (npm ci before this step)` : `Install ${bin.split("/").pop()} before this step`;
    return `${head}${bin} was not found (${missing[0]}). ${install} ${FIX} (docs/rerun-presets.md).`;
  }
  if (v.preset === void 0 && /\bexit code 127\b/.test(v.why)) {
    const first = (v.command ?? "").trim().split(/\s+/)[0] ?? "";
    if (v.firstWordFound === false && first !== "") {
      return `${head}\`${first}\` was not found (exit code 127, command not found). Install it before this step ${FIX} (a preset's name, e.g. rerun: vitest; docs/rerun-presets.md).`;
    }
    return `${head}a command it runs was not found (exit code 127, command not found; the re-run log shows which). Install it before this step ${FIX} (docs/rerun.md).`;
  }
  return `${head}${v.why.replace(/\.$/, "")}. The failed tests are judged without re-runs (docs/rerun.md, "What you see").`;
}

// src/pipeline/rerun.ts
function quarantinedIfExhausted(snapshot, failed, historyId, sha, policy, normalise, now, cell) {
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
  const { unforgiven } = judgeFailures(snapshot, before, tests, sha, { policy, normalise, ...cell !== void 0 ? { cell } : {} });
  for (const t of tests) (unforgiven.has(t.id) ? unforgivable : forgivable).add(byHistoryId.get(t.id));
  return { forgivable, unforgivable };
}
function plannedExtras(input) {
  const { tests, snapshot } = input;
  const newTests = new Set(input.isPullRequest ? tests.filter((t) => isNewTest(snapshot.history, input.historyId(t.id))).map((t) => t.id) : []);
  if (input.budget <= 0) return { newTests, extras: [] };
  const extras = planExtras({
    // A test qualified by its report's directory cannot be re-run (setAsideScoped): no budget is spent on it.
    passing: tests.filter((t) => t.scope === void 0 && !finalAttemptFailed(t) && t.attempts.some((a) => a.status === "passed")),
    history: snapshot.history,
    historyId: input.historyId,
    quarantined: quarantineBefore(snapshot, input.now).quarantined,
    newTests,
    budget: Math.min(input.budget, suiteBudget(input.timeoutSec, tests)),
    reserved: input.reserved,
    perTest: input.perTest,
    window: input.window,
    seed: createHash("sha256").update(input.runKey).digest().readUInt32BE(0),
    ...input.thresholded ? { thresholded: input.thresholded } : {}
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
async function readRoundReport(path, workspace, o = {}) {
  const read = await parseReportFile(path, displayPath(path, workspace), { workspace });
  if (typeof read === "string") return { attempts: /* @__PURE__ */ new Map(), problems: [read] };
  const attempts = /* @__PURE__ */ new Map();
  const executions = o.repeated ? /* @__PURE__ */ new Map() : void 0;
  const capped = read.cases.map((c) => {
    const one = { name: capName(c.name), classname: capName(c.classname), suite: capName(c.suite), attempts: c.attempts };
    if (c.idFile !== void 0) one.idFile = c.idFile;
    return one;
  });
  cleanIds(capped, read.reporter === "mocha");
  const namer = read.oneCasePerTest && !executions ? twinNamer(capped) : void 0;
  for (const named2 of capped) {
    if (namer) named2.name = namer.name(named2.name, testId(named2)).name;
    const key = answerKey({ id: testId(named2), classname: named2.classname, name: named2.name });
    if (executions) {
      const known2 = executions.get(key);
      if (known2) known2.push([...named2.attempts]);
      else executions.set(key, [[...named2.attempts]]);
    }
    const known = attempts.get(key);
    if (known) for (const a of named2.attempts) known.push(a);
    else attempts.set(key, named2.attempts);
  }
  return { attempts, ...executions ? { executions } : {}, problems: read.problems.map((p) => `${p.line ? `line ${p.line}: ` : ""}${p.message}`) };
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
    const facts = await readWorkspaceFacts(input.workspace);
    const detection = detectRunner(input.reporters, facts);
    const preset = detection.preset === void 0 ? void 0 : findPreset(detection.preset);
    if (preset) info(logText(`rerun: auto chose the ${preset.name} preset:`, 1e3));
    for (const line of detection.why) info(logText(`  ${line}`, 1e3));
    if (preset) {
      const scripts = facts.packageJson?.scriptsByName;
      const flags = autoFlags(preset, scripts !== void 0 && SCRIPT_RUNNERS.has(preset.name) ? readRunnerScript(preset.name, scripts) : { none: true });
      for (const line of flags.why) info(logText(`  ${line}`, 1e3));
      for (const notice2 of flags.notices) notice(commandText(notice2, 1e3), { title: "flakeguard re-runs" });
      return { preset, flags };
    }
    const why = `rerun: auto ${detection.why[0]} (name the preset instead, e.g. rerun: vitest; docs/rerun-presets.md)`;
    notice(commandText(`Re-runs: no test was re-run: ${why}.`, 1e3), { title: "flakeguard re-runs" });
    return why;
  });
}
var SCRIPT_RUNNERS = /* @__PURE__ */ new Set(["jest", "vitest", "mocha"]);
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
    const { args, env } = chosen.flags;
    rerun = { ...rerun, preset: chosen.preset, ...args.length > 0 ? { args } : {}, ...Object.keys(env).length > 0 ? { env } : {} };
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
    now: input.now,
    thresholded: input.policy.rules.scoring.thresholded
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
    ...quarantinedIfExhausted(snapshot, toRerun, input.historyId, input.sha ?? "", input.policy, input.normalise, input.now, input.cell)
  });
  setAsideScoped(state.cases);
  const deadline = Date.now() + rerun.timeoutSec * 1e3;
  const dir = join(input.tempDir, "flakeguard-rerun");
  const command = rerun.preset ?? rerun.command;
  const warnings = [];
  const canRepeat = rerun.preset === void 0 || rerun.preset.repeats === true;
  const twinned = twinnedIn(tests);
  for (; ; ) {
    const cases = roundCases(state);
    if (cases.length === 0) break;
    const left = deadline - Date.now();
    if (left <= 0) {
      stopRerun(state, `rerun-timeout (${rerun.timeoutSec}s) ran out`);
      break;
    }
    const round = state.rounds.length + 1;
    const groups = roundGroups(cases, state.rule, {
      repeats: canRepeat,
      inOrder: rerun.preset?.repeatsInOrder !== false,
      twinned,
      cap: (group2) => executionsThatFit(group2, left)
    });
    const invocations = [];
    const unfit = [];
    for (const [g, group2] of groups.entries()) {
      const fitted = fitRound(rerun, group2.cases, dir, round, group2.repeat);
      unfit.push(...fitted.unfit);
      for (const part of fitted.parts) invocations.push({ cases: part, repeat: group2.repeat, dir: "" });
      if (fitted.parts.length > 1 && g === 0) {
        info(
          `Round ${round}: the command line for ${group2.cases.length} tests is over the operating system's limits; split into ${fitted.parts.length} invocations (${fitted.parts.map((p) => p.length).join(", ")} tests).`
        );
      }
    }
    for (const [k, inv] of invocations.entries()) inv.dir = invocations.length === 1 ? dir : join(dir, `part-${k + 1}`);
    for (const u of unfit) setAside(u.item, u.why);
    if (unfit.length > 0) {
      const first = unfit[0];
      const more = unfit.length > 1 ? ` (and ${unfit.length - 1} more test${unfit.length === 2 ? "" : "s"})` : "";
      warning(commandText(`Re-runs: '${first.item.test.id}'${more} could not be re-run: ${first.why}.`, 1e3), { title: "flakeguard re-runs" });
    }
    if (invocations.length === 0) continue;
    const asked = invocations.flatMap((inv) => inv.cases);
    const failedNow = asked.filter((c) => c.kind === "failed").length;
    const title = `Re-run round ${round}: ${failedNow} failed test${failedNow === 1 ? "" : "s"}${asked.length > failedNow ? `, ${asked.length - failedNow} extra` : ""}`;
    const answer = await group(title, async () => {
      for (const c of asked.slice(0, 50)) info(logText(`  ${c.test.id}`, 1e3));
      if (asked.length > 50) info(`  \u2026 and ${asked.length - 50} more`);
      if (invocations.some((inv) => inv.repeat > 1)) {
        info(
          `Round ${round}: ${invocations.length} start${invocations.length === 1 ? "" : "s"}, each test run ${invocations.map((inv) => inv.repeat).join(", ")} time(s) in its start (FLAKEGUARD_RERUN_REPEAT).`
        );
      }
      const parts = [];
      for (const inv of invocations) {
        const leftNow = deadline - Date.now();
        const a2 = leftNow <= 0 ? { ok: false, why: "rerun-timeout ran out", seconds: 0 } : await runPart({
          round,
          cases: inv.cases,
          command,
          options: presetOptions(rerun),
          repeat: inv.repeat,
          workspace: input.workspace,
          dir: inv.dir,
          timeoutMs: leftNow,
          env: stepEnv(rerun),
          log: (line) => info(logText(line, 2e3)),
          logCommand: (line) => info(logText(line, 6e5)),
          readReport: (path) => readRoundReport(path, input.workspace, { repeated: inv.repeat > 1 })
        });
        parts.push({ asked: inv.cases, answer: a2 });
        if (!a2.ok) break;
      }
      const a = combineParts(parts, invocations.length);
      info(a.ok ? `Round ${round}: report read (${a.seconds}s).` : logText(`Round ${round} voided: ${a.why} (${a.seconds}s).`, 1e3));
      return a;
    });
    recordRound(state, asked, answer.ok || !/rerun-timeout/.test(answer.why) ? answer : { ...answer, why: `${answer.why} (${rerun.timeoutSec}s)` });
    if (!answer.ok) {
      const custom = typeof command === "string" ? command : void 0;
      const first = custom?.trim().split(/\s+/)[0] ?? "";
      const warning2 = voidedWarning({
        round,
        why: answer.why,
        ...rerun.preset ? { preset: rerun.preset.name } : {},
        ...custom !== void 0 ? { command: custom, firstWordFound: first !== "" && commandFound(first, input.workspace, stepEnv(rerun)) } : {}
      });
      warning(commandText(warning2, 1e3), { title: "flakeguard re-runs" });
      warnings.push(warning2);
    }
  }
  const result = finishRerun(state, tests);
  const ordinary = { executions: result.ran, starts: startsIn(result.rounds) };
  result.orderSuspects = orderSuspects({
    history,
    cases: result.cases,
    tests: result.tests,
    candidates: orderCandidates(result),
    consistent: result.consistent,
    runKey: input.recordKey ?? input.runKey,
    sha: input.sha ?? "",
    window: input.policy.window,
    convictedBefore: (id) => ruleState(snapshot.stats.get(id))?.reason.startsWith(ORDER_REASON) === true
  });
  if (rerun.preset?.keepsOrder) {
    await contextRounds({
      input,
      preset: rerun.preset,
      options: presetOptions(rerun),
      env: stepEnv(rerun),
      result,
      deadline,
      dir,
      timeoutSec: rerun.timeoutSec,
      attemptsMax: rerun.attemptsMax,
      reverseRounds: Math.min(REVERSE_ROUNDS, rerun.attempts)
    });
  }
  if (result.rounds.length > 0) {
    const starts = startsIn(result.rounds);
    result.starts = starts;
    const context = starts - ordinary.starts;
    info(
      `Re-runs: ${ordinary.executions} execution${ordinary.executions === 1 ? "" : "s"} in ${ordinary.starts} start${ordinary.starts === 1 ? "" : "s"} of the re-run command${context > 0 ? `, and ${result.ran - ordinary.executions} in ${context} context start${context === 1 ? "" : "s"}` : ""}${(result.surplus ?? 0) > 0 ? ` (${result.surplus} ran after their test's verdict: no attempts)` : ""}.`
    );
  }
  return { ...result, ...note ? { note } : {}, ...warnings.length > 0 ? { warnings } : {} };
}
function setAsideScoped(cases) {
  const scoped = cases.filter((c) => c.test.scope !== void 0);
  for (const c of scoped) {
    setAside(c, `its id is in more than one report of this run (${c.test.scope}), and a re-run's one report could not tell which report's test answered (docs/test-ids.md, "Ids across reports")`);
  }
  const failed = scoped.filter((c) => c.kind === "failed");
  if (failed.length === 0) return;
  const more = failed.length > 1 ? ` (and ${failed.length - 1} more test${failed.length === 2 ? "" : "s"})` : "";
  warning(commandText(`Re-runs: '${failed[0].test.id}'${more} could not be re-run: ${failed[0].why}.`, 1e3), { title: "flakeguard re-runs" });
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
    const suspect = direction === "forward" && result.orderSuspects.has(c.historyId);
    const earlier = suspect ? earlierInRun(input.tests, c.test) : earlierInFile(input.tests, c.test);
    if (earlier.length === 0) continue;
    tracks.push({ test: c.test, historyId: c.historyId, direction, earlier, scope: suspect ? "run" : "file", inContext: [], alone: [], probes: 0 });
  }
  if (tracks.length === 0) return;
  const forward = tracks.filter((t) => t.direction === "forward").sort((a, b) => Number(b.scope === "run") - Number(a.scope === "run"));
  let taken = forward.length;
  while (taken > 0 && pairsNeeded(taken) > o.attemptsMax) taken--;
  const pairs = pairsNeeded(Math.max(1, taken));
  const left = new Set(forward.slice(taken));
  const invokeAll = async (label, run, target, repeat = 1) => {
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
        repeat,
        workspace: input.workspace,
        dir: o.dir,
        timeoutMs: left2,
        env: o.env,
        log: (line) => info(logText(line, 2e3)),
        logCommand: (line) => info(logText(line, 6e5)),
        readReport: (path) => readRoundReport(path, input.workspace, { repeated: repeat > 1 })
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
    const key = answerKey(target);
    const executions = (answer.executions?.get(key) ?? [answer.attempts.get(key) ?? []]).map((e) => e.filter((a) => a.status !== "skipped")).filter((e) => e.length > 0);
    return executions.length === 0 ? void 0 : executions.map((e) => e.some((a) => isFailure(a.status)));
  };
  const invoke = async (label, run, target) => (await invokeAll(label, run, target))?.[0];
  const caseOf = new Map(result.cases.map((c) => [c.historyId, c]));
  for (const t of tracks) {
    const who = `'${t.test.id}'`;
    if (left.has(t)) t.verdict = "undecided";
    const limit = t.direction === "forward" ? pairs : o.reverseRounds;
    const folded = t.direction === "reverse" && o.preset.repeats === true && limit > 1;
    if (folded) {
      const outcomes = await invokeAll(
        `${who} after the ${t.earlier.length} test${t.earlier.length === 1 ? "" : "s"} before it in ${t.scope === "run" ? "the run" : "its file"}, ${limit} times`,
        [...t.earlier, t.test],
        t.test,
        limit
      );
      for (const failed of outcomes ?? []) {
        if (t.verdict !== void 0 && t.verdict !== "fails-in-context") break;
        recordContext(t, pairs, { context: failed });
      }
    }
    for (let k = 0; k < limit && !folded && (t.verdict === void 0 || t.verdict === "fails-in-context"); k++) {
      let alone;
      if (t.direction === "forward") {
        alone = await invoke(`${who} alone (pair ${k + 1} of ${pairs})`, [t.test], t.test);
        if (alone === void 0) break;
      }
      const inContext = await invoke(
        `${who} after the ${t.earlier.length} test${t.earlier.length === 1 ? "" : "s"} before it in ${t.scope === "run" ? "the run" : "its file"}${t.direction === "forward" ? ` (pair ${k + 1} of ${pairs})` : ""}`,
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
    } else if (t.scope === "run" && t.verdict === "flaky-in-context") {
      result.orderCleared.add(t.historyId);
      const why = t.alone.some((f) => f) ? "it failed alone too" : "it passed after the tests before it in the run";
      info(
        logText(`Context rounds: ${who} failed run after run inside the full run and passed alone, but ${why}: its failures are flakiness, not another test's state; it stays proven flaky.`, 2e3)
      );
    } else if (t.direction === "forward" && t.verdict !== "flaky-in-context") {
      info(
        logText(
          `Context rounds: ${who} could not be told order-dependent from flaky (${o.deadline <= Date.now() ? `rerun-timeout (${o.timeoutSec}s) ran out` : left.has(t) ? `only ${taken} test${taken === 1 ? "" : "s"} can be judged within rerun-attempts-max (${o.attemptsMax}) pairs each` : "a round did not answer"}); ${t.scope === "run" ? "its streak inside the full run decides" : "it stays proven flaky"}.`,
          2e3
        )
      );
    }
  }
}
function fitRound(rerun, cases, dir, round, repeat = 1) {
  const preset = rerun.preset;
  if (preset === void 0) return { parts: [cases], unfit: [] };
  const sizing = join(dir, `part-${cases.length}`, `round-${round}`, "report.xml");
  const options = repeat > 1 ? { ...presetOptions(rerun), repeat } : presetOptions(rerun);
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
function stepEnv(rerun) {
  return rerun.env ? { ...process.env, ...rerun.env } : process.env;
}
function twinnedIn(tests) {
  const key = (t) => JSON.stringify([t.report, t.classname, t.suite, runnerTitle(t)]);
  const keys = new Set(tests.filter((t) => t.twin !== void 0 && t.twin > 1).map(key));
  return (c) => keys.size > 0 && keys.has(key(c.test));
}
function executionsThatFit(cases, leftMs) {
  let total = 0;
  for (const c of cases) {
    const d = c.test.attempts[c.test.attempts.length - 1]?.durationSec;
    if (typeof d === "number" && Number.isFinite(d) && d > 0) total += d;
  }
  return total > 0 ? Math.max(1, Math.floor(leftMs / 2e3 / total)) : Number.MAX_SAFE_INTEGER;
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
  nextProbe,
  recordProbe,
  quarantinedIfExhausted,
  plannedExtras,
  readRoundReport,
  rerunStep,
  REVERSE_ROUNDS
};
