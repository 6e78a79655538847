/**
 * The history kept in its stored form (docs/data-branch.md, "history/NN.json"; docs/adr/0002-history-in-its-stored-form.md): per test, `from` and the run-length
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
import { endOf, runCount, type Segment } from './outcome-string.ts';

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
  /**
   * Durations by sequence number, once this step merged a run (the merged history keeps each run's own), flat:
   * seq, seconds, seq, seconds… in increasing seq (one array a test, not one per run: 100k tests, ~8 MB less).
   */
  dur?: readonly number[];
}

/** A quiet line as read: its `from` and `d` as written, its file, and the test as read (trimmed with the last write's window). */
export interface QuietRead {
  from: number;
  d?: number;
  path: string;
  test: StoredTest;
}

const DAY_MS = 86_400_000;

export class LazyHistory extends Map<string, TestHistory> {
  /** Tests kept in their stored form, in the order a Map of decoded histories would have them. */
  readonly stored: Map<string, StoredTest>;
  /** Run rows by run key. */
  readonly rows: ReadonlyMap<string, SeqRow>;
  private readonly bySeq = new Map<number, [string, SeqRow]>();
  /**
   * The runs by sequence number from `base` on (`bySeq` in an array, when the numbers are dense enough): decode reads
   * one run per record. With it, each run's shared record of its last attempts string (runRecord's, looked up once).
   */
  private readonly base: number;
  private readonly atSeq: Array<[string, SeqRow] | undefined> | undefined;
  private readonly sharedAttempts: Array<string | undefined> = [];
  private readonly sharedRecord: TestRunRecord[] = [];
  private readonly decoded = new Map<string, TestHistory>();
  /** Run times grow with sequence numbers: a history's runs in sequence order are in time order. */
  private readonly monotone: boolean;

