/**
 * The action's main job, wiring the stages: inputs → reports → data branch (fetch, apply, push) → outputs,
 * annotations, summary → the step's result. Every path ends with `outcome` and the exit code agreeing.
 */
import * as core from '@actions/core';
import { setOutput, verifyStepFiles, watchStepFiles } from '../github/step-files.ts';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { InputError, inputsFromEnv, readInputs } from '../config/inputs.ts';
import { contextFromEnv } from '../config/context.ts';
import { loadFileConfig } from '../config/file.ts';
import { normalizeErrorMessage } from '../history/error-message.ts';
import { statsScores } from '../pipeline/stats-scores.ts';
import { applyRun } from '../pipeline/apply.ts';
import { admitParcel, foldParcels, runParcel } from '../pipeline/fold.ts';
import { inboxProvenance } from '../github/runs.ts';
import { openClone, type EarlyClone } from './early-clone.ts';
import { clockWarner, readReports, runContextFor } from '../pipeline/job.ts';
import { dataRemote } from '../config/remote.ts';
import { dashboardFiles } from '../dashboard/branch-files.ts';
import { lostReason, readBranchFiles, syncRun } from '../store/sync.ts';
import { writeResultsFile } from '../store/results-file.ts';
import { commandText, logText, registerSecret } from '../text/escape.ts';
import { factsFor, publishResults, type PublishInput } from '../github/publish.ts';
import { readModeInputs } from '../modes/inputs.ts';
import { splitTests, warnUnsplitOverrides } from '../modes/split.ts';
import { readRerunInputs } from '../rerun/inputs.ts';
import type { RerunVerdicts } from '../pipeline/apply.ts';
import { finalAttemptFailed } from '../policy/outcome.ts';

