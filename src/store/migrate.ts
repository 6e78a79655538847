/**
 * Readers of older data-branch layouts. An older layout is migrated on read, never rejected: the snapshot it
 * gives is the same as the current schema's, and the next write is in the current schema (schema 2 needs no reader
 * of its own: src/store/history-format.ts reads it).
 *
 * Schema 1 (early development builds, before the first release): runs.json keyed by run key, `[sha, time, default, jobSucceeded?]`; each history line
 * held `runs: [[runKey, attempts, message?, duration?], ...]`.
 */
import type { History, TestHistory, TestRunRecord } from '../model.ts';
import { runRecord } from '../history/records.ts';
import { parseLineObject, type FileProblem } from './layout.ts';
import type { RunRow, RunTable } from './history-format.ts';

/** Schema 1's runs, numbered in time order (schema 1 had no sequence numbers). */
export function parseRunsV1(file: string, text: string): { runs: RunTable; problems: FileProblem[] } {
  const rows: Array<[string, Omit<RunRow, 'seq'>]> = [];
  const { value, problems } = parseLineObject(file, text, 'runs');
  if (value) {
    for (const [key, raw] of value.entries) {
      if (!Array.isArray(raw) || typeof raw[0] !== 'string' || typeof raw[1] !== 'number') {
        problems.push({ file, line: value.lineOf(key), message: `run '${key}' is not in the expected form` });
        continue;
      }
      const row: Omit<RunRow, 'seq'> = { sha: raw[0], time: raw[1], onDefaultBranch: raw[2] === 1 };
      if (raw[3] === 0 || raw[3] === 1) row.jobSucceeded = raw[3] === 1;
      rows.push([key, row]);
    }
  }
  rows.sort((a, b) => a[1].time - b[1].time || (a[0] < b[0] ? -1 : 1));
  const runs: RunTable = new Map();
  rows.forEach(([key, row], i) => runs.set(key, { seq: i + 1, ...row }));
  return { runs, problems };
}

type StoredRunV1 = [string, string, (string | null)?, (number | null)?];

interface StoredTestV1 {
  name: string;
  classname: string;
  file?: string;
  line?: number;
  runs: StoredRunV1[];
}

function isStoredTestV1(value: unknown): value is StoredTestV1 {
  const v = value as StoredTestV1;
  return typeof v === 'object' && v !== null && typeof v.name === 'string' && Array.isArray(v.runs);
}

export function parseHistoryShardV1(file: string, text: string, runs: RunTable, into: History): FileProblem[] {
  const { value, problems } = parseLineObject(file, text, 'tests');
  if (!value) return problems;
  for (const [id, raw] of value.entries) {
    if (!isStoredTestV1(raw)) {
      problems.push({ file, line: value.lineOf(id), message: `history of '${id}' is not in the expected form` });
      continue;
    }
    const records: TestRunRecord[] = [];
    for (const stored of raw.runs) {
      if (!Array.isArray(stored) || typeof stored[0] !== 'string' || typeof stored[1] !== 'string' || !/^[PFES]+$/.test(stored[1])) continue;
      const row = runs.get(stored[0]);
      if (!row) continue;
      records.push(runRecord(stored[0], row, stored[1], typeof stored[2] === 'string' ? stored[2] : undefined, typeof stored[3] === 'number' ? stored[3] : undefined));
    }
    records.sort((a, b) => a.time - b.time);
    const test: TestHistory = { id, name: raw.name, classname: String(raw.classname ?? ''), runs: records };
    if (typeof raw.file === 'string') test.file = raw.file;
    if (typeof raw.line === 'number') test.line = raw.line;
    into.set(id, test);
  }
  return problems;
}
