/**
 * The action's main job, wiring the stages: inputs → reports → data branch (fetch, apply, push) → outputs,
 * annotations, summary → the step's result. Every path ends with `outcome` and the exit code agreeing.
 */
import * as core from '@actions/core';
import { isAbsolute, join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { InputError, inputsFromEnv, readInputs, type Inputs } from '../config/inputs.ts';
import { contextFromEnv, isOnDefaultBranch, runIdentity, runUrl, type GitHubContext } from '../config/context.ts';
import { loadFileConfig } from '../config/file.ts';
import { parseReportFiles } from '../junit/index.ts';
import type { History, ParsedReports, RunContext } from '../model.ts';
import { normalizeErrorMessage } from '../scoring/index.ts';
import { statsScores } from './stats-scores.ts';
import { applyRun } from './apply.ts';
import { DataRepo, originUrl } from '../store/git.ts';
import { syncRun } from '../store/sync.ts';
import { writeResultsFile } from '../store/results-file.ts';
import { commandText, logText, registerSecret } from '../report/escape.ts';
import { publishResults } from '../report/publish.ts';
import { readModeInputs } from '../modes/inputs.ts';
import { splitTests, warnUnsplitOverrides } from '../modes/split.ts';

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
    // Matrix, aggregate and fork modes (docs/matrix.md, docs/forks.md), loaded only when chosen.
    const modeInputs = readModeInputs(inputsFromEnv(env));
    if (modeInputs.mode !== 'run') {
      outcome = await (await import('../modes/index.ts')).runMode(env, modeInputs);
      return;
    }
    const inputs = readInputs(inputsFromEnv(env));
    if (inputs.token) {
      core.setSecret(inputs.token);
      registerSecret(inputs.token);
    }
    const ctx = contextFromEnv(env);
    const config = await loadFileConfig(inputs.configPath ? resolve(ctx.workspace, inputs.configPath) : '');

    const reports: ParsedReports & { matched: number } = await core.group('Reading test reports', async () => {
      const files = await findReports(inputs.reports, ctx.workspace);
      core.info(`${files.length} report file${files.length === 1 ? '' : 's'} matched.`);
      const parsed = await parseReportFiles(files, { workspace: ctx.workspace });
      core.info(`${parsed.tests.length} tests in ${parsed.filesRead} readable reports.`);
      for (const p of parsed.problems) core.error(commandText(`${p.path}${p.line ? `:${p.line}` : ''}: ${p.message}`, 1000), { title: 'Unreadable test report' });
      return { ...parsed, matched: files.length };
    });
    if (modeInputs.splitHistoryBy === 'job-key') reports.tests = splitTests(reports.tests, inputs.jobKey);

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
    // Issues for test owners (docs/issues.md): read before the sync, since a person's close can lift a quarantine.
    const issues = inputs.createIssues ? await (await import('../github/issues.ts')).prepareIssues({ inputs, ctx, readOnly }) : undefined;

    const sync = await core.group(`Updating the data branch '${inputs.dataBranch}'`, async () => {
      const remote = await remoteFor(inputs, ctx);
      const repo = await DataRepo.open(remote, inputs.dataBranch, inputs.token, ctx.runnerTemp || undefined);
      try {
        return await syncRun(
          repo,
          (snapshot) =>
            applyRun(
              { snapshot, reports, filesMatched: reports.matched, testOutcome: inputs.testOutcome, run: runContext, now, closedByHand: issues?.closedByHand },
              { ...config, normalise: normalizeErrorMessage, scoreTests: statsScores(runContext.time) },
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
    if (modeInputs.splitHistoryBy === 'job-key') warnUnsplitOverrides(reports.tests.map((t) => t.id), inputs.jobKey, result);
    if (sync.status.kind === 'read-only' || sync.status.kind === 'not-saved') {
      // Leave the results where a later trusted workflow can ingest them (docs/forks.md).
      const path = await writeResultsFile(join(ctx.runnerTemp || tmpdir(), 'flakeguard'), runContext, reports.tests);
      core.setOutput('results-file', path);
      core.notice(`This run's results were not saved to ${inputs.dataBranch}; they are in ${path} for a trusted workflow to ingest.`);
      if (modeInputs.uploadResults) await (await import('../modes/upload.ts')).leaveResults({ inputs, ctx, run: runContext, reports }, modeInputs, env);
    }

    await publishResults({ inputs, ctx, readOnly, runUrl: runContext.url ?? '', sync, reports: { tests: reports.tests.length, problems: reports.problems.length } });
    await issues?.publish(sync, runContext);

    if (o.result === 'failure') {
      core.setFailed(commandText(o.reasons.join(' '), 4000));
    } else if (o.forgiven.length > 0) {
      core.warning(`${o.forgiven.length} failed test${o.forgiven.length === 1 ? ' was' : 's were'} forgiven because ${o.forgiven.length === 1 ? 'it is' : 'they are'} quarantined; the job passes.`);
    }
  } catch (error) {
    outcome = 'failure';
    const message = error instanceof InputError ? error.message : `flakeguard stopped on an unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    core.setFailed(commandText(message, 4000));
  } finally {
    core.setOutput('outcome', outcome);
  }
}
