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
    return ctx.eventName !== 'pull_request' && ctx.eventName !== 'pull_request_target' && ctx.ref === `refs/heads/${ctx.defaultBranch}`;
}
/**
 * The identity of this job's results across workflow re-runs: run id, job and the user's job key
 * (matrix values), plus the report patterns so that two flakeguard steps in one job stay apart.
 */
function runIdentity(ctx, jobKey, reportPatterns) {
    const extra = (0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.createHash)('sha256')
        .update(`${jobKey}\n${reportPatterns.join('\n')}`)
        .digest('hex')
        .slice(0, 8);
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
        inboxKey: get('inbox-key'),
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
        const to = trimmed
            .slice(arrow + 2)
            .trim()
            .replace(/^\.?\//, '');
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

/***/ 5586:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   O: () => (/* binding */ renderDecisions),
/* harmony export */   gr: () => (/* binding */ MAX_EVENTS_PER_TEST),
/* harmony export */   nc: () => (/* binding */ parseDecisions),
/* harmony export */   oJ: () => (/* binding */ MAX_REASON_CHARS),
/* harmony export */   z0: () => (/* binding */ DECISIONS_FILE)
/* harmony export */ });
/* unused harmony exports DECISION_KINDS, readTestDecisions */
/* harmony import */ var _layout_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9900);
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
    const { value, problems } = (0,_layout_js__WEBPACK_IMPORTED_MODULE_0__/* .parseLineObject */ .N)(DECISIONS_FILE, text, 'tests');
    if (!value)
        return { problems };
    const head = value.root;
    if (value.schema > _layout_js__WEBPACK_IMPORTED_MODULE_0__/* .SCHEMA_VERSION */ .f$) {
        return { problems: [{ file: DECISIONS_FILE, line: 1, message: `written in schema ${value.schema} by a newer flakeguard; this version reads schemas up to ${_layout_js__WEBPACK_IMPORTED_MODULE_0__/* .SCHEMA_VERSION */ .f$}` }] };
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
            found.push({
                file: DECISIONS_FILE,
                line: value.lineOf(id),
                message: `the entry of ${JSON.stringify(id).slice(0, 200)} is not in the documented form; it is kept as written and no decision is recorded for this test until it is fixed or deleted`,
            });
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
    return `{"schema": ${_layout_js__WEBPACK_IMPORTED_MODULE_0__/* .SCHEMA_VERSION */ .f$}, "from": ${log.from}, "tests": {\n${body.join(',\n')}\n}}\n`;
}


/***/ }),

/***/ 79029:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  nV: () => (/* binding */ DataRepo),
  r6: () => (/* binding */ inboxPrefix),
  sH: () => (/* binding */ originUrl),
  bw: () => (/* binding */ refusedPrefix)
});

// UNUSED EXPORTS: GitError, PARCEL_FILE, SEAL_FILE, authEnv, blobId, isLostRace, isPermanentRefusal, pushMessage, runGit, sweepStaleClones

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

