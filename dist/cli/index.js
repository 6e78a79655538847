#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 957:
/***/ ((module, __webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   i: () => (/* binding */ main),
/* harmony export */   u: () => (/* binding */ USAGE)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__nccwpck_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _override_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(648);
/**
 * The `flakeguard` command (bundled to dist/cli/index.js; `bin` in package.json). Only wires: each command's work
 * is in its own module, loaded when chosen. docs/cli.md is its manual.
 */




const USAGE = `flakeguard: keeps flaky tests from failing CI without hiding real breakage.

Usage:
  flakeguard explain <test>                          a test's history, scores, state and why
  flakeguard quarantine <test> [--until DATE] [--reason TEXT]
                                                     force it into quarantine (a hand override)
  flakeguard release <test> [--until DATE] [--reason TEXT]
                                                     keep it out of quarantine ("override": "never")
  flakeguard release <test> --auto                  remove the hand override: the policy decides again
  flakeguard run --reports GLOB [--test-exit-code N | --test-outcome OUTCOME] [options]
                                                     the step's job on GitLab CI, Buildkite, Jenkins, CircleCI
  flakeguard summary [FILE]                          the last run's summary as terminal text

Options for every command on the data branch:
  --remote URL|PATH     the repository holding the data branch (default: this repository's 'origin')
  --data-branch NAME    default flakeguard-data
  FLAKEGUARD_TOKEN      (environment) a token for an https remote; otherwise git's own credentials are used

Options of run (each is the action input of the same name, see the README):
  --reports GLOB (repeatable), --test-outcome success|failure|cancelled|skipped, --test-exit-code N,
  --config FILE, --job-key TEXT, --split-history-by none|job-key, --read-only, --push-attempts N,
  --out-dir DIR (summary.md and outputs.json; default .flakeguard), --quiet (no summary at the end)

Test names: the full id (classname::name), or any part of it that names exactly one test.
Docs: docs/cli.md`;
const OPTIONS = {
    remote: { type: 'string' },
    'data-branch': { type: 'string' },
    until: { type: 'string' },
    reason: { type: 'string' },
    auto: { type: 'boolean' },
    reports: { type: 'string', multiple: true },
    'test-outcome': { type: 'string' },
    'test-exit-code': { type: 'string' },
    config: { type: 'string' },
    'job-key': { type: 'string' },
    'split-history-by': { type: 'string' },
    'read-only': { type: 'boolean' },
    'push-attempts': { type: 'string' },
    'out-dir': { type: 'string' },
    quiet: { type: 'boolean' },
    runs: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
};
function oneTest(positionals, command) {
    if (positionals.length !== 1 || positionals[0].trim() === '')
        throw new _override_js__WEBPACK_IMPORTED_MODULE_3__/* .CliError */ .z1(`Usage: flakeguard ${command} <test> (one test id, quoted if it has spaces).`);
    return positionals[0];
}
function dataOptions(values) {
    const branch = values['data-branch'] ?? 'flakeguard-data';
    if (!/^[A-Za-z0-9._/-]+$/.test(branch) || branch.startsWith('-') || branch.includes('..'))
        throw new _override_js__WEBPACK_IMPORTED_MODULE_3__/* .CliError */ .z1(`--data-branch is not a valid branch name: '${branch}'.`);
    return { remote: values.remote, branch, token: process.env.FLAKEGUARD_TOKEN ?? '', cwd: process.cwd() };
}
async function override(command, positionals, values) {
    const query = oneTest(positionals, command);
    if (values.auto && (values.until !== undefined || values.reason !== undefined))
        throw new _override_js__WEBPACK_IMPORTED_MODULE_3__/* .CliError */ .z1('--auto removes the override: it takes no --until or --reason.');
    if (values.auto && command !== 'release')
        throw new _override_js__WEBPACK_IMPORTED_MODULE_3__/* .CliError */ .z1('--auto goes with release.');
    const request = values.auto ? { action: 'auto' } : { action: command === 'quarantine' ? 'quarantine' : 'never', reason: values.reason, until: values.until };
    const value = (0,_override_js__WEBPACK_IMPORTED_MODULE_3__/* .overrideValue */ .m$)(request, Date.now());
    const { writeOverride } = await Promise.all(/* import() */[__nccwpck_require__.e(668), __nccwpck_require__.e(98)]).then(__nccwpck_require__.bind(__nccwpck_require__, 98));
    const what = values.auto ? 'hand override removed' : command === 'quarantine' ? 'quarantined by hand' : 'released by hand (never quarantine)';
    const result = await writeOverride({ ...dataOptions(values), attempts: 8, log: (m) => console.error(m) }, query, value, (id) => `flakeguard CLI: ${id}: ${what}${values.reason ? ` (${values.reason})` : ''}`);
    const { edit, status } = result;
    const line = `${edit.path}:${edit.line}`;
    if (status.kind === 'unchanged') {
        console.log(`${edit.id}: already ${JSON.stringify(edit.after)} in ${line}; nothing to push.`);
    }
    else if (status.kind === 'pushed') {
        console.log(`${edit.id}: ${what}. ${line} now says "override": ${JSON.stringify(edit.after)} (was ${JSON.stringify(edit.before)}).`);
        console.log(`Pushed ${status.commit.slice(0, 12)} to ${dataOptions(values).branch}${status.tries > 1 ? ` after ${status.tries} tries (another writer pushed meanwhile; the edit was made again on top)` : ''}. It takes effect on the next run.`);
    }
    return 0;
}
async function explain(positionals, values) {
    const query = oneTest(positionals, 'explain');
    const options = dataOptions(values);
    const runs = values.runs !== undefined ? Number(values.runs) : 20;
    if (!Number.isInteger(runs) || runs < 1 || runs > 1000)
        throw new _override_js__WEBPACK_IMPORTED_MODULE_3__/* .CliError */ .z1(`--runs must be a whole number from 1 to 1000, got '${values.runs}'.`);
    const { readDataBranch, statsLineOf } = await Promise.all(/* import() */[__nccwpck_require__.e(668), __nccwpck_require__.e(98)]).then(__nccwpck_require__.bind(__nccwpck_require__, 98));
    const { explainTest } = await __nccwpck_require__.e(/* import() */ 624).then(__nccwpck_require__.bind(__nccwpck_require__, 624));
    const { snapshot, files, head } = await readDataBranch(options);
    process.stdout.write(explainTest(snapshot, query, { dataBranch: options.branch, now: Date.now(), runs, line: (id) => statsLineOf(files, snapshot, id) }));
    console.log(`\n(data branch '${options.branch}' at ${head.slice(0, 12)})`);
    return 0;
}
async function summary(positionals, values) {
    if (positionals.length > 1)
        throw new _override_js__WEBPACK_IMPORTED_MODULE_3__/* .CliError */ .z1('Usage: flakeguard summary [FILE]');
    const file = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(positionals[0] ?? (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(values['out-dir'] ?? '.flakeguard', 'summary.md'));
    let text;
    try {
        text = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.readFile)(file, 'utf8');
    }
    catch {
        throw new _override_js__WEBPACK_IMPORTED_MODULE_3__/* .CliError */ .z1(`No summary at ${file}: \`flakeguard run\` writes one there (or give the file, e.g. a job summary saved as markdown).`);
    }
    const { markdownToText } = await __nccwpck_require__.e(/* import() */ 28).then(__nccwpck_require__.bind(__nccwpck_require__, 28));
    process.stdout.write(markdownToText(text));
    return 0;
}
async function run(positionals, values) {
    if (positionals.length > 0)
        throw new _override_js__WEBPACK_IMPORTED_MODULE_3__/* .CliError */ .z1(`flakeguard run takes no positional argument, got '${positionals[0]}'.`);
    if (!values.reports?.length)
        throw new _override_js__WEBPACK_IMPORTED_MODULE_3__/* .CliError */ .z1("flakeguard run needs --reports GLOB (e.g. --reports 'reports/**/*.xml').");
    if (values['test-outcome'] !== undefined && values['test-exit-code'] !== undefined)
        throw new _override_js__WEBPACK_IMPORTED_MODULE_3__/* .CliError */ .z1('Give --test-outcome or --test-exit-code, not both.');
    const { runCommand } = await Promise.all(/* import() */[__nccwpck_require__.e(668), __nccwpck_require__.e(892)]).then(__nccwpck_require__.bind(__nccwpck_require__, 892));
    const { outcomeOfExitCode } = await __nccwpck_require__.e(/* import() */ 454).then(__nccwpck_require__.bind(__nccwpck_require__, 454));
    let testOutcome = values['test-outcome'] ?? '';
    if (values['test-exit-code'] !== undefined) {
        try {
            testOutcome = outcomeOfExitCode(values['test-exit-code']);
        }
        catch (error) {
            throw new _override_js__WEBPACK_IMPORTED_MODULE_3__/* .CliError */ .z1(error.message);
        }
    }
    const inputs = { reports: values.reports.join('\n'), 'test-outcome': testOutcome };
    if (values['data-branch'])
        inputs['data-branch'] = values['data-branch'];
    // A path is the caller's (relative to this folder); the action would read it relative to the workspace.
    if (values.remote)
        inputs['data-remote'] = (await Promise.all(/* import() */[__nccwpck_require__.e(668), __nccwpck_require__.e(98)]).then(__nccwpck_require__.bind(__nccwpck_require__, 98))).isRemoteUrl(values.remote) ? values.remote : (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(values.remote);
    if (values.config)
        inputs.config = values.config;
    if (values['job-key'])
        inputs['job-key'] = values['job-key'];
    if (values['split-history-by'])
        inputs['split-history-by'] = values['split-history-by'];
    if (values['read-only'])
        inputs['read-only'] = 'true';
    if (values['push-attempts'])
        inputs['push-attempts'] = values['push-attempts'];
    return runCommand({ inputs, outDir: values['out-dir'], printSummary: !values.quiet });
}
async function main(argv) {
    let parsed;
    try {
        parsed = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    }
    catch (error) {
        console.error(`${error.message}\n\n${USAGE}`);
        return 2;
    }
    const [command, ...rest] = parsed.positionals;
    if (parsed.values.help || command === undefined || command === 'help') {
        console.log(USAGE);
        return command === undefined && !parsed.values.help ? 2 : 0;
    }
    try {
        switch (command) {
            case 'explain':
                return await explain(rest, parsed.values);
            case 'quarantine':
            case 'release':
                return await override(command, rest, parsed.values);
            case 'run':
                return await run(rest, parsed.values);
            case 'summary':
                return await summary(rest, parsed.values);
            default:
                console.error(`Unknown command '${command}'.\n\n${USAGE}`);
                return 2;
        }
    }
    catch (error) {
        if (error instanceof _override_js__WEBPACK_IMPORTED_MODULE_3__/* .CliError */ .z1) {
            console.error(`flakeguard ${command}: ${error.message}`);
            return 2;
        }
        console.error(`flakeguard ${command} stopped on an unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return 3;
    }
}
process.exitCode = await main(process.argv.slice(2));

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 648:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   LD: () => (/* binding */ editOverride),
/* harmony export */   Vb: () => (/* binding */ resolveTest),
/* harmony export */   m$: () => (/* binding */ overrideValue),
/* harmony export */   z1: () => (/* binding */ CliError)
/* harmony export */ });
/* unused harmony export findTests */
/* harmony import */ var _store_layout_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(900);
/* harmony import */ var _store_snapshot_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(984);
/**
 * A hand edit of one test's `override` on the data branch, as a person would make it: find the stats file that
 * holds the test, change that one line, keep every other byte. Pure: files in, files out. The CLI commits the
 * result through the step's own sync (src/store/sync.ts), which re-applies the edit on a newer head when another
 * writer got there first.
 */


class CliError extends Error {
}
/** The override value written into the stats line: a bare string when nothing else is said, as the docs show. */
function overrideValue(request, now) {
    if (request.action === 'auto')
        return null;
    if (request.until !== undefined) {
        // The same check as the action's (readUntil): what one refuses, the other refuses with the same words.
        const until = (0,_store_layout_js__WEBPACK_IMPORTED_MODULE_0__/* .readUntil */ .LC)(request.until);
        if ('problem' in until)
            throw new CliError(`--until ${until.problem}.`);
        if (now > until.end) {
            throw new CliError(`--until ${request.until} is already past: the override would lapse at once.`);
        }
    }
    if (request.reason !== undefined && request.reason.length > 500)
        throw new CliError('--reason is limited to 500 characters.');
    const value = request.reason === undefined && request.until === undefined
        ? request.action
        : { action: request.action, ...(request.reason !== undefined ? { reason: request.reason } : {}), ...(request.until !== undefined ? { until: request.until } : {}) };
    const { problem } = (0,_store_layout_js__WEBPACK_IMPORTED_MODULE_0__/* .parseOverride */ .qQ)(value);
    if (problem)
        throw new CliError(problem);
    return value;
}
/**
 * The test ids a person's words name: the exact id, else the ids that contain the words (case-insensitive). Ids
 * with a stats line or a history both count.
 */
function findTests(snapshot, query) {
    const ids = new Set([...snapshot.stats.keys(), ...snapshot.history.keys(), ...snapshot.overrides.keys()]);
    if (ids.has(query))
        return [query];
    const q = query.toLowerCase();
    return [...ids].filter((id) => id.toLowerCase().includes(q)).sort();
}
/** Exactly one test, or an error that lists the candidates. */
function resolveTest(snapshot, query) {
    const found = findTests(snapshot, query);
    if (found.length === 1)
        return found[0];
    if (found.length === 0)
        throw new CliError(`No test matches '${query}' on the data branch (${new Set([...snapshot.stats.keys(), ...snapshot.history.keys()]).size} tests there).`);
    const shown = found
        .slice(0, 10)
        .map((id) => `  ${id}`)
        .join('\n');
    throw new CliError(`'${query}' matches ${found.length} tests; give the full id:\n${shown}${found.length > 10 ? `\n  …and ${found.length - 10} more` : ''}`);
}
const ENTRY_LINE = /^(\s*)("(?:[^"\\]|\\.)*")(\s*:\s*)(.*?)(,?)\s*$/;
/** Sets the test's override in its stats file; throws a CliError a person can act on. */
function editOverride(files, snapshot, query, value) {
    const id = resolveTest(snapshot, query);
    const path = (0,_store_snapshot_js__WEBPACK_IMPORTED_MODULE_1__/* .statsFileOf */ .no)(snapshot, id);
    const text = files.get(path);
    if (snapshot.brokenStats.has(path)) {
        const problem = snapshot.problems.find((p) => p.file === path);
        throw new CliError(`${path}${problem?.line ? `:${problem.line}` : ''} is broken (${problem?.message ?? 'unreadable'}): fix it first; flakeguard never overwrites a broken file.`);
    }
    // Schema 3 writes no stats line for a test with nothing to say (docs/data-branch.md): the edit adds it.
    const hasHistory = snapshot.history.has(id);
    if (text === undefined) {
        if (!hasHistory)
            throw new CliError(`'${id}' has no stats line yet (${path} is missing): run flakeguard once with it first.`);
        const created = (0,_store_layout_js__WEBPACK_IMPORTED_MODULE_0__/* .renderLineObject */ .IZ)(_store_layout_js__WEBPACK_IMPORTED_MODULE_0__/* .SCHEMA_VERSION */ .f$, 'tests', [[id, { override: value }]]);
        return { files: new Map([...files, [path, created]]), id, path, line: 2, before: null, after: value };
    }
    const parsed = (0,_store_layout_js__WEBPACK_IMPORTED_MODULE_0__/* .parseLineObject */ .N)(path, text, 'tests');
    const entry = parsed.value?.entries.get(id);
    const lineNo = parsed.value?.lineOf(id);
    if (parsed.value && entry === undefined && hasHistory) {
        const added = (0,_store_layout_js__WEBPACK_IMPORTED_MODULE_0__/* .renderLineObject */ .IZ)(parsed.value.schema, 'tests', [...parsed.value.entries, [id, { override: value }]]);
        const reread = (0,_store_layout_js__WEBPACK_IMPORTED_MODULE_0__/* .parseLineObject */ .N)(path, added, 'tests');
        return { files: new Map([...files, [path, added]]), id, path, line: reread.value?.lineOf(id) ?? 1, before: null, after: value };
    }
    if (!parsed.value || typeof entry !== 'object' || entry === null)
        throw new CliError(`'${id}' has no stats line in ${path}.`);
    const before = entry.override ?? null;
    const updated = { ...entry, override: value };
    const out = new Map(files);
    const rows = text.split('\n');
    const match = lineNo !== undefined ? ENTRY_LINE.exec(rows[lineNo - 1]) : null;
    let lineValueParses = false;
    if (match) {
        try {
            JSON.parse(match[4]);
            lineValueParses = true;
        }
        catch {
            // an entry spread over several lines by hand: the whole file is rendered again below
        }
    }
    if (match && lineValueParses) {
        rows[lineNo - 1] = `${match[1]}${match[2]}${match[3]}${JSON.stringify(updated)}${match[5]}`;
        out.set(path, rows.join('\n'));
    }
    else {
        const entries = [...parsed.value.entries].map(([key, v]) => [key, key === id ? updated : v]);
        out.set(path, (0,_store_layout_js__WEBPACK_IMPORTED_MODULE_0__/* .renderLineObject */ .IZ)(parsed.value.schema, 'tests', entries));
    }
    const reread = (0,_store_layout_js__WEBPACK_IMPORTED_MODULE_0__/* .parseLineObject */ .N)(path, out.get(path), 'tests');
    return { files: out, id, path, line: reread.value?.lineOf(id) ?? lineNo ?? 1, before, after: value };
}


/***/ }),

/***/ 586:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   z0: () => (/* binding */ DECISIONS_FILE)
/* harmony export */ });
/* unused harmony exports MAX_EVENTS_PER_TEST, MAX_REASON_CHARS, DECISION_KINDS, readTestDecisions, parseDecisions, renderDecisions */
/* harmony import */ var _layout_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(900);
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
    const head = value.root;
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
    return `{"schema": ${SCHEMA_VERSION}, "from": ${log.from}, "tests": {\n${body.join(',\n')}\n}}\n`;
}


/***/ }),

/***/ 900:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  rE: () => (/* binding */ HISTORY_DIR),
  gZ: () => (/* binding */ MAX_FILE_BYTES),
  fg: () => (/* binding */ META_FILE),
  Ct: () => (/* binding */ RUNS_FILE),
  f$: () => (/* binding */ SCHEMA_VERSION),
  x: () => (/* binding */ markTooLarge),
  WL: () => (/* binding */ overrideExpired),
  N: () => (/* binding */ parseLineObject),
  By: () => (/* binding */ parseMeta),
  qQ: () => (/* binding */ parseOverride),
  LC: () => (/* binding */ readUntil),
  IZ: () => (/* binding */ renderLineObject),
  IS: () => (/* binding */ shardOf),
  Zf: () => (/* binding */ statsPath),
  Le: () => (/* binding */ tooLargeIn)
});

// UNUSED EXPORTS: TESTS_PER_SHARD, historyPath, renderMeta, renderStatsShard, shardCountFor, shardName

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

/***/ 924:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Wv: () => (/* binding */ blockedMessage),
/* harmony export */   Ze: () => (/* binding */ isRegularFile),
/* harmony export */   Zj: () => (/* binding */ isStatsShardPath),
/* harmony export */   _t: () => (/* binding */ isHistoryShardPath),
/* harmony export */   gq: () => (/* binding */ decidesFrom),
/* harmony export */   vx: () => (/* binding */ blockedPaths),
/* harmony export */   zq: () => (/* binding */ ownsPath)
/* harmony export */ });
/* unused harmony exports README_FILE, PAGE_FILE, NOJEKYLL_FILE, OWNERS_FILE, CLASS_MAP_FILE, OWNED_FILES, OWNED_FOLDERS, describeMode */
/* harmony import */ var _layout_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(900);
/* harmony import */ var _decisions_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(586);
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


/***/ }),

/***/ 984:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  MD: () => (/* binding */ damageReason),
  WX: () => (/* binding */ emptySnapshot),
  E$: () => (/* binding */ parseSnapshot),
  no: () => (/* binding */ statsFileOf)
});

// UNUSED EXPORTS: inBrokenShard, readSnapshotDir, statsShardOf, writeSnapshotDir

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __nccwpck_require__(455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(760);
// EXTERNAL MODULE: ./src/store/layout.ts + 1 modules
var layout = __nccwpck_require__(900);
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
/** The title the runner knows for a test: its name without the ` [n]` twin suffix (docs/test-ids.md). */
function runnerTitle(t) {
    return t.twin !== undefined && t.twin > 1 ? t.name.slice(0, t.name.length - ` [${t.twin}]`.length) : t.name;
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
function records_withDuration(record, durationSec) {
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
/**
 * `runs` without what retention drops; the same array when nothing is dropped (the common case, checked first).
 * Trusted and untrusted records have a budget of `maxRuns` each (src/history/trust.ts): an untrusted record never
 * pushes a trusted one out of the window.
 */
function applyRetention(runs, newest, retention) {
    const oldestKept = newest - retention.maxAgeDays * DAY_MS;
    if (runs.length <= retention.maxRuns && (runs.length === 0 || runs[0].time >= oldestKept))
        return runs;
    const recent = runs[0].time >= oldestKept ? runs : runs.filter((r) => r.time >= oldestKept);
    if (recent.length <= retention.maxRuns)
        return recent;
    let untrusted = 0;
    for (const r of recent)
        if (r.untrusted)
            untrusted++;
    if (untrusted === 0)
        return recent.slice(recent.length - retention.maxRuns);
    // The newest `maxRuns` of each kind, in their order.
    let trustedLeft = retention.maxRuns;
    let untrustedLeft = retention.maxRuns;
    const kept = [];
    for (let i = recent.length - 1; i >= 0; i--) {
        const r = recent[i];
        if (r.untrusted ? untrustedLeft-- > 0 : trustedLeft-- > 0)
            kept.push(r);
    }
    return kept.length === recent.length ? recent : kept.reverse();
}
function mergeRun(history, tests, run, alreadyIngested, options = {}) {
    if (alreadyIngested.has(ingestionKey(run)))
        return { history, ingested: false };
    const retention = options.retention ?? DEFAULT_RETENTION;
    const normalise = options.normalise ?? ((m) => m.trim());
    const facts = {
        sha: run.sha,
        time: run.time,
        onDefaultBranch: run.onDefaultBranch,
        jobSucceeded: options.jobSucceeded,
        outages: options.outages,
        ...(options.untrusted ? { untrusted: true } : {}),
    };
    const merged = new Map(history);
    const touched = new Set();
    for (const test of tests) {
        if (test.attempts.length === 0)
            continue;
        const stored = merged.get(test.id);
        // The trusted results of a workflow run replace its untrusted ones, test by test: they never count twice.
        const previous = options.replaces !== undefined && stored?.runs.some((r) => r.run === options.replaces) ? { ...stored, runs: stored.runs.filter((r) => r.run !== options.replaces) } : stored;
        let record = recordFor(test, run, facts, normalise);
        // An untrusted run brings no duration (src/history/trust.ts): the trusted runs' newest one stays the test's.
        const carried = options.untrusted ? previous?.runs[previous.runs.length - 1]?.durationSec : undefined;
        if (carried !== undefined && record.durationSec === undefined)
            record = withDuration(record, carried);
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
            runs: applyRetention(runs, options.retentionNow ?? Math.max(record.time, runs[runs.length - 1].time), retention),
        };
        // An untrusted run never moves a test: its file and line stay the trusted runs' (src/history/trust.ts).
        const file = options.untrusted ? previous?.file : (test.file ?? previous?.file);
        const line = options.untrusted ? previous?.line : (test.line ?? previous?.line);
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
        const kept = applyRetention(h.runs, options.retentionNow ?? run.time, retention);
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
    return c === 80 /* P */ || c === 70 /* F */ || c === 69 /* E */ || c === 83; /* S */
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
                record = records_withDuration(record, d);
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
                    records[i] = records_withDuration(records[i], d);
            }
        }
        else if (s.d !== undefined && records.length > 0) {
            records[records.length - 1] = records_withDuration(records[records.length - 1], s.d);
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
function mergeStored(history, tests, run, row, 
/** `retentionNow`: the time runs age out from (mergeRun's option of that name); default this run's time. */
options) {
    const rows = new Map(history.rows);
    rows.set(run.key, row);
    const times = new Map();
    for (const r of rows.values())
        times.set(r.seq, r.time);
    const timeOf = (seq) => times.get(seq);
    const oldestKept = (options.retentionNow ?? run.time) - options.retention.maxAgeDays * stored_DAY_MS;
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
/**
 * The largest run number: one run a second for 68 years. Numbers grow by one a run and are never reused, so a larger
 * one is no run flakeguard wrote; and every reader stays in exact integer arithmetic (`from` plus a gap of the outcome
 * string) far below 2^53.
 */
const MAX_RUN_SEQ = 2_147_483_647;
/**
 * The most rows runs.json may have: a step on a table this size peaks ~120 MB above one on an empty table (measured,
 * docs/data-branch.md, "Bounded reading"); a larger one is refused before it is parsed. Rows no test refers to are dropped, so a branch holds at most its
 * tests' windows: 100 runs x 1,000 job keys.
 */
const MAX_RUN_ROWS = 100_000;
/** Newline characters in `text`, counting no further than `stop`; no copy. */
function newlines(text, stop) {
    let n = 0;
    for (let at = text.indexOf('\n'); at >= 0 && n < stop; at = text.indexOf('\n', at + 1))
        n++;
    return n;
}
const tooManyRows = (file, rows, line) => ({
    file,
    line,
    message: `has ${rows.toLocaleString('en-US')} rows; flakeguard reads at most ${MAX_RUN_ROWS.toLocaleString('en-US')} (docs/data-branch.md, "Bounded reading")`,
});
/** Every problem is a damage of the file (src/store/snapshot.ts): nothing is dropped silently. */
function parseRuns(file, text, schema) {
    const runs = new Map();
    // Counted before parsing, as written (a row a line, between the first line and the last): parsing and holding a
    // million rows took 1.19 GiB. Rows packed on fewer lines are counted once parsed, before anything else is made.
    if (newlines(text, MAX_RUN_ROWS + 3) > MAX_RUN_ROWS + 2)
        return { runs, problems: [tooManyRows(file, newlines(text, Infinity) - 2, MAX_RUN_ROWS + 2)] };
    const { value, problems } = (0,layout/* parseLineObject */.N)(file, text, 'runs');
    if (!value)
        return { runs, problems };
    problems.push(...schemaProblem(file, value.schema, schema));
    if (value.entries.size > MAX_RUN_ROWS)
        return { runs, problems: [...problems, tooManyRows(file, value.entries.size, 1)] };
    const seqs = new Set();
    for (const [seqText, raw] of value.entries) {
        const seq = Number(seqText);
        if (/^\d+$/.test(seqText) && seq > MAX_RUN_SEQ) {
            problems.push({ file, line: value.lineOf(seqText), message: `run number ${seqText.slice(0, 40)} is beyond ${MAX_RUN_SEQ}, the largest run number flakeguard writes` });
            continue;
        }
        if (!/^\d+$/.test(seqText) ||
            !Number.isSafeInteger(seq) ||
            seq < 1 ||
            !Array.isArray(raw) ||
            typeof raw[0] !== 'string' ||
            typeof raw[1] !== 'string' ||
            typeof raw[2] !== 'number' ||
            !Number.isFinite(raw[2])) {
            problems.push({
                file,
                line: value.lineOf(seqText),
                message: `run ${JSON.stringify(seqText).slice(0, 40)} is not in the expected form [run key, commit, time, default branch, job result, link]`,
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
        if (line.m !== undefined) {
            // Messages of the test's own runs, each a string: flakeguard writes nothing else there, so anything else is
            // named (and the file is damaged), never dropped by the next write.
            const { m, problem } = messagesOf(line.m, from, segments, known);
            if (problem) {
                problems.push({ file, line: value.lineOf(id), message: `the "m" of '${id.slice(0, 200)}' ${problem}` });
                continue;
            }
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
/** A history line's `m` (messages by run number), or what is wrong with it. */
function messagesOf(raw, from, segments, known) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
        return { problem: 'must be an object of messages by run number' };
    let m;
    for (const k in raw) {
        const v = raw[k];
        if (!/^[1-9]\d{0,9}$/.test(k) || !known.isRunOf(Number(k), from, segments))
            return { problem: `has the key ${JSON.stringify(k).slice(0, 60)}, which is not one of its runs` };
        if (typeof v !== 'string')
            return { problem: `has a message for run ${k} that is not a string` };
        (m ??= {})[k] = v;
    }
    return m ? { m } : {};
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
    /** The known sequence numbers in increasing order, when they are too far apart for `prefix` (else empty). */
    sorted;
    constructor(runs) {
        let max = 0;
        for (const row of runs.values())
            if (row.seq > max)
                max = row.seq;
        // Memory in proportion to the rows, never to the numbers: run numbers far apart (1 and 2,000,000,000) are
        // searched in a sorted array; the usual table, numbered nearly one after another, gets a prefix count.
        if (max > 4 * runs.size + 65_536) {
            this.prefix = new Uint32Array(0);
            this.sorted = Float64Array.from(runs.values(), (row) => row.seq).sort();
            return;
        }
        this.sorted = new Float64Array(0);
        // prefix[s] = how many known runs have a sequence number below s.
        const present = new Uint8Array(max + 1);
        for (const row of runs.values())
            present[row.seq] = 1;
        this.prefix = new Uint32Array(max + 2);
        for (let s = 0; s <= max; s++)
            this.prefix[s + 1] = this.prefix[s] + present[s];
    }
    /** How many known runs have a sequence number below `s`. */
    below(s) {
        if (this.prefix.length > 0)
            return this.prefix[Math.min(s, this.prefix.length - 1)];
        let lo = 0;
        let hi = this.sorted.length;
        while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if (this.sorted[mid] < s)
                lo = mid + 1;
            else
                hi = mid;
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
/**
 * A flag per run of a table, set a stretch of run numbers at a time (the runs some history line refers to), in memory
 * in proportion to the rows: by run number when the numbers are nearly one after another, as flakeguard writes them,
 * else by rank among the table's numbers.
 */
class RunMarks {
    flags;
    /** The table's run numbers in increasing order, when they are too far apart to flag by number (else empty). */
    sorted;
    constructor(runs) {
        let max = 0;
        for (const row of runs.values())
            if (row.seq > max)
                max = row.seq;
        if (max > 4 * runs.size + 65_536) {
            this.sorted = Float64Array.from(runs.values(), (row) => row.seq).sort();
            this.flags = new Uint8Array(this.sorted.length);
        }
        else {
            this.sorted = new Float64Array(0);
            this.flags = new Uint8Array(max + 1);
        }
    }
    /** Index in `sorted` of the first number at or above `seq`. */
    rank(seq) {
        let lo = 0;
        let hi = this.sorted.length;
        while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if (this.sorted[mid] < seq)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    }
    /** Flags runs `from` to `from + n - 1`. */
    mark(from, n) {
        if (this.sorted.length > 0)
            this.flags.fill(1, this.rank(from), this.rank(from + n));
        else
            this.flags.fill(1, Math.min(from, this.flags.length), Math.min(from + n, this.flags.length));
    }
    has(seq) {
        if (this.sorted.length === 0)
            return this.flags[seq] === 1;
        const i = this.rank(seq);
        return this.sorted[i] === seq && this.flags[i] === 1;
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

// EXTERNAL MODULE: ./src/store/decisions.ts
var store_decisions = __nccwpck_require__(586);
// EXTERNAL MODULE: ./src/store/owned.ts
var owned = __nccwpck_require__(924);
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
        misplaced: new Map(),
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
/**
 * Builds a snapshot from the branch's files (path → text), those flakeguard owns (src/store/owned.ts). `blocked`: the
 * owned paths that are not regular files (DataRepo.blockedPaths), with what they are. One that a run decides from
 * damages the branch (a link or a submodule at `stats/00.json` would otherwise be replaced by the file it stands for,
 * or its overrides ignored); any other is reported and left as it is. Whatever a file's reading throws (a failed
 * allocation, a stack overflow) is a damage naming that file, never an exception that would pass for a failed fetch
 * and be retried: reading the same text again throws again.
 */
function parseSnapshot(files, blocked = new Map()) {
    const snapshot = emptySnapshot();
    if (blocked.size > 0)
        snapshot.blocked = blocked;
    const reading = { file: layout/* META_FILE */.fg };
    try {
        readSnapshot(files, blocked, snapshot, reading);
    }
    catch (error) {
        const problem = { file: reading.file, message: `could not be read: ${error instanceof Error ? error.message : String(error)}` };
        snapshot.damaged.push(problem);
        snapshot.problems.push(problem);
    }
    return snapshot;
}
/** Fills `snapshot` from `files`; `reading.file` names the file being read. */
function readSnapshot(files, blocked, snapshot, reading) {
    const decisions = files.get(store_decisions/* DECISIONS_FILE */.z0);
    if (decisions !== undefined)
        snapshot.decisions = decisions;
    const damage = (problems) => {
        snapshot.damaged.push(...problems);
        snapshot.problems.push(...problems);
    };
    for (const [path, what] of [...blocked].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
        const problem = { file: path, message: (0,owned/* blockedMessage */.Wv)(path, what) };
        if ((0,owned/* decidesFrom */.gq)(path))
            damage([problem]);
        else
            snapshot.problems.push(problem);
    }
    // (Nothing more is read: "flakeguard.json is missing" would only mislead when it is a link.)
    if (snapshot.damaged.length > 0)
        return;
    // A file too large to read was left out by the read (src/store/git.ts): the branch cannot be read whole.
    for (const [path, bytes] of (0,layout/* tooLargeIn */.Le)(files)) {
        damage([
            {
                file: path,
                line: 1,
                message: `is ${(bytes / 1024 / 1024).toFixed(1)} MiB; flakeguard reads at most ${(layout/* MAX_FILE_BYTES */.gZ.get(path) ?? 0) / 1024 / 1024} MiB of it (docs/data-branch.md, "Bounded reading")`,
            },
        ]);
    }
    if (snapshot.damaged.length > 0)
        return;
    const paths = [...files.keys()].sort();
    const historyPaths = paths.filter(owned/* isHistoryShardPath */._t);
    const statsPaths = paths.filter(owned/* isStatsShardPath */.Zj);
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
        return;
    const v1 = snapshot.readSchema <= 1;
    const schema = v1 ? undefined : snapshot.readSchema;
    const runsText = files.get(layout/* RUNS_FILE */.Ct);
    reading.file = layout/* RUNS_FILE */.Ct;
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
            damage(parseHistoryShardV1((reading.file = path), files.get(path), snapshot.runs, snapshot.history));
    }
    else if (snapshot.damaged.length === 0) {
        // Schemas 2 and 3: the history stays in its stored form (src/history/stored.ts).
        const stored = new Map();
        const known = new KnownSeqs(snapshot.runs);
        for (const path of historyPaths)
            damage(parseHistoryShard((reading.file = path), files.get(path), known, stored, schema));
        reading.file = layout/* RUNS_FILE */.Ct;
        snapshot.history = new stored_LazyHistory(stored, snapshot.runs);
    }
    readStatsFiles(snapshot, statsPaths, files, reading);
}
function shardIndexOfPath(path) {
    const match = /^stats\/([0-9a-f]+)\.json$/.exec(path);
    return match ? parseInt(match[1], 16) : undefined;
}
/**
 * Reads every stats file. A test has one line: a test with lines in two files is a problem in both (neither is a
 * silent winner). A line in another shard's file than its own (a person added it to the file that was there) is
 * honoured where it is and moved to its own file by the next write, with a notice; while its own file is broken it
 * stays where it is (src/pipeline/apply.ts), so that nothing the person wrote is lost.
 */
function readStatsFiles(snapshot, paths, files, reading) {
    const read = [];
    const where = new Map();
    for (const path of paths) {
        const text = files.get((reading.file = path));
        const { value, problems } = (0,layout/* parseLineObject */.N)(path, text, 'tests');
        const entries = [];
        if (value)
            for (const [id, raw] of value.entries)
                entries.push({ id, raw, file: path, line: value.lineOf(id) });
        read.push({ path, text, entries, problems, schema: value?.schema ?? 0 });
        for (const entry of entries) {
            const other = where.get(entry.id);
            if (!other) {
                where.set(entry.id, entry);
                continue;
            }
            const own = (0,layout/* statsPath */.Zf)((0,layout/* shardOf */.IS)(entry.id, snapshot.meta.shards), snapshot.meta.shards);
            const twice = (a, b) => ({
                file: a.file,
                line: a.line,
                message: `the test '${a.id.slice(0, 200)}' also has a line in ${b.file}${b.line ? ` (line ${b.line})` : ''}: a test has one line, in ${own}; neither is read until you delete one`,
            });
            read.find((r) => r.path === other.file).problems.push(twice(other, entry));
            problems.push(twice(entry, other));
        }
    }
    for (const file of read)
        readStatsFile(snapshot, (reading.file = file.path), file.text, file.entries, file.problems, file.schema);
    for (const [id, { file, line }] of snapshot.misplaced) {
        const own = (0,layout/* shardOf */.IS)(id, snapshot.meta.shards);
        const target = (0,layout/* statsPath */.Zf)(own, snapshot.meta.shards);
        const message = snapshot.brokenShards.has(own)
            ? `the line of '${id.slice(0, 200)}' belongs in ${target} (its shard), which is broken: it is kept here until that file is fixed, and the test forgives nothing meanwhile`
            : `the line of '${id.slice(0, 200)}' belongs in ${target} (its shard): it is honoured, and moved there when the branch is next written`;
        snapshot.problems.push({ file, ...(line !== undefined ? { line } : {}), notice: true, message });
    }
}
/** The stats file that holds a test's line as read: its own shard's, or the other file a person added it to. */
function statsFileOf(snapshot, id) {
    return snapshot.misplaced.get(id)?.file ?? (0,layout/* statsPath */.Zf)((0,layout/* shardOf */.IS)(id, snapshot.meta.shards), snapshot.meta.shards);
}
/**
 * The shard whose stats file gets a test's line when the branch is written: its own, unless that file is broken
 * and the test's line sits in another shard's sound file (a person added it there): then it stays there.
 */
function statsShardOf(snapshot, id, shards) {
    const own = shardOf(id, shards);
    if (!snapshot.brokenShards.has(own))
        return own;
    return snapshot.misplaced.get(id)?.shard ?? own;
}
function readStatsFile(snapshot, path, text, entries, problems, schema) {
    const lineProblems = [];
    const index = shardIndexOfPath(path);
    for (const { id, raw, line } of entries) {
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
        if (schema >= 3 && entry.check === undefined)
            snapshot.handWritten.add(id);
        if (override)
            snapshot.overrides.set(id, { override, raw: entry.override, file: path, line });
        const own = (0,layout/* shardOf */.IS)(id, snapshot.meta.shards);
        if (index !== undefined && own !== index)
            snapshot.misplaced.set(id, { file: path, shard: index, ...(line !== undefined ? { line } : {}) });
    }
    const all = [...problems, ...lineProblems];
    if (all.length === 0)
        return;
    // Fail closed: a stats file we cannot fully read forgives nothing and is kept exactly as the user left it.
    // (A test written in two files makes both broken: no line of it is left elsewhere.)
    for (const { id } of entries) {
        snapshot.stats.delete(id);
        snapshot.handWritten.delete(id);
        snapshot.overrides.delete(id);
        snapshot.misplaced.delete(id);
    }
    snapshot.brokenStats.set(path, text);
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


/***/ }),

/***/ 573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 421:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");

/***/ }),

/***/ 598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 24:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 455:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 161:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 481:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:readline");

/***/ }),

/***/ 136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(957);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ var __webpack_exports__USAGE = __webpack_exports__.u;
/******/ var __webpack_exports__main = __webpack_exports__.i;
/******/ export { __webpack_exports__USAGE as USAGE, __webpack_exports__main as main };
/******/ 
