/**
 * The history kept in its stored form (docs/data-branch.md, "history/NN.json"): per test, `from` and the run-length
 * segments of its outcome string, its failure messages and durations by run number. A test's run records are decoded
 * only when something asks for them (`get`); appending a run appends a segment (mergeStored), and the branch's files
 * are rendered from the stored form again. Most tests of a suite never failed: they are never decoded at all.
 *
 * LazyHistory is a History (a Map of TestHistory by id) to every reader: `get`, `has`, `size` and iteration behave as
 * the Map of decoded histories would, in the same order. Pure.
 */
import { STATUS_CODE, type ParsedTestCase, type RunContext, type TestHistory, type TestRunRecord } from '../model.ts';
import { failureMessageOf, type MessageNormaliser, type RetentionOptions } from './merge.ts';
import { runRecord, withDuration, type RunFacts } from './records.ts';
import { endOf, forEachRun, pushSegment, runCount, type Segment } from './outcome-string.ts';

/** A run's row as a history needs it: its facts and its sequence number. */
export interface SeqRow extends RunFacts {
  readonly seq: number;
}

export interface StoredTest {
  name: string;
  classname: string;
  file?: string;
  line?: number;
  /** Sequence number of the first run. */
  from: number;
  /** Never modified once made: a merge makes new arrays and new segments. */
  segments: readonly Segment[];
  /** Normalised message of the first failed attempt, by sequence number. */
  m?: Readonly<Record<string, string>>;
  /** Duration in seconds of the newest run (by time), as stored on the branch. */
  d?: number;
  /** Durations by sequence number, once this step merged a run (the merged history keeps each run's own). */
  dur?: Readonly<Record<string, number>>;
}

const DAY_MS = 86_400_000;

export class LazyHistory extends Map<string, TestHistory> {
  /** Tests kept in their stored form, in the order a Map of decoded histories would have them. */
  readonly stored: Map<string, StoredTest>;
  /** Run rows by run key. */
  readonly rows: ReadonlyMap<string, SeqRow>;
  private readonly bySeq = new Map<number, [string, SeqRow]>();
  private readonly decoded = new Map<string, TestHistory>();

  constructor(stored: Map<string, StoredTest>, rows: ReadonlyMap<string, SeqRow>) {
    super();
    this.stored = stored;
    this.rows = rows;
    for (const [key, row] of rows) this.bySeq.set(row.seq, [key, row]);
    // Map.prototype.size reads the (empty) base map; the history's size is the stored tests'.
    Object.defineProperty(this, 'size', { get: () => this.stored.size });
  }

  override get(id: string): TestHistory | undefined {
    const cached = this.decoded.get(id);
    if (cached) return cached;
    const stored = this.stored.get(id);
    if (!stored) return undefined;
    const test = this.decode(id, stored);
    this.decoded.set(id, test);
    return test;
  }

  override has(id: string): boolean {
    return this.stored.has(id);
  }

  /** Read-only: a merge makes a new history (mergeStored). */
  override set(): this {
    throw new Error('a LazyHistory is read-only');
  }

  override delete(): boolean {
    throw new Error('a LazyHistory is read-only');
  }

  override clear(): void {
    throw new Error('a LazyHistory is read-only');
  }

  override keys(): MapIterator<string> {
    return this.stored.keys();
  }

  override *values(): MapIterator<TestHistory> {
    for (const id of this.stored.keys()) yield this.peek(id);
  }

  override *entries(): MapIterator<[string, TestHistory]> {
    for (const id of this.stored.keys()) yield [id, this.peek(id)];
  }

  override [Symbol.iterator](): MapIterator<[string, TestHistory]> {
    return this.entries();
  }

  override forEach(callback: (value: TestHistory, key: string, map: Map<string, TestHistory>) => void, thisArg?: unknown): void {
    for (const [id, test] of this.entries()) callback.call(thisArg, test, id, this);
  }

  /** The decoded history without keeping it (iteration over every test must not hold every decoded history). */
  private peek(id: string): TestHistory {
    return this.decoded.get(id) ?? this.decode(id, this.stored.get(id)!);
  }

