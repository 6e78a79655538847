export const id = 953;
export const ids = [953];
export const modules = {

/***/ 7953:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   cloneAhead: () => (/* binding */ cloneAhead),
/* harmony export */   cloneFrom: () => (/* binding */ cloneFrom),
/* harmony export */   openClone: () => (/* binding */ openClone)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _config_inputs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(64389);
/* harmony import */ var _config_context_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(80577);
/* harmony import */ var _modes_inputs_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(84863);
/* harmony import */ var _config_remote_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(63798);
/* harmony import */ var _store_git_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(79029);
/**
 * The data branch is fetched from the main thread while the step's worker starts and loads its modules (about 80 ms
 * before it could ask itself; on GitHub a fetch is a network round trip). The main thread opens the private clone
 * and fetches into it exactly as the step would (src/store/git.ts), then hands the clone to the step, which adopts it
 * (DataRepo.adopt) when it would have opened the same one, and opens its own otherwise.
 *
 * The main thread decides nothing and logs nothing: a failed fetch is the step's first failed fetch (it is retried
 * and reported as any), and anything else (a bad input, another mode) means no clone, which the step handles itself.
 */






/** Opens the step's clone and fetches into it, then posts it on `port` (or `none`). */
async function cloneAhead(env, port) {
    let message = { kind: 'none' };
    try {
        const get = (0,_config_inputs_js__WEBPACK_IMPORTED_MODULE_1__/* .inputsFromEnv */ .lN)(env);
        // The other modes read the branch their own way (src/modes/).
        if ((0,_modes_inputs_js__WEBPACK_IMPORTED_MODULE_3__/* .readModeInputs */ .H)(get).mode === 'run') {
            const inputs = (0,_config_inputs_js__WEBPACK_IMPORTED_MODULE_1__/* .readInputs */ .Ko)(get);
            const ctx = (0,_config_context_js__WEBPACK_IMPORTED_MODULE_2__/* .contextFromEnv */ .jW)(env);
            const inbox = !(inputs.readOnly || ctx.fromFork);
            const remote = await (0,_config_remote_js__WEBPACK_IMPORTED_MODULE_4__/* .dataRemote */ .P)(inputs, ctx);
            const repo = await _store_git_js__WEBPACK_IMPORTED_MODULE_5__/* .DataRepo */ .nV.open(remote, inputs.dataBranch, inputs.token, ctx.runnerTemp || undefined);
            const fetched = await repo.fetchWithInbox(inbox).then((ok) => ({ ok }), (error) => ({ error: error instanceof Error ? error.message : String(error) }));
            message = { kind: 'clone', clone: { dir: repo.dir, remote, branch: inputs.dataBranch, inbox, fetched } };
        }
    }
    catch {
        // the step opens its own clone and reports what went wrong
    }
    port.postMessage(message);
    port.close();
}
/** The clone the main thread posts on `port`, or undefined (none, or the port closed first). */
function cloneFrom(port) {
    return new Promise((resolve) => {
        port.once('message', (message) => {
            port.close();
            resolve(message.kind === 'clone' ? message.clone : undefined);
        });
        port.once('close', () => resolve(undefined));
    });
}
/** The step's clone: the early one when it is the one the step would open (same remote, branch and inbox). */
async function openClone(early, remote, branch, token, inbox, tempRoot) {
    const clone = await early;
    if (clone && clone.remote === remote && clone.branch === branch && clone.inbox === inbox) {
        const fetched = 'ok' in clone.fetched ? Promise.resolve(clone.fetched.ok) : Promise.reject(new Error(clone.fetched.error));
        return _store_git_js__WEBPACK_IMPORTED_MODULE_5__/* .DataRepo */ .nV.adopt(clone.dir, remote, branch, token, inbox, fetched);
    }
    // Another clone than the step's: removed (the main thread's exit would remove it too).
    if (clone)
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.rm)(clone.dir, { recursive: true, force: true });
    const repo = await _store_git_js__WEBPACK_IMPORTED_MODULE_5__/* .DataRepo */ .nV.open(remote, branch, token, tempRoot);
    repo.prefetch(inbox);
    return repo;
}


/***/ }),

/***/ 80577:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Vp: () => (/* binding */ runUrl),
/* harmony export */   jW: () => (/* binding */ contextFromEnv),
/* harmony export */   vZ: () => (/* binding */ isOnDefaultBranch),
/* harmony export */   yK: () => (/* binding */ runIdentity)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_1__);
/**
 * What the runner tells us about this CI run, read from the GITHUB_* variables and the event payload.
 */


