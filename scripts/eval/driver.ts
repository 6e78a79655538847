/**
 * Drives the real pipeline through a simulated world, run after run, in-process: `run(env)` of
 * src/action/run.ts (the action's entry) with a per-run environment (INPUT_*, GITHUB_*), the reports written
 * into a workspace, a YAML config file (input `config`) carrying the policy under test, and a local bare
 * repository as the data branch's remote (input `data-remote`). Every run fetches, applies and pushes the data
 * branch with git, exactly as on a runner.
 *
 * A second engine, `drivePure`, applies the same runs with the pipeline's pure core only (parse the same report
 * files, applyRun on the snapshot parsed from the files the previous run wrote, no git, no publishing): the same
 * decisions, 4–5 times faster, for policy sweeps and full-length histories. test/eval/engines.test.ts and
 * `npm run eval -- --check` compare the two run by run.
 *
 * @actions/core writes to process.stdout and reads GITHUB_OUTPUT / GITHUB_STEP_SUMMARY from process.env, and
 * setFailed sets process.exitCode: the driver silences stdout during a run, points those two variables at its
 * own files, and resets the exit code afterwards. One simulation per process at a time.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { run as runAction } from '../../src/action/run.ts';
import { applyRun, testSeconds } from '../../src/pipeline/apply.ts';
import { loadFileConfig } from '../../src/config/file.ts';
import { inputsFromEnv, readInputs } from '../../src/config/inputs.ts';
import { contextFromEnv, isOnDefaultBranch, runIdentity, runUrl } from '../../src/config/context.ts';
import { parseReportFiles } from '../../src/junit/index.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';
import { cellOf } from '../../src/pipeline/job.ts';
import type { RunContext } from '../../src/model.ts';
import type { PolicyOptions } from '../../src/policy/quarantine.ts';
import type { RetentionOptions } from '../../src/history/merge.ts';
import { parseOutputFile } from '../../test/support/action.ts';
import { contextRound, execute, renderReports, rerunDraw, rerunRound, type Execution, type SimWorld } from './world.ts';
import { failureProbability, ISSUE_SETTINGS, rerunLoop, type RerunSettings, type Verdict } from './rerun-model.ts';
import { RERUN_COMMAND_SCRIPT, type RerunState } from './rerun-command.ts';
import type { Attempt, ParsedTestCase } from '../../src/model.ts';
import { answerKey, blockingStreaks, orderCandidates, finishRerun, recordRound, roundCases, roundGroups, startRerun, type RerunResult } from '../../src/rerun/plan.ts';
import { RERUN_DEFAULTS } from '../../src/rerun/rerun-inputs.ts';
import { plannedExtras, quarantinedIfExhausted } from '../../src/pipeline/rerun.ts';
import { ORDER_REASON, orderSuspects } from '../../src/rerun/order.ts';
import { ruleState } from '../../src/policy/hand-edits.ts';
import { earlierInRun, orderSentence, pairsNeeded, recordContext, type ContextTrack } from '../../src/rerun/context-rounds.ts';
import { findOutages } from '../../src/policy/outage.ts';
import { finalAttemptFailed } from '../../src/policy/outcome.ts';
import type { Snapshot } from '../../src/store/snapshot.ts';
import type { PolicyOptions as Policy } from '../../src/policy/quarantine.ts';

export interface DriveOptions {
  policy?: Partial<PolicyOptions>;
  /**
   * The pure engine's re-runs (core) leave out the order suspects' context rounds (docs/adr/0430), as the action
   * engine's custom command does (it keeps no order): for comparing the two engines (`--check`). Default: the pure
   * engine runs them, as a preset that keeps the run's order would.
   */
  noContext?: boolean;
  retention?: Partial<RetentionOptions>;
  /** Re-runs of one workflow run at most (attempts 2..1+maxReruns). */
  maxReruns?: number;
  /**
   * Re-run failed tests inside the step (issue #14): the real action gets input `rerun` set to the world's command
   * (rerun-command.ts) and the settings as inputs; the pure engine runs the same rounds through the re-run model.
   * Undefined: no re-runs (the step as before).
   */
  rerun?: Partial<RerunSettings>;
  /**
   * What decides the pure engine's re-runs: `core` (default) the action's own pure functions (src/rerun/plan.ts,
   * stopping.ts, applyRun's re-run verdicts: the same decisions as the real action, see --check); `model` the
   * simulator's re-run model (rerun-model.ts), whose estimator of p and threshold can be varied (`p=…`).
   */
  rerunEngine?: 'core' | 'model';
  /**
   * Experiment on top of the core (pure engine only): a quarantined test whose re-runs ran out while plausible
   * blocks when its previous run failed every attempt too. Not the action's rule; `--persistent-blocks`.
   */
  persistentBlocks?: boolean;
  /** Called after each invocation, e.g. for progress. */
  onInvocation?: (inv: Invocation, done: number) => void;
  /** Pure engine: called with the data branch's files after each write (scripts/eval/cost.ts reads the last). */
  onFiles?: (files: ReadonlyMap<string, string>) => void;
}

