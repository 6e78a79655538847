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
    const { writeOverride } = await Promise.all(/* import() */[__nccwpck_require__.e(668), __nccwpck_require__.e(956)]).then(__nccwpck_require__.bind(__nccwpck_require__, 956));
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
    const { readDataBranch, statsLineOf } = await Promise.all(/* import() */[__nccwpck_require__.e(668), __nccwpck_require__.e(956)]).then(__nccwpck_require__.bind(__nccwpck_require__, 956));
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
        inputs['data-remote'] = (await Promise.all(/* import() */[__nccwpck_require__.e(668), __nccwpck_require__.e(956)]).then(__nccwpck_require__.bind(__nccwpck_require__, 956))).isRemoteUrl(values.remote) ? values.remote : (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(values.remote);
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
/* harmony import */ var _store_layout_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(891);
/**
 * A hand edit of one test's `override` on the data branch, as a person would make it: find the stats file that
 * holds the test, change that one line, keep every other byte. Pure: files in, files out. The CLI commits the
 * result through the step's own sync (src/store/sync.ts), which re-applies the edit on a newer head when another
 * writer got there first.
 */

class CliError extends Error {
}
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The override value written into the stats line: a bare string when nothing else is said, as the docs show. */
function overrideValue(request, now) {
    if (request.action === 'auto')
        return null;
    if (request.until !== undefined) {
        if (!DATE.test(request.until) || Number.isNaN(Date.parse(`${request.until}T00:00:00Z`))) {
            throw new CliError(`--until must be a date like 2026-12-31, got '${request.until}'.`);
        }
        if ((0,_store_layout_js__WEBPACK_IMPORTED_MODULE_0__/* .overrideExpired */ .WL)({ action: request.action, until: request.until }, now)) {
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
    const shown = found.slice(0, 10).map((id) => `  ${id}`).join('\n');
    throw new CliError(`'${query}' matches ${found.length} tests; give the full id:\n${shown}${found.length > 10 ? `\n  …and ${found.length - 10} more` : ''}`);
}
const ENTRY_LINE = /^(\s*)("(?:[^"\\]|\\.)*")(\s*:\s*)(.*?)(,?)\s*$/;
/** Sets the test's override in its stats file; throws a CliError a person can act on. */
function editOverride(files, snapshot, query, value) {
    const id = resolveTest(snapshot, query);
    const path = (0,_store_layout_js__WEBPACK_IMPORTED_MODULE_0__/* .statsPath */ .Zf)((0,_store_layout_js__WEBPACK_IMPORTED_MODULE_0__/* .shardOf */ .IS)(id, snapshot.meta.shards), snapshot.meta.shards);
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

/***/ 891:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   By: () => (/* binding */ parseMeta),
/* harmony export */   Ct: () => (/* binding */ RUNS_FILE),
/* harmony export */   IS: () => (/* binding */ shardOf),
/* harmony export */   IZ: () => (/* binding */ renderLineObject),
/* harmony export */   N: () => (/* binding */ parseLineObject),
/* harmony export */   WL: () => (/* binding */ overrideExpired),
/* harmony export */   Zf: () => (/* binding */ statsPath),
/* harmony export */   f$: () => (/* binding */ SCHEMA_VERSION),
/* harmony export */   fg: () => (/* binding */ META_FILE),
/* harmony export */   qQ: () => (/* binding */ parseOverride),
/* harmony export */   rE: () => (/* binding */ HISTORY_DIR)
/* harmony export */ });
/* unused harmony exports TESTS_PER_SHARD, shardCountFor, shardName, historyPath, renderMeta, renderStatsShard */
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
 * line by line, so the problem names the line the user broke.
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
    return { value: { schema, entries, lineOf }, problems: [] };
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
    const raw = JSON.parse(text.replace(/^\uFEFF/, ''));
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
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
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
        if (typeof o.until !== 'string' || Number.isNaN(Date.parse(o.until))) {
            return { override: null, problem: `override.until must be a date like 2026-12-31, got ${JSON.stringify(o.until).slice(0, 80)}` };
        }
        override.until = o.until;
    }
    return { override };
}
/** An override lapses at the end of its `until` day (UTC), or at the exact time when one is given. */
function overrideExpired(override, now) {
    if (!override.until)
        return false;
    const end = DATE_ONLY.test(override.until) ? Date.parse(`${override.until}T23:59:59.999Z`) : Date.parse(override.until);
    return now > end;
}
function renderStatsShard(lines) {
    return renderLineObject(SCHEMA_VERSION, 'tests', lines);
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
