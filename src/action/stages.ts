/**
 * The stages of the action's run, in the order src/action/run.ts lists them: read the inputs, open the data branch,
 * read the reports, re-run, decide and write, leave the results when they were not saved, and what publishing is
 * told (publishing itself is publishRun, src/github/publish.ts). Each stage takes what the ones before it produced;
 * the data branch is read once (src/store/data-branch.ts) and every stage that needs it takes the same DataBranch.
 */
import * as core from '@actions/core';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { emptyTestOutcome, inputsFromEnv, readInputs, type Inputs } from '../config/inputs.ts';
import { contextFromEnv, type GitHubContext } from '../config/context.ts';
import { loadFileConfig } from '../config/file.ts';
import { normalizeErrorMessage } from '../history/error-message.ts';
import { statsScores } from '../pipeline/stats-scores.ts';
import { applyRun, testSeconds, type ApplyResult, type RerunVerdicts } from '../pipeline/apply.ts';
import { admitParcel, foldParcels, runParcel } from '../pipeline/fold.ts';
import { clusterFiles } from '../pipeline/clusters-file.ts';
import { keptDiagnosesFile } from '../diagnose/kept.ts';
import { clockWarner, readReports, runContextFor } from '../pipeline/job.ts';
import { inboxProvenance } from '../github/runs.ts';
import { factsFor, warmApiClient, type PublishInput, type RunFacts, type StepRerun, type WarmApi } from '../github/publish.ts';
import type { IssueSession } from '../github/issues.ts';
import { dashboardFiles } from '../dashboard/branch-files.ts';
import { BADGE_FILE, badgeCounts, badgeText } from '../report/badge.ts';
import { gitDataBranch, type DataBranch } from '../store/data-branch.ts';
import { lostReason, type SyncResult } from '../store/sync.ts';
import { writeResultsFile } from '../store/results-file.ts';
import { isStatsShardPath } from '../store/owned.ts';
import { commandText, logText, registerSecret } from '../text/escape.ts';
import type { ModeInputs } from '../config/mode-inputs.ts';
import { splitTests, warnUnsplitOverrides } from '../pipeline/split.ts';
import { readRerunInputs, type RerunInputs } from '../rerun/rerun-inputs.ts';
import { commandFound } from '../rerun/typo.ts';
import { readFixInputs, type FixInputs } from '../rerun/fix-inputs.ts';
import type { FixReport } from '../rerun/fix-plan.ts';
import type { FixInput } from '../policy/fix-release.ts';
import { finalAttemptFailed } from '../policy/outcome.ts';
import type { ParsedReports, ParsedTestCase, RunContext, TestHistory } from '../model.ts';
import { rulesActive } from '../policy/quarantine-rules.ts';
import { earlyReports, openClone, stepRemote, type EarlyClone, type EarlyReports } from './early-clone.ts';
import { keepScopes, scopedBefore } from '../junit/index.ts';
import type { Snapshot } from '../store/snapshot.ts';

/** What the step was asked to do: its inputs, context and configuration, read once. */
export interface Step {
  env: NodeJS.ProcessEnv;
  inputs: Inputs;
  ctx: GitHubContext;
  modeInputs: ModeInputs;
  config: Awaited<ReturnType<typeof loadFileConfig>>;
  rerunInputs: RerunInputs | undefined;
  /** Fix verification's inputs (docs/fix-verification.md). */
  fixInputs: FixInputs;
  /** Decide only, never write: `read-only`, or a pull request from a fork (docs/forks.md). */
  readOnly: boolean;
}

/** This job's run as the stages after the reports see it. */
export interface Job {
  reports: ParsedReports & { matched: number; unmatched?: string };
  run: RunContext;
  now: number;
  warnClock: (message: string) => void;
  /** Issues for test owners (docs/issues.md), listed before the write: a person's close can lift a quarantine. */
  issues: IssueSession | undefined;
  /** The branch as first read, when reading the reports needed it (keptScopes): the re-runs take it instead of reading it again. */
  snapshot?: Snapshot;
}