/** One execution of the action: one job attempt. */
export interface Invocation {
  execution: Execution;
  outcome: 'success' | 'failure';
  /** Quarantined tests after this invocation (output `quarantined-tests`). */
  quarantined: string[];
  failedTests: number;
  forgiven: number;
  blocking: number;
  ms: number;
  /** What the re-runs of this step did and cost (undefined without re-runs). */
  rerun?: RerunCost;
  /** Pure engine with the core's re-runs: each failed test of the suite, what its re-runs said and why it blocked. */
  failures?: FailureDetail[];
  /** Pure engine: tests whose failure this run forgave (quarantined); with the core's re-runs, tests proven flaky
   * (a re-run passed) and tests called order-dependent. */
  forgivenIds?: string[];
  provenFlaky?: string[];
  orderDependent?: string[];
}

/** One failed test of an invocation (pure engine, core re-runs), for diagnosis (scripts/eval/rerun-diagnose.ts). */
export interface FailureDetail {
  id: string;
  /** The re-run verdict; undefined when it was not re-run (outage, too many failed). */
  verdict?: string;
  /** The history counts the stopping rule used. */
  counts?: { failures: number; passes: number; againFailures: number; againPasses: number };
  /** The suite's attempts then the re-runs, P/F. */
  attempts: string;
  /** 'forgiven', 'passed' (a re-run passed), or why it blocked: 'not-quarantined', or the unforgiven reason. */
  result: string;
}

export interface RerunCost {
  rounds: number;
  /** Processes started (a round of the step's core may start several: src/rerun/plan.ts roundGroups); absent: rounds. */
  starts?: number;
  /** Test executions in all rounds. */
  executions: number;
  /** Sum of the re-run tests' durations, s (the world's durations; no runner start-up). */
  seconds: number;
  /** Tests proven flaky (passed on a re-run), failing consistently, attempts exhausted, not re-run (too many failed). */
  proven: number;
  consistent: number;
  exhausted: number;
  notRerun: number;
  /** Pure engine: the tests judged consistent, with the p the rule used and their re-run attempts. */
  consistentTests?: Array<{ id: string; p: number; attempts: string }>;
  /** Core engine: the tests whose re-runs ran out while the streak was plausible, with their history's counts. */
  exhaustedTests?: Array<{ id: string; failures: number; passes: number; againFailures: number; againPasses: number; attempts: string }>;
}

export interface Trace {
  world: SimWorld;
  invocations: Invocation[];
  /** Wall time of the whole simulation, ms. */
  ms: number;
}

const KEY_OF: Record<Exclude<keyof PolicyOptions, 'rules' | 'quarantine'>, string> = {
  enterSameCommitFlips: 'enter-same-commit-flips',
  enterFailureEpisodes: 'enter-failure-episodes',
  window: 'window',
  breakageStreak: 'breakage-streak',
  releaseAfterCleanRuns: 'release-after-clean-runs',
  forgive: 'forgive',
  outageMinTests: 'outage-min-tests',
  outagePercent: 'outage-percent',
  rule: 'rule',
};
const RETENTION_KEY_OF: Record<keyof RetentionOptions, string> = { maxRuns: 'max-runs', maxAgeDays: 'max-age-days' };

/**
 * The simulated owners for `policy.quarantine` (pure engine): a test of module m is owned by `@acme/m<m>`, except
 * module 0's, which have no owner (so that owner-required-after-days has tests to act on).
 */
export function simOwners(test: { classname: string }): string[] {
  const m = /^com\.acme\.m(\d+)\./.exec(test.classname)?.[1];
  return m === undefined || m === '0' ? [] : [`@acme/m${m}`];
}

/** The YAML config file (input `config`) for a policy and retention. */
export function configYaml(policy: Partial<PolicyOptions> = {}, retention: Partial<RetentionOptions> = {}): string {
  const lines: string[] = [];
  const r = Object.entries(retention).filter(([, v]) => v !== undefined);
  if (r.length > 0) lines.push('history:', ...r.map(([k, v]) => `  ${RETENTION_KEY_OF[k as keyof RetentionOptions]}: ${v}`));
  const p = Object.entries(policy).filter(([k, v]) => v !== undefined && k !== 'rules' && k !== 'quarantine');
  const q = policy.quarantine;
  const quarantine = q
    ? [
        ...(q.maxPerOwner !== undefined ? [`max-per-owner: ${q.maxPerOwner}`] : []),
        ...(q.caps && Object.keys(q.caps).length > 0 ? [`caps: ${JSON.stringify(q.caps)}`] : []),
        ...(q.ownerRequiredAfterDays !== undefined ? [`owner-required-after-days: ${q.ownerRequiredAfterDays}`] : []),
        ...(q.expireAfterDays !== undefined ? [`expire-after-days: ${q.expireAfterDays}`] : []),
        ...(q.onExpiry !== undefined ? [`on-expiry: ${q.onExpiry}`] : []),
      ]
    : [];
  if (p.length > 0 || quarantine.length > 0)
    lines.push(
      'policy:',
      ...p.map(([k, v]) => `  ${KEY_OF[k as Exclude<keyof PolicyOptions, 'rules' | 'quarantine'>]}: ${v}`),
      ...(quarantine.length > 0 ? ['  quarantine:', ...quarantine.map((l) => `    ${l}`)] : []),
    );
  return lines.join('\n') + '\n';
}

