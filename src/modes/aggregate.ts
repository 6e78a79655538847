/**
 * `mode: aggregate` (docs/matrix.md): the final job of a workflow whose matrix jobs ran `mode: upload`. It reads
 * every shard's artifact of this run, checks that every expected shard is there, decides each shard's failures
 * against the history, writes the data branch once, and publishes one outcome that names the failing shards.
 */
import * as core from '@actions/core';
import { appendSummary, setOutput } from '../github/step-files.ts';
import { resolve } from 'node:path';
import { contextFromEnv, isOnDefaultBranch } from '../config/context.ts';
import { loadFileConfig } from '../config/file.ts';
import { InputError } from '../config/inputs.ts';
import { commandText, logText, mdText, registerSecret } from '../text/escape.ts';
import { collectShards, ingestShards, readModeActionInputs, requireArtifactRuntime, secretInputs } from './common.ts';
import { warnUnsplitOverrides } from '../pipeline/split.ts';
import { checkExpected, latestPerShard, type Shard, type TrustedRun } from '../pipeline/shards.ts';
import type { ModeInputs } from '../config/mode-inputs.ts';
import { lostReason } from '../store/sync.ts';
import { runContextFor } from '../pipeline/job.ts';

export async function aggregateMode(env: NodeJS.ProcessEnv, modeInputs: ModeInputs): Promise<'success' | 'failure'> {
  const inputs = readModeActionInputs(env, false);
  secretInputs(inputs, registerSecret);
  if (!modeInputs.expectedShards) {
    throw new InputError(
      "mode: aggregate needs 'expected-shards': the number of matrix jobs, or their job keys one per line (e.g. 'os=windows-latest'), so that a shard that crashed before uploading fails the check.",
    );
  }
  const ctx = contextFromEnv(env);
  const config = await loadFileConfig(inputs.configPath ? resolve(ctx.workspace, inputs.configPath) : '');
  const { artifactRuntimeAvailable } = await import('../github/artifacts.ts');
  requireArtifactRuntime(env, 'aggregate', artifactRuntimeAvailable(env));
  const now = Date.now();

  const trusted: TrustedRun = {
    runId: ctx.runId,
    maxAttempt: ctx.runAttempt,
    workflow: ctx.workflow,
    sha: ctx.sha,
    ref: ctx.ref,
    event: ctx.eventName,
    onDefaultBranch: isOnDefaultBranch(ctx),
    url: `${ctx.serverUrl}/${ctx.repository}/actions/runs/${ctx.runId}`,
    earliest: now - 35 * 86_400_000,
    latest: now,
  };
  const collected = await core.group('Collecting the shards of this run', () => collectShards({ trusted, split: modeInputs.splitHistoryBy === 'job-key', ctx }));
  const shards = latestPerShard(collected.shards);
  const check = checkExpected(shards, modeInputs.expectedShards);
  const extraReasons = [...check.reasons, ...collected.refused.map((r) => `Artifact ${r.artifact} was refused: ${r.reason}`)];
  for (const r of collected.refused) core.error(commandText(`Artifact ${r.artifact} was refused: ${r.reason}`, 1000), { title: 'flakeguard shard refused' });
  for (const s of check.unexpected) core.warning(commandText(`Shard ${s.label} is not listed in expected-shards; its results are used anyway.`, 2000));
  core.info(logText(`${shards.length} shard${shards.length === 1 ? '' : 's'}: ${shards.map((s) => s.label).join('; ') || 'none'}.`));
  setOutput('missing-shards', JSON.stringify(check.missing));

  if (shards.length === 0) {
    const reasons = extraReasons.length > 0 ? extraReasons : ['No shard uploaded results.'];
    setOutput('shard-outcomes', '{}');
    await appendSummary(`## flakeguard: no shard results\n\n${reasons.map((r) => `- ${mdText(r, 1000)}`).join('\n')}\n`).catch(() => undefined);
    core.setFailed(commandText(reasons.join(' '), 4000));
    return 'failure';
  }

  const readOnly = inputs.readOnly || ctx.fromFork;
  // The aggregating job's own run, named by its job key and '(aggregate)' in place of report patterns.
  const own = runContextFor(ctx, { ...inputs, reports: ['(aggregate)'] }, undefined, now);
  const issues = inputs.createIssues ? await (await import('../github/issues.ts')).prepareIssues({ inputs, ctx, readOnly }) : undefined;
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
    commitMessage: `flakeguard: ${shards.reduce((n, s) => n + s.reports.tests.length, 0)} tests from ${shards.length} shards of run ${ctx.runId} attempt ${ctx.runAttempt}`,
  });
  // Results neither saved nor parked fail the run (docs/data-branch.md, "Many writers"), never a warning alone.
  const lost = readOnly ? undefined : lostReason(sync.status, inputs.dataBranch);
  if (lost) sync.applied.outcome = { ...sync.applied.outcome, result: 'failure', reasons: [...sync.applied.outcome.reasons, lost] };
  const o = sync.applied.outcome;
  if (modeInputs.splitHistoryBy === 'job-key') {
    for (const s of sync.applied.decided)
      warnUnsplitOverrides(
        s.reports.tests.map((t) => t.id),
        s.jobKey,
        sync.applied,
      );
  }
  const shardOutcomes: Record<string, string> = {};
  sync.applied.decided.forEach((s, i) => (shardOutcomes[s.label] = sync.applied.shardOutcomes[i]!.result));
  setOutput('shard-outcomes', JSON.stringify(shardOutcomes));

  const { publishResults } = await import('../github/publish.ts');
  await publishResults({
    inputs,
    ctx,
    readOnly,
    runUrl: own.url ?? '',
    sync,
    reports: { tests: shards.reduce((n, s) => n + s.reports.tests.length, 0), problems: shards.reduce((n, s) => n + s.reports.problems.length, 0) },
  });
  await issues?.publish(sync, own);
  await appendSummary(
    shardTable(
      sync.applied.decided,
      sync.applied.shardOutcomes.map((x) => ({ result: x.result, failed: x.failed.length, blocking: x.blocking.length })),
      check.missing,
    ),
  ).catch(() => undefined);
  if (readOnly && ctx.fromFork) {
    core.notice("A pull request from a fork: the shards' artifacts stay on this run for a workflow_run workflow with mode: ingest-workflow-run (docs/forks.md).");
  }

  if (o.result === 'failure') core.setFailed(commandText(o.reasons.join(' '), 4000));
  else if (o.forgiven.length > 0) {
    core.warning(`${o.forgiven.length} failed test${o.forgiven.length === 1 ? ' was' : 's were'} forgiven because ${o.forgiven.length === 1 ? 'it is' : 'they are'} quarantined; the job passes.`);
  }
  return o.result;
}

function shardTable(shards: Shard[], outcomes: Array<{ result: string; failed: number; blocking: number }>, missing: string[]): string {
  const rows = shards.map((s, i) => {
    const o = outcomes[i]!;
    return `| ${mdText(s.label, 200)} | ${s.reports.tests.length} | ${o.failed} | ${o.blocking} | ${o.result === 'success' ? '✅ success' : '❌ failure'} |`;
  });
  for (const m of missing) rows.push(`| ${mdText(m, 200)} | – | – | – | ❌ no results uploaded |`);
  return `\n### Shards\n\n| shard | tests | failed | blocking | outcome |\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}\n`;
}