/** Inputs: the action's inputs (its secrets registered for masking), the context, `.github/flakeguard.yml`. */
export async function readStep(env: NodeJS.ProcessEnv, modeInputs: ModeInputs): Promise<Step> {
  const inputs = readInputs(inputsFromEnv(env));
  const emptyOutcome = emptyTestOutcome(env['INPUT_TEST-OUTCOME']);
  if (emptyOutcome !== undefined) core.warning(emptyOutcome, { title: 'test-outcome is empty' });
  for (const secret of [inputs.token, inputs.inboxKey]) {
    if (!secret) continue;
    core.setSecret(secret);
    registerSecret(secret);
  }
  const ctx = contextFromEnv(env);
  const config = await loadFileConfig(inputs.configPath ? resolve(ctx.workspace, inputs.configPath) : '');
  const rerunInputs = readRerunInputs(inputsFromEnv(env), (word) => commandFound(word, ctx.workspace, env));
  const fixInputs = readFixInputs(inputsFromEnv(env));
  return { env, inputs, ctx, modeInputs, config, rerunInputs, fixInputs, readOnly: inputs.readOnly || ctx.fromFork };
}

/**
 * Open the data branch: on the main thread's early clone when it fits (src/action/early-clone.ts), else on a clone of
 * its own whose fetch starts at once. Returns at once: the branch is opened and read while the reports are parsed.
 */
export function openStepBranch(step: Step, early: Promise<EarlyClone | undefined> | undefined): DataBranch {
  const { inputs, ctx, readOnly } = step;
  const opening = (async () => openClone(early, await stepRemote(early, inputs, ctx), inputs.dataBranch, inputs.token, !readOnly, ctx.runnerTemp || undefined))();
  return gitDataBranch(opening, readOnly);
}

/**
 * Read the reports (while git reads the branch), name the run and list the issues. A failure disposes of the branch;
 * so does one to open it, reported here, after the reports. `early`: the report files the main thread found, taken
 * when found for the same patterns and workspace.
 */
export async function readJob(step: Step, branch: DataBranch, early?: Promise<EarlyReports | undefined>): Promise<Job> {
  const { inputs, ctx, readOnly } = step;
  const reports = await readReports(inputs, ctx, earlyReports(early, inputs, ctx)).catch(async (error: unknown) => {
    await branch.dispose();
    throw error;
  });
  await branch.opened();
  const snapshot = reports.perTestReports ? await keptScopes(step, reports, branch) : undefined;
  const now = Date.now();
  const run = runContextFor(ctx, inputs, reports.timestamp, now);
  const rules = step.config.policy.rules;
  const issues = inputs.createIssues
    ? await (await import('../github/issues.ts')).prepareIssues({ inputs, ctx, readOnly, rules, ...(step.rerunInputs ? { rerun: step.rerunInputs } : {}) })
    : undefined;
  return { reports, run, now, warnClock: clockWarner(), issues, ...(snapshot ? { snapshot } : {}) };
}

/**
 * Keeps the qualified ids of the tests of reports of one testcase per test (ADR 0410, src/junit/across.ts
 * keepScopes), by the branch as first read. Returns that snapshot for the re-runs, which read it first otherwise;
 * undefined when the branch cannot be read (the write says why; every id stays as the reports give it).
 */
async function keptScopes(step: Step, reports: ParsedReports, branch: DataBranch): Promise<Snapshot | undefined> {
  let snapshot: Snapshot;
  try {
    snapshot = await branch.snapshot();
  } catch {
    return undefined;
  }
  const historyId = historyIdOf(step);
  const kept = keepScopes(reports.tests, new Set(reports.perTestReports), { has: (id) => snapshot.history.has(id), scoped: scopedBefore(snapshot.history.keys()) }, historyId);
  if (kept > 0) {
    core.info(
      `${kept} test${kept === 1 ? '' : 's'} alone with ${kept === 1 ? 'its' : 'their'} id in this run keep${kept === 1 ? 's' : ''} the id qualified by ${kept === 1 ? 'its' : 'their'} report's directory that ${kept === 1 ? 'it' : 'they'} had when another report had it too (docs/test-ids.md, "Ids across reports").`,
    );
  }
  return snapshot;
}

/** The re-runs' result and the verdicts applyRun takes from them. */
export interface Reruns extends StepRerun {
  verdicts: RerunVerdicts;
}

/** `split-history-by: job-key`: a test's id in the history carries the job key (docs/matrix.md). */
const splitHistory = (step: Step): boolean => step.modeInputs.splitHistoryBy === 'job-key';

/** The branch's snapshots, the first being `first` (a snapshot already read), every later one a read of its own. */
function firstSnapshot(first: Snapshot, branch: DataBranch): Pick<DataBranch, 'snapshot'> {
  let given: Snapshot | undefined = first;
  return {
    snapshot: () => {
      const out = given;
      given = undefined;
      return out ? Promise.resolve(out) : branch.snapshot();
    },
  };
}

/** A test's id in the history from its id in the reports. */
const historyIdOf = (step: Step): ((id: string) => string) => (splitHistory(step) ? (id: string) => splitTests([{ id }], step.inputs.jobKey)[0]!.id : (id: string) => id);

