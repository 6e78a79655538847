/**
 * The process adapter of the re-runs: runs one round's command(s) and reads back the round's report.
 *
 * A custom command (the `rerun` input) runs through `bash -c` in the workspace with FLAKEGUARD_RERUN_TESTS,
 * FLAKEGUARD_RERUN_REPORT and FLAKEGUARD_RERUN_ROUND (src/rerun/contract.ts); a preset's processes are spawned
 * WITHOUT a shell, their argv as the preset built it, so test names are never parsed by a shell. A process is
 * waited for until it exits, not until its output pipes close; then every process it left behind (its process group,
 * its session, its descendants, and whatever carries its marker in its environment: `setsid` daemons too) is killed
 * and the pipes are closed, and the same when the time left runs out (docs/adr/0161-rerun-leftover-processes.md).
 * The command's exit code is not the verdict: the report is, read only once nothing of the command runs any more.
 * Its output goes to the log line by line, without terminal escapes (src/text/ansi.ts), defused (no workflow commands),
 * bounded.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Attempt } from '../model.ts';
import type { PresetOptions, RerunCommand, RerunPreset } from './contract.ts';
import { shellLine, shellQuote } from '../text/shell.ts';
import { rerunTestOf, type RerunCase, type RoundAnswer } from './plan.ts';
import { ENV_MARK, killLeftovers, type KillReport } from './leftovers.ts';
import { echoLine } from './echo.ts';
import { stripAnsi } from '../text/ansi.ts';

export interface RoundRequest {
  round: number;
  cases: readonly RerunCase[];
  /** A preset, or a shell command for `bash -c`. */
  command: RerunPreset | string;
  /** The preset's options (the original run's extra arguments), for a preset. */
  options?: PresetOptions;
  /**
   * Executions per test asked of this start (FLAKEGUARD_RERUN_REPEAT; a preset gets it as `options.repeat` when its
   * runner repeats, RerunPreset.repeats); default 1.
   */
  repeat?: number;
  workspace: string;
  /** A folder for this run's re-run files (created when missing). */
  dir: string;
  /** Milliseconds this round may take at most. */
  timeoutMs: number;
  /** The environment the commands inherit. */
  env: NodeJS.ProcessEnv;
  /** One line of the command's output (untrusted: the caller defuses it). */
  log: (line: string) => void;
  /** Reads the round's report (the JUnit parser), attempts by test id; throws or returns problems when unreadable. */
  readReport: (path: string) => Promise<{ attempts: Map<string, Attempt[]>; executions?: Map<string, Attempt[][]>; problems: string[] }>;
  /** Where each process's command line goes before it starts (default: log). */
  logCommand?: (line: string) => void;
  /** The clock, ms (tests). */
  now?: () => number;
}

/** Lines logged per round at most; the rest is counted. */
export const MAX_LOG_LINES = 2000;
const MAX_LINE = 2000;

export const ENV_TESTS = 'FLAKEGUARD_RERUN_TESTS';
export const ENV_REPORT = 'FLAKEGUARD_RERUN_REPORT';
export const ENV_ROUND = 'FLAKEGUARD_RERUN_ROUND';
export const ENV_REPEAT = 'FLAKEGUARD_RERUN_REPEAT';

/**
 * The environment a re-run command gets: this step's, without what belongs to the action and not to the tests —
 * its inputs (INPUT_TOKEN is a GitHub token), the runtime's tokens, and the files through which a step sets its
 * outputs, environment and summary (a test could otherwise forge flakeguard's `outcome`). A `run` step of the
 * workflow, such as the test step, has none of these either.
 */
export function rerunEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (/^INPUT_/i.test(name) || /^ACTIONS_(RUNTIME|ID_TOKEN|RESULTS|CACHE)_/i.test(name)) continue;
    if (/^GITHUB_(OUTPUT|ENV|PATH|STATE|STEP_SUMMARY)$/i.test(name)) continue;
    out[name] = value;
  }
  return out;
}