function git(cwd: string, args: string[]): void {
  execFileSync('git', args, { cwd, stdio: 'ignore' });
}

/** Runs `fn` with process.stdout captured (kept only to explain a run that stops early). */
async function silently(fn: () => Promise<void>): Promise<string> {
  const write = process.stdout.write;
  let log = '';
  process.stdout.write = ((chunk: string | Uint8Array): boolean => {
    log = (log + (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString())).slice(-4000);
    return true;
  }) as typeof process.stdout.write;
  try {
    await fn();
  } finally {
    process.stdout.write = write;
  }
  return log;
}

const REPOSITORY = 'acme/shop';
const CONFIG_PATH = '.github/flakeguard.yml';

/** A scratch folder: a workspace for the reports, a runner folder, and a bare repository for the data branch. */
interface Sandbox {
  root: string;
  workspace: string;
  remote: string;
  runnerTemp: string;
  outputFile: string;
  summaryFile: string;
  eventFile: string;
  /** The re-run command's state file and its log of rounds. */
  rerunState: string;
  rerunLog: string;
}

function sandbox(options: DriveOptions): Sandbox {
  // git and the reports are faster on a RAM disk when there is one.
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const root = mkdtempSync(join(base, 'flakeguard-eval-'));
  const box: Sandbox = {
    root,
    workspace: join(root, 'workspace'),
    remote: join(root, 'data.git'),
    runnerTemp: join(root, 'runner', 'temp'),
    outputFile: join(root, 'runner', 'output'),
    summaryFile: join(root, 'runner', 'summary'),
    eventFile: join(root, 'runner', 'event.json'),
    rerunState: join(root, 'runner', 'rerun-state.json'),
    rerunLog: join(root, 'runner', 'rerun-log.jsonl'),
  };
  mkdirSync(join(box.workspace, '.github'), { recursive: true });
  mkdirSync(box.runnerTemp, { recursive: true });
  writeFileSync(join(box.workspace, CONFIG_PATH), configYaml(options.policy, options.retention));
  return box;
}

/** Writes the execution's reports and event payload; returns the step's environment. */
/** Inputs that turn on the step's re-runs with the world's command (the contract of issue #14). */
function rerunInputs(world: SimWorld, box: Sandbox, execution: Execution, rerun: Partial<RerunSettings>): NodeJS.ProcessEnv {
  const state: RerunState = { scenario: world.scenario, seed: world.seed, endTime: world.endTime, run: execution.run.index, attempt: execution.attempt, log: box.rerunLog };
  writeFileSync(box.rerunState, JSON.stringify(state));
  writeFileSync(box.rerunLog, '');
  const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  // Only what was asked for: otherwise the action's own defaults apply, as for a user.
  return {
    INPUT_RERUN: `${q(process.execPath)} ${q(RERUN_COMMAND_SCRIPT)} ${q(box.rerunState)}`,
    ...(rerun.attempts !== undefined ? { 'INPUT_RERUN-ATTEMPTS': String(rerun.attempts) } : {}),
    ...(rerun.attemptsMax !== undefined ? { 'INPUT_RERUN-ATTEMPTS-MAX': String(rerun.attemptsMax) } : {}),
    ...(rerun.maxTests !== undefined ? { 'INPUT_RERUN-MAX-TESTS': String(rerun.maxTests) } : {}),
    ...(rerun.budget !== undefined ? { 'INPUT_RERUN-BUDGET': String(rerun.budget) } : {}),
  };
}

