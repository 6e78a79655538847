export const id = 536;
export const ids = [536];
export const modules = {

/***/ 536:
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
// EXTERNAL MODULE: ./src/store/git.ts + 1 modules
var git = __webpack_require__(818);
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
    return segments;
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
    constructor(stored, rows) {
        super();
        this.stored = stored;
        this.rows = rows;
        for (const [key, row] of rows)
            this.bySeq.set(row.seq, [key, row]);
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
    /** The decoded history without keeping it (iteration over every test must not hold every decoded history). */
    peek(id) {
        return this.decoded.get(id) ?? this.decode(id, this.stored.get(id));
    }
    /**
     * A key equal for two tests exactly when their decoded run records are equal (same runs, attempts, messages and
     * durations): whatever is computed from the records alone can be computed once per key.
     */
    recordsKey(id) {
        const s = this.stored.get(id);
        if (!s)
            return undefined;
        let key = `${s.from}`;
        for (const { a, n } of s.segments)
            key += `|${a}${n}`;
        if (s.m)
            key += `|m${JSON.stringify(s.m)}`;
        if (s.dur)
            key += `|D${JSON.stringify(s.dur)}`;
        else if (s.d !== undefined)
            key += `|d${s.d}`;
        return key;
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
                const d = s.dur[seqs[i]];
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
 * history's oldest runs are its first ones. Otherwise the caller merges the decoded history (mergeRun).
 */
function canMergeStored(rows, run, tests) {
    if (rows.has(run.key))
        return false;
    const ordered = [...rows.values()].sort((a, b) => a.seq - b.seq);
    for (let i = 1; i < ordered.length; i++)
        if (ordered[i].time < ordered[i - 1].time)
            return false;
    if (ordered.length > 0 && run.time < ordered[ordered.length - 1].time)
        return false;
    const seen = new Set();
    for (const t of tests) {
        if (t.attempts.length === 0)
            continue;
        if (seen.has(t.id))
            return false;
        seen.add(t.id);
    }
    return true;
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
    const out = { ...s, from: seq, segments };
    if (s.m)
        out.m = sinceSeq(s.m, seq);
    if (s.dur)
        out.dur = sinceSeq(s.dur, seq);
    if (!out.m)
        delete out.m;
    if (!out.dur)
        delete out.dur;
    return out;
}
function sinceSeq(byseq, from) {
    let out;
    for (const [k, v] of Object.entries(byseq)) {
        if (Number(k) < from)
            continue;
        (out ??= {})[k] = v;
    }
    return out;
}
/**
 * mergeRun on the stored form: the same history (decoded, it equals what mergeRun gives) with `tests` appended as
 * run `row`. Only when canMergeStored.
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
    const stored = new Map(history.stored);
    const touched = new Set();
    for (const test of tests) {
        if (test.attempts.length === 0)
            continue;
        touched.add(test.id);
        const previous = stored.get(test.id);
        const attempts = test.attempts.map((a) => STATUS_CODE[a.status]).join('');
        const message = failureMessageOf(test, options.normalise);
        const duration = test.attempts[test.attempts.length - 1]?.durationSec;
        let next;
        if (!previous) {
            next = { name: test.name, classname: test.classname, from: row.seq, segments: [{ a: attempts, n: 1 }] };
            if (message !== undefined)
                next.m = { [row.seq]: message };
            if (duration !== undefined)
                next.dur = { [row.seq]: duration };
        }
        else {
            const end = endOf(previous.from, previous.segments);
            const segments = previous.segments.slice();
            const last = segments[segments.length - 1];
            // pushSegment joins the last segment: a copy of it, since segments are shared.
            if (last)
                segments[segments.length - 1] = { a: last.a, n: last.n };
            pushSegment(segments, '', row.seq - end);
            pushSegment(segments, attempts, 1);
            const durations = previous.dur ? { ...previous.dur } : previous.d !== undefined ? { [end - 1]: previous.d } : {};
            if (duration !== undefined)
                durations[row.seq] = duration;
            next = { name: test.name, classname: test.classname, from: previous.from, segments };
            if (previous.m || message !== undefined)
                next.m = { ...previous.m, ...(message !== undefined ? { [row.seq]: message } : {}) };
            if (Object.keys(durations).length > 0)
                next.dur = durations;
        }
        const file = test.file ?? previous?.file;
        const line = test.line ?? previous?.line;
        if (file !== undefined)
            next.file = file;
        if (line !== undefined)
            next.line = line;
        const kept = trimmed(next, timeOf, oldestKept, maxRuns);
        if (kept)
            stored.set(test.id, kept);
        else
            stored.delete(test.id);
    }
    // Tests that did not run this time still age out.
    for (const [id, s] of stored) {
        if (touched.has(id))
            continue;
        const kept = trimmed(s, timeOf, oldestKept, maxRuns);
        if (!kept)
            stored.delete(id);
        else if (kept !== s)
            stored.set(id, kept);
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
    return id === `${classname}::${name}` && !name.includes('::');
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
function renderHistoryShard(tests) {
    return renderLineObject(SCHEMA_VERSION, 'tests', tests.map(([id, t]) => {
        // Key order is the order people read the line in: who, where, then the outcomes.
        const line = namesFromId(id, t.name, t.classname) ? {} : { name: t.name, classname: t.classname };
        if (t.file !== undefined)
            line.file = t.file;
        if (t.line !== undefined)
            line.line = t.line;
        line.from = t.from;
        line.o = renderOutcomeString(t.segments);
        if (t.m && Object.keys(t.m).length > 0)
            line.m = { ...t.m };
        const d = t.dur ? t.dur[endOf(t.from, t.segments) - 1] : t.d;
        if (d !== undefined)
            line.d = d;
        return [id, line];
    }));
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
    for (const [id, raw] of value.entries) {
        const line = raw;
        const segments = typeof line === 'object' && line !== null && typeof line.o === 'string' && Number.isSafeInteger(line.from) && line.from >= 0 ? outcome_string_parseOutcomeString(line.o) : null;
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
            classname = id.slice(0, cut);
            name = id.slice(cut + 2);
        }
        const test = { name, classname, from, segments };
        if (typeof line.file === 'string')
            test.file = line.file;
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
        if (typeof line.d === 'number' && outcome_string_runCount(segments) > 0)
            test.d = line.d;
        if (outcome_string_runCount(segments) === 0)
            continue;
        into.set(id, test);
    }
    return problems;
}
/** The sequence numbers of runs.json, to check history lines against. */
class KnownSeqs {
    prefix;
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
        const entries = await (0,promises_.readdir)((0,external_node_path_.join)(dir, relative), { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
            if (entry.name === '.git')
                continue;
            const path = relative ? `${relative}/${entry.name}` : entry.name;
            if (entry.isDirectory())
                await walk(path);
            else if (entry.isFile())
                files.set(path, await (0,promises_.readFile)((0,external_node_path_.join)(dir, path), 'utf8'));
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
            await (0,promises_.rm)((0,external_node_path_.join)(dir, path), { force: true });
    for (const [path, text] of files) {
        if (existing.get(path) === text)
            continue;
        await (0,promises_.mkdir)((0,external_node_path_.dirname)((0,external_node_path_.join)(dir, path)), { recursive: true });
        await (0,promises_.writeFile)((0,external_node_path_.join)(dir, path), text);
    }
}

;// CONCATENATED MODULE: ./src/store/sync.ts

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
            ({ head, parked } = await repo.fetchWithInbox(inbox !== undefined));
            files = await readSnapshotDir(repo.dir);
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
        const applied = apply(base, base === snapshot ? files : null);
        lastApplied = applied;
        try {
            if (options.extraFiles)
                for (const [path, text] of await options.extraFiles(files))
                    if (!applied.files.has(path))
                        applied.files.set(path, text);
            await writeSnapshotDir(repo.dir, applied.files);
            const compact = applied.compact === true && head !== null;
            const message = compact ? `${options.commitMessage}\n\nCompacted: the branch's earlier commits were squashed into this one.` : options.commitMessage;
            const changed = await repo.commitAll(folded.length > 0 ? `${message}\n\nFolded in ${folded.length} parked run${folded.length === 1 ? '' : 's'}.` : message, { root: compact });
            if (!changed) {
                const deleted = await deleteFolded(folded);
                return { applied, status: { kind: 'unchanged', head, ...(deleted.length ? { folded: deleted } : {}) }, historyRead: true };
            }
            await options.beforePush?.();
            const pushed = await repo.push({ replacing: compact ? head : null });
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
        const files = await readSnapshotDir(repo.dir);
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


/***/ }),

/***/ 818:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  nV: () => (/* binding */ DataRepo),
  sH: () => (/* binding */ originUrl),
  EO: () => (/* binding */ runGit)
});

// UNUSED EXPORTS: GitError, PARCEL_FILE, authEnv, inboxPrefix, isLostRace, isPermanentRefusal, pushMessage, sweepStaleClones

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(421);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(24);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(760);
;// CONCATENATED MODULE: ./src/store/cleanup.ts
/**
 * The private clones of the data branch (`flakeguard-data-<pid>-…` under RUNNER_TEMP, src/store/git.ts) are removed
 * on every exit the process controls: disposed after use, and on a cancelled step (the runner sends SIGINT, then
 * SIGTERM) by the handler main.ts installs on the main thread (signals never reach a worker thread). A clone left by
 * a run killed outright (kill -9) is swept by the next run (sweepStaleClones). Kept tiny and synchronous: main.ts
 * loads it before anything else.
 */



const CLONE_PREFIX = 'flakeguard-data-';
/** Where this process makes its clones. */
function cloneRoot(env = process.env) {
    return env.RUNNER_TEMP || tmpdir();
}
/** Removes this process's clones in `root`; never throws. */
function removeOwnClonesSync(root, pid = process.pid) {
    let names;
    try {
        names = readdirSync(root);
    }
    catch {
        return;
    }
    for (const name of names) {
        if (!name.startsWith(`${CLONE_PREFIX}${pid}-`))
            continue;
        try {
            rmSync(join(root, name), { recursive: true, force: true });
        }
        catch {
            // best effort: the next run sweeps what is left
        }
    }
}
/** On SIGINT, SIGTERM or SIGHUP: remove this process's clones, then exit as the signal would have. */
function removeClonesOnSignals(root) {
    const codes = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
    for (const signal of Object.keys(codes)) {
        process.once(signal, () => {
            removeOwnClonesSync(root);
            process.exit(codes[signal]);
        });
    }
}

;// CONCATENATED MODULE: ./src/store/git.ts
/**
 * A private git repository in a temp folder that tracks the data branch of the user's remote. It never touches
 * the workspace's repository, branch or working tree.
 */





// Private clones are named `flakeguard-data-<pid>-…`, so the next run can tell a killed run's clone from a live one.

class GitError extends Error {
    stderr;
    exitCode;
    /** What git printed on stdout: `push --porcelain` reports each ref's fate there (`[remote rejected] … (hook declined)`). */
    stdout;
    constructor(message, stderr, exitCode, stdout = '') {
        super(message);
        this.stderr = stderr;
        this.exitCode = exitCode;
        this.stdout = stdout;
    }
}
function runGit(cwd, args, options = {}) {
    return new Promise((resolve, reject) => {
        const child = (0,external_node_child_process_.execFile)('git', args, {
            cwd,
            env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...options.env },
            maxBuffer: 256 * 1024 * 1024,
            timeout: options.timeoutMs ?? 120_000,
        }, (error, stdout, stderr) => {
            if (error) {
                const code = typeof error.code === 'number' ? error.code : null;
                reject(new GitError(`git ${args[0]} failed: ${stderr.trim() || error.message}`, stderr, code, String(stdout)));
            }
            else {
                resolve(stdout);
            }
        });
        if (options.input !== undefined)
            child.stdin?.end(options.input);
    });
}
/**
 * A push the server refuses for good, not because another writer got there first: a hook or a rule declined it,
 * the branch is protected, the token may not push. Retrying cannot help, so it is not retried.
 */
function isPermanentRefusal(stderr) {
    return /hook declined|GH0\d\d|protected branch|repository rule violations|permission to \S+ denied|returned error: 40[13]|authentication failed|deny(?:ing)? (?:updating|deleting|non-fast-forward|current branch)|not allowed to (?:push|create|update|delete)|write access to repository not granted/i.test(stderr);
}
/** A push rejected because the branch moved (a lost race): worth fetching and trying again. */
function isLostRace(stderr) {
    return /rejected|non-fast-forward|fetch first|stale info|cannot lock ref|failed to update ref|shallow update not allowed|incorrect old value/i.test(stderr);
}
/** What a failed push says, in one line: the ref's fate (`[remote rejected] … (pre-receive hook declined)`) and what the remote said. */
function pushMessage(output) {
    const lines = output.split('\n').map((l) => l.trim()).filter(Boolean);
    const fate = lines.filter((l) => /\[(?:remote )?rejected\]|\[rejected\]/.test(l));
    const remote = lines.filter((l) => l.startsWith('remote:')).slice(0, 3);
    const chosen = [...fate, ...remote];
    return (chosen.length > 0 ? chosen : lines.slice(-3)).join(' ').replace(/\s+/g, ' ').slice(0, 600);
}
/** The inbox of a data branch: parked runs are branches under this prefix (docs/data-branch.md, "Many writers"). */
function inboxPrefix(branch) {
    return `refs/heads/${branch}-inbox/`;
}
const PARCEL_FILE = 'flakeguard-parcel.json';
/** A clone with no pid in its name (flakeguard 0.1) is removed when older than this. */
const UNNAMED_CLONE_MAX_AGE_MS = 6 * 3600_000;
function processAlive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (error) {
        return error.code === 'EPERM';
    }
}
/**
 * Removes the private clones that killed runs left in `root` (kill -9, a cancelled job on a self-hosted runner):
 * those whose process is gone. Returns the names removed. Never throws.
 */
