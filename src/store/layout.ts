/**
 * The files of the data branch and their text form. Pure: parse text into data, render data into text.
 *
 * Layout (schema 1), documented for users in docs/data-branch.md and in the README.md written on the branch:
 *   flakeguard.json      schema, shard count, ingested run keys (idempotence)
 *   runs.json            one line per run: sha, time, default branch, job result
 *   history/NN.json      one line per test: its rolling window of runs
 *   stats/NN.json        one line per test: scores, quarantine state and the hand-editable `override`
 *   README.md            how to read and edit the branch
 */
import type { History, Override, TestHistory, TestRunRecord } from '../model.ts';

export const SCHEMA_VERSION = 1;
export const META_FILE = 'flakeguard.json';
export const RUNS_FILE = 'runs.json';
export const TESTS_PER_SHARD = 2000;

export interface Meta {
  schema: number;
  shards: number;
  /** ingestion key → time (ms) it was ingested; pruned with the history's age limit. */
  ingested: Record<string, number>;
}

export interface RunRow {
  sha: string;
  time: number;
  onDefaultBranch: boolean;
  jobSucceeded?: boolean;
}

/** One line of a stats file. Only `override` is read back from users; the rest is recomputed every run. */
export interface StatsLine {
  override: Override | null;
  quarantined: boolean;
  reason: string;
  since?: string;
  [score: string]: unknown;
}

export interface FileProblem {
  file: string;
  line?: number;
  message: string;
}

/** FNV-1a, so that a test's shard never depends on the platform or on Node's hash seed. */
export function shardOf(id: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

export function shardCountFor(tests: number): number {
  let shards = 1;
  while (shards * TESTS_PER_SHARD < tests && shards < 4096) shards *= 2;
  return shards;
}

export function shardName(index: number, shards: number): string {
  const width = Math.max(2, (shards - 1).toString(16).length);
  return index.toString(16).padStart(width, '0');
}

export function historyPath(index: number, shards: number): string {
  return `history/${shardName(index, shards)}.json`;
}

export function statsPath(index: number, shards: number): string {
  return `stats/${shardName(index, shards)}.json`;
}

/* ---------- line-per-entry JSON objects ---------- */

/**
 * Renders `{"schema":1,"<key>":{\n"id":value,\n...}}` with one entry per line, sorted by id, so that a hand edit
 * touches one line and git's deltas stay small.
 */
export function renderLineObject(schema: number, key: string, entries: Array<[string, unknown]>): string {
  const sorted = [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const lines = sorted.map(([id, value]) => `${JSON.stringify(id)}: ${JSON.stringify(value)}`);
  return `{"schema": ${schema}, "${key}": {\n${lines.join(',\n')}\n}}\n`;
}

export interface LineObject {
  schema: number;
  entries: Map<string, unknown>;
  /** 1-based line of each entry, to point users at what they wrote. */
  lines: Map<string, number>;
}

/** Where a JSON.parse error happened, as a 1-based line, when the engine says. */
function errorLine(text: string, error: unknown): number | undefined {
  const message = error instanceof Error ? error.message : '';
  const lineCol = /line (\d+)/.exec(message);
  if (lineCol) return Number(lineCol[1]);
  const position = /position (\d+)/.exec(message);
  if (position) return text.slice(0, Number(position[1])).split('\n').length;
  return undefined;
}

/**
 * Parses a file written by renderLineObject, or edited by hand from one. Whole-file JSON first; when that fails,
 * line by line, so the problem names the line the user broke.
 */
export function parseLineObject(file: string, text: string, key: string): { value?: LineObject; problems: FileProblem[] } {
  const stripped = text.replace(/^\uFEFF/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripped);
  } catch (error) {
    return { problems: [{ file, line: locateBrokenLine(stripped) ?? errorLine(stripped, error), message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }] };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { problems: [{ file, line: 1, message: 'expected a JSON object' }] };
  }
  const record = parsed as Record<string, unknown>;
  const schema = typeof record.schema === 'number' ? record.schema : 1;
  const body = record[key];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { problems: [{ file, line: 1, message: `expected a "${key}" object` }] };
  }
  const entries = new Map(Object.entries(body as Record<string, unknown>));
  const lines = new Map<string, number>();
  const rows = stripped.split('\n');
  for (let i = 0; i < rows.length; i++) {
    const match = /^\s*("(?:[^"\\]|\\.)*")\s*:/.exec(rows[i]!);
    if (!match) continue;
    try {
      const id = JSON.parse(match[1]!) as string;
      if (entries.has(id) && !lines.has(id)) lines.set(id, i + 1);
    } catch {
      // not an entry line
    }
  }
  return { value: { schema, entries, lines }, problems: [] };
}

