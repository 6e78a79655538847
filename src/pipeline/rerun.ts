/**
 * Proof on the spot (docs/rerun.md): before deciding, re-run this run's failed tests (and spend the
 * re-run budget), judged by the history of the step's first read of the data branch (src/store/data-branch.ts). Runs
 * once per step: the push retries of the data branch re-apply the same augmented results. Wiring only: the rules are in src/rerun/.
 */
import * as core from '@actions/core';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { isFailure, runnerTitle, type Attempt, type ParsedTestCase } from '../model.ts';
import { NO_HISTORY } from '../rerun/stopping.ts';
import { contextDirection, earlierInFile, earlierInRun, nextProbe, orderSentence, pairsNeeded, recordContext, recordProbe, type ContextTrack } from '../rerun/context-rounds.ts';
import type { PolicyOptions } from '../policy/quarantine.ts';
import type { MessageNormaliser } from '../history/merge.ts';
import { finalAttemptFailed } from '../policy/outcome.ts';
import { findOutages } from '../policy/outage.ts';
import { cleanIds, displayPath, parseReportFile, testId, twinNamer, type Cleanable } from '../junit/index.ts';
import { capName } from '../junit/cap.ts';
import type { DataBranch } from '../store/data-branch.ts';
import { emptySnapshot, type Snapshot } from '../store/snapshot.ts';
import { commandText, logText } from '../text/escape.ts';
import type { RerunInputs } from '../rerun/rerun-inputs.ts';
import type { PresetOptions, RerunPreset } from '../rerun/contract.ts';
import { detectRunner } from '../rerun/detect.ts';
import { readWorkspaceFacts } from '../rerun/workspace.ts';
import { autoFlags, readRunnerScript, type AutoFlags } from '../rerun/script-args.ts';
import { findPreset } from '../rerun/presets/index.ts';
import {
  answerKey,
  combineParts,
  ranIn,
  type RoundLog,
  finishRerun,
  orderCandidates,
  recordRound,
  rerunTestOf,
  roundCases,
  roundGroups,
  startsIn,
  setAside,
  startRerun,
  stopRerun,
  type ExtraPlan,
  type RerunCase,
  type RerunResult,
  type RoundAnswer,
} from '../rerun/plan.ts';
import { fitSelection, type Fitted } from '../rerun/fit.ts';
import { isNewTest, planExtras, suiteBudget } from '../rerun/budget.ts';
import type { ThresholdedConfig } from '../scoring/thresholded.ts';
import { rerunEnv, runRound } from '../rerun/process.ts';
import { voidedWarning } from '../rerun/voided.ts';
import { commandFound } from '../rerun/typo.ts';
import { ORDER_REASON, orderSuspects } from '../rerun/order.ts';
import { ruleState } from '../policy/hand-edits.ts';
import { judgeFailures, quarantineBefore } from '../policy/judge.ts';

export interface RerunStepInput {
  rerun: RerunInputs;
  tests: ParsedTestCase[];
  /** The data branch as the step read it (its first read, shared with the write). */
  branch: Pick<DataBranch, 'snapshot'>;
  workspace: string;
  tempDir: string;
  /** The test's id in the history (split-history-by: job-key adds the job key). */
  historyId: (reportId: string) => string;
  isPullRequest: boolean;
  /** This run's identity, seeds the exploratory choice. */
  runKey: string;
  /** The run's key as the history records it (RunContext.key): a record of it already there is not judged again. */
  recordKey?: string;
  policy: PolicyOptions;
  normalise: MessageNormaliser;
  now: number;
  /** This run's commit (a failure of a test that passed on it before is flaky, proven). */
  sha?: string;
  /** This run's matrix cell (RunContext.cell): a quarantine of other cells does not cover its failures. */
  cell?: string;
  /** The reports read, by the reporter their marks name (ParsedReports.reporters): for `rerun: auto`. */
  reporters?: Record<string, number>;
}

/**
 * The failed tests (report ids) quarantined before this run, not by hand, by what their quarantine would do if their
 * re-runs ran out while their streak is still plausible (the rules of applyRun, on the history as read):
 * `forgivable`, failing with a failure mode seen flakily before (the failures whose exhaustion can hide a real one);
 * `unforgivable`, failing with one never seen flakily (they block then). Both are re-run beyond rerun-attempts-max
 * (src/rerun/plan.ts): the first as far as their streak needs, the second until they pass or reach the ceiling.
 */
