export const id = 873;
export const ids = [873];
export const modules = {

/***/ 873:
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
// EXTERNAL MODULE: ./src/store/git.ts
var git = __webpack_require__(525);
// EXTERNAL MODULE: ./src/store/layout.ts
var layout = __webpack_require__(891);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(455);
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
        outage: message !== undefined && row.outages !== undefined && row.outages.includes(failureKey(message)) ? true : undefined,
    };
}
/** The record of one test in the run `key` (whose row is `row`): shared when it has no message and no duration. */
function runRecord(key, row, attempts, message, durationSec) {
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
    return { ...build(record.run, record, record.attempts, record.message, durationSec), outage: record.outage };
}
/**
 * What makes two failures "the same failure": the stored message with every number blanked (ports, addresses,
 * durations, counts), which the seed's normalisation keeps.
 */
function failureKey(message) {
    return message === undefined ? undefined : message.replace(/\d+/g, '#');
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
        if (row.url || row.outages?.length)
            stored.push(row.url ?? null);
        if (row.outages?.length)
            stored.push(row.outages);
        return [String(row.seq).padStart(8, '0'), stored];
    }));
}
function parseRuns(file, text) {
    const runs = new Map();
    const { value, problems } = (0,layout/* parseLineObject */.N)(file, text, 'runs');
    if (!value)
        return { runs, problems };
    for (const [seqText, raw] of value.entries) {
        const seq = Number(seqText);
        if (!Number.isInteger(seq) || !Array.isArray(raw) || typeof raw[0] !== 'string' || typeof raw[1] !== 'string' || typeof raw[2] !== 'number') {
            problems.push({ file, line: value.lines.get(seqText), message: `run ${seqText} is not in the expected form; dropped` });
            continue;
        }
        const row = { seq, sha: raw[1], time: raw[2], onDefaultBranch: raw[3] === 1 };
        if (raw[4] === 0 || raw[4] === 1)
            row.jobSucceeded = raw[4] === 1;
        if (typeof raw[5] === 'string')
            row.url = raw[5];
        if (Array.isArray(raw[6]) && raw[6].length > 0 && raw[6].every((m) => typeof m === 'string'))
            row.outages = raw[6];
        runs.set(raw[0], row);
    }
    return { runs, problems };
}
/* ---------- outcome strings ---------- */
function encodeOutcomes(slots) {
    const sorted = [...slots].sort((a, b) => a.seq - b.seq);
    const from = sorted[0]?.seq ?? 0;
    let o = '';
    let expected = from;
    for (const slot of sorted) {
        const gap = slot.seq - expected;
        if (gap === 1)
            o += '.';
        else if (gap > 1)
            o += `.${gap}`;
        o += slot.attempts.length === 1 ? slot.attempts : `(${slot.attempts})`;
        expected = slot.seq + 1;
    }
    return { from, o };
}
/** The runs of an outcome string, or null when it is malformed. */
function decodeOutcomes(from, o) {
    const out = [];
    let seq = from;
    let i = 0;
    while (i < o.length) {
        const c = o[i];
        if (c === '.') {
            let j = i + 1;
            while (j < o.length && o.charCodeAt(j) >= 48 && o.charCodeAt(j) <= 57)
                j++;
            seq += j > i + 1 ? Number(o.slice(i + 1, j)) : 1;
            i = j;
        }
        else if (c === '(') {
            const end = o.indexOf(')', i);
            if (end < 0)
                return null;
            const attempts = o.slice(i + 1, end);
            if (!/^[PFES]+$/.test(attempts))
                return null;
            out.push({ seq, attempts });
            seq++;
            i = end + 1;
        }
        else if (c === 'P' || c === 'F' || c === 'E' || c === 'S') {
            out.push({ seq, attempts: c });
            seq++;
            i++;
        }
        else {
            return null;
        }
    }
    return out;
}
function renderHistoryShard(tests, runs) {
    return renderLineObject(SCHEMA_VERSION, 'tests', tests.map((t) => {
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
        const { from, o } = encodeOutcomes(slots);
        // Key order is the order people read the line in: who, where, then the outcomes.
        const stored = {
            name: t.name,
            classname: t.classname,
            ...(t.file !== undefined ? { file: t.file } : {}),
            ...(t.line !== undefined ? { line: t.line } : {}),
            from,
            o,
        };
        if (Object.keys(messages).length > 0)
            stored.m = messages;
        if (newest?.durationSec !== undefined)
            stored.d = newest.durationSec;
        return [t.id, stored];
    }));
}
function isStoredTest(value) {
    const v = value;
    return typeof v === 'object' && v !== null && typeof v.name === 'string' && Number.isInteger(v.from) && typeof v.o === 'string';
}
/** Adds the tests of one history shard to `into`, joining each run with its row in runs.json. */
function parseHistoryShard(file, text, runs, into) {
    const { value, problems } = (0,layout/* parseLineObject */.N)(file, text, 'tests');
    if (!value)
        return problems;
    const bySeq = new Map();
    for (const [key, row] of runs)
        bySeq.set(row.seq, [key, row]);
    for (const [id, raw] of value.entries) {
        const slots = isStoredTest(raw) ? decodeOutcomes(raw.from, raw.o) : null;
        if (!isStoredTest(raw) || slots === null) {
            problems.push({ file, line: value.lines.get(id), message: `history of '${id}' is not in the expected form; dropped` });
            continue;
        }
        const records = [];
        for (const slot of slots) {
            const joined = bySeq.get(slot.seq);
            if (!joined)
                continue;
            const message = raw.m?.[String(slot.seq)];
            records.push(runRecord(joined[0], joined[1], slot.attempts, typeof message === 'string' ? message : undefined));
        }
        records.sort((a, b) => a.time - b.time);
        if (records.length > 0 && typeof raw.d === 'number')
            records[records.length - 1] = withDuration(records[records.length - 1], raw.d);
        const test = { id, name: raw.name, classname: String(raw.classname ?? ''), runs: records };
        if (typeof raw.file === 'string')
            test.file = raw.file;
        if (typeof raw.line === 'number')
            test.line = raw.line;
        into.set(id, test);
    }
    return problems;
}