  /**
   * A key equal for two tests exactly when their decoded run records are equal (same runs, attempts, messages and
   * durations): whatever is computed from the records alone can be computed once per key.
   */
  recordsKey(id: string): string | undefined {
    const s = this.stored.get(id);
    if (!s) return undefined;
    let key = `${s.from}`;
    for (const { a, n } of s.segments) key += `|${a}${n}`;
    if (s.m) key += `|m${JSON.stringify(s.m)}`;
    if (s.dur) key += `|D${JSON.stringify(s.dur)}`;
    else if (s.d !== undefined) key += `|d${s.d}`;
    return key;
  }

  private decode(id: string, s: StoredTest): TestHistory {
    const seqs: number[] = [];
    const records: TestRunRecord[] = [];
    let sorted = true;
    forEachRun(s.from, s.segments, (seq, attempts) => {
      const joined = this.bySeq.get(seq);
      if (!joined) throw new Error(`the history of '${id}' refers to run ${seq}, which is not in the runs table`);
      const message = s.m?.[seq];
      const record = runRecord(joined[0], joined[1], attempts, message);
      if (records.length > 0 && records[records.length - 1]!.time > record.time) sorted = false;
      records.push(record);
      seqs.push(seq);
    });
    let order: number[] | undefined;
    if (!sorted) {
      order = records.map((_, i) => i).sort((x, y) => records[x]!.time - records[y]!.time);
      const bySeq = order.map((i) => records[i]!);
      const seqOrder = order.map((i) => seqs[i]!);
      records.splice(0, records.length, ...bySeq);
      seqs.splice(0, seqs.length, ...seqOrder);
    }
    if (s.dur) {
      for (let i = 0; i < records.length; i++) {
        const d = s.dur[seqs[i]!];
        if (d !== undefined) records[i] = withDuration(records[i]!, d);
      }
    } else if (s.d !== undefined && records.length > 0) {
      records[records.length - 1] = withDuration(records[records.length - 1]!, s.d);
    }
    const test: TestHistory = { id, name: s.name, classname: s.classname, runs: records };
    if (s.file !== undefined) test.file = s.file;
    if (s.line !== undefined) test.line = s.line;
    return test;
  }
}

/**
 * Whether mergeStored may merge `run` into a history over `rows`: the run is new (a workflow re-run of a job joins
 * the record of its first attempt: the decoded merge does that), and run times grow with sequence numbers, so that a
 * history's oldest runs are its first ones. Otherwise the caller merges the decoded history (mergeRun).
 */
export function canMergeStored(rows: ReadonlyMap<string, SeqRow>, run: RunContext, tests: readonly ParsedTestCase[]): boolean {
  if (rows.has(run.key)) return false;
  const ordered = [...rows.values()].sort((a, b) => a.seq - b.seq);
  for (let i = 1; i < ordered.length; i++) if (ordered[i]!.time < ordered[i - 1]!.time) return false;
  if (ordered.length > 0 && run.time < ordered[ordered.length - 1]!.time) return false;
  const seen = new Set<string>();
  for (const t of tests) {
    if (t.attempts.length === 0) continue;
    if (seen.has(t.id)) return false;
    seen.add(t.id);
  }
  return true;
}

/** `s` without its runs older than `oldestKept` and beyond the newest `maxRuns` (the retention of mergeRun), or null when none is left. */
function trimmed(s: StoredTest, timeOf: (seq: number) => number, oldestKept: number, maxRuns: number): StoredTest | null {
  let count = runCount(s.segments);
  let i = 0;
  let seq = s.from;
  let dropInFirst = 0; // runs dropped from segments[i]
  while (i < s.segments.length && count > 0) {
    const seg = s.segments[i]!;
    if (seg.a === '') {
      seq += seg.n;
      i++;
      continue;
    }
    if (count > maxRuns || timeOf(seq) < oldestKept) {
      count--;
      seq++;
      dropInFirst++;
      if (dropInFirst === seg.n) {
        i++;
        dropInFirst = 0;
      }
      continue;
    }
    break;
  }
  if (count === 0) return null;
  if (seq === s.from) return s;
  // (Gaps before the first kept run were skipped above: a history starts at its first run.)
  const segments = s.segments.slice(i);
  if (dropInFirst > 0) segments[0] = { a: segments[0]!.a, n: segments[0]!.n - dropInFirst };
  const out: StoredTest = { ...s, from: seq, segments };
  if (s.m) out.m = sinceSeq(s.m, seq);
  if (s.dur) out.dur = sinceSeq(s.dur, seq);
  if (!out.m) delete out.m;
  if (!out.dur) delete out.dur;
  return out;
}

