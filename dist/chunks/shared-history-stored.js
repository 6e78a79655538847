import {
  runRecord,
  withDuration
} from "./shared-history-records.js";

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
var LazyHistory = class extends Map {
  /** Tests kept in their stored form, in the order a Map of decoded histories would have them. */
  stored;
  /** Run rows by run key. */
  rows;
  bySeq = /* @__PURE__ */ new Map();
  /**
   * The runs by sequence number from `base` on (`bySeq` in an array, when the numbers are dense enough): decode reads
   * one run per record. With it, each run's shared record of its last attempts string (runRecord's, looked up once).
   */
  base;
  atSeq;
  sharedAttempts = [];
  sharedRecord = [];
  decoded = /* @__PURE__ */ new Map();
  /** Run times grow with sequence numbers: a history's runs in sequence order are in time order. */
  monotone;
  constructor(stored, rows) {
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
    if (rows.size > 0 && Number.isSafeInteger(low) && Number.isSafeInteger(high) && high - low < 4 * rows.size + 64) {
      const atSeq = new Array(high - low + 1).fill(void 0);
      for (const joined of this.bySeq.values()) atSeq[joined[1].seq - low] = joined;
      this.atSeq = atSeq;
    }
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
    const atSeq = this.atSeq;
    const base = this.base;
    const messages = s.m;
    const segments = s.segments;
    let seq = s.from;
    let lastTime = Number.NEGATIVE_INFINITY;
    for (let g = 0; g < segments.length; g++) {
      const { a: attempts, n } = segments[g];
      if (attempts === "") {
        seq += n;
        continue;
      }
      for (let k = 0; k < n; k++, seq++) {
        const at = seq - base;
        const joined = atSeq === void 0 ? this.bySeq.get(seq) : atSeq[at];
        if (!joined) throw new Error(`the history of '${id}' refers to run ${seq}, which is not in the runs table`);
        const message = messages?.[seq];
        let record;
        if (message !== void 0 || atSeq === void 0) record = runRecord(joined[0], joined[1], attempts, message);
        else if (this.sharedAttempts[at] === attempts) record = this.sharedRecord[at];
        else {
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
  durationAt
};