function readEvent(path) {
    if (!path)
        return {};
    try {
        return JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(path, 'utf8'));
    }
    catch {
        return {};
    }
}
function contextFromEnv(env) {
    const repository = env.GITHUB_REPOSITORY ?? 'local/local';
    const [owner = 'local', repo = 'local'] = repository.split('/');
    const event = readEvent(env.GITHUB_EVENT_PATH);
    const headRepo = event.pull_request?.head?.repo?.full_name;
    const ref = env.GITHUB_REF ?? '';
    return {
        repository,
        owner,
        repo,
        serverUrl: env.GITHUB_SERVER_URL ?? 'https://github.com',
        apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
        runId: env.GITHUB_RUN_ID ?? 'local',
        runAttempt: Math.max(1, Number(env.GITHUB_RUN_ATTEMPT ?? '1') || 1),
        job: env.GITHUB_JOB ?? 'job',
        workflow: env.GITHUB_WORKFLOW ?? 'workflow',
        sha: env.GITHUB_SHA ?? '',
        ref,
        refName: env.GITHUB_REF_NAME ?? ref.replace(/^refs\/(heads|tags)\//, ''),
        eventName: env.GITHUB_EVENT_NAME ?? 'push',
        defaultBranch: event.repository?.default_branch ?? 'main',
        fromFork: headRepo !== undefined && headRepo !== repository,
        pullRequest: event.pull_request?.number,
        workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
        runnerTemp: env.RUNNER_TEMP ?? '',
        ...(env.FLAKEGUARD_RUN_URL ? { runUrl: env.FLAKEGUARD_RUN_URL } : {}),
    };
}
function isOnDefaultBranch(ctx) {
    return ctx.eventName !== 'pull_request' && ctx.eventName !== 'pull_request_target'
        && ctx.ref === `refs/heads/${ctx.defaultBranch}`;
}
/**
 * The identity of this job's results across workflow re-runs: run id, job and the user's job key
 * (matrix values), plus the report patterns so that two flakeguard steps in one job stay apart.
 */
function runIdentity(ctx, jobKey, reportPatterns) {
    const extra = (0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.createHash)('sha256').update(`${jobKey}\n${reportPatterns.join('\n')}`).digest('hex').slice(0, 8);
    return `${ctx.runId}/${ctx.job}/${extra}`;
}
function runUrl(ctx) {
    if (ctx.runUrl)
        return ctx.runUrl;
    return `${ctx.serverUrl}/${ctx.repository}/actions/runs/${ctx.runId}/attempts/${ctx.runAttempt}`;
}


/***/ }),

/***/ 64389:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ko: () => (/* binding */ readInputs),
/* harmony export */   dz: () => (/* binding */ InputError),
/* harmony export */   lN: () => (/* binding */ inputsFromEnv)
/* harmony export */ });
/* harmony import */ var _owners_classmap_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(63332);
/**
 * The action's inputs, read from a getter so that the same code serves the runner (INPUT_* variables)
 * and tests (a plain object).
 */

class InputError extends Error {
}
/** Reads INPUT_* the way @actions/core does: name upper-cased, spaces → underscores. */
function inputsFromEnv(env) {
    return (name) => (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}
function parseBoolean(name, raw, fallback) {
    if (raw === '')
        return fallback;
    if (/^(true|yes|on|1)$/i.test(raw))
        return true;
    if (/^(false|no|off|0)$/i.test(raw))
        return false;
    throw new InputError(`Input '${name}' must be true or false, got '${raw}'.`);
}
function parseInteger(name, raw, fallback, min, max) {
    if (raw === '')
        return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
        throw new InputError(`Input '${name}' must be a whole number from ${min} to ${max}, got '${raw}'.`);
    }
    return value;
}
function readIssueLabel(raw) {
    const label = raw || 'flaky-test';
    if (label.length > 50 || label.includes(',')) {
        throw new InputError(`Input 'issue-label' must be a label name of at most 50 characters without a comma, got '${label.slice(0, 80)}'.`);
    }
    return label;
}
function readCodeownersMap(raw) {
    if (raw === '')
        return '';
    try {
        (0,_owners_classmap_js__WEBPACK_IMPORTED_MODULE_0__/* .parseClassMap */ .uF)(raw);
    }
    catch (error) {
        if (error instanceof _owners_classmap_js__WEBPACK_IMPORTED_MODULE_0__/* .ClassMapError */ .BR)
            throw new InputError(`Input ${error.message.replace(/^codeowners-map/, "'codeowners-map'")}.`);
        throw error;
    }
    return raw;
}
const TEST_OUTCOMES = new Set(['success', 'failure', 'cancelled', 'skipped', '']);
function readInputs(get) {
    const reports = get('reports')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'));
    if (reports.length === 0) {
        throw new InputError(`Input 'reports' is required: one glob pattern per line, e.g. 'reports/**/*.xml'.`);
    }
    const dataBranch = get('data-branch') || 'flakeguard-data';
    if (!/^[A-Za-z0-9._/-]+$/.test(dataBranch) || dataBranch.startsWith('-') || dataBranch.includes('..')) {
        throw new InputError(`Input 'data-branch' is not a valid branch name: '${dataBranch}'.`);
    }
    const testOutcome = get('test-outcome').toLowerCase();
    if (!TEST_OUTCOMES.has(testOutcome)) {
        throw new InputError(`Input 'test-outcome' must be one of success, failure, cancelled, skipped (from steps.<id>.outcome), got '${testOutcome}'.`);
    }
    return {
        reports,
        dataBranch,
        token: get('token'),
        testOutcome: testOutcome,
        createIssues: parseBoolean('create-issues', get('create-issues'), false),
        issueLabel: readIssueLabel(get('issue-label')),
        maxIssues: parseInteger('max-issues', get('max-issues'), 5, 0, 100),
        issuesDryRun: parseBoolean('issues-dry-run', get('issues-dry-run'), false),
        closeLiftsQuarantine: parseBoolean('close-lifts-quarantine', get('close-lifts-quarantine'), true),
        codeownersMap: readCodeownersMap(get('codeowners-map')),
        checkRun: parseBoolean('check-run', get('check-run'), true),
        checkName: get('check-name') || 'flakeguard',
        configPath: get('config'),
        jobKey: get('job-key'),
        remote: get('data-remote'),
        readOnly: parseBoolean('read-only', get('read-only'), false),
        pushAttempts: parseInteger('push-attempts', get('push-attempts'), 8, 1, 50),
    };
}


