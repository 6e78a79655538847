const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { createHash } = require("node:crypto");
const { Buffer: Buffer5 } = require("node:buffer");
const { open } = require("node:fs/promises");
const { constants, readSync } = require("node:fs");
const { resolve } = require("node:path");
const { Buffer: Buffer2, isAscii } = require("node:buffer");
const { Buffer: Buffer3 } = require("node:buffer");
const { Buffer: Buffer4 } = require("node:buffer");
import {
  IMPLAUSIBLE
} from "./shared-rerun-stopping.js";
import {
  STATUS_CODE
} from "./shared-model.js";

// src/rerun/order.ts
var PRIOR_WEIGHT = 8;
var firstFailed = (attempts) => attempts[0] === "F" || attempts[0] === "E";
function orderRuns(history, exceptRun) {
  if (!history) return [];
  const out = [];
  for (const r of history.runs) {
    if (!counts(r) || r.run === exceptRun) continue;
    const attempts = r.attempts.replace(/S/g, "");
    if (attempts !== "") out.push({ attempts, sha: r.sha, time: r.time });
  }
  return out;
}
function counts(r) {
  return r.outage !== true && r.untrusted !== true;
}
function orderCounts(runs, window) {
  const c = { failed: 0, runs: 0, againFailed: 0, againPassed: 0 };
  const from = Math.max(0, runs.length - window);
  for (let i = from; i < runs.length; i++) {
    const failed = firstFailed(runs[i].attempts);
    c.runs++;
    if (failed) c.failed++;
    if (i > from && firstFailed(runs[i - 1].attempts)) {
      if (failed) c.againFailed++;
      else c.againPassed++;
    }
  }
  return c;
}
function streakChanceAcrossRuns(c, earlier, weight = PRIOR_WEIGHT) {
  const rate = (1 + c.failed) / (2 + c.runs);
  const a = weight * rate + c.againFailed;
  const b = weight * (1 - rate) + c.againPassed;
  let chance = 1;
  for (let i = 0; i < earlier; i++) chance *= (a + i) / (a + b + i);
  return chance;
}
function judgeOrder(runs, current, options) {
  const { window, threshold = IMPLAUSIBLE, weight = PRIOR_WEIGHT } = options;
  const attempts = current.attempts.replace(/S/g, "");
  if (!firstFailed(attempts) || attempts.indexOf("P") < 0) return void 0;
  let start = runs.length;
  let passedAlone = 1;
  while (start > 0 && firstFailed(runs[start - 1].attempts)) {
    start--;
    if (runs[start].attempts.indexOf("P") > 0) passedAlone++;
  }
  const streak = runs.length - start + 1;
  const before = runs.slice(0, start);
  const c = orderCounts(before, window);
  const chance = streakChanceAcrossRuns(c, passedAlone - 1, weight);
  const perRun = threshold / Math.max(1, c.failed);
  return { streak, passedAlone, since: start < runs.length ? runs[start].sha : current.sha, counts: c, chance, orderDependent: passedAlone > 1 && chance < perRun };
}
function streakStart(history, exceptRun) {
  const runs = orderRuns(history, exceptRun);
  let start;
  for (let i = runs.length - 1; i >= 0 && firstFailed(runs[i].attempts); i--) start = runs[i].time;
  return start;
}
function orderSentence(since, streak) {
  return `fails inside the full run since \`${since.slice(0, 7)}\` (${streak} runs in a row), passes alone: another test leaves state behind`;
}
function orderDependence(input) {
  const judged = [];
  for (const t of input.tests) {
    if (input.skip(t.id)) continue;
    const current = {
      attempts: t.attempts.map((a) => STATUS_CODE[a.status]).join("").replace(/S/g, ""),
      sha: input.sha
    };
    if (firstFailed(current.attempts) && current.attempts.indexOf("P") > 0) judged.push({ id: t.id, current });
  }
  const out = /* @__PURE__ */ new Map();
  const threshold = (input.threshold ?? IMPLAUSIBLE) / Math.max(1, judged.length);
  for (const { id, current } of judged) {
    const j = judgeOrder(orderRuns(input.history.get(id), input.runKey), current, { window: input.window, threshold });
    if (j?.orderDependent) out.set(id, orderSentence(j.since, j.streak));
  }
  return out;
}
function orderSuspects(input) {
  const merged = new Map(input.tests.map((t) => [`${t.report}\0${t.id}`, t]));
  const judged = [];
  for (const c of input.cases) {
    if (!input.candidates.has(c.historyId) || input.consistent.has(c.historyId)) continue;
    const t = merged.get(`${c.test.report}\0${c.test.id}`) ?? c.test;
    judged.push({ ...t, id: c.historyId });
  }
  const out = /* @__PURE__ */ new Map();
  const threshold = IMPLAUSIBLE / Math.max(1, judged.length);
  for (const t of judged) {
    const current = {
      attempts: t.attempts.map((a) => STATUS_CODE[a.status]).join("").replace(/S/g, ""),
      sha: input.sha
    };
    const j = judgeOrder(orderRuns(input.history.get(t.id), input.runKey), current, { window: input.window, threshold });
    if (!j) continue;
    if (j.orderDependent || j.streak > 1 && input.convictedBefore?.(t.id) === true) out.set(t.id, orderSentence(j.since, j.streak));
  }
  return out;
}
var ORDER_REASON = "order-dependent, not flaky: ";
function beforeStreak(history) {
  let cut = history.runs.length;
  let streak = 0;
  for (let i = history.runs.length - 1; i >= 0; i--) {
    const r = history.runs[i];
    const attempts = r.attempts.replace(/S/g, "");
    if (!counts(r) || attempts === "") continue;
    if (!firstFailed(attempts)) break;
    cut = i;
    streak++;
  }
  return { history: streak === 0 ? history : { ...history, runs: history.runs.slice(0, cut) }, streak };
}
function heldSentence(streak) {
  return `not quarantined while it fails every attempt inside the full run and passes only alone (${streak} run${streak === 1 ? "" : "s"} in a row), as a test another test leaves state for would: it enters once it passes inside the run again`;
}

// src/junit/cap.ts
var MAX_NAME_BYTES = 1024;
var SUFFIX_BYTES = 3 + 2 + 16;
function capName(text, maxBytes = MAX_NAME_BYTES) {
  if (text.length * 3 <= maxBytes || Buffer.byteLength(text, "utf8") <= maxBytes) return text;
  const hash = createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16);
  let kept = "";
  let bytes = 0;
  for (const ch of text) {
    const n = Buffer.byteLength(ch, "utf8");
    if (bytes + n > maxBytes - SUFFIX_BYTES) break;
    kept += ch;
    bytes += n;
  }
  return `${kept}\u2026#${hash}`;
}

// src/junit/id.ts
function testId(parts) {
  const owner = parts.classname !== "" ? parts.classname : parts.suite;
  return owner !== "" ? `${owner}::${parts.name}` : parts.name;
}
function scopedClassname(scope, classname, suite) {
  const owner = classname !== "" ? classname : suite;
  return owner === "" ? `[${scope}]` : `[${scope}] ${owner}`;
}
function cleanIds(cases, mochaTitles) {
  let endsName = true;
  let startsClass = true;
  let endsClass = mochaTitles;
  for (const c of cases) {
    const cls = c.classname.trim();
    if (cls === "") continue;
    const name = c.name.trim();
    if (cls === name) continue;
    endsName &&= cls.endsWith(` ${name}`);
    startsClass &&= name.startsWith(`${cls} `);
    endsClass &&= name.endsWith(` ${cls}`);
  }
  const titles = cases.map((c) => {
    const cls = c.classname.trim();
    if (cls === "") return void 0;
    const name = c.name.trim();
    if (cls === name) return name;
    if (endsName && cls.endsWith(` ${name}`)) return cls;
    if (startsClass && name.startsWith(`${cls} `)) return name;
    if (endsClass && name.endsWith(` ${cls}`)) return name;
    return void 0;
  });
  if (titles.every((t) => t === void 0)) return 0;
  const written = /* @__PURE__ */ new Set();
  for (const c of cases) written.add(testId(c));
  const from = /* @__PURE__ */ new Map();
  const clean = cases.map((c, i) => {
    const title = titles[i];
    if (title === void 0) return void 0;
    const id = c.idFile !== void 0 && c.idFile !== "" ? `${c.idFile}::${title}` : title;
    const was = testId(c);
    const seen = from.get(id);
    from.set(id, seen === void 0 || seen === was ? was : null);
    return id;
  });
  let cleaned = 0;
  for (const [i, c] of cases.entries()) {
    const id = clean[i];
    if (id === void 0) continue;
    const was = testId(c);
    if (id === was) continue;
    if (written.has(id) || from.get(id) === null) continue;
    c.written = was;
    c.name = titles[i];
    if (c.idFile !== void 0 && c.idFile !== "") c.classname = c.idFile;
    else {
      c.classname = "";
      if (c.suite !== "") c.group = c.suite;
      c.suite = "";
    }
    cleaned++;
  }
  return cleaned;
}

// src/junit/index.ts

