const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { resolve } = require("node:path");
const { readFileSync } = require("node:fs");
import {
  collectShards,
  ingestShards,
  latestPerShard,
  readModeActionInputs,
  secretInputs,
  untrustedRuns
} from "./shared-pipeline-shards.js";
import {
  loadFileConfig,
  warnUnsplitOverrides
} from "./shared-pipeline-split.js";
import "./shared-pipeline-apply.js";
import "./shared-scoring-regression.js";
import "./shared-junit-xml.js";
import "./shared-policy-fix-release.js";
import "./shared-policy-hand-edits.js";
import "./shared-owners-codeowners.js";
import {
  storeLine
} from "./shared-report-store-line.js";
import "./shared-store-sync.js";
import {
  appendSummary,
  setOutput
} from "./shared-github-step-files.js";
import {
  scoreLookup
} from "./shared-report-scores.js";
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
import {
  shardOf,
  statsPath
} from "./shared-store-layout.js";
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

// src/modes/ingest.ts

// src/modes/workflow-run.ts
var DELETED_FORK = "(a deleted fork)";
var str = (v) => typeof v === "string" ? v : void 0;
var DAY = 864e5;
var MAX_RUN_AGE = 35 * DAY;
function finishedRunFromEvent(ctx, eventPath, now) {
  if (ctx.eventName !== "workflow_run") {
    throw new InputError(`mode: ingest-workflow-run runs in a workflow triggered by 'workflow_run' (this one was triggered by '${ctx.eventName}'); see docs/forks.md.`);
  }
  let payload;
  try {
    payload = JSON.parse(readFileSync(eventPath ?? "", "utf8"));
  } catch (error2) {
    throw new InputError(`Could not read the workflow_run event payload (GITHUB_EVENT_PATH): ${error2 instanceof Error ? error2.message : String(error2)}`);
  }
  const wr = payload.workflow_run;
  if (typeof wr !== "object" || wr === null) throw new InputError("The event payload has no workflow_run.");
  const id = wr.id;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) throw new InputError("The workflow_run payload has no run id.");
  const repository = str(wr.repository?.full_name) ?? str(payload.repository?.full_name);
  if (repository !== void 0 && repository.toLowerCase() !== ctx.repository.toLowerCase()) {
    throw new InputError(`The workflow run belongs to ${repository}, not to ${ctx.repository}.`);
  }
  const headSha = str(wr.head_sha) ?? "";
  if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(headSha)) throw new InputError("The workflow_run payload has no head commit.");
  const headRepo = wr.head_repository;
  const deleted = headRepo === null || headRepo !== void 0 && str(headRepo.full_name) === void 0;
  const headRepository = deleted ? DELETED_FORK : str(headRepo?.full_name) ?? ctx.repository;
  const headOwner = deleted ? "" : str(headRepo?.owner?.login) ?? headRepository.split("/")[0];
  const fromFork = deleted || headRepository.toLowerCase() !== ctx.repository.toLowerCase();
  const event = str(wr.event) ?? "";
  const headBranch = str(wr.head_branch) ?? "";
  const defaultBranch = str(payload.repository?.default_branch) ?? ctx.defaultBranch;
  const attempt = typeof wr.run_attempt === "number" && Number.isSafeInteger(wr.run_attempt) && wr.run_attempt >= 1 ? wr.run_attempt : 1;
  const prs = Array.isArray(wr.pull_requests) ? wr.pull_requests : [];
  const prNumber = prs.map((p) => p?.number).find((n) => typeof n === "number" && Number.isSafeInteger(n) && n > 0);
  const onDefaultBranch = !fromFork && headBranch === defaultBranch && ["push", "schedule", "workflow_dispatch", "merge_group"].includes(event);
  const ref = prNumber !== void 0 ? `refs/pull/${prNumber}/merge` : fromFork ? `${headRepository}:${headBranch}` : `refs/heads/${headBranch}`;
  const started = Date.parse(str(wr.run_started_at) ?? str(wr.created_at) ?? "");
  const updated = Date.parse(str(wr.updated_at) ?? "");
  const latest = Number.isFinite(updated) ? Math.min(updated, now) : now;
  const earliest = Number.isFinite(started) ? Math.min(started - 6e4, latest) : latest - MAX_RUN_AGE;
  const url = `${ctx.serverUrl}/${ctx.repository}/actions/runs/${id}`;
  return {
    id,
    headRepository,
    headOwner,
    headBranch,
    fromFork,
    ...prNumber !== void 0 ? { pullRequest: prNumber } : {},
    conclusion: str(wr.conclusion) ?? "",
    trusted: {
      runId: String(id),
      maxAttempt: attempt,
      workflow: str(wr.name) ?? ctx.workflow,
      sha: headSha,
      ref,
      event,
      onDefaultBranch,
      url,
      earliest: Math.max(earliest, latest - MAX_RUN_AGE),
      latest
    }
  };
}