  constructor(stored: Map<string, StoredTest>, rows: ReadonlyMap<string, SeqRow>) {
    super();
    this.stored = stored;
    this.rows = rows;
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (const [key, row] of rows) {
      this.bySeq.set(row.seq, [key, row]);
      if (row.seq < low) low = row.seq;
      if (row.seq > high) high = row.seq;
    }
    this.base = rows.size > 0 ? low : 0;
    // A runs table's numbers are consecutive but for the runs retention dropped; a table with wide gaps keeps the map.
    if (rows.size > 0 && Number.isSafeInteger(low) && Number.isSafeInteger(high) && high - low < 4 * rows.size + 64) {
      const atSeq = new Array<[string, SeqRow] | undefined>(high - low + 1).fill(undefined);
      for (const joined of this.bySeq.values()) atSeq[joined[1].seq - low] = joined;
      this.atSeq = atSeq;
    }
    const ordered = [...rows.values()].sort((a, b) => a.seq - b.seq);
    let monotone = true;
    for (let i = 1; i < ordered.length && monotone; i++) if (ordered[i]!.time < ordered[i - 1]!.time) monotone = false;
    this.monotone = monotone;
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

  /** Lets go of the decoded histories kept so far (they are made again when asked). */
  dropCaches(): void {
    this.decoded.clear();
  }

  /** The decoded history without keeping it (iteration over every test must not hold every decoded history). */
  private peek(id: string): TestHistory {
    return this.decoded.get(id) ?? this.decode(id, this.stored.get(id)!);
  }

  /**
   * A key equal for two tests when everything the policy and the scores read of their run records is equal: the
   * runs, attempts and messages, and which runs have a duration (scoring reads no more of durations: "has timing
   * data", src/scoring/multi-factor.ts). Whatever is computed from the records alone is computed once per key.
   * Made anew at each call (not kept: a caller asking for every test's key asks once, src/pipeline/apply.ts).
   */
  recordsKey(id: string): string | undefined {
    const s = this.stored.get(id);
    return s ? this.recordsKeyOf(s) : undefined;
  }

  /** recordsKey of a test of this history given by its stored form (a caller iterating `stored` looks up no id). */
  recordsKeyOf(s: StoredTest): string {
    const segs = s.segments;
    // The common test, one segment and no message (a quiet test that passed again): the key of the test asked for
    // before it is its key when it shares that test's segments array (SingleSegments), `from` and the runs that have a
    // duration (a suite's quiet tests come one after another), and the same string is handed back (its hash made once).
    const dur = s.dur;
    const single = segs.length === 1 && !s.m;
    const timed = s.d !== undefined && s.d > 0;
    const last = this.lastKey;
    if (single && last && last.segments === segs && last.from === s.from && (dur ? last.dur !== undefined && sameTimedRuns(last.dur, dur) : last.dur === undefined && last.timed === timed))
      return last.key;
    let key = segs.length === 1 ? `${s.from}|${segs[0]!.a}${segs[0]!.n}` : String(s.from);
    if (segs.length > 1) for (let i = 0; i < segs.length; i++) key += `|${segs[i]!.a}${segs[i]!.n}`;
    if (s.m) key += `|m${JSON.stringify(s.m)}`;
    if (dur) {
      key += '|D';
      for (let i = 0; i < dur.length; i += 2) if (dur[i + 1]! > 0) key += `${dur[i]!},`;
    } else if (timed) key += '|d';
    if (single) this.lastKey = { segments: segs, from: s.from, dur, timed, key };
    return key;
  }
  private lastKey: { segments: readonly Segment[]; from: number; dur: readonly number[] | undefined; timed: boolean; key: string } | undefined;

  /**
   * The records of a test's newest `max` runs, oldest first, without decoding the others (for the summary's trend).
   * Equal to `get(id).runs.slice(-max)`.
   */
  tail(id: string, max: number): readonly TestRunRecord[] {
    const s = this.stored.get(id);
    if (!s) return [];
    const cached = this.decoded.get(id);
    if (cached || !this.monotone) {
      const runs = (cached ?? this.decode(id, s)).runs;
      return runs.length <= max ? runs : runs.slice(runs.length - max);
    }
    const seqs: number[] = [];
    const attempts: string[] = [];
    let end = endOf(s.from, s.segments);
    for (let i = s.segments.length - 1; i >= 0 && seqs.length < max; i--) {
      const { a, n } = s.segments[i]!;
      end -= n;
      if (a === '') continue;
      for (let k = n - 1; k >= 0 && seqs.length < max; k--) {
        seqs.push(end + k);
        attempts.push(a);
      }
    }
    const last = seqs[0];
    const out: TestRunRecord[] = new Array<TestRunRecord>(seqs.length);
    for (let j = seqs.length - 1, i = 0; j >= 0; j--, i++) {
      const seq = seqs[j]!;
      const [key, row] = this.bySeq.get(seq)!;
      let record = runRecord(key, row, attempts[j]!, s.m?.[seq]);
      const d = s.dur ? durationAt(s.dur, seq) : seq === last ? s.d : undefined;
      if (d !== undefined) record = withDuration(record, d);
      out[i] = record;
    }
    return out;
  }

  /** True when run times grow with sequence numbers: a history's runs in sequence order are in time order. */
  get inTimeOrder(): boolean {
    return this.monotone;
  }

  /** The sequence numbers of a test's newest run and of its `max`-th newest (or oldest) run. */
  newestWindow(id: string, max: number): [first: number, last: number] | undefined {
    const s = this.stored.get(id);
    return s ? newestWindowOf(s, max) : undefined;
  }

  /** The time of run `seq`. */
  timeOf(seq: number): number | undefined {
    return this.bySeq.get(seq)?.[1].time;
  }

  /**
   * Calls `visit(first, count, attempts)` for a test's newest `max` runs, a stretch of equal runs at a time (runs
   * `first` to `first + count - 1`), newest stretch first, without making records: the summary's trend reads every
   * test and adds a stretch at once.
   */
  forEachNewestStretch(id: string, max: number, visit: (first: number, count: number, attempts: string) => void): void {
    const s = this.stored.get(id);
    if (s) forEachNewestStretchOf(s, max, visit);
  }

  private decode(id: string, s: StoredTest): TestHistory {
    const seqs: number[] = [];
    const records: TestRunRecord[] = [];
    let sorted = true;
    const atSeq = this.atSeq;
    const base = this.base;
    const messages = s.m;
    const segments = s.segments;
    let seq = s.from;
    let lastTime = Number.NEGATIVE_INFINITY;
    for (let g = 0; g < segments.length; g++) {
      const { a: attempts, n } = segments[g]!;
      if (attempts === '') {
        seq += n;
        continue;
      }
      for (let k = 0; k < n; k++, seq++) {
        const at = seq - base;
        const joined = atSeq === undefined ? this.bySeq.get(seq) : atSeq[at];
        if (!joined) throw new Error(`the history of '${id}' refers to run ${seq}, which is not in the runs table`);
        const message = messages?.[seq];
        let record: TestRunRecord;
        if (message !== undefined || atSeq === undefined) record = runRecord(joined[0], joined[1], attempts, message);
        else if (this.sharedAttempts[at] === attempts) record = this.sharedRecord[at]!;
        else {
          // runRecord's shared record of (run, attempts): the same object, kept at hand for the next test.
          record = runRecord(joined[0], joined[1], attempts);
          this.sharedAttempts[at] = attempts;
          this.sharedRecord[at] = record;
        }
        if (record.time < lastTime) sorted = false;
        lastTime = record.time;
        records.push(record);
        seqs.push(seq);
      }
    }
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
        const d = durationAt(s.dur, seqs[i]!);
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

/** LazyHistory.newestWindow of a test given by its stored form. */
export function newestWindowOf(s: StoredTest, max: number): [first: number, last: number] | undefined {
  let end = endOf(s.from, s.segments);
  let last: number | undefined;
  let left = max;
  for (let i = s.segments.length - 1; i >= 0; i--) {
    const { a, n } = s.segments[i]!;
    end -= n;
    if (a === '') continue;
    last ??= end + n - 1;
    if (n >= left) return [end + n - left, last];
    left -= n;
  }
  return last === undefined ? undefined : [s.from, last];
}

/** LazyHistory.forEachNewestStretch of a test given by its stored form. */
export function forEachNewestStretchOf(s: StoredTest, max: number, visit: (first: number, count: number, attempts: string) => void): void {
  let end = endOf(s.from, s.segments);
  let left = max;
  for (let i = s.segments.length - 1; i >= 0 && left > 0; i--) {
    const { a, n } = s.segments[i]!;
    end -= n;
    if (a === '') continue;
    const count = Math.min(n, left);
    visit(end + n - count, count, a);
    left -= count;
  }
}

/**
 * Whether two stored tests have the same runs and outcomes (`from` and segments), told cheaply: the same segments
 * array, or one segment alike (a suite's quiet tests). False says nothing.
 */
export function sameOutcomes(x: StoredTest, y: StoredTest): boolean {
  if (x.from !== y.from) return false;
  const a = x.segments;
  const b = y.segments;
  return a === b || (a.length === 1 && b.length === 1 && a[0]!.n === b[0]!.n && a[0]!.a === b[0]!.a);
}

/**
 * Whether mergeStored may merge `run` into a history over `rows`: the run is new (a workflow re-run of a job joins
 * the record of its first attempt: the decoded merge does that), and run times grow with sequence numbers, so that a
 * history's oldest runs are its first ones. Otherwise the caller merges the decoded history (mergeRun), as it does
 * when mergeStored finds a test twice in one run.
 */
export function canMergeStored(rows: ReadonlyMap<string, SeqRow>, run: RunContext): boolean {
  if (rows.has(run.key)) return false;
  const ordered = [...rows.values()].sort((a, b) => a.seq - b.seq);
  for (let i = 1; i < ordered.length; i++) if (ordered[i]!.time < ordered[i - 1]!.time) return false;
  return ordered.length === 0 || run.time >= ordered[ordered.length - 1]!.time;
}

/**
 * `s` without its runs older than `oldestKept` and beyond the newest `maxRuns` (the retention of mergeRun), or null when
 * none is left. The reader of a schema-4 quiet line trims with it too (src/store/history-format.ts), with the window
 * the last write applied, so that a line whose `from` was left as it was reads as the merge left it.
 */
export function trimmed(s: StoredTest, timeOf: (seq: number) => number, oldestKept: number, maxRuns: number): StoredTest | null {
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
  const out: StoredTest = { name: s.name, classname: s.classname, from: seq, segments };
  if (s.file !== undefined) out.file = s.file;
  if (s.line !== undefined) out.line = s.line;
  const m = s.m ? sinceSeq(s.m, seq) : undefined;
  if (m) out.m = m;
  if (s.d !== undefined) out.d = s.d;
  const dur = s.dur && s.dur[0]! < seq ? durationsSince(s.dur, seq) : s.dur;
  if (dur && dur.length > 0) out.dur = dur;
  return out;
}

/** Whether two flat duration lists (seq, seconds, …) have a positive duration for the same runs: what a records key reads of them. */
function sameTimedRuns(a: readonly number[], b: readonly number[]): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < a.length && !(a[i + 1]! > 0)) i += 2;
    while (j < b.length && !(b[j + 1]! > 0)) j += 2;
    if (i >= a.length || j >= b.length) return i >= a.length && j >= b.length;
    if (a[i] !== b[j]) return false;
    i += 2;
    j += 2;
  }
}

