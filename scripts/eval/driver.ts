/**
 * Drives the real pipeline through a simulated world, run after run, in-process: `run(env)` of
 * src/pipeline/run.ts (the action's entry) with a per-run environment (INPUT_*, GITHUB_*), the reports written
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
import { run as runAction } from '../../src/pipeline/run.ts';
import { applyRun } from '../../src/pipeline/apply.ts';
import { loadFileConfig } from '../../src/config/file.ts';
import { inputsFromEnv, readInputs } from '../../src/config/inputs.ts';
import { contextFromEnv, isOnDefaultBranch, runIdentity, runUrl } from '../../src/config/context.ts';
import { parseReportFiles } from '../../src/junit/index.ts';
import { normalizeErrorMessage } from '../../src/scoring/index.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';
import type { RunContext } from '../../src/model.ts';
import type { PolicyOptions } from '../../src/policy/quarantine.ts';
import type { RetentionOptions } from '../../src/history/merge.ts';
import { parseOutputFile } from '../../test/support/action.ts';
import { execute, renderReports, rerunDraw, type Execution, type SimWorld } from './world.ts';

export interface DriveOptions {
  policy?: Partial<PolicyOptions>;
  retention?: Partial<RetentionOptions>;
  /** Re-runs of one workflow run at most (attempts 2..1+maxReruns). */
  maxReruns?: number;
  /** Called after each invocation, e.g. for progress. */
  onInvocation?: (inv: Invocation, done: number) => void;
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
}

export interface Trace {
  world: SimWorld;
  invocations: Invocation[];
  /** Wall time of the whole simulation, ms. */
  ms: number;
}

const KEY_OF: Record<Exclude<keyof PolicyOptions, 'rules'>, string> = {
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

/** The YAML config file (input `config`) for a policy and retention. */
export function configYaml(policy: Partial<PolicyOptions> = {}, retention: Partial<RetentionOptions> = {}): string {
  const lines: string[] = [];
  const r = Object.entries(retention).filter(([, v]) => v !== undefined);
  if (r.length > 0) lines.push('history:', ...r.map(([k, v]) => `  ${RETENTION_KEY_OF[k as keyof RetentionOptions]}: ${v}`));
  const p = Object.entries(policy).filter(([k, v]) => v !== undefined && k !== 'rules');
  if (p.length > 0) lines.push('policy:', ...p.map(([k, v]) => `  ${KEY_OF[k as Exclude<keyof PolicyOptions, 'rules'>]}: ${v}`));
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
  };
  mkdirSync(join(box.workspace, '.github'), { recursive: true });
  mkdirSync(box.runnerTemp, { recursive: true });
  writeFileSync(join(box.workspace, CONFIG_PATH), configYaml(options.policy, options.retention));
  return box;
}

/** Writes the execution's reports and event payload; returns the step's environment. */
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

async function simulate(world: SimWorld, options: DriveOptions, box: Sandbox, step: Step): Promise<Trace> {
  const started = Date.now();
  const maxReruns = options.maxReruns ?? 1;
  const invocations: Invocation[] = [];
  for (const simRun of world.runs) {
    for (let attempt = 1; attempt <= 1 + maxReruns; attempt++) {
      const execution = execute(world, simRun, attempt);
      const env = prepare(world, box, execution);
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

/** The real action, in-process: `run(env)` of src/pipeline/run.ts, with git and a bare repository. */
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
    return await simulate(world, options, box, async (_execution, env) => {
      const inputs = readInputs(inputsFromEnv(env));
      const ctx = contextFromEnv(env);
      const config = await loadFileConfig(resolve(ctx.workspace, inputs.configPath));
      const paths = readdirSync(join(ctx.workspace, 'reports')).filter((f) => f.endsWith('.xml')).map((f) => join(ctx.workspace, 'reports', f)).sort();
      const reports = await parseReportFiles(paths, { workspace: ctx.workspace });
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
      const result = applyRun(
        { snapshot: parseSnapshot(files), reports, filesMatched: paths.length, testOutcome: inputs.testOutcome, run: runContext, now },
        { ...config, normalise: normalizeErrorMessage },
      );
      files = result.files;
      const o = result.outcome;
      return { outcome: o.result, quarantined: result.quarantined, failedTests: o.failed.length, forgiven: o.forgiven.length, blocking: o.blocking.length };
    });
  } finally {
    rmSync(box.root, { recursive: true, force: true });
  }
}

export type Engine = 'action' | 'pure';

export function driverFor(engine: Engine): (world: SimWorld, options?: DriveOptions) => Promise<Trace> {
  return engine === 'action' ? drive : drivePure;
}