export function quarantinedIfExhausted(
  snapshot: Snapshot,
  failed: readonly ParsedTestCase[],
  historyId: (reportId: string) => string,
  sha: string,
  policy: PolicyOptions,
  normalise: MessageNormaliser,
  now: number,
  /** This run's matrix cell (RunContext.cell). */
  cell?: string,
): { forgivable: Set<string>; unforgivable: Set<string> } {
  const before = quarantineBefore(snapshot, now);
  const byHistoryId = new Map<string, string>();
  const tests: ParsedTestCase[] = [];
  for (const t of failed) {
    const id = historyId(t.id);
    if (!before.quarantined.has(id) || before.byHand.has(id)) continue;
    byHistoryId.set(id, t.id);
    tests.push({ ...t, id });
  }
  const forgivable = new Set<string>();
  const unforgivable = new Set<string>();
  if (tests.length === 0) return { forgivable, unforgivable };
  const { unforgiven } = judgeFailures(snapshot, before, tests, sha, { policy, normalise, ...(cell !== undefined ? { cell } : {}) });
  for (const t of tests) (unforgiven.has(t.id) ? unforgivable : forgivable).add(byHistoryId.get(t.id)!);
  return { forgivable, unforgivable };
}

/**
 * What the re-runs start with besides the failures, as the step plans it: a pull request's new tests, and the extra
 * executions `rerun-budget` buys (src/rerun/budget.ts), seeded by the run so that runs explore different tests. Pure;
 * the accuracy simulator plans with it too.
 */
export function plannedExtras(input: {
  tests: readonly ParsedTestCase[];
  snapshot: Snapshot;
  historyId: (reportId: string) => string;
  isPullRequest: boolean;
  /** rerun-budget, and rerun-timeout, which caps it through the suite budget. */
  budget: number;
  timeoutSec: number;
  /** Executions reserved for the failed tests' re-runs. */
  reserved: number;
  /** rerun-attempts-max. */
  perTest: number;
  window: number;
  /** This run's identity (run key and attempt). */
  runKey: string;
  now: number;
  /** α and the targeted share of the budget (policy.thresholded.*). */
  thresholded?: ThresholdedConfig;
}): { newTests: Set<string>; extras: ExtraPlan[] } {
  const { tests, snapshot } = input;
  const newTests = new Set(input.isPullRequest ? tests.filter((t) => isNewTest(snapshot.history, input.historyId(t.id))).map((t) => t.id) : []);
  if (input.budget <= 0) return { newTests, extras: [] };
  const extras = planExtras({
    // A test qualified by its report's directory cannot be re-run (setAsideScoped): no budget is spent on it.
    passing: tests.filter((t) => t.scope === undefined && !finalAttemptFailed(t) && t.attempts.some((a) => a.status === 'passed')),
    history: snapshot.history,
    historyId: input.historyId,
    quarantined: quarantineBefore(snapshot, input.now).quarantined,
    newTests,
    budget: Math.min(input.budget, suiteBudget(input.timeoutSec, tests)),
    reserved: input.reserved,
    perTest: input.perTest,
    window: input.window,
    seed: createHash('sha256').update(input.runKey).digest().readUInt32BE(0),
    ...(input.thresholded ? { thresholded: input.thresholded } : {}),
  });
  return { newTests, extras };
}

/** The data branch as the step read it, to judge the failures by (empty when it cannot be read: every test unknown). */
async function readHistory(branch: Pick<DataBranch, 'snapshot'>): Promise<{ snapshot: Snapshot; note?: string }> {
  try {
    return { snapshot: await branch.snapshot() };
  } catch (error) {
    return { snapshot: emptySnapshot(), note: `the data branch could not be read (${error instanceof Error ? error.message : String(error)}): every test was judged as one with no history` };
  }
}

/**
 * A round's report, its testcases' attempts by answerKey (id, classname and name; src/rerun/plan.ts): testcases are
 * not merged by id here, so one whose id merely collides with an asked test's (docs/test-ids.md) never adds to it.
 * Names are capped as the original report's were (src/junit/cap.ts), so a long name answers under its capped form.
 */
export async function readRoundReport(
  path: string,
  workspace: string,
  /** The round asked for several executions per test (FLAKEGUARD_RERUN_REPEAT above 1). */
  o: { repeated?: boolean } = {},
): Promise<{ attempts: Map<string, Attempt[]>; executions?: Map<string, Attempt[][]>; problems: string[] }> {
  const read = await parseReportFile(path, displayPath(path, workspace), { workspace });
  if (typeof read === 'string') return { attempts: new Map(), problems: [read] };
  const attempts = new Map<string, Attempt[]>();
  // Asked for several executions, each testcase of an id is one execution of that test, in order: never a twin (no
  // test with a twin in the run is asked for several, src/rerun/plan.ts roundGroups).
  const executions = o.repeated ? new Map<string, Attempt[][]>() : undefined;
  // Twins (docs/test-ids.md) are told apart by their order in the report, as in the original report.
  const capped = read.cases.map((c) => {
    const one: Cleanable & { attempts: Attempt[] } = { name: capName(c.name), classname: capName(c.classname), suite: capName(c.suite), attempts: c.attempts };
    if (c.idFile !== undefined) one.idFile = c.idFile;
    return one;
  });
  // Ids cleaned as in the run's reports (ADR 0445), so that an answer has the asked test's classname and name.
  cleanIds(capped, read.reporter === 'mocha');
  const namer = read.oneCasePerTest && !executions ? twinNamer(capped) : undefined;
  for (const named of capped) {
    if (namer) named.name = namer.name(named.name, testId(named)).name;
    const key = answerKey({ id: testId(named), classname: named.classname, name: named.name });
    if (executions) {
      const known = executions.get(key);
      if (known) known.push([...named.attempts]);
      else executions.set(key, [[...named.attempts]]);
    }
    const known = attempts.get(key);
    if (known) for (const a of named.attempts) known.push(a);
    else attempts.set(key, named.attempts);
  }
  return { attempts, ...(executions ? { executions } : {}), problems: read.problems.map((p) => `${p.line ? `line ${p.line}: ` : ''}${p.message}`) };
}

