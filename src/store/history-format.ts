/**
 * How the history is written on the data branch (schema 4; schemas 2 and 3 read the same). Pure.
 *
 * runs.json gives every ingested run a sequence number. A test's history line stores its outcomes as one string
 * aligned on those numbers, starting at `from`: one letter per run (P, F, E, S), several attempts in
 * parentheses (`(FP)` failed then passed on a retry), `.` for a run the test was not in (`.12` for twelve).
 * Each run appends a character to each line, so git stores a run as a small delta: the branch grows slowly.
 *
 *   "pkg.A::t": {"name":"t","classname":"pkg.A","from":41,"o":"PPP(FP)P.3F","m":{"44":"timeout after ms"},"d":0.2}
 *
 * Schema 4 writes a quiet test (its window is one stretch of first-attempt passes up to the newest run, with no
 * message) to `history/quiet-NN.json` as `"o":"P*"`, open-ended up to the newest run of runs.json, keeping the
 * `from` and `d` it was read with while that reads back as the merged history (quietLineOf): a run in which no quiet
 * test changed leaves those files byte for byte (docs/adr/0365-schema-4-quiet-shards.md).
 */
import type { History, TestHistory, TestRunRecord } from '../model.ts';
import { LazyHistory, durationAt, trimmed, type StoredTest } from '../history/stored.ts';
import { endOf, expandOpenEnd, fileAround, fileFromAround, forEachRun, isOpenEnded, parseOutcomeString, pushSegment, renderOutcomeString, runCount, type Segment } from '../history/outcome-string.ts';
import { readFigures, renderFigures, type RunFigures } from './run-figures.ts';
import { RUNS_FILE, SCHEMA_VERSION, isQuietPath, parseLineObject, renderLineObject, type FileProblem, type RetentionWindow } from './layout.ts';

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