/** The duration stored for run `seq`, if any. */
export function durationAt(durations: readonly number[], seq: number): number | undefined {
  for (let i = 0; i < durations.length; i += 2) if (durations[i] === seq) return durations[i + 1];
  return undefined;
}

/** The durations of runs `from` and later. */
function durationsSince(durations: readonly number[], from: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < durations.length; i += 2) if (durations[i]! >= from) out.push(durations[i]!, durations[i + 1]!);
  return out;
}

function sinceSeq<T>(byseq: Readonly<Record<string, T>>, from: number): Record<string, T> | undefined {
  let old = false;
  for (const k in byseq) if (Number(k) < from) old = true;
  if (!old) return byseq as Record<string, T>;
  let out: Record<string, T> | undefined;
  for (const [k, v] of Object.entries(byseq)) {
    if (Number(k) < from) continue;
    (out ??= {})[k] = v;
  }
  return out;
}

/**
 * One segments array per single segment (`P*41`) in a merge: the tests that passed again share it, and what is made
 * of it once (its text, src/store/history-format.ts). Segments are never modified.
 */
class SingleSegments {
  private readonly made = new Map<string, Map<number, readonly Segment[]>>();
  of(a: string, n: number): readonly Segment[] {
    let byCount = this.made.get(a);
    if (!byCount) this.made.set(a, (byCount = new Map()));
    let segments = byCount.get(n);
    if (!segments) byCount.set(n, (segments = [{ a, n }]));
    return segments;
  }
}