/***/ }),

/***/ 63798:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   P: () => (/* binding */ dataRemote)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _store_git_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(79029);
/** Which repository holds the data branch; no toolkit import, so that the main thread can ask before the step starts. */


/**
 * The repository holding the data branch: `data-remote`, else the workspace's `origin`, else this repository
 * on the GitHub server (so that a job needs no checkout, which matters for `workflow_run` jobs: docs/forks.md).
 */
async function dataRemote(inputs, ctx) {
    if (inputs.remote)
        return (0,node_path__WEBPACK_IMPORTED_MODULE_0__.isAbsolute)(inputs.remote) || /^[a-z]+:\/\//.test(inputs.remote) ? inputs.remote : (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(ctx.workspace, inputs.remote);
    try {
        return await (0,_store_git_js__WEBPACK_IMPORTED_MODULE_1__/* .originUrl */ .sH)(ctx.workspace);
    }
    catch {
        return `${ctx.serverUrl}/${ctx.repository}.git`;
    }
}


/***/ }),

/***/ 84863:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ readModeInputs)
/* harmony export */ });
/* unused harmony export readExpectedShards */
/* harmony import */ var _config_inputs_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(64389);
/**
 * Inputs of the matrix, aggregate and fork modes (docs/matrix.md, docs/forks.md). Read on every run, so this
 * module stays small and imports nothing heavy; the modes themselves are loaded only when chosen.
 */

