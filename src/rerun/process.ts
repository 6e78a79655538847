/**
 * The process adapter of the re-runs: runs one round's command(s) and reads back the round's report.
 *
 * A custom command (the `rerun` input) runs through `bash -c` in the workspace with FLAKEGUARD_RERUN_TESTS,
 * FLAKEGUARD_RERUN_REPORT and FLAKEGUARD_RERUN_ROUND (src/rerun/contract.ts); a preset's processes are spawned
 * WITHOUT a shell, their argv as the preset built it, so test names are never parsed by a shell. Each round runs
 * in its own process group, killed whole when the time left runs out. The command's exit code is not the
 * verdict: the report is. Its output goes to the log line by line, defused (no workflow commands), bounded.
 */
import { spawn } from 'node:child_process';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Attempt } from '../model.ts';
import type { RerunCommand, RerunPreset } from './contract.ts';
import { rerunTestOf, type RerunCase, type RoundAnswer } from './plan.ts';

export interface RoundRequest {
  round: number;
  cases: readonly RerunCase[];
  /** A preset, or a shell command for `bash -c`. */
  command: RerunPreset | string;
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
  readReport: (path: string) => Promise<{ attempts: Map<string, Attempt[]>; problems: string[] }>;
  /** The clock, ms (tests). */
  now?: () => number;
}

/** Lines logged per round at most; the rest is counted. */
export const MAX_LOG_LINES = 2000;
const MAX_LINE = 2000;

export const ENV_TESTS = 'FLAKEGUARD_RERUN_TESTS';
export const ENV_REPORT = 'FLAKEGUARD_RERUN_REPORT';
export const ENV_ROUND = 'FLAKEGUARD_RERUN_ROUND';

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

  const commands: RerunCommand[] =
    typeof request.command === 'string' ? [{ argv: ['bash', '-c', request.command] }] : request.command.commands(tests, reportPath, request.round);
  const env: NodeJS.ProcessEnv = { ...rerunEnv(request.env), [ENV_TESTS]: testsFile, [ENV_REPORT]: reportPath, [ENV_ROUND]: String(request.round) };
  const deadline = started + request.timeoutMs;
  const logger = boundedLogger(request.log);
  const exits: string[] = [];
  for (const command of commands) {
    const left = deadline - now();
    if (left <= 0) return { ok: false, why: 'rerun-timeout ran out', seconds: seconds() };
    const result = await spawnBounded(command, { ...env, ...command.env }, request.workspace, left, logger.line);
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
    return { ok: true, attempts: read.attempts, seconds: seconds() };
  } catch (error) {
    return { ok: false, why: `its report could not be read: ${error instanceof Error ? error.message : String(error)}`, seconds: seconds() };
  }
}

type SpawnResult = { kind: 'exit'; code: number | null; signal: string | null } | { kind: 'timeout' } | { kind: 'error'; message: string };

function spawnBounded(command: RerunCommand, env: NodeJS.ProcessEnv, cwd: string, timeoutMs: number, line: (text: string) => void): Promise<SpawnResult> {
  return new Promise((resolve) => {
    const [file, ...args] = command.argv;
    if (!file) {
      resolve({ kind: 'error', message: 'the preset gave an empty command' });
      return;
    }
    let settled = false;
    const done = (r: SpawnResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    // shell: false (the default) — argv reaches the program as it is. detached: its own process group, killed whole.
    const child = spawn(file, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const split = lineSplitter(line);
    child.stdout.on('data', split);
    child.stderr.on('data', split);
    const killGroup = (signal: NodeJS.Signals): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      killGroup('SIGTERM');
      setTimeout(() => killGroup('SIGKILL'), 2000).unref();
      done({ kind: 'timeout' });
    }, timeoutMs);
    child.on('error', (error) => done({ kind: 'error', message: error.message }));
    child.on('close', (code, signal) => {
      split(null);
      done({ kind: 'exit', code, signal });
    });
  });
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
        log(text.replace(/\r$/, ''));
      } else dropped++;
    },
    flush: () => {
      if (dropped > 0) log(`(${dropped} more lines of output not shown)`);
      dropped = 0;
    },
  };
}