/**
 * A stored test made at once with the properties it has, in StoredTest's order (name, classname, from, segments,
 * file, line, dur): one object of its final shape, where properties set one by one after a literal of four grow a
 * second object (their backing store) and pass a shape a property.
 */
function storedTest(name: string, classname: string, from: number, segments: readonly Segment[], file: string | undefined, line: number | undefined, dur: readonly number[] | undefined): StoredTest {
  if (dur !== undefined) {
    if (file !== undefined) return line !== undefined ? { name, classname, from, segments, file, line, dur } : { name, classname, from, segments, file, dur };
    return line !== undefined ? { name, classname, from, segments, line, dur } : { name, classname, from, segments, dur };
  }
  if (file !== undefined) return line !== undefined ? { name, classname, from, segments, file, line } : { name, classname, from, segments, file };
  return line !== undefined ? { name, classname, from, segments, line } : { name, classname, from, segments };
}

/**
 * The common case of mergeStored, with one new object: the test ran in the run before too, passed (or did) the same
 * as then, with no message, and retention drops at most the runs at the start of its first segment. Null otherwise
 * (the general path then).
 */
function appendedQuickly(
  previous: StoredTest,
  test: ParsedTestCase,
  seq: number,
  attempts: string,
  duration: number | undefined,
  timeOf: (seq: number) => number,
  oldestKept: number,
  maxRuns: number,
  single: SingleSegments,
): StoredTest | null {
  const segs = previous.segments;
  const last = segs[segs.length - 1]!;
  const first = segs[0]!;
  if (last.a !== attempts || first.a === '') return null;
  const end = endOf(previous.from, segs);
  if (seq !== end) return null;
  const drop = Math.max(0, runCount(segs) + 1 - maxRuns);
  const from = previous.from + drop;
  // Dropping stays within the first segment (and leaves a run of it), and what is left is young enough.
  if (drop >= first.n || timeOf(from) < oldestKept) return null;
  let segments: readonly Segment[];
  if (segs.length === 1) segments = drop === 1 ? segs : single.of(attempts, first.n + 1 - drop);
  else {
    const copy = segs.slice();
    copy[copy.length - 1] = { a: attempts, n: last.n + 1 };
    if (drop > 0) copy[0] = { a: first.a, n: first.n - drop };
    segments = copy;
  }
  const file = test.file ?? previous.file;
  const line = test.line ?? previous.line;
  const m = previous.m ? sinceSeq(previous.m, from) : undefined;
  let dur: readonly number[];
  if (!previous.dur && end - 1 >= from) {
    // A line as read keeps its newest run's duration alone (`d`, run end - 1, kept): the list is made at once (a
    // suite's quiet tests that passed again come here).
    const d = previous.d;
    dur = d !== undefined ? (duration !== undefined ? [end - 1, d, seq, duration] : [end - 1, d]) : duration !== undefined ? [seq, duration] : [];
  } else {
    const earlier: readonly number[] = previous.dur ?? (previous.d !== undefined ? [end - 1, previous.d] : []);
    const kept = drop > 0 && earlier.length > 0 && earlier[0]! < from ? durationsSince(earlier, from) : earlier;
    // concat makes the array to size (a spread or a push grows a backing store of 17 slots).
    dur = duration !== undefined ? kept.concat(seq, duration) : kept;
  }
  if (!m) return storedTest(test.name, test.classname, from, segments, file, line, dur.length > 0 ? dur : undefined);
  const next: StoredTest = { name: test.name, classname: test.classname, from, segments };
  if (file !== undefined) next.file = file;
  if (line !== undefined) next.line = line;
  next.m = m;
  if (dur.length > 0) next.dur = dur;
  return next;
}