function prepare(world: SimWorld, box: Sandbox, execution: Execution): NodeJS.ProcessEnv {
  const simRun = execution.run;
  rmSync(join(box.workspace, 'reports'), { recursive: true, force: true });
  for (const [path, xml] of renderReports(world, execution)) {
    mkdirSync(dirname(join(box.workspace, path)), { recursive: true });
    writeFileSync(join(box.workspace, path), xml);
  }
  const pr = simRun.kind === 'pr';
  const event: Record<string, unknown> = { repository: { default_branch: 'main', full_name: REPOSITORY } };
  if (pr) event.pull_request = { number: simRun.pr, head: { repo: { full_name: REPOSITORY } } };
  writeFileSync(box.eventFile, JSON.stringify(event));
  writeFileSync(box.outputFile, '');
  writeFileSync(box.summaryFile, '');
  const anyFailed = execution.results.some((r) => r.failed);
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: box.workspace,
    GITHUB_REPOSITORY: REPOSITORY,
    GITHUB_REPOSITORY_OWNER: 'acme',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'http://127.0.0.1:9',
    GITHUB_RUN_ID: String(simRun.runId),
    GITHUB_RUN_ATTEMPT: String(execution.attempt),
    GITHUB_RUN_NUMBER: String(simRun.index + 1),
    GITHUB_JOB: 'test',
    GITHUB_WORKFLOW: 'CI',
    GITHUB_ACTION: 'flakeguard',
    GITHUB_EVENT_NAME: pr ? 'pull_request' : 'push',
    GITHUB_EVENT_PATH: box.eventFile,
    GITHUB_SHA: simRun.sha,
    GITHUB_REF: pr ? `refs/pull/${simRun.pr}/merge` : 'refs/heads/main',
    GITHUB_REF_NAME: pr ? `${simRun.pr}/merge` : 'main',
    GITHUB_OUTPUT: box.outputFile,
    GITHUB_STEP_SUMMARY: box.summaryFile,
    RUNNER_TEMP: box.runnerTemp,
    RUNNER_OS: 'Linux',
    INPUT_REPORTS: 'reports/**/*.xml',
    INPUT_TOKEN: '',
    'INPUT_CHECK-RUN': 'false',
    // What the test step's outcome would be: failed when a test's final attempt failed.
    'INPUT_TEST-OUTCOME': anyFailed ? 'failure' : 'success',
    'INPUT_DATA-REMOTE': box.remote,
    INPUT_CONFIG: CONFIG_PATH,
  };
}

type Step = (execution: Execution, env: NodeJS.ProcessEnv) => Promise<Omit<Invocation, 'execution' | 'ms'>>;

/** The re-run cost the real action's step spent, from the world command's log. */
function costFromLog(box: Sandbox, outputs: Record<string, string>): RerunCost {
  const lines = readFileSync(box.rerunLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { ran: number; seconds: number });
  const count = (name: string): number => {
    const v = outputs[name];
    if (!v) return 0;
    try {
      const x = JSON.parse(v) as unknown;
      return Array.isArray(x) ? x.length : Number(x) || 0;
    } catch {
      return 0;
    }
  };
  return {
    rounds: lines.length,
    executions: lines.reduce((n, l) => n + l.ran, 0),
    seconds: lines.reduce((n, l) => n + l.seconds, 0),
    proven: count('proven-flaky'),
    consistent: count('consistent-failures'),
    exhausted: 0,
    notRerun: 0,
  };
}

async function simulate(world: SimWorld, options: DriveOptions, box: Sandbox, step: Step): Promise<Trace> {
  const started = Date.now();
  const maxReruns = options.maxReruns ?? 1;
  const invocations: Invocation[] = [];
  for (const simRun of world.runs) {
    for (let attempt = 1; attempt <= 1 + maxReruns; attempt++) {
      const execution = execute(world, simRun, attempt);
      const env = prepare(world, box, execution);
      if (options.rerun) Object.assign(env, rerunInputs(world, box, execution, options.rerun));
      const t0 = performance.now();
      const result = await step(execution, env);
      const inv: Invocation = { execution, ...result, ms: performance.now() - t0 };
      invocations.push(inv);
      options.onInvocation?.(inv, invocations.length);
      // A red workflow run is re-run on the same commit, sometimes.
      if (inv.outcome === 'success' || rerunDraw(world, simRun, attempt) >= world.scenario.rerunChance) break;
    }
  }
  return { world, invocations, ms: Date.now() - started };
}

/** The tests output `consistent-failures-json` lists as order-dependent. */
function orderDependentOf(json: string | undefined): string[] {
  if (!json) return [];
  const list = JSON.parse(json) as Array<{ id: string; verdict: string }>;
  return list.filter((b) => b.verdict === 'order-dependent').map((b) => b.id);
}

/** The real action, in-process: `run(env)` of src/action/run.ts, with git and a bare repository. */
export async function drive(world: SimWorld, options: DriveOptions = {}): Promise<Trace> {
  const box = sandbox(options);
  git(box.root, ['init', '-q', '--bare', '-b', 'main', box.remote]);
  const saved = { output: process.env.GITHUB_OUTPUT, summary: process.env.GITHUB_STEP_SUMMARY };
  process.env.GITHUB_OUTPUT = box.outputFile;
  process.env.GITHUB_STEP_SUMMARY = box.summaryFile;
  try {
    return await simulate(world, options, box, async (execution, env) => {
      const log = await silently(() => runAction(env));
      process.exitCode = undefined;
      const outputs = parseOutputFile(readFileSync(box.outputFile, 'utf8'));
      if (!outputs['quarantined-tests'] || (outputs.outcome !== 'success' && outputs.outcome !== 'failure')) {
        throw new Error(`run ${execution.run.index} attempt ${execution.attempt}: the action stopped early:\n${log.slice(-2000)}`);
      }
      return {
        outcome: outputs.outcome,
        quarantined: JSON.parse(outputs['quarantined-tests']) as string[],
        failedTests: Number(outputs['failed-tests']),
        forgiven: Number(outputs['quarantined-failures']),
        blocking: Number(outputs['blocking-failures']),
        ...(options.rerun ? { rerun: costFromLog(box, outputs), orderDependent: orderDependentOf(outputs['consistent-failures-json']) } : {}),
      };
    });
  } finally {
    if (saved.output === undefined) delete process.env.GITHUB_OUTPUT;
    else process.env.GITHUB_OUTPUT = saved.output;
    if (saved.summary === undefined) delete process.env.GITHUB_STEP_SUMMARY;
    else process.env.GITHUB_STEP_SUMMARY = saved.summary;
    rmSync(box.root, { recursive: true, force: true });
  }
}

