/**
 * Everything a person sees of a run: log lines, annotations (a check run, or workflow commands when the token may
 * not create one), every output of the step and the job summary, and last the step's failure (or the warning that
 * failures were forgiven). The outcome is already decided: nothing here may change it, and nothing here may fail the
 * step but that outcome (every part is guarded, and a failure is only logged).
 */
import * as core from '@actions/core';
import { appendSummary, setOutput } from './step-files.ts';
import { InputError, type Inputs } from '../config/inputs.ts';
import type { GitHubContext } from '../config/context.ts';
import type { ApplyResult } from '../pipeline/apply.ts';
import { lostReason, type SyncResult } from '../store/sync.ts';
import { storeLine } from '../report/store-line.ts';
import { shardOf, statsPath } from '../store/layout.ts';
import { failedTogether, failedTogetherSection } from '../report/clusters.ts';
import { diagnosedSection } from '../report/diagnoses.ts';
import { DIAGNOSES_FILE, parseDiagnoses } from '../diagnose/format.ts';
import type { Outcome } from '../policy/outcome.ts';
import { CLUSTERS_FILE, parseClusters } from '../clusters/format.ts';
import { CHECK_SUMMARY_BUDGET_BYTES, renderSummary, summaryFacts, summaryTitle, type SummaryFacts, type SummaryInput } from '../report/summary.ts';
import { buildAnnotations, type AnnotationSpec } from '../report/annotations.ts';
import { commandText, defuseLegacy, logText, plainText, truncate } from '../text/escape.ts';
import { scoreLookup } from '../report/scores.ts';
import type { ParsedTestCase, RunContext } from '../model.ts';
import type { RerunResult } from '../rerun/plan.ts';
import type { FixReport } from '../rerun/fix-plan.ts';
import type { IssueSession } from './issues.ts';
import { blobUrlFor } from './blob-url.ts';
import type { Octokit } from './client.ts';

export interface PublishInput {
  inputs: Inputs;
  ctx: GitHubContext;
  readOnly: boolean;
  runUrl: string;
  sync: SyncResult<ApplyResult>;
  /** This run's reports: how many tests, and how many reports could not be read (each already logged as an error). */
  reports?: { tests: number; problems: number; twins?: { first: string[]; count: number }; collisions?: { first: Array<{ id: string; reports: string[] }>; count: number } };
  /** Markdown appended to the job summary (fix verification's section, src/report/fix-summary.ts). */
  extraSummary?: string;
  /** The re-runs' section (src/report/rerun-summary.ts): the summaries place it before their tables. */
  rerunSection?: string;
  /** What the re-runs did, for the verdict every surface leads with (src/report/lead.ts). */
  rerun?: StepRerun;
  /** The summary's figures, computed while the push ran (factsFor): used when they are of the result published. */
  facts?: { of: ApplyResult; facts: SummaryFacts };
  /** The REST client made before the push, its connection opened while git pushed (warmApiClient): the check run is sent over it. */
  api?: WarmApi;
  /** Setup mistakes the step warned of (a runner not installed, a voided re-run round): at the top of the summary. */
  setupWarnings?: readonly string[];
}

/** The summary's figures for a result: what publishResults computes, computed earlier (while git pushes). */
export function factsFor(result: ApplyResult): SummaryFacts {
  return summaryFacts({ history: result.history, decisions: result.decisions, scores: scoreLookup(result.scores) });
}

/** The REST client made before git pushes, and the connection it opens while git pushes (warmApiClient). */
export interface WarmApi {
  /** The client; undefined when it could not be made (publishing then makes its own as before). */
  client: Promise<Octokit | undefined>;
  /**
   * Opens the client's connection to the API, or keeps it open (each push attempt calls it: after a lost race the
   * connection may have closed while idle): true once the answer came back, false when no connection was made; never
   * rejects.
   */
  connect(): Promise<boolean>;
  /** Gives up a warm-up still waiting for its answer (publishing is over): the step does not wait for it to end. */
  release(): void;
}

/**
 * When this run will call the API after the write: starts loading the REST client's modules (Octokit and its
 * plugins: 150–500 ms on a loaded 2-core machine) as the write starts, so that they compile while the branch is
 * applied and committed, and `connect()`, called once each push has started, opens the client's connection with a
 * request that costs no quota (openConnection, src/github/client.ts) while git pushes (a connection and a turn
 * beside the push's connection and two turns). Publishing then sends the check run over that connection: its TCP
 * handshake (and TLS's, on GitHub) is not waited for after the push
 * (docs/adr/0390-api-connection-opened-while-git-pushes.md). Publishing never waits for the connection: a request
 * sent before it is open goes over a new one, as without this. Never throws.
 */