/**
 * mergeRun on the stored form: the same history (decoded, it equals what mergeRun gives) with `tests` appended as
 * run `row`. Only when canMergeStored; undefined when a test is twice in `tests`.
 */
export function mergeStored(
  history: LazyHistory,
  tests: readonly ParsedTestCase[],
  run: RunContext,
  row: SeqRow,
  /** `retentionNow`: the time runs age out from (mergeRun's option of that name); default this run's time. */
  options: { retention: RetentionOptions; normalise: MessageNormaliser; retentionNow?: number },
): LazyHistory | undefined {
  const rows = new Map(history.rows);
  rows.set(run.key, row);
  const times = new Map<number, number>();
  for (const r of rows.values()) times.set(r.seq, r.time);
  const timeOf = (seq: number): number => times.get(seq)!;
  const oldestKept = (options.retentionNow ?? run.time) - options.retention.maxAgeDays * DAY_MS;
  const maxRuns = options.retention.maxRuns;
  const single = new SingleSegments();
  const merged = (test: ParsedTestCase, previous: StoredTest | undefined): StoredTest | null => {
    const attempts = test.attempts.length === 1 ? STATUS_CODE[test.attempts[0]!.status] : test.attempts.map((a) => STATUS_CODE[a.status]).join('');
    const message = failureMessageOf(test, options.normalise);
    const duration = test.attempts[test.attempts.length - 1]?.durationSec;
    if (previous && message === undefined) {
      const fast = appendedQuickly(previous, test, row.seq, attempts, duration, timeOf, oldestKept, maxRuns, single);
      if (fast) return fast;
    }
    let next: StoredTest;
    if (!previous) {
      next = { name: test.name, classname: test.classname, from: row.seq, segments: [{ a: attempts, n: 1 }] };
      if (message !== undefined) next.m = { [row.seq]: message };
      if (duration !== undefined) next.dur = [row.seq, duration];
    } else {
      const end = endOf(previous.from, previous.segments);
      const segments = previous.segments.slice();
      const last = segments[segments.length - 1]!;
      // Segments are shared between histories: the last one is replaced, never changed.
      if (row.seq === end && last.a === attempts) segments[segments.length - 1] = { a: attempts, n: last.n + 1 };
      else {
        if (row.seq > end) segments.push({ a: '', n: row.seq - end });
        segments.push({ a: attempts, n: 1 });
      }
      const earlier: readonly number[] = previous.dur ?? (previous.d !== undefined ? [end - 1, previous.d] : []);
      const durations = duration !== undefined ? earlier.concat(row.seq, duration) : earlier;
      next = { name: test.name, classname: test.classname, from: previous.from, segments };
      if (message !== undefined) next.m = { ...previous.m, [row.seq]: message };
      else if (previous.m) next.m = previous.m;
      if (durations.length > 0) next.dur = durations;
    }
    const file = test.file ?? previous?.file;
    const line = test.line ?? previous?.line;
    if (file !== undefined) next.file = file;
    if (line !== undefined) next.line = line;
    return trimmed(next, timeOf, oldestKept, maxRuns);
  };
  // One pass in the history's order (tests that did not run this time still age out), then the new tests in the
  // run's order: the order mergeRun gives.
  // A copy of the history's map (made at once), changed in place: a test keeps its position, a test none of whose
  // runs is kept any more leaves, the new tests join at the end.
  const stored = new Map<string, StoredTest>(history.stored);
  const keep = (id: string, previous: StoredTest, kept: StoredTest | null): void => {
    if (!kept) stored.delete(id);
    else if (kept !== previous) stored.set(id, kept);
  };
  const inOrder = reportInOrder(history.stored, tests);
  if (inOrder) {
    // This run's tests come in the history's order (the common case: a suite's reports list their tests as they did
    // the run before): each history test's record is found by its position, without a map of the run's tests by id.
    const { at, added } = inOrder;
    let i = 0;
    history.stored.forEach((previous, id) => {
      const j = at[i++]!;
      keep(id, previous, j >= 0 ? merged(tests[j]!, previous) : trimmed(previous, timeOf, oldestKept, maxRuns));
    });
    for (const test of added) {
      const kept = merged(test, undefined);
      if (kept) stored.set(test.id, kept);
    }
    return new LazyHistory(stored, rows);
  }
  // This run's tests by id; the same test twice in one run: its second record joins the first (mergeRun does that).
  const ran = new Map<string, ParsedTestCase>();
  for (const test of tests) {
    if (test.attempts.length === 0) continue;
    if (ran.has(test.id)) return undefined;
    ran.set(test.id, test);
  }
  let found = 0;
  history.stored.forEach((previous, id) => {
    const test = ran.get(id);
    if (test) found++;
    keep(id, previous, test ? merged(test, previous) : trimmed(previous, timeOf, oldestKept, maxRuns));
  });
  // (Every test of the run had a history: no new test to add, the common case.)
  if (found < ran.size) {
    for (const [id, test] of ran) {
      if (history.stored.has(id)) continue;
      const kept = merged(test, undefined);
      if (kept) stored.set(id, kept);
    }
  }
  return new LazyHistory(stored, rows);
}