/**
 * Re-run (docs/rerun.md): once, before deciding, judged by the branch as first read; the write's retries re-apply the
 * same augmented results. Undefined when re-runs are off.
 */
export async function rerunStage(step: Step, job: Job, branch: DataBranch): Promise<Reruns | undefined> {
  const { rerunInputs, ctx, config } = step;
  if (!rerunInputs) return undefined;
  const { reports } = job;
  const failedBeforeReruns = reports.tests.filter(finalAttemptFailed).length;
  const reportSec = testSeconds(reports.tests);
  const result = await (
    await import('../pipeline/rerun.ts')
  ).rerunStep({
    rerun: rerunInputs,
    tests: reports.tests,
    branch: job.snapshot ? firstSnapshot(job.snapshot, branch) : branch,
    workspace: ctx.workspace,
    tempDir: ctx.runnerTemp || tmpdir(),
    historyId: historyIdOf(step),
    isPullRequest: ctx.eventName === 'pull_request' || ctx.eventName === 'pull_request_target',
    runKey: `${job.run.key}#${job.run.runAttempt}`,
    recordKey: job.run.key,
    policy: config.policy,
    normalise: normalizeErrorMessage,
    now: job.now,
    sha: job.run.sha,
    ...(job.run.cell !== undefined ? { cell: job.run.cell } : {}),
    ...(reports.reporters ? { reporters: reports.reporters } : {}),
  });
  return {
    result,
    newTestsBlock: rerunInputs.newTests === 'block',
    verdicts: {
      consistent: (await import('../rerun/plan.ts')).blockingStreaks(result),
      orderDependent: result.orderDependent,
      orderSuspects: result.orderSuspects,
      orderCleared: result.orderCleared,
      newFlaky: result.newFlaky,
      newTestsBlock: rerunInputs.newTests === 'block',
      failedBeforeReruns,
      reportSec,
      rerunSec: result.seconds,
      failedInRun: (await import('../rerun/plan.ts')).orderCandidates(result),
    },
  };
}

/**
 * Fix verification (docs/fix-verification.md): on a pull request, the quarantined tests it claims to fix, each run as
 * often as its old rate needs; on the default branch, the verified fixes that landed. Loaded only on those runs.
 */
export async function fixStage(step: Step, job: Job, branch: DataBranch): Promise<FixReport | undefined> {
  const { ctx } = step;
  const pr = ctx.eventName === 'pull_request' || ctx.eventName === 'pull_request_target';
  if (!step.fixInputs.on || (!pr && !job.run.onDefaultBranch)) return undefined;
  // On the default branch only a recorded fix has anything to check, and its stats line holds the text `"fix"`: a
  // branch whose stats files do not is neither parsed a second time (the write parses it once) nor loads the module.
  if (!pr) {
    const read = await branch.read().catch(() => undefined);
    if (!read || ![...read.files].some(([path, text]) => isStatsShardPath(path) && text.includes('"fix"'))) return undefined;
  }
  const snapshot = await branch.snapshot().catch(() => undefined);
  if (!snapshot) return undefined;
  if (!pr && ![...snapshot.stats.values()].some((line) => line.fix !== undefined)) return undefined;
  return (await import('../github/fix-verify.ts')).fixStage({
    env: step.env,
    inputs: step.inputs,
    ctx,
    readOnly: step.readOnly,
    rerun: step.rerunInputs,
    fix: step.fixInputs,
    tests: job.reports.tests,
    ...(job.reports.reporters ? { reporters: job.reports.reporters } : {}),
    historyId: historyIdOf(step),
    snapshot,
    policy: step.config.policy,
    now: job.now,
    run: job.run,
  });
}

/** What the write takes of fix verification: the verifications to record (a run that can write), the fixes that landed. */
function fixInput(report: FixReport | undefined, readOnly: boolean): FixInput | undefined {
  if (!report) return undefined;
  const verified = new Map<string, NonNullable<ReturnType<NonNullable<FixInput['verified']>['get']>>>();
  if (!readOnly && report.pr !== undefined && report.head !== undefined) {
    const at = new Date().toISOString();
    for (const o of report.outcomes) {
      verified.set(o.id, { pr: report.pr, head: report.head, runs: o.ran, failures: o.failures, rate: o.plan.rate.p, reached: o.reached, verdict: o.verdict, at });
    }
  }
  return { verified, landed: new Map(report.landed.map((l) => [l.id, { pr: l.pr, commit: l.commit }])) };
}