async function sweepStaleClones(root, now = Date.now()) {
    const removed = [];
    const entries = await (0,promises_.readdir)(root, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
        if (!entry.isDirectory() || !entry.name.startsWith(CLONE_PREFIX))
            continue;
        const match = /^flakeguard-data-(\d+)-/.exec(entry.name);
        let stale;
        if (match) {
            const pid = Number(match[1]);
            stale = pid !== process.pid && !processAlive(pid);
        }
        else {
            const info = await (0,promises_.stat)((0,external_node_path_.join)(root, entry.name)).catch(() => undefined);
            stale = info !== undefined && now - info.mtimeMs > UNNAMED_CLONE_MAX_AGE_MS;
        }
        if (!stale)
            continue;
        await (0,promises_.rm)((0,external_node_path_.join)(root, entry.name), { recursive: true, force: true }).catch(() => undefined);
        removed.push(entry.name);
    }
    return removed;
}
/** Clones of this process not yet disposed: removed when the process (or its worker thread) exits. */
const liveClones = new Set();
let exitHooked = false;
function hookExit() {
    if (exitHooked)
        return;
    exitHooked = true;
    process.on('exit', () => {
        for (const dir of liveClones) {
            try {
                (0,external_node_fs_.rmSync)(dir, { recursive: true, force: true });
            }
            catch {
                // best effort: the next run sweeps what is left
            }
        }
    });
}
/**
 * Git config entries passed through the environment (not argv, which other processes can read) so that
 * fetch and push authenticate like actions/checkout does.
 */
