/**
 * Schema 4's quiet lines (docs/adr/0365-schema-4-quiet-shards.md): a quiet test (its window one stretch of
 * first-attempt passes up to the newest run, with no message) is written to `history/quiet-NN.json` as `"o":"P*"`,
 * open-ended up to the newest run of runs.json, keeping the `from` and `d` it was read with while that reads back as
 * the merged history. Pure.
 */
import { durationAt, type QuietRead, type StoredTest } from '../history/stored.ts';
import { trimmed } from '../history/stored-merge.ts';
import { endOf } from '../history/outcome-string.ts';
import type { RetentionWindow } from './layout.ts';

/** A quiet test's line as written (schema 4): `"o":"P*"` from `from`, with the newest duration `d`. */
export interface QuietLine {
  from: number;
  d?: number;
}

/** The duration a test's line gives its newest run. */
export function newestDuration(t: StoredTest): number | undefined {
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
  lines: Map<string, QuietRead>;
  shards: Map<string, { text: string; tests: number }>;
}

export function emptyQuietReads(): QuietReads {
  return { lines: new Map(), shards: new Map() };
}
