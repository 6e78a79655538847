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
import { LazyHistory, type QuietRead, type StoredTest } from '../history/stored.ts';
import { trimmed } from '../history/stored-merge.ts';
import { fileAround, forEachRun, isOpenEnded, parseOutcomeString, pushSegment, renderOutcomeString, expandOpenEnd, type Segment } from '../history/outcome-string.ts';
import { RUNS_FILE, SCHEMA_VERSION, isQuietPath, parseLineObject, type FileProblem, type RetentionWindow } from './layout.ts';
import { schemaProblem, type RunTable } from './runs-format.ts';
import { KnownSeqs } from './known-seqs.ts';
import { newestDuration, type QuietLine, type QuietReads } from './quiet-format.ts';
import { ClassStrings, readQuietFile } from './quiet-read.ts';

export { MAX_RUN_ROWS, MAX_RUN_SEQ, newlines, nextSeq, parseRuns, renderRuns, boundedBranch, type RunFigures, type RunRow, type RunTable } from './runs-format.ts';
export { KnownSeqs, RunMarks } from './known-seqs.ts';
export { ClassStrings } from './quiet-read.ts';
export { QUIET_SLACK, emptyQuietReads, quietCatchUp, quietLineOf, type QuietLine, type QuietReads } from './quiet-format.ts';

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
  /** The strings a class's tests share, across the shards of one read. */
  strings: ClassStrings = new ClassStrings(),
  /** A quiet file in flakeguard's own form is read by its form (src/store/quiet-read.ts); false: by the general reader only. */
  byForm = true,
): FileProblem[] {
  const quietFile = isQuietPath(file);
  if (byForm && quietFile && quiet && schema === 4 && readQuietFile(file, text, known, into, quiet, strings)) return [];
  const { value, problems } = parseLineObject(file, text, 'tests');
  if (!value) return problems;
  problems.push(...schemaProblem(file, value.schema, schema));
  const namesOptional = value.schema >= 3;
  const openEnds = value.schema >= 4;
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
      classname = id.slice(0, cut);
      name = id.slice(cut + 2);
    }
    // A class's tests share its name and file strings (the file as fileFromAround reads `fp`).
    let testFile: string | undefined;
    const fp = line.fp;
    if (typeof line.file === 'string') {
      testFile = line.file;
      classname = strings.classname(classname);
    } else if (Array.isArray(fp) && fp.length === 2 && typeof fp[0] === 'string' && typeof fp[1] === 'string') {
      const shared = strings.file(classname, fp[0], fp[1]);
      classname = shared.classname;
      testFile = shared.file;
    } else classname = strings.classname(classname);
    const test: StoredTest = { name, classname, from, segments };
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
      const read: QuietRead = test.d === undefined ? { from, path: file, test: kept } : { from, d: test.d, path: file, test: kept };
      quiet.reads.lines.set(id, read);
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