// EXTERNAL MODULE: ./src/store/owned.ts
var owned = __webpack_require__(8924);
// EXTERNAL MODULE: ./src/store/layout.ts + 1 modules
var layout = __webpack_require__(9900);
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
    return (0,external_node_crypto_.createHash)('sha1')
        .update(`blob ${Buffer.byteLength(text, 'utf8')}\0`)
        .update(text, 'utf8')
        .digest('hex');
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
    const lines = output
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
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
/** The parcel's seal, next to it in the parked run's commit (src/store/parcel.ts, sealParcel). */
const SEAL_FILE = 'flakeguard-parcel.seal';
/** Where refused parked runs are moved aside: never read by a writer, kept for a person to look at and delete. */
function refusedPrefix(branch) {
    return `refs/heads/${branch}-refused/`;
}
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
        const tip = listing
            .split('\n')
            .map((line) => line.trim().split(/\s+/))
            .find(([sha, ref]) => sha && ref === `refs/heads/${this.branch}`)?.[0];
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
     * The files flakeguard owns (src/store/owned.ts) in the commit last fetched (path → text), read from git's object
     * store in two processes: the tree's listing, then their blobs in one batch. Regular files only, as a checkout would
     * give them; a person's files are never read.
     */
    async readFiles() {
        const files = new Map();
        let entries = (await this.treeEntries()).filter((e) => (0,owned/* isRegularFile */.Ze)(e.mode) && (0,owned/* ownsPath */.zq)(e.path));
        if (entries.length === 0)
            return files;
        // A data file above its size bound is not read: it is named as too large (parseSnapshot damages the branch).
        if (entries.some((e) => (e.size ?? 0) > (layout/* MAX_FILE_BYTES */.gZ.get(e.path) ?? Infinity))) {
            for (const e of entries)
                if ((e.size ?? 0) > (layout/* MAX_FILE_BYTES */.gZ.get(e.path) ?? Infinity))
                    (0,layout/* markTooLarge */.x)(files, e.path, e.size ?? 0);
            entries = entries.filter((e) => (e.size ?? 0) <= (layout/* MAX_FILE_BYTES */.gZ.get(e.path) ?? Infinity));
        }
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
    /**
     * The owned paths of the commit last fetched that are not what flakeguard writes there (a symbolic link, a
     * submodule, a folder; an owned folder that is not one), with what they are: never replaced (src/store/owned.ts).
     */
    async blockedPaths() {
        return (0,owned/* blockedPaths */.vx)(await this.treeEntries());
    }
    /** Every entry of the commit last fetched (none without a head): blobs and gitlinks, recursively. Remembered per head. */
    async treeEntries() {
        const head = this.head;
        if (!head)
            return [];
        if (this.tree?.head === head)
            return this.tree.entries;
        // -l: each blob's size, so that a file too large to read is known before it is read.
        const listing = await this.git(['ls-tree', '-r', '-z', '-l', '--full-tree', head]);
        const entries = [];
        for (const entry of listing.split('\0')) {
            if (!entry)
                continue;
            const tab = entry.indexOf('\t');
            const [mode, type, sha, size] = entry.slice(0, tab).split(/ +/);
            entries.push({ mode: mode, type: type, sha: sha, path: entry.slice(tab + 1), size: size === '-' ? 0 : Number(size) });
        }
        this.tree = { head, entries };
        return entries;
    }
    /**
     * Commits `files` as the new content of the paths flakeguard owns, on the tree of the commit last fetched, in one git
     * process (fast-import) that writes only what changed (compared with the tree's blobs by id). An owned path not in
     * `files` is deleted; every other entry of the tree (a person's files, links, submodules) is carried by its id and
     * mode, never read, and an owned path that is not a regular file (blockedPaths) is never replaced. Returns false when
     * nothing changed. With `root`, the commit has no parent: the branch's past is squashed away (compaction), its
     * content is not.
     */
    async commitFiles(files, message, options = {}) {
        for (const path of files.keys()) {
            if (!(0,owned/* ownsPath */.zq)(path))
                throw new GitError(`flakeguard writes only the paths it owns on the data branch, and ${path} is not one of them`, '', null);
        }
        const root = options.root === true || this.head === null;
        const entries = await this.treeEntries();
        const before = new Map(entries.map((e) => [e.path, e]));
        const blocked = (0,owned/* blockedPaths */.vx)(entries);
        const writable = (path) => !blocked.has(path) && !blocked.has(path.slice(0, Math.max(0, path.lastIndexOf('/'))));
        const changed = [...files].filter(([path, text]) => writable(path) && before.get(path)?.sha !== blobId(text));
        const deleted = entries.filter((e) => (0,owned/* ownsPath */.zq)(e.path) && (0,owned/* isRegularFile */.Ze)(e.mode) && !files.has(e.path)).map((e) => e.path);
        if (!root && changed.length === 0 && deleted.length === 0)
            return false;
        const chunks = [];
        const data = (text) => {
            chunks.push(`data ${Buffer.byteLength(text, 'utf8')}\n`, text, '\n');
        };
        const when = `${Math.floor(Date.now() / 1000)} +0000`;
        chunks.push(`commit ${DataRepo.LOCAL}\nmark :1\nauthor ${identity('AUTHOR')} ${when}\ncommitter ${identity('COMMITTER')} ${when}\n`);
        data(message);
        if (!root)
            chunks.push(`from ${this.head}\n`);
        // A fresh root starts from the head's whole tree (every entry, whatever its mode or name), not from nothing.
        else if (this.head)
            chunks.push(`M 040000 ${(await this.git(['rev-parse', '--verify', `${this.head}^{tree}`])).trim()} ""\n`);
        for (const path of deleted)
            chunks.push(`D ${quotePath(path)}\n`);
        for (const [path, text] of changed) {
            // An executable bit set on an owned file is kept.
            chunks.push(`M ${before.get(path)?.mode === '100755' ? '100755' : '100644'} inline ${quotePath(path)}\n`);
            data(text);
        }
        chunks.push('\ndone\n');
        const marks = (0,external_node_path_.join)(this.dir, 'flakeguard-marks');
        // zlib level 1: the branch's text compresses well at any level, and level 6 costs several times the CPU (issue #16).
        // unpackLimit 1: the pack is kept as written; below the default (100 objects, i.e. every write) git unpacks it
        // into loose objects in another process, compressing each again (~50 ms at 10k tests).
        // --depth=0: no deltas. fast-import would deltify each blob against the one written before it, another shard, which
        // shares little with it: at 100k tests that doubles its time (265–269 vs 121 ms) for a pack 1.3% smaller
        // (docs/benchmarks-archive.md#issue-16-work-in-proportion-to-what-changed, "`fast-import` writes without deltas").
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
    /** The entries of the commit last read: what commitFiles compares with and carries, so no text need be kept. */
    tree;
    /**
     * The parcels (and seals) of parked runs, in the order given: two git processes for any number of them (which
     * files each commit holds and their sizes, then the blobs). A parcel file over `maxBytes` is not read (its size is
     * given); a missing file (a ref that is not a parcel, or one deleted meanwhile) is left undefined. Once the parcels
     * read hold `budget` bytes, the rest are `deferred` (not read now; the first is always read).
     */
    async readParcels(parked, maxBytes, budget = Infinity) {
        const names = parked.flatMap((p) => [`${p.sha}:${PARCEL_FILE}`, `${p.sha}:${SEAL_FILE}`]);
        if (names.length === 0)
            return [];
        const listing = (await runGit(this.dir, ['cat-file', '--batch-check'], { env: this.env, input: `${names.join('\n')}\n` })).split('\n');
        const found = names.map((_, i) => {
            const [sha, type, size] = (listing[i] ?? '').split(' ');
            return type === 'blob' && sha && /^\d+$/.test(size ?? '') ? { sha, size: Number(size) } : undefined;
        });
        let total = 0;
        let deferFrom = parked.length;
        for (let i = 0; i < parked.length; i++) {
            const size = found[2 * i]?.size ?? 0;
            if (size > maxBytes)
                continue;
            if (i > 0 && total + size > budget) {
                deferFrom = i;
                break;
            }
            total += size;
        }
        const wanted = [...new Set(found.filter((f, i) => f !== undefined && i < 2 * deferFrom && f.size <= (i % 2 === 0 ? maxBytes : 4096)).map((f) => f.sha))];
        const texts = new Map();
        if (wanted.length > 0)
            await catFileBatch(this.dir, wanted, this.env, ({ sha, bytes }) => void texts.set(sha, bytes.toString('utf8')));
        return parked.map((_, i) => {
            if (i >= deferFrom)
                return { deferred: true };
            const parcel = found[2 * i];
            const seal = found[2 * i + 1];
            const text = parcel ? texts.get(parcel.sha) : undefined;
            const sealText = seal ? texts.get(seal.sha) : undefined;
            return { ...(text !== undefined ? { text } : {}), ...(sealText !== undefined ? { seal: sealText } : {}), ...(parcel && text === undefined ? { bytes: parcel.size } : {}) };
        });
    }
    /**
     * Moves refused parked runs aside: each to `<data branch>-refused/<name>-<commit>` (kept for a person to look at),
     * its inbox branch deleted only if it still points where it did when read, in atomic pushes of up to 100 (a push's
     * arguments stay small however many there are). Returns the refs moved (inbox ref → where), and why some were not.
     */
    async setAsideParked(parked) {
        const prefix = inboxPrefix(this.branch);
        const moved = new Map();
        let error;
        for (let at = 0; at < parked.length; at += 100) {
            const chunk = parked.slice(at, at + 100);
            const aside = new Map(chunk.map((p) => [p.ref, `${refusedPrefix(this.branch)}${p.ref.slice(prefix.length)}-${p.sha.slice(0, 12)}`]));
            const args = ['push', '-q', '--porcelain', '--atomic', ...chunk.map((p) => `--force-with-lease=${p.ref}:${p.sha}`), this.remote];
            for (const p of chunk)
                args.push(`+${p.sha}:${aside.get(p.ref)}`, `:${p.ref}`);
            try {
                await this.git(args);
                for (const [ref, to] of aside)
                    moved.set(ref, to);
            }
            catch (failure) {
                error ??= pushMessage(failure instanceof GitError ? `${failure.stdout}\n${failure.stderr}\n${failure.message}` : String(failure));
            }
        }
        return { moved, ...(error !== undefined ? { error } : {}) };
    }
    /**
     * Parks a run: pushes a root commit holding only its parcel as a new branch under the inbox prefix. The name is
     * the run's own (run key and attempt), so no other writer pushes it and the push cannot lose a race.
     */
    async park(name, text, message, seal) {
        const ref = `${inboxPrefix(this.branch)}${name}`;
        try {
            const blob = (await runGit(this.dir, ['hash-object', '-w', '--stdin'], { env: this.env, input: text })).trim();
            let entries = `100644 blob ${blob}\t${PARCEL_FILE}\n`;
            if (seal !== undefined)
                entries += `100644 blob ${(await runGit(this.dir, ['hash-object', '-w', '--stdin'], { env: this.env, input: seal })).trim()}\t${SEAL_FILE}\n`;
            const tree = (await runGit(this.dir, ['mktree'], { env: this.env, input: entries })).trim();
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
            const still = new Set(left
                .split('\n')
                .map((l) => l.trim().split(/\s+/)[1])
                .filter(Boolean));
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


/***/ }),

/***/ 9900:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  rE: () => (/* binding */ HISTORY_DIR),
  gZ: () => (/* binding */ MAX_FILE_BYTES),
  fg: () => (/* binding */ META_FILE),
  Ct: () => (/* binding */ RUNS_FILE),
  f$: () => (/* binding */ SCHEMA_VERSION),
  ae: () => (/* binding */ historyPath),
  x: () => (/* binding */ markTooLarge),
  WL: () => (/* binding */ overrideExpired),
  N: () => (/* binding */ parseLineObject),
  By: () => (/* binding */ parseMeta),
  qQ: () => (/* binding */ parseOverride),
  IZ: () => (/* binding */ renderLineObject),
  aW: () => (/* binding */ renderMeta),
  aE: () => (/* binding */ renderStatsShard),
  tS: () => (/* binding */ shardCountFor),
  IS: () => (/* binding */ shardOf),
  Zf: () => (/* binding */ statsPath),
  Le: () => (/* binding */ tooLargeIn)
});

