import {
  failureMessageOf,
  runRecord,
  withDuration
} from "./shared-history-merge.js";
import {
  STATUS_CODE
} from "./shared-model.js";

// src/history/outcome-string.ts
var REPEAT_FROM = 4;
function isAttempt(c) {
  return c === 80 || c === 70 || c === 69 || c === 83;
}
function pushSegment(segments, a, n) {
  if (n <= 0) return;
  const last = segments[segments.length - 1];
  if (last && last.a === a) last.n += n;
  else segments.push({ a, n });
}
function parseOutcomeString(o) {
  const segments = [];
  let i = 0;
  while (i < o.length) {
    const c = o.charCodeAt(i);
    let a;
    if (c === 46) {
      let j = i + 1;
      while (j < o.length && o.charCodeAt(j) >= 48 && o.charCodeAt(j) <= 57) j++;
      const n2 = j > i + 1 ? Number(o.slice(i + 1, j)) : 1;
      if (!Number.isSafeInteger(n2) || n2 < 1) return null;
      pushSegment(segments, "", n2);
      i = j;
      continue;
    }
    if (c === 40) {
      const end = o.indexOf(")", i);
      if (end < 0 || end === i + 1) return null;
      for (let k = i + 1; k < end; k++) if (!isAttempt(o.charCodeAt(k))) return null;
      a = o.slice(i + 1, end);
      i = end + 1;
    } else if (isAttempt(c)) {
      a = o[i];
      i++;
    } else {
      return null;
    }
    let n = 1;
    if (o.charCodeAt(i) === 42) {
      let j = i + 1;
      while (j < o.length && o.charCodeAt(j) >= 48 && o.charCodeAt(j) <= 57) j++;
      n = Number(o.slice(i + 1, j));
      if (j === i + 1 || !Number.isSafeInteger(n) || n < 2) return null;
      i = j;
    }
    pushSegment(segments, a, n);
  }
  return segments.slice();
}
function isOpenEnded(o) {
  return o.length >= 2 && o.charCodeAt(o.length - 1) === 42;
}
function expandOpenEnd(from, o, newest) {
  if (!isOpenEnded(o)) return parseOutcomeString(o);
  const segments = parseOutcomeString(o.slice(0, -1));
  if (!segments || segments.length === 0) return null;
  const last = segments[segments.length - 1];
  if (last.a === "") return null;
  const more = newest - (endOf(from, segments) - 1);
  if (!Number.isSafeInteger(more) || more < 0) return null;
  last.n += more;
  return segments;
}
function closeOpenEnd(from, o, newest) {
  if (!isOpenEnded(o)) return o;
  const segments = expandOpenEnd(from, o, newest);
  return segments ? renderOutcomeString(segments) : null;
}
function renderOutcomeString(segments) {
  let o = "";
  for (const { a, n } of segments) {
    if (a === "") {
      o += n === 1 ? "." : `.${n}`;
      continue;
    }
    const token = a.length === 1 ? a : `(${a})`;
    if (n >= REPEAT_FROM) o += `${token}*${n}`;
    else for (let k = 0; k < n; k++) o += token;
  }
  return o;
}
function forEachRun(from, segments, each) {
  let seq = from;
  for (const { a, n } of segments) {
    if (a === "") {
      seq += n;
      continue;
    }
    for (let k = 0; k < n; k++) each(seq++, a);
  }
}
function runCount(segments) {
  let n = 0;
  for (const s of segments) if (s.a !== "") n += s.n;
  return n;
}
function endOf(from, segments) {
  let end = from;
  for (const s of segments) end += s.n;
  return end;
}
function neverFailed(segments) {
  for (const { a } of segments) if (a.indexOf("F") >= 0 || a.indexOf("E") >= 0) return false;
  return true;
}
function fileAround(file, classname) {
  const path = classPath(classname);
  if (path.length < 3) return void 0;
  const at = file.lastIndexOf(path);
  return at < 0 ? void 0 : [file.slice(0, at), file.slice(at + path.length)];
}
function fileFromAround(fp, classname) {
  if (!Array.isArray(fp) || fp.length !== 2 || typeof fp[0] !== "string" || typeof fp[1] !== "string") return void 0;
  return `${fp[0]}${classPath(classname)}${fp[1]}`;
}
function classPath(classname) {
  return classname.replace(/\./g, "/");
}

