/**
 * A fix verification's runs (docs/fix-verification.md): the claimed test alone, once per round, through the same
 * round adapter as the re-runs (runRound, src/rerun/process.ts: the preset's processes without a shell, or the
 * custom command with its FLAKEGUARD_RERUN_* files; leftovers killed; the report is the verdict), until it has run
 * the planned number of times, fails, the time runs out, or a round cannot answer. Only the asked test's attempts
 * in the round's report count (by answerKey, as for the re-runs).
 */
import { isFailure, type ParsedTestCase } from '../model.ts';
import { answerKey, type RerunCase } from './plan.ts';
import { NO_HISTORY } from './stopping.ts';
import { runRound, type RoundRequest } from './process.ts';

export interface FixRunRequest {
  test: ParsedTestCase;
  /** Runs planned. */
  runs: number;
  command: RoundRequest['command'];
  options?: RoundRequest['options'];
  workspace: string;
  /** A folder of its own for this test's rounds. */
  dir: string;
  /** Date.now() after which no round starts, and at which a running one is stopped. */
  deadline: number;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  logCommand?: (line: string) => void;
  readReport: RoundRequest['readReport'];
  /** The round adapter (tests); default runRound. */
  round?: typeof runRound;
}

export interface FixRunResult {
  /** Executions of the test the reports gave (skipped ones left out). */
  ran: number;
  failures: number;
  /** Rounds invoked. */
  rounds: number;
  seconds: number;
  /** Why it stopped before the planned runs without a failure: the timeout, or a round that could not answer. */
  stopped?: string;
}

/** The test as a round asks for it. */
function caseOf(test: ParsedTestCase): RerunCase {
  return { test, historyId: test.id, kind: 'extra', extraRuns: 1, isNew: false, counts: NO_HISTORY, maxReruns: 0, reruns: [], asked: 1, rounds: 0 };
}

export async function runFix(request: FixRunRequest): Promise<FixRunResult> {
  const round = request.round ?? runRound;
  const key = answerKey(request.test);
  const out: FixRunResult = { ran: 0, failures: 0, rounds: 0, seconds: 0 };
  while (out.ran < request.runs && out.failures === 0) {
    const left = request.deadline - Date.now();
    if (left <= 0) {
      out.stopped = 'rerun-timeout ran out';
      break;
    }
    out.rounds++;
    const answer = await round({
      round: out.rounds,
      cases: [caseOf(request.test)],
      command: request.command,
      ...(request.options ? { options: request.options } : {}),
      workspace: request.workspace,
      dir: request.dir,
      timeoutMs: left,
      env: request.env,
      log: request.log,
      ...(request.logCommand ? { logCommand: request.logCommand } : {}),
      readReport: request.readReport,
    });
    out.seconds += answer.seconds;
    if (!answer.ok) {
      out.stopped = /rerun-timeout/.test(answer.why) ? 'rerun-timeout ran out' : `round ${out.rounds} could not answer: ${answer.why}`;
      break;
    }
    const got = (answer.attempts.get(key) ?? []).filter((a) => a.status !== 'skipped');
    if (got.length === 0) {
      out.stopped = `round ${out.rounds}'s report has no result for the test (absent, or skipped: a skipped test verifies nothing)`;
      break;
    }
    out.ran += got.length;
    out.failures += got.filter((a) => isFailure(a.status)).length;
  }
  out.seconds = Math.round(out.seconds * 10) / 10;
  return out;
}