export function warmApiClient(inputs: Inputs, ctx: GitHubContext): WarmApi | undefined {
  const checkRun = inputs.checkRun && !ctx.fromFork;
  const comment = inputs.prComment !== 'off' && Boolean(ctx.pullRequest);
  if (!inputs.token || !(checkRun || inputs.createIssues || comment)) return undefined;
  const client = (async () => {
    const [{ createClient }] = await Promise.all([import('./client.ts'), ...(checkRun ? [import('./checks.ts')] : [])]);
    return createClient(inputs.token, ctx.apiUrl);
  })().catch(() => undefined);
  const stop = new AbortController();
  const connect = (): Promise<boolean> => client.then(async (octokit) => (octokit ? (await import('./client.ts')).openConnection(octokit, stop.signal) : false)).catch(() => false);
  return { client, connect, release: () => stop.abort() };
}

/** GitHub shows at most this many annotations of each kind (error, warning, notice) per step. */
export const WORKFLOW_ANNOTATIONS_PER_KIND = 10;

export interface WorkflowAnnotationResult {
  shown: { failure: number; warning: number };
  hidden: { failure: number; warning: number };
}

/**
 * Annotations as workflow commands. GitHub shows at most 10 of each kind per step and drops the rest, so only
 * that many are written (blocking failures first, as `buildAnnotations` orders them), leaving room for the
 * step's own errors and warnings (`reserved`), then one notice says how many were left out.
 */
export function emitWorkflowAnnotations(annotations: AnnotationSpec[], reserved: { failure: number; warning: number } = { failure: 0, warning: 0 }): WorkflowAnnotationResult {
  const room = {
    failure: Math.max(1, WORKFLOW_ANNOTATIONS_PER_KIND - reserved.failure),
    warning: Math.max(1, WORKFLOW_ANNOTATIONS_PER_KIND - reserved.warning),
  };
  const result: WorkflowAnnotationResult = { shown: { failure: 0, warning: 0 }, hidden: { failure: 0, warning: 0 } };
  for (const a of annotations) {
    const kind = a.level === 'failure' ? 'failure' : 'warning';
    if (result.shown[kind] >= room[kind]) {
      result.hidden[kind]++;
      continue;
    }
    result.shown[kind]++;
    // The runner escapes nothing but % \r \n (and : , in properties): defuse the legacy `##[` syntax too.
    const props = { title: defuseLegacy(a.title), ...(a.path ? { file: defuseLegacy(a.path), startLine: a.line ?? 1 } : {}) };
    const message = defuseLegacy(a.details ? truncate(`${a.message}\n\n${a.details}`, 4000) : a.message);
    if (a.level === 'failure') core.error(message, props);
    else core.warning(message, props);
  }
  const { failure, warning } = result.hidden;
  if (failure + warning > 0) {
    const parts = [failure > 0 ? `${failure} blocking` : '', warning > 0 ? `${warning} forgiven` : ''].filter(Boolean).join(' and ');
    core.notice(
      `${parts} failure${failure + warning === 1 ? ' is' : 's are'} not annotated here: GitHub shows at most ${WORKFLOW_ANNOTATIONS_PER_KIND} annotations of each kind per step. The job summary lists the failures.`,
      { title: 'flakeguard: more failures' },
    );
  }
  return result;
}

const s = (n: number): string => (n === 1 ? '' : 's');

export { blobUrlFor } from './blob-url.ts';