/** `clone`: the data branch's clone, opened and fetched by the main thread meanwhile (src/action/early-clone.ts). */
export async function run(env: NodeJS.ProcessEnv = process.env, clone?: Promise<EarlyClone | undefined>): Promise<void> {
  // The step files as the step found them: before it exits, it checks that only flakeguard wrote to them.
  watchStepFiles();
  let outcome: 'success' | 'failure' = 'failure';
  try {
    // Matrix, aggregate and fork modes (docs/matrix.md, docs/forks.md), loaded only when chosen.
    const modeInputs = readModeInputs(inputsFromEnv(env));
    if (modeInputs.mode !== 'run') {
      if (inputsFromEnv(env)('rerun') !== '') core.warning(`The rerun input works in mode run only: ignored in mode ${modeInputs.mode} (docs/rerun.md).`);
      outcome = await (await import('../modes/index.ts')).runMode(env, modeInputs);
      return;
    }
    const inputs = readInputs(inputsFromEnv(env));
    for (const secret of [inputs.token, inputs.inboxKey]) {
      if (!secret) continue;
      core.setSecret(secret);
      registerSecret(secret);
    }
    const ctx = contextFromEnv(env);
    const config = await loadFileConfig(inputs.configPath ? resolve(ctx.workspace, inputs.configPath) : '');

    const rerunInputs = readRerunInputs(inputsFromEnv(env));

    // The data branch is fetched while the reports are parsed (git works in its own processes): by the main thread
    // while this worker started (`clone`), else here, while the reports are found and read.
    const readOnly = inputs.readOnly || ctx.fromFork;
    const opening = (async () => openClone(clone, await dataRemote(inputs, ctx), inputs.dataBranch, inputs.token, !readOnly, ctx.runnerTemp || undefined))();
    opening.catch(() => undefined); // awaited below, after the reports
    // The first read of the branch too (git's processes, not this thread): syncRun's first attempt takes it. Re-runs
    // read the branch their own way first (src/pipeline/rerun.ts).
    const firstRead = rerunInputs ? undefined : opening.then((repo) => readBranchFiles(repo, !readOnly));
    firstRead?.catch(() => undefined); // syncRun awaits it (a failure is its first attempt's, and retried)
    const reports = await readReports(inputs, ctx).catch(async (error: unknown) => {
      await firstRead?.catch(() => undefined);
      await (await opening.catch(() => undefined))?.dispose();
      throw error;
    });
    const repo = await opening;
    const split = modeInputs.splitHistoryBy === 'job-key';
    if (split && !rerunInputs) reports.tests = splitTests(reports.tests, inputs.jobKey);

    const now = Date.now();
    const runContext = runContextFor(ctx, inputs, reports.timestamp, now);
    const warnClock = clockWarner();
    // Issues for test owners (docs/issues.md): read before the sync, since a person's close can lift a quarantine.
    const issues = inputs.createIssues ? await (await import('../github/issues.ts')).prepareIssues({ inputs, ctx, readOnly }) : undefined;

    // The summary's figures are computed while git pushes (the result may still change if the push loses a race).
    let early: PublishInput['facts'];
    let rerun: Awaited<ReturnType<typeof import('../pipeline/rerun.ts').rerunStep>> | undefined;
    let verdicts: RerunVerdicts | undefined;
    const sync = await (async () => {
      try {
        // Re-runs (docs/rerun.md): once, before deciding, with the history read first; the push retries below
        // re-apply the same augmented results.
        if (rerunInputs) {
          const historyId = split ? (id: string) => splitTests([{ id }], inputs.jobKey)[0]!.id : (id: string) => id;
          const failedBeforeReruns = reports.tests.filter(finalAttemptFailed).length;
          rerun = await (
            await import('../pipeline/rerun.ts')
          ).rerunStep({
            rerun: rerunInputs,
            tests: reports.tests,
            repo,
            workspace: ctx.workspace,
            tempDir: ctx.runnerTemp || tmpdir(),
            historyId,
            isPullRequest: ctx.eventName === 'pull_request' || ctx.eventName === 'pull_request_target',
            runKey: `${runContext.key}#${runContext.runAttempt}`,
            policy: config.policy,
            normalise: normalizeErrorMessage,
            now,
            sha: runContext.sha,
            ...(reports.reporters ? { reporters: reports.reporters } : {}),
          });
          reports.tests = split ? splitTests(rerun.tests, inputs.jobKey) : rerun.tests;
          verdicts = {
            consistent: rerun.consistent,
            orderDependent: rerun.orderDependent,
            newFlaky: rerun.newFlaky,
            newTestsBlock: rerunInputs.newTests === 'block',
            failedBeforeReruns,
            failedInRun: (await import('../rerun/plan.ts')).failedInTheRun(rerun),
          };
        }
        const options = { ...config, normalise: normalizeErrorMessage, scoreTests: statsScores(Math.min(runContext.time, now), config.policy.rules.scoring) };
        const provenance = inboxProvenance(inputs, ctx);
        return await core.group(`Updating the data branch '${inputs.dataBranch}'`, () =>
          syncRun(
            repo,
            (snapshot) =>
              applyRun(
                {
                  snapshot,
                  reports,
                  filesMatched: reports.matched,
                  testOutcome: inputs.testOutcome,
                  run: runContext,
                  now,
                  closedByHand: issues?.closedByHand,
                  issueOf: issues?.issueOf,
                  ...(verdicts ? { rerun: verdicts } : {}),
                },
                options,
              ),
            {
              // Parks this run after a few lost races, and folds parked runs in (docs/data-branch.md, "Many writers").
              inbox: {
                parcel: (applied) => runParcel(runContext, [{ run: runContext, tests: reports.tests, jobSucceeded: applied.outcome.result === 'success' }], Date.now(), provenance.seal),
                admit: (parcel) => admitParcel(parcel, provenance),
                fold: (snapshot, parcels) => foldParcels(snapshot, parcels, options, now, warnClock),
              },
              attempts: inputs.pushAttempts,
              readOnly,
              commitMessage: `flakeguard: ${reports.tests.length} tests from run ${ctx.runId} attempt ${ctx.runAttempt} (${ctx.job})`,
              log: (m) => core.info(logText(m)),
              warn: (m) => core.warning(commandText(m, 1000)),
              extraFiles: (current) => dashboardFiles(current, { workspace: ctx.workspace, classMap: inputs.codeownersMap }),
              releaseTexts: true,
              ...(firstRead ? { firstRead } : {}),
              whilePushing: (applied) => {
                early = { of: applied, facts: factsFor(applied) };
              },
            },
          ),
        );
      } finally {
        await repo.dispose();
      }
    })();
    const result = sync.applied;
    for (const note of result.clockNotes) warnClock(note);
    // Results neither saved nor parked fail the run (docs/data-branch.md, "Many writers"), never a warning alone.
    const lost = readOnly ? undefined : lostReason(sync.status, inputs.dataBranch);
    if (lost) result.outcome = { ...result.outcome, result: 'failure', reasons: [...result.outcome.reasons, lost] };
    const o = result.outcome;
    outcome = o.result;
    if (modeInputs.splitHistoryBy === 'job-key')
      warnUnsplitOverrides(
        reports.tests.map((t) => t.id),
        inputs.jobKey,
        result,
      );
    if (sync.status.kind === 'read-only' || sync.status.kind === 'not-saved') {
      // Leave the results where a later trusted workflow can ingest them (docs/forks.md).
      const path = await writeResultsFile(join(ctx.runnerTemp || tmpdir(), 'flakeguard'), runContext, reports.tests);
      setOutput('results-file', path);
      core.notice(`This run's results were not saved to ${inputs.dataBranch}; they are in ${path} for a trusted workflow to ingest.`);
      if (modeInputs.uploadResults) await (await import('../modes/upload.ts')).leaveResults({ inputs, ctx, run: runContext, reports }, modeInputs, env);
    }

    const rerunSection = rerun ? (await import('../report/rerun-summary.ts')).renderRerunSection(rerun, result.orderDependent) : undefined;
    await publishResults({
      inputs,
      ctx,
      readOnly,
      runUrl: runContext.url ?? '',
      sync,
      reports: { tests: reports.tests.length, problems: reports.problems.length, ...(reports.twins ? { twins: reports.twins } : {}) },
      ...(rerunSection ? { extraSummary: rerunSection } : {}),
      ...(early ? { facts: early } : {}),
    });
    if (rerun) {
      setOutput('rerun-tests', JSON.stringify(rerun.cases.filter((c) => c.asked > 0).map((c) => c.historyId)));
      setOutput('proven-flaky', JSON.stringify(rerun.provenFlaky.filter((id) => !result.orderDependent.has(id))));
      // Every failure that still blocks after its re-runs, with why (docs/rerun.md, "What you see").
      const blocked = (await import('../rerun/plan.ts')).blockingAfterReruns(rerun, new Set(o.blocking.map((t) => t.id)), result.orderDependent);
      setOutput('consistent-failures', JSON.stringify(blocked.map((b) => b.id)));
      setOutput('consistent-failures-json', JSON.stringify(blocked));
      setOutput('new-flaky-tests', JSON.stringify(rerun.newFlaky));
      if (rerun.newFlaky.length > 0 && rerunInputs?.newTests !== 'block') {
        for (const id of rerun.newFlaky.slice(0, 10)) {
          core.warning(commandText(`New test '${id}' failed and passed on this commit: it is flaky before it merges.`, 1000), { title: 'flakeguard: new flaky test' });
        }
      }
    }
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
    setOutput('outcome', outcome);
    verifyStepFiles();
  }
}
