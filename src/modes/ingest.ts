/**
 * `mode: ingest-workflow-run` (docs/forks.md): run by a `workflow_run` workflow, which has a write token, after a
 * workflow run that could not save its results (a pull request from a fork) has finished. Downloads that run's
 * flakeguard artifacts through GitHub's REST API and saves them to the data branch. Nothing from the run is
 * executed or checked out: the artifacts are read as data (size-bounded archive, strict JSON parsers), and the
 * run's commit, branch and event come from the event payload GitHub wrote.
 */
import * as core from '@actions/core';
import { appendSummary, setOutput } from '../github/step-files.ts';
import { resolve } from 'node:path';
import { contextFromEnv } from '../config/context.ts';
import { loadFileConfig } from '../config/file.ts';
import { InputError } from '../config/inputs.ts';
import { commandText, logText, mdText, registerSecret } from '../text/escape.ts';
import { storeLine } from '../report/store-line.ts';
import { collectShards, ingestShards, readModeActionInputs, secretInputs } from './common.ts';
import { latestPerShard, untrustedRuns } from '../pipeline/shards.ts';
import { finishedRunFromEvent } from './workflow-run.ts';
import { warnUnsplitOverrides } from '../pipeline/split.ts';
import type { ModeInputs } from '../config/mode-inputs.ts';
import { scoreLookup } from '../report/scores.ts';
import { shardOf, statsPath } from '../store/layout.ts';