// UNUSED EXPORTS: TESTS_PER_SHARD, readUntil, shardName

;// CONCATENATED MODULE: ./src/store/strict-json.ts
/**
 * Strict JSON for the files of the data branch, which people edit by hand (docs/data-branch.md, "A broken file").
 * Pure; no Node import (the dashboard's page reads the same files).
 *
 * JSON.parse accepts two things a person's edit must never do silently:
 * - **a key written twice** in one object: it keeps the last and drops the other without a word (a `"never"` added
 *   above a test's own stats line was ignored, then deleted; a second history line wiped a test's earlier runs). Here
 *   it is a fault naming both lines.
 * - **nesting without limit**: JSON.parse itself copes, but JSON.stringify, structuredClone and every recursive reader
 *   overflow the stack on a value 20,000 levels deep. Here a value deeper than MAX_JSON_DEPTH is a fault naming its
 *   line; nothing deeper is ever handed on.
 *
 * Fast path (every run reads every file; ADR 0141): JSON.parse, then the number of key tokens in the text (a jump
 * from quote to quote) against the number of keys in the parsed value (a walk with an explicit stack that stops
 * below MAX_JSON_DEPTH). Equal counts mean no object lost a key. Only when they differ, or the walk goes too deep,
 * does a character-by-character scan find where: linear time, memory bounded by the keys of the open objects.
 */
