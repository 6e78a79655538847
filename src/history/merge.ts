/**
 * Merging one run's parsed results into the stored history. Pure: the inputs are not modified.
 */
import { STATUS_CODE, isFailure, type History, type ParsedTestCase, type RunContext, type TestHistory, type TestRunRecord } from '../model.ts';
import { failureKey, runRecord, withDuration, type RunFacts } from './records.ts';

export { failureKey };

export interface RetentionOptions {
  /** Most recent runs kept per test. */
  maxRuns: number;
  /** Runs older than this many days are dropped (before `retentionNow`, src/pipeline/clock.ts; else the newest run's time). */
  maxAgeDays: number;
}

export const DEFAULT_RETENTION: RetentionOptions = { maxRuns: 100, maxAgeDays: 90 };

const DAY_MS = 86_400_000;
const MAX_STORED_MESSAGE = 200;

/** The key that makes ingestion idempotent: the same job attempt is counted once. */
export function ingestionKey(run: RunContext): string {
  return `${run.key}#${run.runAttempt}`;
}

export interface MergeResult {
  history: History;
  /** False when this run had been ingested before: the history is returned unchanged. */
  ingested: boolean;
}

export type MessageNormaliser = (message: string) => string;

/** The normalised message of a test's first failing attempt in this run, as the history stores it. */
export function failureMessageOf(test: ParsedTestCase, normalise: MessageNormaliser): string | undefined {
  const firstFailure = test.attempts.find((a) => isFailure(a.status));
  const message = firstFailure?.message ?? firstFailure?.type;
  return message ? normalise(message).slice(0, MAX_STORED_MESSAGE) : undefined;
}

function recordFor(test: ParsedTestCase, run: RunContext, facts: RunFacts, normalise: MessageNormaliser): TestRunRecord {
  return runRecord(run.key, facts, test.attempts.map((a) => STATUS_CODE[a.status]).join(''), failureMessageOf(test, normalise), test.attempts[test.attempts.length - 1]?.durationSec);
}

/**
 * `runs` without what retention drops; the same array when nothing is dropped (the common case, checked first).
 * Trusted and untrusted records have a budget of `maxRuns` each (src/history/trust.ts): an untrusted record never
 * pushes a trusted one out of the window.
 */
export function applyRetention(runs: TestRunRecord[], newest: number, retention: RetentionOptions): TestRunRecord[] {
  const oldestKept = newest - retention.maxAgeDays * DAY_MS;
  if (runs.length <= retention.maxRuns && (runs.length === 0 || runs[0]!.time >= oldestKept)) return runs;
  const recent = runs[0]!.time >= oldestKept ? runs : runs.filter((r) => r.time >= oldestKept);
  if (recent.length <= retention.maxRuns) return recent;
  let untrusted = 0;
  for (const r of recent) if (r.untrusted) untrusted++;
  if (untrusted === 0) return recent.slice(recent.length - retention.maxRuns);
  // The newest `maxRuns` of each kind, in their order.
  let trustedLeft = retention.maxRuns;
  let untrustedLeft = retention.maxRuns;
  const kept: TestRunRecord[] = [];
  for (let i = recent.length - 1; i >= 0; i--) {
    const r = recent[i]!;
    if (r.untrusted ? untrustedLeft-- > 0 : trustedLeft-- > 0) kept.push(r);
  }
  return kept.length === recent.length ? recent : kept.reverse();
}