// src/junit/decode.ts
var DecodeError = class extends Error {
};
function asBuffer(bytes) {
  return Buffer2.isBuffer(bytes) ? bytes : Buffer2.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
var UTF8_LABELS = /* @__PURE__ */ new Set(["utf-8", "utf8", "unicode-1-1-utf-8"]);
var LATIN1_LABELS = /* @__PURE__ */ new Set(["iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "iso-ir-100", "cp819", "ibm819"]);
var ASCII_LABELS = /* @__PURE__ */ new Set(["us-ascii", "ascii", "iso646-us"]);
function declaredEncoding(buf) {
  if (buf.length < 5 || buf[0] !== 60 || buf[1] !== 63 || buf[2] !== 120 || buf[3] !== 109 || buf[4] !== 108) return void 0;
  const end = buf.indexOf("?>", 5);
  const head = buf.toString("latin1", 5, end === -1 ? Math.min(buf.length, 200) : Math.min(end, 400));
  const m = /\sencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(head);
  const label = m?.[1] ?? m?.[2];
  return label === void 0 ? void 0 : label.trim().toLowerCase();
}
function transcode(text) {
  return Buffer2.from(text, "utf8");
}
function decodeWith(label, bytes) {
  let decoder;
  try {
    decoder = new TextDecoder(label, { fatal: false, ignoreBOM: true });
  } catch {
    throw new DecodeError(`unsupported encoding "${label}" declared in the XML declaration`);
  }
  return decoder.decode(bytes);
}
function toUtf8(input) {
  if (typeof input === "string") {
    return transcode(input.charCodeAt(0) === 65279 ? input.slice(1) : input);
  }
  const buf = asBuffer(input);
  const b0 = buf[0], b1 = buf[1], b2 = buf[2], b3 = buf[3];
  if (b0 === 0 && b1 === 0 && b2 === 254 && b3 === 255 || b0 === 255 && b1 === 254 && b2 === 0 && b3 === 0) {
    throw new DecodeError("unsupported encoding: UTF-32 (byte order mark found); save the report as UTF-8");
  }
  if (b0 === 239 && b1 === 187 && b2 === 191) return buf.subarray(3);
  if (b0 === 255 && b1 === 254) return transcode(decodeWith("utf-16le", buf.subarray(2)));
  if (b0 === 254 && b1 === 255) return transcode(decodeWith("utf-16be", buf.subarray(2)));
  if (b0 === 60 && b1 === 0 && b2 === 63 && b3 === 0) return transcode(decodeWith("utf-16le", buf));
  if (b0 === 0 && b1 === 60 && b2 === 0 && b3 === 63) return transcode(decodeWith("utf-16be", buf));
  const label = declaredEncoding(buf);
  if (label === void 0 || UTF8_LABELS.has(label) || ASCII_LABELS.has(label)) return buf;
  if (label === "utf-16" || label === "utf-16le" || label === "utf-16be" || label === "ucs-2") return buf;
  if (LATIN1_LABELS.has(label)) return isAscii(buf) ? buf : transcode(buf.toString("latin1"));
  return transcode(decodeWith(label, buf));
}
var HEAD_MAX_BYTES = 1 << 20;
function streamPlan(head, complete) {
  if (head.length < 5 && !complete) return "more";
  const b0 = head[0], b1 = head[1], b2 = head[2], b3 = head[3];
  if (b0 === 0 && b1 === 0 && b2 === 254 && b3 === 255 || b0 === 255 && b1 === 254 && b2 === 0 && b3 === 0) {
    throw new DecodeError("unsupported encoding: UTF-32 (byte order mark found); save the report as UTF-8");
  }
  if (b0 === 239 && b1 === 187 && b2 === 191) return { skip: 3 };
  if (b0 === 255 && b1 === 254 || b0 === 254 && b1 === 255) return "whole";
  if (b0 === 60 && b1 === 0 && b2 === 63 && b3 === 0 || b0 === 0 && b1 === 60 && b2 === 0 && b3 === 63) return "whole";
  if (head.length >= 5 && head[0] === 60 && head[1] === 63 && head[2] === 120 && head[3] === 109 && head[4] === 108 && !complete && head.indexOf("?>", 5) === -1) {
    return head.length < HEAD_MAX_BYTES ? "more" : "whole";
  }
  const label = declaredEncoding(head);
  if (label === void 0 || UTF8_LABELS.has(label) || ASCII_LABELS.has(label)) return { skip: 0 };
  if (label === "utf-16" || label === "utf-16le" || label === "utf-16be" || label === "ucs-2") return { skip: 0 };
  return "whole";
}

// src/junit/location.ts
function normalise(p) {
  let s = p.trim();
  if (s.startsWith("file://")) {
    s = s.slice(7);
    if (/^\/[A-Za-z]:/.test(s)) s = s.slice(1);
    try {
      s = decodeURIComponent(s);
    } catch {
    }
  }
  if (s.includes("\\")) s = s.replace(/\\/g, "/");
  if (/^[a-z]:\//.test(s)) s = s[0].toUpperCase() + s.slice(1);
  if (!/\/\/|(^|\/)\.\.?(\/|$)|\/$/.test(s)) return s;
  const abs = s.startsWith("/") ? "/" : /^[A-Z]:\//.test(s) ? s.slice(0, 3) : "";
  const out = [];
  for (const seg of s.slice(abs.length).split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === ".." && out.length > 0 && out[out.length - 1] !== "..") out.pop();
    else if (seg === ".." && abs !== "") continue;
    else out.push(seg);
  }
  return abs + out.join("/");
}
function isAbsolutePath(p) {
  return p.startsWith("/") || p.startsWith("\\") || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith("file://");
}
var Locator = class {
  prefix;
  caseless;
  /**
   * frameFile by a frame's path as written (null: none). A report's stack traces name the same few files again and
   * again; each is resolved once, and the function that does it stays small and cold for the optimising compiler
   * (1,000 failures at 10k cases: ~80 ms of CPU and ~14 MiB of peak RSS less, docs/benchmarks.md).
   */
  frameFiles = /* @__PURE__ */ new Map();
  /** lineFrames by line: the frames of a stack trace's lines, which recur from one failure to the next. */
  lines = /* @__PURE__ */ new Map();
  constructor(workspace) {
    if (workspace && workspace.trim() !== "") {
      const ws = normalise(workspace);
      this.caseless = /^[A-Z]:\//.test(ws);
      const prefix = ws.endsWith("/") ? ws : ws + "/";
      this.prefix = this.caseless ? prefix.toLowerCase() : prefix;
    } else {
      this.caseless = false;
    }
  }
  /**
   * A path as the user's repository knows it: relative to the workspace (forward slashes) when inside it,
   * relative paths normalised (`./a/../b.ts` → `b.ts`), other absolute paths kept (normalised);
   * the workspace itself is '.'.
   */
  relative(p) {
    const s = normalise(p);
    if (this.prefix === void 0 || !isAbsolutePath(s)) return s;
    const a = this.caseless ? s.toLowerCase() : s;
    if (a.startsWith(this.prefix)) return s.slice(this.prefix.length);
    if (a + "/" === this.prefix) return ".";
    return s;
  }
  /**
   * `relative(p)`, except that an absolute path outside the workspace gives undefined (it cannot be annotated),
   * as do '.', '..' and paths climbing out of it. Without a workspace, paths are only normalised.
   */
  repositoryPath(p) {
    if (p.trim() === "") return void 0;
    const rel = this.relative(p);
    if (this.prefix === void 0) return rel;
    if (rel === "." || rel === ".." || rel.startsWith("../") || isAbsolutePath(rel)) return void 0;
    return rel;
  }
  /**
   * Best frame of a stack trace / failure body for an annotation. With `knownFile`, the first frame in that
   * file. Otherwise the first frame in a test-looking file (tests/, *_test.go, *.spec.ts...), else the first
   * workspace frame. Frames outside the workspace, in dependencies, or naming a bare file are skipped. The frame
   * returned is shared with later calls (Locator.lines): read it, do not change it.
   */
  pickFrame(text, knownFile) {
    let first;
    let seen = 0;
    const passBare = fewerMarks(text, MAX_FRAMES);
    let slash = -1;
    let backslash = -1;
    for (let start = 0; start < text.length && seen < MAX_FRAMES; ) {
      let end = text.indexOf("\n", start);
      if (end === -1) end = text.length;
      if (passBare) {
        if (slash < start) slash = nextAt(text, "/", start);
        if (backslash < start) backslash = nextAt(text, "\\", start);
        if (slash >= end && backslash >= end) {
          start = end + 1;
          continue;
        }
      }
      const frames = this.lineFrames(text.slice(start, end));
      start = end + 1;
      for (let k = 0; k < frames.length && seen < MAX_FRAMES; k++) {
        seen++;
        const f = frames[k];
        if (f === void 0) continue;
        if (knownFile !== void 0) {
          if (f.file === knownFile) return f;
          continue;
        }
        if (TESTY.test(f.file)) return f;
        first ??= f;
      }
    }
    return first;
  }
  /** The frames FRAME finds in one line, in order (undefined: a match that names no repository file). */
  lineFrames(line) {
    let frames = this.lines.get(line);
    if (frames !== void 0) return frames;
    frames = NO_FRAMES;
    FRAME.lastIndex = 0;
    let m;
    while ((m = FRAME.exec(line)) !== null) {
      const f = this.frame(m[1] ?? m[3] ?? m[5], m[2] ?? m[4] ?? m[6]);
      frames = frames === NO_FRAMES ? [f] : [...frames, f];
    }
    if (this.lines.size >= LINES_KEPT) this.lines.clear();
    this.lines.set(line, frames);
    return frames;
  }
  frame(raw0, lineText) {
    const line = Number(lineText);
    if (!Number.isSafeInteger(line) || line <= 0) return void 0;
    let file = this.frameFiles.get(raw0);
    if (file === void 0) {
      file = this.frameFile(raw0) ?? null;
      if (this.frameFiles.size >= FRAME_FILES_KEPT) this.frameFiles.clear();
      this.frameFiles.set(raw0, file);
    }
    return file === null ? void 0 : { file, line };
  }
  /** The repository path a frame's path names, or undefined when it names none (outside, a dependency, a bare name). */
  frameFile(raw0) {
    let raw = raw0;
    const wp = /^webpack:\/\/[^/]*\//.exec(raw);
    if (wp) raw = raw.slice(wp[0].length);
    if (raw.includes("://") && !raw.startsWith("file://")) return void 0;
    if (raw.startsWith("node:") || raw.startsWith("internal/")) return void 0;
    const abs = isAbsolutePath(raw);
    if (abs && this.prefix === void 0) return void 0;
    const rel = this.relative(raw);
    if (rel === "." || isAbsolutePath(rel) || rel === ".." || rel.startsWith("../")) return void 0;
    if (!abs && !rel.includes("/")) return void 0;
    if (DEPENDENCY.test(rel)) return void 0;
    return rel;
  }
};
var FRAME = new RegExp(
  [
    /File "([^"\n]+)", line (\d+)/.source,
    /\bin ((?:[A-Za-z]:)?[^\s:*?"<>|]*[\\/][^\s:*?"<>|]*\.\w+):line (\d+)/.source,
    /(?:^|[\s(\['"@])((?:file:\/\/|webpack:\/\/[^/\s]*\/)?(?:[A-Za-z]:)?[^\s()[\]'"<>|:]*\.[A-Za-z0-9]+):(\d+)(?=[:)\s,\]]|$)/.source
  ].join("|"),
  "gm"
);
var MAX_FRAMES = 200;
function fewerMarks(text, limit) {
  let n = 0;
  for (let at = text.indexOf(":"); at !== -1 && n < limit; at = text.indexOf(":", at + 1)) n++;
  for (let at = text.indexOf('"'); at !== -1 && n < limit; at = text.indexOf('"', at + 1)) n++;
  return n < limit;
}
function nextAt(text, ch, from) {
  const at = text.indexOf(ch, from);
  return at === -1 ? text.length : at;
}
var LINES_KEPT = 4096;
var NO_FRAMES = [];
var FRAME_FILES_KEPT = 4096;
var TESTY = /(^|[/._-])(tests?|specs?|__tests__|e2e|it)([/._-]|$)/i;
var DEPENDENCY = /(^|\/)(node_modules|site-packages|dist-packages|vendor|\.venv|venv|\.cargo|go\/pkg\/mod)\//;

// src/junit/xml.ts
var XmlError = class extends Error {
  /** Byte offset in the UTF-8 document (from its start, not the window's) where the problem was found. */
  offset;
  constructor(message, offset) {
    super(message);
    this.offset = offset;
  }
};
var DtdRefused = class extends XmlError {
};
var EMPTY = Buffer3.alloc(0);
var Attrs = class {
  names = [];
  starts = [];
  ends = [];
  amps = [];
  count = 0;
  /** The current window (starts/ends index into it). */
  buf = EMPTY;
  /** Decoded, normalised value of attribute `name` (exact match, prefix included), or undefined. */
  get(name) {
    for (let k = 0; k < this.count; k++) {
      if (this.names[k] === name) return decodeAttr(this.buf, this.starts[k], this.ends[k], this.amps[k]);
    }
    return void 0;
  }
};
var SHORT_COMMENT_BYTES = 64;
var LT = 60;
var GT = 62;
var AMP = 38;
var SLASH = 47;
var BANG = 33;
var QMARK = 63;
var EQ = 61;
var DQ = 34;
var SQ = 39;
var SEMI = 59;
var HASH = 35;
function isWs(c) {
  return c === 32 || c === 10 || c === 13 || c === 9;
}
function isNameStart(c) {
  return c >= 97 && c <= 122 || c >= 65 && c <= 90 || c === 95 || c === 58 || c >= 128;
}
function isNameChar(c) {
  return isNameStart(c) || c >= 48 && c <= 57 || c === 45 || c === 46;
}
var NameCache = class {
  buckets = /* @__PURE__ */ new Map();
  size = 0;
  get(buf, s, e) {
    const len = e - s;
    let ascii = true;
    for (let k = s; k < e; k++) {
      if (buf[k] >= 128) {
        ascii = false;
        break;
      }
    }
    if (!ascii) return buf.toString("utf8", s, e);
    if (len > 32) return buf.toString("latin1", s, e);
    const key = len << 16 | buf[s] << 8 | buf[e - 1];
    const bucket = this.buckets.get(key);
    if (bucket !== void 0) {
      outer: for (const name2 of bucket) {
        for (let k = 0; k < len; k++) if (name2.charCodeAt(k) !== buf[s + k]) continue outer;
        return name2;
      }
    }
    const name = buf.toString("latin1", s, e);
    if (this.size < 1024) {
      if (bucket === void 0) this.buckets.set(key, [name]);
      else if (bucket.length < 8) bucket.push(name);
      else return name;
      this.size++;
    }
    return name;
  }
};
function sliceName(buf, s, e) {
  for (let k = s; k < e; k++) if (buf[k] >= 128) return buf.toString("utf8", s, e);
  return buf.toString("latin1", s, e);
}
function startsWithAscii(buf, at, lit) {
  if (at + lit.length > buf.length) return false;
  for (let k = 0; k < lit.length; k++) if (buf[at + k] !== lit.charCodeAt(k)) return false;
  return true;
}
function checkRef(buf, i, end, final, base) {
  let j = i + 1;
  if (j >= end && !final) return -1;
  if (buf[j] === HASH) {
    j++;
    if (j >= end && !final) return -1;
    let hex = false;
    if (buf[j] === 120) {
      hex = true;
      j++;
    }
    const ds = j;
    let cp = 0;
    for (; j < end; j++) {
      const c = buf[j];
      let d;
      if (c >= 48 && c <= 57) d = c - 48;
      else if (hex && c >= 97 && c <= 102) d = c - 87;
      else if (hex && c >= 65 && c <= 70) d = c - 55;
      else break;
      cp = cp * (hex ? 16 : 10) + d;
      if (cp > 1114111) cp = 1114112;
    }
    if (j >= end && !final) return -1;
    if (j === ds || buf[j] !== SEMI) throw new XmlError("malformed character reference (expected &#NN; or &#xHH;)", base + i);
    if (cp === 0 || cp > 1114111 || cp >= 55296 && cp <= 57343 || cp === 65534 || cp === 65535) {
      throw new XmlError(`character reference to an invalid character (${buf.toString("latin1", i, j + 1)})`, base + i);
    }
    return j + 1;
  }
  if (j < end && isNameStart(buf[j])) {
    const ns = j;
    while (j < end && isNameChar(buf[j])) j++;
    if (j >= end && !final) return -1;
    if (buf[j] === SEMI) {
      const name = sliceName(buf, ns, j);
      if (name === "lt" || name === "gt" || name === "amp" || name === "quot" || name === "apos") return j + 1;
      throw new XmlError(`undefined entity &${name}; (only &lt; &gt; &amp; &quot; &apos; and character references are allowed)`, base + i);
    }
  }
  throw new XmlError("unescaped '&' (write it as &amp;)", base + i);
}
var ENTITY_RE = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(lt|gt|amp|quot|apos));/g;
var NAMED = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
function replaceRefs(s) {
  return s.replace(ENTITY_RE, (_m, hex, dec, named) => {
    if (named !== void 0) return NAMED[named];
    return String.fromCodePoint(hex !== void 0 ? parseInt(hex, 16) : parseInt(dec, 10));
  });
}
function decodeText(buf, start, end, amp) {
  let s = buf.toString("utf8", start, end);
  if (s.indexOf("\r") !== -1) s = s.replace(/\r\n?/g, "\n");
  return amp ? replaceRefs(s) : s;
}
function decodeAttr(buf, start, end, amp) {
  let s = buf.toString("utf8", start, end);
  if (/[\t\n\r]/.test(s)) s = s.replace(/\r\n|[\t\n\r]/g, " ");
  return amp ? replaceRefs(s) : s;
}
function lineColumn(buf, offset) {
  const at = Math.max(0, Math.min(offset, buf.length));
  let line = 1;
  let lineStart = 0;
  let p = buf.indexOf(10, 0);
  while (p !== -1 && p < at) {
    line++;
    lineStart = p + 1;
    p = buf.indexOf(10, lineStart);
  }
  const column = buf.toString("utf8", lineStart, at).length + 1;
  return { line, column };
}
function describeByte(buf, i) {
  const c = buf[i];
  if (c === void 0) return "end of file";
  if (c >= 33 && c < 127) return `'${String.fromCharCode(c)}'`;
  return `byte 0x${c.toString(16).padStart(2, "0")}`;
}
function lineAt(buf, offset) {
  const at = Math.max(0, Math.min(offset, buf.length));
  let line = 1;
  let p = buf.indexOf(10, 0);
  while (p !== -1 && p < at) {
    line++;
    p = buf.indexOf(10, p + 1);
  }
  return line;
}
function safeCut(buf, s, e) {
  if (e <= s) return s;
  if (buf[e - 1] === 13) return e - 1;
  const lim = Math.max(s, e - 4);
  let p = e - 1;
  while (p >= lim && (buf[p] & 192) === 128) p--;
  if (p < lim) return e;
  const b = buf[p];
  const len = b >= 240 && b <= 247 ? 4 : b >= 224 && b <= 239 ? 3 : b >= 192 && b <= 223 ? 2 : 1;
  return p + len > e ? p : e;
}
var STOP = (k) => -k - 1;
var stopAt = (stopped) => -stopped - 1;
var NONE = 0;
var COMMENT = 1;
var PI = 2;
var CDATA = 3;
var Tokenizer = class {
  stack = [];
  opened = [];
  attrs = new Attrs();
  names = new NameCache();
  seenRoot = false;
  mode = NONE;
  /** Document offset of the '<' of the unfinished comment/PI/CDATA section. */
  modeStart = 0;
  /** The start of an unfinished comment while it is short enough to report (XmlHandler.comment), else undefined. */
  commentHead;
  /** Adds `buf[0, end)` to an unfinished short comment; one grown past SHORT_COMMENT_BYTES is dropped. */
  extendComment(buf, end) {
    if (this.commentHead === void 0) return;
    this.commentHead = this.commentHead.length + end <= SHORT_COMMENT_BYTES ? this.commentHead + buf.toString("latin1", 0, end) : void 0;
  }
  h;
  lineOf;
  /** `lineOf`: the 1-based line of a document offset (for "opened at line N" messages). */
  constructor(h, lineOf) {
    this.h = h;
    this.lineOf = lineOf;
  }
  /** Whether a root element was opened (after a final feed: the document had one). */
  get rootSeen() {
    return this.seenRoot;
  }
  /**
   * Tokenizes `buf`, the bytes of the document from offset `base`, calling the handler. Returns how many bytes were
   * consumed; when `final` is false, the rest (at most an unfinished construct) must come first in the next call,
   * whose `base` is `base` + the returned count. With `final` (`buf` reaches the end of the document) everything is
   * consumed or an XmlError thrown (or whatever the handler throws). Error offsets are document offsets.
   */
  feed(buf, base, final) {
    const n = buf.length;
    const stack = this.stack;
    this.attrs.buf = buf;
    let i = 0;
    if (this.mode !== NONE) {
      i = this.resume(buf, final);
      if (i < 0) return stopAt(i);
    }
    while (i < n) {
      if (stack.length === 0) {
        const c = buf[i];
        if (isWs(c)) {
          i++;
          continue;
        }
        if (c !== LT) throw this.outsideRoot(buf, i, base);
      } else {
        i = this.text(buf, i, base, final);
        if (i < 0) return stopAt(i);
        if (i >= n) break;
      }
      if (i + 1 >= n && !final) return i;
      const c1 = buf[i + 1];
      i = c1 === SLASH ? this.endTag(buf, i, base, final) : c1 === BANG ? this.bang(buf, i, base, final) : c1 === QMARK ? this.pi(buf, i, base, final) : this.startTag(buf, i, base, final);
      if (i < 0) return stopAt(i);
    }
    if (!final) return n;
    if (stack.length > 0) {
      const top = stack[stack.length - 1];
      throw new XmlError(`unexpected end of file: <${top}> (opened at line ${this.lineOf(this.opened[this.opened.length - 1])}) is not closed; the report looks truncated`, base + n);
    }
    if (!this.seenRoot) throw new XmlError("no root element: the file contains no XML element", base + n);
    return n;
  }
  /** The start of a window that begins inside a comment, PI or CDATA section (this.mode): where to go on, or STOP. */
  resume(buf, final) {
    const n = buf.length;
    const h = this.h;
    const mode = this.mode;
    const term = mode === COMMENT ? "-->" : mode === PI ? "?>" : "]]>";
    const j = buf.indexOf(term, 0, "latin1");
    if (j === -1) {
      if (final) {
        const what = mode === COMMENT ? "unterminated comment (missing -->)" : mode === PI ? "unterminated processing instruction (missing ?>)" : "unterminated CDATA section (missing ]]>)";
        throw new XmlError(what, this.modeStart);
      }
      if (mode === COMMENT) this.extendComment(buf, Math.max(0, n - (term.length - 1)));
      if (mode !== CDATA) return STOP(Math.max(0, n - (term.length - 1)));
      const cut = safeCut(buf, 0, Math.max(0, n - 2));
      if (cut > 0) h.cdata(buf, 0, cut);
      return STOP(cut);
    }
    if (mode === CDATA) h.cdata(buf, 0, j);
    if (mode === COMMENT) {
      this.extendComment(buf, j);
      if (h.comment && this.commentHead !== void 0) h.comment(this.commentHead, this.stack.length);
      this.commentHead = void 0;
    }
    this.mode = NONE;
    return j + term.length;
  }
  /** The error of a byte other than whitespace or '<' outside the root element, at `i`. */
  outsideRoot(buf, i, base) {
    if (buf[i] === 0) return new XmlError("NUL byte: this is a binary file, not XML", base + i);
    return new XmlError(this.seenRoot ? "text after the end of the root element" : `the document does not start with '<' (found ${describeByte(buf, i)}): this is not an XML file`, base + i);
  }
  /** Character data from `i` inside the root, handed to the handler: the index of the next '<' (or n), or STOP. */
  text(buf, i, base, final) {
    const n = buf.length;
    const start = i;
    let amp = false;
    while (i < n) {
      const c = buf[i];
      if (c === LT) break;
      if (c === AMP) {
        const r = checkRef(buf, i, n, final, base);
        if (r < 0) {
          if (i > start) this.h.text(buf, start, i, amp);
          return STOP(i);
        }
        i = r;
        amp = true;
        continue;
      }
      i++;
    }
    if (i >= n && !final) {
      const cut = safeCut(buf, start, n);
      if (cut > start) this.h.text(buf, start, cut, amp);
      return STOP(cut);
    }
    if (i > start) this.h.text(buf, start, i, amp);
    return i;
  }
  /** The end tag whose '<' is at `i`: the index after it, or STOP. */
  endTag(buf, i, base, final) {
    const n = buf.length;
    const ns = i + 2;
    let j = ns;
    if (j >= n && !final) return STOP(i);
    if (j >= n || !isNameStart(buf[j])) throw new XmlError(`invalid end tag: expected a name after '</' but found ${describeByte(buf, j)}`, base + i);
    while (j < n && isNameChar(buf[j])) j++;
    if (j >= n && !final) return STOP(i);
    const name = this.names.get(buf, ns, j);
    while (j < n && isWs(buf[j])) j++;
    if (j >= n && !final) return STOP(i);
    if (buf[j] !== GT) throw new XmlError(j >= n ? `unexpected end of file inside end tag </${name}>` : `invalid end tag </${name}: expected '>' but found ${describeByte(buf, j)}`, base + j);
    const top = this.stack.pop();
    if (top === void 0) throw new XmlError(`end tag </${name}> without a matching start tag`, base + i);
    if (top !== name) {
      throw new XmlError(`mismatched end tag: expected </${top}> (opened at line ${this.lineOf(this.opened[this.opened.length - 1])}) but found </${name}>`, base + i);
    }
    this.opened.pop();
    this.h.close(name);
    return j + 1;
  }
  /** A comment or CDATA section whose '<!' is at `i` (any other declaration is refused): the index after it, or STOP. */
  bang(buf, i, base, final) {
    const n = buf.length;
    const h = this.h;
    if (n < i + 10 && !final) return STOP(i);
    if (startsWithAscii(buf, i, "<!--")) {
      const j = buf.indexOf("-->", i + 4, "latin1");
      if (j === -1) {
        if (final) throw new XmlError("unterminated comment (missing -->)", base + i);
        this.mode = COMMENT;
        this.modeStart = base + i;
        const consumed = Math.max(i + 4, n - 2);
        this.commentHead = h.comment && consumed - (i + 4) <= SHORT_COMMENT_BYTES ? buf.toString("latin1", i + 4, consumed) : void 0;
        return STOP(consumed);
      }
      if (h.comment && j - (i + 4) <= SHORT_COMMENT_BYTES) h.comment(buf.toString("latin1", i + 4, j), this.stack.length);
      return j + 3;
    }
    if (startsWithAscii(buf, i, "<![CDATA[")) {
      if (this.stack.length === 0) throw new XmlError("CDATA section outside the root element", base + i);
      const j = buf.indexOf("]]>", i + 9, "latin1");
      if (j === -1) {
        if (final) throw new XmlError("unterminated CDATA section (missing ]]>)", base + i);
        this.mode = CDATA;
        this.modeStart = base + i;
        const cut = safeCut(buf, i + 9, Math.max(i + 9, n - 2));
        if (cut > i + 9) h.cdata(buf, i + 9, cut);
        return STOP(cut);
      }
      h.cdata(buf, i + 9, j);
      return j + 3;
    }
    const decl = buf.toString("latin1", i + 2, Math.min(n, i + 10)).toUpperCase();
    if (decl.startsWith("DOCTYPE") || decl.startsWith("ENTITY") || decl.startsWith("ELEMENT") || decl.startsWith("ATTLIST") || decl.startsWith("NOTATION")) {
      const what = decl.replace(/[^A-Z].*$/s, "");
      throw new DtdRefused(
        `refused: the report contains a <!${what}> declaration. DTDs and entity declarations are not accepted (they allow XXE and entity-expansion attacks); remove the declaration from the report`,
        base + i
      );
    }
    throw new XmlError(`invalid markup '<!' (expected <!-- comment --> or <![CDATA[...]]>)`, base + i);
  }
  /** A processing instruction whose '<?' is at `i`: the index after it, or STOP. */
  pi(buf, i, base, final) {
    const n = buf.length;
    const j = buf.indexOf("?>", i + 2, "latin1");
    if (j === -1) {
      if (final) throw new XmlError("unterminated processing instruction (missing ?>)", base + i);
      this.mode = PI;
      this.modeStart = base + i;
      return STOP(Math.max(i + 2, n - 1));
    }
    return j + 2;
  }
  /** The start tag whose '<' is at `i`, handed to the handler with its attributes: the index after it, or STOP. */
  startTag(buf, i, base, final) {
    const n = buf.length;
    const names = this.names;
    const attrs = this.attrs;
    const ns = i + 1;
    if (ns >= n || !isNameStart(buf[ns])) throw new XmlError(`invalid start tag: expected a name after '<' but found ${describeByte(buf, ns)}`, base + i);
    let j = ns + 1;
    while (j < n && isNameChar(buf[j])) j++;
    if (j >= n && !final) return STOP(i);
    const name = names.get(buf, ns, j);
    if (this.stack.length === 0 && this.seenRoot) throw new XmlError(`a second root element <${name}> after the end of the first one`, base + i);
    attrs.count = 0;
    let selfClosing = false;
    for (; ; ) {
      const ws = j;
      while (j < n && isWs(buf[j])) j++;
      if (j >= n) {
        if (!final) return STOP(i);
        throw new XmlError(`unexpected end of file inside start tag <${name}>`, base + i);
      }
      const c = buf[j];
      if (c === GT) {
        j++;
        break;
      }
      if (c === SLASH) {
        if (j + 1 >= n && !final) return STOP(i);
        if (buf[j + 1] !== GT) throw new XmlError(`invalid start tag <${name}>: expected '>' after '/'`, base + j);
        selfClosing = true;
        j += 2;
        break;
      }
      if (j === ws) throw new XmlError(`invalid start tag <${name}>: expected whitespace, '>' or '/>' but found ${describeByte(buf, j)}`, base + j);
      if (!isNameStart(c)) throw new XmlError(`invalid attribute name in <${name}>: unexpected ${describeByte(buf, j)}`, base + j);
      const as = j;
      while (j < n && isNameChar(buf[j])) j++;
      if (j >= n && !final) return STOP(i);
      const aname = names.get(buf, as, j);
      while (j < n && isWs(buf[j])) j++;
      if (j >= n && !final) return STOP(i);
      if (buf[j] !== EQ) throw new XmlError(`attribute ${aname} of <${name}> has no value (expected '=')`, base + j);
      j++;
      while (j < n && isWs(buf[j])) j++;
      if (j >= n && !final) return STOP(i);
      const q = buf[j];
      if (q !== DQ && q !== SQ) throw new XmlError(`value of attribute ${aname} of <${name}> is not quoted`, base + j);
      const vs = ++j;
      let amp = false;
      for (; ; ) {
        if (j >= n) {
          if (!final) return STOP(i);
          throw new XmlError(`unexpected end of file inside the value of attribute ${aname} of <${name}>`, base + vs - 1);
        }
        const v = buf[j];
        if (v === q) break;
        if (v === LT) throw new XmlError(`'<' is not allowed in the value of attribute ${aname} of <${name}> (write it as &lt;)`, base + j);
        if (v === AMP) {
          const r = checkRef(buf, j, n, final, base);
          if (r < 0) return STOP(i);
          j = r;
          amp = true;
          continue;
        }
        j++;
      }
      for (let k2 = 0; k2 < attrs.count; k2++) {
        if (attrs.names[k2] === aname) throw new XmlError(`duplicate attribute ${aname} in <${name}>`, base + as);
      }
      const k = attrs.count++;
      attrs.names[k] = aname;
      attrs.starts[k] = vs;
      attrs.ends[k] = j;
      attrs.amps[k] = amp;
      j++;
    }
    this.seenRoot = true;
    this.stack.push(name);
    this.opened.push(base + i);
    this.h.open(name, attrs, base + i);
    if (selfClosing) {
      this.stack.pop();
      this.opened.pop();
      this.h.close(name);
    }
    return j;
  }
};
function tokenize(buf, h) {
  new Tokenizer(h, (offset) => lineAt(buf, offset)).feed(buf, 0, true);
}

// src/junit/junit.ts
var MESSAGE_CAP = 1024;
var DETAILS_CAP = 4096;
var BODY_BYTES_CAP = DETAILS_CAP * 4 + 4096;
var PATH_LIKE = /^[^\s]+\.(?:[cm]?[jt]sx?|py|rb|go|php|phpt|feature|coffee)$/;
var NODE_SUMMARY_COMMENT = /^ (?:tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) \d+(?:\.\d+)? $/;
var ONE_CASE_PER_TEST_ROOTS = /* @__PURE__ */ new Set(["vitest tests", "jest tests", "Mocha Tests"]);
var REPORTER_ROOTS = /* @__PURE__ */ new Map([
  ["vitest tests", "vitest"],
  ["jest tests", "jest"],
  ["Mocha Tests", "mocha"],
  ["pytest tests", "pytest"]
]);
var NotJUnit = class extends XmlError {
};
var ROOTS = /* @__PURE__ */ new Set(["testsuites", "testsuite", "testrun"]);
var RESULT_KINDS = /* @__PURE__ */ new Set(["failure", "error", "skipped", "flakyFailure", "flakyError", "rerunFailure", "rerunError"]);
var Kind = { Other: 0, Suites: 1, Suite: 2, Case: 3, Result: 4, StackTrace: 5 };
function parseDuration(raw) {
  if (raw === void 0) return void 0;
  let s = raw.trim();
  if (s === "") return void 0;
  if (s.includes(",")) {
    if (s.includes(".") || /^\d{1,3}(,\d{3})+$/.test(s) && !s.startsWith("0,")) s = s.replace(/,/g, "");
    else if (/^\d+,\d+$/.test(s)) s = s.replace(",", ".");
    else return void 0;
  }
  if (!/^[+]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return void 0;
  const v = Number(s);
  return Number.isFinite(v) ? v : void 0;
}
var TS_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
function normaliseTimestamp(raw) {
  if (raw === void 0) return void 0;
  const m = TS_RE.exec(raw.trim());
  if (!m) return void 0;
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "", zone] = m;
  const ms = Number((frac + "000").slice(0, 3));
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  const date = new Date(t);
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) {
    return void 0;
  }
  if (zone && zone.toUpperCase() !== "Z") {
    const sign = zone[0] === "-" ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    const offMin = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || "0");
    t -= sign * offMin * 6e4;
  }
  const out = new Date(t);
  return Number.isNaN(out.getTime()) ? void 0 : out.toISOString();
}
function localName(qname) {
  const c = qname.lastIndexOf(":");
  return c === -1 ? qname : qname.slice(c + 1);
}
var SKIP_STATUS = /* @__PURE__ */ new Set(["notrun", "disabled", "skipped", "skip", "ignored", "pending", "suppressed"]);
function statusOf(kind) {
  switch (kind) {
    case "failure":
    case "flakyFailure":
    case "rerunFailure":
      return "failed";
    case "error":
    case "flakyError":
    case "rerunError":
      return "error";
    case "skipped":
      return "skipped";
  }
}
function attemptOf(status, r, time) {
  if (!r) {
    const d2 = parseDuration(time);
    return d2 === void 0 ? { status } : { status, durationSec: d2 };
  }
  const a = { status };
  if (r) {
    const body = r.body.length === 0 ? "" : r.body.join("").trim();
    let message = r.message?.trim();
    if (!message) {
      const nl = body.indexOf("\n");
      message = (nl === -1 ? body : body.slice(0, nl)).trim();
    }
    if (message) a.message = message.length > MESSAGE_CAP ? message.slice(0, MESSAGE_CAP) : message;
    const type = r.type?.trim();
    if (type) a.type = type.length > MESSAGE_CAP ? type.slice(0, MESSAGE_CAP) : type;
    if (body) a.details = body.length > DETAILS_CAP ? body.slice(0, DETAILS_CAP) : body;
  }
  const d = parseDuration(time);
  if (d !== void 0) a.durationSec = d;
  return a;
}
function attemptsOf(c) {
  let main;
  let skipped;
  let hasFailure = false, hasError = false, hasSkipped = false;
  const before = [];
  const after = [];
  for (const r of c.results) {
    switch (r.kind) {
      case "failure":
        hasFailure = true;
        main ??= r;
        break;
      case "error":
        hasError = true;
        main ??= r;
        break;
      case "skipped":
        hasSkipped = true;
        skipped ??= r;
        break;
      case "flakyFailure":
      case "flakyError":
        before.push(attemptOf(statusOf(r.kind), r, r.time));
        break;
      case "rerunFailure":
      case "rerunError":
        after.push(attemptOf(statusOf(r.kind), r, r.time));
        break;
    }
  }
  let primary;
  if (!main && after.length > 0) return { attempts: [...before, ...after], hasFailure, hasError, hasSkipped, hasReruns: true };
  if (main) primary = attemptOf(statusOf(main.kind), main, c.time);
  else if (skipped) primary = attemptOf("skipped", skipped, c.time);
  else if (c.status !== void 0 && SKIP_STATUS.has(c.status.trim().toLowerCase())) primary = attemptOf("skipped", void 0, c.time);
  else primary = attemptOf("passed", void 0, c.time);
  const attempts = before.length === 0 && after.length === 0 ? [primary] : [...before, primary, ...after];
  return { attempts, hasFailure, hasError, hasSkipped, hasReruns: after.length > 0 };
}
function parseRaw(buf, opts = {}) {
  const p = rawParser(opts);
  tokenize(buf, p.handler);
  return p.finish();
}
function rawParser(opts = {}) {
  const cases = [];
  let timestamp;
  let oneCasePerTest = false;
  let reporter;
  let unnamedRoot = false;
  const kinds = [];
  const suites = [];
  const caseStack = [];
  const suiteFiles = /* @__PURE__ */ new Set();
  let result;
  const locator = new Locator(opts.workspace);
  let lastClassname = "";
  const noteTimestamp = (a) => {
    const ts = normaliseTimestamp(a.get("timestamp"));
    if (ts !== void 0 && (timestamp === void 0 || ts < timestamp)) timestamp = ts;
  };
  const addBody = (s, bytes) => {
    if (!result || result.bodyBytes >= BODY_BYTES_CAP) return;
    result.body.push(s);
    result.bodyBytes += bytes;
  };
  const finishCase = (c) => {
    const { attempts, hasFailure, hasError, hasSkipped, hasReruns } = attemptsOf(c);
    const rc = { name: c.name, classname: c.classname, suite: c.suite, attempts, hasFailure, hasError, hasSkipped, hasReruns };
    let file = c.file !== void 0 && c.file.trim() !== "" ? c.file : void 0;
    for (let k = suites.length - 1; k >= 0 && file === void 0; k--) file = suites[k].file;
    const rel = file === void 0 ? void 0 : locator.repositoryPath(file);
    if (rel !== void 0) rc.file = rel;
    const idFile = rel ?? (PATH_LIKE.test(c.suite) ? locator.repositoryPath(c.suite) : void 0);
    if (idFile !== void 0 && idFile !== "") rc.idFile = idFile;
    const line = c.line !== void 0 && /^\s*\d+\s*$/.test(c.line) ? Number(c.line) : void 0;
    if (line !== void 0 && line > 0 && Number.isSafeInteger(line)) rc.line = line;
    cases.push(rc);
  };
  const handler = {
    open(qname, a, offset) {
      const name = localName(qname);
      const parent = kinds.length === 0 ? void 0 : kinds[kinds.length - 1];
      if (parent === void 0 && !ROOTS.has(name)) {
        throw new NotJUnit(`not a JUnit report: root element <${qname}> (expected <testsuites> or <testsuite>)`, offset);
      }
      if (parent === Kind.Case && RESULT_KINDS.has(name)) {
        const r = { kind: name, body: [], bodyBytes: 0 };
        const message = a.get("message");
        if (message !== void 0) r.message = message;
        const type = a.get("type");
        if (type !== void 0) r.type = type;
        const time = a.get("time");
        if (time !== void 0) r.time = time;
        caseStack[caseStack.length - 1].results.push(r);
        result = r;
        kinds.push(Kind.Result);
      } else if (parent === Kind.Result && name === "stackTrace") {
        kinds.push(Kind.StackTrace);
      } else if (name === "testcase") {
        let classname = a.get("classname") ?? "";
        if (classname === lastClassname) classname = lastClassname;
        else lastClassname = classname;
        const c = {
          name: a.get("name") ?? "",
          classname,
          suite: suites.length > 0 ? suites[suites.length - 1].name : "",
          results: []
        };
        const file = a.get("file");
        if (file !== void 0) c.file = file;
        const line = a.get("line");
        if (line !== void 0) c.line = line;
        const time = a.get("time");
        if (time !== void 0) c.time = time;
        const status = a.get("status") ?? a.get("result");
        if (status !== void 0) c.status = status;
        caseStack.push(c);
        kinds.push(Kind.Case);
      } else if (name === "testsuite" && parent !== Kind.Case && parent !== Kind.Result) {
        const s = { name: a.get("name") ?? "" };
        const file = a.get("file") ?? a.get("filepath");
        if (file !== void 0 && file.trim() !== "") {
          s.file = file;
          suiteFiles.add(file);
        }
        suites.push(s);
        noteTimestamp(a);
        kinds.push(Kind.Suite);
      } else if (name === "testsuites" && parent === void 0) {
        noteTimestamp(a);
        if (ONE_CASE_PER_TEST_ROOTS.has(a.get("name") ?? "")) oneCasePerTest = true;
        unnamedRoot = a.get("name") === void 0;
        reporter = REPORTER_ROOTS.get(a.get("name") ?? "");
        kinds.push(Kind.Suites);
      } else {
        if (name === "property" && reporter === void 0 && a.get("name") === "go.version") reporter = "gotestsum";
        kinds.push(Kind.Other);
      }
    },
    close() {
      const k = kinds.pop();
      if (k === Kind.Case) finishCase(caseStack.pop());
      else if (k === Kind.Suite) suites.pop();
      else if (k === Kind.Result) result = void 0;
    },
    text(buf, start, end, amp) {
      const top = kinds[kinds.length - 1];
      if (top !== Kind.Result && top !== Kind.StackTrace || !result || result.bodyBytes >= BODY_BYTES_CAP) return;
      const e = Math.min(end, start + BODY_BYTES_CAP - result.bodyBytes);
      addBody(decodeText(buf, start, e, amp), e - start);
    },
    comment(text, depth) {
      if (depth === 1 && unnamedRoot && kinds[0] === Kind.Suites && NODE_SUMMARY_COMMENT.test(text)) oneCasePerTest = true;
    },
    cdata(buf, start, end) {
      const top = kinds[kinds.length - 1];
      if (top !== Kind.Result && top !== Kind.StackTrace || !result || result.bodyBytes >= BODY_BYTES_CAP) return;
      const e = Math.min(end, start + BODY_BYTES_CAP - result.bodyBytes);
      addBody(decodeText(buf, start, e, false), e - start);
    }
  };
  const finish = () => {
    const docFile = suiteFiles.size === 1 ? locator.repositoryPath(suiteFiles.values().next().value) : void 0;
    for (const rc of cases) {
      if (rc.file === void 0 && docFile !== void 0) rc.file = docFile;
      if (rc.file !== void 0 && rc.line !== void 0) continue;
      if (rc.file === void 0 && rc.line !== void 0) delete rc.line;
      for (const a of rc.attempts) {
        if (a.details === void 0 || a.status !== "failed" && a.status !== "error") continue;
        const f = locator.pickFrame(a.details, rc.file);
        if (f) {
          rc.file = f.file;
          rc.line = f.line;
          break;
        }
      }
    }
    const out = timestamp !== void 0 ? { cases, timestamp } : { cases };
    if (oneCasePerTest) out.oneCasePerTest = true;
    if (reporter !== void 0) out.reporter = reporter;
    return out;
  };
  return { handler, finish };
}

// src/junit/stream.ts
var READ_WINDOW_BYTES = 1 << 20;
function problemFrom(err, path, place) {
  if (err instanceof XmlError) {
    const p = {
      path,
      message: err instanceof DtdRefused || err instanceof NotJUnit ? err.message : `not well-formed XML: ${err.message}`
    };
    if (place) {
      const { line, column } = place(err.offset);
      p.line = line;
      p.column = column;
    }
    return p;
  }
  if (err instanceof DecodeError) return { path, message: err.message };
  const detail = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return { path, message: `could not parse report (internal error, please report it): ${detail}` };
}
function placeInSource(src, skip, offset, lineOnly = false, chunkBytes = 1 << 16) {
  const chunk = Buffer4.allocUnsafe(Math.max(chunkBytes, 4));
  let line = 1;
  let lineStart = 0;
  let pos = 0;
  while (pos < offset) {
    const got = src.readAt(chunk, 0, Math.min(chunk.length, offset - pos), skip + pos);
    if (got === 0) break;
    let p = chunk.indexOf(10, 0);
    while (p !== -1 && p < got) {
      line++;
      lineStart = pos + p + 1;
      p = chunk.indexOf(10, p + 1);
    }
    pos += got;
  }
  if (lineOnly) return { line, column: 0 };
  let column = 1;
  let at = lineStart;
  let carry = 0;
  while (at + carry < pos) {
    const got = src.readAt(chunk, carry, Math.min(chunk.length - carry, pos - at - carry), skip + at + carry);
    if (got === 0) break;
    const have = carry + got;
    const last = at + have >= pos;
    const cut = last ? have : safeCut(chunk, 0, have);
    column += chunk.toString("utf8", 0, cut).length;
    chunk.copy(chunk, 0, cut, have);
    carry = have - cut;
    at += cut;
  }
  return { line, column };
}
async function streamReport(src, path, opts) {
  const window = Math.max(1, Math.floor(opts.window ?? READ_WINDOW_BYTES));
  let largestRead = 0;
  let largestHeld = 0;
  let feeds = 0;
  let total = 0;
  let eof = false;
  const result = (r, whole) => {
    const out = { cases: r.cases, problems: r.problems, whole, largestRead, largestHeld, feeds };
    if (r.timestamp !== void 0) out.timestamp = r.timestamp;
    if (r.oneCasePerTest) out.oneCasePerTest = true;
    if (r.reporter !== void 0) out.reporter = r.reporter;
    return out;
  };
  const refused = (message) => result({ cases: [], problems: [{ path, message }] }, false);
  const bufs = [Buffer4.alloc(0), Buffer4.alloc(0)];
  let turn = 0;
  const fill = async (keep, more) => {
    const size = keep.length + more;
    turn ^= 1;
    if (bufs[turn].length < size) bufs[turn] = Buffer4.allocUnsafe(size + (size >> 3));
    const buf = bufs[turn].subarray(0, size);
    keep.copy(buf, 0);
    let have = keep.length;
    while (have < buf.length) {
      const want = Math.min(window, buf.length - have);
      largestRead = Math.max(largestRead, want);
      const got = await src.read(buf, have, want);
      if (got === 0) {
        eof = true;
        break;
      }
      have += got;
      total += got;
      if (total > opts.limit) break;
    }
    largestHeld = Math.max(largestHeld, have);
    return have === buf.length ? buf : buf.subarray(0, have);
  };
  let head = await fill(Buffer4.alloc(0), window);
  let plan;
  for (; ; ) {
    if (total > opts.limit) return refused(opts.tooBig(total, opts.limit));
    if (total === 0) return refused("empty report file (0 bytes): the test run probably did not finish writing it");
    try {
      plan = streamPlan(head, eof);
    } catch (err) {
      return refused(problemFrom(err, path, void 0).message);
    }
    if (plan !== "more") break;
    head = await fill(head, Math.min(Math.max(window, head.length), HEAD_MAX_BYTES));
  }
  if (plan === "whole") {
    let all = head;
    while (!eof && total <= opts.limit) all = await fill(all, Math.max(window, all.length));
    if (total > opts.limit) return refused(opts.tooBig(total, opts.limit));
    return result(opts.parseWhole(all), true);
  }
  const skip = plan.skip;
  const place = (offset, lineOnly = false) => placeInSource(src, skip, offset, lineOnly);
  const parser = rawParser(opts.workspace !== void 0 ? { workspace: opts.workspace } : {});
  const tokenizer = new Tokenizer(parser.handler, (offset) => place(offset, true).line);
  let pending = head.subarray(skip);
  let base = 0;
  let onlyWs = true;
  let checked = 0;
  try {
    for (; ; ) {
      for (; onlyWs && checked < pending.length; checked++) {
        const c = pending[checked];
        if (c !== 32 && c !== 10 && c !== 13 && c !== 9) onlyWs = false;
      }
      if (eof) {
        if (onlyWs) return refused("empty report file (only whitespace)");
        feeds++;
        tokenizer.feed(pending, base, true);
        break;
      }
      feeds++;
      const used = tokenizer.feed(pending, base, false);
      base += used;
      const rest = pending.subarray(used);
      pending = await fill(rest, Math.max(window, rest.length));
      checked = Math.max(0, checked - used);
      if (total > opts.limit) return refused(opts.tooBig(total, opts.limit));
    }
    return result({ ...parser.finish(), problems: [] }, false);
  } catch (err) {
    return result({ cases: [], problems: [problemFrom(err, path, (offset) => place(offset))] }, false);
  }
}

// src/junit/across.ts
var COLLISIONS_NAMED = 5;
function reportDirectory(path) {
  const cut = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  return cut < 0 ? "." : cut === 0 ? path.slice(0, 1) : path.slice(0, cut);
}
function combineReports(reports) {
  if (reports.length === 1) return { tests: reports[0].tests };
  const firstIn = /* @__PURE__ */ new Map();
  const inMany = /* @__PURE__ */ new Map();
  for (const [i, r] of reports.entries()) {
    for (const t of r.tests) {
      const f = firstIn.get(t.id);
      if (f === void 0) firstIn.set(t.id, i);
      else {
        const list = inMany.get(t.id);
        if (list) list.push(i);
        else inMany.set(t.id, [f, i]);
      }
    }
  }
  const tests = [];
  if (inMany.size === 0) {
    for (const r of reports) for (const t of r.tests) tests.push(t);
    return { tests };
  }
  const scopes = /* @__PURE__ */ new Map();
  const collisions = { first: [], count: 0 };
  for (const [id, list] of inMany) {
    if (!list.some((i) => reports[i].oneCasePerTest)) continue;
    const perTest = list.filter((i) => reports[i].oneCasePerTest);
    const dirs = perTest.map((i) => reportDirectory(reports[i].path));
    const scope = /* @__PURE__ */ new Map();
    for (const [k, i] of perTest.entries()) scope.set(i, dirs.indexOf(dirs[k]) === dirs.lastIndexOf(dirs[k]) ? dirs[k] : reports[i].path);
    scopes.set(id, scope);
    collisions.count++;
    if (collisions.first.length < COLLISIONS_NAMED) collisions.first.push({ id, reports: list.map((i) => reports[i].path) });
  }
  const taken = new Set(firstIn.keys());
  const merged = /* @__PURE__ */ new Map();
  for (const [i, r] of reports.entries()) {
    for (const t of r.tests) {
      const scope = scopes.get(t.id)?.get(i);
      if (scope !== void 0) {
        qualify(t, scope, r.path, taken);
        tests.push(t);
        continue;
      }
      if (!inMany.has(t.id)) {
        tests.push(t);
        continue;
      }
      const into = merged.get(t.id);
      if (into === void 0) {
        merged.set(t.id, t);
        tests.push(t);
        continue;
      }
      mergeAttempts(into, t);
    }
  }
  return { tests, collisions };
}
function mergeAttempts(into, later) {
  for (const a of later.attempts) into.attempts.push(a);
  if (into.file === void 0 && later.file !== void 0) {
    into.file = later.file;
    if (later.line !== void 0) into.line = later.line;
  } else if (into.line === void 0 && later.line !== void 0 && later.file === into.file) {
    into.line = later.line;
  }
}
function qualify(t, scope, path, taken) {
  for (let k = 0; ; k++) {
    const s = k === 0 ? scope : k === 1 ? path : `${path} #${k}`;
    const classname = scopedClassname(s, t.classname, t.suite);
    const id = testId({ classname, name: t.name, suite: t.suite });
    if (taken.has(id)) continue;
    taken.add(id);
    t.id = id;
    t.classname = classname;
    t.scope = s;
    return;
  }
}
function scopedBefore(historyIds) {
  const out = /* @__PURE__ */ new Set();
  for (const id of historyIds) {
    if (!id.startsWith("[")) continue;
    const end = id.indexOf("] ");
    if (end > 1) out.add(id.slice(end + 2));
  }
  return out;
}
function keepScopes(tests, reports, history, historyId) {
  if (reports.size === 0 || history.scoped.size === 0) return 0;
  const taken = /* @__PURE__ */ new Set();
  for (const t of tests) taken.add(t.id);
  let kept = 0;
  for (const t of tests) {
    if (t.scope !== void 0 || !reports.has(t.report) || !history.scoped.has(historyId(t.id))) continue;
    const dir = reportDirectory(t.report);
    const byPath = testId({ classname: scopedClassname(t.report, t.classname, t.suite), name: t.name, suite: t.suite });
    const scope = !history.has(historyId(testId({ classname: scopedClassname(dir, t.classname, t.suite), name: t.name, suite: t.suite }))) && history.has(historyId(byPath)) ? t.report : dir;
    const before = t.id;
    qualify(t, scope, t.report, taken);
    taken.delete(before);
    kept++;
  }
  return kept;
}

// src/junit/index.ts
async function openRegularFile(path, limit) {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if (error.code === "ENXIO") return "cannot read report: it is a socket, not a regular file";
    throw error;
  }
  let refused;
  try {
    const st = await handle.stat();
    if (st.isDirectory()) refused = "cannot read report: it is a directory";
    else if (!st.isFile()) {
      const kind = st.isFIFO() ? "a named pipe (FIFO)" : st.isSocket() ? "a socket" : st.isCharacterDevice() || st.isBlockDevice() ? "a device" : "not a regular file";
      refused = `cannot read report: it is ${kind}, not a regular file`;
    } else if (st.size > limit) refused = tooBig(st.size, limit);
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (refused === void 0) return handle;
  await handle.close();
  return refused;
}
function fileSource(handle) {
  return {
    async read(into, offset, length) {
      return (await handle.read(into, offset, length, null)).bytesRead;
    },
    readAt(into, offset, length, position) {
      return readSync(handle.fd, into, offset, length, position);
    }
  };
}
async function parseReportFile(abs, shown, opts) {
  const handle = await openRegularFile(abs, opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES);
  if (typeof handle === "string") return handle;
  try {
    return await parseReportStream(fileSource(handle), shown, opts);
  } finally {
    await handle.close();
  }
}
function parseReportStream(src, shown, opts) {
  const limit = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  return streamReport(src, shown, {
    workspace: opts.workspace,
    limit,
    ...opts.window !== void 0 ? { window: opts.window } : {},
    tooBig,
    parseWhole: (bytes) => parseReportRaw(bytes, shown, { workspace: opts.workspace, maxFileBytes: limit })
  });
}
var DEFAULT_MAX_FILE_BYTES = 256 * 1024 * 1024;
function formatBytes(n) {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MiB (${n} bytes)`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB (${n} bytes)`;
  return `${n} bytes`;
}
function tooBig(size, limit) {
  return `report is too large to parse: ${formatBytes(size)}, above the limit of ${formatBytes(limit)}. The file was skipped. If it is legitimate, raise the report size limit (ParseOptions.maxFileBytes); otherwise split the report (one file per suite) or drop captured output (system-out) from it.`;
}
function parseReportRaw(xml, path, opts = {}) {
  const limit = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const size = typeof xml === "string" ? Buffer5.byteLength(xml, "utf8") : xml.byteLength;
  if (size > limit) return { cases: [], problems: [{ path, message: tooBig(size, limit) }] };
  if (size === 0) return { cases: [], problems: [{ path, message: "empty report file (0 bytes): the test run probably did not finish writing it" }] };
  let buf;
  try {
    buf = toUtf8(xml);
    let k = 0;
    while (k < buf.length && (buf[k] === 32 || buf[k] === 10 || buf[k] === 13 || buf[k] === 9)) k++;
    if (k === buf.length) return { cases: [], problems: [{ path, message: "empty report file (only whitespace)" }] };
    const raw = parseRaw(buf, opts.workspace !== void 0 ? { workspace: opts.workspace } : {});
    const out = { cases: raw.cases, problems: [] };
    if (raw.timestamp !== void 0) out.timestamp = raw.timestamp;
    if (raw.oneCasePerTest) out.oneCasePerTest = true;
    if (raw.reporter !== void 0) out.reporter = raw.reporter;
    return out;
  } catch (err) {
    const whole = buf;
    return { cases: [], problems: [problemFrom(err, path, whole === void 0 ? void 0 : (offset) => lineColumn(whole, offset))] };
  }
}
var TwinNamer = class {
  last = /* @__PURE__ */ new Map();
  cases;
  /** The ids the report's testcases were written with, listed at the first twin (most reports have none). */
  real;
  /**
   * `cases`: the report's testcases, names capped (src/junit/cap.ts). They are read at the first twin, when the twins
   * named before it may have been renamed in place: such a made-up `<id> [k]` is then taken for real, which changes
   * nothing, as the numbers of that id only go up from k.
   */
  constructor(cases) {
    this.cases = cases;
  }
  /** The name of the next testcase with this `id` and `name`; `n` is the suffix's number (1: no suffix). */
  name(name, id) {
    const before = this.last.get(id);
    if (before === void 0) {
      this.last.set(id, 1);
      return { name, n: 1 };
    }
    if (this.real === void 0) {
      this.real = /* @__PURE__ */ new Set();
      for (const c of this.cases) this.real.add(testId(c));
    }
    let k = before + 1;
    while (this.real.has(`${id} [${k}]`)) k++;
    this.last.set(id, k);
    return { name: `${name} [${k}]`, n: k };
  }
};
function twinNamer(cases) {
  return new TwinNamer(cases);
}
var TWINS_NAMED = 5;
function mergeInto(raw, report, byId, out, shared = /* @__PURE__ */ new Map(), twins, reporter) {
  const sharer = () => {
    let lastRaw = "";
    let lastShared = "";
    return (s) => {
      if (s === lastRaw) return lastShared;
      let known = shared.get(s);
      if (known === void 0) shared.set(s, known = s);
      lastRaw = s;
      lastShared = known;
      return known;
    };
  };
  const classname = sharer();
  const suite = sharer();
  const file = sharer();
  for (const c of raw) {
    c.name = capName(c.name);
    c.classname = classname(capName(c.classname));
    c.suite = suite(capName(c.suite));
    if (c.file !== void 0) c.file = file(c.file);
  }
  cleanIds(raw, reporter === "mocha");
  const namer = twins ? twinNamer(raw) : void 0;
  for (const c of raw) {
    let twin = 0;
    if (namer) {
      const first = testId(c);
      const named = namer.name(c.name, first);
      if (named.n > 1) {
        if (!twins.ids.has(first)) {
          twins.ids.add(first);
          twins.count++;
          if (twins.first.length < TWINS_NAMED) twins.first.push(first);
        }
        c.name = named.name;
        twin = named.n;
      }
    }
    const id = testId(c);
    const existing = byId.get(id);
    if (existing) {
      mergeAttempts(existing, c);
      continue;
    }
    const t = c.file === void 0 ? { id, name: c.name, classname: c.classname, suite: c.suite, attempts: c.attempts, report } : c.line === void 0 ? { id, name: c.name, classname: c.classname, suite: c.suite, attempts: c.attempts, report, file: c.file } : { id, name: c.name, classname: c.classname, suite: c.suite, attempts: c.attempts, report, file: c.file, line: c.line };
    if (c.file === void 0 && c.line !== void 0) t.line = c.line;
    if (twin > 1) t.twin = twin;
    if (c.written !== void 0) t.written = twin > 1 ? `${c.written} [${twin}]` : c.written;
    if (c.group !== void 0) t.group = c.group;
    byId.set(id, t);
    out.push(t);
  }
}
function displayPath(abs, workspace) {
  const rel = new Locator(workspace).relative(abs);
  return rel === "." || isAbsolutePath(rel) || rel.startsWith("../") ? abs : rel;
}
function ioMessage(err) {
  const e = err;
  if (e?.code === "ENOENT") return "cannot read report: file not found";
  if (e?.code === "EACCES" || e?.code === "EPERM") return "cannot read report: permission denied";
  if (e?.code === "EISDIR") return "cannot read report: it is a directory";
  return `cannot read report: ${e?.message ?? String(err)}`;
}
async function parseReportFiles(paths, opts) {
  const limit = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const reports = [];
  const problems = [];
  const shared = /* @__PURE__ */ new Map();
  let timestamp;
  let filesRead = 0;
  const twins = { first: [], count: 0, ids: /* @__PURE__ */ new Set() };
  const reporters = /* @__PURE__ */ new Map();
  const seen = /* @__PURE__ */ new Set();
  for (const abs of paths) {
    const key = resolve(abs);
    if (seen.has(key)) continue;
    seen.add(key);
    const shown = displayPath(abs, opts.workspace);
    let raw;
    try {
      const read = await parseReportFile(abs, shown, { workspace: opts.workspace, maxFileBytes: limit });
      if (typeof read === "string") {
        problems.push({ path: shown, message: read });
        continue;
      }
      raw = read;
    } catch (err) {
      problems.push({ path: shown, message: ioMessage(err) });
      continue;
    }
    if (raw.problems.length === 0) filesRead++;
    for (const p of raw.problems) problems.push(p);
    if (raw.timestamp !== void 0 && (timestamp === void 0 || raw.timestamp < timestamp)) timestamp = raw.timestamp;
    const tests = [];
    mergeInto(raw.cases, shown, /* @__PURE__ */ new Map(), tests, shared, raw.oneCasePerTest ? twins : void 0, raw.reporter);
    reports.push({ path: shown, oneCasePerTest: raw.oneCasePerTest === true, tests });
    const reporter = raw.reporter ?? "";
    reporters.set(reporter, (reporters.get(reporter) ?? 0) + 1);
  }
  const combined = combineReports(reports);
  const out = { tests: combined.tests, problems, filesRead };
  if (reporters.size > 0) out.reporters = Object.fromEntries(reporters);
  if (timestamp !== void 0) out.timestamp = timestamp;
  if (twins.count > 0) out.twins = { first: twins.first, count: twins.count };
  if (combined.collisions && combined.collisions.count > 0) out.collisions = combined.collisions;
  const perTest = reports.filter((r) => r.oneCasePerTest).map((r) => r.path);
  if (perTest.length > 0) out.perTestReports = perTest;
  return out;
}

export {
  streakStart,
  orderDependence,
  orderSuspects,
  ORDER_REASON,
  beforeStreak,
  heldSentence,
  capName,
  testId,
  cleanIds,
  scopedBefore,
  keepScopes,
  parseReportFile,
  twinNamer,
  displayPath,
  parseReportFiles
};
