/**
 * Everything a person sees of a run: log lines, annotations (check run or workflow commands), outputs and the
 * job summary. The outcome is already decided; nothing here may change it.
 */
import * as core from '@actions/core';
import type { Inputs } from '../config/inputs.ts';
import type { GitHubContext } from '../config/context.ts';
import type { ApplyResult } from '../pipeline/apply.ts';
import type { SyncResult } from '../store/sync.ts';
import { shardOf, statsPath } from '../store/layout.ts';
import { renderSummary } from './summary.ts';
import { buildAnnotations, type AnnotationSpec } from './annotations.ts';
import { logText } from './escape.ts';

export interface PublishInput {
  inputs: Inputs;
  ctx: GitHubContext;
  readOnly: boolean;
  runUrl: string;
  sync: SyncResult<ApplyResult>;
}

function storeLine(sync: SyncResult<ApplyResult>, branch: string): string {
  const s = sync.status;
  switch (s.kind) {
    case 'pushed':
      return `History saved to ${branch} at ${s.commit.slice(0, 12)}${s.tries > 1 ? ` (after ${s.tries} tries)` : ''}.`;
    case 'unchanged':
      return sync.applied.ingested ? `Nothing new to save on ${branch}.` : `These results were already in the history of ${branch}; counted once.`;
    case 'read-only':
      return `Read-only run: the history of ${branch} was read but not written.`;
    case 'not-saved':
      return `The history was NOT saved to ${branch}: ${s.reason}`;
  }
}

function emitWorkflowAnnotations(annotations: AnnotationSpec[]): void {
  // GitHub shows at most 10 annotations of each kind per step: blocking failures come first.
  const shownPerKind = 10;
  const counts = { failure: 0, warning: 0, notice: 0 };
  for (const a of annotations) {
    counts[a.level]++;
    if (counts[a.level] > shownPerKind) continue;
    const props = { title: a.title, file: a.path, startLine: a.path ? a.line : undefined };
    if (a.level === 'failure') core.error(a.message, props);
    else if (a.level === 'warning') core.warning(a.message, props);
    else core.notice(a.message, props);
  }
  const hidden = Math.max(0, counts.failure - shownPerKind) + Math.max(0, counts.warning - shownPerKind);
  if (hidden > 0) core.notice(`${hidden} more failed tests are not annotated here (GitHub shows 10 per kind); see the job summary.`);
}

export async function publishResults({ inputs, ctx, readOnly, runUrl, sync }: PublishInput): Promise<void> {
  const result = sync.applied;
  const o = result.outcome;
  const statsFileOf = (id: string): string => statsPath(shardOf(id, result.shards), result.shards);
  const branchUrl = `${ctx.serverUrl}/${ctx.repository}/tree/${inputs.dataBranch}`;
  const line = storeLine(sync, inputs.dataBranch);
  if (sync.status.kind === 'not-saved') core.warning(logText(line), { title: 'flakeguard history not saved' });
  else core.info(logText(line));
  if (!sync.historyRead) core.error('The data branch could not be read, so no failure could be forgiven.', { title: 'flakeguard' });

  for (const p of result.problems) {
    core.error(logText(p.message), { title: `flakeguard data branch: ${p.file}`, file: p.file, startLine: p.line });
  }
  for (const l of result.lapsed) {
    core.notice(logText(`The override of '${l.id}' in ${l.file} lapsed on ${l.until}; flakeguard decides again.`));
  }

  const annotations = buildAnnotations(o, result.decisions, statsFileOf);
  const summary = renderSummary({
    outcome: o,
    decisions: result.decisions,
    newlyQuarantined: result.newlyQuarantined,
    released: result.released,
    quarantinedCount: result.quarantined.length,
    storeLine: line,
    dataBranchUrl: branchUrl,
    fileProblems: result.problems,
    lapsed: result.lapsed,
    statsFileOf,
  });

  let checkPublished = false;
  if (inputs.checkRun && inputs.token && !readOnly) {
    const { createClient } = await import('../github/client.ts');
    const { publishCheckRun } = await import('../github/checks.ts');
    const octokit = await createClient(inputs.token, ctx.apiUrl);
    const check = await publishCheckRun(octokit, {
      owner: ctx.owner,
      repo: ctx.repo,
      headSha: ctx.sha,
      name: inputs.checkName,
      conclusion: o.result,
      title: summary.split('\n')[0]!.replace(/^#+\s*/, ''),
      summary,
      annotations,
      detailsUrl: runUrl,
    });
    if (check.ok) {
      checkPublished = true;
      core.info(`Check run '${inputs.checkName}' published with ${annotations.length} annotations in ${check.requests} requests.`);
    } else {
      core.info(logText(`Could not create a check run (${check.status ?? 'no status'}: ${check.message}); annotating with workflow commands instead.`));
    }
  }
  if (!checkPublished) emitWorkflowAnnotations(annotations);

  core.setOutput('failed-tests', o.failed.length);
  core.setOutput('quarantined-failures', o.forgiven.length);
  core.setOutput('blocking-failures', o.blocking.length);
  core.setOutput('quarantined-tests', JSON.stringify(result.quarantined));
  core.setOutput('newly-quarantined', JSON.stringify(result.newlyQuarantined));
  core.setOutput('released', JSON.stringify(result.released));
  core.setOutput('data-commit', sync.status.kind === 'pushed' ? sync.status.commit : '');
  await core.summary.addRaw(summary).write();
}