export async function rerunStep(input: RerunStepInput): Promise<RerunResult & { note?: string; warnings?: string[] }> {
  for (const notice of input.rerun.notices) core.notice(commandText(notice, 1000), { title: 'flakeguard re-runs' });
  try {
    return await rerunOrSkip(input);
  } catch (error) {
    // A fault of the re-run machinery proves nothing: the original failures stand, and the summary says why.
    const why = `the re-runs stopped on an unexpected error (${error instanceof Error ? error.message : String(error)}); the original failures stand`;
    core.error(commandText(why, 1000), { title: 'flakeguard re-runs' });
    return finishRerun(startEmpty(input.rerun), input.tests, why);
  }
}

/**
 * `rerun: auto`: the preset src/rerun/detect.ts picks from the reports' marks and the workspace, with the flags and
 * variables of the package.json script that runs it as the preset screens them (src/rerun/script-args.ts), said in a
 * log group; or, when it cannot tell, why not (a notice), and no re-runs.
 */
async function choosePresetAuto(input: RerunStepInput): Promise<{ preset: RerunPreset; flags: AutoFlags } | string> {
  return core.group('Choosing the re-run preset (rerun: auto)', async () => {
    const facts = await readWorkspaceFacts(input.workspace);
    const detection = detectRunner(input.reporters, facts);
    const preset = detection.preset === undefined ? undefined : findPreset(detection.preset);
    if (preset) core.info(logText(`rerun: auto chose the ${preset.name} preset:`, 1000));
    for (const line of detection.why) core.info(logText(`  ${line}`, 1000));
    if (preset) {
      const scripts = facts.packageJson?.scriptsByName;
      const flags = autoFlags(preset, scripts !== undefined && SCRIPT_RUNNERS.has(preset.name) ? readRunnerScript(preset.name, scripts) : { none: true });
      for (const line of flags.why) core.info(logText(`  ${line}`, 1000));
      for (const notice of flags.notices) core.notice(commandText(notice, 1000), { title: 'flakeguard re-runs' });
      return { preset, flags };
    }
    // The summary says "No test was re-run: <why>".
    const why = `rerun: auto ${detection.why[0]} (name the preset instead, e.g. rerun: vitest; docs/rerun-presets.md)`;
    core.notice(commandText(`Re-runs: no test was re-run: ${why}.`, 1000), { title: 'flakeguard re-runs' });
    return why;
  });
}

/** The runners whose package.json script `rerun: auto` reads flags from: the script starts them by name. */
const SCRIPT_RUNNERS = new Set(['jest', 'vitest', 'mocha']);