/** A command's environment assignments of its own (names and values) and argv, as one shell line. */
export function commandLine(command: RerunCommand): string {
  const env = Object.entries(command.env ?? {}).map(([name, value]) => `${name}=${shellQuote(value ?? '')}`);
  return [...env, shellLine(command.argv)].join(' ');
}

export async function runRound(request: RoundRequest): Promise<RoundAnswer> {
  const now = request.now ?? Date.now;
  const started = now();
  const seconds = (): number => Math.round((now() - started) / 100) / 10;
  const dir = join(request.dir, `round-${request.round}`);
  await mkdir(dir, { recursive: true });
  const testsFile = join(dir, 'tests.jsonl');
  const reportPath = join(dir, 'report.xml');
  await rm(reportPath, { force: true, recursive: true });
  const tests = request.cases.map((c) => rerunTestOf(c.test));
  await writeFile(testsFile, tests.map((t) => `${JSON.stringify(t)}\n`).join(''));

  const repeat = Math.max(1, Math.floor(request.repeat ?? 1));
  const presetRepeats = typeof request.command !== 'string' && request.command.repeats === true && repeat > 1;
  const commands: RerunCommand[] =
    typeof request.command === 'string'
      ? [{ argv: ['bash', '-c', request.command] }]
      : request.command.commands(tests, reportPath, request.round, presetRepeats ? { ...request.options, repeat } : request.options);
  const env: NodeJS.ProcessEnv = {
    ...rerunEnv(request.env),
    [ENV_TESTS]: testsFile,
    [ENV_REPORT]: reportPath,
    [ENV_ROUND]: String(request.round),
    [ENV_REPEAT]: String(typeof request.command === 'string' || presetRepeats ? repeat : 1),
  };
  const deadline = started + request.timeoutMs;
  const logger = boundedLogger(request.log);
  const exits: string[] = [];
  for (const command of commands) {
    const left = deadline - now();
    if (left <= 0) return { ok: false, why: 'rerun-timeout ran out', seconds: seconds() };
    // The command line, quoted as a shell would read it back, a long filter shortened (src/rerun/echo.ts; the caller
    // escapes it for the log).
    (request.logCommand ?? request.log)(`$ ${echoLine(command)}`);
    const result = await spawnBounded(command, { ...env, ...command.env }, request.workspace, left, logger.line);
    for (const note of leftoverLines(result)) request.log(note);
    if (result.kind === 'timeout') {
      logger.flush();
      return { ok: false, why: `the command was stopped: rerun-timeout ran out`, seconds: seconds() };
    }
    if (result.kind === 'error') {
      logger.flush();
      return { ok: false, why: `the command could not start: ${result.message}`, seconds: seconds() };
    }
    exits.push(result.code === null ? `signal ${result.signal}` : `exit code ${result.code}`);
  }
  logger.flush();
  const exit = exits.join(', ');
  try {
    const s = await stat(reportPath);
    if (!s.isFile()) return { ok: false, why: `the command (${exit}) left no report file at FLAKEGUARD_RERUN_REPORT`, seconds: seconds() };
  } catch {
    return { ok: false, why: `the command (${exit}) wrote no report at FLAKEGUARD_RERUN_REPORT`, seconds: seconds() };
  }
  try {
    const read = await request.readReport(reportPath);
    if (read.problems.length > 0) return { ok: false, why: `its report could not be read: ${read.problems[0]}`, seconds: seconds() };
    return { ok: true, attempts: read.attempts, ...(read.executions ? { executions: read.executions } : {}), seconds: seconds() };
  } catch (error) {
    return { ok: false, why: `its report could not be read: ${error instanceof Error ? error.message : String(error)}`, seconds: seconds() };
  }
}

type SpawnResult = ({ kind: 'exit'; code: number | null; signal: string | null } | { kind: 'timeout' } | { kind: 'error'; message: string }) & {
  /** What was killed once the command had exited or its time had run out. */
  leftovers?: KillReport;
  /** The output pipes were still held open by a process that could not be killed: closed by flakeguard. */
  cut?: boolean;
};

/** How long the output pipes may take to close once every process of the command has been killed. */
const PIPE_GRACE_MS = 2000;