/** For a file that is not JSON, the first entry line that is not valid on its own. */
function locateBrokenLine(text: string): number | undefined {
  const rows = text.split('\n');
  for (let i = 1; i < rows.length - 1; i++) {
    const row = rows[i]!.trim();
    if (row === '' || row === '}}' || row.startsWith('{"schema"')) continue;
    try {
      JSON.parse(`{${row.replace(/,$/, '')}}`);
    } catch {
      return i + 1;
    }
  }
  return undefined;
}

/* ---------- history ---------- */

/** A stored run of one test: [run key, attempts, normalised message?, duration?]. */
type StoredRun = [string, string, (string | null)?, (number | null)?];

interface StoredTest {
  name: string;
  classname: string;
  file?: string;
  line?: number;
  runs: StoredRun[];
}

export function renderHistoryShard(tests: TestHistory[]): string {
  return renderLineObject(
    SCHEMA_VERSION,
    'tests',
    tests.map((t) => {
      const stored: StoredTest = { name: t.name, classname: t.classname, runs: t.runs.map(storeRun) };
      if (t.file !== undefined) stored.file = t.file;
      if (t.line !== undefined) stored.line = t.line;
      return [t.id, stored];
    }),
  );
}

function storeRun(r: TestRunRecord): StoredRun {
  const stored: StoredRun = [r.run, r.attempts];
  if (r.message !== undefined || r.durationSec !== undefined) stored.push(r.message ?? null);
  if (r.durationSec !== undefined) stored.push(r.durationSec);
  return stored;
}

function isStoredTest(value: unknown): value is StoredTest {
  const v = value as StoredTest;
  return typeof v === 'object' && v !== null && typeof v.name === 'string' && Array.isArray(v.runs);
}

/** Adds the tests of one history shard to `into`, joining each stored run with its row in runs.json. */
export function parseHistoryShard(
  file: string,
  text: string,
  runs: Map<string, RunRow>,
  into: History,
): FileProblem[] {
  const { value, problems } = parseLineObject(file, text, 'tests');
  if (!value) return problems;
  for (const [id, raw] of value.entries) {
    if (!isStoredTest(raw)) {
      problems.push({ file, line: value.lines.get(id), message: `history of '${id}' is not in the expected form; dropped` });
      continue;
    }
    const records: TestRunRecord[] = [];
    for (const stored of raw.runs) {
      if (!Array.isArray(stored) || typeof stored[0] !== 'string' || typeof stored[1] !== 'string') continue;
      const row = runs.get(stored[0]);
      if (!row) continue;
      const record: TestRunRecord = {
        run: stored[0],
        sha: row.sha,
        time: row.time,
        onDefaultBranch: row.onDefaultBranch,
        attempts: stored[1],
      };
      if (typeof stored[2] === 'string') record.message = stored[2];
      if (typeof stored[3] === 'number') record.durationSec = stored[3];
      if (row.jobSucceeded !== undefined) record.jobSucceeded = row.jobSucceeded;
      records.push(record);
    }
    records.sort((a, b) => a.time - b.time);
    const test: TestHistory = { id, name: raw.name, classname: String(raw.classname ?? ''), runs: records };
    if (typeof raw.file === 'string') test.file = raw.file;
    if (typeof raw.line === 'number') test.line = raw.line;
    into.set(id, test);
  }
  return problems;
}

/* ---------- runs ---------- */

type StoredRunRow = [string, number, 0 | 1, (0 | 1 | null)?];