/**
 * The pipeline's pure core on the same inputs: the inputs, context and config read from the same environment and
 * YAML file, the same report files parsed, applyRun on the snapshot parsed from the previous run's files.
 * No git, no job summary, no score columns (they do not enter decisions).
 */
export async function drivePure(world: SimWorld, options: DriveOptions = {}): Promise<Trace> {
  const box = sandbox(options);
  let files = new Map<string, string>();
  try {
    return await simulate(world, options, box, async (execution, env) => {
      const inputs = readInputs(inputsFromEnv(env));
      const ctx = contextFromEnv(env);
      const config = await loadFileConfig(resolve(ctx.workspace, inputs.configPath));
      const paths = readdirSync(join(ctx.workspace, 'reports'))
        .filter((f) => f.endsWith('.xml'))
        .map((f) => join(ctx.workspace, 'reports', f))
        .sort();
      const reports = await parseReportFiles(paths, { workspace: ctx.workspace });
      // With policy.quarantine (its rules count days) the step's clock is the simulated one: the run's own time.
      const simulated = options.policy?.quarantine !== undefined;
      const wall = Date.now();
      const time = reports.timestamp ? Date.parse(reports.timestamp) : wall;
      const now = simulated && Number.isFinite(time) ? time : wall;
      const applyOptions = { ...config, normalise: normalizeErrorMessage, ...(simulated ? { ownersOf: simOwners } : {}) };
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
        ...cellOf(inputs.jobKey, ctx.runnerOs),
      };
      const snapshot = parseSnapshot(files);
      if (options.rerun && (options.rerunEngine ?? 'core') === 'core') {
        const failedBeforeReruns = reports.tests.filter(finalAttemptFailed).length;
        const reportSec = testSeconds(reports.tests);
        const r = rerunWithCore(
          world,
          execution,
          reports.tests,
          snapshot,
          config.policy,
          runContext,
          now,
          {
            ...ISSUE_SETTINGS,
            attempts: RERUN_DEFAULTS.attempts,
            attemptsMax: RERUN_DEFAULTS.attemptsMax,
            maxTests: RERUN_DEFAULTS.maxTests,
            ...options.rerun,
          },
          options.noContext !== true,
        );
        reports.tests = r.tests;
        const result = applyRun(
          {
            snapshot,
            reports,
            filesMatched: paths.length,
            testOutcome: inputs.testOutcome,
            run: runContext,
            now,
            rerun: {
              consistent: blockingStreaks(r),
              newFlaky: r.newFlaky,
              newTestsBlock: false,
              failedBeforeReruns,
              // runs.json's figures (docs/data-branch.md): the world's durations stand for the measured seconds.
              reportSec,
              rerunSec: r.seconds,
              failedInRun: orderCandidates(r),
              orderDependent: r.orderDependent,
              orderSuspects: r.orderSuspects,
              orderCleared: r.orderCleared,
            },
          },
          applyOptions,
        );
        files = result.files;
        options.onFiles?.(files);
        const o = result.outcome;
        if (options.persistentBlocks) {
          // Experiment (not the action's rule): an exhausted test forgiven by its quarantine blocks when its previous
          // run failed every attempt too: a failure that persists across runs is no burst.
          const exhausted = new Set(r.cases.filter((c) => c.verdict === 'exhausted').map((c) => c.historyId));
          const persistent = o.forgiven.filter((t) => exhausted.has(t.id) && !/P/.test(snapshot.history.get(t.id)?.runs.at(-1)?.attempts ?? 'P')).length;
          if (persistent > 0)
            return {
              outcome: 'failure',
              quarantined: result.quarantined,
              failedTests: o.failed.length,
              forgiven: o.forgiven.length - persistent,
              blocking: o.blocking.length + persistent,
              rerun: costOfCore(world, r),
            };
        }
        return {
          outcome: o.result,
          quarantined: result.quarantined,
          failedTests: o.failed.length,
          forgiven: o.forgiven.length,
          blocking: o.blocking.length,
          rerun: costOfCore(world, r),
          failures: failureDetails(r, o),
          forgivenIds: o.forgiven.map((t) => t.id),
          provenFlaky: r.provenFlaky,
          orderDependent: [...result.orderDependent.keys()],
        };
      }
      const rerun = options.rerun ? rerunInPure(world, execution, reports, snapshot.history, { ...ISSUE_SETTINGS, ...options.rerun }) : undefined;
      // The test step failed because tests failed: with re-runs those failures are accounted for by the original
      // report even when every one of them passed on a re-run (the reports then show no final failure).
      const testOutcome = rerun && rerun.originallyFailed > 0 && inputs.testOutcome === 'failure' ? 'success' : inputs.testOutcome;
      const result = applyRun({ snapshot, reports, filesMatched: paths.length, testOutcome, run: runContext, now }, applyOptions);
      files = result.files;
      const o = result.outcome;
      // A streak implausible for a flaky test blocks, quarantined or not (issue #14, point 3).
      const consistentForgiven = rerun ? o.forgiven.filter((f) => rerun.verdicts.get(f.id) === 'consistent').length : 0;
      const outcome = o.result === 'success' && consistentForgiven > 0 ? 'failure' : o.result;
      return {
        outcome,
        quarantined: result.quarantined,
        failedTests: o.failed.length,
        forgiven: o.forgiven.length - consistentForgiven,
        blocking: o.blocking.length + consistentForgiven,
        forgivenIds: o.forgiven.filter((f) => rerun?.verdicts.get(f.id) !== 'consistent').map((t) => t.id),
        ...(rerun ? { rerun: rerun.cost, provenFlaky: [...rerun.verdicts].filter(([, v]) => v === 'passed').map(([id]) => id) } : {}),
      };
    });
  } finally {
    rmSync(box.root, { recursive: true, force: true });
  }
}