/** The deepest a value of a data-branch file may nest (the root object is level 1). flakeguard writes 5 at most. */
const MAX_JSON_DEPTH = 64;
/**
 * The fault of a text JSON.parse accepted (`value` is what it returned), or undefined when the text has no key
 * written twice and nests at most MAX_JSON_DEPTH levels. A leading BOM must already be stripped.
 */
function strictJsonFault(text, value) {
    const parsed = countKeys(value);
    if (parsed !== undefined && parsed === countKeyTokens(text))
        return undefined;
    return locateFault(text);
}
/** JSON.parse with strictJsonFault's rules: throws a SyntaxError for a text that is not JSON, as JSON.parse does. */
function parseStrictJson(text) {
    const value = JSON.parse(text);
    const fault = strictJsonFault(text, value);
    return fault ? { value: undefined, fault } : { value };
}
/** The keys of every object in `value`, or undefined when it nests deeper than MAX_JSON_DEPTH. */
function countKeys(value) {
    if (typeof value !== 'object' || value === null)
        return 0;
    let keys = 0;
    const values = [value];
    const depths = [1];
    while (values.length > 0) {
        const v = values.pop();
        const depth = depths.pop();
        if (depth > MAX_JSON_DEPTH)
            return undefined;
        if (Array.isArray(v)) {
            for (let i = 0; i < v.length; i++) {
                const x = v[i];
                if (typeof x === 'object' && x !== null) {
                    values.push(x);
                    depths.push(depth + 1);
                }
            }
        }
        else {
            for (const k in v) {
                keys++;
                const x = v[k];
                if (typeof x === 'object' && x !== null) {
                    values.push(x);
                    depths.push(depth + 1);
                }
            }
        }
    }
    return keys;
}
/** True when the quote at `at` is escaped (an odd number of backslashes before it). */
function escaped(text, at) {
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === 92)
        slashes++;
    return (slashes & 1) === 1;
}
/** The closing quote of the string opened at `open`, or -1. */
function closingQuote(text, open) {
    let close = text.indexOf('"', open + 1);
    while (close !== -1 && escaped(text, close))
        close = text.indexOf('"', close + 1);
    return close;
}
/** The first character after `at` that is not JSON whitespace. */
function nextToken(text, at) {
    let c = text.charCodeAt(at);
    while (c === 32 || c === 10 || c === 13 || c === 9)
        c = text.charCodeAt(++at);
    return c;
}
/** Strings followed by `:` in valid JSON text: its object keys. Outside strings, valid JSON has no quote. */
function countKeyTokens(text) {
    let keys = 0;
    let open = text.indexOf('"');
    while (open !== -1) {
        const close = closingQuote(text, open);
        if (close === -1)
            break;
        if (nextToken(text, close + 1) === 58)
            keys++;
        open = text.indexOf('"', close + 1);
    }
    return keys;
}
function lineAt(text, offset) {
    let line = 1;
    for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1))
        line++;
    return line;
}
/** The first key written twice or level too deep, scanning valid JSON text once (iteratively). */
function locateFault(text) {
    // One frame per open object (its keys → offset of their first occurrence) or array (null).
    const frames = [];
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 34) {
            const close = closingQuote(text, i);
            if (close === -1)
                return undefined;
            const keys = frames[frames.length - 1];
            if (keys && nextToken(text, close + 1) === 58) {
                const raw = text.slice(i + 1, close);
                const key = raw.includes('\\') ? JSON.parse(text.slice(i, close + 1)) : raw;
                const first = keys.get(key);
                if (first !== undefined) {
                    const [a, b] = [lineAt(text, first), lineAt(text, i)];
                    const where = a === b ? `twice on line ${b}` : `twice, on lines ${a} and ${b}`;
                    return {
                        line: b,
                        message: `${JSON.stringify(key).slice(0, 200)} is written ${where}: JSON would silently keep only the last one, so neither is read; delete the one you do not mean`,
                    };
                }
                keys.set(key, i);
            }
            i = close;
        }
        else if (c === 123 || c === 91) {
            frames.push(c === 123 ? new Map() : null);
            if (frames.length > MAX_JSON_DEPTH) {
                return { line: lineAt(text, i), message: `a value is nested deeper than ${MAX_JSON_DEPTH} levels, which flakeguard never writes nor reads` };
            }
        }
        else if (c === 125 || c === 93) {
            frames.pop();
        }
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/store/layout.ts

