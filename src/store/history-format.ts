/**
 * How the history is written on the data branch (schema 2). Pure.
 *
 * runs.json gives every ingested run a sequence number. A test's history line stores its outcomes as one string
 * aligned on those numbers, starting at `from`: one letter per run (P, F, E, S), several attempts in
 * parentheses (`(FP)` failed then passed on a retry), `.` for a run the test was not in (`.12` for twelve).
 * Each run appends a character to each line, so git stores a run as a small delta: the branch grows slowly.
 *
 *   "pkg.A::t": {"name":"t","classname":"pkg.A","from":41,"o":"PPP(FP)P.3F","m":{"44":"timeout after ms"},"d":0.2}
 */
import type { History, TestHistory, TestRunRecord } from '../model.ts';
import { runRecord, withDuration } from '../history/records.ts';
import { RUNS_FILE, SCHEMA_VERSION, parseLineObject, renderLineObject, type FileProblem } from './layout.ts';

export interface RunRow {
  seq: number;
  sha: string;
  time: number;
  onDefaultBranch: boolean;
  jobSucceeded?: boolean;
  /** Link to the workflow run, for people. */
  url?: string;
  /** Failure keys of this run's outages (src/policy/outage.ts). */
  outages?: string[];
  /** Results from an artifact flakeguard does not vouch for (docs/forks.md): stored as the row's 8th field, `1`. */
  untrusted?: boolean;
}

/** Runs by key (RunContext.key). */
export type RunTable = Map<string, RunRow>;

export function nextSeq(runs: RunTable): number {
  let max = 0;
  for (const row of runs.values()) if (row.seq > max) max = row.seq;
  return max + 1;
}

/* ---------- runs.json ---------- */

type StoredRunRow = [string, string, number, 0 | 1, 0 | 1 | null, (string | null)?, string[]?, 1?];

export function renderRuns(runs: RunTable): string {
  return renderLineObject(
    SCHEMA_VERSION,
    'runs',
    [...runs].map(([key, row]) => {
      const stored: StoredRunRow = [key, row.sha, row.time, row.onDefaultBranch ? 1 : 0, row.jobSucceeded === undefined ? null : row.jobSucceeded ? 1 : 0];
      if (row.url || row.outages?.length || row.untrusted) stored.push(row.url ?? null);
      if (row.outages?.length || row.untrusted) stored.push(row.outages ?? []);
      if (row.untrusted) stored.push(1);
      return [String(row.seq).padStart(8, '0'), stored];
    }),
  );
}

/** A line-per-entry file of this schema, or a problem on its first line (a file of another schema than the branch's). */
function schemaProblem(file: string, schema: number, expected: number | undefined): FileProblem[] {
  if (expected === undefined || schema === expected) return [];
  return [{ file, line: 1, message: `written in schema ${schema}, but the branch (flakeguard.json) is in schema ${expected}` }];
}

/** Every problem is a damage of the file (src/store/snapshot.ts): nothing is dropped silently. */
export function parseRuns(file: string, text: string, schema?: number): { runs: RunTable; problems: FileProblem[] } {
  const runs: RunTable = new Map();
  const { value, problems } = parseLineObject(file, text, 'runs');
  if (!value) return { runs, problems };
  problems.push(...schemaProblem(file, value.schema, schema));
  const seqs = new Set<number>();
  for (const [seqText, raw] of value.entries) {
    const seq = Number(seqText);
    if (!/^\d+$/.test(seqText) || !Number.isSafeInteger(seq) || seq < 1 || !Array.isArray(raw) || typeof raw[0] !== 'string' || typeof raw[1] !== 'string' || typeof raw[2] !== 'number' || !Number.isFinite(raw[2])) {
      problems.push({ file, line: value.lines.get(seqText), message: `run ${JSON.stringify(seqText).slice(0, 40)} is not in the expected form [run key, commit, time, default branch, job result, link]` });
      continue;
    }
    if (seqs.has(seq)) {
      problems.push({ file, line: value.lines.get(seqText), message: `run number ${seq} appears twice` });
      continue;
    }
    if (runs.has(raw[0])) {
      problems.push({ file, line: value.lines.get(seqText), message: `the run key ${JSON.stringify(raw[0]).slice(0, 120)} appears twice` });
      continue;
    }
    seqs.add(seq);
    const row: RunRow = { seq, sha: raw[1], time: raw[2], onDefaultBranch: raw[3] === 1 };
    if (raw[4] === 0 || raw[4] === 1) row.jobSucceeded = raw[4] === 1;
    if (typeof raw[5] === 'string') row.url = raw[5];
    if (Array.isArray(raw[6]) && raw[6].length > 0 && raw[6].every((m: unknown) => typeof m === 'string')) row.outages = raw[6] as string[];
    if (raw[7] === 1) row.untrusted = true;
    runs.set(raw[0], row);
  }
  return { runs, problems };
}

/* ---------- outcome strings ---------- */

export function encodeOutcomes(slots: Array<{ seq: number; attempts: string }>): { from: number; o: string } {
  const sorted = [...slots].sort((a, b) => a.seq - b.seq);
  const from = sorted[0]?.seq ?? 0;
  let o = '';
  let expected = from;
  for (const slot of sorted) {
    const gap = slot.seq - expected;
    if (gap === 1) o += '.';
    else if (gap > 1) o += `.${gap}`;
    o += slot.attempts.length === 1 ? slot.attempts : `(${slot.attempts})`;
    expected = slot.seq + 1;
  }
  return { from, o };
}