/** The index of the first test of `tests` from `j` on that ran (has an attempt); `tests.length` when none. */
function nextRan(tests: readonly ParsedTestCase[], j: number): number {
  while (j < tests.length && tests[j]!.attempts.length === 0) j++;
  return j;
}

/**
 * When the tests of a run that have a history come in the history's order, each once: for each test of the history
 * (by position) the index of its record in `tests` (-1: it did not run), and the tests new to the history (none of
 * them twice) in the run's order; undefined otherwise (the caller then maps the run's tests by id). One comparison
 * of ids per test of the history and no object per test: a history test is compared with the report's test at the
 * cursor, and a report test that is not the history's next one is looked up once, to tell a new test from one that
 * comes later (or out of order, or twice: then it is left over at the end).
 */
function reportInOrder(history: ReadonlyMap<string, StoredTest>, tests: readonly ParsedTestCase[]): { at: Int32Array; added: ParsedTestCase[] } | undefined {
  const at = new Int32Array(history.size).fill(-1);
  const added: ParsedTestCase[] = [];
  let addedIds: Set<string> | undefined;
  const isNew = (test: ParsedTestCase): boolean => {
    if (history.has(test.id) || (addedIds ??= new Set()).has(test.id)) return false;
    addedIds.add(test.id);
    added.push(test);
    return true;
  };
  let j = nextRan(tests, 0);
  // The cursor's test when it was found in the history (it comes later there, or it is out of order).
  let known = -1;
  let i = 0;
  for (const id of history.keys()) {
    while (j < tests.length) {
      if (tests[j]!.id === id) {
        at[i] = j;
        j = nextRan(tests, j + 1);
        break;
      }
      if (known === j) break;
      if (!isNew(tests[j]!)) {
        known = j;
        break;
      }
      j = nextRan(tests, j + 1);
    }
    i++;
  }
  for (; j < tests.length; j = nextRan(tests, j + 1)) if (!isNew(tests[j]!)) return undefined;
  return { at, added };
}