/** Written by this version. Older layouts are migrated on read (src/store/migrate.ts), never rejected. */
const SCHEMA_VERSION = 3;
const META_FILE = 'flakeguard.json';
const RUNS_FILE = 'runs.json';
const TESTS_PER_SHARD = 1000;
/** FNV-1a, so that a test's shard never depends on the platform or on Node's hash seed. */
function shardOf(id, shards) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < id.length; i++) {
        hash ^= id.charCodeAt(i);
        hash = Math.imul(hash, 0x01000193);
    }
    return (hash >>> 0) % shards;
}
function shardCountFor(tests) {
    let shards = 1;
    while (shards * TESTS_PER_SHARD < tests && shards < 4096)
        shards *= 2;
    return shards;
}
function shardName(index, shards) {
    const width = Math.max(2, (shards - 1).toString(16).length);
    return index.toString(16).padStart(width, '0');
}
/** The folder of the history shards: the bulk of the branch's text. */
const HISTORY_DIR = 'history/';
function historyPath(index, shards) {
    return `${HISTORY_DIR}${shardName(index, shards)}.json`;
}
function statsPath(index, shards) {
    return `stats/${shardName(index, shards)}.json`;
}
/* ---------- files too large to read ---------- */
/**
 * The most bytes read of a data file whose size is not bounded by the tests' count: runs.json (100,000 rows of ~170
 * bytes is ~17 MB; MAX_RUN_ROWS). A larger one is not read at all, and the branch is damaged (src/store/snapshot.ts):
 * the step refuses it in bounded memory instead of holding and parsing it (docs/data-branch.md, "Bounded reading").
 */
const MAX_FILE_BYTES = new Map([[RUNS_FILE, 32 * 1024 * 1024]]);
/** The files a read left out for their size (path → bytes), by the map of files it returned. */
const leftOut = new WeakMap();
/** Records that `path` (of `bytes`) was left out of `files` for its size. */
function markTooLarge(files, path, bytes) {
    let paths = leftOut.get(files);
    if (!paths)
        leftOut.set(files, (paths = new Map()));
    paths.set(path, bytes);
}
/** The files left out of `files` for their size, path → bytes. */
function tooLargeIn(files) {
    return leftOut.get(files) ?? new Map();
}
/* ---------- line-per-entry JSON objects ---------- */
/**
 * Renders `{"schema":1,"<key>":{\n"id":value,\n...}}` with one entry per line, sorted by id, so that a hand edit
 * touches one line and git's deltas stay small.
 */