/* ---------- runs.json ---------- */

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
function schemaProblem(file: string, schema: number, expected: number | undefined): FileProblem[] {
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

/* ---------- outcome strings ---------- */

/** The outcome string of runs by sequence number (schema 3: repeats as `P*40`, src/history/outcome-string.ts). */
export function encodeOutcomes(slots: Array<{ seq: number; attempts: string }>): { from: number; o: string } {
  const { from, segments } = segmentsOf(slots);
  return { from, o: renderOutcomeString(segments) };
}

function segmentsOf(slots: Array<{ seq: number; attempts: string }>): { from: number; segments: Segment[] } {
  const sorted = [...slots].sort((a, b) => a.seq - b.seq);
  const from = sorted[0]?.seq ?? 0;
  const segments: Segment[] = [];
  let expected = from;
  for (const slot of sorted) {
    pushSegment(segments, '', slot.seq - expected);
    pushSegment(segments, slot.attempts, 1);
    expected = slot.seq + 1;
  }
  return { from, segments };
}

/** The runs of an outcome string, or null when it is malformed; `newest` is where an open end (`P*`, schema 4) stops. */
export function decodeOutcomes(from: number, o: string, newest?: number): Array<{ seq: number; attempts: string }> | null {
  const segments = newest === undefined ? parseOutcomeString(o) : expandOpenEnd(from, o, newest);
  if (!segments) return null;
  const out: Array<{ seq: number; attempts: string }> = [];
  forEachRun(from, segments, (seq, attempts) => out.push({ seq, attempts }));
  return out;
}

/* ---------- history shards ---------- */

/** A history line as written: `name` and `classname` are left out when the id is `<classname>::<name>` (schema 3). */
interface StoredLine {
  name?: string;
  classname?: string;
  file?: string;
  /** The file as `[before, after]` the class name's path (fileAround). */
  fp?: [string, string];
  line?: number;
  from: number;
  o: string;
  /** Normalised first failure message, by run sequence number. */
  m?: Record<string, string>;
  /** Duration in seconds of the newest run. */
  d?: number;
}

/** True when `name` and `classname` can be read back from the id alone. */
function namesFromId(id: string, name: string, classname: string): boolean {
  // id === `${classname}::${name}`, without building that string for every test.
  return (
    id.length === classname.length + 2 + name.length &&
    id.startsWith(classname) &&
    id.charCodeAt(classname.length) === 58 &&
    id.charCodeAt(classname.length + 1) === 58 &&
    id.endsWith(name) &&
    !name.includes('::')
  );
}

/** The stored form of a decoded history (for histories that were merged decoded, src/history/merge.ts). */
export function storedOf(t: TestHistory, runs: RunTable): StoredTest {
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
  const { from, segments } = segmentsOf(slots);
  const stored: StoredTest = { name: t.name, classname: t.classname, from, segments };
  if (t.file !== undefined) stored.file = t.file;
  if (t.line !== undefined) stored.line = t.line;
  if (Object.keys(messages).length > 0) stored.m = messages;
  if (newest?.durationSec !== undefined) stored.d = newest.durationSec;
  return stored;
}

/** The stored form of every test of `history`, in its order. */
export function storedTests(history: History, runs: RunTable): Iterable<[string, StoredTest]> {
  if (history instanceof LazyHistory) return history.stored;
  return (function* () {
    for (const [id, t] of history) yield [id, storedOf(t, runs)] as [string, StoredTest];
  })();
}

/**
 * What the lines of a write have in common, rendered once: the outcome string of a segments array (the tests that
 * passed again share theirs, src/history/stored.ts) and the `fp` of a file and class (a class's tests share both).
 */
export class LineTexts {
  private readonly outcomes = new WeakMap<readonly Segment[], string>();
  private readonly files = new Map<string, { classname: string; text: string }>();
  /** The last file asked for: a shard is rendered in id order, so a class's tests come one after another. */
  private last: { file: string; classname: string; text: string } = { file: '', classname: '', text: '' };

  outcome(segments: readonly Segment[]): string {
    let text = this.outcomes.get(segments);
    if (text === undefined) {
      text = renderOutcomeString(segments);
      this.outcomes.set(segments, text);
    }
    return text;
  }

  /** The line's `"fp":…` or `"file":…` field. */
  file(file: string, classname: string): string {
    const last = this.last;
    if (file === last.file && classname === last.classname && last.text !== '') return last.text;
    const known = this.files.get(file);
    let text: string;
    if (known && known.classname === classname) text = known.text;
    else {
      const around = fileAround(file, classname);
      text = around ? `"fp":${JSON.stringify(around)}` : `"file":${JSON.stringify(file)}`;
      this.files.set(file, { classname, text });
    }
    this.last = { file, classname, text };
    return text;
  }
}

export function renderHistoryShard(tests: Array<[string, StoredTest]>, texts: LineTexts = new LineTexts()): string {
  return renderShard(tests, texts, undefined);
}

/** A quiet test's line as written (schema 4): `"o":"P*"` from `from`, with the newest duration `d`. */
export interface QuietLine {
  from: number;
  d?: number;
}

/** A quiet shard (`history/quiet-NN.json`): each test's line with an open end (quietLineOf gives `from` and `d`). */
export function renderQuietShard(tests: Array<[string, StoredTest]>, quiet: ReadonlyMap<string, QuietLine>, texts: LineTexts = new LineTexts()): string {
  return renderShard(tests, texts, quiet);
}

function renderShard(tests: Array<[string, StoredTest]>, texts: LineTexts, quiet: ReadonlyMap<string, QuietLine> | undefined): string {
  const sorted = tests.slice().sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  // Joined, not appended: `+=` would hold the shard as a rope of ~7 string pieces a line until it is written.
  const lines: string[] = [`{"schema": ${SCHEMA_VERSION}, "tests": {`];
  for (let i = 0; i < sorted.length; i++) {
    const [id, t] = sorted[i]!;
    lines.push(`${JSON.stringify(id)}: ${historyLineText(id, t, texts, quiet?.get(id))}${i < sorted.length - 1 ? ',' : ''}`);
  }
  if (sorted.length === 0) lines.push('');
  lines.push('}}\n');
  return lines.join('\n');
}

/**
 * A history line's JSON, written directly (a shard holds a thousand lines, every run rewrites them): the same text
 * as JSON.stringify of the line object, keys in the order people read a line in (who, where, then the outcomes).
 */
function historyLineText(id: string, t: StoredTest, texts: LineTexts, quiet?: QuietLine): string {
  const parts: string[] = [];
  if (!namesFromId(id, t.name, t.classname)) parts.push(`"name":${JSON.stringify(t.name)}`, `"classname":${JSON.stringify(t.classname)}`);
  if (t.file !== undefined) parts.push(texts.file(t.file, t.classname));
  if (t.line !== undefined) parts.push(`"line":${JSON.stringify(t.line)}`);
  // The outcome string holds only P F E S ( ) . * and digits: nothing to escape.
  if (quiet) {
    parts.push(`"from":${quiet.from}`, `"o":"P*"`);
    if (quiet.d !== undefined) parts.push(`"d":${JSON.stringify(quiet.d)}`);
    return `{${parts.join(',')}}`;
  }
  parts.push(`"from":${t.from}`, `"o":"${texts.outcome(t.segments)}"`);
  if (t.m && Object.keys(t.m).length > 0) parts.push(`"m":${JSON.stringify(t.m)}`);
  const d = newestDuration(t);
  if (d !== undefined) parts.push(`"d":${JSON.stringify(d)}`);
  return `{${parts.join(',')}}`;
}

/** The duration a test's line gives its newest run. */
function newestDuration(t: StoredTest): number | undefined {
  return t.dur ? durationAt(t.dur, endOf(t.from, t.segments) - 1) : t.d;
}

/**
 * How many runs a quiet line's `from` may lag behind the window's start: a quiet file's lines catch up once every
 * QUIET_SLACK runs, at the run whose number plus the shard's is a multiple of it, so that each run rewrites about
 * one quiet file in QUIET_SLACK rather than all of them at the same run.
 */
export const QUIET_SLACK = 20;

/** True when the quiet lines of `shard` catch up with the window at run `newest` (QUIET_SLACK). */
export function quietCatchUp(newest: number, shard: number): boolean {
  return (newest + shard) % QUIET_SLACK === 0;
}

/**
 * The quiet line of a test of the merged history, or undefined when it is not quiet or no line with an open end
 * reads back as it is: a test is quiet when its window is one stretch of first-attempt passes ending at `newest`,
 * with no message. The line keeps the `from` and `d` it was `read` with while a reader, trimming with `window` as
 * this write's merge did, gets the same runs back (and `from` is at most QUIET_SLACK runs behind, and none at the
 * file's catch-up run), and while its
 * duration is as much there (`> 0`) as the newest one: what the scores read of durations. Else it gets the
 * window's `from` and the newest duration.
 */
export function quietLineOf(
  t: StoredTest,
  newest: number,
  window: RetentionWindow,
  timeOf: (seq: number) => number,
  read: QuietLine | undefined,
  /** The `from` a reader gets back for a line's `from` (the same for every line of a write): filled as asked. */
  memo: Map<number, number | null> = new Map(),
  /** This run is the line's file's catch-up run (quietCatchUp): a lagging `from` moves to the window's. */
  catchUp = false,
): QuietLine | undefined {
  const segs = t.segments;
  if (segs.length !== 1 || segs[0]!.a !== 'P' || t.from + segs[0]!.n - 1 !== newest) return undefined;
  if (t.m && Object.keys(t.m).length > 0) return undefined;
  const d = newestDuration(t);
  const readsBack = (from: number): boolean => {
    let back = memo.get(from);
    if (back === undefined) {
      back = trimmed({ name: '', classname: '', from, segments: [{ a: 'P', n: newest - from + 1 }] }, timeOf, window.oldestKept, window.maxRuns)?.from ?? null;
      memo.set(from, back);
    }
    return back === t.from;
  };
  if (
    read &&
    read.from <= t.from &&
    t.from - read.from <= (catchUp ? 0 : QUIET_SLACK) &&
    (read.d === undefined) === (d === undefined) &&
    (read.d === undefined || read.d > 0 === d! > 0) &&
    readsBack(read.from)
  ) {
    return read;
  }
  if (!readsBack(t.from)) return undefined;
  return d === undefined ? { from: t.from } : { from: t.from, d };
}

/** The quiet lines of a snapshot as read (schema 4), to keep them as they were: by test id, and each quiet shard's text. */
export interface QuietReads {
  lines: Map<string, QuietLine & { path: string; test: StoredTest }>;
  shards: Map<string, { text: string; tests: number }>;
}

export function emptyQuietReads(): QuietReads {
  return { lines: new Map(), shards: new Map() };
}

/**
 * Adds the tests of one history shard to `into` (stored form), checking each line: its form, and that each of its
 * runs is in runs.json (`known`: the sequence numbers there).
 */
export function parseHistoryShard(
  file: string,
  text: string,
  known: KnownSeqs,
  into: Map<string, StoredTest>,
  schema?: number,
  /** Schema 4: the window of the last write (flakeguard.json), which open-ended lines are trimmed with, and where the quiet lines read are recorded. */
  quiet?: { window?: RetentionWindow; reads: QuietReads },
): FileProblem[] {
  const { value, problems } = parseLineObject(file, text, 'tests');
  if (!value) return problems;
  problems.push(...schemaProblem(file, value.schema, schema));
  const namesOptional = value.schema >= 3;
  const openEnds = value.schema >= 4;
  const quietFile = isQuietPath(file);
  let last: { classname: string; fp: [string, string] | [undefined, undefined]; file?: string } = { classname: '', fp: [undefined, undefined] };
  for (const [id, raw] of value.entries) {
    const line = raw as Partial<StoredLine> | null;
    const open = typeof line?.o === 'string' && isOpenEnded(line.o);
    const segments =
      typeof line === 'object' && line !== null && typeof line.o === 'string' && Number.isSafeInteger(line.from) && (line.from as number) >= 0 && (openEnds || !open)
        ? open
          ? known.openSegmentsOf(line.from as number, line.o)
          : known.segmentsOf(line.o)
        : null;
    const named = typeof line?.name === 'string' || (namesOptional && line?.name === undefined && id.includes('::'));
    if (!line || !segments || !named || (line.classname !== undefined && typeof line.classname !== 'string')) {
      problems.push({ file, line: value.lineOf(id), message: `the history of '${id.slice(0, 200)}' is not in the expected form {"name", "classname", "from", "o"}` });
      continue;
    }
    if (into.has(id)) {
      problems.push({ file, line: value.lineOf(id), message: `the test '${id.slice(0, 200)}' is also in another history file` });
      continue;
    }
    const from = line.from as number;
    const missing = known.firstMissing(from, segments);
    if (missing !== undefined) {
      problems.push({ file, line: value.lineOf(id), message: `the history of '${id.slice(0, 200)}' refers to run ${missing}, which ${RUNS_FILE} does not have` });
      continue;
    }
    let name: string;
    let classname: string;
    if (typeof line.name === 'string') {
      name = line.name;
      classname = String(line.classname ?? '');
    } else {
      const cut = id.lastIndexOf('::');
      // A shard's lines are sorted by id: a class's tests are neighbours and share its name and file strings.
      classname = cut === last.classname.length && id.startsWith(last.classname) ? last.classname : id.slice(0, cut);
      name = id.slice(cut + 2);
    }
    const test: StoredTest = { name, classname, from, segments };
    let testFile: string | undefined;
    if (typeof line.file === 'string') testFile = line.file;
    else if (classname === last.classname && Array.isArray(line.fp) && line.fp.length === 2 && line.fp[0] === last.fp[0] && line.fp[1] === last.fp[1] && last.file !== undefined) testFile = last.file;
    else {
      testFile = fileFromAround(line.fp, classname);
      if (testFile !== undefined) last = { classname, fp: line.fp as [string, string], file: testFile };
    }
    if (testFile !== undefined) test.file = testFile;
    if (typeof line.line === 'number') test.line = line.line;
    if (line.m !== undefined) {
      // Messages of the test's own runs, each a string: flakeguard writes nothing else there, so anything else is
      // named (and the file is damaged), never dropped by the next write.
      const { m, problem } = messagesOf(line.m, from, segments, known);
      if (problem) {
        problems.push({ file, line: value.lineOf(id), message: `the "m" of '${id.slice(0, 200)}' ${problem}` });
        continue;
      }
      if (m) test.m = m;
    }
    if (known.runsOf(segments) === 0) continue;
    if (typeof line.d === 'number') test.d = line.d;
    if (!open) {
      into.set(id, test);
      continue;
    }
    // An open-ended line's `from` lags behind (QUIET_SLACK): it is read as the write that kept it trimmed it.
    const window = quiet?.window;
    const kept = window ? trimmed(test, known.timeOf, window.oldestKept, window.maxRuns) : test;
    if (!kept) continue;
    into.set(id, kept);
    if (quiet && quietFile) {
      quiet.reads.lines.set(id, { from, ...(test.d !== undefined ? { d: test.d } : {}), path: file, test: kept });
    }
  }
  // Kept as it is by the next write only when every line of it is still quiet and unchanged (src/pipeline/apply.ts).
  if (quiet && quietFile && problems.length === 0) quiet.reads.shards.set(file, { text, tests: value.entries.size });
  return problems;
}

/** A history line's `m` (messages by run number), or what is wrong with it. */
function messagesOf(raw: unknown, from: number, segments: readonly Segment[], known: KnownSeqs): { m?: Record<string, string>; problem?: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { problem: 'must be an object of messages by run number' };
  let m: Record<string, string> | undefined;
  for (const k in raw) {
    const v = (raw as Record<string, unknown>)[k];
    if (!/^[1-9]\d{0,9}$/.test(k) || !known.isRunOf(Number(k), from, segments)) return { problem: `has the key ${JSON.stringify(k).slice(0, 60)}, which is not one of its runs` };
    if (typeof v !== 'string') return { problem: `has a message for run ${k} that is not a string` };
    (m ??= {})[k] = v;
  }
  return m ? { m } : {};
}

/**
 * The sequence numbers of runs.json, to check history lines against; and the segments of each outcome string read
 * with them, made once per string: most tests of a suite share theirs (`P*100`), and segments are never modified.
 */
export class KnownSeqs {
  private readonly prefix: Uint32Array;
  private readonly segments = new Map<string, readonly Segment[] | null>();

  private readonly runs = new WeakMap<readonly Segment[], number>();

  /** runCount, counted once per segments array. */
  runsOf(segments: readonly Segment[]): number {
    let n = this.runs.get(segments);
    if (n === undefined) this.runs.set(segments, (n = runCount(segments)));
    return n;
  }

  /** The newest run of the table (0 when it is empty): where an open-ended token ends. */
  readonly newest: number;
  private times: Map<number, number> | undefined;
  private readonly table: RunTable;

  /** The time of a run of the table, by sequence number. */
  readonly timeOf = (seq: number): number => {
    if (!this.times) {
      this.times = new Map();
      for (const row of this.table.values()) this.times.set(row.seq, row.time);
    }
    return this.times.get(seq) ?? -Infinity;
  };

  /** expandOpenEnd up to the newest run, the same array for the same `from` and string. */
  openSegmentsOf(from: number, o: string): readonly Segment[] | null {
    const key = `${from}|${o}`;
    let segments = this.segments.get(key);
    if (segments === undefined) {
      segments = expandOpenEnd(from, o, this.newest);
      if (this.segments.size < 65_536) this.segments.set(key, segments);
    }
    return segments;
  }

  /** parseOutcomeString, the same array for the same string. */
  segmentsOf(o: string): readonly Segment[] | null {
    let segments = this.segments.get(o);
    if (segments === undefined) {
      segments = parseOutcomeString(o);
      if (this.segments.size < 65_536) this.segments.set(o, segments);
    }
    return segments;
  }

  /** The known sequence numbers in increasing order, when they are too far apart for `prefix` (else empty). */
  private readonly sorted: Float64Array;

  constructor(runs: RunTable) {
    let max = 0;
    for (const row of runs.values()) if (row.seq > max) max = row.seq;
    this.newest = max;
    this.table = runs;
    // Memory in proportion to the rows, never to the numbers: run numbers far apart (1 and 2,000,000,000) are
    // searched in a sorted array; the usual table, numbered nearly one after another, gets a prefix count.
    if (max > 4 * runs.size + 65_536) {
      this.prefix = new Uint32Array(0);
      this.sorted = Float64Array.from(runs.values(), (row) => row.seq).sort();
      return;
    }
    this.sorted = new Float64Array(0);
    // prefix[s] = how many known runs have a sequence number below s.
    const present = new Uint8Array(max + 1);
    for (const row of runs.values()) present[row.seq] = 1;
    this.prefix = new Uint32Array(max + 2);
    for (let s = 0; s <= max; s++) this.prefix[s + 1] = this.prefix[s]! + present[s]!;
  }

  /** How many known runs have a sequence number below `s`. */
  private below(s: number): number {
    if (this.prefix.length > 0) return this.prefix[Math.min(s, this.prefix.length - 1)]!;
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid]! < s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private known(a: number, n: number): number {
    return this.below(a + n) - this.below(a);
  }

  /** The first run of the line that runs.json does not have, if any. */
  firstMissing(from: number, segments: readonly Segment[]): number | undefined {
    let seq = from;
    for (const { a, n } of segments) {
      if (a !== '' && this.known(seq, n) !== n) {
        for (let s = seq; s < seq + n; s++) if (this.known(s, 1) !== 1) return s;
      }
      seq += n;
    }
    return undefined;
  }

  /** True when `seq` is one of the line's runs. */
  isRunOf(seq: number, from: number, segments: readonly Segment[]): boolean {
    if (!Number.isInteger(seq)) return false;
    let s = from;
    for (const { a, n } of segments) {
      if (seq < s + n) return seq >= s && a !== '';
      s += n;
    }
    return false;
  }
}

/**
 * A flag per run of a table, set a stretch of run numbers at a time (the runs some history line refers to), in memory
 * in proportion to the rows: by run number when the numbers are nearly one after another, as flakeguard writes them,
 * else by rank among the table's numbers.
 */
export class RunMarks {
  private readonly flags: Uint8Array;
  /** The table's run numbers in increasing order, when they are too far apart to flag by number (else empty). */
  private readonly sorted: Float64Array;

  constructor(runs: RunTable) {
    let max = 0;
    for (const row of runs.values()) if (row.seq > max) max = row.seq;
    if (max > 4 * runs.size + 65_536) {
      this.sorted = Float64Array.from(runs.values(), (row) => row.seq).sort();
      this.flags = new Uint8Array(this.sorted.length);
    } else {
      this.sorted = new Float64Array(0);
      this.flags = new Uint8Array(max + 1);
    }
  }

  /** Index in `sorted` of the first number at or above `seq`. */
  private rank(seq: number): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid]! < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Flags runs `from` to `from + n - 1`. */
  mark(from: number, n: number): void {
    if (this.sorted.length > 0) this.flags.fill(1, this.rank(from), this.rank(from + n));
    else this.flags.fill(1, Math.min(from, this.flags.length), Math.min(from + n, this.flags.length));
  }

  has(seq: number): boolean {
    if (this.sorted.length === 0) return this.flags[seq] === 1;
    const i = this.rank(seq);
    return this.sorted[i] === seq && this.flags[i] === 1;
  }
}

/** One history shard read on its own (tests, tools): its tests, decoded on demand, and its problems. */
export function readHistoryShard(file: string, text: string, runs: RunTable, schema?: number): { history: LazyHistory; problems: FileProblem[] } {
  const stored = new Map<string, StoredTest>();
  const problems = parseHistoryShard(file, text, new KnownSeqs(runs), stored, schema);
  return { history: new LazyHistory(stored, runs), problems };
}

/** The history shard of decoded histories (tests, tools). */
export function renderDecodedShard(tests: readonly TestHistory[], runs: RunTable): string {
  return renderHistoryShard(tests.map((t) => [t.id, storedOf(t, runs)]));
}