export async function publishResults({ inputs, ctx, readOnly, runUrl, sync, reports, extraSummary, facts: early, rerunSection, rerun, api, setupWarnings }: PublishInput): Promise<void> {
  const result = sync.applied;
  const o = result.outcome;
  const statsFileOf = (id: string): string => statsPath(shardOf(id, result.shards), result.shards);
  const branchUrl = `${ctx.serverUrl}/${ctx.repository}/tree/${inputs.dataBranch}`;
  const line = storeLine(sync, inputs.dataBranch);
  const lost = !readOnly && lostReason(sync.status, inputs.dataBranch) !== undefined;

  // The step's own errors and warnings (the reports' problems, logged before; those below; the failure or the forgiven
  // warning the step ends with), which take annotation slots before the failures' ones.
  const reserved = {
    failure: (o.result === 'failure' ? 1 : 0) + result.problems.filter((p) => !p.notice && !p.warning).length + (sync.historyRead ? 0 : 1) + (reports?.problems ?? 0) + (lost ? 1 : 0),
    warning:
      (o.result === 'success' && o.forgiven.length > 0 ? 1 : 0) +
      (sync.status.kind === 'not-saved' && !lost ? 1 : 0) +
      (result.handEdits ?? []).filter((e) => e.effect === 'kept').length +
      result.problems.filter((p) => p.warning).length,
  };
  guard('log the data branch state', () => {
    // Workflow-command data is escaped by the runner's toolkit (a `::` inside it is harmless): one line, no controls.
    // Results neither saved nor parked are an error (the run fails, src/action/stages.ts); parked ones a warning.
    if (lost) core.error(commandText(line, 1000), { title: 'flakeguard history not saved' });
    else if (sync.status.kind === 'not-saved') core.warning(commandText(line, 1000), { title: 'flakeguard history not saved' });
    else core.info(logText(line));
    if (!sync.historyRead) core.error('The data branch could not be read, so no failure could be forgiven.', { title: 'flakeguard' });
    for (const p of result.problems) {
      (p.notice ? core.notice : p.warning ? core.warning : core.error)(commandText(p.message, 1000), { title: commandText(`flakeguard data branch: ${p.file}`, 200), file: p.file, startLine: p.line });
    }
    for (const l of result.lapsed) {
      core.notice(commandText(`The override of '${l.id}' in ${l.file} lapsed on ${l.until}; flakeguard decides again.`, 1000));
    }
    // Hand edits of computed fields (docs/data-branch.md#hand-edits): honoured ones get a notice, kept ones a warning.
    for (const e of result.handEdits ?? []) {
      const message = commandText(e.message, 1000);
      if (e.effect === 'kept') core.warning(message, { title: 'flakeguard: hand edit left as written', file: e.file, startLine: e.line });
      else core.notice(message, { title: 'flakeguard: hand edit honoured', file: e.file, startLine: e.line });
    }
  });

  const scores = scoreLookup(result.scores);
  const annotations = guard('prepare the annotations', () => buildAnnotations(o, { decisions: result.decisions, scores, dataBranch: inputs.dataBranch, statsFileOf })) ?? [];
  const base: SummaryInput = {
    outcome: o,
    decisions: result.decisions,
    scores,
    history: result.history,
    quarantined: result.quarantined,
    newlyQuarantined: result.newlyQuarantined,
    released: result.released,
    testsInRun: reports?.tests,
    ...(reports?.twins ? { twins: reports.twins } : {}),
    ...(reports?.collisions ? { collisions: reports.collisions } : {}),
    storeLine: line,
    dataBranch: inputs.dataBranch,
    dataBranchUrl: branchUrl,
    fileProblems: result.problems.filter((p) => !p.notice),
    lapsed: result.lapsed,
    statsFileOf,
    brokenStats: result.brokenStats,
    blobUrl: blobUrlFor(ctx),
    ...(result.rule ? { rule: result.rule } : {}),
    lead: { ...(rerun ? { cases: rerun.result.cases } : {}), orderDependent: result.orderDependent },
    ...(rerunSection ? { rerunSection } : {}),
    ...(result.ruleEffects && result.ruleEffects.size > 0 ? { ruleEffects: result.ruleEffects } : {}),
  };
  const together = guard('group the failures by cluster', () => failedTogetherSection(failedTogether(failedIds(o), parseClusters(result.files.get(CLUSTERS_FILE)).clusters)));
  if (together && together.length > 0) base.failedTogether = together;
  const diagnosed = guard('name the diagnoses of the failures', () => diagnosedSection(failedIds(o), parseDiagnoses(result.files.get(DIAGNOSES_FILE)).diagnoses));
  if (diagnosed && diagnosed.length > 0) base.diagnosed = diagnosed;
  // A refused push that did not fail the run is a setup mistake to fix, said at the top beside the others.
  const warnings = [...(setupWarnings ?? []), ...(sync.status.kind === 'not-saved' && sync.status.refused && !lost ? [line] : [])];
  if (warnings.length > 0) base.setupWarnings = warnings;
  const facts = (early?.of === result ? early.facts : guard('analyse the history for the summary', () => factsFor(result))) ?? { trend: { unit: 'run' as const, points: [] }, top: [] };

  let toCommands: AnnotationSpec[] = annotations;
  let annotationsLine: string | undefined;
  const total = annotations.length;
  if (total === 0) {
    annotationsLine = undefined;
  } else if (!inputs.checkRun) {
    annotationsLine = undefined;
  } else if (ctx.fromFork) {
    annotationsLine = `in this step's log as workflow commands: a pull request from a fork gets a read-only token, which cannot create a check run.`;
  } else if (!inputs.token) {
    annotationsLine = `in this step's log as workflow commands: no token to create a check run.`;
  }
  if (inputs.checkRun && inputs.token && !ctx.fromFork) {
    try {
      const { createClient } = await import('./client.ts');
      const { publishCheckRun, MAX_CHECK_ANNOTATIONS } = await import('./checks.ts');
      const octokit = (await api?.client) ?? (await createClient(inputs.token, ctx.apiUrl));
      const check = await publishCheckRun(octokit, {
        owner: ctx.owner,
        repo: ctx.repo,
        headSha: ctx.sha,
        name: inputs.checkName,
        conclusion: o.result,
        title: plainText(summaryTitle(base), 1000, true),
        summary: renderSummary({ ...base, annotationsLine: total > 0 ? `on this check run's lines of code.` : undefined }, { budgetBytes: CHECK_SUMMARY_BUDGET_BYTES, facts }),
        annotations,
        detailsUrl: runUrl,
      });
      const name = `'${inputs.checkName}'`;
      const why = check.error ? `${check.error.status ?? 'no status'}: ${check.error.message}` : '';
      const notes: string[] = [];
      if (check.overLimit > 0) notes.push(`${check.overLimit} more failure${s(check.overLimit)} not annotated (a check run gets at most ${MAX_CHECK_ANNOTATIONS} from flakeguard)`);
      if (check.unplaceable > 0) notes.push(`${check.unplaceable} failure${s(check.unplaceable)} with no file in the workspace to annotate, listed here only`);
      if (!check.created) {
        toCommands = annotations;
        const hint = check.error?.denied ? ` (the token may not create check runs: give the workflow \`permissions: checks: write\`)` : '';
        annotationsLine = `in this step's log as workflow commands: the check run could not be created (${why})${hint}.`;
        core.info(logText(`Could not create the check run ${name} (${why}); annotating with workflow commands instead.`));
      } else if (check.error) {
        toCommands = check.unsent;
        annotationsLine =
          `${check.sent} of ${total} on the check run ${name}; the request for the others failed (${why}), so ${check.unsent.length} ` +
          `${check.unsent.length === 1 ? 'is' : 'are'} in this step's log as workflow commands${notes.length ? `; ${notes.join('; ')}` : ''}.`;
        core.info(logText(`Check run ${name} created, but only ${check.sent} of ${total} annotations were sent (${why}); the others go to workflow commands.`));
      } else {
        toCommands = [];
        annotationsLine = `${check.sent} on the check run ${name}${notes.length ? `; ${notes.join('; ')}` : ''}.`;
        core.info(logText(`Check run ${name} published with ${check.sent} annotation${s(check.sent)} in ${check.requests} request${s(check.requests)}.`));
      }
    } catch (error) {
      toCommands = annotations;
      annotationsLine = `in this step's log as workflow commands: the check run could not be created.`;
      core.info(logText(`Could not create the check run (${error instanceof Error ? error.message : String(error)}); annotating with workflow commands instead.`));
    }
  }
  if (toCommands.length > 0) guard('write the annotations', () => emitWorkflowAnnotations(toCommands, reserved));

  guard('set the outputs', () => {
    setOutput('failed-tests', o.failed.length);
    setOutput('quarantined-failures', o.forgiven.length);
    setOutput('blocking-failures', o.blocking.length);
    setOutput('quarantined-tests', JSON.stringify(result.quarantined));
    setOutput('newly-quarantined', JSON.stringify(result.newlyQuarantined));
    setOutput('released', JSON.stringify(result.released));
    setOutput('data-commit', sync.status.kind === 'pushed' ? sync.status.commit : '');
  });

  const summary = guard('render the job summary', () => renderSummary({ ...base, annotationsLine }, { facts }));
  if (summary !== undefined) {
    try {
      await appendSummary(extraSummary ? `${summary}\n${extraSummary}` : summary);
    } catch (error) {
      core.info(logText(`Could not write the job summary: ${error instanceof Error ? error.message : String(error)}`));
    }
  }
}

