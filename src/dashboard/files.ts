/**
 * The dashboard's readers of the data branch's files (schemas 2 to 4, docs/data-branch.md). Pure, no DOM, no Node: the
 * page bundles them and the tests run them on the same texts. Each reader takes one file's text and returns plain
 * data, dropping (and counting) what is not in the expected form, so that a format change stays in this file.
 *
 * They are lighter than the step's readers in src/store/: the page never builds per-run record objects for every
 * test (10 M of them at 100k tests); it keeps each test's outcome string and walks it (test-runs.ts).
 */
import { RUNS_FILE, META_FILE } from '../store/layout.ts';
import { closeOpenEnd, fileFromAround, parseOutcomeString } from '../history/outcome-string.ts';
import { strictJsonFault } from '../store/strict-json.ts';
import { readFigures } from '../store/run-figures.ts';
import { costPerMinuteOf } from '../cost/index.ts';
import type { RunRow as StoredRunRow } from '../store/history-format.ts';

export { RUNS_FILE, META_FILE };

export interface BranchMeta {
  schema: number;
  shards: number;
  /** The price of a CI minute the step was given (`cost-per-minute`, docs/cost.md), when recorded. */
  costPerMinute?: number;
}

/**
 * A row of runs.json as the step stores it (`time` in ms since the epoch; `jobSucceeded` what flakeguard decided for
 * the job, after forgiving quarantined tests, undefined when not recorded), with its run key.
 */
export interface RunRow extends StoredRunRow {
  key: string;
}

/** One test's line of a history file. */
export interface HistoryLine {
  id: string;
  name: string;
  classname: string;
  file?: string;
  line?: number;
  /** Sequence number of the first token of `o`. */
  from: number;
  /** Outcome tokens (see history-format.ts): P F E S, (FP) several attempts, `.`/`.N` runs without the test. */
  o: string;
  /** Normalised first failure message, by sequence number. */
  m?: Record<string, string>;
  /** Seconds of the newest run. */
  d?: number;
}

export type OverrideAction = 'quarantine' | 'never';

/** One test's line of a stats file: only the fields the page shows. */
export interface StatsLine {
  quarantined: boolean;
  reason: string;
  since?: string;
  evidenceAfter?: number;
  /** The matrix cells a quarantine of some cells only covers (docs/matrix.md#quarantine-per-cell). */
  cells?: string[];
  /** The hand override exactly as written (null when none). */
  override: unknown;
  /** The override's action when it is one of the documented forms. */
  overrideAction?: OverrideAction;
  overrideReason?: string;
  overrideUntil?: string;
  runs?: number;
  recent?: string;
  tier?: string;
  /** [estimate, low, high] of the probability of a flaky failure (docs/scoring.md). */
  pfs?: [number, number, number];
  score?: number;
  recommendation?: string;
  /** Seed 000's priority and reason of a recommendation other than stable. */
  priority?: string;
  recommendationReason?: string;
}

export interface Parsed<T> {
  value: T;
  /** Entries dropped because they are not in the expected form. */
  dropped: number;
  /** The file could not be read at all (not JSON, wrong shape): why. */
  error?: string;
}

