const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { join, resolve } = require("node:path");
const { tmpdir } = require("node:os");
import {
  loadFileConfig,
  splitTests,
  warnUnsplitOverrides
} from "./shared-pipeline-split.js";
import {
  admitParcel,
  applyRun,
  badgeCounts,
  badgeText,
  clockWarner,
  clusterFiles,
  dashboardFiles,
  foldParcels,
  inboxProvenance,
  keptDiagnosesFile,
  readReports,
  rulesActive,
  runContextFor,
  runParcel,
  statsScores,
  testSeconds,
  writeResultsFile
} from "./shared-pipeline-apply.js";
import {
  readRerunInputs
} from "./shared-rerun-rerun-inputs.js";
import "./shared-scoring-regression.js";
import {
  keepScopes,
  scopedBefore
} from "./shared-junit-xml.js";
import {
  commandFound
} from "./shared-rerun-typo.js";
import "./shared-policy-fix-release.js";
import {
  finalAttemptFailed
} from "./shared-policy-hand-edits.js";
import "./shared-rerun-presets-args.js";
import "./shared-text-shell.js";
import "./shared-owners-codeowners.js";
import {
  factsFor,
  publishOutcome,
  publishRun,
  publishStopped,
  warmApiClient
} from "./shared-github-publish.js";
import "./shared-report-store-line.js";
import {
  lostReason,
  readBranchFiles,
  syncRun
} from "./shared-store-sync.js";
import {
  verifyStepFiles,
  watchStepFiles
} from "./shared-github-step-files.js";
import "./shared-report-summary.js";
import "./shared-report-scores.js";
import "./shared-clusters-cluster.js";
import "./shared-report-clusters.js";
import "./shared-scoring-multi-factor.js";
import "./shared-scoring-pfs.js";
import "./shared-scoring-thresholded.js";
import {
  earlyReports,
  openClone,
  stepRemote
} from "./shared-action-early-clone.js";
import {
  readModeInputs
} from "./shared-config-mode-inputs.js";
import {
  contextFromEnv
} from "./shared-config-context.js";
import "./shared-store-git.js";
import "./shared-store-git-process.js";
import "./shared-store-inbox-refs.js";
import {
  InputError,
  emptyTestOutcome,
  inputsFromEnv,
  parseInteger,
  readInputs
} from "./shared-config-inputs.js";
import "./shared-owners-classmap.js";
import "./shared-diagnose-rule.js";
import "./shared-diagnose-format.js";
import "./shared-github-client.js";
import {
  normalizeErrorMessage
} from "./shared-rerun-stopping.js";
import {
  DEFAULT_MAX_RUNS
} from "./shared-rerun-fix-plan.js";
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
import {
  DEFAULT_READ_BOUNDS
} from "./shared-store-read-bounds.js";
import {
  BADGE_FILE,
  isStatsShardPath
} from "./shared-store-decisions.js";
import "./shared-store-layout.js";
import "./shared-history-cell.js";
import "./shared-cost-index.js";
import "./shared-model.js";
import "./shared-store-cleanup.js";
import {
  group,
  info,
  setSecret,
  warning
} from "./shared-actions-core.js";
import "./shared-pipeline-find-reports.js";
import "./shared-runtime.js";

// src/action/stages.ts

// src/store/data-branch.ts
function gitDataBranch(opening, readOnly, options = {}) {
  const bounds = options.bounds ?? DEFAULT_READ_BOUNDS;
  opening.catch(() => void 0);
  const first = opening.then((repo) => readBranchFiles(repo, !readOnly, bounds));
  first.catch(() => void 0);
  return {
    readOnly,
    opened: async () => {
      await opening;
    },
    read: () => first,
    snapshot: async () => {
      const read = await first;
      return parseSnapshot(read.files, read.blocked, bounds);
    },
    write: async (apply, write) => syncRun(await opening, apply, { ...write, readOnly, firstRead: first, bounds }),
    dispose: async () => {
      await first.catch(() => void 0);
      await (await opening.catch(() => void 0))?.dispose();
    }
  };
}

