/**
 * The action's main job, wiring the stages: inputs → reports → data branch (fetch, apply, push) → outputs,
 * annotations, summary → the step's result. Every path ends with `outcome` and the exit code agreeing.
 */
import * as core from '@actions/core';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { InputError, inputsFromEnv, readInputs } from '../config/inputs.ts';
import { contextFromEnv } from '../config/context.ts';
import { loadFileConfig } from '../config/file.ts';
import { normalizeErrorMessage } from '../scoring/index.ts';
import { statsScores } from './stats-scores.ts';
import { applyRun } from './apply.ts';
import { DataRepo } from '../store/git.ts';
import { dataRemote, readReports, runContextFor } from './job.ts';
import { syncRun } from '../store/sync.ts';
import { writeResultsFile } from '../store/results-file.ts';
import { commandText, logText, registerSecret } from '../report/escape.ts';
import { publishResults } from '../report/publish.ts';
import { readModeInputs } from '../modes/inputs.ts';
import { splitTests, warnUnsplitOverrides } from '../modes/split.ts';


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

    const reports = await readReports(inputs, ctx);
    if (modeInputs.splitHistoryBy === 'job-key') reports.tests = splitTests(reports.tests, inputs.jobKey);

    const now = Date.now();
    const runContext = runContextFor(ctx, inputs, reports.timestamp, now);
    const readOnly = inputs.readOnly || ctx.fromFork;
    // Issues for test owners (docs/issues.md): read before the sync, since a person's close can lift a quarantine.
    const issues = inputs.createIssues ? await (await import('../github/issues.ts')).prepareIssues({ inputs, ctx, readOnly }) : undefined;

    const sync = await core.group(`Updating the data branch '${inputs.dataBranch}'`, async () => {
      const remote = await dataRemote(inputs, ctx);
      const repo = await DataRepo.open(remote, inputs.dataBranch, inputs.token, ctx.runnerTemp || undefined);
      try {
        return await syncRun(
          repo,
          (snapshot) =>
            applyRun(
              { snapshot, reports, filesMatched: reports.matched, testOutcome: inputs.testOutcome, run: runContext, now, closedByHand: issues?.closedByHand },
              { ...config, normalise: normalizeErrorMessage, scoreTests: statsScores(runContext.time, config.policy.rules.scoring) },
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
