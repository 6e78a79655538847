import {
  LazyHistory,
  durationAt,
  endOf,
  expandOpenEnd,
  fileAround,
  isOpenEnded,
  parseOutcomeString,
  pushSegment,
  renderOutcomeString,
  runCount
} from "./shared-history-stored.js";
import {
  failureMessageOf
} from "./shared-history-merge.js";
import {
  runRecord
} from "./shared-history-records.js";
import {
  DEFAULT_READ_BOUNDS,
  leftOutProblems,
  readErrorOf
} from "./shared-store-read-bounds.js";
import {
  DECISIONS_FILE,
  blockedMessage,
  decidesFrom,
  isHistoryShardPath,
  isStatsShardPath
} from "./shared-store-decisions.js";
import {
  META_FILE,
  RUNS_FILE,
  SCHEMA_VERSION,
  isQuietPath,
  parseLineObject,
  parseMeta,
  parseOverride,
  renderLineObject,
  shardOf,
  statsPath
} from "./shared-store-layout.js";
import {
  STATUS_CODE
} from "./shared-model.js";

// src/history/stored-merge.ts
var DAY_MS = 864e5;
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
  for (const test of tests) {
    if (test.attempts.length === 0) continue;
    const current = stored.get(test.id);
    if (current !== void 0 && !("segments" in current)) return void 0;
    stored.set(test.id, test);
  }
  const read = history.stored.values();
  stored.forEach((entry, id) => {
    const previous = read.next().value;
    const kept = entry === previous ? trimmed(previous, timeOf, oldestKept, maxRuns) : merged(entry, previous);
    if (!kept) stored.delete(id);
    else if (kept !== entry) stored.set(id, kept);
  });
  return new LazyHistory(stored, rows);
}

// src/store/run-figures.ts
var MAX_BRANCH_BYTES = 64;
function writtenBytes(ch) {
  const cp = ch.codePointAt(0);
  if (cp < 128) return JSON.stringify(ch).length - 2;
  if (cp >= 55296 && cp <= 57343) return 6;
  return cp < 2048 ? 2 : cp < 65536 ? 3 : 4;
}
function boundedBranch(name) {
  let bytes = 0;
  let end = 0;
  for (const ch of name) {
    const n = writtenBytes(ch);
    if (bytes + n > MAX_BRANCH_BYTES) break;
    bytes += n;
    end += ch.length;
  }
  return name.slice(0, end);
}
var FIGURE_KEYS = [
  ["branch", "b"],
  ["testSec", "s"],
  ["failedBeforeReruns", "f"],
  ["passedOnRerun", "p"],
  ["rerunSec", "r"],
  ["handReruns", "h"],
  ["handRerunSec", "hs"]
];
function renderFigures(figures) {
  const out = {};
  for (const [name, key] of FIGURE_KEYS) if (figures[name] !== void 0) out[key] = figures[name];
  return out;
}
function readFigures(raw) {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return void 0;
  const o = raw;
  const figures = {};
  if (typeof o.b === "string" && o.b !== "") figures.branch = boundedBranch(o.b);
  const count = (v) => Number.isSafeInteger(v) && v >= 0 ? v : void 0;
  const seconds = (v) => typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : void 0;
  if (seconds(o.s) !== void 0) figures.testSec = seconds(o.s);
  if (count(o.f) !== void 0) figures.failedBeforeReruns = count(o.f);
  if (count(o.p) !== void 0) figures.passedOnRerun = count(o.p);
  if (seconds(o.r) !== void 0) figures.rerunSec = seconds(o.r);
  if (count(o.h) !== void 0 && o.h > 0) figures.handReruns = count(o.h);
  if (seconds(o.hs) !== void 0) figures.handRerunSec = seconds(o.hs);
  return Object.keys(figures).length > 0 ? figures : void 0;
}