/** What the re-run stage gives publishing (docs/rerun.md, "What you see"). */
export interface StepRerun {
  /** `warnings`: what the re-runs warned of (a runner not installed, a voided round), each with its fix. */
  result: RerunResult & { note?: string; warnings?: string[] };
  /** `new-tests: block`: a new flaky test blocks, and the outcome says so (no warning of its own). */
  newTestsBlock: boolean;
}

/** The facts of a run of the action's default mode, for publishRun. */
export interface RunFacts extends PublishInput {
  run: RunContext;
  /** Results not saved, left in a file (and uploaded, when asked) for a trusted workflow to ingest (docs/forks.md). */
  resultsFile?: { path: string; upload?: () => Promise<void> };
  issues?: IssueSession;
  /** What fix verification did (docs/fix-verification.md). */
  fixes?: FixReport;
  /** Every test of the run as decided (re-runs merged in), for the annotated report (docs/annotated-report.md). */
  tests?: readonly ParsedTestCase[];
  /** The reports' reporters (ParsedReports.reporters). */
  reporters?: Record<string, number>;
}

/**
 * Publishes a run of the default mode: where results not saved were left, everything publishResults delivers, the
 * re-runs' outputs and warnings, the issues for test owners, and last the step's failure or the warning that failures
 * were forgiven. Returns the outcome.
 */