;// CONCATENATED MODULE: ./src/store/migrate.ts


/** Schema 1's runs, numbered in time order (schema 1 had no sequence numbers). */
function parseRunsV1(file, text) {
    const rows = [];
    const { value, problems } = (0,layout/* parseLineObject */.N)(file, text, 'runs');
    if (value) {
        for (const [key, raw] of value.entries) {
            if (!Array.isArray(raw) || typeof raw[0] !== 'string' || typeof raw[1] !== 'number') {
                problems.push({ file, line: value.lines.get(key), message: `run '${key}' is not in the expected form; dropped` });
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
            problems.push({ file, line: value.lines.get(id), message: `history of '${id}' is not in the expected form; dropped` });
            continue;
        }
        const records = [];
        for (const stored of raw.runs) {
            if (!Array.isArray(stored) || typeof stored[0] !== 'string' || typeof stored[1] !== 'string' || !/^[PFES]+$/.test(stored[1]))
                continue;
            const row = runs.get(stored[0]);
            if (!row)
                continue;
            records.push(runRecord(stored[0], row, stored[1], typeof stored[2] === 'string' ? stored[2] : undefined, typeof stored[3] === 'number' ? stored[3] : undefined));
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
    };
}
/** Builds a snapshot from the branch's files (path → text). */
function parseSnapshot(files) {
    const snapshot = emptySnapshot();
    const metaText = files.get(layout/* META_FILE */.fg);
    if (metaText !== undefined) {
        const { meta, problems } = (0,layout/* parseMeta */.By)(metaText);
        if (meta) {
            snapshot.meta = meta;
            snapshot.readSchema = meta.schema;
        }
        snapshot.problems.push(...problems);
    }
    const v1 = snapshot.readSchema <= 1;
    const runsText = files.get(layout/* RUNS_FILE */.Ct);
    if (runsText !== undefined) {
        const { runs, problems } = (v1 ? parseRunsV1 : parseRuns)(layout/* RUNS_FILE */.Ct, runsText);
        snapshot.runs = runs;
        snapshot.problems.push(...problems);
    }
    const paths = [...files.keys()].sort();
    for (const path of paths) {
        if (path.startsWith('history/') && path.endsWith('.json')) {
            const parse = v1 ? parseHistoryShardV1 : parseHistoryShard;
            snapshot.problems.push(...parse(path, files.get(path), snapshot.runs, snapshot.history));
        }
    }
    for (const path of paths) {
        if (path.startsWith('stats/') && path.endsWith('.json'))
            readStatsFile(snapshot, path, files.get(path));
    }
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
            const line = value.lines.get(id);
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

const defaultSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
function backoffMs(attempt, random) {
    const base = Math.min(8000, 250 * 2 ** (attempt - 1));
    return Math.round(base * (0.5 + random()));
}
async function syncRun(repo, 
/** `files` is the branch's text, path → text (null when it could not be read): hand-edit tools change one line of it. */
apply, options) {
    const sleep = options.sleep ?? defaultSleep;
    const random = options.random ?? Math.random;
    const log = options.log ?? (() => undefined);
    let lastError = '';
    let lastApplied;
    for (let attempt = 1; attempt <= options.attempts; attempt++) {
        let head;
        let snapshot;
        let files;
        try {
            head = await repo.fetchAndReset();
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
        const applied = apply(snapshot, files);
        lastApplied = applied;
        if (options.readOnly)
            return { applied, status: { kind: 'read-only', head }, historyRead: true };
        try {
            await writeSnapshotDir(repo.dir, applied.files);
            const compact = applied.compact === true && head !== null;
            const message = compact ? `${options.commitMessage}\n\nCompacted: the branch's earlier commits were squashed into this one.` : options.commitMessage;
            const changed = await repo.commitAll(message, { root: compact });
            if (!changed)
                return { applied, status: { kind: 'unchanged', head }, historyRead: true };
            await options.beforePush?.();
            const pushed = await repo.push({ replacing: compact ? head : null });
            if (pushed.pushed)
                return { applied, status: { kind: 'pushed', commit: pushed.commit, tries: attempt, compacted: compact }, historyRead: true };
            lastError = pushed.rejected
                ? `the data branch moved while this run was writing (${pushed.message})`
                : `push failed: ${pushed.message}`;
        }
        catch (error) {
            lastError = `could not write the data branch: ${error instanceof Error ? error.message : String(error)}`;
        }
        log(`Try ${attempt}/${options.attempts}: ${lastError}`);
        if (attempt < options.attempts)
            await sleep(backoffMs(attempt, random));
    }
    if (lastApplied)
        return { applied: lastApplied, status: { kind: 'not-saved', reason: lastError }, historyRead: true };
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
    return text === undefined ? undefined : (0,layout/* parseLineObject */.N)(path, text, 'tests').value?.lines.get(id);
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

/***/ 525:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EO: () => (/* binding */ runGit),
/* harmony export */   nV: () => (/* binding */ DataRepo),
/* harmony export */   sH: () => (/* binding */ originUrl)
/* harmony export */ });
/* unused harmony exports GitError, authEnv */
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/**
 * A private git repository in a temp folder that tracks the data branch of the user's remote. It never touches
 * the workspace's repository, branch or working tree.
 */




class GitError extends Error {
    stderr;
    exitCode;
    constructor(message, stderr, exitCode) {
        super(message);
        this.stderr = stderr;
        this.exitCode = exitCode;
    }
}
function runGit(cwd, args, options = {}) {
    return new Promise((resolve, reject) => {
        (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.execFile)('git', args, {
            cwd,
            env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...options.env },
            maxBuffer: 256 * 1024 * 1024,
            timeout: options.timeoutMs ?? 120_000,
        }, (error, stdout, stderr) => {
            if (error) {
                const code = typeof error.code === 'number' ? error.code : null;
                reject(new GitError(`git ${args[0]} failed: ${stderr.trim() || error.message}`, stderr, code));
            }
            else {
                resolve(stdout);
            }
        });
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
        const dir = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdtemp)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(tempRoot || (0,node_os__WEBPACK_IMPORTED_MODULE_2__.tmpdir)(), 'flakeguard-data-'));
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
        const listing = await this.git(['ls-remote', '--heads', 'origin', `refs/heads/${this.branch}`]);
        if (listing.trim() === '') {
            await this.git(['checkout', '-q', '--orphan', `flakeguard-${Date.now()}`]).catch(() => undefined);
            await this.git(['rm', '-rfq', '--cached', '--ignore-unmatch', '.']);
            await this.git(['clean', '-fdqx']);
            return null;
        }
        await this.git(['fetch', '-q', '--no-tags', '--depth=1', 'origin', `+refs/heads/${this.branch}:${this.remoteRef}`]);
        await this.git(['checkout', '-q', '-B', 'data', this.remoteRef]);
        await this.git(['reset', '-q', '--hard', this.remoteRef]);
        await this.git(['clean', '-fdqx']);
        return (await this.git(['rev-parse', 'HEAD'])).trim();
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
            const stderr = error instanceof GitError ? `${error.stderr}\n${error.message}` : String(error);
            const rejected = /rejected|non-fast-forward|fetch first|stale info|cannot lock ref|failed to update ref|shallow update not allowed/i.test(stderr);
            return { pushed: false, rejected, message: stderr.trim().split('\n').slice(-3).join(' ') };
        }
    }
    async dispose() {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.rm)(this.dir, { recursive: true, force: true });
    }
}
/** The URL of the workspace's `origin` remote. */
async function originUrl(workspace) {
    return (await runGit(workspace, ['remote', 'get-url', 'origin'])).trim();
}


/***/ })

};