/** The file's JSON, strict as the step reads it (src/store/strict-json.ts), or why it cannot be read. */
function strictParse(text: string): { value: unknown } | string {
  const stripped = text.replace(/^\uFEFF/, '');
  let value: unknown;
  try {
    value = JSON.parse(stripped);
  } catch (error) {
    return `not valid JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  const fault = strictJsonFault(stripped, value);
  return fault ? `line ${fault.line}: ${fault.message}` : { value };
}

function body(text: string, key: string): { schema: number; entries: Record<string, unknown> } | string {
  const read = strictParse(text);
  if (typeof read === 'string') return read;
  const parsed = read.value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'not a JSON object';
  const record = parsed as Record<string, unknown>;
  const entries = record[key];
  if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) return `no "${key}" object`;
  return { schema: typeof record.schema === 'number' ? record.schema : 1, entries: entries as Record<string, unknown> };
}

export function parseMetaText(text: string): Parsed<BranchMeta> {
  const read = strictParse(text);
  if (typeof read === 'string') return { value: { schema: 0, shards: 0 }, dropped: 0, error: `${META_FILE}: ${read}` };
  try {
    const raw = read.value as Record<string, unknown>;
    const shards = Number.isInteger(raw.shards) && (raw.shards as number) > 0 && (raw.shards as number) <= 65536 ? (raw.shards as number) : 1;
    const costPerMinute = costPerMinuteOf(raw.costPerMinute);
    return { value: { schema: typeof raw.schema === 'number' ? raw.schema : 1, shards, ...(costPerMinute !== undefined ? { costPerMinute } : {}) }, dropped: 0 };
  } catch (error) {
    return { value: { schema: 0, shards: 0 }, dropped: 0, error: `${META_FILE} is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

/** runs.json: `"<seq>": [key, sha, time, default 1/0, succeeded 1/0/null, link?, outages?, untrusted?, cell?, figures?]`, sorted by seq. */
export function parseRunsText(text: string): Parsed<RunRow[]> {
  const b = body(text, 'runs');
  if (typeof b === 'string') return { value: [], dropped: 0, error: `${RUNS_FILE}: ${b}` };
  const rows: RunRow[] = [];
  let dropped = 0;
  for (const [seqText, raw] of Object.entries(b.entries)) {
    const seq = Number(seqText);
    if (!Number.isInteger(seq) || !Array.isArray(raw) || typeof raw[0] !== 'string' || typeof raw[1] !== 'string' || typeof raw[2] !== 'number') {
      dropped++;
      continue;
    }
    const row: RunRow = { seq, key: raw[0], sha: raw[1], time: raw[2], onDefaultBranch: raw[3] === 1 };
    if (raw[4] === 0 || raw[4] === 1) row.jobSucceeded = raw[4] === 1;
    if (typeof raw[5] === 'string') row.url = raw[5];
    if (Array.isArray(raw[6]) && raw[6].every((m: unknown) => typeof m === 'string')) row.outages = raw[6] as string[];
    const figures = readFigures(raw[9]);
    if (figures) row.figures = figures;
    rows.push(row);
  }
  rows.sort((a, b) => a.seq - b.seq);
  return { value: rows, dropped };
}

/**
 * history/NN.json and history/quiet-NN.json: one line per test. `newest`: the newest run of runs.json, up to which an
 * open-ended token (`P*`, schema 4) stands; the line's `o` is given with its count written out. The page does not trim
 * a quiet line's lagging `from` (the step does, with the window of flakeguard.json): it may show up to 20 more passes.
 */
export function parseHistoryText(text: string, newest = 0): Parsed<HistoryLine[]> {
  const b = body(text, 'tests');
  if (typeof b === 'string') return { value: [], dropped: 0, error: b };
  const out: HistoryLine[] = [];
  let dropped = 0;
  for (const [id, raw] of Object.entries(b.entries)) {
    const v = raw as Record<string, unknown>;
    // Schema 3 leaves out name and classname when the id is `<classname>::<name>`.
    const cut = id.lastIndexOf('::');
    const derived = b.schema >= 3 && typeof v === 'object' && v !== null && v.name === undefined && cut >= 0;
    const o = typeof v === 'object' && v !== null && typeof v.o === 'string' && Number.isInteger(v.from) ? (b.schema >= 4 ? closeOpenEnd(v.from as number, v.o, newest) : v.o) : null;
    if (typeof v !== 'object' || v === null || (typeof v.name !== 'string' && !derived) || o === null || parseOutcomeString(o) === null) {
      dropped++;
      continue;
    }
    const name = derived ? id.slice(cut + 2) : (v.name as string);
    const classname = derived ? id.slice(0, cut) : typeof v.classname === 'string' ? v.classname : '';
    const line: HistoryLine = { id, name, classname, from: v.from as number, o };
    const file = typeof v.file === 'string' ? v.file : fileFromAround(v.fp, classname);
    if (file !== undefined) line.file = file;
    if (typeof v.line === 'number') line.line = v.line;
    if (typeof v.m === 'object' && v.m !== null && !Array.isArray(v.m)) line.m = v.m as Record<string, string>;
    if (typeof v.d === 'number' && Number.isFinite(v.d)) line.d = v.d;
    out.push(line);
  }
  return { value: out, dropped };
}

function overrideOf(raw: unknown): Pick<StatsLine, 'overrideAction' | 'overrideReason' | 'overrideUntil'> {
  if (raw === 'quarantine' || raw === 'never') return { overrideAction: raw };
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    const o = raw as Record<string, unknown>;
    if (o.action === 'quarantine' || o.action === 'never') {
      return {
        overrideAction: o.action,
        ...(typeof o.reason === 'string' ? { overrideReason: o.reason } : {}),
        ...(typeof o.until === 'string' ? { overrideUntil: o.until } : {}),
      };
    }
  }
  return {};
}

const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);

/** stats/NN.json: one line per test, by id. */
export function parseStatsText(text: string): Parsed<Map<string, StatsLine>> {
  const b = body(text, 'tests');
  const out = new Map<string, StatsLine>();
  if (typeof b === 'string') return { value: out, dropped: 0, error: b };
  let dropped = 0;
  for (const [id, raw] of Object.entries(b.entries)) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      dropped++;
      continue;
    }
    const e = raw as Record<string, unknown>;
    const line: StatsLine = { quarantined: e.quarantined === true, reason: typeof e.reason === 'string' ? e.reason : '', override: e.override ?? null, ...overrideOf(e.override) };
    if (typeof e.since === 'string') line.since = e.since;
    if (num(e.evidenceAfter) !== undefined) line.evidenceAfter = num(e.evidenceAfter);
    if (Array.isArray(e.cells) && e.cells.every((c) => typeof c === 'string')) line.cells = e.cells as string[];
    if (num(e.runs) !== undefined) line.runs = num(e.runs);
    if (typeof e.recent === 'string') line.recent = e.recent;
    if (typeof e.tier === 'string') line.tier = e.tier;
    if (Array.isArray(e.pfs) && e.pfs.length === 3 && e.pfs.every((x) => num(x) !== undefined)) line.pfs = e.pfs as [number, number, number];
    if (num(e.score) !== undefined) line.score = num(e.score);
    if (typeof e.recommendation === 'string') line.recommendation = e.recommendation;
    if (typeof e.priority === 'string') line.priority = e.priority;
    if (typeof e.recommendationReason === 'string') line.recommendationReason = e.recommendationReason;
    out.set(id, line);
  }
  return { value: out, dropped };
}