export async function publishRun(facts: RunFacts): Promise<'success' | 'failure'> {
  const { inputs, sync, rerun, resultsFile, issues, run, fixes } = facts;
  const result = sync.applied;
  const o = result.outcome;
  if (resultsFile) {
    setOutput('results-file', resultsFile.path);
    core.notice(`This run's results were not saved to ${inputs.dataBranch}; they are in ${resultsFile.path} for a trusted workflow to ingest.`);
    await resultsFile.upload?.();
  }
  const rerunSection = rerun ? (await import('../report/rerun-summary.ts')).renderRerunSection(rerun.result, result.orderDependent, new Set(o.blocking.map((t) => t.id))) : undefined;
  const fixReport = fixes ? await import('../report/fix-summary.ts') : undefined;
  const extraSummary = fixes ? fixReport!.renderFixSection(fixes) : undefined;
  // The outcome is decided: the parts that wait on the network (the check run, the issues, the pull-request comment)
  // run side by side, each guarded, so that the step waits for the slowest of them, not for their sum
  // (docs/adr/0360-publishing-side-by-side.md). The job summary keeps its order: the issues' section after the run's.
  const results = (async () => {
    const setupWarnings = rerun?.result.warnings;
    await publishResults({ ...facts, ...(extraSummary ? { extraSummary } : {}), ...(rerunSection ? { rerunSection } : {}), ...(setupWarnings?.length ? { setupWarnings } : {}) });
    if (rerun) {
      const { blockingAfterReruns } = await import('../rerun/plan.ts');
      guard('set the outputs of the re-runs', () => rerunOutputs(rerun, result, blockingAfterReruns));
    }
  })();
  const issuesAlongside = issues?.publish(sync, run, results);
  // The annotated report (docs/annotated-report.md): written beside the rest, its output set once it is written.
  const annotated = (async () => {
    if (!inputs.annotatedReport || !facts.tests) {
      guard('set the output annotated-report', () => setOutput('annotated-report', ''));
      return;
    }
    const { writeAnnotatedReport } = await import('./annotated-report.ts');
    const written = await guardAsync('write the annotated report', () =>
      writeAnnotatedReport({
        path: inputs.annotatedReport,
        quarantinedAs: inputs.annotatedReportQuarantined,
        workspace: facts.ctx.workspace,
        tests: facts.tests!,
        result,
        ...(rerun ? { rerun: rerun.result } : {}),
        ...(facts.reporters ? { reporters: facts.reporters } : {}),
        start: run.time,
      }),
    );
    guard('set the output annotated-report', () => setOutput('annotated-report', written ?? ''));
  })();
  // A verified fix's comment goes on its owner issue, so it waits for the issues to be written.
  const fixesAlongside = (async () => {
    if (!fixes) {
      guard('set the outputs of fix verification', () => ['fixes-verified', 'fixes-failed', 'fixes-json'].forEach((name) => setOutput(name, '[]')));
      return;
    }
    const fixPublish = await import('./fix-publish.ts');
    guard('set the outputs of fix verification', () => fixPublish.setFixOutputs(fixes));
    await Promise.allSettled([issuesAlongside]);
    const issueOf = issues?.issueOf;
    if (issueOf && inputs.token) await guardAsync('comment on the owner issues of the verified fixes', () => fixPublish.commentOnOwnerIssues(fixes, { token: inputs.token, ctx: facts.ctx, issueOf }));
  })();
  const comment =
    inputs.prComment !== 'off' && facts.ctx.pullRequest
      ? (async () => {
          const { publishPrComment } = await import('./pr-comment.ts');
          await guardAsync('comment on the pull request', () =>
            publishPrComment({
              mode: inputs.prComment,
              token: inputs.token,
              ctx: facts.ctx,
              jobKey: inputs.jobKey,
              result,
              ...(rerun ? { rerun: rerun.result } : {}),
              runUrl: facts.runUrl,
              dataBranch: inputs.dataBranch,
              dataBranchUrl: `${facts.ctx.serverUrl}/${facts.ctx.repository}/tree/${inputs.dataBranch}`,
              statsFileOf: (id) => statsPath(shardOf(id, result.shards), result.shards),
              codeownersMap: inputs.codeownersMap,
              dashboardUrl: inputs.dashboardUrl,
              ...(fixes && fixes.outcomes.length + fixes.notices.length > 0 ? { fixes: fixReport!.fixCommentItems(fixes) } : {}),
            }),
          );
        })()
      : undefined;
  // Every part runs to its end before anything is reported; a part that threw is thrown as it would have been alone.
  const settled = await Promise.allSettled([results, issuesAlongside, fixesAlongside, comment, annotated]);
  facts.api?.release();
  for (const part of settled) if (part.status === 'rejected') throw part.reason;

  if (o.result === 'failure') {
    core.setFailed(commandText(o.reasons.join(' '), 4000));
  } else if (o.forgiven.length > 0) {
    core.warning(`${o.forgiven.length} failed test${o.forgiven.length === 1 ? ' was' : 's were'} forgiven because ${o.forgiven.length === 1 ? 'it is' : 'they are'} quarantined; the job passes.`);
  }
  return o.result;
}