function authEnv(remoteUrl, token) {
    if (!token || !/^https?:\/\//.test(remoteUrl))
        return {};
    const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
    return {
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: `http.${new URL(remoteUrl).origin}/.extraheader`,
        GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`,
    };
}
const IDENTITY = ['-c', 'user.name=github-actions[bot]', '-c', 'user.email=41898282+github-actions[bot]@users.noreply.github.com'];
class DataRepo {
    dir;
    branch;
    env;
    constructor(dir, branch, env) {
        this.dir = dir;
        this.branch = branch;
        this.env = env;
    }
    static async open(remoteUrl, branch, token, tempRoot) {
        const root = tempRoot || (0,external_node_os_.tmpdir)();
        await sweepStaleClones(root);
        const dir = await (0,promises_.mkdtemp)((0,external_node_path_.join)(root, `${CLONE_PREFIX}${process.pid}-`));
        hookExit();
        liveClones.add(dir);
        const repo = new DataRepo(dir, branch, authEnv(remoteUrl, token));
        await repo.git(['init', '-q']);
        // No delta search when pushing: each write changes every shard a little, and searching deltas for them cost
        // more (on both sides) than sending them whole (docs/benchmarks.md, "The whole step").
        await repo.git(['config', 'pack.window', '0']);
        await repo.git(['remote', 'add', 'origin', remoteUrl]);
        return repo;
    }
    git(args) {
        return runGit(this.dir, args, { env: this.env });
    }
    get remoteRef() {
        return `refs/remotes/origin/${this.branch}`;
    }
    /**
     * Fetches the branch tip and checks it out into the private work tree. Returns the commit, or null when the
     * branch does not exist yet (the work tree is then empty, ready for an orphan commit).
     */
    async fetchAndReset() {
        return (await this.fetchWithInbox(false)).head;
    }
    /**
     * As fetchAndReset, and with `inbox`, also fetches the runs parked under the inbox prefix (one ls-remote, one
     * fetch). Returns them sorted by ref name.
     */
    async fetchWithInbox(inbox) {
        const prefix = inboxPrefix(this.branch);
        const patterns = [`refs/heads/${this.branch}`, ...(inbox ? [`${prefix}*`] : [])];
        const listing = await this.git(['ls-remote', 'origin', ...patterns]);
        let tip;
        const parked = [];
        for (const line of listing.split('\n')) {
            const [sha, ref] = line.trim().split(/\s+/);
            if (!sha || !ref)
                continue;
            if (ref === `refs/heads/${this.branch}`)
                tip = sha;
            else if (inbox && ref.startsWith(prefix))
                parked.push({ ref, sha });
        }
        parked.sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
        const refspecs = [...(tip ? [`+refs/heads/${this.branch}:${this.remoteRef}`] : []), ...(parked.length > 0 ? [`+${prefix}*:refs/flakeguard-inbox/*`] : [])];
        if (refspecs.length > 0)
            await this.git(['fetch', '-q', '--no-tags', '--prune', '--depth=1', 'origin', ...refspecs]);
        if (!tip) {
            await this.git(['checkout', '-q', '--orphan', `flakeguard-${Date.now()}`]).catch(() => undefined);
            await this.git(['rm', '-rfq', '--cached', '--ignore-unmatch', '.']);
            await this.git(['clean', '-fdqx']);
            return { head: null, parked };
        }
        await this.git(['checkout', '-q', '-B', 'data', this.remoteRef]);
        await this.git(['reset', '-q', '--hard', this.remoteRef]);
        await this.git(['clean', '-fdqx']);
        return { head: (await this.git(['rev-parse', 'HEAD'])).trim(), parked };
    }
    /** The parcel of a parked run, or undefined when it was folded and deleted meanwhile (or is not a parcel). */
    async readParcel(parked) {
        return this.git(['cat-file', 'blob', `${parked.sha}:${PARCEL_FILE}`]).catch(() => undefined);
    }
    /**
     * Parks a run: pushes a root commit holding only its parcel as a new branch under the inbox prefix. The name is
     * the run's own (run key and attempt), so no other writer pushes it and the push cannot lose a race.
     */
    async park(name, text, message) {
        const ref = `${inboxPrefix(this.branch)}${name}`;
        try {
            const blob = (await runGit(this.dir, ['hash-object', '-w', '--stdin'], { env: this.env, input: text })).trim();
            const tree = (await runGit(this.dir, ['mktree'], { env: this.env, input: `100644 blob ${blob}\t${PARCEL_FILE}\n` })).trim();
            const commit = (await this.git([...IDENTITY, 'commit-tree', tree, '-m', message])).trim();
            try {
                await this.git(['push', '-q', '--porcelain', 'origin', `${commit}:${ref}`]);
                return { pushed: true, commit, ref };
            }
            catch (error) {
                // Parked before (the same attempt ran this step twice): the parcel is there, which is all that matters.
                const listing = await this.git(['ls-remote', 'origin', ref]).catch(() => '');
                if (listing.trim() !== '')
                    return { pushed: true, commit: listing.trim().split(/\s+/)[0], ref };
                throw error;
            }
        }
        catch (error) {
            const stderr = error instanceof GitError ? `${error.stdout}\n${error.stderr}\n${error.message}` : String(error);
            return { pushed: false, rejected: isLostRace(stderr), permanent: isPermanentRefusal(stderr), message: pushMessage(stderr), ref };
        }
    }
    /** Deletes folded parked runs, each only if it still points where it did when read. Returns the refs deleted. */
    async deleteParked(parked) {
        if (parked.length === 0)
            return { deleted: [] };
        const args = ['push', '-q', '--porcelain', ...parked.map((p) => `--force-with-lease=${p.ref}:${p.sha}`), 'origin', ...parked.map((p) => `:${p.ref}`)];
        try {
            await this.git(args);
            return { deleted: parked.map((p) => p.ref) };
        }
        catch (error) {
            // Some were deleted by another writer meanwhile (or by this push): what is gone is folded, whoever deleted it.
            const left = await this.git(['ls-remote', 'origin', ...parked.map((p) => p.ref)]).catch(() => undefined);
            const message = (error instanceof GitError ? error.stderr : String(error)).trim().split('\n').slice(-2).join(' ');
            if (left === undefined)
                return { deleted: [], error: message };
            const still = new Set(left.split('\n').map((l) => l.trim().split(/\s+/)[1]).filter(Boolean));
            return { deleted: parked.filter((p) => !still.has(p.ref)).map((p) => p.ref), ...(still.size > 0 ? { error: message } : {}) };
        }
    }
    /**
     * Stages the whole work tree and commits it; returns false when nothing changed. With `root`, the commit has
     * no parent: the branch's past is squashed away (compaction).
     */
    async commitAll(message, options = {}) {
        await this.git(['add', '-A']);
        if (options.root) {
            const tree = (await this.git(['write-tree'])).trim();
            const commit = (await this.git([...IDENTITY, 'commit-tree', tree, '-m', message])).trim();
            await this.git(['update-ref', 'HEAD', commit]);
            return true;
        }
        const status = await this.git(['status', '--porcelain']);
        if (status.trim() === '')
            return false;
        await this.git([...IDENTITY, 'commit', '-q', '--no-verify', '-m', message]);
        return true;
    }
    /**
     * Pushes HEAD as the branch; a non-fast-forward is reported as rejected so the caller can retry. With
     * `replacing`, HEAD is a fresh root that replaces exactly that head: `--force-with-lease` makes the push fail,
     * rather than overwrite, when another writer moved the branch meanwhile.
     */
    async push(options = {}) {
        const args = ['push', '-q', '--porcelain', 'origin', `HEAD:refs/heads/${this.branch}`];
        if (options.replacing)
            args.splice(2, 0, `--force-with-lease=refs/heads/${this.branch}:${options.replacing}`);
        try {
            await this.git(args);
            return { pushed: true, commit: (await this.git(['rev-parse', 'HEAD'])).trim() };
        }
        catch (error) {
            const stderr = error instanceof GitError ? `${error.stdout}\n${error.stderr}\n${error.message}` : String(error);
            const permanent = isPermanentRefusal(stderr);
            return { pushed: false, rejected: !permanent && isLostRace(stderr), permanent, message: pushMessage(stderr) };
        }
    }
    async dispose() {
        await (0,promises_.rm)(this.dir, { recursive: true, force: true });
        liveClones.delete(this.dir);
    }
}
/** The URL of the workspace's `origin` remote. */
async function originUrl(workspace) {
    return (await runGit(workspace, ['remote', 'get-url', 'origin'])).trim();
}


/***/ })

};