function renderLineObject(schema, key, entries) {
    const sorted = [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const lines = sorted.map(([id, value]) => `${JSON.stringify(id)}: ${JSON.stringify(value)}`);
    return `{"schema": ${schema}, "${key}": {\n${lines.join(',\n')}\n}}\n`;
}
/** Where a JSON.parse error happened, as a 1-based line, when the engine says. */
function errorLine(text, error) {
    const message = error instanceof Error ? error.message : '';
    const lineCol = /line (\d+)/.exec(message);
    if (lineCol)
        return Number(lineCol[1]);
    const position = /position (\d+)/.exec(message);
    if (position)
        return text.slice(0, Number(position[1])).split('\n').length;
    return undefined;
}
/**
 * Parses a file written by renderLineObject, or edited by hand from one. Whole-file JSON first; when that fails,
 * line by line, so the problem names the line the user broke. Strict (src/store/strict-json.ts): a key written twice
 * or a value nested too deep is a problem naming its lines, never a silent winner nor a stack overflow later.
 */
function parseLineObject(file, text, key) {
    const stripped = text.replace(/^\uFEFF/, '');
    let parsed;
    try {
        parsed = JSON.parse(stripped);
    }
    catch (error) {
        return { problems: [{ file, line: locateBrokenLine(stripped) ?? errorLine(stripped, error), message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }] };
    }
    const fault = strictJsonFault(stripped, parsed);
    if (fault)
        return { problems: [{ file, line: fault.line, message: fault.message }] };
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        return { problems: [{ file, line: 1, message: 'expected a JSON object' }] };
    }
    const record = parsed;
    const schema = typeof record.schema === 'number' ? record.schema : 1;
    const body = record[key];
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return { problems: [{ file, line: 1, message: `expected a "${key}" object` }] };
    }
    const entries = new Map();
    for (const key in body)
        entries.set(key, body[key]);
    let lines;
    const lineOf = (id) => {
        if (!lines) {
            lines = new Map();
            const rows = stripped.split('\n');
            for (let i = 0; i < rows.length; i++) {
                const match = /^\s*("(?:[^"\\]|\\.)*")\s*:/.exec(rows[i]);
                if (!match)
                    continue;
                try {
                    const key = JSON.parse(match[1]);
                    if (entries.has(key) && !lines.has(key))
                        lines.set(key, i + 1);
                }
                catch {
                    // not an entry line
                }
            }
        }
        return lines.get(id);
    };
    return { value: { root: record, schema, entries, lineOf }, problems: [] };
}
/** For a file that is not JSON, the first entry line that is not valid on its own. */
function locateBrokenLine(text) {
    const rows = text.split('\n');
    for (let i = 1; i < rows.length; i++) {
        const row = rows[i].trim();
        if (row === '' || row === '}}' || row.startsWith('{"schema"'))
            continue;
        try {
            JSON.parse(`{${row.replace(/,$/, '')}}`);
        }
        catch {
            return i + 1;
        }
    }
    return undefined;
}
/* ---------- meta ---------- */
function renderMeta(meta) {
    const ingested = Object.entries(meta.ingested).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
    const lines = ingested.map(([key, time]) => `  ${JSON.stringify(key)}: ${time}`);
    return `{"schema": ${meta.schema}, "shards": ${meta.shards}, "writes": ${meta.writes}, "ingested": {\n${lines.join(',\n')}\n}}\n`;
}
/**
 * Reads flakeguard.json strictly: it holds the ingestion keys that make ingesting the same job attempt twice count
 * once, so a field of the wrong type is a problem (the branch is then damaged, src/store/snapshot.ts), never a
 * default that would forget them.
 */