// src/rerun/fix-inputs.ts
function readFixInputs(get) {
  const mode = (get("fix-verify") || "auto").toLowerCase();
  if (mode !== "auto" && mode !== "off") throw new InputError(`Input 'fix-verify' must be auto or off, got '${mode.slice(0, 80)}'.`);
  return { on: mode === "auto", maxRuns: parseInteger("fix-verify-max-runs", get("fix-verify-max-runs"), DEFAULT_MAX_RUNS, 1, 1e4) };
}

// src/action/stages.ts
async function readStep(env, modeInputs) {
  const inputs = readInputs(inputsFromEnv(env));
  const emptyOutcome = emptyTestOutcome(env["INPUT_TEST-OUTCOME"]);
  if (emptyOutcome !== void 0) warning(emptyOutcome, { title: "test-outcome is empty" });
  for (const secret of [inputs.token, inputs.inboxKey]) {
    if (!secret) continue;
    setSecret(secret);
    registerSecret(secret);
  }
  const ctx = contextFromEnv(env);
  const config = await loadFileConfig(inputs.configPath ? resolve(ctx.workspace, inputs.configPath) : "");
  const rerunInputs = readRerunInputs(inputsFromEnv(env), (word) => commandFound(word, ctx.workspace, env));
  const fixInputs = readFixInputs(inputsFromEnv(env));
  return { env, inputs, ctx, modeInputs, config, rerunInputs, fixInputs, readOnly: inputs.readOnly || ctx.fromFork };
}
function openStepBranch(step, early) {
  const { inputs, ctx, readOnly } = step;
  const opening = (async () => openClone(early, await stepRemote(early, inputs, ctx), inputs.dataBranch, inputs.token, !readOnly, ctx.runnerTemp || void 0))();
  return gitDataBranch(opening, readOnly);
}
async function readJob(step, branch, early) {
  const { inputs, ctx, readOnly } = step;
  const reports = await readReports(inputs, ctx, earlyReports(early, inputs, ctx)).catch(async (error) => {
    await branch.dispose();
    throw error;
  });
  await branch.opened();
  const snapshot = reports.perTestReports ? await keptScopes(step, reports, branch) : void 0;
  const now = Date.now();
  const run2 = runContextFor(ctx, inputs, reports.timestamp, now);
  const rules = step.config.policy.rules;
  const issues = inputs.createIssues ? await (await import("./github-issues.js")).prepareIssues({ inputs, ctx, readOnly, rules, ...step.rerunInputs ? { rerun: step.rerunInputs } : {} }) : void 0;
  return { reports, run: run2, now, warnClock: clockWarner(), issues, ...snapshot ? { snapshot } : {} };
}
async function keptScopes(step, reports, branch) {
  let snapshot;
  try {
    snapshot = await branch.snapshot();
  } catch {
    return void 0;
  }
  const historyId = historyIdOf(step);
  const kept = keepScopes(reports.tests, new Set(reports.perTestReports), { has: (id) => snapshot.history.has(id), scoped: scopedBefore(snapshot.history.keys()) }, historyId);
  if (kept > 0) {
    info(
      `${kept} test${kept === 1 ? "" : "s"} alone with ${kept === 1 ? "its" : "their"} id in this run keep${kept === 1 ? "s" : ""} the id qualified by ${kept === 1 ? "its" : "their"} report's directory that ${kept === 1 ? "it" : "they"} had when another report had it too (docs/test-ids.md, "Ids across reports").`
    );
  }
  return snapshot;
}
var splitHistory = (step) => step.modeInputs.splitHistoryBy === "job-key";
function firstSnapshot(first, branch) {
  let given = first;
  return {
    snapshot: () => {
      const out = given;
      given = void 0;
      return out ? Promise.resolve(out) : branch.snapshot();
    }
  };
}
var historyIdOf = (step) => splitHistory(step) ? (id) => splitTests([{ id }], step.inputs.jobKey)[0].id : (id) => id;
async function rerunStage(step, job, branch) {
  const { rerunInputs, ctx, config } = step;
  if (!rerunInputs) return void 0;
  const { reports } = job;
  const failedBeforeReruns = reports.tests.filter(finalAttemptFailed).length;
  const reportSec = testSeconds(reports.tests);
  const result = await (await import("./pipeline-rerun.js")).rerunStep({
    rerun: rerunInputs,
    tests: reports.tests,
    branch: job.snapshot ? firstSnapshot(job.snapshot, branch) : branch,
    workspace: ctx.workspace,
    tempDir: ctx.runnerTemp || tmpdir(),
    historyId: historyIdOf(step),
    isPullRequest: ctx.eventName === "pull_request" || ctx.eventName === "pull_request_target",
    runKey: `${job.run.key}#${job.run.runAttempt}`,
    recordKey: job.run.key,
    policy: config.policy,
    normalise: normalizeErrorMessage,
    now: job.now,
    sha: job.run.sha,
    ...job.run.cell !== void 0 ? { cell: job.run.cell } : {},
    ...reports.reporters ? { reporters: reports.reporters } : {}
  });
  return {
    result,
    newTestsBlock: rerunInputs.newTests === "block",
    verdicts: {
      consistent: (await import("./rerun-plan.js")).blockingStreaks(result),
      orderDependent: result.orderDependent,
      orderSuspects: result.orderSuspects,
      orderCleared: result.orderCleared,
      newFlaky: result.newFlaky,
      newTestsBlock: rerunInputs.newTests === "block",
      failedBeforeReruns,
      reportSec,
      rerunSec: result.seconds,
      failedInRun: (await import("./rerun-plan.js")).orderCandidates(result)
    }
  };
}
async function fixStage(step, job, branch) {
  const { ctx } = step;
  const pr = ctx.eventName === "pull_request" || ctx.eventName === "pull_request_target";
  if (!step.fixInputs.on || !pr && !job.run.onDefaultBranch) return void 0;
  if (!pr) {
    const read = await branch.read().catch(() => void 0);
    if (!read || ![...read.files].some(([path, text]) => isStatsShardPath(path) && text.includes('"fix"'))) return void 0;
  }
  const snapshot = await branch.snapshot().catch(() => void 0);
  if (!snapshot) return void 0;
  if (!pr && ![...snapshot.stats.values()].some((line) => line.fix !== void 0)) return void 0;
  return (await import("./github-fix-verify.js")).fixStage({
    env: step.env,
    inputs: step.inputs,
    ctx,
    readOnly: step.readOnly,
    rerun: step.rerunInputs,
    fix: step.fixInputs,
    tests: job.reports.tests,
    ...job.reports.reporters ? { reporters: job.reports.reporters } : {},
    historyId: historyIdOf(step),
    snapshot,
    policy: step.config.policy,
    now: job.now,
    run: job.run
  });
}
function fixInput(report, readOnly) {
  if (!report) return void 0;
  const verified = /* @__PURE__ */ new Map();
  if (!readOnly && report.pr !== void 0 && report.head !== void 0) {
    const at = (/* @__PURE__ */ new Date()).toISOString();
    for (const o of report.outcomes) {
      verified.set(o.id, { pr: report.pr, head: report.head, runs: o.ran, failures: o.failures, rate: o.plan.rate.p, reached: o.reached, verdict: o.verdict, at });
    }
  }
  return { verified, landed: new Map(report.landed.map((l) => [l.id, { pr: l.pr, commit: l.commit }])) };
}
function recordedTests(step, job, reruns) {
  const tests = reruns ? reruns.result.tests : job.reports.tests;
  return splitHistory(step) ? splitTests(tests, step.inputs.jobKey) : tests;
}
async function quarantineOwners(step) {
  if (!rulesActive(step.config.policy.quarantine)) return void 0;
  const { findCodeowners, ownersOfTest, ownerText, parseClassMap } = await import("./owners-index.js");
  const classMap = step.inputs.codeownersMap ? parseClassMap(step.inputs.codeownersMap) : [];
  const found = await findCodeowners(step.ctx.workspace);
  if (!found || "tooLarge" in found) {
    warning(
      found ? `${found.path} is 3 MB or more, so GitHub does not use it: policy.quarantine finds no owner.` : "policy.quarantine: no CODEOWNERS file (.github/, the root or docs/): no test has an owner.",
      { title: "flakeguard quarantine rules" }
    );
  }
  const lookup = { classMap, workspace: step.ctx.workspace, ...found && !("tooLarge" in found) ? { codeowners: found } : {} };
  return (test) => ownersOfTest(test, lookup).owners.map(ownerText);
}
async function decideAndWrite(step, job, reruns, branch, fixes) {
  const { inputs, ctx, config, readOnly } = step;
  const { reports, run: run2, now, warnClock, issues } = job;
  let facts;
  const api = warmApiClient(inputs, ctx);
  const ownersOf = await quarantineOwners(step);
  const options = {
    ...config,
    normalise: normalizeErrorMessage,
    scoreTests: statsScores(Math.min(run2.time, now), config.policy.rules.scoring),
    ...inputs.costPerMinute !== void 0 ? { costPerMinute: inputs.costPerMinute } : {},
    ...ownersOf ? { ownersOf } : {}
  };
  const provenance = inboxProvenance(inputs, ctx);
  const fixed = fixInput(fixes, readOnly);
  const sync = await group(
    `Updating the data branch '${inputs.dataBranch}'`,
    () => branch.write(
      (snapshot) => applyRun(
        {
          snapshot,
          reports,
          filesMatched: reports.matched,
          ...reports.unmatched !== void 0 ? { unmatched: reports.unmatched } : {},
          testOutcome: inputs.testOutcome,
          run: run2,
          now,
          closedByHand: issues?.closedByHand,
          issueOf: issues?.issueOf,
          ...reruns ? { rerun: reruns.verdicts } : {},
          ...fixed ? { fixes: fixed } : {}
        },
        options
      ),
      {
        inbox: {
          parcel: (applied) => runParcel(run2, [{ run: run2, tests: reports.tests, jobSucceeded: applied.outcome.result === "success" }], Date.now(), provenance.seal),
          admit: (parcel) => admitParcel(parcel, provenance),
          fold: (snapshot, parcels) => foldParcels(snapshot, parcels, options, now, warnClock)
        },
        attempts: inputs.pushAttempts,
        commitMessage: `flakeguard: ${reports.tests.length} tests from run ${ctx.runId} attempt ${ctx.runAttempt} (${ctx.job})`,
        log: (m) => info(logText(m)),
        warn: (m) => warning(commandText(m, 1e3)),
        // The dashboard's files, and the badge of the quarantine after this run (its counts as of the run's time).
        extraFiles: async (current, applied) => {
          const files = (await dashboardFiles(current, { workspace: ctx.workspace, classMap: inputs.codeownersMap })).set(BADGE_FILE, badgeText(badgeCounts(applied, now)));
          for (const [path, text] of clusterFiles(current, applied, (m) => warning(commandText(m, 1e3)))) files.set(path, text);
          for (const [path, text] of keptDiagnosesFile(current)) files.set(path, text);
          return files;
        },
        releaseTexts: true,
        whilePushing: (applied) => {
          void api?.connect();
          setImmediate(() => {
            try {
              facts = { of: applied, facts: factsFor(applied) };
            } catch {
            }
          });
        }
      }
    )
  );
  const result = sync.applied;
  for (const note of result.clockNotes) warnClock(note);
  const lost = readOnly ? void 0 : lostReason(sync.status, inputs.dataBranch);
  const keep = lost !== void 0 && sync.status.kind === "not-saved" && sync.status.refused !== void 0 && result.outcome.result === "success" && step.modeInputs.uploadResults;
  if (lost && !keep) result.outcome = { ...result.outcome, result: "failure", reasons: [...result.outcome.reasons, lost] };
  if (splitHistory(step))
    warnUnsplitOverrides(
      reports.tests.map((t) => t.id),
      inputs.jobKey,
      result
    );
  return { sync, ...facts ? { facts } : {}, ...api ? { api } : {}, ...keep ? { keep: true } : {} };
}
async function leaveResultsFile(step, job, written) {
  const { sync } = written;
  if (sync.status.kind !== "read-only" && sync.status.kind !== "not-saved") return void 0;
  const { inputs, ctx, modeInputs, env } = step;
  const path = await writeResultsFile(join(ctx.runnerTemp || tmpdir(), "flakeguard"), job.run, job.reports.tests);
  const leave = async () => (await import("./modes-upload.js")).leaveResults({ inputs, ctx, run: job.run, reports: job.reports }, modeInputs, env);
  if (written.keep && sync.status.kind === "not-saved") {
    const kept = await leave();
    if (kept !== void 0) written.sync.status = { ...sync.status, kept };
    else {
      const lost = lostReason(sync.status, inputs.dataBranch);
      const o = sync.applied.outcome;
      sync.applied.outcome = { ...o, result: "failure", reasons: [...o.reasons, lost] };
    }
    return { path };
  }
  const upload = modeInputs.uploadResults ? async () => void await leave() : void 0;
  return { path, ...upload ? { upload } : {} };
}
function runFacts(step, job, reruns, written, resultsFile, fixes) {
  const { reports } = job;
  return {
    inputs: step.inputs,
    ctx: step.ctx,
    readOnly: step.readOnly,
    runUrl: job.run.url ?? "",
    sync: written.sync,
    reports: { tests: reports.tests.length, problems: reports.problems.length, ...reports.twins ? { twins: reports.twins } : {}, ...reports.collisions ? { collisions: reports.collisions } : {} },
    ...written.facts ? { facts: written.facts } : {},
    ...written.api ? { api: written.api } : {},
    run: job.run,
    ...reruns ? { rerun: reruns } : {},
    ...resultsFile ? { resultsFile } : {},
    ...job.issues ? { issues: job.issues } : {},
    ...fixes ? { fixes } : {},
    ...step.inputs.annotatedReport ? { tests: reports.tests, ...reports.reporters ? { reporters: reports.reporters } : {} } : {}
  };
}