/**
 * Runs one process to its exit (not to the end of its output: a process it left behind may hold the pipes open),
 * then kills every process it left behind (src/rerun/leftovers.ts) and closes the pipes. The same when the time runs
 * out, the command itself included. Resolves only once all that is done.
 */
function spawnBounded(command: RerunCommand, env: NodeJS.ProcessEnv, cwd: string, timeoutMs: number, line: (text: string) => void): Promise<SpawnResult> {
  return new Promise((resolve) => {
    const [file, ...args] = command.argv;
    if (!file) {
      resolve({ kind: 'error', message: 'the preset gave an empty command' });
      return;
    }
    const mark = randomUUID();
    let settled = false;
    // shell: false (the default) — argv reaches the program as it is. detached: the leader of its own process group
    // and session, which identify what it starts; ENV_MARK identifies what leaves both.
    const child = spawn(file, args, { cwd, env: { ...env, [ENV_MARK]: mark }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const split = lineSplitter(line);
    child.stdout.on('data', split);
    child.stderr.on('data', split);
    let closed = false;
    const pipesClosed = new Promise<void>((res) => child.on('close', () => res()));
    void pipesClosed.then(() => (closed = true));
    const finish = (result: SpawnResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const leftovers = child.pid !== undefined ? killLeftovers(child.pid, mark) : undefined;
      let grace: NodeJS.Timeout | undefined;
      void Promise.race([pipesClosed, new Promise<void>((res) => (grace = setTimeout(res, PIPE_GRACE_MS)))]).then(() => {
        clearTimeout(grace);
        const cut = !closed;
        if (cut) {
          child.stdout.destroy();
          child.stderr.destroy();
        }
        split(null);
        resolve({ ...result, ...(leftovers ? { leftovers } : {}), ...(cut ? { cut } : {}) });
      });
    };
    const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
    child.on('error', (error) => {
      if (child.pid === undefined) {
        // It never started: nothing to kill, no pipe to wait for.
        settled = true;
        clearTimeout(timer);
        resolve({ kind: 'error', message: error.message });
      }
    });
    child.on('exit', (code, signal) => finish({ kind: 'exit', code, signal }));
  });
}

/** Says what was killed or cut after a command, in the round's log. */
function leftoverLines(result: SpawnResult): string[] {
  const lines: string[] = [];
  const l = result.leftovers;
  if (l && l.killed > 0) lines.push(`(flakeguard killed ${l.killed} process${l.killed === 1 ? '' : 'es'} the command left running)`);
  if (l && l.unkillable.length > 0) {
    lines.push(`(${l.unkillable.length} process${l.unkillable.length === 1 ? '' : 'es'} the command left running could not be killed, another user's: pid ${l.unkillable.slice(0, 10).join(', ')})`);
  }
  if (result.cut) lines.push(`(the command's output was still held open ${PIPE_GRACE_MS / 1000} s after it ended, by a process flakeguard could not find or kill: closed here)`);
  return lines;
}

function lineSplitter(line: (text: string) => void): (chunk: Buffer | null) => void {
  let partial = '';
  return (chunk) => {
    if (chunk === null) {
      if (partial !== '') line(partial);
      partial = '';
      return;
    }
    partial += chunk.toString('utf8');
    let at: number;
    while ((at = partial.indexOf('\n')) >= 0) {
      line(partial.slice(0, at));
      partial = partial.slice(at + 1);
    }
    if (partial.length > MAX_LINE) {
      line(partial.slice(0, MAX_LINE));
      partial = '';
    }
  };
}

function boundedLogger(log: (line: string) => void): { line: (text: string) => void; flush: () => void } {
  let shown = 0;
  let dropped = 0;
  return {
    line: (text) => {
      if (shown < MAX_LOG_LINES) {
        shown++;
        log(stripAnsi(text.replace(/\r$/, '')));
      } else dropped++;
    },
    flush: () => {
      if (dropped > 0) log(`(${dropped} more lines of output not shown)`);
      dropped = 0;
    },
  };
}
