/**
 * The run numbers of runs.json as the history's readers and writers check them: which runs a line may refer to
 * (KnownSeqs, with the segments of each outcome string made once) and which runs some line still refers to
 * (RunMarks). Memory in proportion to the table's rows, never to the numbers. Pure.
 */
import { expandOpenEnd, parseOutcomeString, runCount, type Segment } from '../history/outcome-string.ts';
import type { RunTable } from './runs-format.ts';

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