export function renderRuns(runs: Map<string, RunRow>): string {
  return renderLineObject(
    SCHEMA_VERSION,
    'runs',
    [...runs].map(([key, row]) => {
      const stored: StoredRunRow = [row.sha, row.time, row.onDefaultBranch ? 1 : 0];
      if (row.jobSucceeded !== undefined) stored.push(row.jobSucceeded ? 1 : 0);
      return [key, stored];
    }),
  );
}

export function parseRuns(file: string, text: string): { runs: Map<string, RunRow>; problems: FileProblem[] } {
  const runs = new Map<string, RunRow>();
  const { value, problems } = parseLineObject(file, text, 'runs');
  if (!value) return { runs, problems };
  for (const [key, raw] of value.entries) {
    if (!Array.isArray(raw) || typeof raw[0] !== 'string' || typeof raw[1] !== 'number') continue;
    const row: RunRow = { sha: raw[0], time: raw[1], onDefaultBranch: raw[2] === 1 };
    if (raw[3] === 0 || raw[3] === 1) row.jobSucceeded = raw[3] === 1;
    runs.set(key, row);
  }
  return { runs, problems };
}

/* ---------- meta ---------- */

export function renderMeta(meta: Meta): string {
  const ingested = Object.entries(meta.ingested).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  const lines = ingested.map(([key, time]) => `  ${JSON.stringify(key)}: ${time}`);
  return `{"schema": ${meta.schema}, "shards": ${meta.shards}, "ingested": {\n${lines.join(',\n')}\n}}\n`;
}

export function parseMeta(text: string): { meta?: Meta; problems: FileProblem[] } {
  try {
    const raw = JSON.parse(text.replace(/^\uFEFF/, '')) as Partial<Meta>;
    const shards = Number.isInteger(raw.shards) && (raw.shards as number) > 0 ? (raw.shards as number) : 1;
    const ingested: Record<string, number> = {};
    for (const [key, time] of Object.entries(raw.ingested ?? {})) if (typeof time === 'number') ingested[key] = time;
    return { meta: { schema: typeof raw.schema === 'number' ? raw.schema : 1, shards, ingested }, problems: [] };
  } catch (error) {
    return { problems: [{ file: META_FILE, message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }] };
  }
}

/* ---------- stats and overrides ---------- */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads a user-written override; returns a problem message for anything we cannot honour. */
export function parseOverride(raw: unknown): { override: Override | null; problem?: string } {
  if (raw === null || raw === undefined || raw === '') return { override: null };
  if (raw === 'quarantine' || raw === 'never') return { override: { action: raw } };
  if (typeof raw === 'string') {
    return { override: null, problem: `override must be "quarantine", "never" or null, got ${JSON.stringify(raw).slice(0, 80)}` };
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return { override: null, problem: 'override must be "quarantine", "never", null or an object {"action", "reason", "until"}' };
  }
  const o = raw as Record<string, unknown>;
  if (o.action !== 'quarantine' && o.action !== 'never') {
    return { override: null, problem: `override.action must be "quarantine" or "never", got ${JSON.stringify(o.action ?? null).slice(0, 80)}` };
  }
  const override: Override = { action: o.action };
  if (o.reason !== undefined) {
    if (typeof o.reason !== 'string') return { override: null, problem: 'override.reason must be a string' };
    override.reason = o.reason;
  }
  if (o.until !== undefined && o.until !== null) {
    if (typeof o.until !== 'string' || Number.isNaN(Date.parse(o.until))) {
      return { override: null, problem: `override.until must be a date like 2026-12-31, got ${JSON.stringify(o.until).slice(0, 80)}` };
    }
    override.until = o.until;
  }
  return { override };
}

/** An override lapses at the end of its `until` day (UTC), or at the exact time when one is given. */
export function overrideExpired(override: Override, now: number): boolean {
  if (!override.until) return false;
  const end = DATE_ONLY.test(override.until) ? Date.parse(`${override.until}T23:59:59.999Z`) : Date.parse(override.until);
  return now > end;
}

export function renderStatsShard(lines: Array<[string, StatsLine]>): string {
  return renderLineObject(SCHEMA_VERSION, 'tests', lines);
}
