export const id = 956;
export const ids = [956];
export const modules = {

/***/ 956:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  isRemoteUrl: () => (/* binding */ isRemoteUrl),
  readDataBranch: () => (/* binding */ readDataBranch),
  remoteOf: () => (/* binding */ remoteOf),
  statsLineOf: () => (/* binding */ statsLineOf),
  writeOverride: () => (/* binding */ writeOverride)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(760);
// EXTERNAL MODULE: ./src/store/git.ts + 3 modules
var git = __webpack_require__(668);
// EXTERNAL MODULE: ./src/store/layout.ts
var layout = __webpack_require__(891);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(455);
;// CONCATENATED MODULE: ./src/model.ts
/**
 * Plain data shared by every stage of the pipeline. Nothing here does I/O.
 *
 * Vocabulary:
 * - attempt: one execution of one test (a retry is a second attempt of the same test in the same run).
 * - run: one ingestion by the action (one job of one workflow run attempt, with its reports).
 * - history: the rolling window of a test's runs, oldest first.
 */
/** A single character per attempt status, used in compact storage and in the symbol rows shown to users. */
const model_STATUS_CODE = {
    passed: 'P',
    failed: 'F',
    error: 'E',
    skipped: 'S',
};
const CODE_STATUS = {
    P: 'passed',
    F: 'failed',
    E: 'error',
    S: 'skipped',
};
function model_isFailure(status) {
    return status === 'failed' || status === 'error';
}

;// CONCATENATED MODULE: ./src/history/records.ts
// Keyed by the row object: a pool lives exactly as long as the runs table it was read with.
const pools = new WeakMap();
function build(key, row, attempts, message, durationSec) {
    // One object shape for every record (absent fields as undefined) keeps property reads monomorphic.
    return {
        run: key,
        sha: row.sha,
        time: row.time,
        onDefaultBranch: row.onDefaultBranch,
        attempts,
        message,
        durationSec,
        jobSucceeded: row.jobSucceeded,
        outage: message !== undefined && row.outages !== undefined && row.outages.includes(records_failureKey(message)) ? true : undefined,
        untrusted: row.untrusted ? true : undefined,
    };
}
/** The record of one test in the run `key` (whose row is `row`): shared when it has no message and no duration. */
function records_runRecord(key, row, attempts, message, durationSec) {
    if (message !== undefined || durationSec !== undefined)
        return build(key, row, attempts, message, durationSec);
    let pool = pools.get(row);
    if (!pool)
        pools.set(row, (pool = new Map()));
    let record = pool.get(attempts);
    if (!record)
        pool.set(attempts, (record = build(key, row, attempts, undefined, undefined)));
    return record;
}
/** `record` with a duration (a new object: records are shared). */
function withDuration(record, durationSec) {
    return { ...build(record.run, record, record.attempts, record.message, durationSec), outage: record.outage, untrusted: record.untrusted };
}
/**
 * What makes two failures "the same failure": the stored message with every number blanked (ports, addresses,
 * durations, counts), which the seed's normalisation keeps.
 */
function records_failureKey(message) {
    return message === undefined ? undefined : message.replace(/\d+/g, '#');
}

;// CONCATENATED MODULE: ./src/history/merge.ts
/**
 * Merging one run's parsed results into the stored history. Pure: the inputs are not modified.
 */



const DEFAULT_RETENTION = { maxRuns: 100, maxAgeDays: 90 };
const DAY_MS = 86_400_000;
const MAX_STORED_MESSAGE = 200;
/** The key that makes ingestion idempotent: the same job attempt is counted once. */
function ingestionKey(run) {
    return `${run.key}#${run.runAttempt}`;
}
/** The normalised message of a test's first failing attempt in this run, as the history stores it. */
function merge_failureMessageOf(test, normalise) {
    const firstFailure = test.attempts.find((a) => isFailure(a.status));
    const message = firstFailure?.message ?? firstFailure?.type;
    return message ? normalise(message).slice(0, MAX_STORED_MESSAGE) : undefined;
}
function recordFor(test, run, facts, normalise) {
    return runRecord(run.key, facts, test.attempts.map((a) => STATUS_CODE[a.status]).join(''), merge_failureMessageOf(test, normalise), test.attempts[test.attempts.length - 1]?.durationSec);
}
/** `runs` without what retention drops; the same array when nothing is dropped (the common case, checked first). */
function applyRetention(runs, newest, retention) {
    const oldestKept = newest - retention.maxAgeDays * DAY_MS;
    if (runs.length <= retention.maxRuns && (runs.length === 0 || runs[0].time >= oldestKept))
        return runs;
    const recent = runs[0].time >= oldestKept ? runs : runs.filter((r) => r.time >= oldestKept);
    return recent.length > retention.maxRuns ? recent.slice(recent.length - retention.maxRuns) : recent;
}
function mergeRun(history, tests, run, alreadyIngested, options = {}) {
    if (alreadyIngested.has(ingestionKey(run)))
        return { history, ingested: false };
    const retention = options.retention ?? DEFAULT_RETENTION;
    const normalise = options.normalise ?? ((m) => m.trim());
    const facts = { sha: run.sha, time: run.time, onDefaultBranch: run.onDefaultBranch, jobSucceeded: options.jobSucceeded, outages: options.outages, ...(options.untrusted ? { untrusted: true } : {}) };
    const merged = new Map(history);
    const touched = new Set();
    for (const test of tests) {
        if (test.attempts.length === 0)
            continue;
        const previous = merged.get(test.id);
        const record = recordFor(test, run, facts, normalise);
        let runs;
        // A workflow re-run of the same job adds attempts to the record of the first attempt (near the end: look there first).
        let rerunOf = -1;
        if (previous)
            for (let i = previous.runs.length - 1; i >= 0; i--)
                if (previous.runs[i].run === run.key) {
                    rerunOf = i;
                    break;
                }
        if (!previous) {
            runs = [record];
        }
        else if (rerunOf >= 0) {
            const earlier = previous.runs[rerunOf];
            // The run's row holds the result of its latest attempt.
            const combined = {
                ...earlier,
                attempts: earlier.attempts + record.attempts,
                message: earlier.message ?? record.message,
                durationSec: record.durationSec ?? earlier.durationSec,
                jobSucceeded: record.jobSucceeded ?? earlier.jobSucceeded,
                outage: (earlier.message !== undefined ? earlier.outage || options.outages?.includes(failureKey(earlier.message)) : record.outage) || undefined,
            };
            runs = previous.runs.map((r, i) => (i === rerunOf ? combined : r));
        }
        else {
            runs = [...previous.runs, record];
            if (runs.length > 1 && runs[runs.length - 2].time > record.time)
                runs.sort((a, b) => a.time - b.time);
        }
        const updated = {
            id: test.id,
            name: test.name,
            classname: test.classname,
            runs: applyRetention(runs, Math.max(record.time, runs[runs.length - 1].time), retention),
        };
        const file = test.file ?? previous?.file;
        const line = test.line ?? previous?.line;
        if (file !== undefined)
            updated.file = file;
        if (line !== undefined)
            updated.line = line;
        merged.set(test.id, updated);
        touched.add(test.id);
    }
    // Tests that did not run this time still age out.
    for (const [id, h] of merged) {
        if (touched.has(id))
            continue;
        const kept = applyRetention(h.runs, run.time, retention);
        if (kept.length === 0)
            merged.delete(id);
        else if (kept !== h.runs)
            merged.set(id, { ...h, runs: kept });
    }
    return { history: merged, ingested: true };
}

;// CONCATENATED MODULE: ./src/history/outcome-string.ts
/**
 * The outcome string of a history line (docs/data-branch.md, "history/NN.json"), as run-length segments. Pure and
 * free of imports, so that the dashboard page bundles it too.
 *
 * One token per run, aligned on run sequence numbers from `from`: `P`, `F`, `E`, `S` for a run with one attempt,
 * `(FP)` for several attempts; `.` for a run the test was not in, `.12` for twelve. Schema 3 adds a repeat count:
 * `P*40` is forty runs passed in a row (written from four repeats up), `(FP)*4` four runs that failed then passed.
 * Schema 2 strings have no repeat count and read the same.
 */
/** A repeat is written as `X*n` from this many runs up; fewer are written out (`PPP`). */
const REPEAT_FROM = 4;
function isAttempt(c) {
    return c === 80 /* P */ || c === 70 /* F */ || c === 69 /* E */ || c === 83 /* S */;
}
/** Appends `n` runs of `a` to `segments`, joining the last segment when it is the same. */
function outcome_string_pushSegment(segments, a, n) {
    if (n <= 0)
        return;
    const last = segments[segments.length - 1];
    if (last && last.a === a)
        last.n += n;
    else
        segments.push({ a, n });
}
/** The segments of an outcome string, or null when it is malformed. */
function outcome_string_parseOutcomeString(o) {
    const segments = [];
    let i = 0;
    while (i < o.length) {
        const c = o.charCodeAt(i);
        let a;
        if (c === 46 /* . */) {
            let j = i + 1;
            while (j < o.length && o.charCodeAt(j) >= 48 && o.charCodeAt(j) <= 57)
                j++;
            const n = j > i + 1 ? Number(o.slice(i + 1, j)) : 1;
            if (!Number.isSafeInteger(n) || n < 1)
                return null;
            outcome_string_pushSegment(segments, '', n);
            i = j;
            continue;
        }
        if (c === 40 /* ( */) {
            const end = o.indexOf(')', i);
            if (end < 0 || end === i + 1)
                return null;
            for (let k = i + 1; k < end; k++)
                if (!isAttempt(o.charCodeAt(k)))
                    return null;
            a = o.slice(i + 1, end);
            i = end + 1;
        }
        else if (isAttempt(c)) {
            a = o[i];
            i++;
        }
        else {
            return null;
        }
        let n = 1;
        if (o.charCodeAt(i) === 42 /* * */) {
            let j = i + 1;
            while (j < o.length && o.charCodeAt(j) >= 48 && o.charCodeAt(j) <= 57)
                j++;
            n = Number(o.slice(i + 1, j));
            if (j === i + 1 || !Number.isSafeInteger(n) || n < 2)
                return null;
            i = j;
        }
        outcome_string_pushSegment(segments, a, n);
    }
    // A copy made to size: pushing grew a backing store of 17 slots, kept as long as the history (100k tests: ~13 MB).
    return segments.slice();
}
/** The outcome string of `segments` (the inverse of parseOutcomeString; repeats from REPEAT_FROM up). */
function outcome_string_renderOutcomeString(segments) {
    let o = '';
    for (const { a, n } of segments) {
        if (a === '') {
            o += n === 1 ? '.' : `.${n}`;
            continue;
        }
        const token = a.length === 1 ? a : `(${a})`;
        if (n >= REPEAT_FROM)
            o += `${token}*${n}`;
        else
            for (let k = 0; k < n; k++)
                o += token;
    }
    return o;
}
/** Calls `each(seq, attempts)` for every run of `segments` from `from` on, oldest first. */
function outcome_string_forEachRun(from, segments, each) {
    let seq = from;
    for (const { a, n } of segments) {
        if (a === '') {
            seq += n;
            continue;
        }
        for (let k = 0; k < n; k++)
            each(seq++, a);
    }
}
/** Number of runs (not gaps) in `segments`. */
function outcome_string_runCount(segments) {
    let n = 0;
    for (const s of segments)
        if (s.a !== '')
            n += s.n;
    return n;
}
/** The sequence number just after the last run of `segments` (runs and gaps from `from`). */
function outcome_string_endOf(from, segments) {
    let end = from;
    for (const s of segments)
        end += s.n;
    return end;
}
/** True when no run of `segments` has a failed or errored attempt. */
function neverFailed(segments) {
    for (const { a } of segments)
        if (a.indexOf('F') >= 0 || a.indexOf('E') >= 0)
            return false;
    return true;
}
/**
 * Schema 3 writes a test's file as `"fp": [before, after]` when it is `before + <classname with dots as slashes> +
 * after` (`src/test/java/` + `com/shop/CartTest` + `.java`): a Java suite's paths repeat the class name.
 */
function outcome_string_fileAround(file, classname) {
    const path = classPath(classname);
    if (path.length < 3)
        return undefined;
    const at = file.lastIndexOf(path);
    return at < 0 ? undefined : [file.slice(0, at), file.slice(at + path.length)];
}
/** The file of a history line's `fp` (see fileAround), or undefined when it is not one. */
function fileFromAround(fp, classname) {
    if (!Array.isArray(fp) || fp.length !== 2 || typeof fp[0] !== 'string' || typeof fp[1] !== 'string')
        return undefined;
    return `${fp[0]}${classPath(classname)}${fp[1]}`;
}
/** A class name's path (dots as slashes); the tests of a class share it, so it is made once. */
const classPaths = new Map();
function classPath(classname) {
    let path = classPaths.get(classname);
    if (path === undefined) {
        path = classname.replace(/\./g, '/');
        if (classPaths.size > 100_000)
            classPaths.clear();
        classPaths.set(classname, path);
    }
    return path;
}

;// CONCATENATED MODULE: ./src/history/stored.ts
/**
 * The history kept in its stored form (docs/data-branch.md, "history/NN.json"): per test, `from` and the run-length
 * segments of its outcome string, its failure messages and durations by run number. A test's run records are decoded
 * only when something asks for them (`get`); appending a run appends a segment (mergeStored), and the branch's files
 * are rendered from the stored form again. Most tests of a suite never failed: they are never decoded at all.
 *
 * LazyHistory is a History (a Map of TestHistory by id) to every reader: `get`, `has`, `size` and iteration behave as
 * the Map of decoded histories would, in the same order. Pure.
 */




const stored_DAY_MS = 86_400_000;
class stored_LazyHistory extends Map {
    /** Tests kept in their stored form, in the order a Map of decoded histories would have them. */
    stored;
    /** Run rows by run key. */
    rows;
    bySeq = new Map();
    decoded = new Map();
    /** Run times grow with sequence numbers: a history's runs in sequence order are in time order. */
    monotone;
    constructor(stored, rows) {
        super();
        this.stored = stored;
        this.rows = rows;
        for (const [key, row] of rows)
            this.bySeq.set(row.seq, [key, row]);
        const ordered = [...rows.values()].sort((a, b) => a.seq - b.seq);
        let monotone = true;
        for (let i = 1; i < ordered.length && monotone; i++)
            if (ordered[i].time < ordered[i - 1].time)
                monotone = false;
        this.monotone = monotone;
        // Map.prototype.size reads the (empty) base map; the history's size is the stored tests'.
        Object.defineProperty(this, 'size', { get: () => this.stored.size });
    }
    get(id) {
        const cached = this.decoded.get(id);
        if (cached)
            return cached;
        const stored = this.stored.get(id);
        if (!stored)
            return undefined;
        const test = this.decode(id, stored);
        this.decoded.set(id, test);
        return test;
    }
    has(id) {
        return this.stored.has(id);
    }
    /** Read-only: a merge makes a new history (mergeStored). */
    set() {
        throw new Error('a LazyHistory is read-only');
    }
    delete() {
        throw new Error('a LazyHistory is read-only');
    }
    clear() {
        throw new Error('a LazyHistory is read-only');
    }
    keys() {
        return this.stored.keys();
    }
    *values() {
        for (const id of this.stored.keys())
            yield this.peek(id);
    }
    *entries() {
        for (const id of this.stored.keys())
            yield [id, this.peek(id)];
    }
    [Symbol.iterator]() {
        return this.entries();
    }
    forEach(callback, thisArg) {
        for (const [id, test] of this.entries())
            callback.call(thisArg, test, id, this);
    }
    /** Lets go of the decoded histories and records keys kept so far (they are made again when asked). */
    dropCaches() {
        this.decoded.clear();
        this.recordKeys.clear();
    }
    /** The decoded history without keeping it (iteration over every test must not hold every decoded history). */
    peek(id) {
        return this.decoded.get(id) ?? this.decode(id, this.stored.get(id));
    }
    /**
     * A key equal for two tests when everything the policy and the scores read of their run records is equal: the
     * runs, attempts and messages, and which runs have a duration (scoring reads no more of durations: "has timing
     * data", src/scoring/multiFactor.ts). Whatever is computed from the records alone is computed once per key.
     */
    recordsKey(id) {
        let key = this.recordKeys.get(id);
        if (key !== undefined)
            return key;
        const s = this.stored.get(id);
        if (!s)
            return undefined;
        const segs = s.segments;
        key = segs.length === 1 ? `${s.from}|${segs[0].a}${segs[0].n}` : String(s.from);
        if (segs.length > 1)
            for (let i = 0; i < segs.length; i++)
                key += `|${segs[i].a}${segs[i].n}`;
        if (s.m)
            key += `|m${JSON.stringify(s.m)}`;
        const dur = s.dur;
        if (dur) {
            key += '|D';
            for (let i = 0; i < dur.length; i += 2)
                if (dur[i + 1] > 0)
                    key += `${dur[i]},`;
        }
        else if (s.d !== undefined && s.d > 0)
            key += '|d';
        this.recordKeys.set(id, key);
        return key;
    }
    recordKeys = new Map();
    /**
     * The records of a test's newest `max` runs, oldest first, without decoding the others (for the summary's trend).
     * Equal to `get(id).runs.slice(-max)`.
     */
    tail(id, max) {
        const s = this.stored.get(id);
        if (!s)
            return [];
        const cached = this.decoded.get(id);
        if (cached || !this.monotone) {
            const runs = (cached ?? this.decode(id, s)).runs;
            return runs.length <= max ? runs : runs.slice(runs.length - max);
        }
        const seqs = [];
        const attempts = [];
        let end = outcome_string_endOf(s.from, s.segments);
        for (let i = s.segments.length - 1; i >= 0 && seqs.length < max; i--) {
            const { a, n } = s.segments[i];
            end -= n;
            if (a === '')
                continue;
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
            let record = records_runRecord(key, row, attempts[j], s.m?.[seq]);
            const d = s.dur ? stored_durationAt(s.dur, seq) : seq === last ? s.d : undefined;
            if (d !== undefined)
                record = withDuration(record, d);
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
        if (!s)
            return undefined;
        let end = outcome_string_endOf(s.from, s.segments);
        let last;
        let left = max;
        for (let i = s.segments.length - 1; i >= 0; i--) {
            const { a, n } = s.segments[i];
            end -= n;
            if (a === '')
                continue;
            last ??= end + n - 1;
            if (n >= left)
                return [end + n - left, last];
            left -= n;
        }
        return last === undefined ? undefined : [s.from, last];
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
        if (!s)
            return;
        let end = outcome_string_endOf(s.from, s.segments);
        let left = max;
        for (let i = s.segments.length - 1; i >= 0 && left > 0; i--) {
            const { a, n } = s.segments[i];
            end -= n;
            if (a === '')
                continue;
            const count = Math.min(n, left);
            visit(end + n - count, count, a);
            left -= count;
        }
    }
    decode(id, s) {
        const seqs = [];
        const records = [];
        let sorted = true;
        outcome_string_forEachRun(s.from, s.segments, (seq, attempts) => {
            const joined = this.bySeq.get(seq);
            if (!joined)
                throw new Error(`the history of '${id}' refers to run ${seq}, which is not in the runs table`);
            const message = s.m?.[seq];
            const record = records_runRecord(joined[0], joined[1], attempts, message);
            if (records.length > 0 && records[records.length - 1].time > record.time)
                sorted = false;
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
                const d = stored_durationAt(s.dur, seqs[i]);
                if (d !== undefined)
                    records[i] = withDuration(records[i], d);
            }
        }
        else if (s.d !== undefined && records.length > 0) {
            records[records.length - 1] = withDuration(records[records.length - 1], s.d);
        }
        const test = { id, name: s.name, classname: s.classname, runs: records };
        if (s.file !== undefined)
            test.file = s.file;
        if (s.line !== undefined)
            test.line = s.line;
        return test;
    }
}
/**
 * Whether mergeStored may merge `run` into a history over `rows`: the run is new (a workflow re-run of a job joins
 * the record of its first attempt: the decoded merge does that), and run times grow with sequence numbers, so that a
 * history's oldest runs are its first ones. Otherwise the caller merges the decoded history (mergeRun), as it does
 * when mergeStored finds a test twice in one run.
 */
function canMergeStored(rows, run) {
    if (rows.has(run.key))
        return false;
    const ordered = [...rows.values()].sort((a, b) => a.seq - b.seq);
    for (let i = 1; i < ordered.length; i++)
        if (ordered[i].time < ordered[i - 1].time)
            return false;
    return ordered.length === 0 || run.time >= ordered[ordered.length - 1].time;
}
/** `s` without its runs older than `oldestKept` and beyond the newest `maxRuns` (the retention of mergeRun), or null when none is left. */
function trimmed(s, timeOf, oldestKept, maxRuns) {
    let count = runCount(s.segments);
    let i = 0;
    let seq = s.from;
    let dropInFirst = 0; // runs dropped from segments[i]
    while (i < s.segments.length && count > 0) {
        const seg = s.segments[i];
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
    if (count === 0)
        return null;
    if (seq === s.from)
        return s;
    // (Gaps before the first kept run were skipped above: a history starts at its first run.)
    const segments = s.segments.slice(i);
    if (dropInFirst > 0)
        segments[0] = { a: segments[0].a, n: segments[0].n - dropInFirst };
    const out = { name: s.name, classname: s.classname, from: seq, segments };
    if (s.file !== undefined)
        out.file = s.file;
    if (s.line !== undefined)
        out.line = s.line;
    const m = s.m ? sinceSeq(s.m, seq) : undefined;
    if (m)
        out.m = m;
    if (s.d !== undefined)
        out.d = s.d;
    const dur = s.dur && s.dur[0] < seq ? durationsSince(s.dur, seq) : s.dur;
    if (dur && dur.length > 0)
        out.dur = dur;
    return out;
}
/** The duration stored for run `seq`, if any. */
function stored_durationAt(durations, seq) {
    for (let i = 0; i < durations.length; i += 2)
        if (durations[i] === seq)
            return durations[i + 1];
    return undefined;
}
/** The durations of runs `from` and later. */
function durationsSince(durations, from) {
    const out = [];
    for (let i = 0; i < durations.length; i += 2)
        if (durations[i] >= from)
            out.push(durations[i], durations[i + 1]);
    return out;
}
function sinceSeq(byseq, from) {
    let old = false;
    for (const k in byseq)
        if (Number(k) < from)
            old = true;
    if (!old)
        return byseq;
    let out;
    for (const [k, v] of Object.entries(byseq)) {
        if (Number(k) < from)
            continue;
        (out ??= {})[k] = v;
    }
    return out;
}
/**
 * One segments array per single segment (`P*41`) in a merge: the tests that passed again share it, and what is made
 * of it once (its text, src/store/history-format.ts). Segments are never modified.
 */
class SingleSegments {
    made = new Map();
    of(a, n) {
        let byCount = this.made.get(a);
        if (!byCount)
            this.made.set(a, (byCount = new Map()));
        let segments = byCount.get(n);
        if (!segments)
            byCount.set(n, (segments = [{ a, n }]));
        return segments;
    }
}
/**
 * The common case of mergeStored, with one new object: the test ran in the run before too, passed (or did) the same
 * as then, with no message, and retention drops at most the runs at the start of its first segment. Null otherwise
 * (the general path then).
 */
function appendedQuickly(previous, test, seq, attempts, duration, timeOf, oldestKept, maxRuns, single) {
    const segs = previous.segments;
    const last = segs[segs.length - 1];
    const first = segs[0];
    if (last.a !== attempts || first.a === '')
        return null;
    const end = endOf(previous.from, segs);
    if (seq !== end)
        return null;
    const drop = Math.max(0, runCount(segs) + 1 - maxRuns);
    const from = previous.from + drop;
    // Dropping stays within the first segment (and leaves a run of it), and what is left is young enough.
    if (drop >= first.n || timeOf(from) < oldestKept)
        return null;
    let segments;
    if (segs.length === 1)
        segments = drop === 1 ? segs : single.of(attempts, first.n + 1 - drop);
    else {
        const copy = segs.slice();
        copy[copy.length - 1] = { a: attempts, n: last.n + 1 };
        if (drop > 0)
            copy[0] = { a: first.a, n: first.n - drop };
        segments = copy;
    }
    const next = { name: test.name, classname: test.classname, from, segments };
    const file = test.file ?? previous.file;
    const line = test.line ?? previous.line;
    if (file !== undefined)
        next.file = file;
    if (line !== undefined)
        next.line = line;
    if (previous.m) {
        const m = sinceSeq(previous.m, from);
        if (m)
            next.m = m;
    }
    const earlier = previous.dur ?? (previous.d !== undefined ? [end - 1, previous.d] : []);
    const kept = drop > 0 && earlier.length > 0 && earlier[0] < from ? durationsSince(earlier, from) : earlier;
    // concat makes the array to size (a spread or a push grows a backing store of 17 slots).
    const dur = duration !== undefined ? kept.concat(seq, duration) : kept;
    if (dur.length > 0)
        next.dur = dur;
    return next;
}
/**
 * mergeRun on the stored form: the same history (decoded, it equals what mergeRun gives) with `tests` appended as
 * run `row`. Only when canMergeStored; undefined when a test is twice in `tests`.
 */
function mergeStored(history, tests, run, row, options) {
    const rows = new Map(history.rows);
    rows.set(run.key, row);
    const times = new Map();
    for (const r of rows.values())
        times.set(r.seq, r.time);
    const timeOf = (seq) => times.get(seq);
    const oldestKept = run.time - options.retention.maxAgeDays * stored_DAY_MS;
    const maxRuns = options.retention.maxRuns;
    // This run's tests by id; the same test twice in one run: its second record joins the first (mergeRun does that).
    const ran = new Map();
    for (const test of tests) {
        if (test.attempts.length === 0)
            continue;
        if (ran.has(test.id))
            return undefined;
        ran.set(test.id, test);
    }
    const single = new SingleSegments();
    const merged = (test, previous) => {
        const attempts = test.attempts.length === 1 ? STATUS_CODE[test.attempts[0].status] : test.attempts.map((a) => STATUS_CODE[a.status]).join('');
        const message = failureMessageOf(test, options.normalise);
        const duration = test.attempts[test.attempts.length - 1]?.durationSec;
        if (previous && message === undefined) {
            const fast = appendedQuickly(previous, test, row.seq, attempts, duration, timeOf, oldestKept, maxRuns, single);
            if (fast)
                return fast;
        }
        let next;
        if (!previous) {
            next = { name: test.name, classname: test.classname, from: row.seq, segments: [{ a: attempts, n: 1 }] };
            if (message !== undefined)
                next.m = { [row.seq]: message };
            if (duration !== undefined)
                next.dur = [row.seq, duration];
        }
        else {
            const end = endOf(previous.from, previous.segments);
            const segments = previous.segments.slice();
            const last = segments[segments.length - 1];
            // Segments are shared between histories: the last one is replaced, never changed.
            if (row.seq === end && last.a === attempts)
                segments[segments.length - 1] = { a: attempts, n: last.n + 1 };
            else {
                if (row.seq > end)
                    segments.push({ a: '', n: row.seq - end });
                segments.push({ a: attempts, n: 1 });
            }
            const earlier = previous.dur ?? (previous.d !== undefined ? [end - 1, previous.d] : []);
            const durations = duration !== undefined ? earlier.concat(row.seq, duration) : earlier;
            next = { name: test.name, classname: test.classname, from: previous.from, segments };
            if (message !== undefined)
                next.m = { ...previous.m, [row.seq]: message };
            else if (previous.m)
                next.m = previous.m;
            if (durations.length > 0)
                next.dur = durations;
        }
        const file = test.file ?? previous?.file;
        const line = test.line ?? previous?.line;
        if (file !== undefined)
            next.file = file;
        if (line !== undefined)
            next.line = line;
        return trimmed(next, timeOf, oldestKept, maxRuns);
    };
    // One pass in the history's order (tests that did not run this time still age out), then the new tests in the
    // run's order: the order mergeRun gives.
    // A copy of the history's map (made at once), changed in place: a test keeps its position, a test none of whose
    // runs is kept any more leaves, the new tests join at the end.
    const stored = new Map(history.stored);
    let found = 0;
    history.stored.forEach((previous, id) => {
        const test = ran.get(id);
        if (test)
            found++;
        const kept = test ? merged(test, previous) : trimmed(previous, timeOf, oldestKept, maxRuns);
        if (!kept)
            stored.delete(id);
        else if (kept !== previous)
            stored.set(id, kept);
    });
    // (Every test of the run had a history: no new test to add, the common case.)
    if (found < ran.size) {
        for (const [id, test] of ran) {
            if (history.stored.has(id))
                continue;
            const kept = merged(test, undefined);
            if (kept)
                stored.set(id, kept);
        }
    }
    return new stored_LazyHistory(stored, rows);
}

;// CONCATENATED MODULE: ./src/store/history-format.ts



function nextSeq(runs) {
    let max = 0;
    for (const row of runs.values())
        if (row.seq > max)
            max = row.seq;
    return max + 1;
}
function renderRuns(runs) {
    return renderLineObject(SCHEMA_VERSION, 'runs', [...runs].map(([key, row]) => {
        const stored = [key, row.sha, row.time, row.onDefaultBranch ? 1 : 0, row.jobSucceeded === undefined ? null : row.jobSucceeded ? 1 : 0];
        if (row.url || row.outages?.length || row.untrusted)
            stored.push(row.url ?? null);
        if (row.outages?.length || row.untrusted)
            stored.push(row.outages ?? []);
        if (row.untrusted)
            stored.push(1);
        return [String(row.seq).padStart(8, '0'), stored];
    }));
}
/** A line-per-entry file of this schema, or a problem on its first line (a file of another schema than the branch's). */
function schemaProblem(file, schema, expected) {
    if (expected === undefined || schema === expected)
        return [];
    return [{ file, line: 1, message: `written in schema ${schema}, but the branch (flakeguard.json) is in schema ${expected}` }];
}
/** Every problem is a damage of the file (src/store/snapshot.ts): nothing is dropped silently. */
function parseRuns(file, text, schema) {
    const runs = new Map();
    const { value, problems } = (0,layout/* parseLineObject */.N)(file, text, 'runs');
    if (!value)
        return { runs, problems };
    problems.push(...schemaProblem(file, value.schema, schema));
    const seqs = new Set();
    for (const [seqText, raw] of value.entries) {
        const seq = Number(seqText);
        if (!/^\d+$/.test(seqText) || !Number.isSafeInteger(seq) || seq < 1 || !Array.isArray(raw) || typeof raw[0] !== 'string' || typeof raw[1] !== 'string' || typeof raw[2] !== 'number' || !Number.isFinite(raw[2])) {
            problems.push({ file, line: value.lineOf(seqText), message: `run ${JSON.stringify(seqText).slice(0, 40)} is not in the expected form [run key, commit, time, default branch, job result, link]` });
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
        if (raw[4] === 0 || raw[4] === 1)
            row.jobSucceeded = raw[4] === 1;
        if (typeof raw[5] === 'string')
            row.url = raw[5];
        if (Array.isArray(raw[6]) && raw[6].length > 0 && raw[6].every((m) => typeof m === 'string'))
            row.outages = raw[6];
        if (raw[7] === 1)
            row.untrusted = true;
        runs.set(raw[0], row);
    }
    return { runs, problems };
}
/* ---------- outcome strings ---------- */
/** The outcome string of runs by sequence number (schema 3: repeats as `P*40`, src/history/outcome-string.ts). */
function encodeOutcomes(slots) {
    const { from, segments } = segmentsOf(slots);
    return { from, o: renderOutcomeString(segments) };
}
function segmentsOf(slots) {
    const sorted = [...slots].sort((a, b) => a.seq - b.seq);
    const from = sorted[0]?.seq ?? 0;
    const segments = [];
    let expected = from;
    for (const slot of sorted) {
        pushSegment(segments, '', slot.seq - expected);
        pushSegment(segments, slot.attempts, 1);
        expected = slot.seq + 1;
    }
    return { from, segments };
}
/** The runs of an outcome string, or null when it is malformed. */
function decodeOutcomes(from, o) {
    const segments = parseOutcomeString(o);
    if (!segments)
        return null;
    const out = [];
    forEachRun(from, segments, (seq, attempts) => out.push({ seq, attempts }));
    return out;
}
/** True when `name` and `classname` can be read back from the id alone. */
function namesFromId(id, name, classname) {
    // id === `${classname}::${name}`, without building that string for every test.
    return (id.length === classname.length + 2 + name.length &&
        id.startsWith(classname) &&
        id.charCodeAt(classname.length) === 58 &&
        id.charCodeAt(classname.length + 1) === 58 &&
        id.endsWith(name) &&
        !name.includes('::'));
}
/** The stored form of a decoded history (for histories that were merged decoded, src/history/merge.ts). */
function storedOf(t, runs) {
    const slots = [];
    const messages = {};
    let newest;
    for (const r of t.runs) {
        const seq = runs.get(r.run)?.seq;
        if (seq === undefined)
            continue;
        slots.push({ seq, attempts: r.attempts });
        if (r.message !== undefined)
            messages[String(seq)] = r.message;
        if (!newest || r.time >= newest.time)
            newest = r;
    }
    const { from, segments } = segmentsOf(slots);
    const stored = { name: t.name, classname: t.classname, from, segments };
    if (t.file !== undefined)
        stored.file = t.file;
    if (t.line !== undefined)
        stored.line = t.line;
    if (Object.keys(messages).length > 0)
        stored.m = messages;
    if (newest?.durationSec !== undefined)
        stored.d = newest.durationSec;
    return stored;
}
/** The stored form of every test of `history`, in its order. */
function storedTests(history, runs) {
    if (history instanceof LazyHistory)
        return history.stored;
    return (function* () {
        for (const [id, t] of history)
            yield [id, storedOf(t, runs)];
    })();
}
/**
 * What the lines of a write have in common, rendered once: the outcome string of a segments array (the tests that
 * passed again share theirs, src/history/stored.ts) and the `fp` of a file and class (a class's tests share both).
 */
class LineTexts {
    outcomes = new WeakMap();
    files = new Map();
    /** The last file asked for: a shard is rendered in id order, so a class's tests come one after another. */
    last = { file: '', classname: '', text: '' };
    outcome(segments) {
        let text = this.outcomes.get(segments);
        if (text === undefined) {
            text = renderOutcomeString(segments);
            this.outcomes.set(segments, text);
        }
        return text;
    }
    /** The line's `"fp":…` or `"file":…` field. */
    file(file, classname) {
        const last = this.last;
        if (file === last.file && classname === last.classname && last.text !== '')
            return last.text;
        const known = this.files.get(file);
        let text;
        if (known && known.classname === classname)
            text = known.text;
        else {
            const around = fileAround(file, classname);
            text = around ? `"fp":${JSON.stringify(around)}` : `"file":${JSON.stringify(file)}`;
            this.files.set(file, { classname, text });
        }
        this.last = { file, classname, text };
        return text;
    }
}
function renderHistoryShard(tests, texts = new LineTexts()) {
    const sorted = tests.slice().sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    // Joined, not appended: `+=` would hold the shard as a rope of ~7 string pieces a line until it is written.
    const lines = [`{"schema": ${SCHEMA_VERSION}, "tests": {`];
    for (let i = 0; i < sorted.length; i++) {
        const [id, t] = sorted[i];
        lines.push(`${JSON.stringify(id)}: ${historyLineText(id, t, texts)}${i < sorted.length - 1 ? ',' : ''}`);
    }
    if (sorted.length === 0)
        lines.push('');
    lines.push('}}\n');
    return lines.join('\n');
}
/**
 * A history line's JSON, written directly (a shard holds a thousand lines, every run rewrites them): the same text
 * as JSON.stringify of the line object, keys in the order people read a line in (who, where, then the outcomes).
 */
function historyLineText(id, t, texts) {
    const parts = [];
    if (!namesFromId(id, t.name, t.classname))
        parts.push(`"name":${JSON.stringify(t.name)}`, `"classname":${JSON.stringify(t.classname)}`);
    if (t.file !== undefined)
        parts.push(texts.file(t.file, t.classname));
    if (t.line !== undefined)
        parts.push(`"line":${JSON.stringify(t.line)}`);
    // The outcome string holds only P F E S ( ) . * and digits: nothing to escape.
    parts.push(`"from":${t.from}`, `"o":"${texts.outcome(t.segments)}"`);
    if (t.m && Object.keys(t.m).length > 0)
        parts.push(`"m":${JSON.stringify(t.m)}`);
    const d = t.dur ? durationAt(t.dur, endOf(t.from, t.segments) - 1) : t.d;
    if (d !== undefined)
        parts.push(`"d":${JSON.stringify(d)}`);
    return `{${parts.join(',')}}`;
}
/**
 * Adds the tests of one history shard to `into` (stored form), checking each line: its form, and that each of its
 * runs is in runs.json (`known`: the sequence numbers there).
 */
function parseHistoryShard(file, text, known, into, schema) {
    const { value, problems } = (0,layout/* parseLineObject */.N)(file, text, 'tests');
    if (!value)
        return problems;
    problems.push(...schemaProblem(file, value.schema, schema));
    const namesOptional = value.schema >= 3;
    let last = { classname: '', fp: [undefined, undefined] };
    for (const [id, raw] of value.entries) {
        const line = raw;
        const segments = typeof line === 'object' && line !== null && typeof line.o === 'string' && Number.isSafeInteger(line.from) && line.from >= 0 ? known.segmentsOf(line.o) : null;
        const named = typeof line?.name === 'string' || (namesOptional && line?.name === undefined && id.includes('::'));
        if (!line || !segments || !named || (line.classname !== undefined && typeof line.classname !== 'string')) {
            problems.push({ file, line: value.lineOf(id), message: `the history of '${id.slice(0, 200)}' is not in the expected form {"name", "classname", "from", "o"}` });
            continue;
        }
        if (into.has(id)) {
            problems.push({ file, line: value.lineOf(id), message: `the test '${id.slice(0, 200)}' is also in another history file` });
            continue;
        }
        const from = line.from;
        const missing = known.firstMissing(from, segments);
        if (missing !== undefined) {
            problems.push({ file, line: value.lineOf(id), message: `the history of '${id.slice(0, 200)}' refers to run ${missing}, which ${layout/* RUNS_FILE */.Ct} does not have` });
            continue;
        }
        let name;
        let classname;
        if (typeof line.name === 'string') {
            name = line.name;
            classname = String(line.classname ?? '');
        }
        else {
            const cut = id.lastIndexOf('::');
            // A shard's lines are sorted by id: a class's tests are neighbours and share its name and file strings.
            classname = cut === last.classname.length && id.startsWith(last.classname) ? last.classname : id.slice(0, cut);
            name = id.slice(cut + 2);
        }
        const test = { name, classname, from, segments };
        let testFile;
        if (typeof line.file === 'string')
            testFile = line.file;
        else if (classname === last.classname && Array.isArray(line.fp) && line.fp.length === 2 && line.fp[0] === last.fp[0] && line.fp[1] === last.fp[1] && last.file !== undefined)
            testFile = last.file;
        else {
            testFile = fileFromAround(line.fp, classname);
            if (testFile !== undefined)
                last = { classname, fp: line.fp, file: testFile };
        }
        if (testFile !== undefined)
            test.file = testFile;
        if (typeof line.line === 'number')
            test.line = line.line;
        if (typeof line.m === 'object' && line.m !== null && !Array.isArray(line.m)) {
            // Only messages of the test's own runs are read (and written back).
            let m;
            for (const [k, v] of Object.entries(line.m))
                if (typeof v === 'string' && known.isRunOf(Number(k), from, segments))
                    (m ??= {})[k] = v;
            if (m)
                test.m = m;
        }
        if (known.runsOf(segments) === 0)
            continue;
        if (typeof line.d === 'number')
            test.d = line.d;
        into.set(id, test);
    }
    return problems;
}
/**
 * The sequence numbers of runs.json, to check history lines against; and the segments of each outcome string read
 * with them, made once per string: most tests of a suite share theirs (`P*100`), and segments are never modified.
 */
class KnownSeqs {
    prefix;
    segments = new Map();
    runs = new WeakMap();
    /** runCount, counted once per segments array. */
    runsOf(segments) {
        let n = this.runs.get(segments);
        if (n === undefined)
            this.runs.set(segments, (n = outcome_string_runCount(segments)));
        return n;
    }
    /** parseOutcomeString, the same array for the same string. */
    segmentsOf(o) {
        let segments = this.segments.get(o);
        if (segments === undefined) {
            segments = outcome_string_parseOutcomeString(o);
            if (this.segments.size < 65_536)
                this.segments.set(o, segments);
        }
        return segments;
    }
    constructor(runs) {
        let max = 0;
        for (const row of runs.values())
            if (row.seq > max)
                max = row.seq;
        // prefix[s] = how many known runs have a sequence number below s.
        const present = new Uint8Array(max + 1);
        for (const row of runs.values())
            present[row.seq] = 1;
        this.prefix = new Uint32Array(max + 2);
        for (let s = 0; s <= max; s++)
            this.prefix[s + 1] = this.prefix[s] + present[s];
    }
    known(a, n) {
        const lo = Math.min(a, this.prefix.length - 1);
        const hi = Math.min(a + n, this.prefix.length - 1);
        return this.prefix[hi] - this.prefix[lo];
    }
    /** The first run of the line that runs.json does not have, if any. */
    firstMissing(from, segments) {
        let seq = from;
        for (const { a, n } of segments) {
            if (a !== '' && this.known(seq, n) !== n) {
                for (let s = seq; s < seq + n; s++)
                    if (this.known(s, 1) !== 1)
                        return s;
            }
            seq += n;
        }
        return undefined;
    }
    /** True when `seq` is one of the line's runs. */
    isRunOf(seq, from, segments) {
        if (!Number.isInteger(seq))
            return false;
        let s = from;
        for (const { a, n } of segments) {
            if (seq < s + n)
                return seq >= s && a !== '';
            s += n;
        }
        return false;
    }
}
/** One history shard read on its own (tests, tools): its tests, decoded on demand, and its problems. */
function readHistoryShard(file, text, runs, schema) {
    const stored = new Map();
    const problems = parseHistoryShard(file, text, new KnownSeqs(runs), stored, schema);
    return { history: new LazyHistory(stored, runs), problems };
}
/** The history shard of decoded histories (tests, tools). */
function renderDecodedShard(tests, runs) {
    return renderHistoryShard(tests.map((t) => [t.id, storedOf(t, runs)]));
}

;// CONCATENATED MODULE: ./src/store/migrate.ts


/** Schema 1's runs, numbered in time order (schema 1 had no sequence numbers). */
function parseRunsV1(file, text) {
    const rows = [];
    const { value, problems } = (0,layout/* parseLineObject */.N)(file, text, 'runs');
    if (value) {
        for (const [key, raw] of value.entries) {
            if (!Array.isArray(raw) || typeof raw[0] !== 'string' || typeof raw[1] !== 'number') {
                problems.push({ file, line: value.lineOf(key), message: `run '${key}' is not in the expected form` });
                continue;
            }
            const row = { sha: raw[0], time: raw[1], onDefaultBranch: raw[2] === 1 };
            if (raw[3] === 0 || raw[3] === 1)
                row.jobSucceeded = raw[3] === 1;
            rows.push([key, row]);
        }
    }
    rows.sort((a, b) => a[1].time - b[1].time || (a[0] < b[0] ? -1 : 1));
    const runs = new Map();
    rows.forEach(([key, row], i) => runs.set(key, { seq: i + 1, ...row }));
    return { runs, problems };
}
function isStoredTestV1(value) {
    const v = value;
    return typeof v === 'object' && v !== null && typeof v.name === 'string' && Array.isArray(v.runs);
}
function parseHistoryShardV1(file, text, runs, into) {
    const { value, problems } = (0,layout/* parseLineObject */.N)(file, text, 'tests');
    if (!value)
        return problems;
    for (const [id, raw] of value.entries) {
        if (!isStoredTestV1(raw)) {
            problems.push({ file, line: value.lineOf(id), message: `history of '${id}' is not in the expected form` });
            continue;
        }
        const records = [];
        for (const stored of raw.runs) {
            if (!Array.isArray(stored) || typeof stored[0] !== 'string' || typeof stored[1] !== 'string' || !/^[PFES]+$/.test(stored[1]))
                continue;
            const row = runs.get(stored[0]);
            if (!row)
                continue;
            records.push(records_runRecord(stored[0], row, stored[1], typeof stored[2] === 'string' ? stored[2] : undefined, typeof stored[3] === 'number' ? stored[3] : undefined));
        }
        records.sort((a, b) => a.time - b.time);
        const test = { id, name: raw.name, classname: String(raw.classname ?? ''), runs: records };
        if (typeof raw.file === 'string')
            test.file = raw.file;
        if (typeof raw.line === 'number')
            test.line = raw.line;
        into.set(id, test);
    }
    return problems;
}

;// CONCATENATED MODULE: ./src/store/decisions.ts
/**
 * `decisions.json` on the data branch: each test's quarantine timeline, for people and the dashboard
 * (docs/data-branch.md#decisionsjson). Pure: text ↔ data; no Node import, so that the dashboard's page reads the file
 * with the same code.
 *
 *   {"schema": 3, "from": 41, "tests": {
 *   "<test id>": {"issue": 12, "events": [{"run": 41, "at": "<ISO>", "event": "quarantined", "quarantined": true, "by": "rule", "reason": "…"}]}
 *   }}
 *
 * One line per test, sorted by id, as the other files, so that git stores a change as a small delta. The file is
 * informational: no decision is read from it (they come from the stats files), so a damaged one never blocks a run.
 */

const DECISIONS_FILE = 'decisions.json';
/** Events kept per test, newest last; older ones are dropped. */
const MAX_EVENTS_PER_TEST = 20;
/** Characters of a reason kept in an event (a hand override's reason is a person's free text). */
const MAX_REASON_CHARS = 500;
/**
 * What changed in one run:
 * - `quarantined` / `released`: the rule (`policy.rule`) changed the test's state;
 * - `override`: a hand override decides from this run on (set, or its action changed);
 * - `override lapsed` / `override cleared`: the override passed its `until`, or was removed: the rule decides again;
 * - `hand edit`: an edit of a computed field was honoured (`"quarantined": true/false`, `successRate`);
 * - `issue closed`: a person closed the test's issue as completed, which lifts its quarantine (close-lifts-quarantine).
 */
const DECISION_KINDS = ['quarantined', 'released', 'override', 'override lapsed', 'override cleared', 'hand edit', 'issue closed'];
const isObject = (x) => typeof x === 'object' && x !== null && !Array.isArray(x);
const KINDS = new Set(DECISION_KINDS);
function readEvent(raw) {
    if (!isObject(raw))
        return undefined;
    const { run, at, event, quarantined, by, reason } = raw;
    if (!Number.isInteger(run) || run < 0 || typeof at !== 'string' || typeof event !== 'string' || !KINDS.has(event))
        return undefined;
    if (typeof quarantined !== 'boolean' || (by !== 'rule' && by !== 'hand') || typeof reason !== 'string')
        return undefined;
    return { run: run, at, event: event, quarantined, by, reason };
}
/** One test's entry, or undefined when it is not in the documented form. */
function readTestDecisions(raw) {
    if (!isObject(raw) || !Array.isArray(raw.events))
        return undefined;
    if (raw.issue !== undefined && (!Number.isInteger(raw.issue) || raw.issue < 1))
        return undefined;
    const events = [];
    for (const e of raw.events) {
        const event = readEvent(e);
        if (!event)
            return undefined;
        events.push(event);
    }
    return { ...(raw.issue !== undefined ? { issue: raw.issue } : {}), events };
}
/**
 * Reads decisions.json. `log` is undefined when the file cannot be read as a whole (not JSON, not this shape, a
 * schema newer than this version): it is then kept byte for byte and nothing is recorded until it is fixed or
 * deleted. An entry not in the expected form is kept as written, with a problem naming its line.
 */
function parseDecisions(text) {
    const { value, problems } = parseLineObject(DECISIONS_FILE, text, 'tests');
    if (!value)
        return { problems };
    const head = JSON.parse(text.replace(/^\uFEFF/, ''));
    if (value.schema > SCHEMA_VERSION) {
        return { problems: [{ file: DECISIONS_FILE, line: 1, message: `written in schema ${value.schema} by a newer flakeguard; this version reads schemas up to ${SCHEMA_VERSION}` }] };
    }
    if (!Number.isInteger(head.from) || head.from < 0) {
        return { problems: [{ file: DECISIONS_FILE, line: 1, message: `"from" must be a run number, got ${JSON.stringify(head.from ?? null).slice(0, 40)}` }] };
    }
    const log = { schema: value.schema, from: head.from, tests: new Map(), unreadable: new Map() };
    const found = [];
    for (const [id, raw] of value.entries) {
        const entry = readTestDecisions(raw);
        if (entry) {
            log.tests.set(id, entry);
        }
        else {
            log.unreadable.set(id, raw);
            found.push({ file: DECISIONS_FILE, line: value.lineOf(id), message: `the entry of ${JSON.stringify(id).slice(0, 200)} is not in the documented form; it is kept as written and no decision is recorded for this test until it is fixed or deleted` });
        }
    }
    return { log, problems: found };
}
/** Renders the file: one line per test, sorted by id; keys in a fixed order, so the same log gives the same bytes. */
function renderDecisions(log) {
    const lines = [];
    for (const [id, entry] of log.tests) {
        const events = entry.events.map((e) => ({ run: e.run, at: e.at, event: e.event, quarantined: e.quarantined, by: e.by, reason: e.reason }));
        lines.push([id, JSON.stringify({ ...(entry.issue !== undefined ? { issue: entry.issue } : {}), events })]);
    }
    for (const [id, raw] of log.unreadable)
        if (!log.tests.has(id))
            lines.push([id, JSON.stringify(raw)]);
    lines.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const body = lines.map(([id, value]) => `${JSON.stringify(id)}: ${value}`);
    return `{"schema": ${SCHEMA_VERSION}, "from": ${log.from}, "tests": {\n${body.join(',\n')}\n}}\n`;
}

;// CONCATENATED MODULE: ./src/store/snapshot.ts
/**
 * The data branch's content as plain data: read from file texts, rendered back into file texts. Pure apart
 * from `readSnapshotDir`/`writeSnapshotDir`, which move texts between a folder and memory.
 */







function emptySnapshot() {
    return {
        meta: { schema: layout/* SCHEMA_VERSION */.f$, shards: 1, writes: 0, ingested: {} },
        readSchema: layout/* SCHEMA_VERSION */.f$,
        runs: new Map(),
        history: new Map(),
        stats: new Map(),
        handWritten: new Set(),
        overrides: new Map(),
        brokenStats: new Map(),
        brokenShards: new Set(),
        problems: [],
        damaged: [],
    };
}
/** Why the branch may not be written, in one sentence naming each damaged file and line; undefined when it is sound. */
function damageReason(snapshot) {
    if (snapshot.damaged.length === 0)
        return undefined;
    const where = snapshot.damaged
        .slice(0, 5)
        .map((p) => `${p.file}${p.line ? `:${p.line}` : ''}: ${p.message}`)
        .join('; ');
    const more = snapshot.damaged.length > 5 ? `; and ${snapshot.damaged.length - 5} more` : '';
    return (`The data branch is damaged (${where}${more}). Nothing was written to it, so that no history is lost, and no failure was forgiven; ` +
        `this run's results are in its results file. Fix the file (or revert the commit that broke it) and the next run ingests normally.`);
}
/** Builds a snapshot from the branch's files (path → text). */
function parseSnapshot(files) {
    const snapshot = emptySnapshot();
    const decisions = files.get(DECISIONS_FILE);
    if (decisions !== undefined)
        snapshot.decisions = decisions;
    const damage = (problems) => {
        snapshot.damaged.push(...problems);
        snapshot.problems.push(...problems);
    };
    const paths = [...files.keys()].sort();
    const historyPaths = paths.filter((p) => p.startsWith('history/') && p.endsWith('.json'));
    const statsPaths = paths.filter((p) => p.startsWith('stats/') && p.endsWith('.json'));
    const metaText = files.get(layout/* META_FILE */.fg);
    if (metaText !== undefined) {
        const { meta, problems } = (0,layout/* parseMeta */.By)(metaText);
        if (meta) {
            snapshot.meta = meta;
            snapshot.readSchema = meta.schema;
        }
        damage(problems);
    }
    else if (files.has(layout/* RUNS_FILE */.Ct) || historyPaths.length > 0) {
        // (Stats files alone are fine: a person may write overrides before the first run.)
        damage([{ file: layout/* META_FILE */.fg, message: `is missing, but the branch holds ${files.has(layout/* RUNS_FILE */.Ct) ? layout/* RUNS_FILE */.Ct : historyPaths[0]}: its ingestion keys would be lost` }]);
    }
    if (snapshot.damaged.length > 0)
        return snapshot;
    const v1 = snapshot.readSchema <= 1;
    const schema = v1 ? undefined : snapshot.readSchema;
    const runsText = files.get(layout/* RUNS_FILE */.Ct);
    if (runsText !== undefined) {
        const { runs, problems } = v1 ? parseRunsV1(layout/* RUNS_FILE */.Ct, runsText) : parseRuns(layout/* RUNS_FILE */.Ct, runsText, schema);
        snapshot.runs = runs;
        damage(problems);
    }
    else if (historyPaths.length > 0) {
        damage([{ file: layout/* RUNS_FILE */.Ct, message: `is missing, but ${historyPaths[0]} refers to its runs` }]);
    }
    if (v1) {
        for (const path of snapshot.damaged.length > 0 ? [] : historyPaths)
            damage(parseHistoryShardV1(path, files.get(path), snapshot.runs, snapshot.history));
    }
    else if (snapshot.damaged.length === 0) {
        // Schemas 2 and 3: the history stays in its stored form (src/history/stored.ts).
        const stored = new Map();
        const known = new KnownSeqs(snapshot.runs);
        for (const path of historyPaths)
            damage(parseHistoryShard(path, files.get(path), known, stored, schema));
        snapshot.history = new stored_LazyHistory(stored, snapshot.runs);
    }
    for (const path of statsPaths)
        readStatsFile(snapshot, path, files.get(path));
    return snapshot;
}
function shardIndexOfPath(path) {
    const match = /^stats\/([0-9a-f]+)\.json$/.exec(path);
    return match ? parseInt(match[1], 16) : undefined;
}
function readStatsFile(snapshot, path, text) {
    const { value, problems } = (0,layout/* parseLineObject */.N)(path, text, 'tests');
    const lineProblems = [];
    if (value) {
        for (const [id, raw] of value.entries) {
            const line = value.lineOf(id);
            if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
                lineProblems.push({ file: path, line, message: `the entry of '${id}' must be an object` });
                continue;
            }
            const entry = raw;
            const { override, problem } = (0,layout/* parseOverride */.qQ)(entry.override);
            if (problem) {
                lineProblems.push({ file: path, line, message: `${problem} (test '${id}')` });
                continue;
            }
            const stats = {
                ...entry,
                override,
                quarantined: entry.quarantined === true,
                reason: typeof entry.reason === 'string' ? entry.reason : '',
            };
            if (typeof entry.since === 'string')
                stats.since = entry.since;
            snapshot.stats.set(id, stats);
            if (value.schema >= 3 && entry.check === undefined)
                snapshot.handWritten.add(id);
            if (override)
                snapshot.overrides.set(id, { override, raw: entry.override, file: path, line });
        }
    }
    const all = [...problems, ...lineProblems];
    if (all.length === 0)
        return;
    // Fail closed: a stats file we cannot fully read forgives nothing and is kept exactly as the user left it.
    if (value) {
        for (const [id] of value.entries) {
            snapshot.stats.delete(id);
            snapshot.handWritten.delete(id);
            snapshot.overrides.delete(id);
        }
    }
    snapshot.brokenStats.set(path, text);
    const index = shardIndexOfPath(path);
    if (index !== undefined)
        snapshot.brokenShards.add(index);
    snapshot.problems.push(...all);
}
/** True when the test's stats live in a broken file, so that nothing about it may be forgiven. */
function inBrokenShard(snapshot, id) {
    return snapshot.brokenShards.size > 0 && snapshot.brokenShards.has(shardOf(id, snapshot.meta.shards));
}
async function readSnapshotDir(dir) {
    const files = new Map();
    const walk = async (relative) => {
        const entries = await readdir(join(dir, relative), { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
            if (entry.name === '.git')
                continue;
            const path = relative ? `${relative}/${entry.name}` : entry.name;
            if (entry.isDirectory())
                await walk(path);
            else if (entry.isFile())
                files.set(path, await readFile(join(dir, path), 'utf8'));
        }
    };
    await walk('');
    return files;
}
/** Makes the folder hold exactly `files` (besides .git). */
async function writeSnapshotDir(dir, files) {
    const existing = await readSnapshotDir(dir);
    for (const path of existing.keys())
        if (!files.has(path))
            await rm(join(dir, path), { force: true });
    for (const [path, text] of files) {
        if (existing.get(path) === text)
            continue;
        await mkdir(dirname(join(dir, path)), { recursive: true });
        await writeFile(join(dir, path), text);
    }
}

;// CONCATENATED MODULE: ./src/store/sync.ts


/** Fetches the branch (and its inbox, with `inbox`) and reads its files. */
async function readBranchFiles(repo, inbox) {
    const { head, parked } = await repo.fetchWithInbox(inbox);
    return { head, parked, files: await repo.readFiles() };
}
/** Lost races before a writer parks its run: small, so that the attempts per job stay flat however many jobs race. */
const PARK_AFTER_LOST_RACES = 3;
/** Parked runs folded in by one write, oldest first; the rest are folded by the next writers. */
const MAX_FOLDED_PER_WRITE = 64;
const defaultSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
function backoffMs(attempt, random) {
    const base = Math.min(8000, 250 * 2 ** (attempt - 1));
    return Math.round(base * (0.5 + random()));
}
/** Parked runs this write folded in (docs/data-branch.md, "Many writers"). */
function foldedLine(folded) {
    if (!folded?.length)
        return '';
    const shown = folded.slice(0, 5).join(', ');
    return ` Folded in ${folded.length} parked run${folded.length === 1 ? '' : 's'}: ${shown}${folded.length > 5 ? ', …' : ''}.`;
}
const sync_short = (ref) => ref.replace(/^refs\/heads\//, '');
async function syncRun(repo, 
/**
 * `files` is the branch's text, path → text, as read (null when it could not be read, or when parked runs were folded
 * into the snapshot): hand-edit tools change one line of it.
 */
apply, options) {
    const sleep = options.sleep ?? defaultSleep;
    const random = options.random ?? Math.random;
    const log = options.log ?? (() => undefined);
    const inbox = options.readOnly ? undefined : options.inbox;
    const parkAfter = Math.max(1, options.parkAfter ?? PARK_AFTER_LOST_RACES);
    let lastError = '';
    let lastApplied;
    let lostRaces = 0;
    const park = async (tries, why) => {
        const parcel = inbox.parcel(lastApplied);
        const parked = await repo.park(parcel.name, parcel.text, `flakeguard: parked run (${why})`);
        if (parked.pushed) {
            log(`Parked this run's results on ${sync_short(parked.ref)} (${why}); the next writer of ${repo.branch} folds them in.`);
            return { applied: lastApplied, status: { kind: 'parked', ref: sync_short(parked.ref), tries, reason: why }, historyRead: true };
        }
        const reason = `${why}, and parking the results on ${sync_short(parked.ref)} failed too: ${parked.message}`;
        return { applied: lastApplied, status: { kind: 'not-saved', reason }, historyRead: true };
    };
    const deleteFolded = async (folded) => {
        if (folded.length === 0)
            return [];
        const { deleted, error } = await repo.deleteParked(folded);
        log(`Folded ${folded.length} parked run${folded.length === 1 ? '' : 's'} into ${repo.branch}: ${folded.map((p) => sync_short(p.ref)).join(', ')}.`);
        if (error)
            log(`Could not delete every folded branch (${error}); the next writer deletes them (they count once).`);
        return deleted.map(sync_short);
    };
    for (let attempt = 1; attempt <= options.attempts; attempt++) {
        let head;
        let parked;
        let snapshot;
        let files;
        try {
            ({ head, parked, files } = await (attempt === 1 && options.firstRead ? options.firstRead : readBranchFiles(repo, inbox !== undefined)));
            snapshot = parseSnapshot(files);
        }
        catch (error) {
            lastError = `could not fetch the data branch '${repo.branch}': ${error instanceof Error ? error.message : String(error)}`;
            log(`Try ${attempt}/${options.attempts}: ${lastError}`);
            if (attempt < options.attempts)
                await sleep(backoffMs(attempt, random));
            continue;
        }
        if (options.readOnly)
            return { applied: apply(snapshot, files), status: { kind: 'read-only', head }, historyRead: true };
        const damaged = damageReason(snapshot);
        if (damaged) {
            // Fail closed: never write a branch that could not be fully read. Park the results so that the first write
            // after the fix folds them in; they are in the results file as well.
            lastApplied = apply(snapshot, files);
            if (inbox) {
                const result = await park(attempt, 'the data branch is damaged');
                if (result.status.kind === 'parked')
                    return { ...result, status: { kind: 'not-saved', reason: damaged, parked: result.status.ref } };
            }
            return { applied: lastApplied, status: { kind: 'not-saved', reason: damaged }, historyRead: true };
        }
        let base = snapshot;
        let folded = [];
        if (inbox && parked.length > 0) {
            const texts = [];
            for (const p of parked.slice(0, MAX_FOLDED_PER_WRITE)) {
                const text = await repo.readParcel(p);
                if (text !== undefined)
                    texts.push({ ...p, text });
            }
            const result = inbox.fold(snapshot, texts);
            for (const r of result.refused)
                log(`Parked run ${sync_short(r.ref)} cannot be folded in (${r.reason}); it is left in place.`);
            base = result.snapshot;
            folded = result.folded;
            if (parked.length > MAX_FOLDED_PER_WRITE)
                log(`${parked.length - MAX_FOLDED_PER_WRITE} more parked runs wait for the next writers.`);
        }
        if (options.releaseTexts)
            for (const path of [...files.keys()])
                if (path.startsWith(layout/* HISTORY_DIR */.rE))
                    files.delete(path);
        const applied = apply(base, base === snapshot && !options.releaseTexts ? files : null);
        lastApplied = applied;
        try {
            if (options.extraFiles)
                for (const [path, text] of await options.extraFiles(files))
                    if (!applied.files.has(path))
                        applied.files.set(path, text);
            // The texts read are not needed any more (the write compares blob ids): let them go before the write.
            files = new Map();
            snapshot = base = emptySnapshot();
            const compact = applied.compact === true && head !== null;
            const message = compact ? `${options.commitMessage}\n\nCompacted: the branch's earlier commits were squashed into this one.` : options.commitMessage;
            const changed = await repo.commitFiles(applied.files, folded.length > 0 ? `${message}\n\nFolded in ${folded.length} parked run${folded.length === 1 ? '' : 's'}.` : message, { root: compact });
            if (!changed) {
                const deleted = await deleteFolded(folded);
                return { applied, status: { kind: 'unchanged', head, ...(deleted.length ? { folded: deleted } : {}) }, historyRead: true };
            }
            await options.beforePush?.();
            const pushing = repo.push({ replacing: compact ? head : null });
            try {
                options.whilePushing?.(applied);
            }
            catch {
                // the caller's own work, redone by the caller when it needs it
            }
            const pushed = await pushing;
            if (pushed.pushed) {
                const deleted = await deleteFolded(folded);
                return { applied, status: { kind: 'pushed', commit: pushed.commit, tries: attempt, compacted: compact, ...(deleted.length ? { folded: deleted } : {}) }, historyRead: true };
            }
            if (pushed.permanent) {
                const reason = `the remote refused the push for good, so it was not retried (${pushed.message})`;
                log(`Try ${attempt}/${options.attempts}: ${reason}`);
                return { applied, status: { kind: 'not-saved', reason }, historyRead: true };
            }
            if (pushed.rejected) {
                lostRaces++;
                lastError = `the data branch moved while this run was writing (${pushed.message})`;
                if (inbox && lostRaces >= parkAfter) {
                    log(`Try ${attempt}/${options.attempts}: ${lastError}`);
                    return park(attempt, `${lostRaces} other writer${lostRaces === 1 ? '' : 's'} got there first`);
                }
            }
            else {
                lastError = `push failed: ${pushed.message}`;
            }
        }
        catch (error) {
            lastError = `could not write the data branch: ${error instanceof Error ? error.message : String(error)}`;
        }
        log(`Try ${attempt}/${options.attempts}: ${lastError}`);
        if (attempt < options.attempts)
            await sleep(backoffMs(attempt, random));
    }
    if (lastApplied) {
        if (inbox && lostRaces > 0)
            return park(options.attempts, `${options.attempts} tries, ${lostRaces} lost to other writers`);
        return { applied: lastApplied, status: { kind: 'not-saved', reason: lastError }, historyRead: true };
    }
    // The branch could never be read: decide without history, which forgives nothing.
    return { applied: apply(emptySnapshot(), null), status: { kind: 'not-saved', reason: lastError }, historyRead: false };
}

// EXTERNAL MODULE: ./src/cli/override.ts
var override = __webpack_require__(648);
;// CONCATENATED MODULE: ./src/cli/data.ts
/**
 * The CLI's adapter to the data branch: read it once (explain), or change one override and push it with the
 * step's own optimistic concurrency (src/store/sync.ts): a push refused because another writer moved the branch
 * fetches the new head and makes the same edit again on top of it, so no concurrent write is ever lost.
 */






/** A URL git understands (`https://…`, `ssh://…`, `file://…`, or scp-like `git@host:path`), as opposed to a path. */
function isRemoteUrl(remote) {
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(remote) || /^[^/\s@]+@[^/\s:]+:/.test(remote);
}
async function remoteOf(options) {
    if (options.remote)
        return (0,external_node_path_.isAbsolute)(options.remote) || isRemoteUrl(options.remote) ? options.remote : (0,external_node_path_.resolve)(options.cwd, options.remote);
    try {
        return await (0,git/* originUrl */.sH)(options.cwd);
    }
    catch {
        throw new override/* CliError */.z1(`No --remote given and ${options.cwd} is not a git repository with an 'origin' remote: say where the data branch is with --remote <url or path>.`);
    }
}
/** The 1-based line of a test in its stats file, when it has one. */
function statsLineOf(files, snapshot, id) {
    const path = (0,layout/* statsPath */.Zf)((0,layout/* shardOf */.IS)(id, snapshot.meta.shards), snapshot.meta.shards);
    const text = files.get(path);
    return text === undefined ? undefined : (0,layout/* parseLineObject */.N)(path, text, 'tests').value?.lineOf(id);
}
/**
 * A hand edit is the person's: their git identity (user.name and user.email, as git would find them here) is the
 * commit's author; the committer stays the action's bot, as for every write to the data branch.
 */
async function authorFromGitConfig(cwd) {
    const get = async (key) => (await (0,git/* runGit */.EO)(cwd, ['config', '--get', key]).catch(() => '')).trim();
    const [name, email] = [await get('user.name'), await get('user.email')];
    if (name && !process.env.GIT_AUTHOR_NAME)
        process.env.GIT_AUTHOR_NAME = name;
    if (email && !process.env.GIT_AUTHOR_EMAIL)
        process.env.GIT_AUTHOR_EMAIL = email;
}
async function readDataBranch(options) {
    const remote = await remoteOf(options);
    const repo = await git/* DataRepo */.nV.open(remote, options.branch, options.token ?? '');
    try {
        let head;
        try {
            head = await repo.fetchAndReset();
        }
        catch (error) {
            throw new override/* CliError */.z1(`Could not fetch '${options.branch}' from ${remote}: ${error instanceof Error ? error.message : String(error)}`);
        }
        if (head === null)
            throw new override/* CliError */.z1(`${remote} has no branch '${options.branch}' yet: flakeguard creates it on its first run.`);
        const files = await repo.readFiles();
        return { snapshot: parseSnapshot(files), files, head, remote };
    }
    finally {
        await repo.dispose();
    }
}
async function writeOverride(options, query, value, describe) {
    const remote = await remoteOf(options);
    await authorFromGitConfig(options.cwd);
    const repo = await git/* DataRepo */.nV.open(remote, options.branch, options.token ?? '');
    const tries = [];
    try {
        let edit;
        const sync = await syncRun(repo, (snapshot, files) => {
            if (files === null)
                throw new override/* CliError */.z1(`Could not read '${options.branch}' from ${remote}: ${tries.at(-1) ?? 'unknown error'}`);
            if (files.size === 0)
                throw new override/* CliError */.z1(`${remote} has no branch '${options.branch}' yet: flakeguard creates it on its first run.`);
            edit = (0,override/* editOverride */.LD)(files, snapshot, query, value);
            return { files: edit.files };
        }, {
            attempts: options.attempts,
            readOnly: false,
            // The message is computed once the test is known; the first apply names it.
            get commitMessage() {
                return edit ? describe(edit.id) : 'flakeguard: hand edit';
            },
            log: (message) => {
                tries.push(message);
                options.log(message);
            },
        });
        if (sync.status.kind === 'not-saved')
            throw new override/* CliError */.z1(`The edit was NOT saved: ${sync.status.reason}`);
        return { edit: edit, status: sync.status, remote };
    }
    finally {
        await repo.dispose();
    }
}


/***/ })

};
