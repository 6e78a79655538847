/**
 * mergeRun on the stored form (src/history/stored.ts): one run appended to a LazyHistory as a segment per test, and
 * the retention applied to the stored form (`trimmed`, which the readers of schema-4 quiet lines apply too). Decoded,
 * the merged history equals what mergeRun (src/history/merge.ts) gives. Pure: the inputs are not modified.
 */
import { STATUS_CODE, type ParsedTestCase, type RunContext } from '../model.ts';
import { failureMessageOf, type MessageNormaliser, type RetentionOptions } from './merge.ts';
import { endOf, runCount, type Segment } from './outcome-string.ts';
import { LazyHistory, type SeqRow, type StoredTest } from './stored.ts';

const DAY_MS = 86_400_000;

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
  // A copy of the history's map (made at once), changed in place: a test keeps its position, a test none of whose
  // runs is kept any more leaves, a new test joins at the end in the run's order (the order mergeRun gives). First
  // each test of the run is looked up in the copy and put in its entry (one look-up and one set a test: no map of the
  // run's tests; a test met twice finds its own record there); then one pass in the copy's order, beside the
  // history's, merges each test or ages it out, so that the merged tests are made in the order they are read after.
  const stored = new Map<string, StoredTest | ParsedTestCase>(history.stored);
  for (const test of tests) {
    if (test.attempts.length === 0) continue;
    const current = stored.get(test.id);
    if (current !== undefined && !('segments' in current)) return undefined;
    stored.set(test.id, test);
  }
  const read = history.stored.values();
  stored.forEach((entry, id) => {
    const previous = read.next().value;
    const kept = entry === previous ? trimmed(previous, timeOf, oldestKept, maxRuns) : merged(entry as ParsedTestCase, previous);
    if (!kept) stored.delete(id);
    else if (kept !== entry) stored.set(id, kept);
  });
  return new LazyHistory(stored as Map<string, StoredTest>, rows);
}