function parseMeta(text) {
    const { value, problems } = parseLineObject(META_FILE, text, 'ingested');
    if (!value)
        return { problems };
    const raw = value.root;
    const bad = (message, line = 1) => ({ problems: [{ file: META_FILE, line, message }] });
    if (!Number.isInteger(raw.schema) || raw.schema < 1)
        return bad(`"schema" must be a positive whole number, got ${JSON.stringify(raw.schema ?? null).slice(0, 40)}`);
    const schema = raw.schema;
    if (schema > SCHEMA_VERSION)
        return bad(`written in schema ${schema} by a newer flakeguard; this version reads schemas 1 to ${SCHEMA_VERSION} (update the action)`);
    if (!Number.isInteger(raw.shards) || raw.shards < 1 || raw.shards > 65536) {
        return bad(`"shards" must be a whole number from 1 to 65536, got ${JSON.stringify(raw.shards ?? null).slice(0, 40)}`);
    }
    if (raw.writes !== undefined && (!Number.isInteger(raw.writes) || raw.writes < 0)) {
        return bad(`"writes" must be a whole number, got ${JSON.stringify(raw.writes).slice(0, 40)}`);
    }
    const ingested = Object.create(null);
    for (const [key, time] of value.entries) {
        if (typeof time !== 'number' || !Number.isFinite(time)) {
            return bad(`the ingestion key ${JSON.stringify(key).slice(0, 120)} must map to a time in ms, got ${JSON.stringify(time ?? null).slice(0, 40)}`, value.lineOf(key) ?? 1);
        }
        ingested[key] = time;
    }
    return { meta: { schema, shards: raw.shards, writes: raw.writes ?? 0, ingested: { ...ingested } }, problems: [] };
}
/* ---------- stats and overrides ---------- */
/** Reads a user-written override; returns a problem message for anything we cannot honour. */
function parseOverride(raw) {
    if (raw === null || raw === undefined || raw === '')
        return { override: null };
    if (raw === 'quarantine' || raw === 'never')
        return { override: { action: raw } };
    if (typeof raw === 'string') {
        return { override: null, problem: `override must be "quarantine", "never" or null, got ${JSON.stringify(raw).slice(0, 80)}` };
    }
    if (typeof raw !== 'object' || Array.isArray(raw)) {
        return { override: null, problem: 'override must be "quarantine", "never", null or an object {"action", "reason", "until"}' };
    }
    const o = raw;
    if (o.action !== 'quarantine' && o.action !== 'never') {
        return { override: null, problem: `override.action must be "quarantine" or "never", got ${JSON.stringify(o.action ?? null).slice(0, 80)}` };
    }
    const override = { action: o.action };
    if (o.reason !== undefined) {
        if (typeof o.reason !== 'string')
            return { override: null, problem: 'override.reason must be a string' };
        override.reason = o.reason;
    }
    if (o.until !== undefined && o.until !== null) {
        const until = readUntil(o.until);
        if ('problem' in until)
            return { override: null, problem: `override.until ${until.problem}` };
        override.until = o.until;
    }
    return { override };
}
const UNTIL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2})))?$/;
/**
 * When an override's `until` ends (ms), or why it is not a date: the one check of the action (stats files) and the
 * CLI (`--until`), so that both accept and refuse the same texts with the same message. A calendar date
 * `YYYY-MM-DD` ends at the end of that day, UTC; an ISO 8601 time (`2026-12-31T18:00:00Z`, with `Z` or an offset)
 * at that time. Every field must exist on the calendar: `2026-02-30` is refused, never read as March 2nd (as
 * Date.parse does), and a time without an offset (local to whichever runner reads it) is refused.
 */
function readUntil(value) {
    const shown = JSON.stringify(value ?? null).slice(0, 80);
    const wrong = (why) => ({ problem: `must be a date like 2026-12-31 (or a time like 2026-12-31T18:00:00Z), got ${shown}${why ? `: ${why}` : ''}` });
    if (typeof value !== 'string')
        return wrong('');
    const m = UNTIL.exec(value);
    if (!m)
        return wrong('');
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (month < 1 || month > 12)
        return wrong(`there is no month ${m[2]}`);
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    if (day < 1 || day > days)
        return wrong(`${m[1]}-${m[2]} has no day ${m[3]}`);
    if (m[4] === undefined)
        return { end: Date.UTC(year, month - 1, day) + 86_400_000 - 1 };
    if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)
        return wrong('there is no such time of day');
    if (m[8] !== undefined && (Number(m[8]) > 23 || Number(m[9]) > 59))
        return wrong('there is no such UTC offset');
    const end = Date.parse(value);
    return Number.isNaN(end) ? wrong('') : { end };
}
/** An override lapses at the end of its `until` day (UTC), or at the exact time when one is given (readUntil). */
function overrideExpired(override, now) {
    if (!override.until)
        return false;
    const until = readUntil(override.until);
    // (An override is read through parseOverride, which refuses a bad `until`: one that got here lapses at once.)
    return 'problem' in until || now > until.end;
}
function renderStatsShard(lines) {
    return renderLineObject(SCHEMA_VERSION, 'tests', lines);
}


/***/ }),

/***/ 8924:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   UU: () => (/* binding */ NOJEKYLL_FILE),
/* harmony export */   V: () => (/* binding */ CLASS_MAP_FILE),
/* harmony export */   Wv: () => (/* binding */ blockedMessage),
/* harmony export */   Ze: () => (/* binding */ isRegularFile),
/* harmony export */   Zj: () => (/* binding */ isStatsShardPath),
/* harmony export */   _t: () => (/* binding */ isHistoryShardPath),
/* harmony export */   gq: () => (/* binding */ decidesFrom),
/* harmony export */   qe: () => (/* binding */ OWNERS_FILE),
/* harmony export */   vx: () => (/* binding */ blockedPaths),
/* harmony export */   xu: () => (/* binding */ PAGE_FILE),
/* harmony export */   zq: () => (/* binding */ ownsPath)
/* harmony export */ });
/* unused harmony exports README_FILE, OWNED_FILES, OWNED_FOLDERS, describeMode */
/* harmony import */ var _layout_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9900);
/* harmony import */ var _decisions_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5586);
/**
 * The paths flakeguard owns on the data branch: the only ones it reads, writes or deletes (docs/data-branch.md, "What
 * flakeguard owns"; docs/adr/0131-owned-paths.md). Every other entry of the branch (a GitHub Pages `CNAME`, a README in
 * a folder, images, symbolic links, executable scripts, submodules) is a person's: a write and a compaction carry it
 * by its blob id and mode, never reading it. Pure.
 */