function failureDetails(r: RerunResult, o: { forgiven: ParsedTestCase[]; blocking: ParsedTestCase[]; unforgiven: Map<string, string> }): FailureDetail[] {
  const forgiven = new Set(o.forgiven.map((t) => t.id));
  const blocking = new Set(o.blocking.map((t) => t.id));
  const code = (a: Attempt): string => (a.status === 'passed' ? 'P' : a.status === 'skipped' ? 'S' : 'F');
  const out: FailureDetail[] = [];
  const cases = new Map(r.cases.map((c) => [c.test.id, c]));
  for (const t of r.tests) {
    const c = cases.get(t.id);
    const failedFirst = t.attempts.slice(0, t.attempts.length - (c?.reruns.length ?? 0)).some((a) => a.status !== 'passed' && a.status !== 'skipped');
    if (!c && !finalAttemptFailed(t)) continue;
    if (c && c.kind !== 'failed') continue;
    if (!failedFirst && !c) continue;
    const result = forgiven.has(t.id) ? 'forgiven' : blocking.has(t.id) ? (o.unforgiven.get(t.id) ?? 'not-quarantined') : 'passed';
    out.push({ id: t.id, ...(c ? { verdict: c.verdict, counts: { ...c.counts } } : {}), attempts: t.attempts.map(code).join(''), result });
  }
  return out;
}

/**
 * The action's re-run core on the world's answers, as src/pipeline/rerun.ts wires it (max-tests, outages left out,
 * the history read from the branch, rounds until none is left), with `s.budget` as rerun-budget (default 0: the
 * action's default). The world answers an extra execution of a passing test as it answers any re-run.
 */