// src/action/run.ts
async function run(env = process.env, clone, reports) {
  watchStepFiles();
  let outcome = "failure";
  try {
    const modeInputs = readModeInputs(inputsFromEnv(env));
    if (modeInputs.mode !== "run") {
      if (inputsFromEnv(env)("rerun") !== "" && modeInputs.mode !== "diagnose") warning(`The rerun input works in mode run only: ignored in mode ${modeInputs.mode} (docs/rerun.md).`);
      outcome = await (await import("./modes-index.js")).runMode(env, modeInputs);
      return;
    }
    const step = await readStep(env, modeInputs);
    const branch = openStepBranch(step, clone);
    const job = await readJob(step, branch, reports);
    let reruns;
    let written;
    let fixes;
    try {
      reruns = await rerunStage(step, job, branch);
      fixes = await fixStage(step, job, branch);
      job.reports.tests = recordedTests(step, job, reruns);
      written = await decideAndWrite(step, job, reruns, branch, fixes);
    } finally {
      await branch.dispose();
    }
    const resultsFile = await leaveResultsFile(step, job, written);
    outcome = await publishRun(runFacts(step, job, reruns, written, resultsFile, fixes));
  } catch (error) {
    outcome = "failure";
    publishStopped(error);
  } finally {
    publishOutcome(outcome);
    verifyStepFiles();
  }
}
export {
  run
};