/** The runs of an outcome string, or null when it is malformed. */
export function decodeOutcomes(from: number, o: string): Array<{ seq: number; attempts: string }> | null {
  const out: Array<{ seq: number; attempts: string }> = [];
  let seq = from;
  let i = 0;
  while (i < o.length) {
    const c = o[i]!;
    if (c === '.') {
      let j = i + 1;
      while (j < o.length && o.charCodeAt(j) >= 48 && o.charCodeAt(j) <= 57) j++;
      seq += j > i + 1 ? Number(o.slice(i + 1, j)) : 1;
      i = j;
    } else if (c === '(') {
      const end = o.indexOf(')', i);
      if (end < 0) return null;
      const attempts = o.slice(i + 1, end);
      if (!/^[PFES]+$/.test(attempts)) return null;
      out.push({ seq, attempts });
      seq++;
      i = end + 1;
    } else if (c === 'P' || c === 'F' || c === 'E' || c === 'S') {
      out.push({ seq, attempts: c });
      seq++;
      i++;
    } else {
      return null;
    }
  }
  return out;
}

/* ---------- history shards ---------- */

interface StoredTest {
  name: string;
  classname: string;
  file?: string;
  line?: number;
  from: number;
  o: string;
  /** Normalised first failure message, by run sequence number. */
  m?: Record<string, string>;
  /** Duration in seconds of the newest run. */
  d?: number;
}

export function renderHistoryShard(tests: TestHistory[], runs: RunTable): string {
  return renderLineObject(
    SCHEMA_VERSION,
    'tests',
    tests.map((t) => {
      const slots: Array<{ seq: number; attempts: string }> = [];
      const messages: Record<string, string> = {};
      let newest: TestRunRecord | undefined;
      for (const r of t.runs) {
        const seq = runs.get(r.run)?.seq;
        if (seq === undefined) continue;
        slots.push({ seq, attempts: r.attempts });
        if (r.message !== undefined) messages[String(seq)] = r.message;
        if (!newest || r.time >= newest.time) newest = r;
      }
      const { from, o } = encodeOutcomes(slots);
      // Key order is the order people read the line in: who, where, then the outcomes.
      const stored: StoredTest = {
        name: t.name,
        classname: t.classname,
        ...(t.file !== undefined ? { file: t.file } : {}),
        ...(t.line !== undefined ? { line: t.line } : {}),
        from,
        o,
      };
      if (Object.keys(messages).length > 0) stored.m = messages;
      if (newest?.durationSec !== undefined) stored.d = newest.durationSec;
      return [t.id, stored];
    }),
  );
}

function isStoredTest(value: unknown): value is StoredTest {
  const v = value as StoredTest;
  return typeof v === 'object' && v !== null && typeof v.name === 'string' && Number.isInteger(v.from) && typeof v.o === 'string';
}

/** Adds the tests of one history shard to `into`, joining each run with its row in runs.json. */
export function parseHistoryShard(file: string, text: string, runs: RunTable, into: History, schema?: number): FileProblem[] {
  const { value, problems } = parseLineObject(file, text, 'tests');
  if (!value) return problems;
  problems.push(...schemaProblem(file, value.schema, schema));
  const bySeq = new Map<number, [string, RunRow]>();
  for (const [key, row] of runs) bySeq.set(row.seq, [key, row]);
  for (const [id, raw] of value.entries) {
    const slots = isStoredTest(raw) ? decodeOutcomes(raw.from, raw.o) : null;
    if (!isStoredTest(raw) || slots === null) {
      problems.push({ file, line: value.lines.get(id), message: `the history of '${id.slice(0, 200)}' is not in the expected form {"name", "classname", "from", "o"}` });
      continue;
    }
    if (into.has(id)) {
      problems.push({ file, line: value.lines.get(id), message: `the test '${id.slice(0, 200)}' is also in another history file` });
      continue;
    }
    const records: TestRunRecord[] = [];
    let missing: number | undefined;
    for (const slot of slots) {
      const joined = bySeq.get(slot.seq);
      if (!joined) {
        missing = slot.seq;
        break;
      }
      const message = raw.m?.[String(slot.seq)];
      records.push(runRecord(joined[0], joined[1], slot.attempts, typeof message === 'string' ? message : undefined));
    }
    if (missing !== undefined) {
      problems.push({ file, line: value.lines.get(id), message: `the history of '${id.slice(0, 200)}' refers to run ${missing}, which ${RUNS_FILE} does not have` });
      continue;
    }
    records.sort((a, b) => a.time - b.time);
    if (records.length > 0 && typeof raw.d === 'number') records[records.length - 1] = withDuration(records[records.length - 1]!, raw.d);
    const test: TestHistory = { id, name: raw.name, classname: String(raw.classname ?? ''), runs: records };
    if (typeof raw.file === 'string') test.file = raw.file;
    if (typeof raw.line === 'number') test.line = raw.line;
    into.set(id, test);
  }
  return problems;
}