const MODES = ['run', 'upload', 'aggregate', 'ingest-workflow-run'];
function readModeInputs(get) {
    const modeRaw = (get('mode') || 'run').toLowerCase();
    if (!MODES.includes(modeRaw)) {
        throw new _config_inputs_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input 'mode' must be one of ${MODES.join(', ')}, got '${modeRaw.slice(0, 80)}'.`);
    }
    const splitRaw = (get('split-history-by') || 'none').toLowerCase();
    if (splitRaw !== 'none' && splitRaw !== 'job-key') {
        throw new _config_inputs_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input 'split-history-by' must be 'job-key' or 'none', got '${splitRaw.slice(0, 80)}'.`);
    }
    const uploadRaw = get('upload-results');
    let uploadResults = true;
    if (uploadRaw !== '') {
        if (/^(true|yes|on|1)$/i.test(uploadRaw))
            uploadResults = true;
        else if (/^(false|no|off|0)$/i.test(uploadRaw))
            uploadResults = false;
        else
            throw new _config_inputs_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input 'upload-results' must be true or false, got '${uploadRaw.slice(0, 80)}'.`);
    }
    const inputs = { mode: modeRaw, splitHistoryBy: splitRaw, uploadResults };
    const expected = readExpectedShards(get('expected-shards'));
    if (expected)
        inputs.expectedShards = expected;
    return inputs;
}
/**
 * `expected-shards`: a whole number (`4`), or one job key per line, as JSON (`{"os":"macos-latest"}`) or as
 * `key=value` pairs (`os=macos-latest, node=22`), or a job name. Lines starting with `#` are comments.
 */
function readExpectedShards(raw) {
    const text = raw.trim();
    if (text === '')
        return undefined;
    if (/^\d+$/.test(text)) {
        const count = Number(text);
        if (count < 1 || count > 256)
            throw new _config_inputs_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input 'expected-shards' must be from 1 to 256 shards, got ${count}.`);
        return { count };
    }
    // A JSON array of keys (e.g. written with toJSON) or of matrix objects.
    if (text.startsWith('[')) {
        let parsed;
        try {
            parsed = JSON.parse(text);
        }
        catch {
            throw new _config_inputs_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input 'expected-shards' starts with '[' but is not a JSON array.`);
        }
        if (!Array.isArray(parsed) || parsed.length === 0)
            throw new _config_inputs_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input 'expected-shards' must list at least one shard.`);
        return { keys: checkKeys(parsed.map((k) => (typeof k === 'string' ? k : JSON.stringify(k)))) };
    }
    const keys = [];
    let current = '';
    // Multi-line JSON objects (pretty-printed toJSON(matrix)) are joined until their braces close.
    for (const line of text.split(/\r?\n/)) {
        const trimmed = line.trim();
        if (current === '' && (trimmed === '' || trimmed.startsWith('#')))
            continue;
        current = current === '' ? trimmed : `${current} ${trimmed}`;
        if (balanced(current)) {
            keys.push(current);
            current = '';
        }
    }
    if (current !== '')
        throw new _config_inputs_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input 'expected-shards' has an unterminated JSON object: '${current.slice(0, 80)}'.`);
    return { keys: checkKeys(keys) };
}
function balanced(text) {
    if (!text.startsWith('{'))
        return true;
    let depth = 0;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (inString) {
            if (c === '\\')
                i++;
            else if (c === '"')
                inString = false;
        }
        else if (c === '"')
            inString = true;
        else if (c === '{')
            depth++;
        else if (c === '}')
            depth--;
    }
    return depth === 0 && !inString;
}
function checkKeys(keys) {
    if (keys.length === 0)
        throw new _config_inputs_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input 'expected-shards' must list at least one shard.`);
    if (keys.length > 256)
        throw new _config_inputs_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`Input 'expected-shards' lists ${keys.length} shards; at most 256.`);
    return keys;
}


/***/ }),

/***/ 63332:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BR: () => (/* binding */ ClassMapError),
/* harmony export */   ay: () => (/* binding */ mapClassname),
/* harmony export */   uF: () => (/* binding */ parseClassMap)
/* harmony export */ });
/**
 * From a test's classname to the file that holds it, for reports that give no `file` attribute (JUnit on the
 * JVM, most xUnit dialects). Configured with the `codeowners-map` input, one rule per line:
 *
 *     com.acme.** => src/test/java/com/acme/**.java
 *     tests.*.*   => tests/*.py
 *     **          => src/test/java/**.java
 *
 * Left: a pattern over the dot-separated classname. `*` matches within one segment (no dot), `**` matches one or
 * more whole segments. Right: a path template; its wildcards take the left side's matches in order, `**` with
 * dots turned into slashes, `*` verbatim. The first rule that matches wins. A nested class (`Outer$Inner`) is
 * looked up as its outer class (`Outer`), whose file holds it.
 */
class ClassMapError extends Error {
}
const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
function compileFrom(from, line) {
    let captures = 0;
    const segs = from.split('.').map((seg) => {
        if (seg === '')
            throw new ClassMapError(`codeowners-map line ${line}: empty segment in '${from}'`);
        if (seg === '**') {
            captures++;
            return '(.+)';
        }
        if (seg.includes('**'))
            throw new ClassMapError(`codeowners-map line ${line}: '**' must be a whole segment in '${from}'`);
        const pieces = seg.split('*');
        captures += pieces.length - 1;
        return pieces.map(escapeRegex).join('([^.]*)');
    });
    return { regex: new RegExp(`^${segs.join('\\.')}$`), captures };
}
function compileTemplate(to) {
    const out = [];
    const re = /\*\*|\*/g;
    let last = 0;
    for (let m = re.exec(to); m; m = re.exec(to)) {
        if (m.index > last)
            out.push({ text: to.slice(last, m.index) });
        out.push({ wildcard: m[0] });
        last = m.index + m[0].length;
    }
    if (last < to.length)
        out.push({ text: to.slice(last) });
    return out;
}
/** Parses the `codeowners-map` input; throws ClassMapError naming the line. */
function parseClassMap(text) {
    const rules = [];
    text.split(/\r?\n/).forEach((raw, index) => {
        const line = index + 1;
        const trimmed = raw.trim();
        if (trimmed === '' || trimmed.startsWith('#'))
            return;
        const arrow = trimmed.indexOf('=>');
        if (arrow === -1)
            throw new ClassMapError(`codeowners-map line ${line}: expected 'classname-pattern => path-template', got '${trimmed.slice(0, 100)}'`);
        const from = trimmed.slice(0, arrow).trim();
        const to = trimmed.slice(arrow + 2).trim().replace(/^\.?\//, '');
        if (from === '' || to === '')
            throw new ClassMapError(`codeowners-map line ${line}: both sides of '=>' are needed`);
        if (/\s/.test(from))
            throw new ClassMapError(`codeowners-map line ${line}: the classname pattern '${from}' contains a space`);
        const { regex, captures } = compileFrom(from, line);
        const template = compileTemplate(to);
        const wildcards = template.filter((p) => 'wildcard' in p).length;
        if (wildcards > captures) {
            throw new ClassMapError(`codeowners-map line ${line}: the path template has ${wildcards} wildcards but '${from}' has only ${captures}`);
        }
        rules.push({ from, to, regex, template, line });
    });
    return rules;
}
/** The file of a classname by the first matching rule, or undefined. */
function mapClassname(rules, classname) {
    const outer = classname.replace(/\$.*$/, '');
    if (outer === '')
        return undefined;
    for (const rule of rules) {
        const m = rule.regex.exec(outer);
        if (!m)
            continue;
        let next = 1;
        const path = rule.template
            .map((piece) => {
            if ('text' in piece)
                return piece.text;
            const value = m[next++] ?? '';
            return piece.wildcard === '**' ? value.replace(/\./g, '/') : value;
        })
            .join('');
        return { path, rule };
    }
    return undefined;
}


/***/ }),

/***/ 79029:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  nV: () => (/* binding */ DataRepo),
  sH: () => (/* binding */ originUrl)
});

// UNUSED EXPORTS: GitError, PARCEL_FILE, authEnv, blobId, inboxPrefix, isLostRace, isPermanentRefusal, pushMessage, runGit, sweepStaleClones

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/store/cleanup.ts
var cleanup = __webpack_require__(83257);
;// CONCATENATED MODULE: ./src/store/git-error.ts
/** A git command that failed, with what it printed. */
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

// EXTERNAL MODULE: external "node:buffer"
var external_node_buffer_ = __webpack_require__(4573);
;// CONCATENATED MODULE: ./src/store/cat-file.ts
/**
 * Reads blobs out of git's object store with one `git cat-file --batch`, a piece of its output at a time: each
 * blob becomes its text as soon as its bytes are in, so the step never holds the whole output in one buffer (at
 * 100k tests that buffer was 43 MB, kept alive until the write; issue #16).
 */



/**
 * Splits `git cat-file --batch` output (`<sha> <type> <size>\n<bytes>\n`, or `<name> missing\n`) into objects, fed
 * chunk by chunk. Pure: no I/O.
 */
class BatchParser {
    pending = [];
    pendingBytes = 0;
    header;
    onObject;
    constructor(onObject) {
        this.onObject = onObject;
    }
    push(chunk) {
        let at = 0;
        while (at < chunk.length) {
            if (!this.header) {
                const eol = chunk.indexOf(10, at);
                if (eol === -1) {
                    this.keep(chunk.subarray(at));
                    return;
                }
                const line = this.take(chunk.subarray(at, eol)).toString('latin1');
                at = eol + 1;
                const parts = line.split(' ');
                if (parts[1] === 'missing' || parts.length !== 3 || !/^\d+$/.test(parts[2]))
                    throw new GitError(`git cat-file gave '${line.slice(0, 200)}'`, '', null);
                this.header = { sha: parts[0], type: parts[1], size: Number(parts[2]) };
            }
            const need = this.header.size + 1 - this.pendingBytes; // the bytes and their newline
            if (chunk.length - at < need) {
                this.keep(chunk.subarray(at));
                return;
            }
            const whole = this.take(chunk.subarray(at, at + need));
            at += need;
            if (whole[whole.length - 1] !== 10)
                throw new GitError(`git cat-file output is out of step after ${this.header.sha}`, '', null);
            const { sha, type } = this.header;
            this.header = undefined;
            this.onObject({ sha, type, bytes: whole.subarray(0, whole.length - 1) });
        }
    }
    /** Throws when the output stopped in the middle of an object. */
    end() {
        if (this.header || this.pendingBytes > 0)
            throw new GitError('git cat-file output ended in the middle of an object', '', null);
    }
    keep(piece) {
        this.pending.push(piece);
        this.pendingBytes += piece.length;
    }
    /** What was kept plus `piece`, as one buffer; empties what was kept. */
    take(piece) {
        if (this.pending.length === 0)
            return piece;
        const all = external_node_buffer_.Buffer.concat([...this.pending, piece]);
        this.pending = [];
        this.pendingBytes = 0;
        return all;
    }
}
/** Runs `git cat-file --batch` on `shas` in `cwd`, calling `onObject` for each object in order. */
function catFileBatch(cwd, shas, env, onObject, timeoutMs = 120_000) {
    return new Promise((resolve, reject) => {
        const child = (0,external_node_child_process_.spawn)('git', ['cat-file', '--batch'], { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
        const parser = new BatchParser(onObject);
        let failed;
        let stderr = '';
        const timer = setTimeout(() => {
            failed ??= new GitError(`git cat-file timed out after ${timeoutMs} ms`, stderr, null);
            child.kill('SIGKILL');
        }, timeoutMs);
        child.stdout.on('data', (chunk) => {
            if (failed)
                return;
            try {
                parser.push(chunk);
            }
            catch (error) {
                failed = error;
                child.kill('SIGKILL');
            }
        });
        child.stderr.on('data', (chunk) => {
            if (stderr.length < 4096)
                stderr += chunk.toString();
        });
        child.on('error', (error) => {
            failed ??= new GitError(`git cat-file failed: ${error.message}`, stderr, null);
        });
        child.on('close', (code) => {
            clearTimeout(timer);
            if (!failed && code !== 0)
                failed = new GitError(`git cat-file failed: ${stderr.trim() || `exit code ${code}`}`, stderr, code);
            if (!failed) {
                try {
                    parser.end();
                }
                catch (error) {
                    failed = error;
                }
            }
            if (failed)
                reject(failed);
            else
                resolve();
        });
        child.stdin.on('error', () => undefined); // git exited early: its exit code and stderr say why
        child.stdin.end(shas.length > 0 ? `${shas.join('\n')}\n` : '');
    });
}

;// CONCATENATED MODULE: ./src/store/git.ts
/**
 * A private git repository in a temp folder that tracks the data branch of the user's remote. It never touches
 * the workspace's repository, branch or working tree.
 */






// Private clones are named `flakeguard-data-<pid>-…`, so the next run can tell a killed run's clone from a live one.




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
        writeInput(child.stdin, options.input);
    });
}
/**
 * A push the server refuses for good, not because another writer got there first: a hook or a rule declined it,
 * the branch is protected, the token may not push. Retrying cannot help, so it is not retried.
 */
function writeInput(stdin, input) {
    if (input === undefined || !stdin)
        return;
    stdin.on('error', () => undefined); // git exited early: its exit code and stderr say why
    if (typeof input === 'string' || Buffer.isBuffer(input)) {
        stdin.end(input);
        return;
    }
    for (const piece of input)
        stdin.write(piece);
    stdin.end();
}
/** `env` with one more git config entry (GIT_CONFIG_COUNT / KEY / VALUE, as authEnv sets them). */
function withConfig(env, key, value) {
    const n = Number(env.GIT_CONFIG_COUNT ?? 0);
    return { ...env, GIT_CONFIG_COUNT: String(n + 1), [`GIT_CONFIG_KEY_${n}`]: key, [`GIT_CONFIG_VALUE_${n}`]: value };
}
/** The id git gives `text` as a blob (SHA-1 of `blob <bytes>\0<bytes>`). */
function blobId(text) {
    return (0,external_node_crypto_.createHash)('sha1').update(`blob ${Buffer.byteLength(text, 'utf8')}\0`).update(text, 'utf8').digest('hex');
}
/** A path as fast-import reads it: C-style quoted when it has a character that would end or split it. */
function quotePath(path) {
    return /^[\x21-\x7e]+$/.test(path) && !path.startsWith('"') ? path : JSON.stringify(path);
}
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
/** Parked runs from `<sha> <ref>` lines, named as on the remote by `remoteName` (undefined: not a parked run), sorted. */
function parkedFrom(listing, remoteName) {
    const parked = [];
    for (const line of listing.split('\n')) {
        const [sha, ref] = line.trim().split(/\s+/);
        if (!sha || !ref)
            continue;
        const name = remoteName(ref);
        if (name !== undefined)
            parked.push({ ref: name, sha });
    }
    return parked.sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
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
        if (!entry.isDirectory() || !entry.name.startsWith(cleanup/* CLONE_PREFIX */.d1))
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
/** `Name <email>` as git would take it: GIT_AUTHOR_* / GIT_COMMITTER_* when set (the CLI sets the person's), else the bot. */
function identity(kind) {
    const clean = (text) => text.replace(/[<>\n]/g, '').trim();
    const name = clean(process.env[`GIT_${kind}_NAME`] ?? '') || 'github-actions[bot]';
    const email = clean(process.env[`GIT_${kind}_EMAIL`] ?? '') || '41898282+github-actions[bot]@users.noreply.github.com';
    return `${name} <${email}>`;
}
class DataRepo {
    /** A bare repository: the branch's files are read from and written to git's object store, never checked out. */
    dir;
    branch;
    env;
    remote;
    constructor(dir, branch, env, remote) {
        this.dir = dir;
        this.branch = branch;
        this.env = env;
        this.remote = remote;
    }
    static async open(remoteUrl, branch, token, tempRoot) {
        const root = tempRoot || (0,external_node_os_.tmpdir)();
        // Clones left behind by a crashed run on this runner (a self-hosted runner keeps RUNNER_TEMP): swept first.
        await sweepStaleClones(root);
        const dir = await (0,promises_.mkdtemp)((0,external_node_path_.join)(root, `${cleanup/* CLONE_PREFIX */.d1}${process.pid}-`));
        hookExit();
        liveClones.add(dir);
        const repo = new DataRepo(dir, branch, authEnv(remoteUrl, token), remoteUrl);
        // One process: the remote is named by its URL in each command. No template: hooks samples and the like are
        // files to copy that a private repository never uses (10-20 ms).
        await repo.git(['init', '-q', '--bare', '--template=']);
        return repo;
    }
    /**
     * A private repository another thread of this process opened (DataRepo.open) and fetched into (fetchWithInbox with
     * `inbox`): `fetched` is that fetch's result, taken by the next fetchWithInbox like a prefetch. Disposed as if opened
     * here (src/action/early-clone.ts).
     */
    static adopt(dir, remoteUrl, branch, token, inbox, fetched) {
        hookExit();
        liveClones.add(dir);
        const repo = new DataRepo(dir, branch, authEnv(remoteUrl, token), remoteUrl);
        const promise = fetched.then((result) => {
            repo.head = result.head;
            return result;
        });
        promise.catch(() => undefined);
        repo.prefetched = { inbox, promise };
        return repo;
    }
    git(args) {
        return runGit(this.dir, args, { env: this.env });
    }
    get remoteRef() {
        return `refs/remotes/origin/${this.branch}`;
    }
    /** The local branch that commits are written to and pushed from. */
    static LOCAL = 'refs/heads/flakeguard-write';
    /** The commit the fetch left at `ref`, from the ref file when git wrote one (no process), else from git. */
    async resolve(ref) {
        const loose = await (0,promises_.readFile)((0,external_node_path_.join)(this.dir, ref), 'utf8').catch(() => '');
        if (/^[0-9a-f]{40,64}\n?$/.test(loose))
            return loose.trim();
        return (await this.git(['rev-parse', '--verify', `${ref}^{commit}`])).trim();
    }
    /** Fetches the branch tip. Returns the commit, or null when the branch does not exist yet. */
    async fetchAndReset() {
        return (await this.fetchWithInbox(false)).head;
    }
    /**
     * As fetchAndReset, and with `inbox`, also fetches the runs parked under the inbox prefix (one ls-remote, one
     * fetch). Returns them sorted by ref name.
     */
    async fetchWithInbox(inbox) {
        const early = this.prefetched;
        this.prefetched = undefined;
        if (early) {
            // Taken if it asked for as much (parked runs too, when asked): the branch as of a moment ago.
            if (early.inbox || !inbox)
                return early.promise;
            await early.promise.catch(() => undefined);
        }
        return this.fetchNow(inbox);
    }
    /**
     * Starts fetching now, for the next fetchWithInbox to take: the step parses its reports while git fetches. A failure
     * is reported by that call (which the caller retries as any fetch).
     */
    prefetch(inbox) {
        const promise = this.fetchNow(inbox);
        promise.catch(() => undefined);
        this.prefetched = { inbox, promise };
    }
    prefetched;
    /**
     * One round trip in the common case: the branch (and, with `inbox`, the parked runs) fetched by name. When that
     * fails (no branch yet, or any other error), the remote is listed first, as it always was (listThenFetch).
     */
    async fetchNow(inbox) {
        const prefix = inboxPrefix(this.branch);
        try {
            await this.fetchRefs([`+refs/heads/${this.branch}:${this.remoteRef}`, ...(inbox ? [`+${prefix}*:${DataRepo.INBOX}*`] : [])]);
        }
        catch {
            return this.listThenFetch(inbox);
        }
        this.head = await this.resolve(this.remoteRef);
        if (!inbox)
            return { head: this.head, parked: [] };
        // The parked runs as fetched (`--prune` dropped those gone from the remote), named as on the remote.
        const listing = await this.git(['for-each-ref', '--format=%(objectname) %(refname)', DataRepo.INBOX]);
        return { head: this.head, parked: parkedFrom(listing, (ref) => (ref.startsWith(DataRepo.INBOX) ? prefix + ref.slice(DataRepo.INBOX.length) : undefined)) };
    }
    /** Where parked runs are fetched to in the private repository. */
    static INBOX = 'refs/flakeguard-inbox/';
    async listThenFetch(inbox) {
        const prefix = inboxPrefix(this.branch);
        const patterns = [`refs/heads/${this.branch}`, ...(inbox ? [`${prefix}*`] : [])];
        const listing = await this.git(['ls-remote', this.remote, ...patterns]);
        const tip = listing.split('\n').map((line) => line.trim().split(/\s+/)).find(([sha, ref]) => sha && ref === `refs/heads/${this.branch}`)?.[0];
        const parked = inbox ? parkedFrom(listing, (ref) => (ref.startsWith(prefix) ? ref : undefined)) : [];
        const refspecs = [...(tip ? [`+refs/heads/${this.branch}:${this.remoteRef}`] : []), ...(parked.length > 0 ? [`+${prefix}*:${DataRepo.INBOX}*`] : [])];
        if (refspecs.length > 0)
            await this.fetchRefs(refspecs);
        this.head = tip ? await this.resolve(this.remoteRef) : null;
        return { head: this.head, parked };
    }
    /** unpackLimit 1: the fetched pack is kept as it came (indexed), not unpacked into loose objects one by one. */
    async fetchRefs(refspecs) {
        await runGit(this.dir, ['fetch', '-q', '--no-tags', '--prune', '--depth=1', this.remote, ...refspecs], { env: withConfig(this.env, 'fetch.unpackLimit', '1') });
    }
    /** The commit last fetched (null: the branch does not exist yet). */
    head = null;
    /**
     * The files of the commit last fetched (path → text), read from git's object store in two processes: the tree's
     * listing, then every blob in one batch. Regular files only, as a checkout would give them.
     */
    async readFiles() {
        const files = new Map();
        const entries = await this.treeBlobs();
        if (entries.length === 0)
            return files;
        const byPath = new Map(entries.map((e) => [e.sha, e.path]));
        const shas = [...new Set(entries.map((e) => e.sha))];
        const texts = new Map();
        await catFileBatch(this.dir, shas, this.env, ({ sha, type, bytes }) => {
            if (type !== 'blob' || !byPath.has(sha))
                throw new GitError(`git cat-file gave '${sha} ${type}' for ${byPath.get(sha) ?? 'an object not asked for'}`, '', null);
            texts.set(sha, bytes.toString('utf8'));
        });
        for (const { sha, path } of entries) {
            const text = texts.get(sha);
            if (text === undefined)
                throw new GitError(`git cat-file gave nothing for ${path}`, '', null);
            files.set(path, text);
        }
        // Emptied, not just dropped: a stale reference to it (git's child process, a frame's slot) would hold every text.
        texts.clear();
        return files;
    }
    /** The regular files of the commit last fetched, with their blob ids (none without a head). Remembered per head. */
    async treeBlobs() {
        const head = this.head;
        if (!head)
            return [];
        if (this.blobs?.head === head)
            return [...this.blobs.byPath].map(([path, sha]) => ({ path, sha }));
        const listing = await this.git(['ls-tree', '-r', '-z', '--full-tree', head]);
        const entries = [];
        for (const entry of listing.split('\0')) {
            if (!entry)
                continue;
            const tab = entry.indexOf('\t');
            const [mode, type, sha] = entry.slice(0, tab).split(' ');
            if (type !== 'blob' || (mode !== '100644' && mode !== '100755'))
                continue;
            entries.push({ sha: sha, path: entry.slice(tab + 1) });
        }
        this.blobs = { head, byPath: new Map(entries.map((e) => [e.path, e.sha])) };
        return entries;
    }
    /**
     * Commits `files` as the branch's new content, on top of the commit last fetched (compared with its blobs by id), in one
     * git process (fast-import) that writes only what changed. Returns false when nothing changed. With `root`, the
     * commit has no parent: the branch's past is squashed away (compaction).
     */
    async commitFiles(files, message, options = {}) {
        const root = options.root === true || this.head === null;
        const before = root ? new Map() : new Map((await this.treeBlobs()).map((e) => [e.path, e.sha]));
        const changed = [...files].filter(([path, text]) => root || before.get(path) !== blobId(text));
        const deleted = root ? [] : [...before.keys()].filter((path) => !files.has(path));
        if (!root && changed.length === 0 && deleted.length === 0)
            return false;
        const chunks = [];
        const data = (text) => {
            chunks.push(`data ${Buffer.byteLength(text, 'utf8')}\n`, text, '\n');
        };
        const when = `${Math.floor(Date.now() / 1000)} +0000`;
        chunks.push(`commit ${DataRepo.LOCAL}\nmark :1\nauthor ${identity('AUTHOR')} ${when}\ncommitter ${identity('COMMITTER')} ${when}\n`);
        data(message);
        if (root)
            chunks.push('deleteall\n');
        else
            chunks.push(`from ${this.head}\n`);
        for (const path of deleted)
            chunks.push(`D ${quotePath(path)}\n`);
        for (const [path, text] of changed) {
            chunks.push(`M 100644 inline ${quotePath(path)}\n`);
            data(text);
        }
        chunks.push('\ndone\n');
        const marks = (0,external_node_path_.join)(this.dir, 'flakeguard-marks');
        // zlib level 1: the branch's text compresses well at any level, and level 6 costs several times the CPU (issue #16).
        // unpackLimit 1: the pack is kept as written; below the default (100 objects, i.e. every write) git unpacks it
        // into loose objects in another process, compressing each again (~50 ms at 10k tests).
        // --depth=0: no deltas. fast-import deltifies each blob against the one written before it (another shard): at 100k
        // tests that doubled its time (265 vs 121 ms) for a pack 1.3% smaller (docs/benchmarks.md, session 8).
        const env = withConfig(withConfig(this.env, 'core.compression', '1'), 'fastimport.unpackLimit', '1');
        await runGit(this.dir, ['fast-import', '--quiet', '--done', '--force', '--depth=0', `--export-marks=${marks}`], { env, input: chunks });
        const mark = /^:1 ([0-9a-f]+)/m.exec(await (0,promises_.readFile)(marks, 'utf8'));
        if (!mark)
            throw new GitError('git fast-import wrote no commit', '', null);
        this.written = mark[1];
        return true;
    }
    /** The commit commitFiles wrote last. */
    written;
    /** The blobs of the commit last read (path → blob id): what commitFiles compares with, so the old texts need not be kept. */
    blobs;
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
                await this.git(['push', '-q', '--porcelain', this.remote, `${commit}:${ref}`]);
                return { pushed: true, commit, ref };
            }
            catch (error) {
                // Parked before (the same attempt ran this step twice): the parcel is there, which is all that matters.
                const listing = await this.git(['ls-remote', this.remote, ref]).catch(() => '');
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
        const args = ['push', '-q', '--porcelain', ...parked.map((p) => `--force-with-lease=${p.ref}:${p.sha}`), this.remote, ...parked.map((p) => `:${p.ref}`)];
        try {
            await this.git(args);
            return { deleted: parked.map((p) => p.ref) };
        }
        catch (error) {
            // Some were deleted by another writer meanwhile (or by this push): what is gone is folded, whoever deleted it.
            const left = await this.git(['ls-remote', this.remote, ...parked.map((p) => p.ref)]).catch(() => undefined);
            const message = (error instanceof GitError ? error.stderr : String(error)).trim().split('\n').slice(-2).join(' ');
            if (left === undefined)
                return { deleted: [], error: message };
            const still = new Set(left.split('\n').map((l) => l.trim().split(/\s+/)[1]).filter(Boolean));
            return { deleted: parked.filter((p) => !still.has(p.ref)).map((p) => p.ref), ...(still.size > 0 ? { error: message } : {}) };
        }
    }
    /**
     * Pushes the commit commitFiles wrote as the branch; a non-fast-forward is reported as rejected so the caller
     * can retry. With `replacing`, the commit is a fresh root that replaces exactly that head: `--force-with-lease`
     * makes the push fail, rather than overwrite, when another writer moved the branch meanwhile.
     */
    async push(options = {}) {
        const args = ['push', '-q', '--porcelain', this.remote, `${DataRepo.LOCAL}:refs/heads/${this.branch}`];
        if (options.replacing)
            args.splice(3, 0, `--force-with-lease=refs/heads/${this.branch}:${options.replacing}`);
        try {
            // Whole objects: the history shards change every run, a delta search would cost more than it saves.
            await runGit(this.dir, args, { env: withConfig(this.env, 'pack.window', '0') });
            return { pushed: true, commit: this.written ?? (await this.git(['rev-parse', DataRepo.LOCAL])).trim() };
        }
        catch (error) {
            const stderr = error instanceof GitError ? `${error.stdout}\n${error.stderr}\n${error.message}` : String(error);
            const permanent = isPermanentRefusal(stderr);
            return { pushed: false, rejected: !permanent && isLostRace(stderr), permanent, message: pushMessage(stderr) };
        }
    }
    async dispose() {
        await this.prefetched?.promise.catch(() => undefined);
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
