/**
 * The files of the data branch and their text form. Pure: parse text into data, render data into text.
 *
 * Layout (schema 4), documented for users in docs/data-branch.md and in the README.md written on the branch:
 *   flakeguard.json      schema, shard count, writes since the last compaction, the window of the last write, ingested run keys (idempotence)
 *   runs.json            one line per run: sequence number, key, sha, time, default branch, job result, link
 *   history/NN.json      one line per test that is not quiet: its rolling window of runs (src/store/history-format.ts)
 *   history/quiet-NN.json  one line per quiet test (only first-attempt passes up to the newest run): `"o":"P*"`, unchanged while it stays quiet
 *   stats/NN.json        one line per test: scores, quarantine state and the hand-editable `override`
 *   README.md            how to read and edit the branch
 */
import type { Override } from '../model.ts';
import { MAX_OVERRIDE_CELLS, readCell } from '../history/cell.ts';
import { costPerMinuteOf } from '../cost/index.ts';
import { strictJsonFault } from './strict-json.ts';

/** Written by this version. Older layouts are migrated on read (src/store/migrate.ts), never rejected (docs/adr/0001-data-branch-schema.md). */
export const SCHEMA_VERSION = 4;
export const META_FILE = 'flakeguard.json';
export const RUNS_FILE = 'runs.json';
export const TESTS_PER_SHARD = 1000;

export interface Meta {
  schema: number;
  shards: number;
  /** Commits written since the branch was last squashed to a fresh root. */
  writes: number;
  /** ingestion key → time (ms) it was ingested; pruned with the history's age limit. */
  ingested: Record<string, number>;
  /**
   * The retention the last write applied (schema 4): at most `maxRuns` runs, none older than `oldestKept` (ms). A
   * reader trims the open-ended lines of quiet shards with it (their `from` is moved lazily: history-format.ts).
   */
  window?: RetentionWindow;
  /** The `cost-per-minute` input the last write was given (docs/cost.md): the views price CI minutes with it. */
  costPerMinute?: number;
}

export interface RetentionWindow {
  maxRuns: number;
  oldestKept: number;
}

/** One line of a stats file. `override` is the hand edit; edits of the computed fields are read through `check` (src/policy/hand-edits.ts). */
export interface StatsLine {
  /** The user's override as they wrote it (a string or an object); parsed by parseOverride. */
  override: unknown;
  quarantined: boolean;
  reason: string;
  since?: string;
  [score: string]: unknown;
}

export interface FileProblem {
  file: string;
  line?: number;
  message: string;
  /** Not a problem but a notice: something was done as the person meant (a stats line moved to its shard). */
  notice?: true;
  /** A warning: the run goes on without the file, which nothing is decided from (src/store/read-bounds.ts). */
  warning?: true;
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

/** The folder of the history shards: the bulk of the branch's text. */
export const HISTORY_DIR = 'history/';

export function historyPath(index: number, shards: number): string {
  return `${HISTORY_DIR}${shardName(index, shards)}.json`;
}

/** The quiet shard of a shard index (schema 4): the tests whose line does not change while they keep passing. */
export function quietPath(index: number, shards: number): string {
  return `${HISTORY_DIR}quiet-${shardName(index, shards)}.json`;
}

/**
 * The fewest shards a history has before its quiet tests get quiet files: a one-shard history is one small file,
 * which a quiet file would only split (docs/adr/0365-schema-4-quiet-shards.md).
 */
export const QUIET_FROM_SHARDS = 2;

/** True for a quiet shard's path (`history/quiet-NN.json`). */
export function isQuietPath(path: string): boolean {
  return /^history\/quiet-[0-9a-f]+\.json$/.test(path);
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
  /** The whole file's object. */
  root: Record<string, unknown>;
  schema: number;
  entries: Map<string, unknown>;
  /** 1-based line of an entry, to point users at what they wrote (found when first asked: most files are sound). */
  lineOf(id: string): number | undefined;
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
 * line by line, so the problem names the line the user broke. Strict (src/store/strict-json.ts): a key written twice
 * or a value nested too deep is a problem naming its lines, never a silent winner nor a stack overflow later.
 */
export function parseLineObject(file: string, text: string, key: string): { value?: LineObject; problems: FileProblem[] } {
  const stripped = text.replace(/^\uFEFF/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripped);
  } catch (error) {
    return { problems: [{ file, line: locateBrokenLine(stripped) ?? errorLine(stripped, error), message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }] };
  }
  const fault = strictJsonFault(stripped, parsed);
  if (fault) return { problems: [{ file, line: fault.line, message: fault.message }] };
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { problems: [{ file, line: 1, message: 'expected a JSON object' }] };
  }
  const record = parsed as Record<string, unknown>;
  const schema = typeof record.schema === 'number' ? record.schema : 1;
  const body = record[key];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { problems: [{ file, line: 1, message: `expected a "${key}" object` }] };
  }
  const entries = new Map<string, unknown>();
  for (const key in body as Record<string, unknown>) entries.set(key, (body as Record<string, unknown>)[key]);
  let lines: Map<string, number> | undefined;
  const lineOf = (id: string): number | undefined => {
    if (!lines) {
      lines = new Map();
      const rows = stripped.split('\n');
      for (let i = 0; i < rows.length; i++) {
        const match = /^\s*("(?:[^"\\]|\\.)*")\s*:/.exec(rows[i]!);
        if (!match) continue;
        try {
          const key = JSON.parse(match[1]!) as string;
          if (entries.has(key) && !lines.has(key)) lines.set(key, i + 1);
        } catch {
          // not an entry line
        }
      }
    }
    return lines.get(id);
  };
  return { value: { root: record, schema, entries, lineOf }, problems: [] };
}