// src/modes/ingest.ts
async function ingestWorkflowRunMode(env, modeInputs) {
  const inputs = { ...readModeActionInputs(env, false), checkRun: false };
  secretInputs(inputs, registerSecret);
  const ctx = contextFromEnv(env);
  const now = Date.now();
  const finished = finishedRunFromEvent(ctx, env.GITHUB_EVENT_PATH, now);
  if (!inputs.token) throw new InputError("mode: ingest-workflow-run needs a token that may read the run's artifacts and push the data branch (the 'token' input).");
  const config = await loadFileConfig(inputs.configPath ? resolve(ctx.workspace, inputs.configPath) : "");
  info(
    logText(
      `Workflow run ${finished.id} (${finished.trusted.event}${finished.fromFork ? ` from the fork ${finished.headRepository}` : ""}${finished.pullRequest ? `, pull request #${finished.pullRequest}` : ""}, ${finished.conclusion || "no conclusion"}) at ${finished.trusted.sha.slice(0, 12)}.`
    )
  );
  const findBy = { token: inputs.token, workflowRunId: finished.id, repositoryOwner: ctx.owner, repositoryName: ctx.repo };
  const collected = await group(`Collecting the results of run ${finished.id}`, () => collectShards({ trusted: finished.trusted, split: modeInputs.splitHistoryBy === "job-key", ctx, findBy }));
  for (const r of collected.refused) error(commandText(`Artifact ${r.artifact} was refused: ${r.reason}`, 1e3), { title: "flakeguard artifact refused" });
  const shards = latestPerShard(collected.shards);
  setOutput("ingested-shards", JSON.stringify(shards.map((s) => s.label)));
  if (shards.length === 0) {
    const line2 = `Run ${finished.id} left no flakeguard results${collected.refused.length ? " that could be used" : ""}; nothing to ingest.`;
    notice(commandText(line2, 2e3));
    await appendSummary(`## flakeguard: nothing to ingest

${mdText(line2, 500)}
`).catch(() => void 0);
    if (collected.refused.length > 0) {
      setFailed(commandText(`${collected.refused.length} artifact${collected.refused.length === 1 ? " was" : "s were"} refused (see the errors above).`, 2e3));
      return "failure";
    }
    return "success";
  }
  const runs = untrustedRuns(collected.shards, finished.trusted);
  const sync = await ingestShards({
    inputs,
    ctx,
    config,
    shards: runs,
    extraReasons: [],
    readOnly: inputs.readOnly,
    now,
    commitMessage: `flakeguard: ${runs.reduce((n, s) => n + s.reports.tests.length, 0)} tests from workflow run ${finished.id}${finished.fromFork ? ` (fork ${finished.headRepository})` : ""}`
  });
  const result = sync.applied;
  if (modeInputs.splitHistoryBy === "job-key") {
    for (const s of shards)
      warnUnsplitOverrides(
        s.reports.tests.map((t) => t.id),
        s.jobKey,
        result
      );
  }
  const leftOut = runs.reduce((n, s) => n + s.reports.tests.filter((t) => !result.history.has(t.id)).length, 0);
  const leftOutLine = leftOut > 0 ? `${leftOut} test${leftOut === 1 ? "" : "s"} of the untrusted results were left out: no trusted run has recorded them (docs/forks.md).` : "";
  if (leftOutLine) info(leftOutLine);
  const line = storeLine(sync, inputs.dataBranch, "ingestion");
  if (sync.status.kind === "not-saved") warning(commandText(line, 2e3), { title: "flakeguard history not saved" });
  else info(logText(line));
  for (const p of result.problems)
    (p.notice ? notice : p.warning ? warning : error)(commandText(p.message, 2e3), { title: logText(`flakeguard data branch: ${p.file}`, 200), file: p.file, startLine: p.line });
  setOutput("quarantined-tests", JSON.stringify(result.quarantined));
  setOutput("newly-quarantined", JSON.stringify(result.newlyQuarantined));
  setOutput("released", JSON.stringify(result.released));
  setOutput("data-commit", sync.status.kind === "pushed" ? sync.status.commit : "");
  const rows = result.decided.map((s, i) => {
    const o = result.shardOutcomes[i];
    return `| ${mdText(s.label, 200)} | ${s.reports.tests.length} | ${o.failed.length} | ${o.forgiven.length} |`;
  });
  const list = (title, ids) => ids.length === 0 ? "" : `
**${title}** (${ids.length}): ${ids.slice(0, 20).map((id) => `\`${mdText(id, 200)}\``).join(", ")}${ids.length > 20 ? ", \u2026" : ""}
`;
  const origin = finished.fromFork ? ` from the fork ${mdText(finished.headRepository, 100)}` : "";
  await appendSummary(
    `## flakeguard: ingested workflow run [${finished.id}](${finished.trusted.url})${origin}