// src/history/stored.ts
var DAY_MS = 864e5;
var LazyHistory = class extends Map {
  /** Tests kept in their stored form, in the order a Map of decoded histories would have them. */
  stored;
  /** Run rows by run key. */
  rows;
  bySeq = /* @__PURE__ */ new Map();
  decoded = /* @__PURE__ */ new Map();
  /** Run times grow with sequence numbers: a history's runs in sequence order are in time order. */
  monotone;
  constructor(stored, rows) {
    super();
    this.stored = stored;
    this.rows = rows;
    for (const [key, row] of rows) this.bySeq.set(row.seq, [key, row]);
    const ordered = [...rows.values()].sort((a, b) => a.seq - b.seq);
    let monotone = true;
    for (let i = 1; i < ordered.length && monotone; i++) if (ordered[i].time < ordered[i - 1].time) monotone = false;
    this.monotone = monotone;
    Object.defineProperty(this, "size", { get: () => this.stored.size });
  }
  get(id) {
    const cached = this.decoded.get(id);
    if (cached) return cached;
    const stored = this.stored.get(id);
    if (!stored) return void 0;
    const test = this.decode(id, stored);
    this.decoded.set(id, test);
    return test;
  }
  has(id) {
    return this.stored.has(id);
  }
  /** Read-only: a merge makes a new history (mergeStored). */
  set() {
    throw new Error("a LazyHistory is read-only");
  }
  delete() {
    throw new Error("a LazyHistory is read-only");
  }
  clear() {
    throw new Error("a LazyHistory is read-only");
  }
  keys() {
    return this.stored.keys();
  }
  *values() {
    for (const id of this.stored.keys()) yield this.peek(id);
  }
  *entries() {
    for (const id of this.stored.keys()) yield [id, this.peek(id)];
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  forEach(callback, thisArg) {
    for (const [id, test] of this.entries()) callback.call(thisArg, test, id, this);
  }
  /** Lets go of the decoded histories kept so far (they are made again when asked). */
  dropCaches() {
    this.decoded.clear();
  }
  /** The decoded history without keeping it (iteration over every test must not hold every decoded history). */
  peek(id) {
    return this.decoded.get(id) ?? this.decode(id, this.stored.get(id));
  }
  /**
   * A key equal for two tests when everything the policy and the scores read of their run records is equal: the
   * runs, attempts and messages, and which runs have a duration (scoring reads no more of durations: "has timing
   * data", src/scoring/multi-factor.ts). Whatever is computed from the records alone is computed once per key.
   * Made anew at each call (not kept: a caller asking for every test's key asks once, src/pipeline/apply.ts).
   */
  recordsKey(id) {
    const s = this.stored.get(id);
    return s ? this.recordsKeyOf(s) : void 0;
  }
  /** recordsKey of a test of this history given by its stored form (a caller iterating `stored` looks up no id). */
  recordsKeyOf(s) {
    const segs = s.segments;
    const dur = s.dur;
    const single = segs.length === 1 && !s.m;
    const timed = s.d !== void 0 && s.d > 0;
    const last = this.lastKey;
    if (single && last && last.segments === segs && last.from === s.from && (dur ? last.dur !== void 0 && sameTimedRuns(last.dur, dur) : last.dur === void 0 && last.timed === timed))
      return last.key;
    let key = segs.length === 1 ? `${s.from}|${segs[0].a}${segs[0].n}` : String(s.from);
    if (segs.length > 1) for (let i = 0; i < segs.length; i++) key += `|${segs[i].a}${segs[i].n}`;
    if (s.m) key += `|m${JSON.stringify(s.m)}`;
    if (dur) {
      key += "|D";
      for (let i = 0; i < dur.length; i += 2) if (dur[i + 1] > 0) key += `${dur[i]},`;
    } else if (timed) key += "|d";
    if (single) this.lastKey = { segments: segs, from: s.from, dur, timed, key };
    return key;
  }
  lastKey;
  /**
   * The records of a test's newest `max` runs, oldest first, without decoding the others (for the summary's trend).
   * Equal to `get(id).runs.slice(-max)`.
   */
  tail(id, max) {
    const s = this.stored.get(id);
    if (!s) return [];
    const cached = this.decoded.get(id);
    if (cached || !this.monotone) {
      const runs = (cached ?? this.decode(id, s)).runs;
      return runs.length <= max ? runs : runs.slice(runs.length - max);
    }
    const seqs = [];
    const attempts = [];
    let end = endOf(s.from, s.segments);
    for (let i = s.segments.length - 1; i >= 0 && seqs.length < max; i--) {
      const { a, n } = s.segments[i];
      end -= n;
      if (a === "") continue;
      for (let k = n - 1; k >= 0 && seqs.length < max; k--) {
        seqs.push(end + k);
        attempts.push(a);
      }
    }
    const last = seqs[0];
    const out = new Array(seqs.length);
    for (let j = seqs.length - 1, i = 0; j >= 0; j--, i++) {
      const seq = seqs[j];
      const [key, row] = this.bySeq.get(seq);
      let record = runRecord(key, row, attempts[j], s.m?.[seq]);
      const d = s.dur ? durationAt(s.dur, seq) : seq === last ? s.d : void 0;
      if (d !== void 0) record = withDuration(record, d);
      out[i] = record;
    }
    return out;
  }
  /** True when run times grow with sequence numbers: a history's runs in sequence order are in time order. */
  get inTimeOrder() {
    return this.monotone;
  }
  /** The sequence numbers of a test's newest run and of its `max`-th newest (or oldest) run. */
  newestWindow(id, max) {
    const s = this.stored.get(id);
    return s ? newestWindowOf(s, max) : void 0;
  }
  /** The time of run `seq`. */
  timeOf(seq) {
    return this.bySeq.get(seq)?.[1].time;
  }
  /**
   * Calls `visit(first, count, attempts)` for a test's newest `max` runs, a stretch of equal runs at a time (runs
   * `first` to `first + count - 1`), newest stretch first, without making records: the summary's trend reads every
   * test and adds a stretch at once.
   */
  forEachNewestStretch(id, max, visit) {
    const s = this.stored.get(id);
    if (s) forEachNewestStretchOf(s, max, visit);
  }
  decode(id, s) {
    const seqs = [];
    const records = [];
    let sorted = true;
    forEachRun(s.from, s.segments, (seq, attempts) => {
      const joined = this.bySeq.get(seq);
      if (!joined) throw new Error(`the history of '${id}' refers to run ${seq}, which is not in the runs table`);
      const message = s.m?.[seq];
      const record = runRecord(joined[0], joined[1], attempts, message);
      if (records.length > 0 && records[records.length - 1].time > record.time) sorted = false;
      records.push(record);
      seqs.push(seq);
    });
    let order;
    if (!sorted) {
      order = records.map((_, i) => i).sort((x, y) => records[x].time - records[y].time);
      const bySeq = order.map((i) => records[i]);
      const seqOrder = order.map((i) => seqs[i]);
      records.splice(0, records.length, ...bySeq);
      seqs.splice(0, seqs.length, ...seqOrder);
    }
    if (s.dur) {
      for (let i = 0; i < records.length; i++) {
        const d = durationAt(s.dur, seqs[i]);
        if (d !== void 0) records[i] = withDuration(records[i], d);
      }
    } else if (s.d !== void 0 && records.length > 0) {
      records[records.length - 1] = withDuration(records[records.length - 1], s.d);
    }
    const test = { id, name: s.name, classname: s.classname, runs: records };
    if (s.file !== void 0) test.file = s.file;
    if (s.line !== void 0) test.line = s.line;
    return test;
  }
};
function newestWindowOf(s, max) {
  let end = endOf(s.from, s.segments);
  let last;
  let left = max;
  for (let i = s.segments.length - 1; i >= 0; i--) {
    const { a, n } = s.segments[i];
    end -= n;
    if (a === "") continue;
    last ??= end + n - 1;
    if (n >= left) return [end + n - left, last];
    left -= n;
  }
  return last === void 0 ? void 0 : [s.from, last];
}
function forEachNewestStretchOf(s, max, visit) {
  let end = endOf(s.from, s.segments);
  let left = max;
  for (let i = s.segments.length - 1; i >= 0 && left > 0; i--) {
    const { a, n } = s.segments[i];
    end -= n;
    if (a === "") continue;
    const count = Math.min(n, left);
    visit(end + n - count, count, a);
    left -= count;
  }
}
function sameOutcomes(x, y) {
  if (x.from !== y.from) return false;
  const a = x.segments;
  const b = y.segments;
  return a === b || a.length === 1 && b.length === 1 && a[0].n === b[0].n && a[0].a === b[0].a;
}
function canMergeStored(rows, run) {
  if (rows.has(run.key)) return false;
  const ordered = [...rows.values()].sort((a, b) => a.seq - b.seq);
  for (let i = 1; i < ordered.length; i++) if (ordered[i].time < ordered[i - 1].time) return false;
  return ordered.length === 0 || run.time >= ordered[ordered.length - 1].time;
}
function trimmed(s, timeOf, oldestKept, maxRuns) {
  let count = runCount(s.segments);
  let i = 0;
  let seq = s.from;
  let dropInFirst = 0;
  while (i < s.segments.length && count > 0) {
    const seg = s.segments[i];
    if (seg.a === "") {
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
  const segments = s.segments.slice(i);
  if (dropInFirst > 0) segments[0] = { a: segments[0].a, n: segments[0].n - dropInFirst };
  const out = { name: s.name, classname: s.classname, from: seq, segments };
  if (s.file !== void 0) out.file = s.file;
  if (s.line !== void 0) out.line = s.line;
  const m = s.m ? sinceSeq(s.m, seq) : void 0;
  if (m) out.m = m;
  if (s.d !== void 0) out.d = s.d;
  const dur = s.dur && s.dur[0] < seq ? durationsSince(s.dur, seq) : s.dur;
  if (dur && dur.length > 0) out.dur = dur;
  return out;
}
function sameTimedRuns(a, b) {
  let i = 0;
  let j = 0;
  for (; ; ) {
    while (i < a.length && !(a[i + 1] > 0)) i += 2;
    while (j < b.length && !(b[j + 1] > 0)) j += 2;
    if (i >= a.length || j >= b.length) return i >= a.length && j >= b.length;
    if (a[i] !== b[j]) return false;
    i += 2;
    j += 2;
  }
}
function durationAt(durations, seq) {
  for (let i = 0; i < durations.length; i += 2) if (durations[i] === seq) return durations[i + 1];
  return void 0;
}
function durationsSince(durations, from) {
  const out = [];
  for (let i = 0; i < durations.length; i += 2) if (durations[i] >= from) out.push(durations[i], durations[i + 1]);
  return out;
}
function sinceSeq(byseq, from) {
  let old = false;
  for (const k in byseq) if (Number(k) < from) old = true;
  if (!old) return byseq;
  let out;
  for (const [k, v] of Object.entries(byseq)) {
    if (Number(k) < from) continue;
    (out ??= {})[k] = v;
  }
  return out;
}
var SingleSegments = class {
  made = /* @__PURE__ */ new Map();
  of(a, n) {
    let byCount = this.made.get(a);
    if (!byCount) this.made.set(a, byCount = /* @__PURE__ */ new Map());
    let segments = byCount.get(n);
    if (!segments) byCount.set(n, segments = [{ a, n }]);
    return segments;
  }
};
function storedTest(name, classname, from, segments, file, line, dur) {
  if (dur !== void 0) {
    if (file !== void 0) return line !== void 0 ? { name, classname, from, segments, file, line, dur } : { name, classname, from, segments, file, dur };
    return line !== void 0 ? { name, classname, from, segments, line, dur } : { name, classname, from, segments, dur };
  }
  if (file !== void 0) return line !== void 0 ? { name, classname, from, segments, file, line } : { name, classname, from, segments, file };
  return line !== void 0 ? { name, classname, from, segments, line } : { name, classname, from, segments };
}
function appendedQuickly(previous, test, seq, attempts, duration, timeOf, oldestKept, maxRuns, single) {
  const segs = previous.segments;
  const last = segs[segs.length - 1];
  const first = segs[0];
  if (last.a !== attempts || first.a === "") return null;
  const end = endOf(previous.from, segs);
  if (seq !== end) return null;
  const drop = Math.max(0, runCount(segs) + 1 - maxRuns);
  const from = previous.from + drop;
  if (drop >= first.n || timeOf(from) < oldestKept) return null;
  let segments;
  if (segs.length === 1) segments = drop === 1 ? segs : single.of(attempts, first.n + 1 - drop);
  else {
    const copy = segs.slice();
    copy[copy.length - 1] = { a: attempts, n: last.n + 1 };
    if (drop > 0) copy[0] = { a: first.a, n: first.n - drop };
    segments = copy;
  }
  const file = test.file ?? previous.file;
  const line = test.line ?? previous.line;
  const m = previous.m ? sinceSeq(previous.m, from) : void 0;
  let dur;
  if (!previous.dur && end - 1 >= from) {
    const d = previous.d;
    dur = d !== void 0 ? duration !== void 0 ? [end - 1, d, seq, duration] : [end - 1, d] : duration !== void 0 ? [seq, duration] : [];
  } else {
    const earlier = previous.dur ?? (previous.d !== void 0 ? [end - 1, previous.d] : []);
    const kept = drop > 0 && earlier.length > 0 && earlier[0] < from ? durationsSince(earlier, from) : earlier;
    dur = duration !== void 0 ? kept.concat(seq, duration) : kept;
  }
  if (!m) return storedTest(test.name, test.classname, from, segments, file, line, dur.length > 0 ? dur : void 0);
  const next = { name: test.name, classname: test.classname, from, segments };
  if (file !== void 0) next.file = file;
  if (line !== void 0) next.line = line;
  next.m = m;
  if (dur.length > 0) next.dur = dur;
  return next;
}
function mergeStored(history, tests, run, row, options) {
  const rows = new Map(history.rows);
  rows.set(run.key, row);
  const times = /* @__PURE__ */ new Map();
  for (const r of rows.values()) times.set(r.seq, r.time);
  const timeOf = (seq) => times.get(seq);
  const oldestKept = (options.retentionNow ?? run.time) - options.retention.maxAgeDays * DAY_MS;
  const maxRuns = options.retention.maxRuns;
  const single = new SingleSegments();
  const merged = (test, previous) => {
    const attempts = test.attempts.length === 1 ? STATUS_CODE[test.attempts[0].status] : test.attempts.map((a) => STATUS_CODE[a.status]).join("");
    const message = failureMessageOf(test, options.normalise);
    const duration = test.attempts[test.attempts.length - 1]?.durationSec;
    if (previous && message === void 0) {
      const fast = appendedQuickly(previous, test, row.seq, attempts, duration, timeOf, oldestKept, maxRuns, single);
      if (fast) return fast;
    }
    let next;
    if (!previous) {
      next = { name: test.name, classname: test.classname, from: row.seq, segments: [{ a: attempts, n: 1 }] };
      if (message !== void 0) next.m = { [row.seq]: message };
      if (duration !== void 0) next.dur = [row.seq, duration];
    } else {
      const end = endOf(previous.from, previous.segments);
      const segments = previous.segments.slice();
      const last = segments[segments.length - 1];
      if (row.seq === end && last.a === attempts) segments[segments.length - 1] = { a: attempts, n: last.n + 1 };
      else {
        if (row.seq > end) segments.push({ a: "", n: row.seq - end });
        segments.push({ a: attempts, n: 1 });
      }
      const earlier = previous.dur ?? (previous.d !== void 0 ? [end - 1, previous.d] : []);
      const durations = duration !== void 0 ? earlier.concat(row.seq, duration) : earlier;
      next = { name: test.name, classname: test.classname, from: previous.from, segments };
      if (message !== void 0) next.m = { ...previous.m, [row.seq]: message };
      else if (previous.m) next.m = previous.m;
      if (durations.length > 0) next.dur = durations;
    }
    const file = test.file ?? previous?.file;
    const line = test.line ?? previous?.line;
    if (file !== void 0) next.file = file;
    if (line !== void 0) next.line = line;
    return trimmed(next, timeOf, oldestKept, maxRuns);
  };
  const stored = new Map(history.stored);
  const keep = (id, previous, kept) => {
    if (!kept) stored.delete(id);
    else if (kept !== previous) stored.set(id, kept);
  };
  const inOrder = reportInOrder(history.stored, tests);
  if (inOrder) {
    const { at, added } = inOrder;
    let i = 0;
    history.stored.forEach((previous, id) => {
      const j = at[i++];
      keep(id, previous, j >= 0 ? merged(tests[j], previous) : trimmed(previous, timeOf, oldestKept, maxRuns));
    });
    for (const test of added) {
      const kept = merged(test, void 0);
      if (kept) stored.set(test.id, kept);
    }
    return new LazyHistory(stored, rows);
  }
  const ran = /* @__PURE__ */ new Map();
  for (const test of tests) {
    if (test.attempts.length === 0) continue;
    if (ran.has(test.id)) return void 0;
    ran.set(test.id, test);
  }
  let found = 0;
  history.stored.forEach((previous, id) => {
    const test = ran.get(id);
    if (test) found++;
    keep(id, previous, test ? merged(test, previous) : trimmed(previous, timeOf, oldestKept, maxRuns));
  });
  if (found < ran.size) {
    for (const [id, test] of ran) {
      if (history.stored.has(id)) continue;
      const kept = merged(test, void 0);
      if (kept) stored.set(id, kept);
    }
  }
  return new LazyHistory(stored, rows);
}
function nextRan(tests, j) {
  while (j < tests.length && tests[j].attempts.length === 0) j++;
  return j;
}
function reportInOrder(history, tests) {
  const at = new Int32Array(history.size).fill(-1);
  const added = [];
  let addedIds;
  const isNew = (test) => {
    if (history.has(test.id) || (addedIds ??= /* @__PURE__ */ new Set()).has(test.id)) return false;
    addedIds.add(test.id);
    added.push(test);
    return true;
  };
  let j = nextRan(tests, 0);
  let known = -1;
  let i = 0;
  for (const id of history.keys()) {
    while (j < tests.length) {
      if (tests[j].id === id) {
        at[i] = j;
        j = nextRan(tests, j + 1);
        break;
      }
      if (known === j) break;
      if (!isNew(tests[j])) {
        known = j;
        break;
      }
      j = nextRan(tests, j + 1);
    }
    i++;
  }
  for (; j < tests.length; j = nextRan(tests, j + 1)) if (!isNew(tests[j])) return void 0;
  return { at, added };
}

export {
  pushSegment,
  parseOutcomeString,
  isOpenEnded,
  expandOpenEnd,
  closeOpenEnd,
  renderOutcomeString,
  forEachRun,
  runCount,
  endOf,
  neverFailed,
  fileAround,
  fileFromAround,
  LazyHistory,
  newestWindowOf,
  forEachNewestStretchOf,
  sameOutcomes,
  canMergeStored,
  trimmed,
  durationAt,
  mergeStored
};