function sinceSeq<T>(byseq: Readonly<Record<string, T>>, from: number): Record<string, T> | undefined {
  let out: Record<string, T> | undefined;
  for (const [k, v] of Object.entries(byseq)) {
    if (Number(k) < from) continue;
    (out ??= {})[k] = v;
  }
  return out;
}

/**
 * mergeRun on the stored form: the same history (decoded, it equals what mergeRun gives) with `tests` appended as
 * run `row`. Only when canMergeStored.
 */
export function mergeStored(
  history: LazyHistory,
  tests: readonly ParsedTestCase[],
  run: RunContext,
  row: SeqRow,
  options: { retention: RetentionOptions; normalise: MessageNormaliser },
): LazyHistory {
  const rows = new Map(history.rows);
  rows.set(run.key, row);
  const times = new Map<number, number>();
  for (const r of rows.values()) times.set(r.seq, r.time);
  const timeOf = (seq: number): number => times.get(seq)!;
  const oldestKept = run.time - options.retention.maxAgeDays * DAY_MS;
  const maxRuns = options.retention.maxRuns;
  const stored = new Map(history.stored);
  const touched = new Set<string>();

  for (const test of tests) {
    if (test.attempts.length === 0) continue;
    touched.add(test.id);
    const previous = stored.get(test.id);
    const attempts = test.attempts.map((a) => STATUS_CODE[a.status]).join('');
    const message = failureMessageOf(test, options.normalise);
    const duration = test.attempts[test.attempts.length - 1]?.durationSec;
    let next: StoredTest;
    if (!previous) {
      next = { name: test.name, classname: test.classname, from: row.seq, segments: [{ a: attempts, n: 1 }] };
      if (message !== undefined) next.m = { [row.seq]: message };
      if (duration !== undefined) next.dur = { [row.seq]: duration };
    } else {
      const end = endOf(previous.from, previous.segments);
      const segments = previous.segments.slice();
      const last = segments[segments.length - 1];
      // pushSegment joins the last segment: a copy of it, since segments are shared.
      if (last) segments[segments.length - 1] = { a: last.a, n: last.n };
      pushSegment(segments, '', row.seq - end);
      pushSegment(segments, attempts, 1);
      const durations: Record<string, number> = previous.dur ? { ...previous.dur } : previous.d !== undefined ? { [end - 1]: previous.d } : {};
      if (duration !== undefined) durations[row.seq] = duration;
      next = { name: test.name, classname: test.classname, from: previous.from, segments };
      if (previous.m || message !== undefined) next.m = { ...previous.m, ...(message !== undefined ? { [row.seq]: message } : {}) };
      if (Object.keys(durations).length > 0) next.dur = durations;
    }
    const file = test.file ?? previous?.file;
    const line = test.line ?? previous?.line;
    if (file !== undefined) next.file = file;
    if (line !== undefined) next.line = line;
    const kept = trimmed(next, timeOf, oldestKept, maxRuns);
    if (kept) stored.set(test.id, kept);
    else stored.delete(test.id);
  }
  // Tests that did not run this time still age out.
  for (const [id, s] of stored) {
    if (touched.has(id)) continue;
    const kept = trimmed(s, timeOf, oldestKept, maxRuns);
    if (!kept) stored.delete(id);
    else if (kept !== s) stored.set(id, kept);
  }
  return new LazyHistory(stored, rows);
}
