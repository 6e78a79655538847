/**
 * Leaving a job's results in an artifact: `mode: upload` (a shard of the aggregate pattern, docs/matrix.md), and
 * the default mode's runs that could not save their history (a pull request from a fork, docs/forks.md).
 */
import * as core from '@actions/core';
import { setOutput } from '../github/step-files.ts';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Inputs } from '../config/inputs.ts';
import { contextFromEnv, type GitHubContext } from '../config/context.ts';
import type { ParsedReports, RunContext } from '../model.ts';
import { renderResultsFile } from '../store/results-file.ts';
import { commandText, logText, registerSecret } from '../text/escape.ts';
import { artifactName, bundleFiles, type ShardManifest } from '../artifacts/bundle.ts';
import { readModeActionInputs, requireArtifactRuntime, secretInputs, tempRoot } from './common.ts';
import { readReports, runContextFor } from '../pipeline/job.ts';
import { shardLabel } from '../pipeline/job-key.ts';
import type { ModeInputs } from '../config/mode-inputs.ts';

/** Days the service keeps these artifacts: long enough to re-run a failed aggregating or ingesting job. */
export const RESULTS_RETENTION_DAYS = 7;

export interface LeftResults {
  inputs: Inputs;
  ctx: GitHubContext;
  run: RunContext;
  reports: ParsedReports & { matched: number };
}

/** Writes the artifact's files and uploads them; returns the artifact's name. */
export async function uploadResults({ inputs, ctx, run, reports }: LeftResults): Promise<string> {
  const manifest: ShardManifest = {
    jobKey: inputs.jobKey,
    testOutcome: inputs.testOutcome,
    filesMatched: reports.matched,
    filesRead: reports.filesRead,
    problems: reports.problems,
    reportPatterns: inputs.reports,
  };
  const root = tempRoot(ctx);
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(join(root, 'upload-'));
  const paths: string[] = [];
  for (const [name, text] of bundleFiles(manifest, renderResultsFile(run, reports.tests))) {
    await writeFile(join(dir, name), text);
    paths.push(join(dir, name));
  }
  const name = artifactName(run.key, shardLabel(run.job, inputs.jobKey), run.runAttempt);
  const { uploadArtifact } = await import('../github/artifacts.ts');
  const uploaded = await uploadArtifact(name, dir, paths, RESULTS_RETENTION_DAYS);
  core.info(logText(`Uploaded ${reports.tests.length} test results as the artifact ${name}${uploaded.size !== undefined ? ` (${uploaded.size} bytes)` : ''}.`));
  return name;
}

/**
 * Called by the default mode when this run's results were not saved (read-only: a pull request from a fork;
 * or the push kept failing): uploads them for `mode: ingest-workflow-run`. Never changes the outcome.
 */
export async function leaveResults(left: LeftResults, modeInputs: ModeInputs, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  if (!modeInputs.uploadResults) return undefined;
  const { artifactRuntimeAvailable } = await import('../github/artifacts.ts');
  if (!artifactRuntimeAvailable(env)) {
    core.info('The Actions artifact service is not available here (ACTIONS_RUNTIME_TOKEN/ACTIONS_RESULTS_URL), so the results were not uploaded.');
    return undefined;
  }
  try {
    const name = await uploadResults(left);
    setOutput('results-artifact', name);
    core.notice(commandText(`This run's results were uploaded as the artifact ${name}; a workflow_run workflow with mode: ingest-workflow-run can save them (docs/forks.md).`, 2000));
    return name;
  } catch (error) {
    core.warning(commandText(`Could not upload this run's results as an artifact: ${error instanceof Error ? error.message : String(error)}`, 1000), { title: 'flakeguard results not uploaded' });
    return undefined;
  }
}

/** `mode: upload`: read the reports, upload them for the aggregating job; the outcome is decided there. */
export async function uploadMode(env: NodeJS.ProcessEnv, modeInputs: ModeInputs): Promise<'success' | 'failure'> {
  const inputs = readModeActionInputs(env, true);
  secretInputs(inputs, registerSecret);
  const ctx = contextFromEnv(env);
  const { artifactRuntimeAvailable } = await import('../github/artifacts.ts');
  requireArtifactRuntime(env, modeInputs.mode, artifactRuntimeAvailable(env));
  const reports = await readReports(inputs, ctx);
  const run = runContextFor(ctx, inputs, reports.timestamp, Date.now());
  const name = await core.group('Uploading the results for the aggregating job', () => uploadResults({ inputs, ctx, run, reports }));
  setOutput('results-artifact', name);
  const failed = reports.tests.filter((t) => {
    const last = t.attempts[t.attempts.length - 1];
    return last?.status === 'failed' || last?.status === 'error';
  }).length;
  setOutput('failed-tests', failed);
  core.info(`${reports.tests.length} tests, ${failed} failed, in ${reports.matched} report file${reports.matched === 1 ? '' : 's'}: the job with mode: aggregate decides the outcome of this shard.`);
  return 'success';
}