export function mergeRun(
  history: History,
  tests: ParsedTestCase[],
  run: RunContext,
  alreadyIngested: ReadonlySet<string>,
  options: {
    retention?: RetentionOptions;
    normalise?: MessageNormaliser;
    /** The job's result, when already decided; stored with the run, as it will be read back. */
    jobSucceeded?: boolean;
    /** Failure keys of this run's outages (src/policy/outage.ts): failures with them are marked, not evidence. */
    outages?: readonly string[];
    /** The results came from an artifact flakeguard does not vouch for (src/history/trust.ts). */
    untrusted?: boolean;
    /** A run key whose records this run's tests replace: the untrusted run of the same workflow run (src/history/trust.ts). */
    replaces?: string;
    /**
     * The time runs age out from, for every test (the step passes one no single run's time can move ahead,
     * src/pipeline/clock.ts). Default: each test's newest run, and this run's time for the tests not in it.
     */
    retentionNow?: number;
  } = {},
): MergeResult {
  if (alreadyIngested.has(ingestionKey(run))) return { history, ingested: false };
  const retention = options.retention ?? DEFAULT_RETENTION;
  const normalise = options.normalise ?? ((m: string) => m.trim());
  const facts: RunFacts = {
    sha: run.sha,
    time: run.time,
    onDefaultBranch: run.onDefaultBranch,
    jobSucceeded: options.jobSucceeded,
    outages: options.outages,
    ...(options.untrusted ? { untrusted: true } : {}),
    ...(run.cell !== undefined ? { cell: run.cell } : {}),
  };
  const merged: History = new Map(history);
  const touched = new Set<string>();

  for (const test of tests) {
    if (test.attempts.length === 0) continue;
    const stored = merged.get(test.id);
    // The trusted results of a workflow run replace its untrusted ones, test by test: they never count twice.
    const previous = options.replaces !== undefined && stored?.runs.some((r) => r.run === options.replaces) ? { ...stored, runs: stored.runs.filter((r) => r.run !== options.replaces) } : stored;
    let record = recordFor(test, run, facts, normalise);
    // An untrusted run brings no duration (src/history/trust.ts): the trusted runs' newest one stays the test's.
    const carried = options.untrusted ? previous?.runs[previous.runs.length - 1]?.durationSec : undefined;
    if (carried !== undefined && record.durationSec === undefined) record = withDuration(record, carried);
    let runs: TestRunRecord[];
    // A workflow re-run of the same job adds attempts to the record of the first attempt (near the end: look there first).
    let rerunOf = -1;
    if (previous)
      for (let i = previous.runs.length - 1; i >= 0; i--)
        if (previous.runs[i]!.run === run.key) {
          rerunOf = i;
          break;
        }
    if (!previous) {
      runs = [record];
    } else if (rerunOf >= 0) {
      const earlier = previous.runs[rerunOf]!;
      // The run's row holds the result of its latest attempt.
      const combined: TestRunRecord = {
        ...earlier,
        attempts: earlier.attempts + record.attempts,
        message: earlier.message ?? record.message,
        durationSec: record.durationSec ?? earlier.durationSec,
        jobSucceeded: record.jobSucceeded ?? earlier.jobSucceeded,
        outage: (earlier.message !== undefined ? earlier.outage || options.outages?.includes(failureKey(earlier.message)!) : record.outage) || undefined,
      };
      runs = previous.runs.map((r, i) => (i === rerunOf ? combined : r));
    } else {
      runs = [...previous.runs, record];
      if (runs.length > 1 && runs[runs.length - 2]!.time > record.time) runs.sort((a, b) => a.time - b.time);
    }
    const updated: TestHistory = {
      id: test.id,
      name: test.name,
      classname: test.classname,
      runs: applyRetention(runs, options.retentionNow ?? Math.max(record.time, runs[runs.length - 1]!.time), retention),
    };
    // An untrusted run never moves a test: its file and line stay the trusted runs' (src/history/trust.ts).
    const file = options.untrusted ? previous?.file : (test.file ?? previous?.file);
    const line = options.untrusted ? previous?.line : (test.line ?? previous?.line);
    if (file !== undefined) updated.file = file;
    if (line !== undefined) updated.line = line;
    merged.set(test.id, updated);
    touched.add(test.id);
  }

  // Tests that did not run this time still age out.
  for (const [id, h] of merged) {
    if (touched.has(id)) continue;
    const kept = applyRetention(h.runs, options.retentionNow ?? run.time, retention);
    if (kept.length === 0) merged.delete(id);
    else if (kept !== h.runs) merged.set(id, { ...h, runs: kept });
  }
  return { history: merged, ingested: true };
}
