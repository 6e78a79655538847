const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { mkdir, mkdtemp, writeFile } = require("node:fs/promises");
const { join } = require("node:path");
import {
  artifactName,
  bundleFiles,
  readModeActionInputs,
  requireArtifactRuntime,
  secretInputs,
  tempRoot
} from "./shared-pipeline-shards.js";
import {
  readReports,
  renderResultsFile,
  runContextFor,
  shardLabel
} from "./shared-pipeline-apply.js";
import "./shared-scoring-regression.js";
import "./shared-junit-xml.js";
import "./shared-policy-fix-release.js";
import "./shared-policy-hand-edits.js";
import "./shared-owners-codeowners.js";
import "./shared-store-sync.js";
import {
  setOutput
} from "./shared-github-step-files.js";
import "./shared-clusters-cluster.js";
import "./shared-scoring-multi-factor.js";
import "./shared-scoring-pfs.js";
import "./shared-scoring-thresholded.js";
import {
  contextFromEnv
} from "./shared-config-context.js";
import "./shared-store-git.js";
import "./shared-store-git-process.js";
import "./shared-store-inbox-refs.js";
import "./shared-config-inputs.js";
import "./shared-owners-classmap.js";
import "./shared-diagnose-format.js";
import "./shared-github-client.js";
import "./shared-rerun-stopping.js";
import {
  commandText,
  logText,
  registerSecret
} from "./shared-text-escape.js";
import "./shared-store-snapshot.js";
import "./shared-history-stored.js";
import "./shared-history-merge.js";
import "./shared-history-records.js";
import "./shared-store-read-bounds.js";
import "./shared-store-decisions.js";
import "./shared-store-layout.js";
import "./shared-history-cell.js";
import "./shared-cost-index.js";
import "./shared-model.js";
import "./shared-store-cleanup.js";
import {
  group,
  info,
  notice,
  warning
} from "./shared-actions-core.js";
import "./shared-pipeline-find-reports.js";
import "./shared-runtime.js";

// src/modes/upload.ts
var RESULTS_RETENTION_DAYS = 7;
async function uploadResults({ inputs, ctx, run, reports }) {
  const manifest = {
    jobKey: inputs.jobKey,
    testOutcome: inputs.testOutcome,
    filesMatched: reports.matched,
    filesRead: reports.filesRead,
    problems: reports.problems,
    reportPatterns: inputs.reports
  };
  const root = tempRoot(ctx);
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(join(root, "upload-"));
  const paths = [];
  for (const [name2, text] of bundleFiles(manifest, renderResultsFile(run, reports.tests))) {
    await writeFile(join(dir, name2), text);
    paths.push(join(dir, name2));
  }
  const name = artifactName(run.key, shardLabel(run.job, inputs.jobKey), run.runAttempt);
  const { uploadArtifact } = await import("./github-artifacts.js");
  const uploaded = await uploadArtifact(name, dir, paths, RESULTS_RETENTION_DAYS);
  info(logText(`Uploaded ${reports.tests.length} test results as the artifact ${name}${uploaded.size !== void 0 ? ` (${uploaded.size} bytes)` : ""}.`));
  return name;
}
async function leaveResults(left, modeInputs, env) {
  if (!modeInputs.uploadResults) return void 0;
  const { artifactRuntimeAvailable } = await import("./github-artifacts.js");
  if (!artifactRuntimeAvailable(env)) {
    info("The Actions artifact service is not available here (ACTIONS_RUNTIME_TOKEN/ACTIONS_RESULTS_URL), so the results were not uploaded.");
    return void 0;
  }
  try {
    const name = await uploadResults(left);
    setOutput("results-artifact", name);
    notice(commandText(`This run's results were uploaded as the artifact ${name}; a workflow_run workflow with mode: ingest-workflow-run can save them (docs/forks.md).`, 2e3));
    return name;
  } catch (error) {
    warning(commandText(`Could not upload this run's results as an artifact: ${error instanceof Error ? error.message : String(error)}`, 1e3), { title: "flakeguard results not uploaded" });
    return void 0;
  }
}
async function uploadMode(env, modeInputs) {
  const inputs = readModeActionInputs(env, true);
  secretInputs(inputs, registerSecret);
  const ctx = contextFromEnv(env);
  const { artifactRuntimeAvailable } = await import("./github-artifacts.js");
  requireArtifactRuntime(env, modeInputs.mode, artifactRuntimeAvailable(env));
  const reports = await readReports(inputs, ctx);
  const run = runContextFor(ctx, inputs, reports.timestamp, Date.now());
  const name = await group("Uploading the results for the aggregating job", () => uploadResults({ inputs, ctx, run, reports }));
  setOutput("results-artifact", name);
  const failed = reports.tests.filter((t) => {
    const last = t.attempts[t.attempts.length - 1];
    return last?.status === "failed" || last?.status === "error";
  }).length;
  setOutput("failed-tests", failed);
  info(`${reports.tests.length} tests, ${failed} failed, in ${reports.matched} report file${reports.matched === 1 ? "" : "s"}: the job with mode: aggregate decides the outcome of this shard.`);
  return "success";
}
export {
  RESULTS_RETENTION_DAYS,
  leaveResults,
  uploadMode,
  uploadResults
};