/** For a file that is not JSON, the first entry line that is not valid on its own. */
function locateBrokenLine(text: string): number | undefined {
  const rows = text.split('\n');
  for (let i = 1; i < rows.length; i++) {
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

/* ---------- meta ---------- */

export function renderMeta(meta: Meta): string {
  const ingested = Object.entries(meta.ingested).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  const lines = ingested.map(([key, time]) => `  ${JSON.stringify(key)}: ${time}`);
  const window = meta.window ? `"window": [${meta.window.maxRuns}, ${meta.window.oldestKept}], ` : '';
  const price = meta.costPerMinute !== undefined ? `"costPerMinute": ${meta.costPerMinute}, ` : '';
  return `{"schema": ${meta.schema}, "shards": ${meta.shards}, "writes": ${meta.writes}, ${window}${price}"ingested": {\n${lines.join(',\n')}\n}}\n`;
}

/**
 * Reads flakeguard.json strictly: it holds the ingestion keys that make ingesting the same job attempt twice count
 * once, so a field of the wrong type is a problem (the branch is then damaged, src/store/snapshot.ts), never a
 * default that would forget them.
 */
export function parseMeta(text: string): { meta?: Meta; problems: FileProblem[] } {
  const { value, problems } = parseLineObject(META_FILE, text, 'ingested');
  if (!value) return { problems };
  const raw = value.root;
  const bad = (message: string, line = 1): { problems: FileProblem[] } => ({ problems: [{ file: META_FILE, line, message }] });
  if (!Number.isInteger(raw.schema) || (raw.schema as number) < 1) return bad(`"schema" must be a positive whole number, got ${JSON.stringify(raw.schema ?? null).slice(0, 40)}`);
  const schema = raw.schema as number;
  if (schema > SCHEMA_VERSION) return bad(`written in schema ${schema} by a newer flakeguard; this version reads schemas 1 to ${SCHEMA_VERSION} (update the action)`);
  if (!Number.isInteger(raw.shards) || (raw.shards as number) < 1 || (raw.shards as number) > 65536) {
    return bad(`"shards" must be a whole number from 1 to 65536, got ${JSON.stringify(raw.shards ?? null).slice(0, 40)}`);
  }
  if (raw.writes !== undefined && (!Number.isInteger(raw.writes) || (raw.writes as number) < 0)) {
    return bad(`"writes" must be a whole number, got ${JSON.stringify(raw.writes).slice(0, 40)}`);
  }
  const ingested: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const [key, time] of value.entries) {
    if (typeof time !== 'number' || !Number.isFinite(time)) {
      return bad(`the ingestion key ${JSON.stringify(key).slice(0, 120)} must map to a time in ms, got ${JSON.stringify(time ?? null).slice(0, 40)}`, value.lineOf(key) ?? 1);
    }
    ingested[key] = time;
  }
  let window: RetentionWindow | undefined;
  if (raw.window !== undefined) {
    const w = raw.window;
    if (!Array.isArray(w) || w.length !== 2 || !Number.isSafeInteger(w[0]) || (w[0] as number) < 1 || typeof w[1] !== 'number' || !Number.isFinite(w[1])) {
      return bad(`"window" must be [most runs, oldest time kept in ms], got ${JSON.stringify(w).slice(0, 60)}`);
    }
    window = { maxRuns: w[0] as number, oldestKept: w[1] };
  }
  const meta: Meta = { schema, shards: raw.shards as number, writes: (raw.writes as number | undefined) ?? 0, ingested: { ...ingested } };
  if (window) meta.window = window;
  // Informational: a price not in its form is not recorded (no decision reads it).
  const price = costPerMinuteOf(raw.costPerMinute);
  if (price !== undefined) meta.costPerMinute = price;
  return { meta, problems: [] };
}

/* ---------- stats and overrides ---------- */

/** Reads a user-written override; returns a problem message for anything we cannot honour. */
export function parseOverride(raw: unknown): { override: Override | null; problem?: string } {
  if (raw === null || raw === undefined || raw === '') return { override: null };
  if (raw === 'quarantine' || raw === 'never') return { override: { action: raw } };
  if (typeof raw === 'string') {
    return { override: null, problem: `override must be "quarantine", "never" or null, got ${JSON.stringify(raw).slice(0, 80)}` };
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return { override: null, problem: 'override must be "quarantine", "never", null or an object {"action", "reason", "until", "cells"}' };
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
    const until = readUntil(o.until);
    if ('problem' in until) return { override: null, problem: `override.until ${until.problem}` };
    override.until = o.until as string;
  }
  if (o.cells !== undefined && o.cells !== null) {
    const cells = readOverrideCells(o.cells, o.action);
    if ('problem' in cells) return { override: null, problem: cells.problem };
    override.cells = cells.cells;
  }
  return { override };
}

/** An override's `cells` (docs/matrix.md#quarantine-per-cell): canonical, sorted, each once; or why they cannot be honoured. */
function readOverrideCells(raw: unknown, action: unknown): { cells: string[] } | { problem: string } {
  if (action !== 'quarantine') return { problem: 'override.cells applies only to "action": "quarantine" (a "never" override covers every cell)' };
  if (!Array.isArray(raw) || raw.length === 0) return { problem: `override.cells must be a non-empty list of cells like ["os=windows-latest"], got ${JSON.stringify(raw).slice(0, 80)}` };
  if (raw.length > MAX_OVERRIDE_CELLS) return { problem: `override.cells names ${raw.length} cells, more than the ${MAX_OVERRIDE_CELLS} flakeguard reads` };
  const cells = new Set<string>();
  for (const item of raw) {
    const read = readCell(item);
    if ('problem' in read) return { problem: `override.cells: each cell ${read.problem}` };
    cells.add(read.cell);
  }
  return { cells: [...cells].sort() };
}

const UNTIL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2})))?$/;

