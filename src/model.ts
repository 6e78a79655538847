/**
 * Plain data shared by every stage of the pipeline. Nothing here does I/O.
 *
 * Vocabulary:
 * - attempt: one execution of one test (a retry is a second attempt of the same test in the same run).
 * - run: one ingestion by the action (one job of one workflow run attempt, with its reports).
 * - history: the rolling window of a test's runs, oldest first.
 */

/** Outcome of one attempt. `error` is a failure for every scoring method; it is kept apart for display. */
export type AttemptStatus = 'passed' | 'failed' | 'error' | 'skipped';

export interface Attempt {
  status: AttemptStatus;
  /** Failure message (first line-ish); raw, untrusted. */
  message?: string;
  /** Failure type / exception class; raw, untrusted. */
  type?: string;
  /** Stack trace or failure body, truncated by the parser; raw, untrusted. */
  details?: string;
  /** Seconds, when the report gives it. */
  durationSec?: number;
}

/** What one `<testcase>` element says of its test: the names, where it is, its executions in order. */
export interface TestCaseElement {
  name: string;
  classname: string;
  /** Name of the innermost enclosing `<testsuite>` ('' when none). */
  suite: string;
  file?: string;
  line?: number;
  /** Executions described by the element, in order (Surefire flaky/rerun elements add attempts). */
  attempts: Attempt[];
}

/** One test as found in this run's reports, its attempts in the order they happened. */
export interface ParsedTestCase extends TestCaseElement {
  /** Stable identity across runs; contains `name` verbatim. See docs/test-ids.md. */
  id: string;
  /** Report file this test came from (workspace-relative when possible). */
  report: string;
  /**
   * n ≥ 2 when this is the n-th test written with the same title in a report that writes one testcase per test:
   * `name` then ends in ` [n]`, which the runner does not know (docs/test-ids.md).
   */
  twin?: number;
  /**
   * The directory (or path) of its report when another report of the run has its id and its reporter never writes a
   * retry: `classname` is then `[scope] <classname>`, so its id is `[scope] <id>` (docs/test-ids.md, ADR 0410).
   */
  scope?: string;
  /**
   * The id as the report wrote it, when its classname repeated its title and the id was cleaned (docs/test-ids.md,
   * "Cleaned ids", ADR 0445): history stored under it is carried over to `id` (ADR 0446).
   */
  written?: string;
  /**
   * The suite the report put the test in, when cleaning its id emptied `suite` (ADR 0445): the tests it ran beside
   * (src/rerun/context-rounds.ts earlierInFile), never part of its id.
   */
  group?: string;
}

export interface ReportProblem {
  /** Path of the report as the user would recognise it. */
  path: string;
  line?: number;
  column?: number;
  message: string;
}

export interface ParsedReports {
  tests: ParsedTestCase[];
  problems: ReportProblem[];
  /** Earliest `timestamp` attribute found in the reports, ISO 8601, if any. */
  timestamp?: string;
  /** Number of report files that were read successfully. */
  filesRead: number;
  /**
   * Titles written more than once in a report that writes one testcase per test (distinct tests, suffixed ` [n]`,
   * docs/test-ids.md): the first few first-twin ids, and how many such titles in all.
   */
  twins?: { first: string[]; count: number };
  /**
   * Ids written in several reports of the run by a reporter that never writes a retry, so qualified by their
   * reports' directories (docs/test-ids.md, ADR 0410): the first few with the reports' paths, and how many in all.
   */
  collisions?: { first: Array<{ id: string; reports: string[] }>; count: number };
  /** The reports (as shown) whose reporter writes one testcase per test, when any (their ids may be qualified: ADR 0410). */
  perTestReports?: string[];
  /**
   * The reports read, counted by the reporter their own marks name ('' when none: src/junit/junit.ts
   * RawReport.reporter). A hint for `rerun: auto`.
   */
  reporters?: Record<string, number>;
}

/** A single character per attempt status, used in compact storage and in the symbol rows shown to users. */
export const STATUS_CODE: Record<AttemptStatus, string> = {
  passed: 'P',
  failed: 'F',
  error: 'E',
  skipped: 'S',
};
export const CODE_STATUS: Record<string, AttemptStatus> = {
  P: 'passed',
  F: 'failed',
  E: 'error',
  S: 'skipped',
};

export function isFailure(status: AttemptStatus): boolean {
  return status === 'failed' || status === 'error';
}

/** The test step's own outcome (`steps.<id>.outcome`, the `test-outcome` input); '' when not given. */
export type TestOutcome = 'success' | 'failure' | 'cancelled' | 'skipped' | '';

/** The workflow run, attempt, job and commit: what the runner says and every run context repeats. */
export interface RunIdentity {
  runId: string;
  runAttempt: number;
  job: string;
  workflow: string;
  sha: string;
  ref: string;
}

