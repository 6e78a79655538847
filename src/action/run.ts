/**
 * The action's main job, as its stages (src/action/stages.ts): inputs → open the data branch → read the reports →
 * re-run → verify claimed fixes → decide and write → publish (src/github/publish.ts). Every path ends with `outcome` and the exit code
 * agreeing.
 */
import * as core from '@actions/core';
import { verifyStepFiles, watchStepFiles } from '../github/step-files.ts';
import { inputsFromEnv } from '../config/inputs.ts';
import { publishOutcome, publishRun, publishStopped } from '../github/publish.ts';
import { readModeInputs } from '../config/mode-inputs.ts';
import type { EarlyClone, EarlyReports } from './early-clone.ts';
import { decideAndWrite, fixStage, leaveResultsFile, openStepBranch, readJob, readStep, recordedTests, rerunStage, runFacts, type Reruns, type Written } from './stages.ts';
import type { FixReport } from '../rerun/fix-plan.ts';

/**
 * `clone`: the data branch's clone, opened and fetched by the main thread meanwhile; `reports`: the report files it
 * found (src/action/early-clone.ts).
 */
export async function run(env: NodeJS.ProcessEnv = process.env, clone?: Promise<EarlyClone | undefined>, reports?: Promise<EarlyReports | undefined>): Promise<void> {
  // The step files as the step found them: before it exits, it checks that only flakeguard wrote to them.
  watchStepFiles();
  let outcome: 'success' | 'failure' = 'failure';
  try {
    // Matrix, aggregate and fork modes (docs/matrix.md, docs/forks.md), loaded only when chosen.
    const modeInputs = readModeInputs(inputsFromEnv(env));
    if (modeInputs.mode !== 'run') {
      if (inputsFromEnv(env)('rerun') !== '' && modeInputs.mode !== 'diagnose') core.warning(`The rerun input works in mode run only: ignored in mode ${modeInputs.mode} (docs/rerun.md).`);
      outcome = await (await import('../modes/index.ts')).runMode(env, modeInputs);
      return;
    }
    const step = await readStep(env, modeInputs);
    const branch = openStepBranch(step, clone);
    const job = await readJob(step, branch, reports);
    let reruns: Reruns | undefined;
    let written: Written;
    let fixes: FixReport | undefined;
    try {
      reruns = await rerunStage(step, job, branch);
      fixes = await fixStage(step, job, branch);
      job.reports.tests = recordedTests(step, job, reruns);
      written = await decideAndWrite(step, job, reruns, branch, fixes);
    } finally {
      await branch.dispose();
    }
    const resultsFile = await leaveResultsFile(step, job, written);
    outcome = await publishRun(runFacts(step, job, reruns, written, resultsFile, fixes));
  } catch (error) {
    outcome = 'failure';
    publishStopped(error);
  } finally {
    publishOutcome(outcome);
    verifyStepFiles();
  }
}