function rerunWithCore(
  world: SimWorld,
  execution: Execution,
  tests: ParsedTestCase[],
  snapshot: Snapshot,
  policy: Policy,
  run: RunContext,
  now: number,
  s: RerunSettings,
  context = true,
): RerunResult {
  const sha = run.sha;
  const failed = tests.filter(finalAttemptFailed);
  const budget = s.budget ?? 0;
  const rule = { minReruns: s.attempts, maxReruns: s.attemptsMax };
  const empty = () => startRerun({ failed: [], extras: [], tests: [], history: new Map(), historyId: (id) => id, newTests: new Set(), window: 1, rule });
  if (failed.length === 0 && budget === 0) return finishRerun(empty(), tests);
  if (failed.length > s.maxTests) return finishRerun(empty(), tests, `${failed.length} tests failed, more than rerun-max-tests`);
  const inOutage = new Set(findOutages(tests, normalizeErrorMessage, policy).flatMap((o) => o.tests));
  const toRerun = failed.filter((t) => !inOutage.has(t.id));
  const quarantined = quarantinedIfExhausted(snapshot, toRerun, (id) => id, sha, policy, normalizeErrorMessage, now, run.cell);
  // As the step plans them (src/pipeline/rerun.ts), with the action's seed: its run key and attempt.
  const { newTests, extras } = plannedExtras({
    tests,
    snapshot,
    historyId: (id) => id,
    isPullRequest: run.event === 'pull_request' || run.event === 'pull_request_target',
    budget,
    timeoutSec: RERUN_DEFAULTS.timeoutSec,
    reserved: toRerun.length * s.attempts,
    perTest: s.attemptsMax,
    window: policy.window,
    runKey: `${run.key}#${run.runAttempt}`,
    now,
    thresholded: policy.rules.scoring.thresholded,
  });
  const state = startRerun({ failed: toRerun, extras, tests, history: snapshot.history, historyId: (id) => id, newTests, window: policy.window, rule, ...quarantined });
  const byId = world.byId ?? new Map(world.tests.map((t) => [t.id, t]));
  for (;;) {
    const cases = roundCases(state);
    if (cases.length === 0) break;
    // As the step buys executions from a command that honours FLAKEGUARD_RERUN_REPEAT (src/pipeline/rerun.ts): each
    // start asks its tests several times. A test's j-th re-run answers as the world's round j, as one start per
    // re-run would have had it answered (every undecided test is in every round), so decisions are the same.
    const attempts = new Map<string, Attempt[]>();
    const executions = new Map<string, Attempt[][]>();
    let seconds = 0;
    const groups = roundGroups(cases, state.rule, { repeats: true });
    for (const group of groups) {
      for (const c of group.cases) {
        const key = answerKey(c.test);
        const duration = byId.get(c.test.id)?.duration ?? 0;
        for (let k = 0; k < group.repeat; k++) {
          const a = rerunRound(world, execution.run, execution.attempt, c.rounds + 1 + k, [c.test.id]).get(c.test.id);
          if (!a) continue;
          seconds += duration;
          const one: Attempt = a.code === 'P' ? { status: 'passed', durationSec: duration } : { status: a.code === 'E' ? 'error' : 'failed', message: a.message, type: a.type, durationSec: duration };
          attempts.set(key, [...(attempts.get(key) ?? []), one]);
          executions.set(key, [...(executions.get(key) ?? []), [one]]);
        }
      }
    }
    recordRound(state, cases, { ok: true, attempts, executions, seconds, starts: groups.length });
  }
  const result = finishRerun(state, tests);
  result.orderSuspects = orderSuspects({
    history: snapshot.history,
    cases: result.cases,
    tests: result.tests,
    candidates: orderCandidates(result),
    consistent: result.consistent,
    runKey: run.key,
    sha,
    window: policy.window,
    convictedBefore: (id) => ruleState(snapshot.stats.get(id))?.reason.startsWith(ORDER_REASON) === true,
  });
  if (context) suspectRounds(world, execution, tests, result, s.attemptsMax);
  return result;
}

/**
 * The order suspects' context rounds as src/pipeline/rerun.ts runs them with a preset that keeps the run's order
 * (docs/adr/0430): pairs of a round alone and a round after the tests that preceded the suspect in the run
 * (contextRound: a victim fails there when its polluter ran first in this run), until recordContext decides; the
 * convicted blocks, the cleared stays proven flaky, the undecided is judged by its streak in applyRun. The file-context
 * rounds of the other candidates (docs/adr/0295) and the bisection (it only names) are not modelled.
 */
function suspectRounds(world: SimWorld, execution: Execution, tests: readonly ParsedTestCase[], result: RerunResult, attemptsMax: number): void {
  const byId = world.byId ?? new Map(world.tests.map((t) => [t.id, t]));
  const tracks: ContextTrack[] = [];
  for (const c of result.cases) {
    if (c.kind !== 'failed' || c.verdict !== 'proven-flaky' || !result.orderSuspects.has(c.historyId)) continue;
    const earlier = earlierInRun(tests, c.test);
    if (earlier.length > 0) tracks.push({ test: c.test, historyId: c.historyId, direction: 'forward', earlier, scope: 'run', inContext: [], alone: [], probes: 0 });
  }
  let taken = tracks.length;
  while (taken > 0 && pairsNeeded(taken) > attemptsMax) taken--;
  const pairs = pairsNeeded(Math.max(1, taken));
  const failed = (a: { code: string } | undefined): boolean | undefined => (a === undefined ? undefined : a.code !== 'P');
  for (const t of tracks.slice(0, taken)) {
    const id = t.test.id;
    const duration = byId.get(id)?.duration ?? 0;
    for (let k = 0; k < pairs && t.verdict === undefined; k++) {
      const aloneRound = result.rounds.length + 1;
      const alone = failed(rerunRound(world, execution.run, execution.attempt, aloneRound, [id]).get(id));
      const inContext = failed(contextRound(world, execution.run, execution.attempt, aloneRound + 1, id));
      const contextSeconds = t.earlier.reduce((n, e) => n + (byId.get(e.id)?.duration ?? 0), duration);
      result.rounds.push({ round: aloneRound, tests: 1, seconds: duration, ignored: 0, ran: 1, context: 'alone' });
      result.rounds.push({ round: aloneRound + 1, tests: t.earlier.length + 1, seconds: contextSeconds, ignored: 0, ran: t.earlier.length + 1, context: 'in the run' });
      result.ran += t.earlier.length + 2;
      result.seconds += duration + contextSeconds;
      if (alone === undefined || inContext === undefined) break;
      recordContext(t, pairs, { alone, context: inContext });
    }
    if (t.verdict === 'order-dependent') {
      const sentence = orderSentence(t);
      const c = result.cases.find((x) => x.historyId === t.historyId)!;
      c.verdict = 'consistent';
      c.why = sentence;
      result.tests = result.tests.map((x) => (x.id === c.test.id && x.report === c.test.report ? c.test : x));
      result.orderDependent.set(t.historyId, sentence);
      result.consistent.set(t.historyId, sentence);
      result.provenFlaky = result.provenFlaky.filter((x) => x !== t.historyId);
      result.newFlaky = result.newFlaky.filter((x) => x !== t.historyId);
    } else if (t.verdict === 'flaky-in-context') result.orderCleared.add(t.historyId);
  }
}