// src/store/runs-format.ts
function nextSeq(runs) {
  let max = 0;
  for (const row of runs.values()) if (row.seq > max) max = row.seq;
  return max + 1;
}
function renderRuns(runs) {
  return renderLineObject(
    SCHEMA_VERSION,
    "runs",
    [...runs].map(([key, row]) => {
      const stored = [key, row.sha, row.time, row.onDefaultBranch ? 1 : 0, row.jobSucceeded === void 0 ? null : row.jobSucceeded ? 1 : 0];
      const cell = row.cell !== void 0 && row.cell !== "";
      const figures = row.figures ? renderFigures(row.figures) : void 0;
      const more = figures !== void 0 && Object.keys(figures).length > 0;
      if (row.url || row.outages?.length || row.untrusted || cell || more) stored.push(row.url ?? null);
      if (row.outages?.length || row.untrusted || cell || more) stored.push(row.outages ?? []);
      if (row.untrusted || cell || more) stored.push(row.untrusted ? 1 : 0);
      if (cell || more) stored.push(cell ? row.cell : null);
      if (more) stored.push(figures);
      return [String(row.seq).padStart(8, "0"), stored];
    })
  );
}
function schemaProblem(file, schema, expected) {
  if (expected === void 0 || schema === expected) return [];
  return [{ file, line: 1, message: `written in schema ${schema}, but the branch (flakeguard.json) is in schema ${expected}` }];
}
var MAX_RUN_SEQ = 2147483647;
var MAX_RUN_ROWS = 1e5;
function newlines(text, stop) {
  let n = 0;
  for (let at = text.indexOf("\n"); at >= 0 && n < stop; at = text.indexOf("\n", at + 1)) n++;
  return n;
}
var tooManyRows = (file, rows, line) => ({
  file,
  line,
  message: `has ${rows.toLocaleString("en-US")} rows; flakeguard reads at most ${MAX_RUN_ROWS.toLocaleString("en-US")} (docs/data-branch.md, "Bounded reading")`
});
function parseRuns(file, text, schema) {
  const runs = /* @__PURE__ */ new Map();
  if (newlines(text, MAX_RUN_ROWS + 3) > MAX_RUN_ROWS + 2) return { runs, problems: [tooManyRows(file, newlines(text, Infinity) - 2, MAX_RUN_ROWS + 2)] };
  const { value, problems } = parseLineObject(file, text, "runs");
  if (!value) return { runs, problems };
  problems.push(...schemaProblem(file, value.schema, schema));
  if (value.entries.size > MAX_RUN_ROWS) return { runs, problems: [...problems, tooManyRows(file, value.entries.size, 1)] };
  const seqs = /* @__PURE__ */ new Set();
  for (const [seqText, raw] of value.entries) {
    const seq = Number(seqText);
    if (/^\d+$/.test(seqText) && seq > MAX_RUN_SEQ) {
      problems.push({ file, line: value.lineOf(seqText), message: `run number ${seqText.slice(0, 40)} is beyond ${MAX_RUN_SEQ}, the largest run number flakeguard writes` });
      continue;
    }
    if (!/^\d+$/.test(seqText) || !Number.isSafeInteger(seq) || seq < 1 || !Array.isArray(raw) || typeof raw[0] !== "string" || typeof raw[1] !== "string" || typeof raw[2] !== "number" || !Number.isFinite(raw[2])) {
      problems.push({
        file,
        line: value.lineOf(seqText),
        message: `run ${JSON.stringify(seqText).slice(0, 40)} is not in the expected form [run key, commit, time, default branch, job result, link]`
      });
      continue;
    }
    if (seqs.has(seq)) {
      problems.push({ file, line: value.lineOf(seqText), message: `run number ${seq} appears twice` });
      continue;
    }
    if (runs.has(raw[0])) {
      problems.push({ file, line: value.lineOf(seqText), message: `the run key ${JSON.stringify(raw[0]).slice(0, 120)} appears twice` });
      continue;
    }
    seqs.add(seq);
    const row = { seq, sha: raw[1], time: raw[2], onDefaultBranch: raw[3] === 1 };
    if (raw[4] === 0 || raw[4] === 1) row.jobSucceeded = raw[4] === 1;
    if (typeof raw[5] === "string") row.url = raw[5];
    if (Array.isArray(raw[6]) && raw[6].length > 0 && raw[6].every((m) => typeof m === "string")) row.outages = raw[6];
    if (raw[7] === 1) row.untrusted = true;
    if (typeof raw[8] === "string" && raw[8] !== "") row.cell = raw[8];
    const figures = readFigures(raw[9]);
    if (figures) row.figures = figures;
    runs.set(raw[0], row);
  }
  return { runs, problems };
}