/** The re-runs' outputs, and a warning for each new test found flaky (unless new flaky tests block). */
function rerunOutputs({ result: reran, newTestsBlock }: StepRerun, result: ApplyResult, blockingAfterReruns: typeof import('../rerun/plan.ts').blockingAfterReruns): void {
  const o = result.outcome;
  setOutput('rerun-tests', JSON.stringify(reran.cases.filter((c) => c.asked > 0).map((c) => c.historyId)));
  setOutput('proven-flaky', JSON.stringify(reran.provenFlaky.filter((id) => !result.orderDependent.has(id))));
  // Every failure that still blocks after its re-runs, with why (docs/rerun.md, "What you see").
  const blocked = blockingAfterReruns(reran, new Set(o.blocking.map((t) => t.id)), result.orderDependent);
  setOutput('consistent-failures', JSON.stringify(blocked.map((b) => b.id)));
  setOutput('consistent-failures-json', JSON.stringify(blocked));
  setOutput('new-flaky-tests', JSON.stringify(reran.newFlaky));
  if (reran.newFlaky.length > 0 && !newTestsBlock) {
    for (const id of reran.newFlaky.slice(0, 10)) {
      core.warning(commandText(`New test '${id}' failed and passed on this commit: it is flaky before it merges.`, 1000), { title: 'flakeguard: new flaky test' });
    }
  }
}

/** The step stopped before it decided: it fails, saying why (an input error as written, anything else with its stack). */
export function publishStopped(error: unknown): void {
  const message = error instanceof InputError ? error.message : `flakeguard stopped on an unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  core.setFailed(commandText(message, 4000));
}

/** The `outcome` output, set on every path of the step (every mode's, and a stop's). */
export function publishOutcome(outcome: 'success' | 'failure'): void {
  setOutput('outcome', outcome);
}

/** guard() for a part that waits on the network. */
async function guardAsync<T>(what: string, part: () => Promise<T>): Promise<T | undefined> {
  try {
    return await part();
  } catch (error) {
    return couldNot(what, error);
  }
}

/** Runs one part of the publishing; a bug there is logged, never allowed to change the outcome. */
function guard<T>(what: string, part: () => T): T | undefined {
  try {
    return part();
  } catch (error) {
    return couldNot(what, error);
  }
}

/** What guard() says of a part that threw: a warning with the error, and no result. */
function couldNot(what: string, error: unknown): undefined {
  core.warning(logText(`flakeguard could not ${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, 2000));
  return undefined;
}

/** This run's tests with a failed attempt: final failures and those that passed on a retry. */
function failedIds(o: Outcome): string[] {
  return [...o.failed.map((t) => t.id), ...o.passedOnRetry.map((t) => t.id)];
}