/** The tests this run records: the reports' (or, after re-runs, with their attempts), under their history ids. */
export function recordedTests(step: Step, job: Job, reruns: Reruns | undefined): ParsedTestCase[] {
  const tests = reruns ? reruns.result.tests : job.reports.tests;
  return splitHistory(step) ? splitTests(tests, step.inputs.jobKey) : tests;
}

/** The write's result, and the summary's figures computed while git pushed. */
export interface Written {
  sync: SyncResult<ApplyResult>;
  facts?: PublishInput['facts'];
  /** The REST client made before the push, its connection opened while git pushed. */
  api?: WarmApi;
  /**
   * A green run whose push the remote refused for good: kept green if its results are kept as an artifact, which
   * leaveResultsFile tries; failed otherwise (docs/adr/0443-refused-push-keeps-a-green-run.md).
   */
  keep?: true;
}

/**
 * Owners for `policy.quarantine` (docs/quarantine-rules.md), only when a rule is set: the CODEOWNERS file GitHub uses
 * and `codeowners-map`, as the issues find them. Without a CODEOWNERS file every test has no owner (said once).
 */
async function quarantineOwners(step: Step): Promise<((test: TestHistory) => readonly string[]) | undefined> {
  if (!rulesActive(step.config.policy.quarantine)) return undefined;
  const { findCodeowners, ownersOfTest, ownerText, parseClassMap } = await import('../owners/index.ts');
  const classMap = step.inputs.codeownersMap ? parseClassMap(step.inputs.codeownersMap) : [];
  const found = await findCodeowners(step.ctx.workspace);
  if (!found || 'tooLarge' in found) {
    core.warning(
      found
        ? `${found.path} is 3 MB or more, so GitHub does not use it: policy.quarantine finds no owner.`
        : 'policy.quarantine: no CODEOWNERS file (.github/, the root or docs/): no test has an owner.',
      { title: 'flakeguard quarantine rules' },
    );
  }
  const lookup = { classMap, workspace: step.ctx.workspace, ...(found && !('tooLarge' in found) ? { codeowners: found } : {}) };
  return (test) => ownersOfTest(test, lookup).owners.map(ownerText);
}

/**
 * Decide and write: apply this run to the branch as read (applyRun: the outcome and the quarantine decisions) and
 * write it, retried on a lost race, parked after a few, parked runs folded in (docs/data-branch.md, "Many writers").
 * Results neither saved nor parked fail the run.
 */
export async function decideAndWrite(step: Step, job: Job, reruns: Reruns | undefined, branch: DataBranch, fixes?: FixReport): Promise<Written> {
  const { inputs, ctx, config, readOnly } = step;
  const { reports, run, now, warnClock, issues } = job;
  let facts: PublishInput['facts'];
  // The REST client's modules load while the write works; its connection opens once the push has started.
  const api: WarmApi | undefined = warmApiClient(inputs, ctx);
  const ownersOf = await quarantineOwners(step);
  const options = {
    ...config,
    normalise: normalizeErrorMessage,
    scoreTests: statsScores(Math.min(run.time, now), config.policy.rules.scoring),
    ...(inputs.costPerMinute !== undefined ? { costPerMinute: inputs.costPerMinute } : {}),
    ...(ownersOf ? { ownersOf } : {}),
  };
  const provenance = inboxProvenance(inputs, ctx);
  const fixed = fixInput(fixes, readOnly);
  const sync = await core.group(`Updating the data branch '${inputs.dataBranch}'`, () =>
    branch.write(
      (snapshot) =>
        applyRun(
          {
            snapshot,
            reports,
            filesMatched: reports.matched,
            ...(reports.unmatched !== undefined ? { unmatched: reports.unmatched } : {}),
            testOutcome: inputs.testOutcome,
            run,
            now,
            closedByHand: issues?.closedByHand,
            issueOf: issues?.issueOf,
            ...(reruns ? { rerun: reruns.verdicts } : {}),
            ...(fixed ? { fixes: fixed } : {}),
          },
          options,
        ),
      {
        inbox: {
          parcel: (applied) => runParcel(run, [{ run, tests: reports.tests, jobSucceeded: applied.outcome.result === 'success' }], Date.now(), provenance.seal),
          admit: (parcel) => admitParcel(parcel, provenance),
          fold: (snapshot, parcels) => foldParcels(snapshot, parcels, options, now, warnClock),
        },
        attempts: inputs.pushAttempts,
        commitMessage: `flakeguard: ${reports.tests.length} tests from run ${ctx.runId} attempt ${ctx.runAttempt} (${ctx.job})`,
        log: (m) => core.info(logText(m)),
        warn: (m) => core.warning(commandText(m, 1000)),
        // The dashboard's files, and the badge of the quarantine after this run (its counts as of the run's time).
        extraFiles: async (current, applied) => {
          const files = (await dashboardFiles(current, { workspace: ctx.workspace, classMap: inputs.codeownersMap })).set(BADGE_FILE, badgeText(badgeCounts(applied, now)));
          for (const [path, text] of clusterFiles(current, applied, (m) => core.warning(commandText(m, 1000)))) files.set(path, text);
          for (const [path, text] of keptDiagnosesFile(current)) files.set(path, text);
          return files;
        },
        releaseTexts: true,
        whilePushing: (applied) => {
          void api?.connect();
          // The summary's figures once the connection's request is on its way (the microtasks that send it run first).
          setImmediate(() => {
            try {
              facts = { of: applied, facts: factsFor(applied) };
            } catch {
              // publishing computes them
            }
          });
        },
      },
    ),
  );
  const result = sync.applied;
  for (const note of result.clockNotes) warnClock(note);
  // Results neither saved nor parked fail the run (docs/data-branch.md, "Many writers"), never a warning alone.
  const lost = readOnly ? undefined : lostReason(sync.status, inputs.dataBranch);
  // A green run the remote refused is failed only if its results cannot be kept as an artifact (leaveResultsFile).
  const keep = lost !== undefined && sync.status.kind === 'not-saved' && sync.status.refused !== undefined && result.outcome.result === 'success' && step.modeInputs.uploadResults;
  if (lost && !keep) result.outcome = { ...result.outcome, result: 'failure', reasons: [...result.outcome.reasons, lost] };
  if (splitHistory(step))
    warnUnsplitOverrides(
      reports.tests.map((t) => t.id),
      inputs.jobKey,
      result,
    );
  return { sync, ...(facts ? { facts } : {}), ...(api ? { api } : {}), ...(keep ? { keep: true as const } : {}) };
}