const README_FILE = 'README.md';
/** The dashboard's page and GitHub Pages' switch (src/dashboard/branch-files.ts). */
const PAGE_FILE = 'index.html';
const NOJEKYLL_FILE = '.nojekyll';
/** Not at a path GitHub reads CODEOWNERS from (root, .github/, docs/): the copy owns nothing on the data branch. */
const OWNERS_FILE = 'dashboard/CODEOWNERS';
const CLASS_MAP_FILE = 'dashboard/codeowners-map';
/** The files flakeguard owns by name. */
const OWNED_FILES = [_layout_js__WEBPACK_IMPORTED_MODULE_0__/* .META_FILE */ .fg, _layout_js__WEBPACK_IMPORTED_MODULE_0__/* .RUNS_FILE */ .Ct, _decisions_js__WEBPACK_IMPORTED_MODULE_1__/* .DECISIONS_FILE */ .z0, README_FILE, PAGE_FILE, NOJEKYLL_FILE, OWNERS_FILE, CLASS_MAP_FILE];
/** Its folders: in `history/` and `stats/` it owns every `*.json` directly inside (the shards), nothing else. */
const OWNED_FOLDERS = ['history', 'stats', 'dashboard'];
const OWNED = new Set(OWNED_FILES);
const SHARD = /^(?:history|stats)\/[^/]+\.json$/;
/** True for a path flakeguard reads, writes and may delete; false for everything a person keeps beside it. */
function ownsPath(path) {
    return OWNED.has(path) || SHARD.test(path);
}
function isHistoryShardPath(path) {
    return path.startsWith('history/') && SHARD.test(path);
}
function isStatsShardPath(path) {
    return path.startsWith('stats/') && SHARD.test(path);
}
/**
 * The owned paths a run decides from (the ingestion keys, the runs, the history, the overrides), and the folders that
 * hold them. One of them that is not a regular file fails the run closed (src/store/snapshot.ts); any other owned
 * path that is not is left as it is, with an error naming it.
 */
function decidesFrom(path) {
    return path === _layout_js__WEBPACK_IMPORTED_MODULE_0__/* .META_FILE */ .fg || path === _layout_js__WEBPACK_IMPORTED_MODULE_0__/* .RUNS_FILE */ .Ct || path === 'history' || path === 'stats' || isHistoryShardPath(path) || isStatsShardPath(path);
}
function isRegularFile(mode) {
    return mode === '100644' || mode === '100755';
}
/** What an entry that is not a regular file is, for messages. */
function describeMode(mode) {
    if (mode === '120000')
        return 'a symbolic link (mode 120000)';
    if (mode === '160000')
        return 'a submodule (a gitlink, mode 160000)';
    if (mode === '040000')
        return 'a folder';
    if (isRegularFile(mode))
        return 'a regular file';
    return `an entry of mode ${mode}`;
}
/**
 * The owned paths and folders that are something flakeguard cannot write without destroying what is there, with
 * what they are: an owned file path that is a symbolic link or a submodule, or a folder (it holds entries); an owned
 * folder that is a file, a symbolic link or a submodule. Found from the tree's recursive listing (no other read).
 */
function blockedPaths(entries) {
    const blocked = new Map();
    for (const { mode, path } of entries) {
        if (OWNED_FOLDERS.includes(path) || (ownsPath(path) && !isRegularFile(mode)))
            blocked.set(path, describeMode(mode));
        // An owned file path that is a folder: an entry lies below it.
        for (let slash = path.indexOf('/'); slash > 0; slash = path.indexOf('/', slash + 1)) {
            const folder = path.slice(0, slash);
            if (ownsPath(folder))
                blocked.set(folder, 'a folder');
        }
    }
    return blocked;
}
/** Why an owned path is left as it is, after its name (an annotation names the path). */
function blockedMessage(path, what) {
    const where = OWNED_FOLDERS.includes(path) ? `where flakeguard keeps its folder ${path}/` : 'where flakeguard writes a regular file';
    const fix = decidesFrom(path) ? 'replace it with a regular file holding its content (or delete it)' : 'it is not updated until it is replaced with a regular file (or deleted)';
    return `is ${what} on the data branch, ${where}; flakeguard never replaces what is there: ${fix}`;
}


/***/ })

};
