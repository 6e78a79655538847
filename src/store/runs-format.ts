/**
 * runs.json (schema 4; schemas 2 and 3 read the same): every ingested run with its sequence number, the number a test's
 * history line aligns its outcomes on (src/store/history-format.ts). Pure.
 */
import { readFigures, renderFigures } from './run-figures.ts';
import { SCHEMA_VERSION, parseLineObject, renderLineObject, type FileProblem } from './layout.ts';
import type { RunFigures } from './run-figures.ts';

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
  /** The run's matrix cell (TestRunRecord.cell), when known. */
  cell?: string;
  /** What the dashboard counts of the run (the row's 10th field, docs/data-branch.md): absent in rows written before it. */
  figures?: RunFigures;
}

export { boundedBranch, type RunFigures } from './run-figures.ts';

/** Runs by key (RunContext.key). */
export type RunTable = Map<string, RunRow>;

export function nextSeq(runs: RunTable): number {
  let max = 0;
  for (const row of runs.values()) if (row.seq > max) max = row.seq;
  return max + 1;
}

type StoredRunRow = [string, string, number, 0 | 1, 0 | 1 | null, (string | null)?, string[]?, (0 | 1)?, (string | null)?, Record<string, string | number>?];

export function renderRuns(runs: RunTable): string {
  return renderLineObject(
    SCHEMA_VERSION,
    'runs',
    [...runs].map(([key, row]) => {
      const stored: StoredRunRow = [key, row.sha, row.time, row.onDefaultBranch ? 1 : 0, row.jobSucceeded === undefined ? null : row.jobSucceeded ? 1 : 0];
      const cell = row.cell !== undefined && row.cell !== '';
      const figures = row.figures ? renderFigures(row.figures) : undefined;
      const more = figures !== undefined && Object.keys(figures).length > 0;
      if (row.url || row.outages?.length || row.untrusted || cell || more) stored.push(row.url ?? null);
      if (row.outages?.length || row.untrusted || cell || more) stored.push(row.outages ?? []);
      if (row.untrusted || cell || more) stored.push(row.untrusted ? 1 : 0);
      // The cell is the 9th field, the figures the 10th: readers that predate them read the fields before (docs/data-branch.md, runs.json).
      if (cell || more) stored.push(cell ? row.cell! : null);
      if (more) stored.push(figures);
      return [String(row.seq).padStart(8, '0'), stored];
    }),
  );
}

/** A line-per-entry file of this schema, or a problem on its first line (a file of another schema than the branch's). */
export function schemaProblem(file: string, schema: number, expected: number | undefined): FileProblem[] {
  if (expected === undefined || schema === expected) return [];
  return [{ file, line: 1, message: `written in schema ${schema}, but the branch (flakeguard.json) is in schema ${expected}` }];
}

/**
 * The largest run number: one run a second for 68 years. Numbers grow by one a run and are never reused, so a larger
 * one is no run flakeguard wrote; and every reader stays in exact integer arithmetic (`from` plus a gap of the outcome
 * string) far below 2^53.
 */
export const MAX_RUN_SEQ = 2_147_483_647;
/**
 * The most rows runs.json may have: a step on a table this size peaks ~120 MB above one on an empty table (measured,
 * docs/data-branch.md, "Bounded reading"); a larger one is refused before it is parsed. Rows no test refers to are dropped, so a branch holds at most its
 * tests' windows: 100 runs x 1,000 job keys.
 */
export const MAX_RUN_ROWS = 100_000;

/** Newline characters in `text`, counting no further than `stop`; no copy. */
export function newlines(text: string, stop: number): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at >= 0 && n < stop; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

const tooManyRows = (file: string, rows: number, line: number): FileProblem => ({
  file,
  line,
  message: `has ${rows.toLocaleString('en-US')} rows; flakeguard reads at most ${MAX_RUN_ROWS.toLocaleString('en-US')} (docs/data-branch.md, "Bounded reading")`,
});

/** Every problem is a damage of the file (src/store/snapshot.ts): nothing is dropped silently. */
export function parseRuns(file: string, text: string, schema?: number): { runs: RunTable; problems: FileProblem[] } {
  const runs: RunTable = new Map();
  // Counted before parsing, as written (a row a line, between the first line and the last): parsing and holding a
  // million rows took 1.19 GiB. Rows packed on fewer lines are counted once parsed, before anything else is made.
  if (newlines(text, MAX_RUN_ROWS + 3) > MAX_RUN_ROWS + 2) return { runs, problems: [tooManyRows(file, newlines(text, Infinity) - 2, MAX_RUN_ROWS + 2)] };
  const { value, problems } = parseLineObject(file, text, 'runs');
  if (!value) return { runs, problems };
  problems.push(...schemaProblem(file, value.schema, schema));
  if (value.entries.size > MAX_RUN_ROWS) return { runs, problems: [...problems, tooManyRows(file, value.entries.size, 1)] };
  const seqs = new Set<number>();
  for (const [seqText, raw] of value.entries) {
    const seq = Number(seqText);
    if (/^\d+$/.test(seqText) && seq > MAX_RUN_SEQ) {
      problems.push({ file, line: value.lineOf(seqText), message: `run number ${seqText.slice(0, 40)} is beyond ${MAX_RUN_SEQ}, the largest run number flakeguard writes` });
      continue;
    }
    if (
      !/^\d+$/.test(seqText) ||
      !Number.isSafeInteger(seq) ||
      seq < 1 ||
      !Array.isArray(raw) ||
      typeof raw[0] !== 'string' ||
      typeof raw[1] !== 'string' ||
      typeof raw[2] !== 'number' ||
      !Number.isFinite(raw[2])
    ) {
      problems.push({
        file,
        line: value.lineOf(seqText),
        message: `run ${JSON.stringify(seqText).slice(0, 40)} is not in the expected form [run key, commit, time, default branch, job result, link]`,
      });
      continue;
    }
    if (seqs.has(seq)) {
      problems.push({ file, line: value.lineOf(seqText), message: `run number ${seq} appears twice` });
      continue;
    }
    if (runs.has(raw[0])) {
      problems.push({ file, line: value.lineOf(seqText), message: `the run key ${JSON.stringify(raw[0]).slice(0, 120)} appears twice` });
      continue;
    }
    seqs.add(seq);
    const row: RunRow = { seq, sha: raw[1], time: raw[2], onDefaultBranch: raw[3] === 1 };
    if (raw[4] === 0 || raw[4] === 1) row.jobSucceeded = raw[4] === 1;
    if (typeof raw[5] === 'string') row.url = raw[5];
    if (Array.isArray(raw[6]) && raw[6].length > 0 && raw[6].every((m: unknown) => typeof m === 'string')) row.outages = raw[6] as string[];
    if (raw[7] === 1) row.untrusted = true;
    if (typeof raw[8] === 'string' && raw[8] !== '') row.cell = raw[8];
    const figures = readFigures(raw[9]);
    if (figures) row.figures = figures;
    runs.set(raw[0], row);
  }
  return { runs, problems };
}
