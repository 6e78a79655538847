/**
 * The action's main job, wiring the stages: inputs → reports → data branch (fetch, apply, push) → outputs,
 * annotations, summary → the step's result. Every path ends with `outcome` and the exit code agreeing.
 */
import * as core from '@actions/core';
import { isAbsolute, resolve } from 'node:path';
import { InputError, inputsFromEnv, readInputs, type Inputs } from '../config/inputs.ts';
import { contextFromEnv, isOnDefaultBranch, runIdentity, runUrl, type GitHubContext } from '../config/context.ts';
import { loadFileConfig } from '../config/file.ts';
import { parseReportFiles } from '../junit/index.ts';
import type { History, ParsedReports, RunContext } from '../model.ts';
import { normalizeErrorMessage, scoreAll } from '../scoring/index.ts';
import { applyRun, type ApplyResult } from './apply.ts';
import { DataRepo, originUrl } from '../store/git.ts';
import { syncRun, type SyncResult } from '../store/sync.ts';
import { shardCountFor, shardOf, statsPath } from '../store/layout.ts';
import { renderSummary } from '../report/summary.ts';
import { buildAnnotations, type AnnotationSpec } from '../report/annotations.ts';
import { logText } from '../report/escape.ts';

async function findReports(patterns: string[], workspace: string): Promise<string[]> {
  const glob = await import('@actions/glob');
  const absolute = patterns.map((p) => {
    const negated = p.startsWith('!');
    const body = negated ? p.slice(1) : p;
    return `${negated ? '!' : ''}${isAbsolute(body) ? body : resolve(workspace, body)}`;
  });
  const globber = await glob.create(absolute.join('\n'), { matchDirectories: false, followSymbolicLinks: false });
  return (await globber.glob()).sort();
}

function scoreTests(now: number) {
  return (history: History): Map<string, Record<string, unknown>> => {
    const out = new Map<string, Record<string, unknown>>();
    const round = (x: number | null): number | null => (x === null ? null : Math.round(x * 1000) / 1000);
    for (const [id, s] of scoreAll(history.values(), { now })) {
      out.set(id, {
        tier: s.tier,
        flipRate: round(s.flipRate),
        ewmaFlipRate: round(s.ewmaFlipRate),
        pfs: [round(s.pfs.pf), round(s.pfs.pfLow), round(s.pfs.pfHigh)],
        score: round(s.multiFactor.score),
        confidence: round(s.multiFactor.confidence),
        recommendation: s.multiFactor.recommendation.action,
        successRate: round(s.successRate.rate),
      });
    }
    return out;
  };
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

function remoteFor(inputs: Inputs, ctx: GitHubContext): Promise<string> {
  if (inputs.remote) return Promise.resolve(isAbsolute(inputs.remote) || /^[a-z]+:\/\//.test(inputs.remote) ? inputs.remote : resolve(ctx.workspace, inputs.remote));
  return originUrl(ctx.workspace).catch((error: unknown) => {
    throw new InputError(
      `The workspace ${ctx.workspace} has no 'origin' remote to keep the data branch on (run actions/checkout first): ${error instanceof Error ? error.message : String(error)}`,
    );
  });
}

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let outcome: 'success' | 'failure' = 'failure';
  try {
    const inputs = readInputs(inputsFromEnv(env));
    if (inputs.token) core.setSecret(inputs.token);
    const ctx = contextFromEnv(env);
    const config = await loadFileConfig(inputs.configPath ? resolve(ctx.workspace, inputs.configPath) : '');

    const reports: ParsedReports & { matched: number } = await core.group('Reading test reports', async () => {
      const files = await findReports(inputs.reports, ctx.workspace);
      core.info(`${files.length} report file${files.length === 1 ? '' : 's'} matched.`);
      const parsed = await parseReportFiles(files, { workspace: ctx.workspace });
      core.info(`${parsed.tests.length} tests in ${parsed.filesRead} readable reports.`);
      for (const p of parsed.problems) core.error(logText(`${p.path}${p.line ? `:${p.line}` : ''}: ${p.message}`), { title: 'Unreadable test report' });
      return { ...parsed, matched: files.length };
    });

    const now = Date.now();
    const time = reports.timestamp ? Date.parse(reports.timestamp) : now;
    const runContext: RunContext = {
      key: runIdentity(ctx, inputs.jobKey, inputs.reports),
      runId: ctx.runId,
      runAttempt: ctx.runAttempt,
      job: ctx.job,
      workflow: ctx.workflow,
      sha: ctx.sha,
      ref: ctx.ref,
      onDefaultBranch: isOnDefaultBranch(ctx),
      event: ctx.eventName,
      time: Number.isFinite(time) ? time : now,
      url: runUrl(ctx),
    };
    const readOnly = inputs.readOnly || ctx.fromFork;

    const sync = await core.group(`Updating the data branch '${inputs.dataBranch}'`, async () => {
      const remote = await remoteFor(inputs, ctx);
      const repo = await DataRepo.open(remote, inputs.dataBranch, inputs.token, ctx.runnerTemp || undefined);
      try {
        return await syncRun(
          repo,
          (snapshot) =>
            applyRun(
              { snapshot, reports, filesMatched: reports.matched, testOutcome: inputs.testOutcome, run: runContext, now },
              { ...config, normalise: normalizeErrorMessage, scoreTests: scoreTests(runContext.time) },
            ),
          {
            attempts: inputs.pushAttempts,
            readOnly,
            commitMessage: `flakeguard: ${reports.tests.length} tests from run ${ctx.runId} attempt ${ctx.runAttempt} (${ctx.job})`,
            log: (m) => core.info(logText(m)),
          },
        );
      } finally {
        await repo.dispose();
      }
    });
    const result = sync.applied;
    const o = result.outcome;
    outcome = o.result;

    const shards = shardCountFor(result.history.size);
    const statsFileOf = (id: string): string => statsPath(shardOf(id, shards), shards);
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
        detailsUrl: runContext.url,
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

    if (o.result === 'failure') {
      core.setFailed(logText(o.reasons.join(' '), 4000));
    } else if (o.forgiven.length > 0) {
      core.warning(`${o.forgiven.length} failed test${o.forgiven.length === 1 ? ' was' : 's were'} forgiven because ${o.forgiven.length === 1 ? 'it is' : 'they are'} quarantined; the job passes.`);
    }
  } catch (error) {
    outcome = 'failure';
    const message = error instanceof InputError ? error.message : `flakeguard stopped on an unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    core.setFailed(logText(message, 4000));
  } finally {
    core.setOutput('outcome', outcome);
  }
}