/**
 * When an override's `until` ends (ms), or why it is not a date: the one check of the action (stats files) and the
 * CLI (`--until`), so that both accept and refuse the same texts with the same message. A calendar date
 * `YYYY-MM-DD` ends at the end of that day, UTC; an ISO 8601 time (`2026-12-31T18:00:00Z`, with `Z` or an offset)
 * at that time. Every field must exist on the calendar: `2026-02-30` is refused, never read as March 2nd (as
 * Date.parse does), and a time without an offset (local to whichever runner reads it) is refused.
 */
export function readUntil(value: unknown): { end: number } | { problem: string } {
  const shown = JSON.stringify(value ?? null).slice(0, 80);
  const wrong = (why: string): { problem: string } => ({ problem: `must be a date like 2026-12-31 (or a time like 2026-12-31T18:00:00Z), got ${shown}${why ? `: ${why}` : ''}` });
  if (typeof value !== 'string') return wrong('');
  const m = UNTIL.exec(value);
  if (!m) return wrong('');
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12) return wrong(`there is no month ${m[2]}`);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return wrong(`${m[1]}-${m[2]} has no day ${m[3]}`);
  if (m[4] === undefined) return { end: Date.UTC(year, month - 1, day) + 86_400_000 - 1 };
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) return wrong('there is no such time of day');
  if (m[8] !== undefined && (Number(m[8]) > 23 || Number(m[9]) > 59)) return wrong('there is no such UTC offset');
  const end = Date.parse(value);
  return Number.isNaN(end) ? wrong('') : { end };
}

/** An override lapses at the end of its `until` day (UTC), or at the exact time when one is given (readUntil). */
export function overrideExpired(override: Override, now: number): boolean {
  if (!override.until) return false;
  const until = readUntil(override.until);
  // (An override is read through parseOverride, which refuses a bad `until`: one that got here lapses at once.)
  return 'problem' in until || now > until.end;
}

export function renderStatsShard(lines: Array<[string, StatsLine]>): string {
  return renderLineObject(SCHEMA_VERSION, 'tests', lines);
}