export async function ingestWorkflowRunMode(env: NodeJS.ProcessEnv, modeInputs: ModeInputs): Promise<'success' | 'failure'> {
  const inputs = { ...readModeActionInputs(env, false), checkRun: false };
  secretInputs(inputs, registerSecret);
  const ctx = contextFromEnv(env);
  const now = Date.now();
  const finished = finishedRunFromEvent(ctx, env.GITHUB_EVENT_PATH, now);
  if (!inputs.token) throw new InputError("mode: ingest-workflow-run needs a token that may read the run's artifacts and push the data branch (the 'token' input).");
  const config = await loadFileConfig(inputs.configPath ? resolve(ctx.workspace, inputs.configPath) : '');
  core.info(
    logText(
      `Workflow run ${finished.id} (${finished.trusted.event}${finished.fromFork ? ` from the fork ${finished.headRepository}` : ''}${finished.pullRequest ? `, pull request #${finished.pullRequest}` : ''}, ${finished.conclusion || 'no conclusion'}) at ${finished.trusted.sha.slice(0, 12)}.`,
    ),
  );

  const findBy = { token: inputs.token, workflowRunId: finished.id, repositoryOwner: ctx.owner, repositoryName: ctx.repo };
  const collected = await core.group(`Collecting the results of run ${finished.id}`, () => collectShards({ trusted: finished.trusted, split: modeInputs.splitHistoryBy === 'job-key', ctx, findBy }));
  for (const r of collected.refused) core.error(commandText(`Artifact ${r.artifact} was refused: ${r.reason}`, 1000), { title: 'flakeguard artifact refused' });
  const shards = latestPerShard(collected.shards);
  setOutput('ingested-shards', JSON.stringify(shards.map((s) => s.label)));

  if (shards.length === 0) {
    const line = `Run ${finished.id} left no flakeguard results${collected.refused.length ? ' that could be used' : ''}; nothing to ingest.`;
    core.notice(commandText(line, 2000));
    await appendSummary(`## flakeguard: nothing to ingest\n\n${mdText(line, 500)}\n`).catch(() => undefined);
    if (collected.refused.length > 0) {
      core.setFailed(commandText(`${collected.refused.length} artifact${collected.refused.length === 1 ? ' was' : 's were'} refused (see the errors above).`, 2000));
      return 'failure';
    }
    return 'success';
  }

  // However many artifacts the run left, each of its attempts is one untrusted run (src/history/trust.ts).
  const runs = untrustedRuns(collected.shards, finished.trusted);
  const sync = await ingestShards({
    inputs,
    ctx,
    config,
    shards: runs,
    extraReasons: [],
    readOnly: inputs.readOnly,
    now,
    commitMessage: `flakeguard: ${runs.reduce((n, s) => n + s.reports.tests.length, 0)} tests from workflow run ${finished.id}${finished.fromFork ? ` (fork ${finished.headRepository})` : ''}`,
  });
  const result = sync.applied;
  if (modeInputs.splitHistoryBy === 'job-key') {
    for (const s of shards)
      warnUnsplitOverrides(
        s.reports.tests.map((t) => t.id),
        s.jobKey,
        result,
      );
  }
  const leftOut = runs.reduce((n, s) => n + s.reports.tests.filter((t) => !result.history.has(t.id)).length, 0);
  const leftOutLine = leftOut > 0 ? `${leftOut} test${leftOut === 1 ? '' : 's'} of the untrusted results were left out: no trusted run has recorded them (docs/forks.md).` : '';
  if (leftOutLine) core.info(leftOutLine);
  const line = storeLine(sync, inputs.dataBranch, 'ingestion');
  if (sync.status.kind === 'not-saved') core.warning(commandText(line, 2000), { title: 'flakeguard history not saved' });
  else core.info(logText(line));
  for (const p of result.problems)
    (p.notice ? core.notice : p.warning ? core.warning : core.error)(commandText(p.message, 2000), { title: logText(`flakeguard data branch: ${p.file}`, 200), file: p.file, startLine: p.line });

  setOutput('quarantined-tests', JSON.stringify(result.quarantined));
  setOutput('newly-quarantined', JSON.stringify(result.newlyQuarantined));
  setOutput('released', JSON.stringify(result.released));
  setOutput('data-commit', sync.status.kind === 'pushed' ? sync.status.commit : '');

  const rows = result.decided.map((s, i) => {
    const o = result.shardOutcomes[i]!;
    return `| ${mdText(s.label, 200)} | ${s.reports.tests.length} | ${o.failed.length} | ${o.forgiven.length} |`;
  });
  const list = (title: string, ids: string[]): string =>
    ids.length === 0
      ? ''
      : `\n**${title}** (${ids.length}): ${ids
          .slice(0, 20)
          .map((id) => `\`${mdText(id, 200)}\``)
          .join(', ')}${ids.length > 20 ? ', …' : ''}\n`;
  const origin = finished.fromFork ? ` from the fork ${mdText(finished.headRepository, 100)}` : '';
  await appendSummary(
    `## flakeguard: ingested workflow run [${finished.id}](${finished.trusted.url})${origin}\n\n${mdText(line, 500)}\n\n` +
      `Its results are untrusted: recorded as evidence, they count only once trusted runs agree (docs/forks.md).${leftOutLine ? ` ${leftOutLine}` : ''}\n\n` +
      `| shard | tests | failed | forgiven |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n` +
      list('Newly quarantined', result.newlyQuarantined) +
      list('Released', result.released),
  ).catch(() => undefined);

  // A fork's pull request: its run could not comment (read-only token), so this trusted workflow does, saying whose results they are.
  if (finished.fromFork && inputs.prComment !== 'off') {
    const { publishIngestedPrComment, testUrlIn } = await import('../github/pr-comment.ts');
    const scores = scoreLookup(result.scores);
    const dataBranchUrl = `${ctx.serverUrl}/${ctx.repository}/tree/${inputs.dataBranch}`;
    await publishIngestedPrComment({
      mode: inputs.prComment,
      token: inputs.token,
      ctx,
      ...(inputs.dashboardUrl ? { dashboardUrl: inputs.dashboardUrl } : {}),
      run: {
        url: finished.trusted.url,
        sha: finished.trusted.sha,
        headRepository: finished.headRepository,
        headOwner: finished.headOwner,
        headBranch: finished.headBranch,
        ...(finished.pullRequest !== undefined ? { pullRequest: finished.pullRequest } : {}),
        workflow: finished.trusted.workflow,
      },
      sections: result.decided.map((s, i) => {
        const ids = new Set(s.reports.tests.map((t) => t.id));
        return {
          identity: s.identity,
          input: {
            // The run's workflow names it on the pull request; the shard's own label only tells several apart.
            label: result.decided.length > 1 ? `${finished.trusted.workflow} (${s.label})` : finished.trusted.workflow,
            sha: finished.trusted.sha,
            outcome: result.shardOutcomes[i]!,
            decisions: result.decisions,
            scores,
            newlyQuarantined: result.newlyQuarantined.filter((id) => ids.has(id)),
            orderDependent: new Map(),
            runUrl: finished.trusted.url,
            dataBranch: inputs.dataBranch,
            dataBranchUrl,
            statsFileOf: (id: string) => statsPath(shardOf(id, result.shards), result.shards),
            untrusted: { headRepository: finished.headRepository },
            ...(inputs.dashboardUrl ? { testUrl: testUrlIn(inputs.dashboardUrl) } : {}),
          },
        };
      }),
    }).catch((error: unknown) => core.warning(logText(`flakeguard could not comment on the pull request: ${error instanceof Error ? error.message : String(error)}`, 2000)));
  }

  const failures: string[] = [];
  if (sync.status.kind === 'not-saved') failures.push(line);
  if (collected.refused.length > 0)
    failures.push(`${collected.refused.length} artifact${collected.refused.length === 1 ? ' was' : 's were'} refused (see the errors above); the others were ingested.`);
  if (failures.length > 0) {
    core.setFailed(commandText(failures.join(' '), 4000));
    return 'failure';
  }
  return 'success';
}