/** What the action knows about the CI run that produced the reports. */
export interface RunContext extends RunIdentity {
  /**
   * Identity of this job's results across workflow re-runs (run id, job, job key): a re-run's attempts join the
   * same TestRunRecord. Together with `runAttempt` it is the idempotence key: ingesting it twice counts once.
   */
  key: string;
  /** True for pushes to the default branch (or scheduled runs on it). */
  onDefaultBranch: boolean;
  event: string;
  /** Milliseconds since the epoch: report timestamp when present, otherwise the clock. */
  time: number;
  /** Link to the run, for humans. */
  url?: string;
  /** The run's matrix cell (src/history/cell.ts), when known: stored in its runs.json row. */
  cell?: string;
}

/** One test's result in one run, as stored in its history. Shared between tests and never modified once made (src/history/records.ts). */
export interface TestRunRecord {
  /** RunContext.key of the ingestion that produced it. */
  readonly run: string;
  readonly sha: string;
  readonly time: number;
  readonly onDefaultBranch: boolean;
  /** Attempt statuses in order, one STATUS_CODE letter each, e.g. "FP" = failed then passed on retry. */
  readonly attempts: string;
  /** Normalised message of the first failing attempt, when there was one. */
  readonly message?: string;
  /** Duration in seconds of the last attempt, when known. */
  readonly durationSec?: number;
  /** True when the job as a whole ended successfully (after forgiveness). Unknown when absent. */
  readonly jobSucceeded?: boolean;
  /** Failed in an outage of its run (many tests, one message): never evidence of flakiness (src/policy/outage.ts). */
  readonly outage?: boolean;
  /** From a run flakeguard does not vouch for (an ingest-workflow-run artifact): evidence only once trusted runs agree (src/history/trust.ts). */
  readonly untrusted?: boolean;
  /**
   * The matrix cell the run ran in, canonical `key=value` pairs sorted and joined by `,` (e.g. `os=windows-latest`),
   * when known. Evidence per cell decides where a quarantine applies (docs/matrix.md).
   */
  readonly cell?: string;
}

/** A record while it is being built, before anyone shares it (fixtures, generators). */
export type RecordDraft = { -readonly [K in keyof TestRunRecord]: TestRunRecord[K] };

export interface TestHistory {
  id: string;
  name: string;
  classname: string;
  file?: string;
  line?: number;
  /** Oldest first. */
  runs: TestRunRecord[];
}

/** Every test's history, by id. */
export type History = Map<string, TestHistory>;

/** A hand edit in a stats file: forces a test in or out of quarantine. */
export interface Override {
  action: 'quarantine' | 'never';
  reason?: string;
  /** ISO date (YYYY-MM-DD) or date-time after which the override lapses. */
  until?: string;
  /** With `quarantine`: the cells (canonical, src/history/cell.ts) it covers; absent: every cell. */
  cells?: string[];
}

export type Tier = 'Stable' | 'Intermittent' | 'Flaky' | 'Chronic';

/** Quarantine state of one test, as stored in the stats file. */
export interface QuarantineState {
  quarantined: boolean;
  /** Why, in words a user understands. */
  reason: string;
  /** ISO time the current state began. */
  since?: string;
  /**
   * Set on release: only runs newer than this (ms, run time) count as evidence for quarantining it again, so that
   * the flakes that put it in quarantine cannot put it straight back.
   */
  evidenceAfter?: number;
  /**
   * A quarantine that covers some matrix cells only (canonical, sorted; docs/matrix.md#quarantine-per-cell): a failure
   * in another cell is not forgiven. Absent: every cell.
   */
  cells?: string[];
  /** The test's latest fix verification and what it did (src/policy/fix-release.ts, docs/fix-verification.md). */
  fix?: FixRecord;
}

/**
 * A fix verification as the data branch records it on the test's stats line (`fix`): the pull request and head commit
 * it ran on, its runs and failures, the test's rate before and the probability the runs had to catch it; `released`
 * once the verified change landed on the default branch and released the quarantine.
 */
export interface FixRecord {
  pr: number;
  head: string;
  runs: number;
  failures: number;
  /** The test's first-attempt failure rate before, as people read it: the posterior mean of its window. */
  rate: number;
  /**
   * The probability that a test still as flaky as its window told would have failed at least once in `runs`, over the
   * window's whole posterior rate (src/rerun/fix-plan.ts), not only at `rate`.
   */
  reached: number;
  verdict: 'verified' | 'failed' | 'inconclusive';
  /** When it was verified (ISO). */
  at: string;
  /** When its landing released the quarantine (ISO). */
  released?: string;
}

/** The title the runner knows for a test: its name without the ` [n]` twin suffix (docs/test-ids.md). */
export function runnerTitle(t: { readonly name: string; readonly twin?: number }): string {
  return t.twin !== undefined && t.twin > 1 ? t.name.slice(0, t.name.length - ` [${t.twin}]`.length) : t.name;
}