async function rerunOrSkip(input: RerunStepInput): Promise<RerunResult & { note?: string; warnings?: string[] }> {
  const { tests } = input;
  let rerun = input.rerun;
  const failed = tests.filter(finalAttemptFailed);
  if (failed.length === 0 && rerun.budget === 0) return finishRerun(startEmpty(rerun), tests);
  if (failed.length > rerun.maxTests) {
    const skipped = `${failed.length} tests failed, more than rerun-max-tests (${rerun.maxTests}): that looks like a real break or an outage, so none was re-run`;
    core.info(logText(`Re-runs: ${skipped}.`, 1000));
    return finishRerun(startEmpty(rerun), tests, skipped);
  }
  if (rerun.auto) {
    const chosen = await choosePresetAuto(input);
    if (typeof chosen === 'string') return finishRerun(startEmpty(rerun), tests, chosen);
    const { args, env } = chosen.flags;
    rerun = { ...rerun, preset: chosen.preset, ...(args.length > 0 ? { args } : {}), ...(Object.keys(env).length > 0 ? { env } : {}) };
  }

  const { snapshot, note } = await core.group('Reading the history for the re-runs', async () => {
    const read = await readHistory(input.branch);
    if (read.note) core.info(logText(read.note, 1000));
    return read;
  });
  const history = snapshot.history;
  // Outages are never forgiven nor evidence: their failures stand, and are not re-run.
  const inOutage = new Set(findOutages(tests, input.normalise, input.policy).flatMap((o) => o.tests));
  const toRerun = failed.filter((t) => !inOutage.has(t.id));
  const { newTests, extras } = plannedExtras({
    tests,
    snapshot,
    historyId: input.historyId,
    isPullRequest: input.isPullRequest,
    budget: rerun.budget,
    timeoutSec: rerun.timeoutSec,
    reserved: toRerun.length * rerun.attempts,
    perTest: rerun.attemptsMax,
    window: input.policy.window,
    runKey: input.runKey,
    now: input.now,
    thresholded: input.policy.rules.scoring.thresholded,
  });
  const state = startRerun({
    failed: toRerun,
    extras,
    tests,
    history,
    historyId: input.historyId,
    newTests,
    window: input.policy.window,
    rule: { minReruns: rerun.attempts, maxReruns: rerun.attemptsMax },
    ...quarantinedIfExhausted(snapshot, toRerun, input.historyId, input.sha ?? '', input.policy, input.normalise, input.now, input.cell),
  });
  setAsideScoped(state.cases);
  const deadline = Date.now() + rerun.timeoutSec * 1000;
  const dir = join(input.tempDir, 'flakeguard-rerun');
  const command = rerun.preset ?? rerun.command;
  const warnings: string[] = [];
  // A custom command is asked for several executions per start (it may ignore the variable: then more starts follow);
  // a preset only when its runner repeats a selected test in one process (RerunPreset.repeats).
  const canRepeat = rerun.preset === undefined || rerun.preset.repeats === true;
  const twinned = twinnedIn(tests);
  for (;;) {
    const cases = roundCases(state);
    if (cases.length === 0) break;
    const left = deadline - Date.now();
    if (left <= 0) {
      stopRerun(state, `rerun-timeout (${rerun.timeoutSec}s) ran out`);
      break;
    }
    const round = state.rounds.length + 1;
    // The round's starts (docs/rerun.md, "Executions per start"): each asks its tests FLAKEGUARD_RERUN_REPEAT times.
    const groups = roundGroups(cases, state.rule, {
      repeats: canRepeat,
      inOrder: rerun.preset?.repeatsInOrder !== false,
      twinned,
      cap: (group) => executionsThatFit(group, left),
    });
    // A test the preset cannot put on a command line is set aside (no invocation can answer for it); the others run.
    const invocations: Array<{ cases: RerunCase[]; repeat: number; dir: string }> = [];
    const unfit: Array<{ item: RerunCase; why: string }> = [];
    for (const [g, group] of groups.entries()) {
      const fitted = fitRound(rerun, group.cases, dir, round, group.repeat);
      unfit.push(...fitted.unfit);
      for (const part of fitted.parts) invocations.push({ cases: part, repeat: group.repeat, dir: '' });
      if (fitted.parts.length > 1 && g === 0) {
        core.info(
          `Round ${round}: the command line for ${group.cases.length} tests is over the operating system's limits; split into ${fitted.parts.length} invocations (${fitted.parts.map((p) => p.length).join(', ')} tests).`,
        );
      }
    }
    for (const [k, inv] of invocations.entries()) inv.dir = invocations.length === 1 ? dir : join(dir, `part-${k + 1}`);
    for (const u of unfit) setAside(u.item, u.why);
    if (unfit.length > 0) {
      const first = unfit[0]!;
      const more = unfit.length > 1 ? ` (and ${unfit.length - 1} more test${unfit.length === 2 ? '' : 's'})` : '';
      core.warning(commandText(`Re-runs: '${first.item.test.id}'${more} could not be re-run: ${first.why}.`, 1000), { title: 'flakeguard re-runs' });
    }
    if (invocations.length === 0) continue;
    const asked = invocations.flatMap((inv) => inv.cases);
    const failedNow = asked.filter((c) => c.kind === 'failed').length;
    const title = `Re-run round ${round}: ${failedNow} failed test${failedNow === 1 ? '' : 's'}${asked.length > failedNow ? `, ${asked.length - failedNow} extra` : ''}`;
    const answer = await core.group(title, async () => {
      for (const c of asked.slice(0, 50)) core.info(logText(`  ${c.test.id}`, 1000));
      if (asked.length > 50) core.info(`  … and ${asked.length - 50} more`);
      if (invocations.some((inv) => inv.repeat > 1)) {
        core.info(
          `Round ${round}: ${invocations.length} start${invocations.length === 1 ? '' : 's'}, each test run ${invocations.map((inv) => inv.repeat).join(', ')} time(s) in its start (FLAKEGUARD_RERUN_REPEAT).`,
        );
      }
      const parts: Array<{ asked: RerunCase[]; answer: RoundAnswer }> = [];
      for (const inv of invocations) {
        const leftNow = deadline - Date.now();
        const a: RoundAnswer =
          leftNow <= 0
            ? { ok: false, why: 'rerun-timeout ran out', seconds: 0 }
            : await runPart({
                round,
                cases: inv.cases,
                command,
                options: presetOptions(rerun),
                repeat: inv.repeat,
                workspace: input.workspace,
                dir: inv.dir,
                timeoutMs: leftNow,
                env: stepEnv(rerun),
                log: (line) => core.info(logText(line, 2000)),
                logCommand: (line) => core.info(logText(line, 600_000)),
                readReport: (path) => readRoundReport(path, input.workspace, { repeated: inv.repeat > 1 }),
              });
        parts.push({ asked: inv.cases, answer: a });
        if (!a.ok) break;
      }
      const a = combineParts(parts, invocations.length);
      core.info(a.ok ? `Round ${round}: report read (${a.seconds}s).` : logText(`Round ${round} voided: ${a.why} (${a.seconds}s).`, 1000));
      return a;
    });
    recordRound(state, asked, answer.ok || !/rerun-timeout/.test(answer.why) ? answer : { ...answer, why: `${answer.why} (${rerun.timeoutSec}s)` });
    if (!answer.ok) {
      // A voided round proves nothing: the person who set the step up hears of it, with the fix (src/rerun/voided.ts).
      const custom = typeof command === 'string' ? command : undefined;
      const first = custom?.trim().split(/\s+/)[0] ?? '';
      const warning = voidedWarning({
        round,
        why: answer.why,
        ...(rerun.preset ? { preset: rerun.preset.name } : {}),
        ...(custom !== undefined ? { command: custom, firstWordFound: first !== '' && commandFound(first, input.workspace, stepEnv(rerun)) } : {}),
      });
      core.warning(commandText(warning, 1000), { title: 'flakeguard re-runs' });
      warnings.push(warning);
    }
  }
  const result = finishRerun(state, tests);
  const ordinary = { executions: result.ran, starts: startsIn(result.rounds) };
  result.orderSuspects = orderSuspects({
    history,
    cases: result.cases,
    tests: result.tests,
    candidates: orderCandidates(result),
    consistent: result.consistent,
    runKey: input.recordKey ?? input.runKey,
    sha: input.sha ?? '',
    window: input.policy.window,
    convictedBefore: (id) => ruleState(snapshot.stats.get(id))?.reason.startsWith(ORDER_REASON) === true,
  });
  if (rerun.preset?.keepsOrder) {
    await contextRounds({
      input,
      preset: rerun.preset,
      options: presetOptions(rerun),
      env: stepEnv(rerun),
      result,
      deadline,
      dir,
      timeoutSec: rerun.timeoutSec,
      attemptsMax: rerun.attemptsMax,
      reverseRounds: Math.min(REVERSE_ROUNDS, rerun.attempts),
    });
  }
  if (result.rounds.length > 0) {
    const starts = startsIn(result.rounds);
    result.starts = starts;
    const context = starts - ordinary.starts;
    core.info(
      `Re-runs: ${ordinary.executions} execution${ordinary.executions === 1 ? '' : 's'} in ${ordinary.starts} start${ordinary.starts === 1 ? '' : 's'} of the re-run command${context > 0 ? `, and ${result.ran - ordinary.executions} in ${context} context start${context === 1 ? '' : 's'}` : ''}${(result.surplus ?? 0) > 0 ? ` (${result.surplus} ran after their test's verdict: no attempts)` : ''}.`,
    );
  }
  return { ...result, ...(note ? { note } : {}), ...(warnings.length > 0 ? { warnings } : {}) };
}

/**
 * A test qualified by its report's directory (ParsedTestCase.scope: another report of the run has its id, ADR 0410) is
 * not re-run: a round runs in the workspace and its one report would give both reports' tests one id again, so no
 * answer could be told to be this test's rather than the other report's. Its failure stands, as an unanswered one.
 */
function setAsideScoped(cases: readonly RerunCase[]): void {
  const scoped = cases.filter((c) => c.test.scope !== undefined);
  for (const c of scoped) {
    setAside(c, `its id is in more than one report of this run (${c.test.scope}), and a re-run's one report could not tell which report's test answered (docs/test-ids.md, "Ids across reports")`);
  }
  const failed = scoped.filter((c) => c.kind === 'failed');
  if (failed.length === 0) return;
  const more = failed.length > 1 ? ` (and ${failed.length - 1} more test${failed.length === 2 ? '' : 's'})` : '';
  core.warning(commandText(`Re-runs: '${failed[0]!.test.id}'${more} could not be re-run: ${failed[0]!.why}.`, 1000), { title: 'flakeguard re-runs' });
}

/**
 * Context rounds at most for a test that failed every re-run alone (the reverse case): they change no verdict, only
 * say why it fails alone, so they are few (docs/adr/0297-reverse-case.md).
 */
export const REVERSE_ROUNDS = 2;

/** A test asked for in a context or bisection round: a case of its own, never merged into the run's cases. */
function probeCase(test: ParsedTestCase): RerunCase {
  return { test, historyId: test.id, kind: 'extra', extraRuns: 1, isNew: false, counts: NO_HISTORY, maxReruns: 0, reruns: [], asked: 1, rounds: 0 };
}

/**
 * Context rounds and the polluter's bisection (src/rerun/context-rounds.ts, docs/rerun.md "Context rounds"), after the
 * ordinary rounds, for presets that keep a file's order. Their executions are a different experiment from the test's
 * attempts: they are counted in the cost and shown, never merged into the test's attempts (docs/adr/0295).
 */
async function contextRounds(o: {
  input: RerunStepInput;
  preset: RerunPreset;
  /** The original run's extra arguments, as the ordinary rounds pass them. */
  options: PresetOptions;
  /** The environment the ordinary rounds ran in. */
  env: NodeJS.ProcessEnv;
  result: RerunResult;
  deadline: number;
  dir: string;
  timeoutSec: number;
  attemptsMax: number;
  reverseRounds: number;
}): Promise<void> {
  const { input, result } = o;
  const tracks: ContextTrack[] = [];
  for (const c of result.cases) {
    const direction = contextDirection(c);
    if (direction === undefined) continue;
    // An order suspect is re-run after the tests that preceded it in the run (docs/adr/0430); the others after those
    // of its file (docs/adr/0295).
    const suspect = direction === 'forward' && result.orderSuspects.has(c.historyId);
    const earlier = suspect ? earlierInRun(input.tests, c.test) : earlierInFile(input.tests, c.test);
    if (earlier.length === 0) continue;
    tracks.push({ test: c.test, historyId: c.historyId, direction, earlier, scope: suspect ? 'run' : 'file', inContext: [], alone: [], probes: 0 });
  }
  if (tracks.length === 0) return;
  // The forward candidates share the implausibility threshold (Bonferroni): as many, suspects first, then in the order
  // of the cases, as can be judged within rerun-attempts-max pairs each; the others stay proven flaky (a suspect left
  // out is judged by its streak), and the log says so.
  const forward = tracks.filter((t) => t.direction === 'forward').sort((a, b) => Number(b.scope === 'run') - Number(a.scope === 'run'));
  let taken = forward.length;
  while (taken > 0 && pairsNeeded(taken) > o.attemptsMax) taken--;
  const pairs = pairsNeeded(Math.max(1, taken));
  const left = new Set(forward.slice(taken));
  // One invocation: `tests` in this order, `repeat` times (a preset that repeats: RerunPreset.repeats); whether `target`
  // failed, each execution in order, or undefined when the round could not answer.
  const invokeAll = async (label: string, run: readonly ParsedTestCase[], target: ParsedTestCase, repeat = 1): Promise<boolean[] | undefined> => {
    const left = o.deadline - Date.now();
    if (left <= 0) return undefined;
    const round = result.rounds.length + 1;
    const asked = run.map(probeCase);
    const answer = await core.group(`Context round ${round}: ${label}`, async () => {
      for (const c of asked.slice(0, 50)) core.info(logText(`  ${c.test.id}`, 1000));
      if (asked.length > 50) core.info(`  … and ${asked.length - 50} more`);
      const a = await runPart({
        round,
        cases: asked,
        command: o.preset,
        options: o.options,
        repeat,
        workspace: input.workspace,
        dir: o.dir,
        timeoutMs: left,
        env: o.env,
        log: (line) => core.info(logText(line, 2000)),
        logCommand: (line) => core.info(logText(line, 600_000)),
        readReport: (path) => readRoundReport(path, input.workspace, { repeated: repeat > 1 }),
      });
      core.info(a.ok ? `Context round ${round}: report read (${a.seconds}s).` : logText(`Context round ${round} voided: ${a.why} (${a.seconds}s).`, 1000));
      return a;
    });
    const log: RoundLog = { round, tests: asked.length, seconds: answer.seconds, ignored: 0, ran: answer.ok ? ranIn(answer) : 0, context: label };
    if (!answer.ok) log.voided = answer.why;
    result.rounds.push(log);
    result.ran += log.ran;
    result.seconds += answer.seconds;
    if (!answer.ok) return undefined;
    const key = answerKey(target);
    const executions = (answer.executions?.get(key) ?? [answer.attempts.get(key) ?? []]).map((e) => e.filter((a) => a.status !== 'skipped')).filter((e) => e.length > 0);
    return executions.length === 0 ? undefined : executions.map((e) => e.some((a) => isFailure(a.status)));
  };
  const invoke = async (label: string, run: readonly ParsedTestCase[], target: ParsedTestCase): Promise<boolean | undefined> => (await invokeAll(label, run, target))?.[0];
  const caseOf = new Map(result.cases.map((c) => [c.historyId, c]));
  for (const t of tracks) {
    const who = `'${t.test.id}'`;
    if (left.has(t)) t.verdict = 'undecided';
    const limit = t.direction === 'forward' ? pairs : o.reverseRounds;
    const folded = t.direction === 'reverse' && o.preset.repeats === true && limit > 1;
    if (folded) {
      // The reverse case's rounds change no verdict and need no fresh process each: one start runs its context
      // `limit` times, read execution by execution as the rounds were (docs/rerun.md, "Executions per start").
      const outcomes = await invokeAll(
        `${who} after the ${t.earlier.length} test${t.earlier.length === 1 ? '' : 's'} before it in ${t.scope === 'run' ? 'the run' : 'its file'}, ${limit} times`,
        [...t.earlier, t.test],
        t.test,
        limit,
      );
      for (const failed of outcomes ?? []) {
        if (t.verdict !== undefined && t.verdict !== 'fails-in-context') break;
        recordContext(t, pairs, { context: failed });
      }
    }
    for (let k = 0; k < limit && !folded && (t.verdict === undefined || t.verdict === 'fails-in-context'); k++) {
      let alone: boolean | undefined;
      if (t.direction === 'forward') {
        alone = await invoke(`${who} alone (pair ${k + 1} of ${pairs})`, [t.test], t.test);
        if (alone === undefined) break;
      }
      const inContext = await invoke(
        `${who} after the ${t.earlier.length} test${t.earlier.length === 1 ? '' : 's'} before it in ${t.scope === 'run' ? 'the run' : 'its file'}${t.direction === 'forward' ? ` (pair ${k + 1} of ${pairs})` : ''}`,
        [...t.earlier, t.test],
        t.test,
      );
      if (inContext === undefined) break;
      recordContext(t, pairs, { ...(alone !== undefined ? { alone } : {}), context: inContext });
    }
    if (t.verdict === 'order-dependent') {
      for (let probe = nextProbe(t); probe !== undefined; probe = nextProbe(t)) {
        const failed = await invoke(`bisection: ${who} after ${probe.length} of the tests before it`, [...probe, t.test], t.test);
        if (failed === undefined) {
          t.suspects = [];
          break;
        }
        recordProbe(t, probe, failed);
      }
      const sentence = orderSentence(t);
      const c = caseOf.get(t.historyId);
      if (c) {
        c.verdict = 'consistent';
        c.why = sentence;
        // Its passes alone proved the verdict; they are not attempts of the run, which it failed (docs/adr/0295):
        // the run's result keeps its own attempts, so its failure blocks and its history does not read as flaky.
        result.tests = result.tests.map((x) => (x.id === c.test.id && x.report === c.test.report ? c.test : x));
      }
      result.orderDependent.set(t.historyId, sentence);
      result.consistent.set(t.historyId, sentence);
      result.provenFlaky = result.provenFlaky.filter((id) => id !== t.historyId);
      result.newFlaky = result.newFlaky.filter((id) => id !== t.historyId);
      core.info(logText(`Context rounds: ${who} ${sentence}.`, 2000));
    } else if (t.verdict === 'needs-earlier') {
      const c = caseOf.get(t.historyId);
      if (c && t.sentence !== undefined) c.context = t.sentence;
      if (c && t.direction === 'extra') {
        // It passed in the run and passes after the tests before it: its extra executions failed only alone, which is
        // no evidence of flakiness. They are not merged into its attempts (the history does not read "passed on retry").
        c.verdict = 'clean';
        result.tests = result.tests.map((x) => (x.id === c.test.id && x.report === c.test.report ? c.test : x));
        result.newFlaky = result.newFlaky.filter((id) => id !== t.historyId);
      }
      core.info(logText(`Context rounds: ${who} ${t.sentence}.`, 2000));
    } else if (t.scope === 'run' && t.verdict === 'flaky-in-context') {
      // The experiment disagrees with the streak: the re-run's proof of flakiness stands (docs/adr/0430).
      result.orderCleared.add(t.historyId);
      const why = t.alone.some((f) => f) ? 'it failed alone too' : 'it passed after the tests before it in the run';
      core.info(
        logText(`Context rounds: ${who} failed run after run inside the full run and passed alone, but ${why}: its failures are flakiness, not another test's state; it stays proven flaky.`, 2000),
      );
    } else if (t.direction === 'forward' && t.verdict !== 'flaky-in-context') {
      core.info(
        logText(
          `Context rounds: ${who} could not be told order-dependent from flaky (${o.deadline <= Date.now() ? `rerun-timeout (${o.timeoutSec}s) ran out` : left.has(t) ? `only ${taken} test${taken === 1 ? '' : 's'} can be judged within rerun-attempts-max (${o.attemptsMax}) pairs each` : 'a round did not answer'}); ${t.scope === 'run' ? 'its streak inside the full run decides' : 'it stays proven flaky'}.`,
          2000,
        ),
      );
    }
  }
}

/**
 * The round's cases in invocations whose command lines fit the operating system's limits (src/rerun/fit.ts). Only a
 * preset puts tests on its command line; a custom command gets them in a file, so its round is one invocation. The
 * commands are sized with a report path at least as long as any part's.
 */
function fitRound(rerun: RerunInputs, cases: RerunCase[], dir: string, round: number, repeat = 1): Fitted<RerunCase> {
  const preset = rerun.preset;
  if (preset === undefined) return { parts: [cases], unfit: [] };
  const sizing = join(dir, `part-${cases.length}`, `round-${round}`, 'report.xml');
  const options = repeat > 1 ? { ...presetOptions(rerun), repeat } : presetOptions(rerun);
  const fitted = fitSelection(cases, (part) =>
    preset.commands(
      part.map((c) => rerunTestOf(c.test)),
      sizing,
      round,
      options,
    ),
  );
  return {
    parts: fitted.parts,
    unfit: fitted.unfit.map((u) => ({
      item: u.item,
      why: `its command line is ${u.why}, so the ${preset.name} preset cannot re-run it (a custom command gets the tests in a file: docs/rerun.md)`,
    })),
  };
}

/**
 * One invocation of a round. The kernel refuses a command line over its limits (E2BIG) when the environment leaves
 * less room than src/rerun/fit.ts assumes (the environment counts in the same limit): the invocation, and so the
 * round, is voided with that reason, never an unexpected error.
 */
async function runPart(request: Parameters<typeof runRound>[0]): Promise<RoundAnswer> {
  const started = Date.now();
  try {
    return await runRound(request);
  } catch (error) {
    if ((error as NodeJS.ErrnoException | undefined)?.code !== 'E2BIG') throw error;
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    return {
      ok: false,
      why: `the operating system refused its command line (E2BIG): with the environment (${environmentBytes(rerunEnv(request.env)).toLocaleString('en-US')} bytes) its arguments are over the system's limit`,
      seconds,
    };
  }
}

/** The bytes the environment takes on a command line (each `NAME=value` with its NUL, and its pointer). */
function environmentBytes(env: NodeJS.ProcessEnv): number {
  let total = 0;
  for (const [name, value] of Object.entries(env)) if (value !== undefined) total += Buffer.byteLength(`${name}=${value}`) + 9;
  return total;
}

/** The step's environment, with the variables the script `rerun: auto` read sets (`TZ=UTC jest`). */
function stepEnv(rerun: RerunInputs): NodeJS.ProcessEnv {
  return rerun.env ? { ...process.env, ...rerun.env } : process.env;
}

/**
 * Whether a case has a twin in the run (docs/test-ids.md): a test of the same report, classname and runner title.
 * Its executions in a repeated start could not be told from its twin's, so it is asked once a start (roundGroups).
 */
function twinnedIn(tests: readonly ParsedTestCase[]): (c: RerunCase) => boolean {
  const key = (t: ParsedTestCase): string => JSON.stringify([t.report, t.classname, t.suite, runnerTitle(t)]);
  const keys = new Set(tests.filter((t) => t.twin !== undefined && t.twin > 1).map(key));
  return (c) => keys.size > 0 && keys.has(key(c.test));
}

/**
 * The executions per test a start of these cases may ask for within the time left: half of it over the time one
 * execution of them all took in the run (their last attempts' durations), so that a start that runs long leaves time
 * for another; unbounded when the reports give no durations.
 */
function executionsThatFit(cases: readonly RerunCase[], leftMs: number): number {
  let total = 0;
  for (const c of cases) {
    const d = c.test.attempts[c.test.attempts.length - 1]?.durationSec;
    if (typeof d === 'number' && Number.isFinite(d) && d > 0) total += d;
  }
  return total > 0 ? Math.max(1, Math.floor(leftMs / 2000 / total)) : Number.MAX_SAFE_INTEGER;
}

function presetOptions(rerun: RerunInputs): PresetOptions {
  return rerun.args ? { args: rerun.args } : {};
}

function startEmpty(rerun: RerunInputs) {
  return startRerun({
    failed: [],
    extras: [],
    tests: [],
    history: new Map(),
    historyId: (id) => id,
    newTests: new Set(),
    window: 1,
    rule: { minReruns: rerun.attempts, maxReruns: rerun.attemptsMax },
  });
}