/**
 * Results not saved (read-only, or the write failed) are left in a results file, where a later trusted workflow can
 * ingest them (docs/forks.md), and uploaded as an artifact when asked: what publishRun tells.
 */
export async function leaveResultsFile(step: Step, job: Job, written: Written): Promise<RunFacts['resultsFile']> {
  const { sync } = written;
  if (sync.status.kind !== 'read-only' && sync.status.kind !== 'not-saved') return undefined;
  const { inputs, ctx, modeInputs, env } = step;
  const path = await writeResultsFile(join(ctx.runnerTemp || tmpdir(), 'flakeguard'), job.run, job.reports.tests);
  const leave = async (): Promise<string | undefined> => (await import('../modes/upload.ts')).leaveResults({ inputs, ctx, run: job.run, reports: job.reports }, modeInputs, env);
  if (written.keep && sync.status.kind === 'not-saved') {
    // A green run whose push was refused: its results kept as an artifact keep it green; else it fails (ADR 0443).
    const kept = await leave();
    if (kept !== undefined) written.sync.status = { ...sync.status, kept };
    else {
      const lost = lostReason(sync.status, inputs.dataBranch)!;
      const o = sync.applied.outcome;
      sync.applied.outcome = { ...o, result: 'failure', reasons: [...o.reasons, lost] };
    }
    return { path };
  }
  const upload = modeInputs.uploadResults ? async (): Promise<void> => void (await leave()) : undefined;
  return { path, ...(upload ? { upload } : {}) };
}

/** Publish: what publishRun is told of the run (src/github/publish.ts sets every output from it). */
export function runFacts(step: Step, job: Job, reruns: Reruns | undefined, written: Written, resultsFile: RunFacts['resultsFile'], fixes?: FixReport): RunFacts {
  const { reports } = job;
  return {
    inputs: step.inputs,
    ctx: step.ctx,
    readOnly: step.readOnly,
    runUrl: job.run.url ?? '',
    sync: written.sync,
    reports: { tests: reports.tests.length, problems: reports.problems.length, ...(reports.twins ? { twins: reports.twins } : {}), ...(reports.collisions ? { collisions: reports.collisions } : {}) },
    ...(written.facts ? { facts: written.facts } : {}),
    ...(written.api ? { api: written.api } : {}),
    run: job.run,
    ...(reruns ? { rerun: reruns } : {}),
    ...(resultsFile ? { resultsFile } : {}),
    ...(job.issues ? { issues: job.issues } : {}),
    ...(fixes ? { fixes } : {}),
    ...(step.inputs.annotatedReport ? { tests: reports.tests, ...(reports.reporters ? { reporters: reports.reporters } : {}) } : {}),
  };
}
