/**
 * The history kept in its stored form (docs/data-branch.md, "history/NN.json"; docs/adr/0002-history-in-its-stored-form.md): per test, `from` and the run-length
 * segments of its outcome string, its failure messages and durations by run number. A test's run records are decoded
 * only when something asks for them (`get`); appending a run appends a segment (mergeStored, src/history/stored-merge.ts), and the branch's files
 * are rendered from the stored form again. Most tests of a suite never failed: they are never decoded at all.
 *
 * LazyHistory is a History (a Map of TestHistory by id) to every reader: `get`, `has`, `size` and iteration behave as
 * the Map of decoded histories would, in the same order. Pure.
 */
import { type TestHistory, type TestRunRecord } from '../model.ts';
import { runRecord, withDuration, type RunFacts } from './records.ts';
import { endOf, type Segment } from './outcome-string.ts';

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