${mdText(line, 500)}

Its results are untrusted: recorded as evidence, they count only once trusted runs agree (docs/forks.md).${leftOutLine ? ` ${leftOutLine}` : ""}

| shard | tests | failed | forgiven |
| --- | --- | --- | --- |
${rows.join("\n")}
` + list("Newly quarantined", result.newlyQuarantined) + list("Released", result.released)
  ).catch(() => void 0);
  if (finished.fromFork && inputs.prComment !== "off") {
    const { publishIngestedPrComment, testUrlIn } = await import("./github-pr-comment.js");
    const scores = scoreLookup(result.scores);
    const dataBranchUrl = `${ctx.serverUrl}/${ctx.repository}/tree/${inputs.dataBranch}`;
    await publishIngestedPrComment({
      mode: inputs.prComment,
      token: inputs.token,
      ctx,
      ...inputs.dashboardUrl ? { dashboardUrl: inputs.dashboardUrl } : {},
      run: {
        url: finished.trusted.url,
        sha: finished.trusted.sha,
        headRepository: finished.headRepository,
        headOwner: finished.headOwner,
        headBranch: finished.headBranch,
        ...finished.pullRequest !== void 0 ? { pullRequest: finished.pullRequest } : {},
        workflow: finished.trusted.workflow
      },
      sections: result.decided.map((s, i) => {
        const ids = new Set(s.reports.tests.map((t) => t.id));
        return {
          identity: s.identity,
          input: {
            // The run's workflow names it on the pull request; the shard's own label only tells several apart.
            label: result.decided.length > 1 ? `${finished.trusted.workflow} (${s.label})` : finished.trusted.workflow,
            sha: finished.trusted.sha,
            outcome: result.shardOutcomes[i],
            decisions: result.decisions,
            scores,
            newlyQuarantined: result.newlyQuarantined.filter((id) => ids.has(id)),
            orderDependent: /* @__PURE__ */ new Map(),
            runUrl: finished.trusted.url,
            dataBranch: inputs.dataBranch,
            dataBranchUrl,
            statsFileOf: (id) => statsPath(shardOf(id, result.shards), result.shards),
            untrusted: { headRepository: finished.headRepository },
            ...inputs.dashboardUrl ? { testUrl: testUrlIn(inputs.dashboardUrl) } : {}
          }
        };
      })
    }).catch((error2) => warning(logText(`flakeguard could not comment on the pull request: ${error2 instanceof Error ? error2.message : String(error2)}`, 2e3)));
  }
  const failures = [];
  if (sync.status.kind === "not-saved") failures.push(line);
  if (collected.refused.length > 0)
    failures.push(`${collected.refused.length} artifact${collected.refused.length === 1 ? " was" : "s were"} refused (see the errors above); the others were ingested.`);
  if (failures.length > 0) {
    setFailed(commandText(failures.join(" "), 4e3));
    return "failure";
  }
  return "success";
}
export {
  ingestWorkflowRunMode
};