// src/store/known-seqs.ts
var KnownSeqs = class {
  prefix;
  segments = /* @__PURE__ */ new Map();
  runs = /* @__PURE__ */ new WeakMap();
  /** runCount, counted once per segments array. */
  runsOf(segments) {
    let n = this.runs.get(segments);
    if (n === void 0) this.runs.set(segments, n = runCount(segments));
    return n;
  }
  /** The newest run of the table (0 when it is empty): where an open-ended token ends. */
  newest;
  times;
  table;
  /** The time of a run of the table, by sequence number. */
  timeOf = (seq) => {
    if (!this.times) {
      this.times = /* @__PURE__ */ new Map();
      for (const row of this.table.values()) this.times.set(row.seq, row.time);
    }
    return this.times.get(seq) ?? -Infinity;
  };
  /** expandOpenEnd up to the newest run, the same array for the same `from` and string. */
  openSegmentsOf(from, o) {
    const key = `${from}|${o}`;
    let segments = this.segments.get(key);
    if (segments === void 0) {
      segments = expandOpenEnd(from, o, this.newest);
      if (this.segments.size < 65536) this.segments.set(key, segments);
    }
    return segments;
  }
  /** parseOutcomeString, the same array for the same string. */
  segmentsOf(o) {
    let segments = this.segments.get(o);
    if (segments === void 0) {
      segments = parseOutcomeString(o);
      if (this.segments.size < 65536) this.segments.set(o, segments);
    }
    return segments;
  }
  /** The known sequence numbers in increasing order, when they are too far apart for `prefix` (else empty). */
  sorted;
  constructor(runs) {
    let max = 0;
    for (const row of runs.values()) if (row.seq > max) max = row.seq;
    this.newest = max;
    this.table = runs;
    if (max > 4 * runs.size + 65536) {
      this.prefix = new Uint32Array(0);
      this.sorted = Float64Array.from(runs.values(), (row) => row.seq).sort();
      return;
    }
    this.sorted = new Float64Array(0);
    const present = new Uint8Array(max + 1);
    for (const row of runs.values()) present[row.seq] = 1;
    this.prefix = new Uint32Array(max + 2);
    for (let s = 0; s <= max; s++) this.prefix[s + 1] = this.prefix[s] + present[s];
  }
  /** How many known runs have a sequence number below `s`. */
  below(s) {
    if (this.prefix.length > 0) return this.prefix[Math.min(s, this.prefix.length - 1)];
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      if (this.sorted[mid] < s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  known(a, n) {
    return this.below(a + n) - this.below(a);
  }
  /** The first run of the line that runs.json does not have, if any. */
  firstMissing(from, segments) {
    let seq = from;
    for (const { a, n } of segments) {
      if (a !== "" && this.known(seq, n) !== n) {
        for (let s = seq; s < seq + n; s++) if (this.known(s, 1) !== 1) return s;
      }
      seq += n;
    }
    return void 0;
  }
  /** True when `seq` is one of the line's runs. */
  isRunOf(seq, from, segments) {
    if (!Number.isInteger(seq)) return false;
    let s = from;
    for (const { a, n } of segments) {
      if (seq < s + n) return seq >= s && a !== "";
      s += n;
    }
    return false;
  }
};
var RunMarks = class {
  flags;
  /** The table's run numbers in increasing order, when they are too far apart to flag by number (else empty). */
  sorted;
  constructor(runs) {
    let max = 0;
    for (const row of runs.values()) if (row.seq > max) max = row.seq;
    if (max > 4 * runs.size + 65536) {
      this.sorted = Float64Array.from(runs.values(), (row) => row.seq).sort();
      this.flags = new Uint8Array(this.sorted.length);
    } else {
      this.sorted = new Float64Array(0);
      this.flags = new Uint8Array(max + 1);
    }
  }
  /** Index in `sorted` of the first number at or above `seq`. */
  rank(seq) {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      if (this.sorted[mid] < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  /** Flags runs `from` to `from + n - 1`. */
  mark(from, n) {
    if (this.sorted.length > 0) this.flags.fill(1, this.rank(from), this.rank(from + n));
    else this.flags.fill(1, Math.min(from, this.flags.length), Math.min(from + n, this.flags.length));
  }
  has(seq) {
    if (this.sorted.length === 0) return this.flags[seq] === 1;
    const i = this.rank(seq);
    return this.sorted[i] === seq && this.flags[i] === 1;
  }
};

// src/store/quiet-format.ts
function newestDuration(t) {
  return t.dur ? durationAt(t.dur, endOf(t.from, t.segments) - 1) : t.d;
}
var QUIET_SLACK = 20;
function quietCatchUp(newest, shard) {
  return (newest + shard) % QUIET_SLACK === 0;
}
function quietLineOf(t, newest, window, timeOf, read, memo = /* @__PURE__ */ new Map(), catchUp = false) {
  const segs = t.segments;
  if (segs.length !== 1 || segs[0].a !== "P" || t.from + segs[0].n - 1 !== newest) return void 0;
  if (t.m && Object.keys(t.m).length > 0) return void 0;
  const d = newestDuration(t);
  const readsBack = (from) => {
    let back = memo.get(from);
    if (back === void 0) {
      back = trimmed({ name: "", classname: "", from, segments: [{ a: "P", n: newest - from + 1 }] }, timeOf, window.oldestKept, window.maxRuns)?.from ?? null;
      memo.set(from, back);
    }
    return back === t.from;
  };
  if (read && read.from <= t.from && t.from - read.from <= (catchUp ? 0 : QUIET_SLACK) && read.d === void 0 === (d === void 0) && (read.d === void 0 || read.d > 0 === d > 0) && readsBack(read.from)) {
    return read;
  }
  if (!readsBack(t.from)) return void 0;
  return d === void 0 ? { from: t.from } : { from: t.from, d };
}
function emptyQuietReads() {
  return { lines: /* @__PURE__ */ new Map(), shards: /* @__PURE__ */ new Map() };
}

// src/store/quiet-read.ts
var ClassStrings = class {
  classes = /* @__PURE__ */ new Map();
  /** The shared string equal to `classname`. */
  classname(classname) {
    return this.classes.get(classname)?.classname ?? classname;
  }
  /** The file of `[before, after]` around the class's path: the same string for the same three parts. */
  file(classname, before, after) {
    const known = this.classes.get(classname);
    if (known && known.before === before && known.after === after) return known;
    const entry = { classname: known?.classname ?? classname, before, after, file: `${before}${classname.replace(/\./g, "/")}${after}` };
    if (!known) this.classes.set(classname, entry);
    return entry;
  }
};
var QUIET_LINE = /"([^"\\\x00-\x1f0-9][^"\\\x00-\x1f]*)": \{(?:"name":"([^"\\\x00-\x1f]*)","classname":"([^"\\\x00-\x1f]*)",)?(?:"fp":\["([^"\\\x00-\x1f]*)","([^"\\\x00-\x1f]*)"\],|"file":"([^"\\\x00-\x1f]*)",)?(?:"line":(-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?),)?"from":(0|[1-9][0-9]{0,15}),"o":"P\*"(?:,"d":(-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?))?\}(,?)\n/y;
var [NAME, CLASSNAME, FP_BEFORE, FP_AFTER, FILE, LINE, FROM, D, COMMA] = [2, 3, 4, 5, 6, 7, 8, 9, 10];
var HEAD = '{"schema": 4, "tests": {\n';
var TAIL = "}}\n";
function readQuietFile(file, text, known, into, quiet, strings) {
  if (!text.startsWith(HEAD) || !text.endsWith(TAIL) || text.length <= HEAD.length + TAIL.length) return void 0;
  const ids = [];
  const tests = [];
  const froms = [];
  let lines = 0;
  let previous = "";
  let lastFrom = -1;
  let segments = null;
  let runs = 0;
  const window = quiet.window;
  const end = text.length - TAIL.length;
  QUIET_LINE.lastIndex = HEAD.length;
  for (; ; ) {
    const at = QUIET_LINE.lastIndex;
    const match = QUIET_LINE.exec(text);
    if (!match || match.index !== at) return void 0;
    lines++;
    const id = match[1];
    if (!(id > previous) || into.has(id)) return void 0;
    previous = id;
    const cut = match[NAME] === void 0 ? id.lastIndexOf("::") : 0;
    if (cut < 0) return void 0;
    const from = Number(match[FROM]);
    if (!Number.isSafeInteger(from)) return void 0;
    if (from !== lastFrom) {
      segments = known.openSegmentsOf(from, "P*");
      if (!segments || known.firstMissing(from, segments) !== void 0) return void 0;
      runs = known.runsOf(segments);
      lastFrom = from;
    }
    const comma = match[COMMA] === ",";
    if (comma === (QUIET_LINE.lastIndex === end)) return void 0;
    if (runs > 0) add(id, from, cut, match);
    if (!comma) break;
  }
  function add(id, from, cut, match) {
    let classname = match[CLASSNAME] ?? id.slice(0, cut);
    const name = match[NAME] ?? id.slice(cut + 2);
    const d = match[D] === void 0 ? void 0 : Number(match[D]);
    let testFile;
    if (match[FP_BEFORE] !== void 0) {
      const shared = strings.file(classname, match[FP_BEFORE], match[FP_AFTER]);
      classname = shared.classname;
      testFile = shared.file;
    } else {
      classname = strings.classname(classname);
      testFile = match[FILE];
    }
    let test;
    if (match[LINE] !== void 0) {
      test = { name, classname, from, segments };
      if (testFile !== void 0) test.file = testFile;
      test.line = Number(match[LINE]);
      if (d !== void 0) test.d = d;
    } else if (testFile !== void 0) test = d === void 0 ? { name, classname, from, segments, file: testFile } : { name, classname, from, segments, file: testFile, d };
    else test = d === void 0 ? { name, classname, from, segments } : { name, classname, from, segments, d };
    const kept = window ? trimmed(test, known.timeOf, window.oldestKept, window.maxRuns) : test;
    if (kept) {
      ids.push(id);
      tests.push(kept);
      froms.push(from);
    }
  }
  for (let i = 0; i < ids.length; i++) {
    const test = tests[i];
    into.set(ids[i], test);
    const d = test.d;
    const read = d === void 0 ? { from: froms[i], path: file, test } : { from: froms[i], d, path: file, test };
    quiet.reads.lines.set(ids[i], read);
  }
  quiet.reads.shards.set(file, { text, tests: lines });
  return true;
}

// src/store/history-format.ts
function segmentsOf(slots) {
  const sorted = [...slots].sort((a, b) => a.seq - b.seq);
  const from = sorted[0]?.seq ?? 0;
  const segments = [];
  let expected = from;
  for (const slot of sorted) {
    pushSegment(segments, "", slot.seq - expected);
    pushSegment(segments, slot.attempts, 1);
    expected = slot.seq + 1;
  }
  return { from, segments };
}
function namesFromId(id, name, classname) {
  return id.length === classname.length + 2 + name.length && id.startsWith(classname) && id.charCodeAt(classname.length) === 58 && id.charCodeAt(classname.length + 1) === 58 && id.endsWith(name) && !name.includes("::");
}
function storedOf(t, runs) {
  const slots = [];
  const messages = {};
  let newest;
  for (const r of t.runs) {
    const seq = runs.get(r.run)?.seq;
    if (seq === void 0) continue;
    slots.push({ seq, attempts: r.attempts });
    if (r.message !== void 0) messages[String(seq)] = r.message;
    if (!newest || r.time >= newest.time) newest = r;
  }
  const { from, segments } = segmentsOf(slots);
  const stored = { name: t.name, classname: t.classname, from, segments };
  if (t.file !== void 0) stored.file = t.file;
  if (t.line !== void 0) stored.line = t.line;
  if (Object.keys(messages).length > 0) stored.m = messages;
  if (newest?.durationSec !== void 0) stored.d = newest.durationSec;
  return stored;
}
function storedTests(history, runs) {
  if (history instanceof LazyHistory) return history.stored;
  return (function* () {
    for (const [id, t] of history) yield [id, storedOf(t, runs)];
  })();
}
var LineTexts = class {
  outcomes = /* @__PURE__ */ new WeakMap();
  files = /* @__PURE__ */ new Map();
  /** The last file asked for: a shard is rendered in id order, so a class's tests come one after another. */
  last = { file: "", classname: "", text: "" };
  outcome(segments) {
    let text = this.outcomes.get(segments);
    if (text === void 0) {
      text = renderOutcomeString(segments);
      this.outcomes.set(segments, text);
    }
    return text;
  }
  /** The line's `"fp":…` or `"file":…` field. */
  file(file, classname) {
    const last = this.last;
    if (file === last.file && classname === last.classname && last.text !== "") return last.text;
    const known = this.files.get(file);
    let text;
    if (known && known.classname === classname) text = known.text;
    else {
      const around = fileAround(file, classname);
      text = around ? `"fp":${JSON.stringify(around)}` : `"file":${JSON.stringify(file)}`;
      this.files.set(file, { classname, text });
    }
    this.last = { file, classname, text };
    return text;
  }
};
function renderHistoryShard(tests, texts = new LineTexts()) {
  return renderShard(tests, texts, void 0);
}
function renderQuietShard(tests, quiet, texts = new LineTexts()) {
  return renderShard(tests, texts, quiet);
}
function renderShard(tests, texts, quiet) {
  const sorted = tests.slice().sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  const lines = [`{"schema": ${SCHEMA_VERSION}, "tests": {`];
  for (let i = 0; i < sorted.length; i++) {
    const [id, t] = sorted[i];
    lines.push(`${JSON.stringify(id)}: ${historyLineText(id, t, texts, quiet?.get(id))}${i < sorted.length - 1 ? "," : ""}`);
  }
  if (sorted.length === 0) lines.push("");
  lines.push("}}\n");
  return lines.join("\n");
}
function historyLineText(id, t, texts, quiet) {
  const parts = [];
  if (!namesFromId(id, t.name, t.classname)) parts.push(`"name":${JSON.stringify(t.name)}`, `"classname":${JSON.stringify(t.classname)}`);
  if (t.file !== void 0) parts.push(texts.file(t.file, t.classname));
  if (t.line !== void 0) parts.push(`"line":${JSON.stringify(t.line)}`);
  if (quiet) {
    parts.push(`"from":${quiet.from}`, `"o":"P*"`);
    if (quiet.d !== void 0) parts.push(`"d":${JSON.stringify(quiet.d)}`);
    return `{${parts.join(",")}}`;
  }
  parts.push(`"from":${t.from}`, `"o":"${texts.outcome(t.segments)}"`);
  if (t.m && Object.keys(t.m).length > 0) parts.push(`"m":${JSON.stringify(t.m)}`);
  const d = newestDuration(t);
  if (d !== void 0) parts.push(`"d":${JSON.stringify(d)}`);
  return `{${parts.join(",")}}`;
}
function parseHistoryShard(file, text, known, into, schema, quiet, strings = new ClassStrings(), byForm = true) {
  const quietFile = isQuietPath(file);
  if (byForm && quietFile && quiet && schema === 4 && readQuietFile(file, text, known, into, quiet, strings)) return [];
  const { value, problems } = parseLineObject(file, text, "tests");
  if (!value) return problems;
  problems.push(...schemaProblem(file, value.schema, schema));
  const namesOptional = value.schema >= 3;
  const openEnds = value.schema >= 4;
  for (const [id, raw] of value.entries) {
    const line = raw;
    const open = typeof line?.o === "string" && isOpenEnded(line.o);
    const segments = typeof line === "object" && line !== null && typeof line.o === "string" && Number.isSafeInteger(line.from) && line.from >= 0 && (openEnds || !open) ? open ? known.openSegmentsOf(line.from, line.o) : known.segmentsOf(line.o) : null;
    const named = typeof line?.name === "string" || namesOptional && line?.name === void 0 && id.includes("::");
    if (!line || !segments || !named || line.classname !== void 0 && typeof line.classname !== "string") {
      problems.push({ file, line: value.lineOf(id), message: `the history of '${id.slice(0, 200)}' is not in the expected form {"name", "classname", "from", "o"}` });
      continue;
    }
    if (into.has(id)) {
      problems.push({ file, line: value.lineOf(id), message: `the test '${id.slice(0, 200)}' is also in another history file` });
      continue;
    }
    const from = line.from;
    const missing = known.firstMissing(from, segments);
    if (missing !== void 0) {
      problems.push({ file, line: value.lineOf(id), message: `the history of '${id.slice(0, 200)}' refers to run ${missing}, which ${RUNS_FILE} does not have` });
      continue;
    }
    let name;
    let classname;
    if (typeof line.name === "string") {
      name = line.name;
      classname = String(line.classname ?? "");
    } else {
      const cut = id.lastIndexOf("::");
      classname = id.slice(0, cut);
      name = id.slice(cut + 2);
    }
    let testFile;
    const fp = line.fp;
    if (typeof line.file === "string") {
      testFile = line.file;
      classname = strings.classname(classname);
    } else if (Array.isArray(fp) && fp.length === 2 && typeof fp[0] === "string" && typeof fp[1] === "string") {
      const shared = strings.file(classname, fp[0], fp[1]);
      classname = shared.classname;
      testFile = shared.file;
    } else classname = strings.classname(classname);
    const test = { name, classname, from, segments };
    if (testFile !== void 0) test.file = testFile;
    if (typeof line.line === "number") test.line = line.line;
    if (line.m !== void 0) {
      const { m, problem } = messagesOf(line.m, from, segments, known);
      if (problem) {
        problems.push({ file, line: value.lineOf(id), message: `the "m" of '${id.slice(0, 200)}' ${problem}` });
        continue;
      }
      if (m) test.m = m;
    }
    if (known.runsOf(segments) === 0) continue;
    if (typeof line.d === "number") test.d = line.d;
    if (!open) {
      into.set(id, test);
      continue;
    }
    const window = quiet?.window;
    const kept = window ? trimmed(test, known.timeOf, window.oldestKept, window.maxRuns) : test;
    if (!kept) continue;
    into.set(id, kept);
    if (quiet && quietFile) {
      const read = test.d === void 0 ? { from, path: file, test: kept } : { from, d: test.d, path: file, test: kept };
      quiet.reads.lines.set(id, read);
    }
  }
  if (quiet && quietFile && problems.length === 0) quiet.reads.shards.set(file, { text, tests: value.entries.size });
  return problems;
}
function messagesOf(raw, from, segments, known) {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { problem: "must be an object of messages by run number" };
  let m;
  for (const k in raw) {
    const v = raw[k];
    if (!/^[1-9]\d{0,9}$/.test(k) || !known.isRunOf(Number(k), from, segments)) return { problem: `has the key ${JSON.stringify(k).slice(0, 60)}, which is not one of its runs` };
    if (typeof v !== "string") return { problem: `has a message for run ${k} that is not a string` };
    (m ??= {})[k] = v;
  }
  return m ? { m } : {};
}

// src/store/migrate.ts
function parseRunsV1(file, text) {
  const rows = [];
  const { value, problems } = parseLineObject(file, text, "runs");
  if (value) {
    for (const [key, raw] of value.entries) {
      if (!Array.isArray(raw) || typeof raw[0] !== "string" || typeof raw[1] !== "number") {
        problems.push({ file, line: value.lineOf(key), message: `run '${key}' is not in the expected form` });
        continue;
      }
      const row = { sha: raw[0], time: raw[1], onDefaultBranch: raw[2] === 1 };
      if (raw[3] === 0 || raw[3] === 1) row.jobSucceeded = raw[3] === 1;
      rows.push([key, row]);
    }
  }
  rows.sort((a, b) => a[1].time - b[1].time || (a[0] < b[0] ? -1 : 1));
  const runs = /* @__PURE__ */ new Map();
  rows.forEach(([key, row], i) => runs.set(key, { seq: i + 1, ...row }));
  return { runs, problems };
}
function isStoredTestV1(value) {
  const v = value;
  return typeof v === "object" && v !== null && typeof v.name === "string" && Array.isArray(v.runs);
}
function parseHistoryShardV1(file, text, runs, into) {
  const { value, problems } = parseLineObject(file, text, "tests");
  if (!value) return problems;
  for (const [id, raw] of value.entries) {
    if (!isStoredTestV1(raw)) {
      problems.push({ file, line: value.lineOf(id), message: `history of '${id}' is not in the expected form` });
      continue;
    }
    const records = [];
    for (const stored of raw.runs) {
      if (!Array.isArray(stored) || typeof stored[0] !== "string" || typeof stored[1] !== "string" || !/^[PFES]+$/.test(stored[1])) continue;
      const row = runs.get(stored[0]);
      if (!row) continue;
      records.push(runRecord(stored[0], row, stored[1], typeof stored[2] === "string" ? stored[2] : void 0, typeof stored[3] === "number" ? stored[3] : void 0));
    }
    records.sort((a, b) => a.time - b.time);
    const test = { id, name: raw.name, classname: String(raw.classname ?? ""), runs: records };
    if (typeof raw.file === "string") test.file = raw.file;
    if (typeof raw.line === "number") test.line = raw.line;
    into.set(id, test);
  }
  return problems;
}

// src/store/snapshot.ts
function emptySnapshot() {
  return {
    meta: { schema: SCHEMA_VERSION, shards: 1, writes: 0, ingested: {} },
    readSchema: SCHEMA_VERSION,
    runs: /* @__PURE__ */ new Map(),
    history: /* @__PURE__ */ new Map(),
    stats: /* @__PURE__ */ new Map(),
    handWritten: /* @__PURE__ */ new Set(),
    overrides: /* @__PURE__ */ new Map(),
    misplaced: /* @__PURE__ */ new Map(),
    brokenStats: /* @__PURE__ */ new Map(),
    brokenShards: /* @__PURE__ */ new Set(),
    problems: [],
    damaged: [],
    quiet: emptyQuietReads()
  };
}
function damageReason(snapshot) {
  if (snapshot.damaged.length === 0) return void 0;
  const where = snapshot.damaged.slice(0, 5).map((p) => `${p.file}${p.line ? `:${p.line}` : ""}: ${p.message}`).join("; ");
  const more = snapshot.damaged.length > 5 ? `; and ${snapshot.damaged.length - 5} more` : "";
  return `The data branch is damaged (${where}${more}). Nothing was written to it, so that no history is lost, and no failure was forgiven; this run's results are in its results file. Fix the file (or revert the commit that broke it) and the next run ingests normally.`;
}
function parseSnapshot(files, blocked = /* @__PURE__ */ new Map(), bounds = DEFAULT_READ_BOUNDS, byForm = true) {
  const snapshot = emptySnapshot();
  if (blocked.size > 0) snapshot.blocked = blocked;
  const reading = { file: META_FILE };
  try {
    readSnapshot(files, blocked, snapshot, reading, bounds, byForm);
  } catch (error) {
    const problem = { file: reading.file, message: `could not be read: ${error instanceof Error ? error.message : String(error)}` };
    snapshot.damaged.push(problem);
    snapshot.problems.push(problem);
  }
  return snapshot;
}
function readSnapshot(files, blocked, snapshot, reading, bounds, byForm) {
  const decisions = files.get(DECISIONS_FILE);
  if (decisions !== void 0) snapshot.decisions = decisions;
  const damage = (problems) => {
    snapshot.damaged.push(...problems);
    snapshot.problems.push(...problems);
  };
  for (const [path, what] of [...blocked].sort((a, b) => a[0] < b[0] ? -1 : 1)) {
    const problem = { file: path, message: blockedMessage(path, what) };
    if (decidesFrom(path)) damage([problem]);
    else snapshot.problems.push(problem);
  }
  if (snapshot.damaged.length > 0) return;
  const readError = readErrorOf(files);
  if (readError !== void 0) damage([{ file: readError.file ?? "the data branch", message: `could not be read: ${readError.message}` }]);
  const { damage: tooLarge, warnings } = leftOutProblems(files);
  snapshot.problems.push(...warnings);
  damage(tooLarge);
  if (snapshot.damaged.length > 0) return;
  const paths = [...files.keys()].sort();
  const historyPaths = paths.filter(isHistoryShardPath);
  const statsPaths = paths.filter(isStatsShardPath);
  const metaText = files.get(META_FILE);
  if (metaText !== void 0) {
    const { meta, problems } = parseMeta(metaText);
    if (meta) {
      snapshot.meta = meta;
      snapshot.readSchema = meta.schema;
    }
    damage(problems);
  } else if (files.has(RUNS_FILE) || historyPaths.length > 0) {
    damage([{ file: META_FILE, message: `is missing, but the branch holds ${files.has(RUNS_FILE) ? RUNS_FILE : historyPaths[0]}: its ingestion keys would be lost` }]);
  }
  if (snapshot.damaged.length > 0) return;
  for (const path of statsPaths) damage(tooManyLines(path, files.get(reading.file = path), bounds.statsLines));
  if (snapshot.damaged.length > 0) return;
  damage(tooManyLinesInAll(historyPaths, files, bounds.totalLines, "the history shards", reading));
  damage(tooManyLinesInAll(statsPaths, files, bounds.totalLines, "the stats files", reading));
  if (snapshot.damaged.length > 0) return;
  const v1 = snapshot.readSchema <= 1;
  const schema = v1 ? void 0 : snapshot.readSchema;
  const runsText = files.get(RUNS_FILE);
  reading.file = RUNS_FILE;
  if (runsText !== void 0) {
    const { runs, problems } = v1 ? parseRunsV1(RUNS_FILE, runsText) : parseRuns(RUNS_FILE, runsText, schema);
    snapshot.runs = runs;
    damage(problems);
  } else if (historyPaths.length > 0) {
    damage([{ file: RUNS_FILE, message: `is missing, but ${historyPaths[0]} refers to its runs` }]);
  }
  if (v1) {
    for (const path of snapshot.damaged.length > 0 ? [] : historyPaths) damage(parseHistoryShardV1(reading.file = path, files.get(path), snapshot.runs, snapshot.history));
  } else if (snapshot.damaged.length === 0) {
    const stored = /* @__PURE__ */ new Map();
    const known = new KnownSeqs(snapshot.runs);
    const quiet = { ...snapshot.meta.window ? { window: snapshot.meta.window } : {}, reads: snapshot.quiet };
    const strings = new ClassStrings();
    for (const path of historyPaths) damage(parseHistoryShard(reading.file = path, files.get(path), known, stored, schema, quiet, strings, byForm));
    reading.file = RUNS_FILE;
    snapshot.history = new LazyHistory(stored, snapshot.runs);
  }
  if (snapshot.damaged.length > 0) return;
  readStatsFiles(snapshot, statsPaths, files, reading, bounds.statsLines);
}
function tooManyLines(path, text, cap, entries) {
  const count = entries ?? (newlines(text, cap + 3) > cap + 2 ? newlines(text, Infinity) - 2 : 0);
  if (count <= cap) return [];
  return [
    {
      file: path,
      line: entries === void 0 ? cap + 2 : 1,
      message: `has ${count.toLocaleString("en-US")} lines; flakeguard reads at most ${cap.toLocaleString("en-US")} lines of a stats file (docs/data-branch.md, "Bounded reading")`
    }
  ];
}
function tooManyLinesInAll(paths, files, cap, what, reading) {
  let total = 0;
  for (const path of paths) {
    total += newlines(files.get(reading.file = path), cap - total + 1);
    if (total > cap) {
      return [
        {
          file: path,
          line: 1,
          message: `brings ${what} past ${cap.toLocaleString("en-US")} lines; flakeguard reads at most ${cap.toLocaleString("en-US")} lines of them together (docs/data-branch.md, "Bounded reading")`
        }
      ];
    }
  }
  reading.file = META_FILE;
  return [];
}
function shardIndexOfPath(path) {
  const match = /^stats\/([0-9a-f]+)\.json$/.exec(path);
  return match ? parseInt(match[1], 16) : void 0;
}
function readStatsFiles(snapshot, paths, files, reading, maxLines) {
  const read = [];
  const where = /* @__PURE__ */ new Map();
  for (const path of paths) {
    const text = files.get(reading.file = path);
    const { value, problems } = parseLineObject(path, text, "tests");
    const packed = value ? tooManyLines(path, text, maxLines, value.entries.size) : [];
    if (packed.length > 0) {
      snapshot.damaged.push(...packed);
      snapshot.problems.push(...packed);
      return;
    }
    const entries = [];
    if (value) for (const [id, raw] of value.entries) entries.push({ id, raw, file: path, line: value.lineOf(id) });
    read.push({ path, text, entries, problems, schema: value?.schema ?? 0 });
    for (const entry of entries) {
      const other = where.get(entry.id);
      if (!other) {
        where.set(entry.id, entry);
        continue;
      }
      const own = statsPath(shardOf(entry.id, snapshot.meta.shards), snapshot.meta.shards);
      const twice = (a, b) => ({
        file: a.file,
        line: a.line,
        message: `the test '${a.id.slice(0, 200)}' also has a line in ${b.file}${b.line ? ` (line ${b.line})` : ""}: a test has one line, in ${own}; neither is read until you delete one`
      });
      read.find((r) => r.path === other.file).problems.push(twice(other, entry));
      problems.push(twice(entry, other));
    }
  }
  for (const file of read) readStatsFile(snapshot, reading.file = file.path, file.text, file.entries, file.problems, file.schema);
  for (const [id, { file, line }] of snapshot.misplaced) {
    const own = shardOf(id, snapshot.meta.shards);
    const target = statsPath(own, snapshot.meta.shards);
    const message = snapshot.brokenShards.has(own) ? `the line of '${id.slice(0, 200)}' belongs in ${target} (its shard), which is broken: it is kept here until that file is fixed, and the test forgives nothing meanwhile` : `the line of '${id.slice(0, 200)}' belongs in ${target} (its shard): it is honoured, and moved there when the branch is next written`;
    snapshot.problems.push({ file, ...line !== void 0 ? { line } : {}, notice: true, message });
  }
}
function statsFileOf(snapshot, id) {
  return snapshot.misplaced.get(id)?.file ?? statsPath(shardOf(id, snapshot.meta.shards), snapshot.meta.shards);
}
function statsShardOf(snapshot, id, shards, own = shardOf(id, shards)) {
  if (!snapshot.brokenShards.has(own)) return own;
  return snapshot.misplaced.get(id)?.shard ?? own;
}
function readStatsFile(snapshot, path, text, entries, problems, schema) {
  const lineProblems = [];
  const index = shardIndexOfPath(path);
  for (const { id, raw, line } of entries) {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      lineProblems.push({ file: path, line, message: `the entry of '${id}' must be an object` });
      continue;
    }
    const entry = raw;
    const { override, problem } = parseOverride(entry.override);
    if (problem) {
      lineProblems.push({ file: path, line, message: `${problem} (test '${id}')` });
      continue;
    }
    const stats = {
      ...entry,
      override,
      quarantined: entry.quarantined === true,
      reason: typeof entry.reason === "string" ? entry.reason : ""
    };
    if (typeof entry.since === "string") stats.since = entry.since;
    snapshot.stats.set(id, stats);
    if (schema >= 3 && entry.check === void 0) snapshot.handWritten.add(id);
    if (override) snapshot.overrides.set(id, { override, raw: entry.override, file: path, line });
    const own = shardOf(id, snapshot.meta.shards);
    if (index !== void 0 && own !== index) snapshot.misplaced.set(id, { file: path, shard: index, ...line !== void 0 ? { line } : {} });
  }
  const all = [...problems, ...lineProblems];
  if (all.length === 0) return;
  for (const { id } of entries) {
    snapshot.stats.delete(id);
    snapshot.handWritten.delete(id);
    snapshot.overrides.delete(id);
    snapshot.misplaced.delete(id);
  }
  snapshot.brokenStats.set(path, text);
  if (index !== void 0) snapshot.brokenShards.add(index);
  snapshot.problems.push(...all);
}
function inBrokenShard(snapshot, id) {
  return snapshot.brokenShards.size > 0 && snapshot.brokenShards.has(shardOf(id, snapshot.meta.shards));
}

export {
  canMergeStored,
  mergeStored,
  boundedBranch,
  readFigures,
  nextSeq,
  renderRuns,
  RunMarks,
  quietCatchUp,
  quietLineOf,
  storedTests,
  LineTexts,
  renderHistoryShard,
  renderQuietShard,
  emptySnapshot,
  damageReason,
  parseSnapshot,
  statsFileOf,
  statsShardOf,
  inBrokenShard
};
