/**
 * A parked run's parcel: what a writer that could not land its run on the data branch leaves on a branch of its
 * own under the inbox prefix (src/store/sync.ts), for the next writer to fold in. It holds each ingested job's
 * results in the results-file form (src/store/results-file.ts, read with the same strict parser) and the job's
 * decided result. Pure.
 */
import { createHash } from 'node:crypto';
import type { ParsedTestCase, RunContext } from '../model.ts';
import { RESULTS_KIND, RESULTS_SCHEMA, ResultsFileError, parseResultsValue } from './results-file.ts';

export const PARCEL_KIND = 'flakeguard-parcel';
export const PARCEL_SCHEMA = 1;
/** A parcel with more entries than this is not read (an aggregate run has at most 256 shards). */
const MAX_ENTRIES = 1024;

export interface ParcelEntry {
  run: RunContext;
  tests: ParsedTestCase[];
  /** The job's result as its own step decided it; stored with the run. */
  jobSucceeded: boolean;
  /** From an artifact of a run flakeguard does not vouch for (docs/forks.md). */
  untrusted?: boolean;
}

export function renderParcel(entries: ParcelEntry[]): string {
  return `${JSON.stringify({
    kind: PARCEL_KIND,
    schema: PARCEL_SCHEMA,
    entries: entries.map((e) => ({ kind: RESULTS_KIND, schema: RESULTS_SCHEMA, run: e.run, tests: e.tests, jobSucceeded: e.jobSucceeded, ...(e.untrusted ? { untrusted: true } : {}) })),
  })}\n`;
}

export class ParcelError extends Error {}

export function parseParcel(text: string): ParcelEntry[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ParcelError(`not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const r = raw as Record<string, unknown>;
  if (typeof raw !== 'object' || raw === null || r.kind !== PARCEL_KIND) throw new ParcelError('not a flakeguard parcel');
  if (r.schema !== PARCEL_SCHEMA) throw new ParcelError(`unsupported parcel schema ${JSON.stringify(r.schema ?? null).slice(0, 20)}`);
  if (!Array.isArray(r.entries) || r.entries.length === 0 || r.entries.length > MAX_ENTRIES) throw new ParcelError(`entries must be an array of 1 to ${MAX_ENTRIES} results`);
  return r.entries.map((value, i) => {
    const e = value as Record<string, unknown>;
    try {
      const { run, tests } = parseResultsValue(value);
      if (typeof e.jobSucceeded !== 'boolean') throw new ResultsFileError('jobSucceeded must be true or false');
      return { run, tests, jobSucceeded: e.jobSucceeded, ...(e.untrusted === true ? { untrusted: true } : {}) };
    } catch (error) {
      throw new ParcelError(`entries[${i}]: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}

/**
 * The name of a parked run's branch under the inbox prefix: the time it was parked first (so that names sort in
 * the order runs were parked, the order they are folded in), then the run for people, then a hash of its
 * ingestion keys so that the name is unique per ingestion. Always a valid ref name.
 */
export function parcelName(run: RunContext, entries: ParcelEntry[], now: number): string {
  const safe = `${run.runId}-${run.job}`.replace(/[^A-Za-z0-9_-]/g, '-').replace(/-+/g, '-').slice(0, 80);
  const keys = entries.map((e) => `${e.run.key}#${e.run.runAttempt}`).sort().join('\n');
  return `${String(Math.max(0, Math.trunc(now))).padStart(14, '0')}-${safe}-a${run.runAttempt}-${createHash('sha256').update(keys).digest('hex').slice(0, 10)}`;
}
