/**
 * Shared run records. A history holds one record per test per run: 1 M objects at 10k tests × 100 runs, 10 M at
 * 100k, which is most of the step's memory (docs/benchmarks-archive.md#the-whole-step). Most of them are identical —
 * every test that passed at its first attempt in a run has the same record — so records without a message or a
 * duration are shared, one per (run, attempts). Records are never modified once made; code that needs a different
 * record builds a new one.
 */
import type { TestRunRecord } from '../model.ts';

/** What a record takes from its run's row in runs.json. */
export interface RunFacts {
  readonly sha: string;
  readonly time: number;
  readonly onDefaultBranch: boolean;
  readonly jobSucceeded?: boolean;
  /** Failure keys (failureKey) of the run's outages: a failure with one of them is marked as part of an outage. */
  readonly outages?: readonly string[];
  /** The run's results came from an artifact flakeguard does not vouch for (src/history/trust.ts). */
  readonly untrusted?: boolean;
  /** The run's matrix cell (src/history/cell.ts), when known. */
  readonly cell?: string;
}

// An immutable memo of `build`: the record of (row, attempts) with no message and no duration, shared by every test
// with that outcome in the run (records are read-only). Keyed by the row object, so a pool lives exactly as long as
// the runs table it was read with.
const pools = new WeakMap<RunFacts, Map<string, TestRunRecord>>();

function build(key: string, row: RunFacts, attempts: string, message: string | undefined, durationSec: number | undefined): TestRunRecord {
  // One object shape for every record (absent fields as undefined) keeps property reads monomorphic.
  return {
    run: key,
    sha: row.sha,
    time: row.time,
    onDefaultBranch: row.onDefaultBranch,
    attempts,
    message,
    durationSec,
    jobSucceeded: row.jobSucceeded,
    outage: message !== undefined && row.outages !== undefined && row.outages.includes(failureKey(message)!) ? true : undefined,
    untrusted: row.untrusted ? true : undefined,
    cell: row.cell,
  };
}

/** The record of one test in the run `key` (whose row is `row`): shared when it has no message and no duration. */
export function runRecord(key: string, row: RunFacts, attempts: string, message?: string, durationSec?: number): TestRunRecord {
  if (message !== undefined || durationSec !== undefined) return build(key, row, attempts, message, durationSec);
  let pool = pools.get(row);
  if (!pool) pools.set(row, (pool = new Map()));
  let record = pool.get(attempts);
  if (!record) pool.set(attempts, (record = build(key, row, attempts, undefined, undefined)));
  return record;
}

/** `record` with a duration (a new object: records are shared). */
export function withDuration(record: TestRunRecord, durationSec: number): TestRunRecord {
  return { ...build(record.run, record, record.attempts, record.message, durationSec), outage: record.outage, untrusted: record.untrusted };
}

/**
 * What makes two failures "the same failure": the stored message with every number blanked (ports, addresses,
 * durations, counts), which normalizeErrorMessage keeps (docs/scoring.md, section 1).
 */
export function failureKey(message: string | undefined): string | undefined {
  return message === undefined ? undefined : message.replace(/\d+/g, '#');
}
