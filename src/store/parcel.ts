/**
 * A parked run's parcel: what a writer that could not land its run on the data branch leaves on a branch of its
 * own under the inbox prefix (src/store/sync.ts), for the next writer to fold in. It holds each ingested job's
 * results in the results-file form (src/store/results-file.ts, read with the same strict parser) and the job's
 * decided result. Pure.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
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
/** A parcel a newer flakeguard wrote: left in place for it, never counted and never in the way of the others. */
export class ParcelSchemaError extends ParcelError {}

export function parseParcel(text: string): ParcelEntry[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ParcelError(`not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const r = raw as Record<string, unknown>;
  if (typeof raw !== 'object' || raw === null || r.kind !== PARCEL_KIND) throw new ParcelError('not a flakeguard parcel');
  if (typeof r.schema === 'number' && Number.isInteger(r.schema) && r.schema > PARCEL_SCHEMA) {
    throw new ParcelSchemaError(`parcel schema ${r.schema} is newer than this version reads (${PARCEL_SCHEMA}): left for a newer flakeguard`);
  }
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
  const safe = `${run.runId}-${run.job}`
    .replace(/[^A-Za-z0-9_-]/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 80);
  const keys = entries
    .map((e) => `${e.run.key}#${e.run.runAttempt}`)
    .sort()
    .join('\n');
  return `${String(Math.max(0, Math.trunc(now))).padStart(14, '0')}-${safe}-a${run.runAttempt}-${createHash('sha256').update(keys).digest('hex').slice(0, 10)}`;
}

/** The first words of a seal file (docs/data-branch.md, "Parcels carry provenance"). */
export const SEAL_HEADER = 'flakeguard-parcel-seal 1 hmac-sha256';

/** What a seal is computed under: the `inbox-key` secret, and the repository and data branch it is for. */
export interface SealScope {
  key: string;
  /** owner/name */
  repository: string;
  branch: string;
}

function sealDigest(scope: SealScope, name: string, text: string): Buffer {
  const derived = createHmac('sha256', scope.key).update(`flakeguard inbox seal 1\n${scope.repository}\n${scope.branch}`).digest();
  return createHmac('sha256', derived).update(`${name}\n`).update(text, 'utf8').digest();
}

/**
 * The seal of the parcel `text` parked under `name` (its branch's name below the inbox prefix): HMAC-SHA256 keyed
 * with a key derived from `inbox-key`, the repository and the data branch, over the name and the parcel's bytes.
 * Only a step that knows the key can write it; a seal for another repository, branch, name or content does not match.
 */
export function sealParcel(scope: SealScope, name: string, text: string): string {
  return `${SEAL_HEADER} ${sealDigest(scope, name, text).toString('hex')}\n`;
}

/** Null when `seal` is the seal of `text` under `name`, else why not (in words for the log). */
export function sealProblem(scope: SealScope, name: string, text: string, seal: string | undefined): string | null {
  if (seal === undefined) return 'it carries no seal, and inbox-key is set: only a step that knows the key writes parcels';
  const match = new RegExp(`^${SEAL_HEADER} ([0-9a-f]{64})\\n?$`).exec(seal);
  if (!match) return 'its seal is not in the form this version reads';
  const expected = sealDigest(scope, name, text);
  if (!timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected)) return 'its seal does not match: not written by a step that knows this inbox-key, or changed since';
  return null;
}
