const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { resolve } = require("node:path");
import {
  checkExpected,
  collectShards,
  ingestShards,
  latestPerShard,
  readModeActionInputs,
  requireArtifactRuntime,
  secretInputs
} from "./shared-pipeline-shards.js";
import {
  loadFileConfig,
  warnUnsplitOverrides
} from "./shared-pipeline-split.js";
import {
  runContextFor
} from "./shared-pipeline-apply.js";
import "./shared-scoring-regression.js";
import "./shared-junit-xml.js";
import "./shared-policy-fix-release.js";
import "./shared-policy-hand-edits.js";
import "./shared-owners-codeowners.js";
import {
  lostReason
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
  contextFromEnv,
  isOnDefaultBranch
} from "./shared-config-context.js";
import "./shared-store-git.js";
import "./shared-store-git-process.js";
import "./shared-store-inbox-refs.js";
import {
  InputError
} from "./shared-config-inputs.js";
import "./shared-owners-classmap.js";
import "./shared-diagnose-format.js";
import "./shared-github-client.js";
import "./shared-rerun-stopping.js";
import {
  commandText,
  logText,
  mdText,
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
  error,
  group,
  info,
  notice,
  setFailed,
  warning
} from "./shared-actions-core.js";
import "./shared-pipeline-find-reports.js";
import "./shared-runtime.js";

// src/modes/aggregate.ts
async function aggregateMode(env, modeInputs) {
  const inputs = readModeActionInputs(env, false);
  secretInputs(inputs, registerSecret);
  if (!modeInputs.expectedShards) {
    throw new InputError(
      "mode: aggregate needs 'expected-shards': the number of matrix jobs, or their job keys one per line (e.g. 'os=windows-latest'), so that a shard that crashed before uploading fails the check."
    );
  }
  const ctx = contextFromEnv(env);
  const config = await loadFileConfig(inputs.configPath ? resolve(ctx.workspace, inputs.configPath) : "");
  const { artifactRuntimeAvailable } = await import("./github-artifacts.js");
  requireArtifactRuntime(env, "aggregate", artifactRuntimeAvailable(env));
  const now = Date.now();
  const trusted = {
    runId: ctx.runId,
    maxAttempt: ctx.runAttempt,
    workflow: ctx.workflow,
    sha: ctx.sha,
    ref: ctx.ref,
    event: ctx.eventName,
    onDefaultBranch: isOnDefaultBranch(ctx),
    url: `${ctx.serverUrl}/${ctx.repository}/actions/runs/${ctx.runId}`,
    earliest: now - 35 * 864e5,
    latest: now
  };
  const collected = await group("Collecting the shards of this run", () => collectShards({ trusted, split: modeInputs.splitHistoryBy === "job-key", ctx }));
  const shards = latestPerShard(collected.shards);
  const check = checkExpected(shards, modeInputs.expectedShards);
  const extraReasons = [...check.reasons, ...collected.refused.map((r) => `Artifact ${r.artifact} was refused: ${r.reason}`)];
  for (const r of collected.refused) error(commandText(`Artifact ${r.artifact} was refused: ${r.reason}`, 1e3), { title: "flakeguard shard refused" });
  for (const s of check.unexpected) warning(commandText(`Shard ${s.label} is not listed in expected-shards; its results are used anyway.`, 2e3));
  info(logText(`${shards.length} shard${shards.length === 1 ? "" : "s"}: ${shards.map((s) => s.label).join("; ") || "none"}.`));
  setOutput("missing-shards", JSON.stringify(check.missing));
  if (shards.length === 0) {
    const reasons = extraReasons.length > 0 ? extraReasons : ["No shard uploaded results."];
    setOutput("shard-outcomes", "{}");
    await appendSummary(`## flakeguard: no shard results

${reasons.map((r) => `- ${mdText(r, 1e3)}`).join("\n")}
`).catch(() => void 0);
    setFailed(commandText(reasons.join(" "), 4e3));
    return "failure";
  }
  const readOnly = inputs.readOnly || ctx.fromFork;
  const own = runContextFor(ctx, { ...inputs, reports: ["(aggregate)"] }, void 0, now);
  const issues = inputs.createIssues ? await (await import("./github-issues.js")).prepareIssues({ inputs, ctx, readOnly }) : void 0;
  const sync = await ingestShards({
    inputs,
    ctx,
    config,
    shards: collected.shards,
    extraReasons,
    readOnly,
    now,
    closedByHand: issues?.closedByHand,
    issueOf: issues?.issueOf,
    commitMessage: `flakeguard: ${shards.reduce((n, s) => n + s.reports.tests.length, 0)} tests from ${shards.length} shards of run ${ctx.runId} attempt ${ctx.runAttempt}`
  });
  const lost = readOnly ? void 0 : lostReason(sync.status, inputs.dataBranch);
  if (lost) sync.applied.outcome = { ...sync.applied.outcome, result: "failure", reasons: [...sync.applied.outcome.reasons, lost] };
  const o = sync.applied.outcome;
  if (modeInputs.splitHistoryBy === "job-key") {
    for (const s of sync.applied.decided)
      warnUnsplitOverrides(
        s.reports.tests.map((t) => t.id),
        s.jobKey,
        sync.applied
      );
  }
  const shardOutcomes = {};
  sync.applied.decided.forEach((s, i) => shardOutcomes[s.label] = sync.applied.shardOutcomes[i].result);
  setOutput("shard-outcomes", JSON.stringify(shardOutcomes));
  const { publishResults } = await import("./github-publish.js");
  await publishResults({
    inputs,
    ctx,
    readOnly,
    runUrl: own.url ?? "",
    sync,
    reports: { tests: shards.reduce((n, s) => n + s.reports.tests.length, 0), problems: shards.reduce((n, s) => n + s.reports.problems.length, 0) }
  });
  await issues?.publish(sync, own);
  await appendSummary(
    shardTable(
      sync.applied.decided,
      sync.applied.shardOutcomes.map((x) => ({ result: x.result, failed: x.failed.length, blocking: x.blocking.length })),
      check.missing
    )
  ).catch(() => void 0);
  if (readOnly && ctx.fromFork) {
    notice("A pull request from a fork: the shards' artifacts stay on this run for a workflow_run workflow with mode: ingest-workflow-run (docs/forks.md).");
  }
  if (o.result === "failure") setFailed(commandText(o.reasons.join(" "), 4e3));
  else if (o.forgiven.length > 0) {
    warning(`${o.forgiven.length} failed test${o.forgiven.length === 1 ? " was" : "s were"} forgiven because ${o.forgiven.length === 1 ? "it is" : "they are"} quarantined; the job passes.`);
  }
  return o.result;
}
function shardTable(shards, outcomes, missing) {
  const rows = shards.map((s, i) => {
    const o = outcomes[i];
    return `| ${mdText(s.label, 200)} | ${s.reports.tests.length} | ${o.failed} | ${o.blocking} | ${o.result === "success" ? "\u2705 success" : "\u274C failure"} |`;
  });
  for (const m of missing) rows.push(`| ${mdText(m, 200)} | \u2013 | \u2013 | \u2013 | \u274C no results uploaded |`);
  return `
### Shards

| shard | tests | failed | blocking | outcome |
| --- | --- | --- | --- | --- |
${rows.join("\n")}
`;
}
export {
  aggregateMode
};
