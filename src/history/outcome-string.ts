/**
 * The outcome string of a history line (docs/data-branch.md, "history/NN.json"), as run-length segments. Pure and
 * free of imports, so that the dashboard page bundles it too.
 *
 * One token per run, aligned on run sequence numbers from `from`: `P`, `F`, `E`, `S` for a run with one attempt,
 * `(FP)` for several attempts; `.` for a run the test was not in, `.12` for twelve. Schema 3 adds a repeat count:
 * `P*40` is forty runs passed in a row (written from four repeats up), `(FP)*4` four runs that failed then passed.
 * Schema 2 strings have no repeat count and read the same. Schema 4 adds an open-ended last token: `P*` (no count) is
 * that token for every run from its place up to the newest run of runs.json (expandOpenEnd); parseOutcomeString
 * refuses it, since only a reader that knows the newest run can read it.
 */

/** `n` runs in a row with the same attempts (`a`), or a gap of `n` runs the test was not in (`a` = ''). */
export interface Segment {
  a: string;
  n: number;
}

/** A repeat is written as `X*n` from this many runs up; fewer are written out (`PPP`). */
export const REPEAT_FROM = 4;

function isAttempt(c: number): boolean {
  return c === 80 /* P */ || c === 70 /* F */ || c === 69 /* E */ || c === 83; /* S */
}

/** Appends `n` runs of `a` to `segments`, joining the last segment when it is the same. */
export function pushSegment(segments: Segment[], a: string, n: number): void {
  if (n <= 0) return;
  const last = segments[segments.length - 1];
  if (last && last.a === a) last.n += n;
  else segments.push({ a, n });
}

/** The segments of an outcome string, or null when it is malformed. */
export function parseOutcomeString(o: string): Segment[] | null {
  const segments: Segment[] = [];
  let i = 0;
  while (i < o.length) {
    const c = o.charCodeAt(i);
    let a: string;
    if (c === 46 /* . */) {
      let j = i + 1;
      while (j < o.length && o.charCodeAt(j) >= 48 && o.charCodeAt(j) <= 57) j++;
      const n = j > i + 1 ? Number(o.slice(i + 1, j)) : 1;
      if (!Number.isSafeInteger(n) || n < 1) return null;
      pushSegment(segments, '', n);
      i = j;
      continue;
    }
    if (c === 40 /* ( */) {
      const end = o.indexOf(')', i);
      if (end < 0 || end === i + 1) return null;
      for (let k = i + 1; k < end; k++) if (!isAttempt(o.charCodeAt(k))) return null;
      a = o.slice(i + 1, end);
      i = end + 1;
    } else if (isAttempt(c)) {
      a = o[i]!;
      i++;
    } else {
      return null;
    }
    let n = 1;
    if (o.charCodeAt(i) === 42 /* * */) {
      let j = i + 1;
      while (j < o.length && o.charCodeAt(j) >= 48 && o.charCodeAt(j) <= 57) j++;
      n = Number(o.slice(i + 1, j));
      if (j === i + 1 || !Number.isSafeInteger(n) || n < 2) return null;
      i = j;
    }
    pushSegment(segments, a, n);
  }
  // A copy made to size: pushing grew a backing store of 17 slots, kept as long as the history (100k tests: ~13 MB).
  return segments.slice();
}

/** True when the outcome string ends with an open-ended token (`P*`, schema 4). */
export function isOpenEnded(o: string): boolean {
  return o.length >= 2 && o.charCodeAt(o.length - 1) === 42; /* * */
}

/**
 * The segments of an outcome string whose last token may be open-ended (`P*`: that token for every run from its place
 * to `newest`, the newest run of runs.json), or null when it is malformed: an open-ended gap (`.*`), or a token that
 * would start after `newest`. A string without an open end reads as parseOutcomeString reads it.
 */
export function expandOpenEnd(from: number, o: string, newest: number): Segment[] | null {
  if (!isOpenEnded(o)) return parseOutcomeString(o);
  const segments = parseOutcomeString(o.slice(0, -1));
  if (!segments || segments.length === 0) return null;
  const last = segments[segments.length - 1]!;
  if (last.a === '') return null;
  // The open token is the prefix's last run (at end - 1) and every run after it up to `newest`.
  const more = newest - (endOf(from, segments) - 1);
  if (!Number.isSafeInteger(more) || more < 0) return null;
  last.n += more;
  return segments;
}

/** The outcome string with its open end (if any) written out as a count: what a schema-3 reader reads; null when malformed. */
export function closeOpenEnd(from: number, o: string, newest: number): string | null {
  if (!isOpenEnded(o)) return o;
  const segments = expandOpenEnd(from, o, newest);
  return segments ? renderOutcomeString(segments) : null;
}

/** The outcome string of `segments` (the inverse of parseOutcomeString; repeats from REPEAT_FROM up). */
export function renderOutcomeString(segments: readonly Segment[]): string {
  let o = '';
  for (const { a, n } of segments) {
    if (a === '') {
      o += n === 1 ? '.' : `.${n}`;
      continue;
    }
    const token = a.length === 1 ? a : `(${a})`;
    if (n >= REPEAT_FROM) o += `${token}*${n}`;
    else for (let k = 0; k < n; k++) o += token;
  }
  return o;
}

/** Calls `each(seq, attempts)` for every run of `segments` from `from` on, oldest first. */
export function forEachRun(from: number, segments: readonly Segment[], each: (seq: number, attempts: string) => void): void {
  let seq = from;
  for (const { a, n } of segments) {
    if (a === '') {
      seq += n;
      continue;
    }
    for (let k = 0; k < n; k++) each(seq++, a);
  }
}

/** Number of runs (not gaps) in `segments`. */
export function runCount(segments: readonly Segment[]): number {
  let n = 0;
  for (const s of segments) if (s.a !== '') n += s.n;
  return n;
}

/** The sequence number just after the last run of `segments` (runs and gaps from `from`). */
export function endOf(from: number, segments: readonly Segment[]): number {
  let end = from;
  for (const s of segments) end += s.n;
  return end;
}

/** True when no run of `segments` has a failed or errored attempt. */
export function neverFailed(segments: readonly Segment[]): boolean {
  for (const { a } of segments) if (a.indexOf('F') >= 0 || a.indexOf('E') >= 0) return false;
  return true;
}

/**
 * Schema 3 writes a test's file as `"fp": [before, after]` when it is `before + <classname with dots as slashes> +
 * after` (`src/test/java/` + `com/shop/CartTest` + `.java`): a Java suite's paths repeat the class name.
 */
export function fileAround(file: string, classname: string): [string, string] | undefined {
  const path = classPath(classname);
  if (path.length < 3) return undefined;
  const at = file.lastIndexOf(path);
  return at < 0 ? undefined : [file.slice(0, at), file.slice(at + path.length)];
}

/** The file of a history line's `fp` (see fileAround), or undefined when it is not one. */
export function fileFromAround(fp: unknown, classname: string): string | undefined {
  if (!Array.isArray(fp) || fp.length !== 2 || typeof fp[0] !== 'string' || typeof fp[1] !== 'string') return undefined;
  return `${fp[0]}${classPath(classname)}${fp[1]}`;
}

/** A class name's path (dots as slashes). */
function classPath(classname: string): string {
  return classname.replace(/\./g, '/');
}