function costOfCore(world: SimWorld, r: RerunResult): RerunCost {
  // An unreproduced failure (another message in every re-run, ADR 0436) is tallied by what the stopping rule said of
  // its streak, which decides its outcome.
  const n = (v: string): number => r.cases.filter((c) => c.verdict === v || (c.verdict === 'unreproduced' && c.rule === v)).length;
  return {
    rounds: r.rounds.length,
    starts: r.starts ?? r.rounds.length,
    executions: r.executions,
    seconds: r.seconds,
    proven: r.provenFlaky.length,
    consistent: blockingStreaks(r).size,
    exhausted: n('exhausted'),
    notRerun: r.skipped ? r.tests.filter(finalAttemptFailed).length : 0,
    exhaustedTests: r.cases.filter((c) => c.verdict === 'exhausted').map((c) => ({ id: c.historyId, ...c.counts, attempts: c.reruns.map((a) => (a.status === 'passed' ? 'P' : 'F')).join('') })),
    consistentTests: r.cases
      .filter((c) => c.verdict === 'consistent')
      .map((c) => ({ id: c.historyId, p: (1 + c.counts.failures) / (2 + c.counts.failures + c.counts.passes), attempts: c.reruns.map((a) => (a.status === 'passed' ? 'P' : 'F')).join('') })),
  };
}

/**
 * The pure engine's re-runs (the re-run model, rerun-model.ts, over the world's answers): the rounds' attempts are
 * appended to the failed tests' attempts, as retries are, before applyRun.
 */
function rerunInPure(
  world: SimWorld,
  execution: Execution,
  reports: Awaited<ReturnType<typeof parseReportFiles>>,
  history: Map<string, import('../../src/model.ts').TestHistory>,
  settings: RerunSettings,
): { verdicts: Map<string, Verdict>; cost: RerunCost; originallyFailed: number } {
  const isFail = (a: Attempt | undefined): boolean => a !== undefined && (a.status === 'failed' || a.status === 'error');
  const failed = reports.tests.filter((t) => isFail(t.attempts.filter((a) => a.status !== 'skipped').at(-1))).map((t) => t.id);
  const full = new Map<string, Attempt[]>();
  let seconds = 0;
  const byId = world.byId ?? new Map(world.tests.map((t) => [t.id, t]));
  const ps = new Map<string, number>();
  const pOf = (id: string): number => {
    let p = ps.get(id);
    if (p === undefined) ps.set(id, (p = failureProbability(history.get(id), settings)));
    return p;
  };
  const loop = rerunLoop(failed, pOf, settings, (round, ids) => {
    const got = rerunRound(world, execution.run, execution.attempt, round, ids);
    const codes = new Map<string, 'P' | 'F' | 'E'>();
    for (const [id, a] of got) {
      const duration = byId.get(id)?.duration ?? 0;
      seconds += duration;
      codes.set(id, a.code);
      const attempt: Attempt = a.code === 'P' ? { status: 'passed', durationSec: duration } : { status: a.code === 'E' ? 'error' : 'failed', message: a.message, type: a.type, durationSec: duration };
      full.set(id, [...(full.get(id) ?? []), attempt]);
    }
    return codes;
  });
  for (const t of reports.tests) {
    const more = full.get(t.id);
    if (more) t.attempts = [...t.attempts, ...more];
  }
  const n = (v: Verdict): number => [...loop.verdicts.values()].filter((x) => x === v).length;
  return {
    originallyFailed: failed.length,
    verdicts: loop.verdicts,
    cost: {
      rounds: loop.rounds,
      executions: loop.executions,
      seconds,
      proven: n('passed'),
      consistent: n('consistent'),
      exhausted: n('exhausted'),
      notRerun: n('not-rerun'),
      consistentTests: [...loop.verdicts].filter(([, v]) => v === 'consistent').map(([id]) => ({ id, p: pOf(id), attempts: loop.attempts.get(id) ?? '' })),
    },
  };
}

export type Engine = 'action' | 'pure';

export function driverFor(engine: Engine): (world: SimWorld, options?: DriveOptions) => Promise<Trace> {
  return engine === 'action' ? drive : drivePure;
}
