export const id = 340;
export const ids = [340];
export const modules = {

/***/ 63340:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 11 modules
var core = __webpack_require__(91659);
// EXTERNAL MODULE: ./src/github/step-files.ts
var step_files = __webpack_require__(91463);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: ./src/config/inputs.ts
var config_inputs = __webpack_require__(64389);
// EXTERNAL MODULE: ./src/config/context.ts
var context = __webpack_require__(80577);
// EXTERNAL MODULE: ./src/config/file.ts + 1 modules
var file = __webpack_require__(45024);
// EXTERNAL MODULE: ./src/scoring/index.ts
var scoring = __webpack_require__(10337);
// EXTERNAL MODULE: ./src/pipeline/stats-scores.ts
var stats_scores = __webpack_require__(72081);
// EXTERNAL MODULE: ./src/pipeline/apply.ts + 11 modules
var apply = __webpack_require__(33546);
// EXTERNAL MODULE: ./src/pipeline/fold.ts + 1 modules
var fold = __webpack_require__(2075);
// EXTERNAL MODULE: ./src/github/runs.ts
var runs = __webpack_require__(1281);
// EXTERNAL MODULE: ./src/action/early-clone.ts
var early_clone = __webpack_require__(7953);
// EXTERNAL MODULE: ./src/pipeline/job.ts
var job = __webpack_require__(38929);
// EXTERNAL MODULE: ./src/config/remote.ts
var remote = __webpack_require__(63798);
// EXTERNAL MODULE: ./src/dashboard/branch-files.ts + 1 modules
var branch_files = __webpack_require__(28456);
// EXTERNAL MODULE: ./src/store/sync.ts
var store_sync = __webpack_require__(32190);
// EXTERNAL MODULE: ./src/store/results-file.ts
var results_file = __webpack_require__(57610);
// EXTERNAL MODULE: ./src/text/escape.ts
var text_escape = __webpack_require__(67388);
// EXTERNAL MODULE: ./src/github/publish.ts + 4 modules
var publish = __webpack_require__(37530);
// EXTERNAL MODULE: ./src/modes/inputs.ts
var modes_inputs = __webpack_require__(84863);
// EXTERNAL MODULE: ./src/modes/split.ts
var modes_split = __webpack_require__(6432);
// EXTERNAL MODULE: ./src/text/shell.ts
var shell = __webpack_require__(96933);
// EXTERNAL MODULE: ./src/rerun/presets/index.ts + 7 modules
var presets = __webpack_require__(43859);
;// CONCATENATED MODULE: ./src/rerun/inputs.ts
/**
 * The re-run inputs (docs/rerun.md#inputs), validated. The command comes from the workflow file only: the `rerun`
 * input, never a report or the data branch.
 */



function integer(name, raw, fallback, min, max) {
    if (raw === '')
        return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
        throw new config_inputs/* InputError */.dz(`Input '${name}' must be a whole number from ${min} to ${max}, got '${raw.slice(0, 80)}'.`);
    }
    return value;
}
const RERUN_DEFAULTS = { attempts: 3, attemptsMax: 6, maxTests: 20, timeoutSec: 600, budget: 0, newTests: 'warn' };
/** The re-run inputs, or undefined when `rerun` is empty (the step then behaves as without the feature). */
function readRerunInputs(get) {
    const command = get('rerun');
    // Validated even without `rerun`, so that a typo is not silently ignored.
    const attempts = integer('rerun-attempts', get('rerun-attempts'), RERUN_DEFAULTS.attempts, 1, 20);
    const attemptsMax = integer('rerun-attempts-max', get('rerun-attempts-max'), Math.max(RERUN_DEFAULTS.attemptsMax, attempts), 1, 50);
    if (attemptsMax < attempts) {
        throw new config_inputs/* InputError */.dz(`Input 'rerun-attempts-max' (${attemptsMax}) must be at least 'rerun-attempts' (${attempts}).`);
    }
    const maxTests = integer('rerun-max-tests', get('rerun-max-tests'), RERUN_DEFAULTS.maxTests, 1, 10_000);
    const timeoutSec = integer('rerun-timeout', get('rerun-timeout'), RERUN_DEFAULTS.timeoutSec, 1, 6 * 3600);
    const budget = integer('rerun-budget', get('rerun-budget'), RERUN_DEFAULTS.budget, 0, 1_000_000);
    const newTests = (get('new-tests') || RERUN_DEFAULTS.newTests).toLowerCase();
    if (newTests !== 'warn' && newTests !== 'block') {
        throw new config_inputs/* InputError */.dz(`Input 'new-tests' must be warn or block, got '${newTests.slice(0, 80)}'.`);
    }
    if (command.trim() === '')
        return undefined;
    const rest = { attempts, attemptsMax, maxTests, timeoutSec, budget, newTests: newTests };
    const chosen = choosePreset(command);
    return { command, ...chosen, ...rest };
}
/**
 * What the `rerun` input names: a preset, with the original run's extra arguments after its name (`jest
 * --color=true`, read as a shell would split it but never run by one), `auto`, or else a shell command. A line whose
 * first word is a preset's name or `auto` is never a shell command.
 */
function choosePreset(command) {
    const first = command.trim().split(/[ \t]+/)[0];
    const preset = (0,presets/* findPreset */.t)(first);
    if (first !== 'auto' && preset === undefined)
        return { notices: [] };
    const split = (0,shell/* splitWords */.yM)(command.trim());
    if ('error' in split)
        throw new config_inputs/* InputError */.dz(`Input 'rerun' (the ${first} preset and its arguments) cannot be read: ${split.error}.`);
    const args = split.words.slice(1);
    if (preset === undefined) {
        if (args.length > 0) {
            throw new config_inputs/* InputError */.dz(`Input 'rerun': 'auto' takes no arguments ('${args[0].slice(0, 80)}'); to pass the runner's flags, name its preset (rerun: jest --color=true).`);
        }
        return { auto: true, notices: [] };
    }
    if (args.length === 0)
        return { preset, notices: [] };
    if (preset.screenArgs === undefined) {
        throw new config_inputs/* InputError */.dz(`Input 'rerun': the ${preset.name} preset takes no arguments ('${args[0].slice(0, 80)}'); see docs/rerun-presets.md.`);
    }
    const screened = preset.screenArgs(args);
    if ('refused' in screened) {
        throw new config_inputs/* InputError */.dz(`Input 'rerun': the ${preset.name} preset cannot pass on '${screened.refused.slice(0, 80)}': ${screened.why} (docs/rerun-presets.md).`);
    }
    const notices = screened.dropped.map((d) => `Re-runs: the ${preset.name} preset leaves out ${d}.`);
    return { preset, ...(screened.args.length > 0 ? { args: screened.args } : {}), notices };
}

// EXTERNAL MODULE: ./src/policy/outcome.ts
var policy_outcome = __webpack_require__(58702);
;// CONCATENATED MODULE: ./src/action/run.ts
/**
 * The action's main job, wiring the stages: inputs → reports → data branch (fetch, apply, push) → outputs,
 * annotations, summary → the step's result. Every path ends with `outcome` and the exit code agreeing.
 */
























/** `clone`: the data branch's clone, opened and fetched by the main thread meanwhile (src/action/early-clone.ts). */
async function run(env = process.env, clone) {
    // The step files as the step found them: before it exits, it checks that only flakeguard wrote to them.
    (0,step_files/* watchStepFiles */.Pn)();
    let outcome = 'failure';
    try {
        // Matrix, aggregate and fork modes (docs/matrix.md, docs/forks.md), loaded only when chosen.
        const modeInputs = (0,modes_inputs/* readModeInputs */.H)((0,config_inputs/* inputsFromEnv */.lN)(env));
        if (modeInputs.mode !== 'run') {
            if ((0,config_inputs/* inputsFromEnv */.lN)(env)('rerun') !== '')
                core.warning(`The rerun input works in mode run only: ignored in mode ${modeInputs.mode} (docs/rerun.md).`);
            outcome = await (await __webpack_require__.e(/* import() */ 544).then(__webpack_require__.bind(__webpack_require__, 76544))).runMode(env, modeInputs);
            return;
        }
        const inputs = (0,config_inputs/* readInputs */.Ko)((0,config_inputs/* inputsFromEnv */.lN)(env));
        for (const secret of [inputs.token, inputs.inboxKey]) {
            if (!secret)
                continue;
            core.setSecret(secret);
            (0,text_escape/* registerSecret */.cl)(secret);
        }
        const ctx = (0,context/* contextFromEnv */.jW)(env);
        const config = await (0,file/* loadFileConfig */.p)(inputs.configPath ? (0,external_node_path_.resolve)(ctx.workspace, inputs.configPath) : '');
        const rerunInputs = readRerunInputs((0,config_inputs/* inputsFromEnv */.lN)(env));
        // The data branch is fetched while the reports are parsed (git works in its own processes): by the main thread
        // while this worker started (`clone`), else here, while the reports are found and read.
        const readOnly = inputs.readOnly || ctx.fromFork;
        const opening = (async () => (0,early_clone.openClone)(clone, await (0,remote/* dataRemote */.P)(inputs, ctx), inputs.dataBranch, inputs.token, !readOnly, ctx.runnerTemp || undefined))();
        opening.catch(() => undefined); // awaited below, after the reports
        // The first read of the branch too (git's processes, not this thread): syncRun's first attempt takes it. Re-runs
        // read the branch their own way first (src/pipeline/rerun.ts).
        const firstRead = rerunInputs ? undefined : opening.then((repo) => (0,store_sync/* readBranchFiles */.Cg)(repo, !readOnly));
        firstRead?.catch(() => undefined); // syncRun awaits it (a failure is its first attempt's, and retried)
        const reports = await (0,job/* readReports */.oh)(inputs, ctx).catch(async (error) => {
            await firstRead?.catch(() => undefined);
            await (await opening.catch(() => undefined))?.dispose();
            throw error;
        });
        const repo = await opening;
        const split = modeInputs.splitHistoryBy === 'job-key';
        if (split && !rerunInputs)
            reports.tests = (0,modes_split/* splitTests */.Yd)(reports.tests, inputs.jobKey);
        const now = Date.now();
        const runContext = (0,job/* runContextFor */.S2)(ctx, inputs, reports.timestamp, now);
        const warnClock = (0,job/* clockWarner */.sU)();
        // Issues for test owners (docs/issues.md): read before the sync, since a person's close can lift a quarantine.
        const issues = inputs.createIssues ? await (await __webpack_require__.e(/* import() */ 791).then(__webpack_require__.bind(__webpack_require__, 81791))).prepareIssues({ inputs, ctx, readOnly }) : undefined;
        // The summary's figures are computed while git pushes (the result may still change if the push loses a race).
        let early;
        let rerun;
        let verdicts;
        const sync = await (async () => {
            try {
                // Re-runs (docs/rerun.md): once, before deciding, with the history read first; the push retries below
                // re-apply the same augmented results.
                if (rerunInputs) {
                    const historyId = split ? (id) => (0,modes_split/* splitTests */.Yd)([{ id }], inputs.jobKey)[0].id : (id) => id;
                    const failedBeforeReruns = reports.tests.filter(policy_outcome/* finalAttemptFailed */.Rq).length;
                    rerun = await (await __webpack_require__.e(/* import() */ 721).then(__webpack_require__.bind(__webpack_require__, 6721))).rerunStep({
                        rerun: rerunInputs,
                        tests: reports.tests,
                        repo,
                        workspace: ctx.workspace,
                        tempDir: ctx.runnerTemp || (0,external_node_os_.tmpdir)(),
                        historyId,
                        isPullRequest: ctx.eventName === 'pull_request' || ctx.eventName === 'pull_request_target',
                        runKey: `${runContext.key}#${runContext.runAttempt}`,
                        policy: config.policy,
                        normalise: scoring/* normalizeErrorMessage */.DP,
                        now,
                        sha: runContext.sha,
                        ...(reports.reporters ? { reporters: reports.reporters } : {}),
                    });
                    reports.tests = split ? (0,modes_split/* splitTests */.Yd)(rerun.tests, inputs.jobKey) : rerun.tests;
                    verdicts = {
                        consistent: rerun.consistent,
                        orderDependent: rerun.orderDependent,
                        newFlaky: rerun.newFlaky,
                        newTestsBlock: rerunInputs.newTests === 'block',
                        failedBeforeReruns,
                        failedInRun: (await __webpack_require__.e(/* import() */ 467).then(__webpack_require__.bind(__webpack_require__, 73467))).failedInTheRun(rerun),
                    };
                }
                const options = { ...config, normalise: scoring/* normalizeErrorMessage */.DP, scoreTests: (0,stats_scores/* statsScores */.T)(Math.min(runContext.time, now), config.policy.rules.scoring) };
                const provenance = (0,runs/* inboxProvenance */._E)(inputs, ctx);
                return await core.group(`Updating the data branch '${inputs.dataBranch}'`, () => (0,store_sync/* syncRun */.Np)(repo, (snapshot) => (0,apply/* applyRun */.qU)({
                    snapshot,
                    reports,
                    filesMatched: reports.matched,
                    testOutcome: inputs.testOutcome,
                    run: runContext,
                    now,
                    closedByHand: issues?.closedByHand,
                    issueOf: issues?.issueOf,
                    ...(verdicts ? { rerun: verdicts } : {}),
                }, options), {
                    // Parks this run after a few lost races, and folds parked runs in (docs/data-branch.md, "Many writers").
                    inbox: {
                        parcel: (applied) => (0,fold/* runParcel */.jO)(runContext, [{ run: runContext, tests: reports.tests, jobSucceeded: applied.outcome.result === 'success' }], Date.now(), provenance.seal),
                        admit: (parcel) => (0,fold/* admitParcel */.r4)(parcel, provenance),
                        fold: (snapshot, parcels) => (0,fold/* foldParcels */.a4)(snapshot, parcels, options, now, warnClock),
                    },
                    attempts: inputs.pushAttempts,
                    readOnly,
                    commitMessage: `flakeguard: ${reports.tests.length} tests from run ${ctx.runId} attempt ${ctx.runAttempt} (${ctx.job})`,
                    log: (m) => core.info((0,text_escape/* logText */.kc)(m)),
                    warn: (m) => core.warning((0,text_escape/* commandText */.jt)(m, 1000)),
                    extraFiles: (current) => (0,branch_files/* dashboardFiles */._l)(current, { workspace: ctx.workspace, classMap: inputs.codeownersMap }),
                    releaseTexts: true,
                    ...(firstRead ? { firstRead } : {}),
                    whilePushing: (applied) => {
                        early = { of: applied, facts: (0,publish/* factsFor */.xh)(applied) };
                    },
                }));
            }
            finally {
                await repo.dispose();
            }
        })();
        const result = sync.applied;
        for (const note of result.clockNotes)
            warnClock(note);
        // Results neither saved nor parked fail the run (docs/data-branch.md, "Many writers"), never a warning alone.
        const lost = readOnly ? undefined : (0,store_sync/* lostReason */.pf)(sync.status, inputs.dataBranch);
        if (lost)
            result.outcome = { ...result.outcome, result: 'failure', reasons: [...result.outcome.reasons, lost] };
        const o = result.outcome;
        outcome = o.result;
        if (modeInputs.splitHistoryBy === 'job-key')
            (0,modes_split/* warnUnsplitOverrides */.Vj)(reports.tests.map((t) => t.id), inputs.jobKey, result);
        if (sync.status.kind === 'read-only' || sync.status.kind === 'not-saved') {
            // Leave the results where a later trusted workflow can ingest them (docs/forks.md).
            const path = await (0,results_file/* writeResultsFile */.At)((0,external_node_path_.join)(ctx.runnerTemp || (0,external_node_os_.tmpdir)(), 'flakeguard'), runContext, reports.tests);
            (0,step_files/* setOutput */.uH)('results-file', path);
            core.notice(`This run's results were not saved to ${inputs.dataBranch}; they are in ${path} for a trusted workflow to ingest.`);
            if (modeInputs.uploadResults)
                await (await Promise.all(/* import() */[__webpack_require__.e(931), __webpack_require__.e(943)]).then(__webpack_require__.bind(__webpack_require__, 94943))).leaveResults({ inputs, ctx, run: runContext, reports }, modeInputs, env);
        }
        const rerunSection = rerun ? (await __webpack_require__.e(/* import() */ 401).then(__webpack_require__.bind(__webpack_require__, 46401))).renderRerunSection(rerun, result.orderDependent) : undefined;
        await (0,publish.publishResults)({
            inputs,
            ctx,
            readOnly,
            runUrl: runContext.url ?? '',
            sync,
            reports: { tests: reports.tests.length, problems: reports.problems.length, ...(reports.twins ? { twins: reports.twins } : {}) },
            ...(rerunSection ? { extraSummary: rerunSection } : {}),
            ...(early ? { facts: early } : {}),
        });
        if (rerun) {
            (0,step_files/* setOutput */.uH)('rerun-tests', JSON.stringify(rerun.cases.filter((c) => c.asked > 0).map((c) => c.historyId)));
            (0,step_files/* setOutput */.uH)('proven-flaky', JSON.stringify(rerun.provenFlaky.filter((id) => !result.orderDependent.has(id))));
            // Every failure that still blocks after its re-runs, with why (docs/rerun.md, "What you see").
            const blocked = (await __webpack_require__.e(/* import() */ 467).then(__webpack_require__.bind(__webpack_require__, 73467))).blockingAfterReruns(rerun, new Set(o.blocking.map((t) => t.id)), result.orderDependent);
            (0,step_files/* setOutput */.uH)('consistent-failures', JSON.stringify(blocked.map((b) => b.id)));
            (0,step_files/* setOutput */.uH)('consistent-failures-json', JSON.stringify(blocked));
            (0,step_files/* setOutput */.uH)('new-flaky-tests', JSON.stringify(rerun.newFlaky));
            if (rerun.newFlaky.length > 0 && rerunInputs?.newTests !== 'block') {
                for (const id of rerun.newFlaky.slice(0, 10)) {
                    core.warning((0,text_escape/* commandText */.jt)(`New test '${id}' failed and passed on this commit: it is flaky before it merges.`, 1000), { title: 'flakeguard: new flaky test' });
                }
            }
        }
        await issues?.publish(sync, runContext);
        if (o.result === 'failure') {
            core.setFailed((0,text_escape/* commandText */.jt)(o.reasons.join(' '), 4000));
        }
        else if (o.forgiven.length > 0) {
            core.warning(`${o.forgiven.length} failed test${o.forgiven.length === 1 ? ' was' : 's were'} forgiven because ${o.forgiven.length === 1 ? 'it is' : 'they are'} quarantined; the job passes.`);
        }
    }
    catch (error) {
        outcome = 'failure';
        const message = error instanceof config_inputs/* InputError */.dz ? error.message : `flakeguard stopped on an unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
        core.setFailed((0,text_escape/* commandText */.jt)(message, 4000));
    }
    finally {
        (0,step_files/* setOutput */.uH)('outcome', outcome);
        (0,step_files/* verifyStepFiles */.JC)();
    }
}


/***/ }),

/***/ 45024:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  p: () => (/* binding */ loadFileConfig)
});

// UNUSED EXPORTS: DEFAULT_FILE_CONFIG

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./src/history/merge.ts
var merge = __webpack_require__(74292);
// EXTERNAL MODULE: ./src/policy/quarantine.ts + 1 modules
var quarantine = __webpack_require__(36127);
;// CONCATENATED MODULE: ./src/config/file-config.ts
/** What the optional YAML config file (input `config`) sets, and its defaults (src/config/file.ts reads it). */


const DEFAULT_FILE_CONFIG = { retention: merge/* DEFAULT_RETENTION */.xh, policy: quarantine/* DEFAULT_POLICY */.zj };

// EXTERNAL MODULE: ./src/config/inputs.ts
var inputs = __webpack_require__(64389);
;// CONCATENATED MODULE: ./src/config/file.ts
/**
 * The optional YAML config file (input `config`): read here, parsed by src/config/file-parse.ts, which is loaded only
 * when there is a file (the YAML library is ~290 KB of code to compile at start-up).
 */




async function loadFileConfig(path) {
    if (!path)
        return DEFAULT_FILE_CONFIG;
    let text;
    try {
        text = await (0,promises_.readFile)(path, 'utf8');
    }
    catch (error) {
        throw new inputs/* InputError */.dz(`Config file ${path} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    return (await Promise.all(/* import() */[__webpack_require__.e(815), __webpack_require__.e(313)]).then(__webpack_require__.bind(__webpack_require__, 89313))).parseFileConfig(text, path);
}


/***/ }),

/***/ 28456:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  _l: () => (/* binding */ dashboardFiles)
});

// UNUSED EXPORTS: CLASS_MAP_FILE, NOJEKYLL_FILE, OWNERS_FILE, PAGE_FILE, isCurrentPage, readCodeownersText

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/owners/codeowners.ts
var codeowners = __webpack_require__(65343);
// EXTERNAL MODULE: ./src/store/owned.ts
var owned = __webpack_require__(8924);
;// CONCATENATED MODULE: ./src/dashboard/marker.generated.ts
// Generated by scripts/build-dashboard.ts from src/dashboard/page/ (npm run build). Do not edit.
/** Written into the page's <meta name="flakeguard-dashboard">: the step rewrites index.html only when it differs. */
const DASHBOARD_MARKER = "flakeguard 0.1.0 page 2e39c39a6678";

;// CONCATENATED MODULE: ./src/dashboard/branch-files.ts
/**
 * The dashboard's files on the data branch: `index.html` (the page, self-contained), `.nojekyll` (GitHub Pages
 * serves the branch as it is, without a Jekyll build), and, when the workspace has them, verbatim copies of the
 * repository's CODEOWNERS (`dashboard/CODEOWNERS`) and of the `codeowners-map` input (`dashboard/codeowners-map`), so
 * that the page can show each test's owners (docs/dashboard.md). The page is rewritten only when its marker —
 * flakeguard's version and a hash of the page — differs from the one on the branch: otherwise the branch's own text is
 * kept, so the write adds nothing to the commit and the heavy page module is never loaded.
 */





// Their paths are among those flakeguard owns on the data branch (src/store/owned.ts): the only ones it writes.

/** True when `html` is the page this version writes. Reads only the head of the text. */
function isCurrentPage(html) {
    return html !== undefined && html.slice(0, 4096).includes(`<meta name="flakeguard-dashboard" content="${DASHBOARD_MARKER}">`);
}
/** The text of the CODEOWNERS file GitHub would use, or undefined (none, or 3 MB and more, which GitHub ignores). */
async function readCodeownersText(workspace) {
    for (const location of codeowners/* CODEOWNERS_LOCATIONS */.B$) {
        const info = await (0,promises_.stat)((0,external_node_path_.join)(workspace, location)).catch(() => undefined);
        if (!info?.isFile())
            continue;
        return info.size < codeowners/* CODEOWNERS_MAX_BYTES */.PR ? (0,promises_.readFile)((0,external_node_path_.join)(workspace, location), 'utf8') : undefined;
    }
    return undefined;
}
/**
 * The dashboard's files to keep on the branch, given the branch's current files. A copy of CODEOWNERS found in the
 * workspace replaces the branch's; when the workspace has none (a job without a checkout), the branch's is kept.
 */
async function dashboardFiles(current, owners = {}) {
    const existing = current.get(owned/* PAGE_FILE */.xu);
    const html = isCurrentPage(existing) ? existing : (await __webpack_require__.e(/* import() */ 446).then(__webpack_require__.bind(__webpack_require__, 24446))).DASHBOARD_HTML;
    const files = new Map([
        [owned/* PAGE_FILE */.xu, html],
        [owned/* NOJEKYLL_FILE */.UU, current.get(owned/* NOJEKYLL_FILE */.UU) ?? ''],
    ]);
    const codeowners = (owners.workspace ? await readCodeownersText(owners.workspace) : undefined) ?? current.get(owned/* OWNERS_FILE */.qe);
    if (codeowners !== undefined)
        files.set(owned/* OWNERS_FILE */.qe, codeowners);
    const classMap = owners.classMap?.trim() ? owners.classMap : current.get(owned/* CLASS_MAP_FILE */.V);
    if (classMap !== undefined)
        files.set(owned/* CLASS_MAP_FILE */.V, classMap);
    return files;
}


/***/ }),

/***/ 96584:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ag: () => (/* binding */ requestOptions),
/* harmony export */   createClient: () => (/* binding */ createClient),
/* harmony export */   gg: () => (/* binding */ describeApiError)
/* harmony export */ });
/* unused harmony exports REQUEST_TIMEOUT_MS, TIMEOUT_ENV, requestTimeoutMs */
/* harmony import */ var _text_escape_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(67388);
/**
 * The GitHub REST client, loaded only when a run needs the API so that the common path starts fast.
 *
 * No request is retried (a write that timed out may still have happened: retrying would duplicate it), and every
 * request has a timeout: 20 s, or FLAKEGUARD_API_TIMEOUT_MS from the step's environment.
 */

/** How long one API request may take before the action gives up on it and reports. */
const REQUEST_TIMEOUT_MS = 20_000;
const TIMEOUT_ENV = 'FLAKEGUARD_API_TIMEOUT_MS';
/** The per-request timeout: FLAKEGUARD_API_TIMEOUT_MS when it is a whole number of ms from 1 to 600000. */
function requestTimeoutMs(env = process.env) {
    const raw = env[TIMEOUT_ENV]?.trim();
    if (!raw)
        return REQUEST_TIMEOUT_MS;
    const value = Number(raw);
    return Number.isInteger(value) && value >= 1 && value <= 600_000 ? value : REQUEST_TIMEOUT_MS;
}
async function createClient(token, apiUrl) {
    const { getOctokit } = await __webpack_require__.e(/* import() */ 351).then(__webpack_require__.bind(__webpack_require__, 61351));
    const quiet = () => undefined;
    const warn = (message) => void process.stderr.write(`${(0,_text_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .logText */ .kc)(String(message), 1000)}\n`);
    return getOctokit(token, { baseUrl: apiUrl, request: { retries: 0 }, log: { debug: quiet, info: quiet, warn, error: warn } });
}
/** Per-request options: a timeout, so that a hung API cannot hang the step. */
function requestOptions(env = process.env) {
    return { request: { signal: AbortSignal.timeout(requestTimeoutMs(env)) } };
}
/**
 * What went wrong with a request, in one line. Only the status and the message are read: never the request
 * (its headers hold the token) nor the response headers beyond the rate-limit ones.
 */
function describeApiError(error) {
    const e = (typeof error === 'object' && error !== null ? error : {});
    const raw = typeof e.message === 'string' ? e.message : String(error);
    const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError' || e.cause?.name === 'TimeoutError' || /aborted due to timeout|operation was aborted/i.test(raw);
    const status = typeof e.status === 'number' && !timedOut ? e.status : undefined;
    const headers = e.response?.headers ?? {};
    const rateLimited = !timedOut && (String(headers['x-ratelimit-remaining']) === '0' || status === 429 || headers['retry-after'] !== undefined || /rate limit/i.test(raw));
    const denied = !rateLimited && !timedOut && (status === 403 || status === 404) && /not accessible|permission|forbidden|not found/i.test(raw);
    const firstLine = (0,_text_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(raw).split(/\r?\n/)[0].slice(0, 300);
    const message = timedOut ? `no answer within ${requestTimeoutMs()} ms (timed out)` : rateLimited ? `rate limited: ${firstLine}` : firstLine;
    return { status, message, denied, rateLimited, timedOut };
}


/***/ }),

/***/ 37530:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  xh: () => (/* binding */ factsFor),
  publishResults: () => (/* binding */ publishResults)
});

// UNUSED EXPORTS: WORKFLOW_ANNOTATIONS_PER_KIND, blobUrlFor, emitWorkflowAnnotations

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 11 modules
var core = __webpack_require__(91659);
// EXTERNAL MODULE: ./src/github/step-files.ts
var step_files = __webpack_require__(91463);
// EXTERNAL MODULE: ./src/store/sync.ts
var store_sync = __webpack_require__(32190);
// EXTERNAL MODULE: ./src/store/layout.ts + 1 modules
var layout = __webpack_require__(9900);
// EXTERNAL MODULE: ./src/text/escape.ts
var text_escape = __webpack_require__(67388);
;// CONCATENATED MODULE: ./src/report/scores.ts
/**
 * What the report shows of a test's scores, read from the score record the pipeline writes into the stats file
 * (`tier`, `pfs: [pf, pfLow, pfHigh]`, `score`; see statsScores in src/pipeline/stats-scores.ts). Pure.
 */
const num = (x) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
function scoreViewOf(record) {
    if (!record)
        return undefined;
    const pfs = Array.isArray(record['pfs']) ? record['pfs'] : [];
    const view = {
        tier: typeof record['tier'] === 'string' ? record['tier'] : undefined,
        pf: num(pfs[0]),
        pfLow: num(pfs[1]),
        pfHigh: num(pfs[2]),
        score: num(record['score']),
        flipRate: num(record['flipRate']),
        successRate: num(record['successRate']),
        thresholded: num(record['thresholded']),
        recommendation: typeof record['recommendation'] === 'string' ? record['recommendation'] : undefined,
    };
    return view;
}
/** `0.53 [0.21, 0.81]`, or '' when unknown. */
function formatPfs(s) {
    if (!s || s.pf === undefined)
        return '';
    const f = (x) => x.toFixed(2);
    return s.pfLow !== undefined && s.pfHigh !== undefined ? `${f(s.pf)} [${f(s.pfLow)}, ${f(s.pfHigh)}]` : f(s.pf);
}
/** The policy's recent outcomes (P passed, R passed on retry, F failed) as symbols, oldest first. */
function symbols(recent) {
    let out = '';
    for (const c of recent)
        out += c === 'F' ? '✗' : c === 'R' ? '↻' : '✓';
    return out;
}
const SYMBOLS_LEGEND = '✓ passed · ↻ passed on retry · ✗ failed';
/** A lazy view over the pipeline's score records: only the tests shown are converted. */
function scoreLookup(records) {
    return {
        get: (id) => scoreViewOf(records?.get(id)),
        pf: (id) => {
            const pfs = records?.get(id)?.['pfs'];
            return Array.isArray(pfs) ? num(pfs[0]) : undefined;
        },
    };
}
/**
 * The active rule's own measure of a test (docs/rules.md), for a column headed by `ruleColumn`: the number that
 * rule decides on, so that the summary never shows a label of another method beside the decision. Undefined for
 * the evidence and pfs rules (the PFS column is shown anyway; the evidence is in the reason).
 */
function ruleColumn(rule) {
    switch (rule) {
        case 'flip-rate':
            return 'Flip-rate (tier), the rule';
        case 'success-rate':
            return 'Success rate, the rule';
        case 'multi-factor':
            return 'Multi-factor score, the rule';
        case 'thresholded':
            return 'Thresholded flakiness, the rule';
        default:
            return undefined;
    }
}
function ruleMeasure(rule, s) {
    const f = (x) => (x === undefined ? '—' : x.toFixed(2));
    switch (rule) {
        case 'flip-rate':
            return s?.tier ? `${f(s.flipRate)} (${s.tier})` : '—';
        case 'success-rate':
            return f(s?.successRate);
        case 'multi-factor':
            return s?.score === undefined ? '—' : `${f(s.score)} (${s.recommendation ?? '—'})`;
        case 'thresholded':
            return f(s?.thresholded);
        default:
            return '';
    }
}

;// CONCATENATED MODULE: ./src/report/annotations.ts


const TITLE_MAX = 255;
const MESSAGE_MAX = 4000;
const DETAILS_MAX = 8000;
function lastFailure(test) {
    for (let i = test.attempts.length - 1; i >= 0; i--) {
        const a = test.attempts[i];
        if (a.status === 'failed' || a.status === 'error')
            return a;
    }
    return undefined;
}
/** The failure's message (or type, or first line of its body) and the body when it says more. */
function failureOf(test) {
    const a = lastFailure(test);
    const firstLine = a?.details?.split('\n').find((l) => l.trim() !== '');
    const message = a?.message?.trim() || a?.type?.trim() || firstLine?.trim() || '(no message in the report)';
    const details = a?.details && a.details.trim() !== message ? a.details : undefined;
    return { message, details };
}
function isRepositoryPath(p) {
    return p !== '' && !p.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(p) && !p.startsWith('../') && p !== '..';
}
function placed(test) {
    if (test.file)
        return { path: test.file, line: test.line && test.line > 0 ? test.line : 1 };
    return isRepositoryPath(test.report) ? { reportPath: test.report } : {};
}
const NO_LOCATION = 'The report gives no source file for this test: this annotation is placed on the report itself.';
/** How to lift a test's quarantine by hand, in words that name the exact file and edit. */
function liftInstruction(id, dataBranch, statsFile) {
    return `To lift the quarantine: on the data branch '${dataBranch}', edit ${statsFile}, set "override": "never" on the line of "${id}", and commit (it takes effect on the next run).`;
}
function blockingAnnotation(test, unforgiven, orderDependent) {
    const f = failureOf(test);
    const where = placed(test);
    const why = orderDependent !== undefined
        ? `\n\nThis test ${orderDependent}. It is not quarantined as flaky: its failure fails the job until the test that leaves state behind is fixed (or this test sets up its own).`
        : unforgiven
            ? `\n\nThis test is ${unforgiven}.`
            : '';
    const note = where.path ? '' : `\n\n${NO_LOCATION}`;
    const tag = orderDependent !== undefined ? ' (order-dependent)' : unforgiven ? ' (quarantined, not forgiven)' : '';
    return {
        level: 'failure',
        title: (0,text_escape/* plainText */.wh)(`${test.id} failed${tag}`, TITLE_MAX, true),
        message: (0,text_escape/* plainText */.wh)(`${f.message}${why}${note}`, MESSAGE_MAX),
        ...(f.details ? { details: (0,text_escape/* plainText */.wh)(f.details, DETAILS_MAX) } : {}),
        ...where,
        testId: test.id,
    };
}
function forgivenAnnotation(test, ctx) {
    const f = failureOf(test);
    const d = ctx.decisions.get(test.id);
    const s = ctx.scores.get(test.id);
    const where = placed(test);
    const byHand = d?.override?.action === 'quarantine';
    const lines = [
        byHand
            ? `Forgiven: this test was quarantined by hand (its "override" in ${ctx.statsFileOf(test.id)}) before this run, so its failure does not fail the job.`
            : 'Forgiven: this test was quarantined as flaky before this run, so its failure does not fail the job.',
    ];
    const pfs = formatPfs(s);
    // The PFS ranks; the decision is the rule's (docs/rules.md): no tier beside it, which could contradict it (issue #15).
    if (pfs)
        lines.push(`Flakiness: PFS ${pfs} (probability that a run fails for no reason, 90% interval).`);
    if (d?.evidence.recent)
        lines.push(`Recent runs, oldest to newest: ${symbols(d.evidence.recent)}  (${SYMBOLS_LEGEND})`);
    lines.push(`Why it is quarantined: ${d?.reason ?? 'quarantined before this run'}.`);
    lines.push(liftInstruction(test.id, ctx.dataBranch, ctx.statsFileOf(test.id)));
    lines.push('', `This failure: ${f.message}`);
    if (!where.path)
        lines.push('', NO_LOCATION);
    return {
        level: 'warning',
        title: (0,text_escape/* plainText */.wh)(`${test.id} failed (forgiven: quarantined ${byHand ? 'by hand' : 'as flaky'})`, TITLE_MAX, true),
        message: (0,text_escape/* plainText */.wh)(lines.join('\n'), MESSAGE_MAX),
        ...(f.details ? { details: (0,text_escape/* plainText */.wh)(f.details, DETAILS_MAX) } : {}),
        ...where,
        testId: test.id,
    };
}
/** Blocking failures first, then forgiven ones. */
function buildAnnotations(outcome, ctx) {
    return [...outcome.blocking.map((t) => blockingAnnotation(t, outcome.unforgiven.get(t.id), outcome.orderDependent?.get(t.id))), ...outcome.forgiven.map((t) => forgivenAnnotation(t, ctx))];
}

// EXTERNAL MODULE: ./src/history/stored.ts
var stored = __webpack_require__(44173);
;// CONCATENATED MODULE: ./src/report/trend.ts

/** Records read at most; above it, every n-th test is read (shares stay accurate, the cost stays bounded). */
const TREND_MAX_RECORDS = 300_000;
const DAY = 86_400_000;
const P = 80; // 'P'
const F = 70; // 'F'
const E = 69; // 'E'
const S = 83; // 'S'
/** 0: no outcome (skipped), 1: passed, 2: flaky (failed, then passed), 3: failed at the last attempt. */
function classify(attempts) {
    if (attempts.length === 1) {
        const c = attempts.charCodeAt(0);
        return c === P ? 1 : c === F || c === E ? 3 : 0;
    }
    let last = 0;
    let failedOnce = false;
    for (let i = 0; i < attempts.length; i++) {
        const c = attempts.charCodeAt(i);
        if (c === S)
            continue;
        last = c;
        if (c === F || c === E)
            failedOnce = true;
    }
    if (last === 0)
        return 0;
    if (last === F || last === E)
        return 3;
    return failedOnce && last === P ? 2 : 1;
}
function pad(n) {
    return n < 10 ? `0${n}` : String(n);
}
function suiteTrend(history, maxPoints = 30, maxRecords = TREND_MAX_RECORDS) {
    const stride = Math.max(1, Math.ceil((history.size * maxPoints) / maxRecords));
    const sample = stride > 1 ? { tests: Math.ceil(history.size / stride), of: history.size, stride } : undefined;
    if (history instanceof stored/* LazyHistory */.VM && history.inTimeOrder) {
        const byRun = storedRunTrend(history, maxPoints, stride);
        if (byRun)
            return { ...byRun, ...(sample ? { sample } : {}) };
    }
    // A history in its stored form decodes only the runs read here (src/history/stored.ts).
    const tail = history instanceof stored/* LazyHistory */.VM
        ? (id, max) => history.tail(id, max)
        : (id, max) => {
            const runs = history.get(id).runs;
            return runs.length <= max ? runs : runs.slice(runs.length - max);
        };
    let newest = Number.NEGATIVE_INFINITY;
    let windowStart = Number.POSITIVE_INFINITY;
    for (const id of history.keys()) {
        const runs = tail(id, maxPoints);
        const n = runs.length;
        if (n === 0)
            continue;
        const last = runs[n - 1].time;
        if (last > newest)
            newest = last;
        const first = runs[0].time;
        if (first < windowStart)
            windowStart = first;
    }
    if (!Number.isFinite(newest))
        return { unit: 'run', points: [] };
    if (newest - windowStart >= 7 * DAY) {
        const lastDay = Math.floor(newest / DAY);
        const firstDay = lastDay - (maxPoints - 1);
        const cutoff = firstDay * DAY;
        const runs = new Int32Array(maxPoints);
        const flaky = new Int32Array(maxPoints);
        const failed = new Int32Array(maxPoints);
        let index = -1;
        for (const id of history.keys()) {
            if (++index % stride !== 0)
                continue;
            const all = tail(id, Number.POSITIVE_INFINITY);
            for (let i = all.length - 1; i >= 0; i--) {
                const r = all[i];
                if (r.time < cutoff)
                    break;
                const k = classify(r.attempts);
                if (k === 0)
                    continue;
                const d = Math.min(maxPoints - 1, Math.floor(r.time / DAY) - firstDay);
                runs[d]++;
                if (k === 2)
                    flaky[d]++;
                else if (k === 3)
                    failed[d]++;
            }
        }
        const points = [];
        for (let d = 0; d < maxPoints; d++) {
            if (runs[d] === 0)
                continue;
            const date = new Date((firstDay + d) * DAY);
            points.push({ label: `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`, testRuns: runs[d], flaky: flaky[d], failed: failed[d] });
        }
        return { unit: 'day', points, ...(sample ? { sample } : {}) };
    }
    const buckets = new Map();
    const lastKey = new Array(maxPoints).fill('');
    const lastBucket = new Array(maxPoints).fill(undefined);
    let index = -1;
    for (const id of history.keys()) {
        if (++index % stride !== 0)
            continue;
        const runs = tail(id, maxPoints);
        const stop = 0;
        for (let i = runs.length - 1, j = 0; i >= stop; i--, j++) {
            const r = runs[i];
            let b;
            if (lastKey[j] === r.run) {
                b = lastBucket[j];
            }
            else {
                b = buckets.get(r.run);
                if (b === undefined) {
                    b = { time: r.time, testRuns: 0, flaky: 0, failed: 0 };
                    buckets.set(r.run, b);
                }
                lastKey[j] = r.run;
                lastBucket[j] = b;
            }
            if (r.time < b.time)
                b.time = r.time;
            const k = classify(r.attempts);
            if (k === 0)
                continue;
            b.testRuns++;
            if (k === 2)
                b.flaky++;
            else if (k === 3)
                b.failed++;
        }
    }
    const recent = [...buckets.values()]
        .filter((b) => b.testRuns > 0)
        .sort((a, b) => a.time - b.time)
        .slice(-maxPoints);
    return {
        unit: 'run',
        points: recent.map((b, i) => ({ label: String(i + 1), testRuns: b.testRuns, flaky: b.flaky, failed: b.failed })),
        ...(sample ? { sample } : {}),
    };
}
/** 12,345 as en-US writes it, without loading Intl's locale data (about 20 ms at start-up) for whole numbers. */
const n = (x) => (Number.isSafeInteger(x) ? String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : x.toLocaleString('en-US'));
function ordinal(k) {
    const tens = k % 100;
    const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][k % 10] ?? 'th');
    return `${n(k)}${suffix}`;
}
const percent = (part, whole) => (whole === 0 ? 0 : Math.round((10_000 * part) / whole) / 100);
function niceMax(x) {
    if (x <= 0)
        return 1;
    const steps = [1, 2, 5, 10, 20, 25, 50, 100];
    return steps.find((s) => s >= x * 1.1) ?? 100;
}
/** A mermaid `xychart-beta` block and a caption; empty when there are fewer than two points. */
function renderTrend(trend) {
    const pts = trend.points;
    if (pts.length < 2)
        return [];
    const flaky = pts.map((p) => percent(p.flaky, p.testRuns));
    const failed = pts.map((p) => percent(p.failed, p.testRuns));
    const top = niceMax(Math.max(...flaky, ...failed));
    const axis = trend.unit === 'day' ? 'day (UTC)' : 'run, oldest to newest';
    const last = pts[pts.length - 1];
    const span = trend.unit === 'day' ? `last ${pts.length} days with runs` : `last ${pts.length} runs`;
    return [
        `#### 📈 Suite flakiness over time (${span})`,
        '',
        '```mermaid',
        'xychart-beta',
        '  title "Flaky and failed test runs (%)"',
        `  x-axis "${axis}" [${pts.map((p) => `"${p.label}"`).join(', ')}]`,
        `  y-axis "% of test runs" 0 --> ${top}`,
        `  bar [${flaky.join(', ')}]`,
        `  line [${failed.join(', ')}]`,
        '```',
        '',
        `Bars: test runs that failed, then passed on a retry (flaky). Line: test runs that failed at their last attempt. ` +
            (trend.sample
                ? `Latest ${trend.unit}: ${percent(last.flaky, last.testRuns)}% flaky and ${percent(last.failed, last.testRuns)}% failed. ` +
                    `Estimated from every ${ordinal(trend.sample.stride)} test (${n(trend.sample.tests)} of ${n(trend.sample.of)}).`
                : `Latest ${trend.unit}: ${n(last.flaky)} flaky (${percent(last.flaky, last.testRuns)}%) and ` +
                    `${n(last.failed)} failed (${percent(last.failed, last.testRuns)}%) of ${n(last.testRuns)} test runs.`),
        '',
    ];
}
/**
 * The per-run trend of a history kept in its stored form, read off the outcome strings without making records
 * (src/history/stored.ts): the same points as the record walk above. Undefined when the recent runs span a week or
 * more (the per-day trend, read from records).
 */
function storedRunTrend(history, maxPoints, stride) {
    let newest = Number.NEGATIVE_INFINITY;
    let windowStart = Number.POSITIVE_INFINITY;
    let any = false;
    for (const id of history.keys()) {
        const window = history.newestWindow(id, maxPoints);
        if (!window)
            continue;
        any = true;
        const lastTime = history.timeOf(window[1]);
        const firstTime = history.timeOf(window[0]);
        if (lastTime > newest)
            newest = lastTime;
        if (firstTime < windowStart)
            windowStart = firstTime;
    }
    if (!any)
        return { unit: 'run', points: [] };
    if (newest - windowStart >= 7 * DAY)
        return undefined;
    // Counted a stretch of equal runs at a time, as differences over sequence numbers (a suite's tests mostly share
    // one long stretch of passes): the same counts as visiting run by run.
    // Indexed by run number when the numbers are nearly one after another (as flakeguard writes them), else by rank
    // among the table's numbers: time and memory in proportion to the rows, never to the numbers (1 and 2,000,000,000).
    let maxSeq = 0;
    for (const row of history.rows.values())
        if (row.seq > maxSeq)
            maxSeq = row.seq;
    const sparse = maxSeq > 4 * history.rows.size + 65_536;
    const sorted = sparse ? Float64Array.from(history.rows.values(), (row) => row.seq).sort() : undefined;
    const at = (seq) => {
        if (!sorted)
            return seq;
        let lo = 0;
        let hi = sorted.length;
        while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if (sorted[mid] < seq)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    };
    const size = (sorted ? sorted.length : maxSeq + 1) + 1;
    const runs = new Int32Array(size);
    const flakyRuns = new Int32Array(size);
    const failedRuns = new Int32Array(size);
    let index = -1;
    for (const id of history.keys()) {
        if (++index % stride !== 0)
            continue;
        history.forEachNewestStretch(id, maxPoints, (first, count, attempts) => {
            const k = classify(attempts);
            if (k === 0)
                return;
            const from = at(first);
            const to = at(first + count);
            runs[from]++;
            runs[to]--;
            const counts = k === 2 ? flakyRuns : k === 3 ? failedRuns : undefined;
            if (counts) {
                counts[from]++;
                counts[to]--;
            }
        });
    }
    const buckets = [];
    let testRuns = 0;
    let flaky = 0;
    let failed = 0;
    for (let i = 0; i < size - 1; i++) {
        testRuns += runs[i];
        flaky += flakyRuns[i];
        failed += failedRuns[i];
        const seq = sorted ? sorted[i] : i;
        if (testRuns > 0)
            buckets.push({ seq, time: history.timeOf(seq), testRuns, flaky, failed });
    }
    const recent = buckets.sort((a, b) => a.time - b.time || a.seq - b.seq).slice(-maxPoints);
    return { unit: 'run', points: recent.map((b, i) => ({ label: String(i + 1), testRuns: b.testRuns, flaky: b.flaky, failed: b.failed })) };
}

;// CONCATENATED MODULE: ./src/report/summary.ts




/** GitHub's step-summary limit is 1 MiB; stay well under it. */
const SUMMARY_BUDGET_BYTES = 900 * 1024;
/** A check run's output summary takes at most 65,535 characters; bytes are counted, which is stricter. */
const CHECK_SUMMARY_BUDGET_BYTES = 60_000;
const TOP_FLAKY = 10;
/** 12,345 as en-US writes it, without loading Intl's locale data (about 20 ms at start-up) for whole numbers. */
const summary_n = (x) => (Number.isSafeInteger(x) ? String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : x.toLocaleString('en-US'));
const plural = (count, word, many = `${word}s`) => `${summary_n(count)} ${count === 1 ? word : many}`;
/** The decision in the flakiest tests' table, with the safety rule that made it when it is not the rule's own. */
function decisionWord(d) {
    if (!d)
        return 'no';
    if (d.override)
        return d.quarantined ? 'yes, by hand' : 'no, by hand';
    if (!d.quarantined && d.reason.startsWith('failed in the last'))
        return 'no: breakage';
    return d.quarantined ? 'yes' : 'no';
}
/** The verdict in one line of plain text (the check run's title); a green run that quarantined tests says so. */
function verdict(o, newlyQuarantined = 0) {
    const failed = o.failed.length;
    const forgiven = o.forgiven.length;
    const blocking = o.blocking.length;
    if (o.result === 'success') {
        if (failed === 0 && newlyQuarantined > 0) {
            const retried = o.passedOnRetry.length > 0 ? `, ${plural(o.passedOnRetry.length, 'test')} passed on a retry` : '';
            return `No test failed${retried}; ${plural(newlyQuarantined, 'test')} newly quarantined as flaky`;
        }
        if (failed === 0)
            return 'No test failed';
        return `${plural(failed, 'test')} failed, all forgiven (quarantined as flaky): nothing blocks`;
    }
    if (blocking > 0) {
        return `${plural(failed, 'test')} failed: ${summary_n(blocking)} ${blocking === 1 ? 'blocks' : 'block'} the job, ${summary_n(forgiven)} forgiven`;
    }
    if (failed > 0)
        return `${plural(failed, 'test')} failed, all forgiven, but the job fails (see why)`;
    return 'The job fails, though no test failed (see why)';
}
function recentOf(d) {
    return d?.evidence.recent ? symbols(d.evidence.recent) : '';
}
/** Flakiest tests: those with any sign of flakiness (a failure or a retry among recent runs, or quarantined), by PFS. */
function topFlaky(input, k) {
    const top = [];
    const scores = input.scores;
    const pfOf = scores.pf ? (id) => scores.pf(id) : (id) => scores.get(id)?.pf;
    const better = (a, b) => (a.pf !== b.pf ? a.pf > b.pf : a.pfLow !== b.pfLow ? a.pfLow > b.pfLow : a.id < b.id);
    const signs = /[FR]/;
    for (const [id, d] of input.decisions) {
        if (!d.quarantined && !signs.test(d.evidence.recent))
            continue;
        const pf = pfOf(id) ?? -1;
        if (top.length === k && pf < top[k - 1].pf)
            continue;
        const entry = { id, pf, pfLow: scores.get(id)?.pfLow ?? -1 };
        if (top.length === k && !better(entry, top[k - 1]))
            continue;
        if (top.length === k)
            top.pop();
        let i = top.length;
        while (i > 0 && better(entry, top[i - 1]))
            i--;
        top.splice(i, 0, entry);
    }
    return top.map((t) => ({ id: t.id, score: scores.get(t.id), decision: input.decisions.get(t.id) }));
}
/** What the summary computes from the history: the trend and the flakiest tests (only these fields are read). */
function summaryFacts(input) {
    return { trend: suiteTrend(input.history), top: topFlaky(input, TOP_FLAKY) };
}
class Writer {
    lines = [];
    used = 0;
    limit;
    /** Rows left out of tables. */
    cut = 0;
    constructor(limit) {
        this.limit = limit;
    }
    add(...lines) {
        let size = 0;
        for (const l of lines)
            size += Buffer.byteLength(l) + 1;
        if (this.used + size > this.limit)
            return false;
        this.used += size;
        this.lines.push(...lines);
        return true;
    }
}
function renderTable(w, t, shareBytes) {
    const start = w.used;
    const head = [`#### ${t.title}`, '', ...(t.intro ? [t.intro, ''] : []), `| ${t.header.join(' | ')} |`, `|${t.header.map(() => ' --- ').join('|')}|`];
    if (!w.add(...head)) {
        w.cut += t.count;
        return;
    }
    let shown = 0;
    const rowsLimit = Math.min(t.count, t.maxRows);
    for (; shown < rowsLimit; shown++) {
        const line = `| ${t.row(shown).join(' | ')} |`;
        if (w.used - start + Buffer.byteLength(line) + 1 > shareBytes || !w.add(line))
            break;
    }
    if (shown < t.count) {
        w.cut += t.count - shown;
        w.add('', `_…and ${summary_n(t.count - shown)} more, not shown here (see the note at the end)._`);
    }
    if (t.after)
        w.add('', t.after);
    w.add('');
}
function failureLocation(t, blobUrl) {
    if (!t.file)
        return '—';
    const text = (0,text_escape/* mdText */.bC)(`${t.file}${t.line ? `:${t.line}` : ''}`, 160);
    const url = blobUrl?.(t.file, t.line);
    return url ? `[${text}](${url})` : text;
}
/** The policy's reason less its closing PFS, for tables that show the PFS in a column of their own. */
function reasonWithoutPfs(reason) {
    return reason.replace(/;? ?PFS \d\.\d\d \[\d\.\d\d, \d\.\d\d\]$/, '');
}
/** Up to five ids, then how many more. Trusted markdown out. */
function nameTests(ids) {
    const shown = ids.slice(0, 5).map((id) => (0,text_escape/* mdText */.bC)(id, 200));
    return `${shown.join(', ')}${ids.length > shown.length ? ` and ${summary_n(ids.length - shown.length)} more` : ''}`;
}
function renderSummary(input, options = {}) {
    const budget = options.budgetBytes ?? SUMMARY_BUDGET_BYTES;
    const facts = options.facts ?? summaryFacts(input);
    const o = input.outcome;
    const branchLink = `[${(0,text_escape/* mdText */.bC)(input.dataBranch, 100)}](${input.dataBranchUrl})`;
    /* ---------- head: verdict, counts, reasons ---------- */
    const head = [`### ${o.result === 'success' ? '✅' : '❌'} flakeguard: ${verdict(o, input.newlyQuarantined.length)}`, ''];
    const broken = new Set(input.brokenStats ?? []);
    const brokenFileOf = (id) => (broken.size > 0 && broken.has(input.statsFileOf(id)) ? input.statsFileOf(id) : undefined);
    const counts = [
        `**${summary_n(o.failed.length)}** failed`,
        `**${summary_n(o.blocking.length)}** ${o.blocking.length === 1 ? 'blocks' : 'block'}`,
        `**${summary_n(o.forgiven.length)}** forgiven`,
        `${summary_n(o.passedOnRetry.length)} passed on retry`,
        ...(input.testsInRun !== undefined ? [`${plural(input.testsInRun, 'test')} in the reports`] : []),
        `${summary_n(input.quarantined.length)} quarantined`,
    ];
    head.push(counts.join(' · '), '');
    if (o.reasons.length > 0) {
        head.push('**Why the job fails:**', '');
        const shownReasons = o.reasons.slice(0, 20);
        // The policy counts; the summary names: which tests are not quarantined, which quarantines did not cover.
        const notQuarantined = o.blocking.filter((t) => !o.unforgiven.has(t.id) && !o.orderDependent?.has(t.id));
        const inBroken = notQuarantined.filter((t) => brokenFileOf(t.id) !== undefined);
        const plainNot = notQuarantined.filter((t) => brokenFileOf(t.id) === undefined);
        const uncovered = o.blocking.filter((t) => o.unforgiven.has(t.id) && !o.orderDependent?.has(t.id));
        // Only the reasons of this job's own outcome: an aggregate's reasons carry their shard's name and stay counts.
        const NOT_QUARANTINED = /^[\d,]+ failed tests? (is|are) not quarantined\.$/;
        for (const r of shownReasons) {
            if (NOT_QUARANTINED.test(r) && inBroken.length > 0) {
                if (plainNot.length > 0)
                    head.push(`- ${plural(plainNot.length, 'failed test')} ${plainNot.length === 1 ? 'is' : 'are'} not quarantined: ${nameTests(plainNot.map((t) => t.id))}.`);
                const files = [...new Set(inBroken.map((t) => brokenFileOf(t.id)))];
                head.push(`- ${plural(inBroken.length, 'failed test')} cannot be forgiven because ${files.length === 1 ? 'its stats file' : 'their stats files'} ${files.map((f) => (0,text_escape/* mdText */.bC)(f, 120)).join(', ')} ${files.length === 1 ? 'is' : 'are'} broken (see the problems below): ${nameTests(inBroken.map((t) => t.id))}.`);
            }
            else if (NOT_QUARANTINED.test(r) && plainNot.length > 0) {
                head.push(`- ${(0,text_escape/* mdText */.bC)(r.replace(/\.$/, ''), 500)}: ${nameTests(plainNot.map((t) => t.id))}.`);
            }
            else if (/^[\d,]+ quarantined tests? failed in a way .* quarantine does not cover/.test(r) && uncovered.length > 0) {
                head.push(`- ${(0,text_escape/* mdText */.bC)(r, 500)} ${nameTests(uncovered.map((t) => t.id))}.`);
            }
            else {
                head.push(`- ${(0,text_escape/* mdText */.bC)(r, 500)}`);
            }
        }
        if (o.reasons.length > shownReasons.length)
            head.push(`- …and ${summary_n(o.reasons.length - shownReasons.length)} more reasons (see the step's log).`);
        head.push('');
    }
    /* ---------- tail: chart, problems, where things are ---------- */
    const tail = [];
    const top = facts.top;
    const chart = renderTrend(facts.trend);
    const lapsed = input.lapsed
        .slice(0, 20)
        .map((l) => `- The override of ${(0,text_escape/* mdText */.bC)(l.id, 200)} in ${(0,text_escape/* mdText */.bC)(l.file, 120)}${l.line ? `:${l.line}` : ''} lapsed on ${(0,text_escape/* mdText */.bC)(l.until, 40)}; flakeguard decides again.`);
    if (lapsed.length > 0)
        tail.push('#### Lapsed overrides', '', ...lapsed, '');
    if (input.twins && input.twins.count > 0) {
        const shown = input.twins.first.map((id) => (0,text_escape/* mdText */.bC)(id, 200)).join(', ');
        const more = input.twins.count - input.twins.first.length;
        tail.push('#### Duplicate test titles', '', `${plural(input.twins.count, 'title names', 'titles name')} more than one test in a report: ${shown}${more > 0 ? ` and ${summary_n(more)} more` : ''}. ` +
            'They are counted as different tests, the second and later ones with ` [2]`, ` [3]`… after the title, by their order in the report (docs/test-ids.md). ' +
            'Give each test its own title (for `test.each`, put `%s` or `$name` in it) so that its history cannot move to another test when tests are added or reordered.', '');
    }
    const footer = [
        '---',
        '',
        `${plural(input.quarantined.length, 'test is', 'tests are')} quarantined in total. ${(0,text_escape/* mdText */.bC)(input.storeLine, 600)}`,
        ...(input.annotationsLine ? ['', `Annotations: ${(0,text_escape/* mdText */.bC)(input.annotationsLine, 600)}`] : []),
        '',
        `Every test's history, scores and quarantine state are on the data branch ${branchLink}. To force or lift a quarantine, ` +
            'edit the test\'s `"override"` in its `stats/*.json` file there (`"never"` lifts it, `"quarantine"` forces it).',
    ];
    // Tables get what the head, chart and tail leave, less room for the closing note.
    const fixed = [...head, ...chart, ...tail, ...footer].reduce((s, l) => s + Buffer.byteLength(l) + 1, 0);
    const NOTE_RESERVE = 600;
    const w = new Writer(Math.max(0, budget - fixed - NOTE_RESERVE));
    const scoreOf = (id) => (0,text_escape/* mdText */.bC)(formatPfs(input.scores.get(id)) || '—', 40);
    const measureHead = ruleColumn(input.rule);
    const allTables = [
        {
            title: `❌ Blocking failures (${summary_n(o.blocking.length)})`,
            intro: 'These fail the job: not quarantined before this run, or failing in a way their quarantine does not cover.',
            header: ['Test', 'Failure', 'Location', 'Why it blocks'],
            count: o.blocking.length,
            row: (i) => {
                const t = o.blocking[i];
                const file = o.unforgiven.has(t.id) ? undefined : brokenFileOf(t.id);
                const order = o.orderDependent?.get(t.id);
                const why = order !== undefined ? `order-dependent: it ${order}` : file ? `its stats file ${file} is broken: it forgives nothing until fixed` : (o.unforgiven.get(t.id) ?? 'not quarantined');
                return [(0,text_escape/* mdText */.bC)(t.id, 250), (0,text_escape/* mdText */.bC)(failureOf(t).message, 300), failureLocation(t, input.blobUrl), (0,text_escape/* mdText */.bC)(why, 300)];
            },
            maxRows: 250,
            weight: 5,
        },
        {
            title: `⚠️ Forgiven failures: quarantined tests (${summary_n(o.forgiven.length)})`,
            intro: 'Quarantined before this run (as flaky, or by hand): these failures do not fail the job. PFS is the probability that a run fails for no reason, with its 90% interval.',
            header: ['Test', 'Failure', 'PFS [interval]', 'Recent runs', 'Why it is quarantined', 'Lift it in'],
            count: o.forgiven.length,
            row: (i) => {
                const t = o.forgiven[i];
                const d = input.decisions.get(t.id);
                return [
                    (0,text_escape/* mdText */.bC)(t.id, 250),
                    (0,text_escape/* mdText */.bC)(failureOf(t).message, 160),
                    scoreOf(t.id),
                    recentOf(d),
                    (0,text_escape/* mdText */.bC)(reasonWithoutPfs(d?.reason ?? 'quarantined before this run'), 300),
                    `\`${input.statsFileOf(t.id)}\``,
                ];
            },
            maxRows: 250,
            weight: 4,
            after: `Recent runs, oldest to newest: ${SYMBOLS_LEGEND}. To lift a quarantine, set \`"override": "never"\` on the test's line in the file named, on the data branch ${branchLink}.`,
        },
        {
            title: `🔒 Newly quarantined (${summary_n(input.newlyQuarantined.length)})`,
            intro: 'From the next run on, their failures are forgiven.',
            header: ['Test', 'Why', 'PFS [interval]', 'Recent runs', 'Lift it in'],
            count: input.newlyQuarantined.length,
            row: (i) => {
                const id = input.newlyQuarantined[i];
                const d = input.decisions.get(id);
                return [(0,text_escape/* mdText */.bC)(id, 250), (0,text_escape/* mdText */.bC)(reasonWithoutPfs(d?.reason ?? ''), 300), scoreOf(id), recentOf(d), `\`${input.statsFileOf(id)}\``];
            },
            maxRows: 100,
            weight: 1.5,
        },
        {
            title: `🔓 Released from quarantine (${summary_n(input.released.length)})`,
            intro: 'From the next run on, their failures fail the job again.',
            header: ['Test', 'Why', 'Recent runs'],
            count: input.released.length,
            row: (i) => {
                const id = input.released[i];
                const d = input.decisions.get(id);
                return [(0,text_escape/* mdText */.bC)(id, 250), (0,text_escape/* mdText */.bC)(d?.reason ?? '', 300), recentOf(d)];
            },
            maxRows: 100,
            weight: 1,
        },
        {
            title: `🔁 Passed on a retry (${summary_n(o.passedOnRetry.length)})`,
            intro: 'Failed, then passed in this run: they do not fail the job, and count as evidence of flakiness.',
            header: ['Test', 'Attempts', 'First failure'],
            count: o.passedOnRetry.length,
            row: (i) => {
                const t = o.passedOnRetry[i];
                return [
                    (0,text_escape/* mdText */.bC)(t.id, 250),
                    t.attempts.map((a) => (a.status === 'passed' ? '✓' : a.status === 'skipped' ? '–' : '✗')).join(''),
                    (0,text_escape/* mdText */.bC)(t.attempts.find((a) => a.status === 'failed' || a.status === 'error')?.message ?? '', 160),
                ];
            },
            maxRows: 100,
            weight: 1,
        },
        {
            title: `📊 Flakiest tests of the suite (top ${summary_n(top.length)})`,
            intro: `Tests with a failure or a retry among their recent runs, or quarantined, ranked by PFS (the probability that a run fails for no reason: ` +
                `a ranking, not the decision). Quarantine is decided by the ${(0,text_escape/* mdText */.bC)(input.rule ?? 'evidence', 20)} rule; the other scores are in each test's stats line.`,
            header: ['Rank', 'Test', 'PFS [interval]', ...(measureHead ? [measureHead] : []), 'Quarantined', 'Recent runs'],
            count: top.length,
            row: (i) => {
                const t = top[i];
                return [String(i + 1), (0,text_escape/* mdText */.bC)(t.id, 250), scoreOf(t.id), ...(measureHead ? [(0,text_escape/* mdText */.bC)(ruleMeasure(input.rule, t.score), 40)] : []), decisionWord(t.decision), recentOf(t.decision)];
            },
            maxRows: TOP_FLAKY,
            weight: 1,
            after: `Recent runs, oldest to newest: ${SYMBOLS_LEGEND}.`,
        },
        {
            title: `Problems in the data branch (${summary_n(input.fileProblems.length)})`,
            intro: 'A broken file forgives nothing until it is fixed.',
            header: ['File', 'Line', 'Problem'],
            count: input.fileProblems.length,
            row: (i) => {
                const p = input.fileProblems[i];
                return [(0,text_escape/* mdText */.bC)(p.file, 120), p.line !== undefined ? String(p.line) : '', (0,text_escape/* mdText */.bC)(p.message, 300)];
            },
            maxRows: 50,
            weight: 1,
        },
    ];
    const tables = allTables.filter((t) => t.count > 0);
    const weights = tables.reduce((s, t) => s + t.weight, 0);
    const tableBudget = w.limit;
    for (const t of tables)
        renderTable(w, t, Math.max(2048, (tableBudget * t.weight) / weights));
    let text = [...head, ...w.lines, ...chart, ...tail, ...footer].join('\n');
    if (w.cut > 0) {
        text +=
            `\n\n_This summary was cut to stay under GitHub's size limit: ${summary_n(w.cut)} rows are not shown. Every test's history and scores are ` +
                `on the data branch ${branchLink}; the check run's annotations and your test step's log list the failures._`;
    }
    // A last guard: the budget is kept by construction, but the step must never fail because of the summary.
    return (0,text_escape/* truncateBytes */.QY)(`${text}\n`, budget);
}

;// CONCATENATED MODULE: ./src/github/publish.ts
/**
 * Everything a person sees of a run: log lines, annotations (a check run, or workflow commands when the token may
 * not create one), outputs and the job summary. The outcome is already decided: nothing here may change it, and
 * nothing here may fail the step (every part is guarded, and a failure is only logged).
 */








/** The summary's figures for a result: what publishResults computes, computed earlier (while git pushes). */
function factsFor(result) {
    return summaryFacts({ history: result.history, decisions: result.decisions, scores: scoreLookup(result.scores) });
}
function storeLine(sync, branch) {
    const s = sync.status;
    switch (s.kind) {
        case 'pushed':
            return `History saved to ${branch} at ${s.commit.slice(0, 12)}${s.tries > 1 ? ` (after ${s.tries} tries)` : ''}${s.compacted ? '; the branch was compacted to this one commit' : ''}.${(0,store_sync/* foldedLine */.x6)(s.folded)}`;
        case 'unchanged':
            return (sync.applied.ingested ? `Nothing new to save on ${branch}.` : `These results were already in the history of ${branch}; counted once.`) + (0,store_sync/* foldedLine */.x6)(s.folded);
        case 'parked':
            return `History parked on ${s.ref} (${s.reason}): the next run that writes ${branch} folds it in, exactly once.`;
        case 'read-only':
            return `Read-only run: the history of ${branch} was read but not written.`;
        case 'not-saved':
            return `The history was NOT saved to ${branch}: ${s.reason}${s.parked ? ` The results are parked on ${s.parked} until then.` : ''}`;
    }
}
/** GitHub shows at most this many annotations of each kind (error, warning, notice) per step. */
const WORKFLOW_ANNOTATIONS_PER_KIND = 10;
/**
 * Annotations as workflow commands. GitHub shows at most 10 of each kind per step and drops the rest, so only
 * that many are written (blocking failures first, as `buildAnnotations` orders them), leaving room for the
 * step's own errors and warnings (`reserved`), then one notice says how many were left out.
 */
function emitWorkflowAnnotations(annotations, reserved = { failure: 0, warning: 0 }) {
    const room = {
        failure: Math.max(1, WORKFLOW_ANNOTATIONS_PER_KIND - reserved.failure),
        warning: Math.max(1, WORKFLOW_ANNOTATIONS_PER_KIND - reserved.warning),
    };
    const result = { shown: { failure: 0, warning: 0 }, hidden: { failure: 0, warning: 0 } };
    for (const a of annotations) {
        const kind = a.level === 'failure' ? 'failure' : 'warning';
        if (result.shown[kind] >= room[kind]) {
            result.hidden[kind]++;
            continue;
        }
        result.shown[kind]++;
        // The runner escapes nothing but % \r \n (and : , in properties): defuse the legacy `##[` syntax too.
        const props = { title: (0,text_escape/* defuseLegacy */.WG)(a.title), ...(a.path ? { file: (0,text_escape/* defuseLegacy */.WG)(a.path), startLine: a.line ?? 1 } : {}) };
        const message = (0,text_escape/* defuseLegacy */.WG)(a.details ? (0,text_escape/* truncate */.xv)(`${a.message}\n\n${a.details}`, 4000) : a.message);
        if (a.level === 'failure')
            core.error(message, props);
        else
            core.warning(message, props);
    }
    const { failure, warning } = result.hidden;
    if (failure + warning > 0) {
        const parts = [failure > 0 ? `${failure} blocking` : '', warning > 0 ? `${warning} forgiven` : ''].filter(Boolean).join(' and ');
        core.notice(`${parts} failure${failure + warning === 1 ? ' is' : 's are'} not annotated here: GitHub shows at most ${WORKFLOW_ANNOTATIONS_PER_KIND} annotations of each kind per step. The job summary lists the failures.`, { title: 'flakeguard: more failures' });
    }
    return result;
}
const s = (n) => (n === 1 ? '' : 's');
/**
 * Links to the tested commit's files on GitHub (only there: other servers lay out their URLs differently). The path
 * comes from a report: only a plain repository path is linked, each segment URL-encoded.
 */
function blobUrlFor(ctx) {
    if (!/^[0-9a-f]{40}$/.test(ctx.sha) || ctx.runUrl)
        return undefined;
    return (path, line) => {
        const p = path.replace(/\\/g, '/');
        if (p === '' || p.startsWith('/') || /^[A-Za-z]:/.test(p) || p.split('/').some((seg) => seg === '..' || seg === '.' || seg === ''))
            return undefined;
        const encoded = p
            .split('/')
            .map((seg) => encodeURIComponent(seg).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
            .join('/');
        return `${ctx.serverUrl}/${ctx.repository}/blob/${ctx.sha}/${encoded}${line && line > 0 ? `#L${line}` : ''}`;
    };
}
async function publishResults({ inputs, ctx, readOnly, runUrl, sync, reports, extraSummary, facts: early }) {
    const result = sync.applied;
    const o = result.outcome;
    const statsFileOf = (id) => (0,layout/* statsPath */.Zf)((0,layout/* shardOf */.IS)(id, result.shards), result.shards);
    const branchUrl = `${ctx.serverUrl}/${ctx.repository}/tree/${inputs.dataBranch}`;
    const line = storeLine(sync, inputs.dataBranch);
    const lost = !readOnly && (0,store_sync/* lostReason */.pf)(sync.status, inputs.dataBranch) !== undefined;
    // The step's own errors and warnings, which take annotation slots before the failures' ones.
    const reserved = {
        failure: (o.result === 'failure' ? 1 : 0) + result.problems.filter((p) => !p.notice).length + (sync.historyRead ? 0 : 1) + (reports?.problems ?? 0) + (lost ? 1 : 0),
        warning: (o.result === 'success' && o.forgiven.length > 0 ? 1 : 0) + (sync.status.kind === 'not-saved' && !lost ? 1 : 0) + (result.handEdits ?? []).filter((e) => e.effect === 'kept').length,
    };
    guard('log the data branch state', () => {
        // Workflow-command data is escaped by the runner's toolkit (a `::` inside it is harmless): one line, no controls.
        // Results neither saved nor parked are an error (the run fails, src/action/run.ts); parked ones a warning.
        if (lost)
            core.error((0,text_escape/* commandText */.jt)(line, 1000), { title: 'flakeguard history not saved' });
        else if (sync.status.kind === 'not-saved')
            core.warning((0,text_escape/* commandText */.jt)(line, 1000), { title: 'flakeguard history not saved' });
        else
            core.info((0,text_escape/* logText */.kc)(line));
        if (!sync.historyRead)
            core.error('The data branch could not be read, so no failure could be forgiven.', { title: 'flakeguard' });
        for (const p of result.problems) {
            (p.notice ? core.notice : core.error)((0,text_escape/* commandText */.jt)(p.message, 1000), { title: (0,text_escape/* commandText */.jt)(`flakeguard data branch: ${p.file}`, 200), file: p.file, startLine: p.line });
        }
        for (const l of result.lapsed) {
            core.notice((0,text_escape/* commandText */.jt)(`The override of '${l.id}' in ${l.file} lapsed on ${l.until}; flakeguard decides again.`, 1000));
        }
        // Hand edits of computed fields (docs/data-branch.md#hand-edits): honoured ones get a notice, kept ones a warning.
        for (const e of result.handEdits ?? []) {
            const message = (0,text_escape/* commandText */.jt)(e.message, 1000);
            if (e.effect === 'kept')
                core.warning(message, { title: 'flakeguard: hand edit left as written', file: e.file, startLine: e.line });
            else
                core.notice(message, { title: 'flakeguard: hand edit honoured', file: e.file, startLine: e.line });
        }
    });
    const scores = scoreLookup(result.scores);
    const annotations = guard('prepare the annotations', () => buildAnnotations(o, { decisions: result.decisions, scores, dataBranch: inputs.dataBranch, statsFileOf })) ?? [];
    const base = {
        outcome: o,
        decisions: result.decisions,
        scores,
        history: result.history,
        quarantined: result.quarantined,
        newlyQuarantined: result.newlyQuarantined,
        released: result.released,
        testsInRun: reports?.tests,
        ...(reports?.twins ? { twins: reports.twins } : {}),
        storeLine: line,
        dataBranch: inputs.dataBranch,
        dataBranchUrl: branchUrl,
        fileProblems: result.problems.filter((p) => !p.notice),
        lapsed: result.lapsed,
        statsFileOf,
        brokenStats: result.brokenStats,
        blobUrl: blobUrlFor(ctx),
        ...(result.rule ? { rule: result.rule } : {}),
    };
    const facts = (early?.of === result ? early.facts : guard('analyse the history for the summary', () => factsFor(result))) ?? { trend: { unit: 'run', points: [] }, top: [] };
    let toCommands = annotations;
    let annotationsLine;
    const total = annotations.length;
    if (total === 0) {
        annotationsLine = undefined;
    }
    else if (!inputs.checkRun) {
        annotationsLine = undefined;
    }
    else if (ctx.fromFork) {
        annotationsLine = `in this step's log as workflow commands: a pull request from a fork gets a read-only token, which cannot create a check run.`;
    }
    else if (!inputs.token) {
        annotationsLine = `in this step's log as workflow commands: no token to create a check run.`;
    }
    if (inputs.checkRun && inputs.token && !ctx.fromFork) {
        try {
            const { createClient } = await Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 96584));
            const { publishCheckRun, MAX_CHECK_ANNOTATIONS } = await __webpack_require__.e(/* import() */ 250).then(__webpack_require__.bind(__webpack_require__, 36250));
            const octokit = await createClient(inputs.token, ctx.apiUrl);
            const check = await publishCheckRun(octokit, {
                owner: ctx.owner,
                repo: ctx.repo,
                headSha: ctx.sha,
                name: inputs.checkName,
                conclusion: o.result,
                title: verdict(o, result.newlyQuarantined.length),
                summary: renderSummary({ ...base, annotationsLine: total > 0 ? `on this check run's lines of code.` : undefined }, { budgetBytes: CHECK_SUMMARY_BUDGET_BYTES, facts }),
                annotations,
                detailsUrl: runUrl,
            });
            const name = `'${inputs.checkName}'`;
            const why = check.error ? `${check.error.status ?? 'no status'}: ${check.error.message}` : '';
            const notes = [];
            if (check.overLimit > 0)
                notes.push(`${check.overLimit} more failure${s(check.overLimit)} not annotated (a check run gets at most ${MAX_CHECK_ANNOTATIONS} from flakeguard)`);
            if (check.unplaceable > 0)
                notes.push(`${check.unplaceable} failure${s(check.unplaceable)} with no file in the workspace to annotate, listed here only`);
            if (!check.created) {
                toCommands = annotations;
                const hint = check.error?.denied ? ` (the token may not create check runs: give the workflow \`permissions: checks: write\`)` : '';
                annotationsLine = `in this step's log as workflow commands: the check run could not be created (${why})${hint}.`;
                core.info((0,text_escape/* logText */.kc)(`Could not create the check run ${name} (${why}); annotating with workflow commands instead.`));
            }
            else if (check.error) {
                toCommands = check.unsent;
                annotationsLine =
                    `${check.sent} of ${total} on the check run ${name}; the request for the others failed (${why}), so ${check.unsent.length} ` +
                        `${check.unsent.length === 1 ? 'is' : 'are'} in this step's log as workflow commands${notes.length ? `; ${notes.join('; ')}` : ''}.`;
                core.info((0,text_escape/* logText */.kc)(`Check run ${name} created, but only ${check.sent} of ${total} annotations were sent (${why}); the others go to workflow commands.`));
            }
            else {
                toCommands = [];
                annotationsLine = `${check.sent} on the check run ${name}${notes.length ? `; ${notes.join('; ')}` : ''}.`;
                core.info((0,text_escape/* logText */.kc)(`Check run ${name} published with ${check.sent} annotation${s(check.sent)} in ${check.requests} request${s(check.requests)}.`));
            }
        }
        catch (error) {
            toCommands = annotations;
            annotationsLine = `in this step's log as workflow commands: the check run could not be created.`;
            core.info((0,text_escape/* logText */.kc)(`Could not create the check run (${error instanceof Error ? error.message : String(error)}); annotating with workflow commands instead.`));
        }
    }
    if (toCommands.length > 0)
        guard('write the annotations', () => emitWorkflowAnnotations(toCommands, reserved));
    guard('set the outputs', () => {
        (0,step_files/* setOutput */.uH)('failed-tests', o.failed.length);
        (0,step_files/* setOutput */.uH)('quarantined-failures', o.forgiven.length);
        (0,step_files/* setOutput */.uH)('blocking-failures', o.blocking.length);
        (0,step_files/* setOutput */.uH)('quarantined-tests', JSON.stringify(result.quarantined));
        (0,step_files/* setOutput */.uH)('newly-quarantined', JSON.stringify(result.newlyQuarantined));
        (0,step_files/* setOutput */.uH)('released', JSON.stringify(result.released));
        (0,step_files/* setOutput */.uH)('data-commit', sync.status.kind === 'pushed' ? sync.status.commit : '');
    });
    const summary = guard('render the job summary', () => renderSummary({ ...base, annotationsLine }, { facts }));
    if (summary !== undefined) {
        try {
            await (0,step_files/* appendSummary */.fe)(extraSummary ? `${summary}\n${extraSummary}` : summary);
        }
        catch (error) {
            core.info((0,text_escape/* logText */.kc)(`Could not write the job summary: ${error instanceof Error ? error.message : String(error)}`));
        }
    }
}
/** Runs one part of the publishing; a bug there is logged, never allowed to change the outcome. */
function guard(what, part) {
    try {
        return part();
    }
    catch (error) {
        core.warning((0,text_escape/* logText */.kc)(`flakeguard could not ${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, 2000));
        return undefined;
    }
}


/***/ }),

/***/ 1281:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   _E: () => (/* binding */ inboxProvenance)
/* harmony export */ });
/* unused harmony exports sealScope, workflowRunLookup */
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(96584);

/** The seal scope of this step, when it has `inbox-key`. */
function sealScope(inputs, ctx) {
    return inputs.inboxKey ? { key: inputs.inboxKey, repository: ctx.repository, branch: inputs.dataBranch } : undefined;
}
/** The provenance a writer of this step asks of parked runs. */
function inboxProvenance(inputs, ctx) {
    const seal = sealScope(inputs, ctx);
    if (seal)
        return { seal, branch: inputs.dataBranch };
    if (!inputs.token)
        return { branch: inputs.dataBranch };
    return { lookup: workflowRunLookup(inputs.token, ctx), branch: inputs.dataBranch };
}
/** Looks runs up once each (a step folding 64 parcels of one workflow run asks once). */
function workflowRunLookup(token, ctx) {
    const seen = new Map();
    let client;
    const ask = async (runId) => {
        if (!/^[1-9]\d{0,19}$/.test(runId))
            return 'not-found';
        client ??= (0,_client_js__WEBPACK_IMPORTED_MODULE_0__.createClient)(token, ctx.apiUrl);
        try {
            const { data } = await (await client).rest.actions.getWorkflowRun({ owner: ctx.owner, repo: ctx.repo, run_id: Number(runId), ...(0,_client_js__WEBPACK_IMPORTED_MODULE_0__/* .requestOptions */ .ag)() });
            const own = data.repository.id;
            return {
                headSha: data.head_sha,
                event: data.event,
                runAttempt: data.run_attempt ?? 1,
                workflow: data.name ?? '',
                fromFork: (data.head_repository?.id ?? own) !== own,
            };
        }
        catch (error) {
            const failure = (0,_client_js__WEBPACK_IMPORTED_MODULE_0__/* .describeApiError */ .gg)(error);
            if (failure.status === 404 && !/not accessible/i.test(failure.message))
                return 'not-found';
            return { unknown: `${failure.message}${failure.denied ? ' (the token needs actions: read)' : ''}` };
        }
    };
    return (runId) => {
        let known = seen.get(runId);
        if (!known)
            seen.set(runId, (known = ask(runId)));
        return known;
    };
}


/***/ }),

/***/ 91463:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JC: () => (/* binding */ verifyStepFiles),
/* harmony export */   Pn: () => (/* binding */ watchStepFiles),
/* harmony export */   fe: () => (/* binding */ appendSummary),
/* harmony export */   uH: () => (/* binding */ setOutput)
/* harmony export */ });
/* unused harmony exports STEP_FILE_VARIABLES, checkStepFiles */
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(91659);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _text_escape_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(67388);
/**
 * The files through which a step talks to the runner: GITHUB_OUTPUT and GITHUB_STEP_SUMMARY, which flakeguard
 * writes, and GITHUB_ENV, GITHUB_PATH and GITHUB_STATE, which it never writes. The runner creates them for each step
 * and reads them once the step has exited, keeping the last value of an output set twice.
 *
 * flakeguard writes its outputs and its summary through this module only (test/github/step-files.test.ts checks
 * that no other module calls the toolkit's writers), and remembers what it wrote. Before the step exits,
 * `verifyStepFiles` compares each file with what it held when the step started plus what flakeguard appended: any
 * other content was written by another process running as the same user (a process a re-run command or an earlier
 * step left behind). Then the step fails with an error naming the file, puts the file back to what flakeguard wrote
 * when it still can, and writes its outcome again, `failure`, last (docs/adr/0162-step-files-checked.md). A process
 * that writes after the step has exited is beyond any check of the step's.
 */





/** The runner's file commands, by the variable that names each file. */
const STEP_FILE_VARIABLES = ['GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY', 'GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_STATE'];
/** Bytes of the files' expected content kept in memory to put a file back (beyond them, a file is only checked). */
const KEEP_BYTES = 16 << 20;
const watched = new Map();
let keptBytes = 0;
/** The last value flakeguard gave each output, to write them again after another process's lines. */
const outputs = new Map();
/** Reads a file in chunks (bounded memory): its hash, and its content when `keep` and no bigger than `limit`. */
function readWhole(path, limit) {
    const hash = (0,node_crypto__WEBPACK_IMPORTED_MODULE_2__.createHash)('sha256');
    const parts = [];
    let size = 0;
    const fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.openSync)(path, 'r');
    try {
        const chunk = Buffer.alloc(64 << 10);
        for (let n; (n = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readSync)(fd, chunk, 0, chunk.length, null)) > 0;) {
            hash.update(chunk.subarray(0, n));
            if (size + n <= limit)
                parts.push(Buffer.from(chunk.subarray(0, n)));
            size += n;
        }
    }
    finally {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.closeSync)(fd);
    }
    return { size, hash, ...(size <= limit ? { content: Buffer.concat(parts) } : {}) };
}
/**
 * Remembers the step files as they are now (the step's start). Only the files of the variables set in `env`; one
 * that cannot be read is not watched (the toolkit's own writes fail on it anyway).
 */
function watchStepFiles(env = process.env) {
    watched.clear();
    outputs.clear();
    keptBytes = 0;
    for (const variable of STEP_FILE_VARIABLES) {
        const path = env[variable];
        if (!path)
            continue;
        try {
            const read = readWhole(path, KEEP_BYTES - keptBytes);
            if (read.content)
                keptBytes += read.size;
            watched.set(variable, { path, size: read.size, hash: read.hash, kept: read.content ? [read.content] : undefined });
        }
        catch {
            // not there or not readable: nothing to compare with
        }
    }
}
/** Appends `text` to the file of `variable` (named by the environment) and counts it as flakeguard's. */
function append(variable, path, text) {
    const bytes = Buffer.from(text, 'utf8');
    (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.appendFileSync)(path, bytes);
    const w = watched.get(variable);
    if (!w || w.path !== path)
        return;
    w.size += bytes.length;
    w.hash.update(bytes);
    if (w.kept && keptBytes + bytes.length <= KEEP_BYTES) {
        w.kept.push(bytes);
        keptBytes += bytes.length;
    }
    else if (w.kept) {
        keptBytes -= w.kept.reduce((n, b) => n + b.length, 0);
        w.kept = undefined;
    }
}
/** A value as the toolkit writes it: a string as it is, anything else as JSON, nothing as ''. */
function commandValue(value) {
    if (value === null || value === undefined)
        return '';
    return typeof value === 'string' ? value : JSON.stringify(value);
}
/** Sets a step output, as `core.setOutput` does (a heredoc with a random delimiter in GITHUB_OUTPUT). */
function setOutput(name, value) {
    const text = commandValue(value);
    outputs.set(name, text);
    const path = process.env.GITHUB_OUTPUT;
    if (!path) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.setOutput(name, text);
        return;
    }
    const delimiter = `ghadelimiter_${(0,node_crypto__WEBPACK_IMPORTED_MODULE_2__.randomUUID)()}`;
    if (name.includes(delimiter) || text.includes(delimiter))
        throw new Error(`Unexpected input: name or value contains the delimiter ${delimiter}`);
    append('GITHUB_OUTPUT', path, `${name}<<${delimiter}${node_os__WEBPACK_IMPORTED_MODULE_3__.EOL}${text}${node_os__WEBPACK_IMPORTED_MODULE_3__.EOL}${delimiter}${node_os__WEBPACK_IMPORTED_MODULE_3__.EOL}`);
}
/** Appends markdown to the job summary, as `core.summary.addRaw(markdown).write()` does; rejects without GITHUB_STEP_SUMMARY. */
async function appendSummary(markdown) {
    const path = process.env.GITHUB_STEP_SUMMARY;
    if (!path)
        throw new Error('Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.');
    append('GITHUB_STEP_SUMMARY', path, markdown);
}
/** The watched files whose content is not what they held at the start plus flakeguard's appends. */
function checkStepFiles() {
    const found = [];
    for (const [variable, w] of watched) {
        let what;
        try {
            const size = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.statSync)(w.path).size;
            if (size > w.size)
                what = `${size - w.size} bytes more than flakeguard wrote`;
            else if (size < w.size)
                what = `${w.size - size} bytes fewer than flakeguard wrote: some of its lines were removed`;
            else if (readWhole(w.path, 0).hash.digest('hex') !== w.hash.copy().digest('hex'))
                what = 'the same size as what flakeguard wrote, other content';
        }
        catch (error) {
            what = `it could not be read any more (${error instanceof Error ? error.message : String(error)})`;
        }
        if (what)
            found.push({ variable, path: w.path, what });
    }
    return found;
}
/** Puts a file back to what flakeguard expects in it; false when its content was not kept or the write failed. */
function restore(variable) {
    const w = watched.get(variable);
    if (!w?.kept)
        return false;
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.writeFileSync)(w.path, Buffer.concat(w.kept));
        return true;
    }
    catch {
        return false;
    }
}
const NAMES = {
    GITHUB_OUTPUT: "the step's outputs (GITHUB_OUTPUT)",
    GITHUB_STEP_SUMMARY: 'this summary (GITHUB_STEP_SUMMARY)',
    GITHUB_ENV: 'the environment of the later steps (GITHUB_ENV)',
    GITHUB_PATH: 'the PATH of the later steps (GITHUB_PATH)',
    GITHUB_STATE: "the step's saved state (GITHUB_STATE)",
};
/**
 * The last thing the step does: when another process wrote to a step file during the step, fails the step with an
 * error per file, puts the files back where it can, writes its outputs again (the runner keeps the last value of each)
 * with `outcome` `failure`, and says so in the summary. Returns whether the files were as flakeguard wrote them.
 */
function verifyStepFiles() {
    const tampered = checkStepFiles();
    if (tampered.length === 0)
        return true;
    const restored = new Set(tampered.filter((t) => restore(t.variable)).map((t) => t.variable));
    for (const t of tampered) {
        const fix = restored.has(t.variable) ? 'flakeguard put the file back to what it wrote' : 'flakeguard could not put the file back: do not trust it';
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.setFailed((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_4__/* .commandText */ .jt)(`Something other than flakeguard wrote to ${t.variable} during this step (${t.what}): a process running as the runner's user, such as one a re-run command or an earlier step left behind, may have forged ${NAMES[t.variable]}; ${fix}. The step fails (docs/rerun.md, "What a re-run command can do").`, 2000));
    }
    try {
        if (watched.has('GITHUB_OUTPUT')) {
            for (const [name, value] of [...outputs].filter(([name]) => name !== 'outcome'))
                setOutput(name, value);
        }
        setOutput('outcome', 'failure');
    }
    catch (error) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.setFailed((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_4__/* .commandText */ .jt)(`flakeguard could not write its outputs again: ${error instanceof Error ? error.message : String(error)}`, 1000));
    }
    const names = tampered.map((t) => NAMES[t.variable]);
    const files = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    const summaryNote = `\n> [!CAUTION]\n> **Something other than flakeguard wrote to ${files} during the step.** ` +
        `${restored.size === tampered.length ? 'flakeguard removed what it did not write' : 'What flakeguard did not write may still be there'}, and the step fails. ` +
        `Any process running as the runner's user can do this, such as one a re-run command or an earlier step left behind ` +
        `(docs/rerun.md, "What a re-run command can do").\n`;
    appendSummary(summaryNote).catch(() => undefined);
    return false;
}


/***/ }),

/***/ 74292:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CU: () => (/* binding */ mergeRun),
/* harmony export */   Df: () => (/* binding */ failureMessageOf),
/* harmony export */   Ez: () => (/* binding */ ingestionKey),
/* harmony export */   WS: () => (/* reexport safe */ _records_js__WEBPACK_IMPORTED_MODULE_1__.WS),
/* harmony export */   xh: () => (/* binding */ DEFAULT_RETENTION)
/* harmony export */ });
/* unused harmony export applyRetention */
/* harmony import */ var _model_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(10182);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6830);
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
function failureMessageOf(test, normalise) {
    const firstFailure = test.attempts.find((a) => (0,_model_js__WEBPACK_IMPORTED_MODULE_0__/* .isFailure */ .N6)(a.status));
    const message = firstFailure?.message ?? firstFailure?.type;
    return message ? normalise(message).slice(0, MAX_STORED_MESSAGE) : undefined;
}
function recordFor(test, run, facts, normalise) {
    return (0,_records_js__WEBPACK_IMPORTED_MODULE_1__/* .runRecord */ .DW)(run.key, facts, test.attempts.map((a) => _model_js__WEBPACK_IMPORTED_MODULE_0__/* .STATUS_CODE */ .lg[a.status]).join(''), failureMessageOf(test, normalise), test.attempts[test.attempts.length - 1]?.durationSec);
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
            record = (0,_records_js__WEBPACK_IMPORTED_MODULE_1__/* .withDuration */ .N_)(record, carried);
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
                outage: (earlier.message !== undefined ? earlier.outage || options.outages?.includes((0,_records_js__WEBPACK_IMPORTED_MODULE_1__/* .failureKey */ .WS)(earlier.message)) : record.outage) || undefined,
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


/***/ }),

/***/ 65840:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   KP: () => (/* binding */ renderOutcomeString),
/* harmony export */   Tr: () => (/* binding */ runCount),
/* harmony export */   Uc: () => (/* binding */ pushSegment),
/* harmony export */   Ux: () => (/* binding */ neverFailed),
/* harmony export */   Vo: () => (/* binding */ parseOutcomeString),
/* harmony export */   iJ: () => (/* binding */ fileAround),
/* harmony export */   oU: () => (/* binding */ forEachRun),
/* harmony export */   oq: () => (/* binding */ fileFromAround),
/* harmony export */   pJ: () => (/* binding */ endOf)
/* harmony export */ });
/* unused harmony export REPEAT_FROM */
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
function pushSegment(segments, a, n) {
    if (n <= 0)
        return;
    const last = segments[segments.length - 1];
    if (last && last.a === a)
        last.n += n;
    else
        segments.push({ a, n });
}
/** The segments of an outcome string, or null when it is malformed. */
function parseOutcomeString(o) {
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
            pushSegment(segments, '', n);
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
        pushSegment(segments, a, n);
    }
    // A copy made to size: pushing grew a backing store of 17 slots, kept as long as the history (100k tests: ~13 MB).
    return segments.slice();
}
/** The outcome string of `segments` (the inverse of parseOutcomeString; repeats from REPEAT_FROM up). */
function renderOutcomeString(segments) {
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
function forEachRun(from, segments, each) {
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
function runCount(segments) {
    let n = 0;
    for (const s of segments)
        if (s.a !== '')
            n += s.n;
    return n;
}
/** The sequence number just after the last run of `segments` (runs and gaps from `from`). */
function endOf(from, segments) {
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
function fileAround(file, classname) {
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


/***/ }),

/***/ 6830:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DW: () => (/* binding */ runRecord),
/* harmony export */   N_: () => (/* binding */ withDuration),
/* harmony export */   WS: () => (/* binding */ failureKey)
/* harmony export */ });
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
        untrusted: row.untrusted ? true : undefined,
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
    return { ...build(record.run, record, record.attempts, record.message, durationSec), outage: record.outage, untrusted: record.untrusted };
}
/**
 * What makes two failures "the same failure": the stored message with every number blanked (ports, addresses,
 * durations, counts), which the seed's normalisation keeps.
 */
function failureKey(message) {
    return message === undefined ? undefined : message.replace(/\d+/g, '#');
}


/***/ }),

/***/ 44173:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ce: () => (/* binding */ canMergeStored),
/* harmony export */   OK: () => (/* binding */ durationAt),
/* harmony export */   VM: () => (/* binding */ LazyHistory),
/* harmony export */   YZ: () => (/* binding */ mergeStored)
/* harmony export */ });
/* harmony import */ var _model_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(10182);
/* harmony import */ var _merge_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(74292);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6830);
/* harmony import */ var _outcome_string_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(65840);
/**
 * The history kept in its stored form (docs/data-branch.md, "history/NN.json"): per test, `from` and the run-length
 * segments of its outcome string, its failure messages and durations by run number. A test's run records are decoded
 * only when something asks for them (`get`); appending a run appends a segment (mergeStored), and the branch's files
 * are rendered from the stored form again. Most tests of a suite never failed: they are never decoded at all.
 *
 * LazyHistory is a History (a Map of TestHistory by id) to every reader: `get`, `has`, `size` and iteration behave as
 * the Map of decoded histories would, in the same order. Pure.
 */




const DAY_MS = 86_400_000;
class LazyHistory extends Map {
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
        let end = (0,_outcome_string_js__WEBPACK_IMPORTED_MODULE_3__/* .endOf */ .pJ)(s.from, s.segments);
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
            let record = (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .runRecord */ .DW)(key, row, attempts[j], s.m?.[seq]);
            const d = s.dur ? durationAt(s.dur, seq) : seq === last ? s.d : undefined;
            if (d !== undefined)
                record = (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .withDuration */ .N_)(record, d);
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
        let end = (0,_outcome_string_js__WEBPACK_IMPORTED_MODULE_3__/* .endOf */ .pJ)(s.from, s.segments);
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
        let end = (0,_outcome_string_js__WEBPACK_IMPORTED_MODULE_3__/* .endOf */ .pJ)(s.from, s.segments);
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
        (0,_outcome_string_js__WEBPACK_IMPORTED_MODULE_3__/* .forEachRun */ .oU)(s.from, s.segments, (seq, attempts) => {
            const joined = this.bySeq.get(seq);
            if (!joined)
                throw new Error(`the history of '${id}' refers to run ${seq}, which is not in the runs table`);
            const message = s.m?.[seq];
            const record = (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .runRecord */ .DW)(joined[0], joined[1], attempts, message);
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
                const d = durationAt(s.dur, seqs[i]);
                if (d !== undefined)
                    records[i] = (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .withDuration */ .N_)(records[i], d);
            }
        }
        else if (s.d !== undefined && records.length > 0) {
            records[records.length - 1] = (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .withDuration */ .N_)(records[records.length - 1], s.d);
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
    let count = (0,_outcome_string_js__WEBPACK_IMPORTED_MODULE_3__/* .runCount */ .Tr)(s.segments);
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
function durationAt(durations, seq) {
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
    const end = (0,_outcome_string_js__WEBPACK_IMPORTED_MODULE_3__/* .endOf */ .pJ)(previous.from, segs);
    if (seq !== end)
        return null;
    const drop = Math.max(0, (0,_outcome_string_js__WEBPACK_IMPORTED_MODULE_3__/* .runCount */ .Tr)(segs) + 1 - maxRuns);
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
    const oldestKept = (options.retentionNow ?? run.time) - options.retention.maxAgeDays * DAY_MS;
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
        const attempts = test.attempts.length === 1 ? _model_js__WEBPACK_IMPORTED_MODULE_0__/* .STATUS_CODE */ .lg[test.attempts[0].status] : test.attempts.map((a) => _model_js__WEBPACK_IMPORTED_MODULE_0__/* .STATUS_CODE */ .lg[a.status]).join('');
        const message = (0,_merge_js__WEBPACK_IMPORTED_MODULE_1__/* .failureMessageOf */ .Df)(test, options.normalise);
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
            const end = (0,_outcome_string_js__WEBPACK_IMPORTED_MODULE_3__/* .endOf */ .pJ)(previous.from, previous.segments);
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
    return new LazyHistory(stored, rows);
}


/***/ }),

/***/ 32786:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Aw: () => (/* binding */ untrustedTestsToRecord),
/* harmony export */   B_: () => (/* binding */ boundedUntrustedTests),
/* harmony export */   Dy: () => (/* binding */ withoutUntrusted),
/* harmony export */   Ji: () => (/* binding */ trustedEvidence),
/* harmony export */   SF: () => (/* binding */ MAX_UNTRUSTED_TESTS),
/* harmony export */   So: () => (/* binding */ MAX_UNTRUSTED_ARTIFACTS),
/* harmony export */   cy: () => (/* binding */ trustedOnly),
/* harmony export */   qB: () => (/* binding */ hasUntrustedRecord),
/* harmony export */   z9: () => (/* binding */ untrustedRunKey)
/* harmony export */ });
/* unused harmony exports MAX_UNTRUSTED_ATTEMPTS, MAX_UNTRUSTED_MESSAGES, hasTrustedRecord, trustedRunsAgree */
/** Tests one untrusted run may report: more, and its artifact is refused (src/modes/shards.ts). */
const MAX_UNTRUSTED_TESTS = 50_000;
/** flakeguard artifacts read from one run by `ingest-workflow-run` (the aggregate mode reads up to 256 of its own run). */
const MAX_UNTRUSTED_ARTIFACTS = 64;
/** Attempts one untrusted run records per test (its artifacts' attempts of the test, in order, cut here). */
const MAX_UNTRUSTED_ATTEMPTS = 8;
/** Tests of one untrusted run whose failure message is stored; the others' records have none. */
const MAX_UNTRUSTED_MESSAGES = 100;
/** The run key of a workflow run's untrusted results: from the trusted run id alone, the same for every artifact. */
function untrustedRunKey(runId) {
    return `${runId}/untrusted`;
}
const failed = (attempts) => attempts.includes('F') || attempts.includes('E');
function hasTrustedRecord(test) {
    return test !== undefined && test.runs.some((r) => !r.untrusted);
}
function hasUntrustedRecord(test) {
    return test !== undefined && test.runs.some((r) => r.untrusted);
}
/** True when the test's trusted records alone show it flaky: then its untrusted records count too. */
function trustedRunsAgree(test) {
    const passedOn = new Set();
    const failedOn = new Set();
    for (const r of test.runs) {
        if (r.untrusted || r.outage)
            continue;
        if (failed(r.attempts) && r.attempts.includes('P'))
            return true;
        if (failed(r.attempts))
            failedOn.add(r.sha);
        else if (r.attempts.includes('P'))
            passedOn.add(r.sha);
    }
    for (const sha of failedOn)
        if (passedOn.has(sha))
            return true;
    return false;
}
/** The test with its trusted records only (the test itself when it has no untrusted record). */
function trustedOnly(test) {
    return hasUntrustedRecord(test) ? { ...test, runs: test.runs.filter((r) => !r.untrusted) } : test;
}
/** The history as evidence: each test's untrusted records dropped unless its trusted runs agree. Shares unchanged tests. */
function trustedEvidence(history) {
    let out;
    for (const [id, test] of history) {
        if (!hasUntrustedRecord(test) || trustedRunsAgree(test))
            continue;
        out ??= new Map(history);
        out.set(id, trustedOnly(test));
    }
    return out ?? history;
}
/** The history without any untrusted record: what the failures a quarantine forgives are learnt from. Shares unchanged tests. */
function withoutUntrusted(history) {
    let out;
    for (const [id, test] of history) {
        if (!hasUntrustedRecord(test))
            continue;
        out ??= new Map(history);
        out.set(id, trustedOnly(test));
    }
    return out ?? history;
}
/**
 * The tests of an untrusted run that it may record: those a trusted run has recorded, and (with `runId`) not
 * recorded by a trusted run of the same workflow run (run keys `<run id>/…`: its results are in already).
 */
function untrustedTestsToRecord(tests, history, runId) {
    const prefix = runId === undefined ? undefined : `${runId}/`;
    const kept = tests.filter((t) => {
        const h = history.get(t.id);
        if (!hasTrustedRecord(h))
            return false;
        return prefix === undefined || !h.runs.some((r) => !r.untrusted && r.run.startsWith(prefix));
    });
    return { kept, leftOut: tests.length - kept.length };
}
/**
 * The tests of one untrusted run as they are recorded: each test once (a test several artifacts list gets their
 * attempts in order), at most MAX_UNTRUSTED_ATTEMPTS attempts, a failure message for the first
 * MAX_UNTRUSTED_MESSAGES tests that have one, and no file, line, duration or failure body.
 */
function boundedUntrustedTests(tests) {
    const byId = new Map();
    for (const t of tests) {
        const seen = byId.get(t.id);
        if (seen) {
            if (seen.attempts.length < MAX_UNTRUSTED_ATTEMPTS)
                seen.attempts.push(...t.attempts.slice(0, MAX_UNTRUSTED_ATTEMPTS - seen.attempts.length));
            continue;
        }
        byId.set(t.id, { id: t.id, name: t.name, classname: t.classname, suite: t.suite, report: t.report, attempts: t.attempts.slice(0, MAX_UNTRUSTED_ATTEMPTS) });
    }
    let messages = 0;
    const out = [];
    for (const t of byId.values()) {
        const keep = messages < MAX_UNTRUSTED_MESSAGES && t.attempts.some((a) => a.message !== undefined || a.type !== undefined);
        if (keep)
            messages++;
        const attempts = t.attempts.map((a) => {
            const bare = { status: a.status };
            if (keep && a.message !== undefined)
                bare.message = a.message;
            if (keep && a.type !== undefined)
                bare.type = a.type;
            return bare;
        });
        out.push({ ...t, attempts });
    }
    return out;
}


/***/ }),

/***/ 26776:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ capName)
/* harmony export */ });
/* unused harmony export MAX_NAME_BYTES */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/**
 * A cap on the bytes of a test's name, classname and suite (they make its id, which is stored twice on the data
 * branch: a 50 MB name made a 100 MB history file, over GitHub's file size limit). A longer text keeps its
 * beginning and ends with a hash of the whole text, so that ids stay unique and stable (docs/test-ids.md). Pure.
 */

const MAX_NAME_BYTES = 1024;
/** `…#` then 16 hex digits of the SHA-256 of the whole text. */
const SUFFIX_BYTES = 3 + 2 + 16;
function capName(text, maxBytes = MAX_NAME_BYTES) {
    if (text.length * 3 <= maxBytes || Buffer.byteLength(text, 'utf8') <= maxBytes)
        return text;
    const hash = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
    // Cut at a code point boundary within the budget.
    let kept = '';
    let bytes = 0;
    for (const ch of text) {
        const n = Buffer.byteLength(ch, 'utf8');
        if (bytes + n > maxBytes - SUFFIX_BYTES)
            break;
        kept += ch;
        bytes += n;
    }
    return `${kept}…#${hash}`;
}


/***/ }),

/***/ 40999:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Gt: () => (/* binding */ displayPath),
  kL: () => (/* binding */ parseReportFile),
  $T: () => (/* binding */ parseReportFiles),
  ec: () => (/* binding */ testId),
  u2: () => (/* binding */ twinName)
});

// UNUSED EXPORTS: DEFAULT_MAX_FILE_BYTES, TWINS_NAMED, openRegularFile, parseReportRaw, parseReportStream, parseReportText, readRegularFile

// EXTERNAL MODULE: external "node:buffer"
var external_node_buffer_ = __webpack_require__(4573);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
;// CONCATENATED MODULE: ./src/junit/decode.ts
/**
 * Turns the raw bytes of a report into UTF-8 bytes for the tokenizer.
 *
 * Detection order (as in XML 1.0 appendix F):
 * 1. a byte order mark (UTF-8, UTF-16 LE/BE; UTF-32 is refused),
 * 2. UTF-16 without a BOM, recognised by `<?` encoded in UTF-16,
 * 3. the `encoding` of the XML declaration (ISO-8859-1, windows-1252, any label Node's TextDecoder knows),
 * 4. UTF-8.
 *
 * Invalid UTF-8 is not an error: bad sequences become U+FFFD when strings are decoded later, so one stray
 * byte in a captured log does not cost the whole report.
 */

class DecodeError extends Error {
}
/** A Buffer view over the same memory (no copy). */
function asBuffer(bytes) {
    return external_node_buffer_.Buffer.isBuffer(bytes) ? bytes : external_node_buffer_.Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);
/** Single-byte encodings whose bytes map 1:1 onto U+0000..U+00FF (Buffer's 'latin1'). */
const LATIN1_LABELS = new Set(['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'latin1', 'latin-1', 'l1', 'iso-ir-100', 'cp819', 'ibm819']);
/** ASCII is a subset of UTF-8; bytes above 0x7F are invalid either way and become U+FFFD. */
const ASCII_LABELS = new Set(['us-ascii', 'ascii', 'iso646-us']);
/** Reads `encoding="..."` from an XML declaration at the very start of an ASCII-compatible document. */
function declaredEncoding(buf) {
    if (buf.length < 5 || buf[0] !== 0x3c || buf[1] !== 0x3f || buf[2] !== 0x78 || buf[3] !== 0x6d || buf[4] !== 0x6c)
        return undefined; // "<?xml"
    const end = buf.indexOf('?>', 5);
    const head = buf.toString('latin1', 5, end === -1 ? Math.min(buf.length, 200) : Math.min(end, 400));
    const m = /\sencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(head);
    const label = m?.[1] ?? m?.[2];
    return label === undefined ? undefined : label.trim().toLowerCase();
}
function transcode(text) {
    return external_node_buffer_.Buffer.from(text, 'utf8');
}
function decodeWith(label, bytes) {
    let decoder;
    try {
        decoder = new TextDecoder(label, { fatal: false, ignoreBOM: true });
    }
    catch {
        throw new DecodeError(`unsupported encoding "${label}" declared in the XML declaration`);
    }
    return decoder.decode(bytes);
}
/** Returns the document as UTF-8 bytes, without a BOM. Throws DecodeError for unsupported encodings. */
function toUtf8(input) {
    if (typeof input === 'string') {
        return transcode(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
    }
    const buf = asBuffer(input);
    const b0 = buf[0], b1 = buf[1], b2 = buf[2], b3 = buf[3];
    if ((b0 === 0x00 && b1 === 0x00 && b2 === 0xfe && b3 === 0xff) || (b0 === 0xff && b1 === 0xfe && b2 === 0x00 && b3 === 0x00)) {
        throw new DecodeError('unsupported encoding: UTF-32 (byte order mark found); save the report as UTF-8');
    }
    if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf)
        return buf.subarray(3);
    if (b0 === 0xff && b1 === 0xfe)
        return transcode(decodeWith('utf-16le', buf.subarray(2)));
    if (b0 === 0xfe && b1 === 0xff)
        return transcode(decodeWith('utf-16be', buf.subarray(2)));
    // UTF-16 without BOM: "<?" is 3C 00 3F 00 (LE) or 00 3C 00 3F (BE).
    if (b0 === 0x3c && b1 === 0x00 && b2 === 0x3f && b3 === 0x00)
        return transcode(decodeWith('utf-16le', buf));
    if (b0 === 0x00 && b1 === 0x3c && b2 === 0x00 && b3 === 0x3f)
        return transcode(decodeWith('utf-16be', buf));
    const label = declaredEncoding(buf);
    if (label === undefined || UTF8_LABELS.has(label) || ASCII_LABELS.has(label))
        return buf;
    // The declaration was readable as ASCII, so a "UTF-16" label is wrong: such files are really UTF-8.
    if (label === 'utf-16' || label === 'utf-16le' || label === 'utf-16be' || label === 'ucs-2')
        return buf;
    if (LATIN1_LABELS.has(label))
        return (0,external_node_buffer_.isAscii)(buf) ? buf : transcode(buf.toString('latin1'));
    return transcode(decodeWith(label, buf));
}
/** Longest head read to find the end of the XML declaration before giving up streaming. */
const HEAD_MAX_BYTES = 1 << 20;
/**
 * How a report whose first bytes are `head` can be read, deciding exactly as toUtf8 would on the whole file:
 * `{ skip }` when it is UTF-8 (or ASCII) as it is, to be tokenized a piece at a time after `skip` bytes (a UTF-8
 * BOM); 'whole' when it must be transcoded (UTF-16, ISO-8859-1, windows-1252...: rare, they are read whole and
 * given to toUtf8), or when the XML declaration does not end within HEAD_MAX_BYTES; 'more' when `head` is too short
 * to tell and the file goes on (`complete` is false). Throws DecodeError as toUtf8 does.
 */
function streamPlan(head, complete) {
    if (head.length < 5 && !complete)
        return 'more';
    const b0 = head[0], b1 = head[1], b2 = head[2], b3 = head[3];
    if ((b0 === 0x00 && b1 === 0x00 && b2 === 0xfe && b3 === 0xff) || (b0 === 0xff && b1 === 0xfe && b2 === 0x00 && b3 === 0x00)) {
        throw new DecodeError('unsupported encoding: UTF-32 (byte order mark found); save the report as UTF-8');
    }
    if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf)
        return { skip: 3 };
    if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff))
        return 'whole';
    if ((b0 === 0x3c && b1 === 0x00 && b2 === 0x3f && b3 === 0x00) || (b0 === 0x00 && b1 === 0x3c && b2 === 0x00 && b3 === 0x3f))
        return 'whole';
    // declaredEncoding looks up to the declaration's "?>" (or 200 bytes when there is none in the whole file).
    if (head.length >= 5 && head[0] === 0x3c && head[1] === 0x3f && head[2] === 0x78 && head[3] === 0x6d && head[4] === 0x6c && !complete && head.indexOf('?>', 5) === -1) {
        return head.length < HEAD_MAX_BYTES ? 'more' : 'whole';
    }
    const label = declaredEncoding(head);
    if (label === undefined || UTF8_LABELS.has(label) || ASCII_LABELS.has(label))
        return { skip: 0 };
    if (label === 'utf-16' || label === 'utf-16le' || label === 'utf-16be' || label === 'ucs-2')
        return { skip: 0 };
    return 'whole';
}

;// CONCATENATED MODULE: ./src/junit/location.ts
/**
 * File/line of a test for annotations: workspace-relative paths with forward slashes, and the
 * fallback that finds a workspace file in a failure's stack trace.
 */
/** Forward slashes, no trailing slash; `file://` URLs become paths; a Windows drive letter is upper-cased. */
function normalise(p) {
    let s = p.trim();
    if (s.startsWith('file://')) {
        s = s.slice(7);
        if (/^\/[A-Za-z]:/.test(s))
            s = s.slice(1);
        try {
            s = decodeURIComponent(s);
        }
        catch {
            /* keep as is */
        }
    }
    if (s.includes('\\'))
        s = s.replace(/\\/g, '/');
    if (/^[a-z]:\//.test(s))
        s = s[0].toUpperCase() + s.slice(1);
    // Fast path: nothing to resolve.
    if (!/\/\/|(^|\/)\.\.?(\/|$)|\/$/.test(s))
        return s;
    // Resolve "." and ".." segments without touching the file system.
    const abs = s.startsWith('/') ? '/' : /^[A-Z]:\//.test(s) ? s.slice(0, 3) : '';
    const out = [];
    for (const seg of s.slice(abs.length).split('/')) {
        if (seg === '' || seg === '.')
            continue;
        if (seg === '..' && out.length > 0 && out[out.length - 1] !== '..')
            out.pop();
        else if (seg === '..' && abs !== '')
            continue;
        else
            out.push(seg);
    }
    return abs + out.join('/');
}
function isAbsolutePath(p) {
    return p.startsWith('/') || p.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('file://');
}
/** Workspace-relative path mapping and stack-frame search, with the workspace normalised once. */
class Locator {
    prefix;
    caseless;
    constructor(workspace) {
        if (workspace && workspace.trim() !== '') {
            const ws = normalise(workspace);
            this.caseless = /^[A-Z]:\//.test(ws);
            const prefix = ws.endsWith('/') ? ws : ws + '/';
            this.prefix = this.caseless ? prefix.toLowerCase() : prefix;
        }
        else {
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
        if (this.prefix === undefined || !isAbsolutePath(s))
            return s;
        const a = this.caseless ? s.toLowerCase() : s;
        if (a.startsWith(this.prefix))
            return s.slice(this.prefix.length);
        if (a + '/' === this.prefix)
            return '.';
        return s;
    }
    /**
     * `relative(p)`, except that an absolute path outside the workspace gives undefined (it cannot be annotated),
     * as do '.', '..' and paths climbing out of it. Without a workspace, paths are only normalised.
     */
    repositoryPath(p) {
        if (p.trim() === '')
            return undefined;
        const rel = this.relative(p);
        if (this.prefix === undefined)
            return rel;
        if (rel === '.' || rel === '..' || rel.startsWith('../') || isAbsolutePath(rel))
            return undefined;
        return rel;
    }
    /**
     * Best frame of a stack trace / failure body for an annotation. With `knownFile`, the first frame in that
     * file. Otherwise the first frame in a test-looking file (tests/, *_test.go, *.spec.ts...), else the first
     * workspace frame. Frames outside the workspace, in dependencies, or naming a bare file are skipped.
     */
    pickFrame(text, knownFile) {
        let first;
        let seen = 0;
        FRAME.lastIndex = 0;
        let m;
        while ((m = FRAME.exec(text)) !== null && seen < 200) {
            seen++;
            const f = this.frame(m[1] ?? m[3] ?? m[5], m[2] ?? m[4] ?? m[6]);
            if (!f)
                continue;
            if (knownFile !== undefined) {
                if (f.file === knownFile)
                    return f;
                continue;
            }
            if (TESTY.test(f.file))
                return f;
            first ??= f;
        }
        return first;
    }
    frame(raw0, lineText) {
        const line = Number(lineText);
        if (!Number.isSafeInteger(line) || line <= 0)
            return undefined;
        let raw = raw0;
        const wp = /^webpack:\/\/[^/]*\//.exec(raw); // Cypress/webpack: webpack://app/./cypress/e2e/a.cy.ts
        if (wp)
            raw = raw.slice(wp[0].length);
        if (raw.includes('://') && !raw.startsWith('file://'))
            return undefined; // http://...
        if (raw.startsWith('node:') || raw.startsWith('internal/'))
            return undefined;
        const abs = isAbsolutePath(raw);
        if (abs && this.prefix === undefined)
            return undefined;
        const rel = this.relative(raw);
        if (rel === '.' || isAbsolutePath(rel) || rel === '..' || rel.startsWith('../'))
            return undefined;
        if (!abs && !rel.includes('/'))
            return undefined; // "Foo.java:12": a bare file name, not a repository path
        if (DEPENDENCY.test(rel))
            return undefined;
        return { file: rel, line };
    }
}
/** workspacePath(p, ws) === new Locator(ws).relative(p). */
function workspacePath(p, workspace) {
    return new Locator(workspace).relative(p);
}
// Frames, in text order:
//   Python:  File "/ws/tests/test_x.py", line 42, in test_foo
//   .NET:    at Ns.Class.Method() in /ws/Tests/FooTests.cs:line 42
//   generic: (/ws/src/a.test.ts:12:5)  tests/test_x.py:42: AssertionError  ./spec/a_spec.rb:7:in `block'
//            ❯ src/a.test.ts:12:17   webpack://app/./cypress/e2e/a.cy.ts:15:30   /ws/Tests/A.swift:42
const FRAME = new RegExp([
    /File "([^"\n]+)", line (\d+)/.source,
    /\bin ((?:[A-Za-z]:)?[^\s:*?"<>|]*[\\/][^\s:*?"<>|]*\.\w+):line (\d+)/.source,
    /(?:^|[\s(\['"@])((?:file:\/\/|webpack:\/\/[^/\s]*\/)?(?:[A-Za-z]:)?[^\s()[\]'"<>|:]*\.[A-Za-z0-9]+):(\d+)(?=[:)\s,\]]|$)/.source,
].join('|'), 'gm');
const TESTY = /(^|[/._-])(tests?|specs?|__tests__|e2e|it)([/._-]|$)/i;
const DEPENDENCY = /(^|\/)(node_modules|site-packages|dist-packages|vendor|\.venv|venv|\.cargo|go\/pkg\/mod)\//;

;// CONCATENATED MODULE: ./src/junit/xml.ts
/**
 * A small, strict, non-recursive XML tokenizer working on UTF-8 bytes (SAX style).
 *
 * Why not a DOM or fast-xml-parser: reports can be hundreds of MB, so the tokenizer never builds a tree and
 * never decodes text nobody asked for (system-out, properties...); it uses an explicit stack, so 100k nested
 * elements cannot overflow the call stack; it reports every well-formedness error with its byte offset
 * (turned into line/column by `lineColumn`); and it has no DTD support at all: `<!DOCTYPE`, `<!ENTITY`
 * and any other declaration are refused, only the five predefined entities and character references are
 * understood, so neither entity expansion ("billion laughs") nor external entities (XXE) can happen.
 *
 * Well-formedness checks: element and attribute name syntax, quoted attribute values without `<`,
 * duplicate attributes, whitespace between attributes, valid references (`&amp;`, `&#10;`, `&#x1F;`),
 * matching end tags, exactly one root element, nothing but whitespace/comments/PIs outside it,
 * terminated comments/CDATA/PIs, no NUL byte outside the root element (where a binary file shows itself: it does
 * not start with '<', or its markup breaks at once). Not checked (lenient on purpose, as real reports break
 * these rules): C0 control characters, NUL included, in text and attribute values (jest-junit,
 * mocha-junit-reporter and node's junit reporter write a test's name and message as they are; ANSI colour codes
 * in captured output), `--` inside comments, `]]>` in text, the XML declaration's position.
 *
 * UTF-8 multi-byte sequences never contain bytes below 0x80, so scanning for ASCII markup on raw bytes is
 * exact. Strings are decoded (leniently: invalid UTF-8 becomes U+FFFD) only when the handler asks.
 *
 * Resumable: a `Tokenizer` is fed the document a window at a time (`feed`), so a report is never held whole
 * (src/junit/stream.ts reads it in pieces). At the end of a window that is not the last, a construct that is not
 * complete (a tag, a reference, the start of a comment...) is not an error: `feed` returns where it starts and is
 * given those bytes again followed by the next piece. Text and CDATA are handed over in pieces, cut at safe points
 * (`safeCut`), and a long comment, PI or CDATA section is not scanned again from its start. Only the final window
 * raises the "unexpected end of file" errors. Every decision is taken on the same bytes as with the whole document
 * in one window, so the results, messages and positions are the same whatever the windows (test/junit/stream.test.ts).
 */

class XmlError extends Error {
    /** Byte offset in the UTF-8 document (from its start, not the window's) where the problem was found. */
    offset;
    constructor(message, offset) {
        super(message);
        this.offset = offset;
    }
}
/** A DOCTYPE/ENTITY (or other DTD) declaration was found; the document is refused, not parsed. */
class DtdRefused extends XmlError {
}
const EMPTY = external_node_buffer_.Buffer.alloc(0);
/** Attributes of the element being opened. Only valid during the `open` callback. */
class Attrs {
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
            if (this.names[k] === name)
                return decodeAttr(this.buf, this.starts[k], this.ends[k], this.amps[k]);
        }
        return undefined;
    }
}
/** Comments up to this many bytes are reported to XmlHandler.comment. */
const SHORT_COMMENT_BYTES = 64;
const LT = 0x3c, GT = 0x3e, AMP = 0x26, SLASH = 0x2f, BANG = 0x21, QMARK = 0x3f, EQ = 0x3d, DQ = 0x22, SQ = 0x27;
const SEMI = 0x3b, HASH = 0x23;
function isWs(c) {
    return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}
function isNameStart(c) {
    return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a || c >= 0x80;
}
function isNameChar(c) {
    return isNameStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e;
}
/**
 * Element and attribute names repeat (testcase, classname, time...): short ASCII names are interned in a
 * small bounded cache, compared byte by byte, so most names cost no decoding at all.
 */
class NameCache {
    buckets = new Map();
    size = 0;
    get(buf, s, e) {
        const len = e - s;
        let ascii = true;
        for (let k = s; k < e; k++) {
            if (buf[k] >= 0x80) {
                ascii = false;
                break;
            }
        }
        if (!ascii)
            return buf.toString('utf8', s, e);
        if (len > 32)
            return buf.toString('latin1', s, e);
        const key = (len << 16) | (buf[s] << 8) | buf[e - 1];
        const bucket = this.buckets.get(key);
        if (bucket !== undefined) {
            outer: for (const name of bucket) {
                for (let k = 0; k < len; k++)
                    if (name.charCodeAt(k) !== buf[s + k])
                        continue outer;
                return name;
            }
        }
        const name = buf.toString('latin1', s, e);
        if (this.size < 1024) {
            if (bucket === undefined)
                this.buckets.set(key, [name]);
            else if (bucket.length < 8)
                bucket.push(name);
            else
                return name;
            this.size++;
        }
        return name;
    }
}
function sliceName(buf, s, e) {
    for (let k = s; k < e; k++)
        if (buf[k] >= 0x80)
            return buf.toString('utf8', s, e);
    return buf.toString('latin1', s, e);
}
function startsWithAscii(buf, at, lit) {
    if (at + lit.length > buf.length)
        return false;
    for (let k = 0; k < lit.length; k++)
        if (buf[at + k] !== lit.charCodeAt(k))
            return false;
    return true;
}
/**
 * Validates the reference starting at `i` (which holds `&`) and returns the index after its `;`, or -1 when it
 * reaches `end` and the window is not the last (the reference may go on in the next piece). Errors are thrown
 * at `base + i`.
 */
function checkRef(buf, i, end, final, base) {
    let j = i + 1;
    if (j >= end && !final)
        return -1;
    if (buf[j] === HASH) {
        j++;
        if (j >= end && !final)
            return -1;
        let hex = false;
        if (buf[j] === 0x78) {
            hex = true;
            j++;
        }
        const ds = j;
        let cp = 0;
        for (; j < end; j++) {
            const c = buf[j];
            let d;
            if (c >= 0x30 && c <= 0x39)
                d = c - 0x30;
            else if (hex && c >= 0x61 && c <= 0x66)
                d = c - 0x57;
            else if (hex && c >= 0x41 && c <= 0x46)
                d = c - 0x37;
            else
                break;
            cp = cp * (hex ? 16 : 10) + d;
            if (cp > 0x10ffff)
                cp = 0x110000;
        }
        if (j >= end && !final)
            return -1;
        if (j === ds || buf[j] !== SEMI)
            throw new XmlError('malformed character reference (expected &#NN; or &#xHH;)', base + i);
        if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || cp === 0xfffe || cp === 0xffff) {
            throw new XmlError(`character reference to an invalid character (${buf.toString('latin1', i, j + 1)})`, base + i);
        }
        return j + 1;
    }
    if (j < end && isNameStart(buf[j])) {
        const ns = j;
        while (j < end && isNameChar(buf[j]))
            j++;
        if (j >= end && !final)
            return -1;
        if (buf[j] === SEMI) {
            const name = sliceName(buf, ns, j);
            if (name === 'lt' || name === 'gt' || name === 'amp' || name === 'quot' || name === 'apos')
                return j + 1;
            throw new XmlError(`undefined entity &${name}; (only &lt; &gt; &amp; &quot; &apos; and character references are allowed)`, base + i);
        }
    }
    throw new XmlError("unescaped '&' (write it as &amp;)", base + i);
}
const ENTITY_RE = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(lt|gt|amp|quot|apos));/g;
const NAMED = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
function replaceRefs(s) {
    return s.replace(ENTITY_RE, (_m, hex, dec, named) => {
        if (named !== undefined)
            return NAMED[named];
        return String.fromCodePoint(hex !== undefined ? parseInt(hex, 16) : parseInt(dec, 10));
    });
}
/** Decodes character data: line ends normalised to \n, references replaced. */
function decodeText(buf, start, end, amp) {
    let s = buf.toString('utf8', start, end);
    if (s.indexOf('\r') !== -1)
        s = s.replace(/\r\n?/g, '\n');
    return amp ? replaceRefs(s) : s;
}
/** Decodes an attribute value with XML attribute-value normalisation (literal tab/CR/LF become spaces). */
function decodeAttr(buf, start, end, amp) {
    let s = buf.toString('utf8', start, end);
    if (/[\t\n\r]/.test(s))
        s = s.replace(/\r\n|[\t\n\r]/g, ' ');
    return amp ? replaceRefs(s) : s;
}
/** 1-based line and column (in characters) of a byte offset. */
function lineColumn(buf, offset) {
    const at = Math.max(0, Math.min(offset, buf.length));
    let line = 1;
    let lineStart = 0;
    let p = buf.indexOf(0x0a, 0);
    while (p !== -1 && p < at) {
        line++;
        lineStart = p + 1;
        p = buf.indexOf(0x0a, lineStart);
    }
    const column = buf.toString('utf8', lineStart, at).length + 1;
    return { line, column };
}
function describeByte(buf, i) {
    const c = buf[i];
    if (c === undefined)
        return 'end of file';
    if (c >= 0x21 && c < 0x7f)
        return `'${String.fromCharCode(c)}'`;
    return `byte 0x${c.toString(16).padStart(2, '0')}`;
}
/** 1-based line of a byte offset (lineColumn without the column). */
function lineAt(buf, offset) {
    const at = Math.max(0, Math.min(offset, buf.length));
    let line = 1;
    let p = buf.indexOf(0x0a, 0);
    while (p !== -1 && p < at) {
        line++;
        p = buf.indexOf(0x0a, p + 1);
    }
    return line;
}
/**
 * The largest index in [s, e] at which the bytes [s, e) can be cut so that decoding the two sides apart gives the
 * same characters as decoding them together: not inside a UTF-8 sequence (a lead byte always starts a new
 * sequence, and a sequence never spans more bytes than its lead byte says, valid or not), and not between CR and
 * LF (decodeText turns CR LF into one LF). `s` must itself be such a point.
 */
function safeCut(buf, s, e) {
    if (e <= s)
        return s;
    if (buf[e - 1] === 0x0d)
        return e - 1;
    const lim = Math.max(s, e - 4);
    let p = e - 1;
    while (p >= lim && (buf[p] & 0xc0) === 0x80)
        p--;
    if (p < lim)
        return e;
    const b = buf[p];
    const len = b >= 0xf0 && b <= 0xf7 ? 4 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xc0 && b <= 0xdf ? 2 : 1;
    return p + len > e ? p : e;
}
const NONE = 0, COMMENT = 1, PI = 2, CDATA = 3;
/**
 * The tokenizer's state across windows: open elements (names, document offsets), whether the root was seen, the
 * name cache, and the comment/PI/CDATA section a window ended inside.
 */
class Tokenizer {
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
        if (this.commentHead === undefined)
            return;
        this.commentHead = this.commentHead.length + end <= SHORT_COMMENT_BYTES ? this.commentHead + buf.toString('latin1', 0, end) : undefined;
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
        const h = this.h;
        const stack = this.stack;
        const opened = this.opened;
        const attrs = this.attrs;
        const names = this.names;
        attrs.buf = buf;
        let i = 0;
        if (this.mode !== NONE) {
            const mode = this.mode;
            const term = mode === COMMENT ? '-->' : mode === PI ? '?>' : ']]>';
            const j = buf.indexOf(term, 0, 'latin1');
            if (j === -1) {
                if (final) {
                    const what = mode === COMMENT ? 'unterminated comment (missing -->)' : mode === PI ? 'unterminated processing instruction (missing ?>)' : 'unterminated CDATA section (missing ]]>)';
                    throw new XmlError(what, this.modeStart);
                }
                // Keep what could be the start of the terminator.
                if (mode === COMMENT)
                    this.extendComment(buf, Math.max(0, n - (term.length - 1)));
                if (mode !== CDATA)
                    return Math.max(0, n - (term.length - 1));
                const cut = safeCut(buf, 0, Math.max(0, n - 2));
                if (cut > 0)
                    h.cdata(buf, 0, cut);
                return cut;
            }
            if (mode === CDATA)
                h.cdata(buf, 0, j);
            if (mode === COMMENT) {
                this.extendComment(buf, j);
                if (h.comment && this.commentHead !== undefined)
                    h.comment(this.commentHead, stack.length);
                this.commentHead = undefined;
            }
            this.mode = NONE;
            i = j + term.length;
        }
        while (i < n) {
            if (stack.length === 0) {
                const c = buf[i];
                if (isWs(c)) {
                    i++;
                    continue;
                }
                if (c !== LT) {
                    if (c === 0)
                        throw new XmlError('NUL byte: this is a binary file, not XML', base + i);
                    throw new XmlError(this.seenRoot ? 'text after the end of the root element' : `the document does not start with '<' (found ${describeByte(buf, i)}): this is not an XML file`, base + i);
                }
            }
            else {
                const start = i;
                let amp = false;
                while (i < n) {
                    const c = buf[i];
                    if (c === LT)
                        break;
                    if (c === AMP) {
                        const r = checkRef(buf, i, n, final, base);
                        if (r < 0) {
                            // The reference goes on in the next piece: hand over the text before it.
                            if (i > start)
                                h.text(buf, start, i, amp);
                            return i;
                        }
                        i = r;
                        amp = true;
                        continue;
                    }
                    i++;
                }
                if (i >= n && !final) {
                    const cut = safeCut(buf, start, n);
                    if (cut > start)
                        h.text(buf, start, cut, amp);
                    return cut;
                }
                if (i > start)
                    h.text(buf, start, i, amp);
                if (i >= n)
                    break;
            }
            // buf[i] === '<'
            if (i + 1 >= n && !final)
                return i;
            const c1 = buf[i + 1];
            if (c1 === SLASH) {
                const ns = i + 2;
                let j = ns;
                if (j >= n && !final)
                    return i;
                if (j >= n || !isNameStart(buf[j]))
                    throw new XmlError(`invalid end tag: expected a name after '</' but found ${describeByte(buf, j)}`, base + i);
                while (j < n && isNameChar(buf[j]))
                    j++;
                if (j >= n && !final)
                    return i;
                const name = names.get(buf, ns, j);
                while (j < n && isWs(buf[j]))
                    j++;
                if (j >= n && !final)
                    return i;
                if (buf[j] !== GT)
                    throw new XmlError(j >= n ? `unexpected end of file inside end tag </${name}>` : `invalid end tag </${name}: expected '>' but found ${describeByte(buf, j)}`, base + j);
                const top = stack.pop();
                if (top === undefined)
                    throw new XmlError(`end tag </${name}> without a matching start tag`, base + i);
                if (top !== name) {
                    throw new XmlError(`mismatched end tag: expected </${top}> (opened at line ${this.lineOf(opened[opened.length - 1])}) but found </${name}>`, base + i);
                }
                opened.pop();
                h.close(name);
                i = j + 1;
                continue;
            }
            if (c1 === BANG) {
                // Every decision below looks at most at the 10 bytes from i.
                if (n < i + 10 && !final)
                    return i;
                if (startsWithAscii(buf, i, '<!--')) {
                    const j = buf.indexOf('-->', i + 4, 'latin1');
                    if (j === -1) {
                        if (final)
                            throw new XmlError('unterminated comment (missing -->)', base + i);
                        this.mode = COMMENT;
                        this.modeStart = base + i;
                        const consumed = Math.max(i + 4, n - 2);
                        this.commentHead = h.comment && consumed - (i + 4) <= SHORT_COMMENT_BYTES ? buf.toString('latin1', i + 4, consumed) : undefined;
                        return consumed;
                    }
                    if (h.comment && j - (i + 4) <= SHORT_COMMENT_BYTES)
                        h.comment(buf.toString('latin1', i + 4, j), stack.length);
                    i = j + 3;
                    continue;
                }
                if (startsWithAscii(buf, i, '<![CDATA[')) {
                    if (stack.length === 0)
                        throw new XmlError('CDATA section outside the root element', base + i);
                    const j = buf.indexOf(']]>', i + 9, 'latin1');
                    if (j === -1) {
                        if (final)
                            throw new XmlError('unterminated CDATA section (missing ]]>)', base + i);
                        this.mode = CDATA;
                        this.modeStart = base + i;
                        const cut = safeCut(buf, i + 9, Math.max(i + 9, n - 2));
                        if (cut > i + 9)
                            h.cdata(buf, i + 9, cut);
                        return cut;
                    }
                    h.cdata(buf, i + 9, j);
                    i = j + 3;
                    continue;
                }
                const decl = buf.toString('latin1', i + 2, Math.min(n, i + 10)).toUpperCase();
                if (decl.startsWith('DOCTYPE') || decl.startsWith('ENTITY') || decl.startsWith('ELEMENT') || decl.startsWith('ATTLIST') || decl.startsWith('NOTATION')) {
                    const what = decl.replace(/[^A-Z].*$/s, '');
                    throw new DtdRefused(`refused: the report contains a <!${what}> declaration. DTDs and entity declarations are not accepted (they allow XXE and entity-expansion attacks); remove the declaration from the report`, base + i);
                }
                throw new XmlError(`invalid markup '<!' (expected <!-- comment --> or <![CDATA[...]]>)`, base + i);
            }
            if (c1 === QMARK) {
                const j = buf.indexOf('?>', i + 2, 'latin1');
                if (j === -1) {
                    if (final)
                        throw new XmlError('unterminated processing instruction (missing ?>)', base + i);
                    this.mode = PI;
                    this.modeStart = base + i;
                    return Math.max(i + 2, n - 1);
                }
                i = j + 2;
                continue;
            }
            // Start tag.
            const ns = i + 1;
            if (ns >= n || !isNameStart(buf[ns]))
                throw new XmlError(`invalid start tag: expected a name after '<' but found ${describeByte(buf, ns)}`, base + i);
            let j = ns + 1;
            while (j < n && isNameChar(buf[j]))
                j++;
            if (j >= n && !final)
                return i;
            const name = names.get(buf, ns, j);
            if (stack.length === 0 && this.seenRoot)
                throw new XmlError(`a second root element <${name}> after the end of the first one`, base + i);
            attrs.count = 0;
            let selfClosing = false;
            for (;;) {
                const ws = j;
                while (j < n && isWs(buf[j]))
                    j++;
                if (j >= n) {
                    if (!final)
                        return i;
                    throw new XmlError(`unexpected end of file inside start tag <${name}>`, base + i);
                }
                const c = buf[j];
                if (c === GT) {
                    j++;
                    break;
                }
                if (c === SLASH) {
                    if (j + 1 >= n && !final)
                        return i;
                    if (buf[j + 1] !== GT)
                        throw new XmlError(`invalid start tag <${name}>: expected '>' after '/'`, base + j);
                    selfClosing = true;
                    j += 2;
                    break;
                }
                if (j === ws)
                    throw new XmlError(`invalid start tag <${name}>: expected whitespace, '>' or '/>' but found ${describeByte(buf, j)}`, base + j);
                if (!isNameStart(c))
                    throw new XmlError(`invalid attribute name in <${name}>: unexpected ${describeByte(buf, j)}`, base + j);
                const as = j;
                while (j < n && isNameChar(buf[j]))
                    j++;
                if (j >= n && !final)
                    return i;
                const aname = names.get(buf, as, j);
                while (j < n && isWs(buf[j]))
                    j++;
                if (j >= n && !final)
                    return i;
                if (buf[j] !== EQ)
                    throw new XmlError(`attribute ${aname} of <${name}> has no value (expected '=')`, base + j);
                j++;
                while (j < n && isWs(buf[j]))
                    j++;
                if (j >= n && !final)
                    return i;
                const q = buf[j];
                if (q !== DQ && q !== SQ)
                    throw new XmlError(`value of attribute ${aname} of <${name}> is not quoted`, base + j);
                const vs = ++j;
                let amp = false;
                for (;;) {
                    if (j >= n) {
                        if (!final)
                            return i;
                        throw new XmlError(`unexpected end of file inside the value of attribute ${aname} of <${name}>`, base + vs - 1);
                    }
                    const v = buf[j];
                    if (v === q)
                        break;
                    if (v === LT)
                        throw new XmlError(`'<' is not allowed in the value of attribute ${aname} of <${name}> (write it as &lt;)`, base + j);
                    if (v === AMP) {
                        const r = checkRef(buf, j, n, final, base);
                        if (r < 0)
                            return i;
                        j = r;
                        amp = true;
                        continue;
                    }
                    j++;
                }
                for (let k = 0; k < attrs.count; k++) {
                    if (attrs.names[k] === aname)
                        throw new XmlError(`duplicate attribute ${aname} in <${name}>`, base + as);
                }
                const k = attrs.count++;
                attrs.names[k] = aname;
                attrs.starts[k] = vs;
                attrs.ends[k] = j;
                attrs.amps[k] = amp;
                j++;
            }
            this.seenRoot = true;
            stack.push(name);
            opened.push(base + i);
            h.open(name, attrs, base + i);
            if (selfClosing) {
                stack.pop();
                opened.pop();
                h.close(name);
            }
            i = j;
        }
        if (!final)
            return n;
        if (stack.length > 0) {
            const top = stack[stack.length - 1];
            throw new XmlError(`unexpected end of file: <${top}> (opened at line ${this.lineOf(opened[opened.length - 1])}) is not closed; the report looks truncated`, base + n);
        }
        if (!this.seenRoot)
            throw new XmlError('no root element: the file contains no XML element', base + n);
        return n;
    }
}
/** Tokenizes a whole document held in memory (one final window), calling `h`. Throws XmlError (or whatever the handler throws). */
function tokenize(buf, h) {
    new Tokenizer(h, (offset) => lineAt(buf, offset)).feed(buf, 0, true);
}

;// CONCATENATED MODULE: ./src/junit/junit.ts


/** Cap of Attempt.message, in characters. */
const MESSAGE_CAP = 1024;
/** Cap of Attempt.details, in characters. */
const DETAILS_CAP = 4096;
/** Raw bytes of a result body kept for decoding (UTF-8 is at most 4 bytes per character, plus slack for trimming). */
const BODY_BYTES_CAP = DETAILS_CAP * 4 + 4096;
/**
 * node's junit reporter (node --test --test-reporter=junit) writes an unnamed `<testsuites>` whose last children are
 * the comments `<!-- tests N -->`, `<!-- suites N -->`, `<!-- pass N -->`…: one testcase per test, never one per
 * retry (node's runner has no retries). Any of them directly inside an unnamed root is its mark.
 */
const NODE_SUMMARY_COMMENT = /^ (?:tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) \d+(?:\.\d+)? $/;
/** Default `<testsuites name>` of reporters that write one testcase per test (vitest, jest-junit, mocha-junit-reporter). */
const ONE_CASE_PER_TEST_ROOTS = new Set(['vitest tests', 'jest tests', 'Mocha Tests']);
/** The reporters a report's root name gives away, by that name (RawReport.reporter). */
const REPORTER_ROOTS = new Map([
    ['vitest tests', 'vitest'],
    ['jest tests', 'jest'],
    ['Mocha Tests', 'mocha'],
    ['pytest tests', 'pytest'],
]);
class NotJUnit extends XmlError {
}
const ROOTS = new Set(['testsuites', 'testsuite', 'testrun']);
const RESULT_KINDS = new Set(['failure', 'error', 'skipped', 'flakyFailure', 'flakyError', 'rerunFailure', 'rerunError']);
const Kind = { Other: 0, Suites: 1, Suite: 2, Case: 3, Result: 4, StackTrace: 5 };
/** Non-negative seconds from a `time` attribute: "1.5", "1,234.5" (thousands), "0,5" (decimal comma); else undefined. */
function parseDuration(raw) {
    if (raw === undefined)
        return undefined;
    let s = raw.trim();
    if (s === '')
        return undefined;
    if (s.includes(',')) {
        if (s.includes('.') || (/^\d{1,3}(,\d{3})+$/.test(s) && !s.startsWith('0,')))
            s = s.replace(/,/g, '');
        else if (/^\d+,\d+$/.test(s))
            s = s.replace(',', '.');
        else
            return undefined;
    }
    if (!/^[+]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s))
        return undefined;
    const v = Number(s);
    return Number.isFinite(v) ? v : undefined;
}
const TS_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
/** ISO 8601 UTC (toISOString) of a report timestamp; no zone means UTC. Undefined when unparseable. */
function normaliseTimestamp(raw) {
    if (raw === undefined)
        return undefined;
    const m = TS_RE.exec(raw.trim());
    if (!m)
        return undefined;
    const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
    const ms = Number((frac + '000').slice(0, 3));
    let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
    const date = new Date(t);
    // Reject overflowed fields (month 13, 25:00...).
    if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) {
        return undefined;
    }
    if (zone && zone.toUpperCase() !== 'Z') {
        const sign = zone[0] === '-' ? -1 : 1;
        const digits = zone.slice(1).replace(':', '');
        const offMin = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0');
        t -= sign * offMin * 60_000;
    }
    const out = new Date(t);
    return Number.isNaN(out.getTime()) ? undefined : out.toISOString();
}
function localName(qname) {
    const c = qname.lastIndexOf(':');
    return c === -1 ? qname : qname.slice(c + 1);
}
const SKIP_STATUS = new Set(['notrun', 'disabled', 'skipped', 'skip', 'ignored', 'pending', 'suppressed']);
function statusOf(kind) {
    switch (kind) {
        case 'failure':
        case 'flakyFailure':
        case 'rerunFailure':
            return 'failed';
        case 'error':
        case 'flakyError':
        case 'rerunError':
            return 'error';
        case 'skipped':
            return 'skipped';
    }
}
function attemptOf(status, r, time) {
    if (!r) {
        // Made whole in one literal: a field added later lives in a second allocation (100k attempts: ~4 MB).
        const d = parseDuration(time);
        return d === undefined ? { status } : { status, durationSec: d };
    }
    const a = { status };
    if (r) {
        const body = r.body.length === 0 ? '' : r.body.join('').trim();
        let message = r.message?.trim();
        if (!message) {
            const nl = body.indexOf('\n');
            message = (nl === -1 ? body : body.slice(0, nl)).trim();
        }
        if (message)
            a.message = message.length > MESSAGE_CAP ? message.slice(0, MESSAGE_CAP) : message;
        const type = r.type?.trim();
        if (type)
            a.type = type.length > MESSAGE_CAP ? type.slice(0, MESSAGE_CAP) : type;
        if (body)
            a.details = body.length > DETAILS_CAP ? body.slice(0, DETAILS_CAP) : body;
    }
    const d = parseDuration(time);
    if (d !== undefined)
        a.durationSec = d;
    return a;
}
/** Attempts of one testcase element: flaky runs, then the main result, then reruns. */
function attemptsOf(c) {
    let main;
    let skipped;
    let hasFailure = false, hasError = false, hasSkipped = false;
    const before = [];
    const after = [];
    for (const r of c.results) {
        switch (r.kind) {
            case 'failure':
                hasFailure = true;
                main ??= r;
                break;
            case 'error':
                hasError = true;
                main ??= r;
                break;
            case 'skipped':
                hasSkipped = true;
                skipped ??= r;
                break;
            case 'flakyFailure':
            case 'flakyError':
                before.push(attemptOf(statusOf(r.kind), r, r.time));
                break;
            case 'rerunFailure':
            case 'rerunError':
                after.push(attemptOf(statusOf(r.kind), r, r.time));
                break;
        }
    }
    let primary;
    // rerunFailure/rerunError mean "failed on every run": without a <failure>/<error> for the first run,
    // the reruns alone are the attempts (no passing run is invented).
    if (!main && after.length > 0)
        return { attempts: [...before, ...after], hasFailure, hasError, hasSkipped, hasReruns: true };
    if (main)
        primary = attemptOf(statusOf(main.kind), main, c.time);
    else if (skipped)
        primary = attemptOf('skipped', skipped, c.time);
    else if (c.status !== undefined && SKIP_STATUS.has(c.status.trim().toLowerCase()))
        primary = attemptOf('skipped', undefined, c.time);
    else
        primary = attemptOf('passed', undefined, c.time);
    // `[primary]` is made to size; a spread grows a backing store of 17 slots for one attempt (100k tests: ~13 MB).
    const attempts = before.length === 0 && after.length === 0 ? [primary] : [...before, primary, ...after];
    return { attempts, hasFailure, hasError, hasSkipped, hasReruns: after.length > 0 };
}
/** Parses one document (UTF-8 bytes). Throws XmlError/NotJUnit/DtdRefused with a byte offset. */
function parseRaw(buf, opts = {}) {
    const p = rawParser(opts);
    tokenize(buf, p.handler);
    return p.finish();
}
/**
 * The JUnit semantics as a tokenizer handler, for a document fed whole (parseRaw) or a window at a time
 * (stream.ts): `finish` gives the report once the tokenizer has seen the end of the document.
 */
function rawParser(opts = {}) {
    const cases = [];
    let timestamp;
    let oneCasePerTest = false;
    let reporter;
    let unnamedRoot = false;
    const kinds = [];
    const suites = [];
    const caseStack = [];
    const suiteFiles = new Set();
    let result;
    const locator = new Locator(opts.workspace);
    // The testcases of a class come one after the other: they share one copy of its name (the copies would live
    // until index.ts merges them; 100k cases: ~5 MB).
    let lastClassname = '';
    const noteTimestamp = (a) => {
        const ts = normaliseTimestamp(a.get('timestamp'));
        if (ts !== undefined && (timestamp === undefined || ts < timestamp))
            timestamp = ts;
    };
    const addBody = (s, bytes) => {
        if (!result || result.bodyBytes >= BODY_BYTES_CAP)
            return;
        result.body.push(s);
        result.bodyBytes += bytes;
    };
    const finishCase = (c) => {
        const { attempts, hasFailure, hasError, hasSkipped, hasReruns } = attemptsOf(c);
        const rc = { name: c.name, classname: c.classname, suite: c.suite, attempts, hasFailure, hasError, hasSkipped, hasReruns };
        let file = c.file !== undefined && c.file.trim() !== '' ? c.file : undefined;
        for (let k = suites.length - 1; k >= 0 && file === undefined; k--)
            file = suites[k].file;
        const rel = file === undefined ? undefined : locator.repositoryPath(file);
        if (rel !== undefined)
            rc.file = rel;
        const line = c.line !== undefined && /^\s*\d+\s*$/.test(c.line) ? Number(c.line) : undefined;
        if (line !== undefined && line > 0 && Number.isSafeInteger(line))
            rc.line = line;
        cases.push(rc);
    };
    const handler = {
        open(qname, a, offset) {
            const name = localName(qname);
            const parent = kinds.length === 0 ? undefined : kinds[kinds.length - 1];
            if (parent === undefined && !ROOTS.has(name)) {
                throw new NotJUnit(`not a JUnit report: root element <${qname}> (expected <testsuites> or <testsuite>)`, offset);
            }
            if (parent === Kind.Case && RESULT_KINDS.has(name)) {
                const r = { kind: name, body: [], bodyBytes: 0 };
                const message = a.get('message');
                if (message !== undefined)
                    r.message = message;
                const type = a.get('type');
                if (type !== undefined)
                    r.type = type;
                const time = a.get('time');
                if (time !== undefined)
                    r.time = time;
                caseStack[caseStack.length - 1].results.push(r);
                result = r;
                kinds.push(Kind.Result);
            }
            else if (parent === Kind.Result && name === 'stackTrace') {
                kinds.push(Kind.StackTrace);
            }
            else if (name === 'testcase') {
                let classname = a.get('classname') ?? '';
                if (classname === lastClassname)
                    classname = lastClassname;
                else
                    lastClassname = classname;
                const c = {
                    name: a.get('name') ?? '',
                    classname,
                    suite: suites.length > 0 ? suites[suites.length - 1].name : '',
                    results: [],
                };
                const file = a.get('file');
                if (file !== undefined)
                    c.file = file;
                const line = a.get('line');
                if (line !== undefined)
                    c.line = line;
                const time = a.get('time');
                if (time !== undefined)
                    c.time = time;
                const status = a.get('status') ?? a.get('result');
                if (status !== undefined)
                    c.status = status;
                caseStack.push(c);
                kinds.push(Kind.Case);
            }
            else if (name === 'testsuite' && parent !== Kind.Case && parent !== Kind.Result) {
                const s = { name: a.get('name') ?? '' };
                const file = a.get('file') ?? a.get('filepath');
                if (file !== undefined && file.trim() !== '') {
                    s.file = file;
                    suiteFiles.add(file);
                }
                suites.push(s);
                noteTimestamp(a);
                kinds.push(Kind.Suite);
            }
            else if (name === 'testsuites' && parent === undefined) {
                noteTimestamp(a);
                if (ONE_CASE_PER_TEST_ROOTS.has(a.get('name') ?? ''))
                    oneCasePerTest = true;
                unnamedRoot = a.get('name') === undefined;
                reporter = REPORTER_ROOTS.get(a.get('name') ?? '');
                kinds.push(Kind.Suites);
            }
            else {
                // gotestsum writes the go version as a property of each package's testsuite.
                if (name === 'property' && reporter === undefined && a.get('name') === 'go.version')
                    reporter = 'gotestsum';
                kinds.push(Kind.Other);
            }
        },
        close() {
            const k = kinds.pop();
            if (k === Kind.Case)
                finishCase(caseStack.pop());
            else if (k === Kind.Suite)
                suites.pop();
            else if (k === Kind.Result)
                result = undefined;
        },
        text(buf, start, end, amp) {
            const top = kinds[kinds.length - 1];
            if ((top !== Kind.Result && top !== Kind.StackTrace) || !result || result.bodyBytes >= BODY_BYTES_CAP)
                return;
            const e = Math.min(end, start + BODY_BYTES_CAP - result.bodyBytes);
            addBody(decodeText(buf, start, e, amp), e - start);
        },
        comment(text, depth) {
            if (depth === 1 && unnamedRoot && kinds[0] === Kind.Suites && NODE_SUMMARY_COMMENT.test(text))
                oneCasePerTest = true;
        },
        cdata(buf, start, end) {
            const top = kinds[kinds.length - 1];
            if ((top !== Kind.Result && top !== Kind.StackTrace) || !result || result.bodyBytes >= BODY_BYTES_CAP)
                return;
            const e = Math.min(end, start + BODY_BYTES_CAP - result.bodyBytes);
            addBody(decodeText(buf, start, e, false), e - start);
        },
    };
    const finish = () => {
        // mocha-junit-reporter (Cypress) puts `file` on a "Root Suite" that is a sibling of the suites holding the
        // tests: when all suite `file` attributes of a report agree, tests without a file take that one.
        const docFile = suiteFiles.size === 1 ? locator.repositoryPath(suiteFiles.values().next().value) : undefined;
        for (const rc of cases) {
            if (rc.file === undefined && docFile !== undefined)
                rc.file = docFile;
            if (rc.file !== undefined && rc.line !== undefined)
                continue;
            // A line without a file means nothing.
            if (rc.file === undefined && rc.line !== undefined)
                delete rc.line;
            // Else the first failing attempt's stack trace, when it names a workspace file (the known file if any).
            for (const a of rc.attempts) {
                if (a.details === undefined || (a.status !== 'failed' && a.status !== 'error'))
                    continue;
                const f = locator.pickFrame(a.details, rc.file);
                if (f) {
                    rc.file = f.file;
                    rc.line = f.line;
                    break;
                }
            }
        }
        const out = timestamp !== undefined ? { cases, timestamp } : { cases };
        if (oneCasePerTest)
            out.oneCasePerTest = true;
        if (reporter !== undefined)
            out.reporter = reporter;
        return out;
    };
    return { handler, finish };
}

// EXTERNAL MODULE: ./src/junit/cap.ts
var cap = __webpack_require__(26776);
;// CONCATENATED MODULE: ./src/junit/stream.ts
/**
 * Parses a report a window at a time, so that its bytes are never all in memory (a 47 MB report held whole was
 * most of the parse's peak RSS). The source is read in pieces of at most `window` bytes; each piece is appended to
 * what the tokenizer left unconsumed (an unfinished tag, reference, UTF-8 sequence: a few bytes) and fed to it.
 * A construct longer than a window (a huge start tag) makes the next feed wait for as many bytes again as are
 * pending, so it is rescanned O(log n) times, not once per piece.
 *
 * UTF-8 and ASCII reports (a BOM is skipped) stream; reports to transcode (UTF-16, ISO-8859-1, windows-1252... see
 * decode.ts streamPlan) are read whole and parsed as before. Errors get their line and column by reading the source
 * again up to the offset (`readAt`): only a failing report pays for it. Same results, problems, messages and
 * positions as parsing the whole buffer (test/junit/stream.test.ts).
 */




/** Bytes read at a time from a report. */
const READ_WINDOW_BYTES = 1 << 20;
/** A source over bytes in memory (tests, and what other code holds already). */
function memorySource(bytes) {
    const all = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let pos = 0;
    const readAt = (into, offset, length, position) => {
        const end = Math.min(all.length, position + length);
        if (end <= position)
            return 0;
        return all.copy(into, offset, position, end);
    };
    return {
        read(into, offset, length) {
            const got = readAt(into, offset, length, pos);
            pos += got;
            return Promise.resolve(got);
        },
        readAt,
    };
}
/** The problem of a parse error; `place` gives the line and column of a document offset. */
function problemFrom(err, path, place) {
    if (err instanceof XmlError) {
        const p = {
            path,
            message: err instanceof DtdRefused || err instanceof NotJUnit ? err.message : `not well-formed XML: ${err.message}`,
        };
        if (place) {
            const { line, column } = place(err.offset);
            p.line = line;
            p.column = column;
        }
        return p;
    }
    if (err instanceof DecodeError)
        return { path, message: err.message };
    const detail = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    return { path, message: `could not parse report (internal error, please report it): ${detail}` };
}
/**
 * Line (1-based, counting LF) and column (1-based, in UTF-16 characters as String.length counts them) of a
 * document offset, reading the document again from the source (`skip`: bytes before the document, a BOM):
 * what lineColumn gives on the whole buffer, in bounded memory.
 */
function placeInSource(src, skip, offset, lineOnly = false, chunkBytes = 1 << 16) {
    const chunk = external_node_buffer_.Buffer.allocUnsafe(Math.max(chunkBytes, 4));
    let line = 1;
    let lineStart = 0;
    let pos = 0;
    while (pos < offset) {
        const got = src.readAt(chunk, 0, Math.min(chunk.length, offset - pos), skip + pos);
        if (got === 0)
            break;
        let p = chunk.indexOf(0x0a, 0);
        while (p !== -1 && p < got) {
            line++;
            lineStart = pos + p + 1;
            p = chunk.indexOf(0x0a, p + 1);
        }
        pos += got;
    }
    if (lineOnly)
        return { line, column: 0 };
    // `pos` is where the document (or the offset) ends. Decode the line's bytes in pieces cut at safe points.
    let column = 1;
    let at = lineStart;
    let carry = 0;
    while (at + carry < pos) {
        const got = src.readAt(chunk, carry, Math.min(chunk.length - carry, pos - at - carry), skip + at + carry);
        if (got === 0)
            break;
        const have = carry + got;
        const last = at + have >= pos;
        const cut = last ? have : safeCut(chunk, 0, have);
        column += chunk.toString('utf8', 0, cut).length;
        chunk.copy(chunk, 0, cut, have);
        carry = have - cut;
        at += cut;
    }
    return { line, column };
}
/** Parses the report read from `src`. Never throws for a bad report; read errors are thrown. */
async function streamReport(src, path, opts) {
    const window = Math.max(1, Math.floor(opts.window ?? READ_WINDOW_BYTES));
    let largestRead = 0;
    let largestHeld = 0;
    let feeds = 0;
    let total = 0;
    let eof = false;
    const result = (r, whole) => {
        const out = { cases: r.cases, problems: r.problems, whole, largestRead, largestHeld, feeds };
        if (r.timestamp !== undefined)
            out.timestamp = r.timestamp;
        if (r.oneCasePerTest)
            out.oneCasePerTest = true;
        if (r.reporter !== undefined)
            out.reporter = r.reporter;
        return out;
    };
    const refused = (message) => result({ cases: [], problems: [{ path, message }] }, false);
    // Two buffers used in turn: `keep` (the end of the last one filled) is copied to the start of the other, then
    // the rest is read. Nothing refers to a window after its feed (the handler decodes what it keeps into strings).
    const bufs = [external_node_buffer_.Buffer.alloc(0), external_node_buffer_.Buffer.alloc(0)];
    let turn = 0;
    /** A buffer holding `keep` (the end of the last buffer filled) followed by up to `more` bytes read from the source. */
    const fill = async (keep, more) => {
        const size = keep.length + more;
        turn ^= 1;
        // An eighth more, so that a few bytes more kept next time need no new buffer.
        if (bufs[turn].length < size)
            bufs[turn] = external_node_buffer_.Buffer.allocUnsafe(size + (size >> 3));
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
            if (total > opts.limit)
                break;
        }
        largestHeld = Math.max(largestHeld, have);
        return have === buf.length ? buf : buf.subarray(0, have);
    };
    // The head: enough to tell the encoding.
    let head = await fill(external_node_buffer_.Buffer.alloc(0), window);
    let plan;
    for (;;) {
        if (total > opts.limit)
            return refused(opts.tooBig(total, opts.limit));
        if (total === 0)
            return refused('empty report file (0 bytes): the test run probably did not finish writing it');
        try {
            plan = streamPlan(head, eof);
        }
        catch (err) {
            return refused(problemFrom(err, path, undefined).message);
        }
        if (plan !== 'more')
            break;
        head = await fill(head, Math.min(Math.max(window, head.length), HEAD_MAX_BYTES));
    }
    if (plan === 'whole') {
        // Rare encodings are transcoded whole, as before.
        let all = head;
        while (!eof && total <= opts.limit)
            all = await fill(all, Math.max(window, all.length));
        if (total > opts.limit)
            return refused(opts.tooBig(total, opts.limit));
        return result(opts.parseWhole(all), true);
    }
    const skip = plan.skip;
    const place = (offset, lineOnly = false) => placeInSource(src, skip, offset, lineOnly);
    const parser = rawParser(opts.workspace !== undefined ? { workspace: opts.workspace } : {});
    const tokenizer = new Tokenizer(parser.handler, (offset) => place(offset, true).line);
    let pending = head.subarray(skip);
    let base = 0;
    let onlyWs = true;
    let checked = 0;
    try {
        for (;;) {
            for (; onlyWs && checked < pending.length; checked++) {
                const c = pending[checked];
                if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09)
                    onlyWs = false;
            }
            if (eof) {
                if (onlyWs)
                    return refused('empty report file (only whitespace)');
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
            if (total > opts.limit)
                return refused(opts.tooBig(total, opts.limit));
        }
        return result({ ...parser.finish(), problems: [] }, false);
    }
    catch (err) {
        return result({ cases: [], problems: [problemFrom(err, path, (offset) => place(offset))] }, false);
    }
}

;// CONCATENATED MODULE: ./src/junit/index.ts
/**
 * JUnit XML ingestion: report files in, ParsedTestCase/ReportProblem out. See docs/junit.md.
 *
 * Layers: decode.ts (bytes → UTF-8: BOM, UTF-16, declared encodings), xml.ts (strict streaming
 * tokenizer, no DTDs), junit.ts (one RawCase per <testcase> element), stream.ts (a report read and tokenized a
 * window at a time), this file (ids, merging of repeated testcases into attempts, files, problems). Nothing here
 * throws for a bad report.
 */










/**
 * Opens a report that must be a regular file. It is opened without blocking and checked on the open handle (no
 * race between a check and the read): a FIFO, device or socket matching `reports` would otherwise hang the step
 * until the job's timeout. Returns the open handle (the caller closes it), or why it cannot be read.
 */
async function openRegularFile(path, limit) {
    let handle;
    try {
        handle = await (0,promises_.open)(path, external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NONBLOCK);
    }
    catch (error) {
        // Linux refuses to open a Unix socket (ENXIO).
        if (error.code === 'ENXIO')
            return 'cannot read report: it is a socket, not a regular file';
        throw error;
    }
    let refused;
    try {
        const st = await handle.stat();
        if (st.isDirectory())
            refused = 'cannot read report: it is a directory';
        else if (!st.isFile()) {
            const kind = st.isFIFO() ? 'a named pipe (FIFO)' : st.isSocket() ? 'a socket' : st.isCharacterDevice() || st.isBlockDevice() ? 'a device' : 'not a regular file';
            refused = `cannot read report: it is ${kind}, not a regular file`;
        }
        else if (st.size > limit)
            refused = tooBig(st.size, limit);
    }
    catch (error) {
        await handle.close();
        throw error;
    }
    if (refused === undefined)
        return handle;
    await handle.close();
    return refused;
}
/** Reads a report that must be a regular file (see openRegularFile) whole. Returns the bytes, or why it cannot be read. */
async function readRegularFile(path, limit) {
    const handle = await openRegularFile(path, limit);
    if (typeof handle === 'string')
        return handle;
    try {
        return await handle.readFile();
    }
    finally {
        await handle.close();
    }
}
/** The bytes of an open report, read in order (and again, synchronously, to place an error). */
function fileSource(handle) {
    return {
        async read(into, offset, length) {
            return (await handle.read(into, offset, length, null)).bytesRead;
        },
        readAt(into, offset, length, position) {
            return (0,external_node_fs_.readSync)(handle.fd, into, offset, length, position);
        },
    };
}
/**
 * Reads and parses one report file a window at a time (stream.ts), so that it is never held whole. Returns why
 * it cannot be read as a string; read errors are thrown.
 */
async function parseReportFile(abs, shown, opts) {
    const handle = await openRegularFile(abs, opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES);
    if (typeof handle === 'string')
        return handle;
    try {
        return await parseReportStream(fileSource(handle), shown, opts);
    }
    finally {
        await handle.close();
    }
}
/** parseReportRaw for a report read from `src` a window at a time (`window` bytes, default READ_WINDOW_BYTES). */
function parseReportStream(src, shown, opts) {
    const limit = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    return streamReport(src, shown, {
        workspace: opts.workspace,
        limit,
        ...(opts.window !== undefined ? { window: opts.window } : {}),
        tooBig,
        parseWhole: (bytes) => parseReportRaw(bytes, shown, { workspace: opts.workspace, maxFileBytes: limit }),
    });
}
/** 256 MiB. */
const DEFAULT_MAX_FILE_BYTES = 256 * 1024 * 1024;
/**
 * Stable identity of a test across runs: `classname::name`, where classname falls back to the suite
 * name when empty; just `name` when both are empty. `name` appears verbatim. `file` is deliberately not
 * part of the id (see docs/test-ids.md).
 */
function testId(parts) {
    const owner = parts.classname !== '' ? parts.classname : parts.suite;
    return owner !== '' ? `${owner}::${parts.name}` : parts.name;
}
/** "300.0 MiB (314572800 bytes)", or "23 bytes" below 1 KiB. */
function formatBytes(n) {
    if (n >= 1024 * 1024)
        return `${(n / (1024 * 1024)).toFixed(1)} MiB (${n} bytes)`;
    if (n >= 1024)
        return `${(n / 1024).toFixed(1)} KiB (${n} bytes)`;
    return `${n} bytes`;
}
function tooBig(size, limit) {
    return (`report is too large to parse: ${formatBytes(size)}, above the limit of ${formatBytes(limit)}. ` +
        'The file was skipped. If it is legitimate, raise the report size limit (ParseOptions.maxFileBytes); ' +
        'otherwise split the report (one file per suite) or drop captured output (system-out) from it.');
}
/**
 * Lower level than parseReportText: one RawCase per `<testcase>` element, no merging. Never throws.
 * Used by the corpus tests to compare element counts.
 */
function parseReportRaw(xml, path, opts = {}) {
    const limit = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    const size = typeof xml === 'string' ? external_node_buffer_.Buffer.byteLength(xml, 'utf8') : xml.byteLength;
    if (size > limit)
        return { cases: [], problems: [{ path, message: tooBig(size, limit) }] };
    if (size === 0)
        return { cases: [], problems: [{ path, message: 'empty report file (0 bytes): the test run probably did not finish writing it' }] };
    let buf;
    try {
        buf = toUtf8(xml);
        let k = 0;
        while (k < buf.length && (buf[k] === 0x20 || buf[k] === 0x0a || buf[k] === 0x0d || buf[k] === 0x09))
            k++;
        if (k === buf.length)
            return { cases: [], problems: [{ path, message: 'empty report file (only whitespace)' }] };
        const raw = parseRaw(buf, opts.workspace !== undefined ? { workspace: opts.workspace } : {});
        const out = { cases: raw.cases, problems: [] };
        if (raw.timestamp !== undefined)
            out.timestamp = raw.timestamp;
        if (raw.oneCasePerTest)
            out.oneCasePerTest = true;
        if (raw.reporter !== undefined)
            out.reporter = raw.reporter;
        return out;
    }
    catch (err) {
        const whole = buf;
        return { cases: [], problems: [problemFrom(err, path, whole === undefined ? undefined : (offset) => lineColumn(whole, offset))] };
    }
}
/**
 * The n-th testcase with one id in a report that writes one testcase per test (n ≥ 2) is named `<name> [n]`.
 * `seen` counts the ids of one report.
 */
function twinName(name, id, seen) {
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    return n > 1 ? { name: `${name} [${n}]`, n } : { name, n };
}
/** How many duplicated titles Twins keeps by name. */
const TWINS_NAMED = 5;
/**
 * Adds `raw` cases of one report into `byId`/`out`, merging repeated ids into attempts (in order).
 * Takes ownership of the raw cases' attempts arrays.
 *
 * In a report that writes one testcase per test (`twins` given: RawReport.oneCasePerTest), a repeated id in that
 * report is another test with the same title, not a retry: the n-th testcase with the id in the report (n ≥ 2) is
 * named `<name> [n]` (so its id is `<id> [n]`), the first keeps its name and id (docs/test-ids.md).
 */
function mergeInto(raw, report, byId, out, shared = new Map(), twins) {
    const inReport = twins ? new Map() : undefined;
    // The tests of a class share one copy of its name, its suite's and its file's (100k tests: ~10 MB less held).
    // Each compared with the last one of its kind first: the tests of a class come one after the other.
    const sharer = () => {
        let lastRaw = '';
        let lastShared = '';
        return (s) => {
            if (s === lastRaw)
                return lastShared;
            let known = shared.get(s);
            if (known === undefined)
                shared.set(s, (known = s));
            lastRaw = s;
            lastShared = known;
            return known;
        };
    };
    const classname = sharer();
    const suite = sharer();
    const file = sharer();
    for (const c of raw) {
        c.name = (0,cap/* capName */.o)(c.name);
        c.classname = classname((0,cap/* capName */.o)(c.classname));
        c.suite = suite((0,cap/* capName */.o)(c.suite));
        if (c.file !== undefined)
            c.file = file(c.file);
        let twin = 0;
        if (inReport) {
            const first = testId(c);
            const named = twinName(c.name, first, inReport);
            if (named.n === 2 && !twins.ids.has(first)) {
                twins.ids.add(first);
                twins.count++;
                if (twins.first.length < TWINS_NAMED)
                    twins.first.push(first);
            }
            if (named.n > 1) {
                c.name = named.name;
                twin = named.n;
            }
        }
        const id = testId(c);
        const existing = byId.get(id);
        if (existing) {
            for (const a of c.attempts)
                existing.attempts.push(a);
            // A later attempt may know more about the location (e.g. only failing attempts have a stack trace).
            if (existing.file === undefined && c.file !== undefined) {
                existing.file = c.file;
                if (c.line !== undefined)
                    existing.line = c.line;
            }
            else if (existing.line === undefined && c.line !== undefined && c.file === existing.file) {
                existing.line = c.line;
            }
            continue;
        }
        // The raw case is discarded after merging, so its attempts array is taken over, not copied.
        // Made whole in one literal (a field added later lives in a second allocation).
        const t = c.file === undefined
            ? { id, name: c.name, classname: c.classname, suite: c.suite, attempts: c.attempts, report }
            : c.line === undefined
                ? { id, name: c.name, classname: c.classname, suite: c.suite, attempts: c.attempts, report, file: c.file }
                : { id, name: c.name, classname: c.classname, suite: c.suite, attempts: c.attempts, report, file: c.file, line: c.line };
        if (c.file === undefined && c.line !== undefined)
            t.line = c.line;
        if (twin > 1)
            t.twin = twin;
        byId.set(id, t);
        out.push(t);
    }
}
/**
 * Parses one report held in memory. Repeated testcases with the same id become attempts of one test.
 * Never throws: a bad report gives no tests and one problem.
 */
function parseReportText(xml, path, opts) {
    const raw = parseReportRaw(xml, path, opts);
    const tests = [];
    const twins = { first: [], count: 0, ids: new Set() };
    mergeInto(raw.cases, path, new Map(), tests, new Map(), raw.oneCasePerTest ? twins : undefined);
    const out = { tests, problems: raw.problems };
    if (raw.timestamp !== undefined)
        out.timestamp = raw.timestamp;
    if (twins.count > 0)
        out.twins = { first: twins.first, count: twins.count };
    return out;
}
/** The path as the user knows it: workspace-relative (forward slashes) when inside the workspace. */
function displayPath(abs, workspace) {
    const rel = new Locator(workspace).relative(abs);
    return rel === '.' || isAbsolutePath(rel) || rel.startsWith('../') ? abs : rel;
}
function ioMessage(err) {
    const e = err;
    if (e?.code === 'ENOENT')
        return 'cannot read report: file not found';
    if (e?.code === 'EACCES' || e?.code === 'EPERM')
        return 'cannot read report: permission denied';
    if (e?.code === 'EISDIR')
        return 'cannot read report: it is a directory';
    return `cannot read report: ${e?.message ?? String(err)}`;
}
/**
 * Reads and parses report files one after the other, each a window at a time (so no report is ever held whole).
 * Tests with the same id across files are merged, attempts concatenated in file order. Duplicate paths
 * are read once. `filesRead` counts the files that were read and parsed without a problem (a report with
 * zero tests counts); every other file has exactly one ReportProblem, so filesRead + problems = distinct paths.
 */
async function parseReportFiles(paths, opts) {
    const limit = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    const tests = [];
    const problems = [];
    const byId = new Map();
    const shared = new Map();
    let timestamp;
    let filesRead = 0;
    const twins = { first: [], count: 0, ids: new Set() };
    const reporters = new Map();
    const seen = new Set();
    for (const abs of paths) {
        const key = (0,external_node_path_.resolve)(abs);
        if (seen.has(key))
            continue;
        seen.add(key);
        const shown = displayPath(abs, opts.workspace);
        let raw;
        try {
            const read = await parseReportFile(abs, shown, { workspace: opts.workspace, maxFileBytes: limit });
            if (typeof read === 'string') {
                problems.push({ path: shown, message: read });
                continue;
            }
            raw = read;
        }
        catch (err) {
            problems.push({ path: shown, message: ioMessage(err) });
            continue;
        }
        if (raw.problems.length === 0)
            filesRead++;
        for (const p of raw.problems)
            problems.push(p);
        if (raw.timestamp !== undefined && (timestamp === undefined || raw.timestamp < timestamp))
            timestamp = raw.timestamp;
        mergeInto(raw.cases, shown, byId, tests, shared, raw.oneCasePerTest ? twins : undefined);
        const reporter = raw.reporter ?? '';
        reporters.set(reporter, (reporters.get(reporter) ?? 0) + 1);
    }
    const out = { tests, problems, filesRead };
    if (reporters.size > 0)
        out.reporters = Object.fromEntries(reporters);
    if (timestamp !== undefined)
        out.timestamp = timestamp;
    if (twins.count > 0)
        out.twins = { first: twins.first, count: twins.count };
    return out;
}


/***/ }),

/***/ 10182:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $w: () => (/* binding */ CODE_STATUS),
/* harmony export */   N6: () => (/* binding */ isFailure),
/* harmony export */   lg: () => (/* binding */ STATUS_CODE),
/* harmony export */   x3: () => (/* binding */ runnerTitle)
/* harmony export */ });
/**
 * Plain data shared by every stage of the pipeline. Nothing here does I/O.
 *
 * Vocabulary:
 * - attempt: one execution of one test (a retry is a second attempt of the same test in the same run).
 * - run: one ingestion by the action (one job of one workflow run attempt, with its reports).
 * - history: the rolling window of a test's runs, oldest first.
 */
/** A single character per attempt status, used in compact storage and in the symbol rows shown to users. */
const STATUS_CODE = {
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
function isFailure(status) {
    return status === 'failed' || status === 'error';
}
/** The title the runner knows for a test: its name without the ` [n]` twin suffix (docs/test-ids.md). */
function runnerTitle(t) {
    return t.twin !== undefined && t.twin > 1 ? t.name.slice(0, t.name.length - ` [${t.twin}]`.length) : t.name;
}


/***/ }),

/***/ 67597:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $_: () => (/* binding */ shardLabel),
/* harmony export */   H: () => (/* binding */ canonicalJobKey),
/* harmony export */   Wf: () => (/* binding */ splitTestId),
/* harmony export */   Yd: () => (/* binding */ splitTests),
/* harmony export */   db: () => (/* binding */ renderJobKey)
/* harmony export */ });
/* unused harmony export MAX_RENDERED_KEY */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/**
 * Job keys (the `job-key` input, usually `${{ toJSON(matrix) }}`) in words people read: `os=windows-latest,
 * node=20`. Used to keep one test's history per matrix combination apart (`split-history-by: job-key`), to
 * name shards in messages and to match the shards an aggregating job expects. Pure, and cheap to load: the
 * common path imports it.
 */

/** Renderings longer than this are cut and end with a hash of the whole key, so two long keys stay apart. */
const MAX_RENDERED_KEY = 120;
function renderValue(value) {
    if (typeof value === 'string')
        return value;
    if (typeof value === 'number' || typeof value === 'boolean' || value === null)
        return String(value);
    return JSON.stringify(value);
}
function oneLine(text) {
    return text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
}
function objectOf(raw) {
    const text = raw.trim();
    if (!text.startsWith('{'))
        return undefined;
    try {
        const value = JSON.parse(text);
        return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * A readable, one-line rendering of a job key: a JSON object becomes `key=value` pairs in the order given
 * (`{"os":"windows-latest","node":20}` → `os=windows-latest, node=20`), a JSON string its text, anything
 * else itself on one line. Empty for an empty key or `{}`.
 */
function renderJobKey(raw) {
    const text = raw.trim();
    if (text === '')
        return '';
    const object = objectOf(text);
    let rendered;
    if (object) {
        rendered = Object.entries(object)
            .map(([k, v]) => `${k}=${renderValue(v)}`)
            .join(', ');
    }
    else {
        let parsed;
        try {
            parsed = JSON.parse(text);
        }
        catch {
            parsed = undefined;
        }
        rendered = typeof parsed === 'string' ? parsed : text;
    }
    rendered = oneLine(rendered);
    if (rendered.length > MAX_RENDERED_KEY) {
        const hash = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(text).digest('hex').slice(0, 8);
        rendered = `${rendered.slice(0, MAX_RENDERED_KEY - 11)}… #${hash}`;
    }
    return rendered;
}
/**
 * The test id with the job key in it: `classname::name [os=windows-latest]`. The original id (and so the
 * test's name) stays verbatim at the start; an empty key leaves the id unchanged.
 */
function splitTestId(id, renderedKey) {
    return renderedKey === '' ? id : `${id} [${renderedKey}]`;
}
/** Applies `split-history-by: job-key` to a run's tests (new objects; the input is not changed). */
function splitTests(tests, jobKey) {
    const rendered = renderJobKey(jobKey);
    if (rendered === '')
        return tests;
    return tests.map((t) => ({ ...t, id: splitTestId(t.id, rendered) }));
}
/**
 * A form of a job key that does not depend on how it was written: JSON objects and `k=v, k=v` lines become
 * their pairs sorted by key. Used to match `expected-shards` lines against the keys shards report.
 */
function canonicalJobKey(raw) {
    const object = objectOf(raw);
    if (object) {
        return Object.entries(object)
            .map(([k, v]) => `${k}=${oneLine(renderValue(v))}`)
            .sort()
            .join(', ');
    }
    const text = oneLine(raw);
    const parts = text.split(/,\s*/);
    if (parts.length > 0 && parts.every((p) => /^[^=\s][^=]*=/.test(p))) {
        return parts
            .map((p) => {
            const i = p.indexOf('=');
            return `${p.slice(0, i).trim()}=${p.slice(i + 1).trim()}`;
        })
            .sort()
            .join(', ');
    }
    return text;
}
/** How a shard is named in messages: `test (os=windows-latest)`, or the job alone. */
function shardLabel(job, jobKey) {
    const rendered = renderJobKey(jobKey);
    return rendered === '' ? job : `${job} (${rendered})`;
}


/***/ }),

/***/ 6432:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Vj: () => (/* binding */ warnUnsplitOverrides),
/* harmony export */   Yd: () => (/* reexport safe */ _job_key_js__WEBPACK_IMPORTED_MODULE_3__.Yd)
/* harmony export */ });
/* unused harmony export unsplitOverrides */
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(91659);
/* harmony import */ var _store_layout_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9900);
/* harmony import */ var _text_escape_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(67388);
/* harmony import */ var _job_key_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(67597);
/**
 * `split-history-by: job-key` in a run: the test ids carry the job key, and hand overrides written for the ids
 * from before the split are pointed out instead of silently no longer applying (docs/matrix.md).
 */






const MAX_WARNINGS = 10;
/**
 * The hand overrides that sit on the unsplit id of a test of this run (`pkg.T::a` for `pkg.T::a [os=windows]`):
 * they do not apply to the split id. Returns [unsplit id, its stats file, split id, its stats file].
 */
function unsplitOverrides(testIds, jobKey, applied) {
    const rendered = (0,_job_key_js__WEBPACK_IMPORTED_MODULE_3__/* .renderJobKey */ .db)(jobKey);
    if (rendered === '')
        return [];
    const suffix = ` [${rendered}]`;
    const found = [];
    const fileOf = (id) => (0,_store_layout_js__WEBPACK_IMPORTED_MODULE_1__/* .statsPath */ .Zf)((0,_store_layout_js__WEBPACK_IMPORTED_MODULE_1__/* .shardOf */ .IS)(id, applied.shards), applied.shards);
    for (const id of testIds) {
        if (!id.endsWith(suffix))
            continue;
        const base = id.slice(0, -suffix.length);
        if (applied.decisions.get(base)?.override)
            found.push([base, fileOf(base), id, fileOf(id)]);
    }
    return found;
}
/** Warns about each override of `unsplitOverrides` (at most 10 warnings, then a count). Never throws. */
function warnUnsplitOverrides(testIds, jobKey, applied) {
    try {
        const found = unsplitOverrides(testIds, jobKey, applied);
        for (const [base, file, id, newFile] of found.slice(0, MAX_WARNINGS)) {
            _actions_core__WEBPACK_IMPORTED_MODULE_0__.warning((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_2__/* .commandText */ .jt)(`The hand override of '${base}' in ${file} does not apply to '${id}': with split-history-by: job-key each matrix combination has its own test id. Copy the override to the line of '${id}' in ${newFile} (docs/matrix.md).`, 1000), { title: 'flakeguard override not applied' });
        }
        if (found.length > MAX_WARNINGS)
            _actions_core__WEBPACK_IMPORTED_MODULE_0__.warning(`${found.length - MAX_WARNINGS} more hand overrides sit on test ids from before split-history-by: job-key.`);
    }
    catch (error) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.info((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_2__/* .logText */ .kc)(`Could not check the hand overrides against the split test ids: ${error instanceof Error ? error.message : String(error)}`));
    }
}


/***/ }),

/***/ 65343:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B$: () => (/* binding */ CODEOWNERS_LOCATIONS),
/* harmony export */   K2: () => (/* binding */ ownersOf),
/* harmony export */   P4: () => (/* binding */ findCodeowners),
/* harmony export */   PR: () => (/* binding */ CODEOWNERS_MAX_BYTES),
/* harmony export */   dP: () => (/* binding */ ownerText)
/* harmony export */ });
/* unused harmony exports parseOwner, compilePattern, parseCodeowners */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/**
 * GitHub's CODEOWNERS: which file is used, how a line is read, and which owners a path has. Pure apart from
 * `findCodeowners`, which reads the file from the workspace.
 *
 * GitHub's rules, as documented in "About code owners":
 * - the file is `.github/CODEOWNERS`, else `CODEOWNERS`, else `docs/CODEOWNERS`: the first one found is used;
 * - each line is a gitignore-style pattern followed by owners: `@user`, `@org/team` or an email address;
 * - the last matching pattern wins; a pattern with no owners leaves the paths it matches without owners;
 * - paths are case sensitive;
 * - unlike gitignore: `!` negation, `[ ]` character ranges and escaping a leading `#` with `\` do not work;
 * - a line with invalid syntax is skipped (and reported here);
 * - a file of 3 MB or more is not loaded.
 */


/** GitHub's lookup order. */
const CODEOWNERS_LOCATIONS = ['.github/CODEOWNERS', 'CODEOWNERS', 'docs/CODEOWNERS'];
/** GitHub does not load a CODEOWNERS file of this size or more. */
const CODEOWNERS_MAX_BYTES = 3 * 1024 * 1024;
const USER = /^@([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))$/;
const TEAM = /^@([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9][A-Za-z0-9._-]{0,99})$/;
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
function parseOwner(token) {
    const team = TEAM.exec(token);
    if (team)
        return { kind: 'team', org: team[1], slug: team[2] };
    const user = USER.exec(token);
    if (user)
        return { kind: 'user', login: user[1] };
    if (EMAIL.test(token))
        return { kind: 'email', address: token };
    return undefined;
}
function ownerText(owner) {
    switch (owner.kind) {
        case 'user':
            return `@${owner.login}`;
        case 'team':
            return `@${owner.org}/${owner.slug}`;
        case 'email':
            return owner.address;
    }
}
/** Splits a line on unescaped whitespace; `\ ` keeps a space inside a pattern. */
function tokens(line) {
    const out = [];
    let current = '';
    for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (c === '\\' && i + 1 < line.length && /\s/.test(line[i + 1])) {
            current += `\\${line[i + 1]}`;
            i++;
        }
        else if (/\s/.test(c)) {
            if (current !== '')
                out.push(current);
            current = '';
        }
        else {
            current += c;
        }
    }
    if (current !== '')
        out.push(current);
    return out;
}
/** Why GitHub would not accept this pattern, or undefined. */
function patternProblem(pattern) {
    if (pattern.startsWith('\\#'))
        return `escaping a leading '#' with '\\' does not work in CODEOWNERS (GitHub's documented exception); the line is ignored`;
    if (pattern.startsWith('!'))
        return `'!' negation does not work in CODEOWNERS (GitHub's documented exception); the line is ignored`;
    if (/[[\]]/.test(pattern))
        return `'[ ]' character ranges do not work in CODEOWNERS (GitHub's documented exception); the line is ignored`;
    if (pattern.includes('***'))
        return `a pattern cannot contain '***'; the line is ignored`;
    return undefined;
}
const escapeRegex = (c) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** A segment with `*`, `?` and `\x` escapes as a regex source (never crossing a `/`). */
function segmentSource(seg) {
    let out = '';
    for (let i = 0; i < seg.length; i++) {
        const c = seg[i];
        if (c === '\\' && i + 1 < seg.length) {
            out += escapeRegex(seg[++i]);
        }
        else if (c === '*') {
            out += '[^/]*';
        }
        else if (c === '?') {
            out += '[^/]';
        }
        else {
            out += escapeRegex(c);
        }
    }
    return out;
}
/**
 * The regex of a CODEOWNERS pattern, matched against repository-relative paths without a leading slash.
 *
 * - A leading `/`, or a `/` inside the pattern, anchors it at the root; otherwise it matches at any depth.
 * - A trailing `/` matches everything inside a directory of that name.
 * - A pattern naming a file or directory also matches everything inside it (`/apps/github` owns `apps/github/x`),
 *   except a lone `*` as the last segment: `docs/*` matches `docs/a.md`, not `docs/b/c.md` (GitHub's example).
 * - `*` and `?` never cross a `/`; `**` spans any number of directories.
 */
function compilePattern(pattern) {
    let body = pattern;
    const anchored = body.startsWith('/');
    if (anchored)
        body = body.slice(1);
    const directory = body.endsWith('/');
    if (directory)
        body = body.slice(0, -1);
    if (body === '')
        return /^(?!)/; // "/" alone matches nothing
    const segs = body.split('/');
    if (!anchored && segs.length === 1 && segs[0] !== '**')
        segs.unshift('**');
    if (directory)
        segs.push('**');
    let source = '^';
    let needSlash = false;
    segs.forEach((seg, i) => {
        const last = i === segs.length - 1;
        if (seg === '**') {
            if (segs.length === 1)
                source += '.+';
            else if (i === 0)
                source += '(?:.+/)?';
            else if (last)
                source += '/.+';
            else
                source += '(?:/.+)?';
            needSlash = i !== 0;
            return;
        }
        if (needSlash)
            source += '/';
        if (seg === '*') {
            source += '[^/]+';
        }
        else {
            source += segmentSource(seg);
            if (last)
                source += '(?:/.*)?';
        }
        needSlash = true;
    });
    return new RegExp(`${source}$`);
}
function parseCodeowners(text, path = 'CODEOWNERS') {
    const rules = [];
    const problems = [];
    const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
    lines.forEach((raw, index) => {
        const line = index + 1;
        const trimmed = raw.trim();
        if (trimmed === '' || trimmed.startsWith('#'))
            return;
        const parts = tokens(trimmed);
        const comment = parts.findIndex((t, i) => i > 0 && t.startsWith('#'));
        const [pattern, ...ownerTokens] = comment === -1 ? parts : parts.slice(0, comment);
        if (pattern === undefined)
            return;
        const problem = patternProblem(pattern);
        if (problem) {
            problems.push({ line, message: problem });
            return;
        }
        const owners = [];
        for (const token of ownerTokens) {
            const owner = parseOwner(token);
            if (!owner) {
                problems.push({ line, message: `'${token.slice(0, 100)}' is not a @user, @org/team or email address; the line is ignored` });
                return;
            }
            owners.push(owner);
        }
        rules.push({ pattern, owners, line, regex: compilePattern(pattern) });
    });
    return { path, rules, problems };
}
/** The owners of a repository-relative path: the last matching rule wins. */
function ownersOf(codeowners, path) {
    const p = path.replace(/^\.\//, '').replace(/^\/+/, '');
    for (let i = codeowners.rules.length - 1; i >= 0; i--) {
        const rule = codeowners.rules[i];
        if (rule.regex.test(p))
            return { owners: rule.owners, rule };
    }
    return { owners: [] };
}
/** Reads the CODEOWNERS file GitHub would use, or undefined when there is none. */
async function findCodeowners(workspace) {
    for (const location of CODEOWNERS_LOCATIONS) {
        const file = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(workspace, location);
        const info = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(file).catch(() => undefined);
        if (!info?.isFile())
            continue;
        if (info.size >= CODEOWNERS_MAX_BYTES)
            return { path: location, tooLarge: true };
        return parseCodeowners(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(file, 'utf8'), location);
    }
    return undefined;
}


/***/ }),

/***/ 33546:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  y0: () => (/* binding */ DEFAULT_APPLY_OPTIONS),
  qU: () => (/* binding */ applyRun),
  $: () => (/* binding */ judgeFailures),
  ck: () => (/* binding */ quarantineBefore),
  SO: () => (/* binding */ withDamage)
});

// UNUSED EXPORTS: ORDER_REASON, compactEveryFor

// EXTERNAL MODULE: ./src/history/merge.ts
var merge = __webpack_require__(74292);
// EXTERNAL MODULE: ./src/policy/outcome.ts
var policy_outcome = __webpack_require__(58702);
// EXTERNAL MODULE: ./src/policy/outage.ts
var outage = __webpack_require__(65331);
;// CONCATENATED MODULE: ./src/policy/forgive.ts


/**
 * Failure keys (failureKey) of the failure modes the test has shown flakily: seen on a commit where the test also passed, or in
 * at least two separate failure episodes on the default branch (a failure that keeps coming back is not one
 * regression). Outage runs do not count.
 */
function knownFailureModes(history) {
    const known = new Set();
    if (!history)
        return known;
    const passedOn = new Set();
    for (const r of history.runs)
        if (!r.outage && r.attempts.indexOf('P') >= 0)
            passedOn.add(r.sha);
    const episodes = new Map();
    let previous = null; // message of the failure episode in progress; null: none
    for (const r of history.runs) {
        if (r.outage)
            continue;
        const failed = r.attempts.indexOf('F') >= 0 || r.attempts.indexOf('E') >= 0;
        if (!failed) {
            if (r.attempts.indexOf('P') >= 0)
                previous = null;
            continue;
        }
        const key = (0,merge/* failureKey */.WS)(r.message);
        if (passedOn.has(r.sha))
            known.add(key);
        if (r.onDefaultBranch && previous !== key) {
            const n = (episodes.get(key) ?? 0) + 1;
            episodes.set(key, n);
            if (n >= 2)
                known.add(key);
        }
        if (r.onDefaultBranch)
            previous = key;
    }
    return known;
}
/** Quarantined tests that failed in this run and are not forgiven, with why in words. */
function unforgivenFailures(input) {
    const out = new Map();
    for (const test of input.tests) {
        if (!input.quarantined.has(test.id) || !(0,policy_outcome/* failedInRun */.c7)(test, input.consistent))
            continue;
        const outage = input.outages.get(test.id);
        if (outage !== undefined) {
            out.set(test.id, `quarantined, but failed in an outage (${outage}): not forgiven`);
            continue;
        }
        if (input.byHand.has(test.id))
            continue;
        const consistent = input.consistent?.get(test.id);
        if (consistent !== undefined) {
            out.set(test.id, `quarantined, but ${consistent}: not forgiven`);
            continue;
        }
        if (input.forgive === 'any-failure')
            continue;
        // It passed on this very commit (a retry in this run, or an earlier run): this failure is flaky by definition.
        if (test.attempts.some((a) => a.status === 'passed'))
            continue;
        const history = input.history.get(test.id);
        if (history?.runs.some((r) => r.sha === input.sha && !r.outage && r.attempts.indexOf('P') >= 0))
            continue;
        if (knownFailureModes(history).has((0,merge/* failureKey */.WS)((0,merge/* failureMessageOf */.Df)(test, input.normalise))))
            continue;
        out.set(test.id, 'quarantined, but failed with a message never seen in its flaky failures (it may really be broken): not forgiven');
    }
    return out;
}

// EXTERNAL MODULE: ./src/policy/quarantine.ts + 1 modules
var quarantine = __webpack_require__(36127);
// EXTERNAL MODULE: ./src/scoring/flipRate.ts
var flipRate = __webpack_require__(84956);
// EXTERNAL MODULE: ./src/scoring/multiFactor.ts
var multiFactor = __webpack_require__(43555);
// EXTERNAL MODULE: ./src/scoring/pfs.ts
var pfs = __webpack_require__(9662);
// EXTERNAL MODULE: ./src/scoring/successRate.ts
var successRate = __webpack_require__(51820);
// EXTERNAL MODULE: ./src/scoring/thresholded.ts
var thresholded = __webpack_require__(49391);
;// CONCATENATED MODULE: ./src/policy/rules/seed-rules.ts





const f2 = (x) => x.toFixed(2);
function ruleVerdict(rule, runs, now, o, memo) {
    const s = o.scoring;
    switch (rule) {
        case 'pfs': {
            const window = runs.slice(-o.pfs.window);
            const r = (0,pfs/* pfs */.mk)(window, s.pfs, memo);
            return {
                // A test that never failed in the window never enters, whatever the prior leaves of the interval.
                enter: window.length >= o.pfs.minRuns && r.pfLow >= o.pfs.enterLow && window.some((run) => /[FE]/.test(run.attempts)),
                release: r.pf < o.pfs.releaseBelow,
                measured: `PFS ${f2(r.pf)} [${f2(r.pfLow)}, ${f2(r.pfHigh)}] over the last ${window.length} runs (enters at a lower bound of ${o.pfs.enterLow})`,
                leaves: `until its PFS falls below ${o.pfs.releaseBelow}`,
            };
        }
        case 'flip-rate': {
            const fr = (0,flipRate/* flipRates */.RE)(runs, s.flipRate);
            const rate = o.flipRate.score === 'ewma' ? fr.ewmaFlipRate : fr.flipRate;
            const tier = (0,flipRate/* tierOf */.kx)(rate);
            const inTier = o.flipRate.quarantineTiers.includes(tier);
            const label = o.flipRate.score === 'ewma' ? 'EWMA flip-rate' : 'flip-rate';
            return {
                enter: inTier,
                release: o.flipRate.autoRelease && !inTier,
                measured: `${label} ${rate === null ? 'n/a' : f2(rate)}: tier ${tier} (quarantine tiers: ${o.flipRate.quarantineTiers.join(', ')})`,
                leaves: o.flipRate.autoRelease ? `until its tier is not one of ${o.flipRate.quarantineTiers.join(', ')}` : 'until released by hand (auto-release is off)',
            };
        }
        case 'success-rate': {
            const r = (0,successRate/* successRate */.sE)(runs, now, s.successRate);
            const enough = r.rate !== null && r.counted >= o.successRate.minRuns;
            const rate = r.rate === null ? 'n/a' : f2(r.rate);
            return {
                enter: enough && r.rate < o.successRate.enterBelow,
                release: r.rate === null || r.rate >= o.successRate.releaseAt,
                measured: `success rate ${rate} (${r.passed}/${r.counted} counted runs in ${s.successRate.lookbackDays} days; enters below ${o.successRate.enterBelow})`,
                leaves: `until its success rate reaches ${o.successRate.releaseAt}`,
            };
        }
        case 'multi-factor': {
            const m = (0,multiFactor/* multiFactorScore */.NS)(runs, now, s.multiFactor);
            const action = m.recommendation.action;
            return {
                enter: action === 'quarantine',
                release: action === 'stable',
                measured: `multi-factor score ${f2(m.score)} (confidence ${f2(m.confidence)}): recommendation ${action}`,
                leaves: `until its recommendation is stable (score below ${s.multiFactor.monitoringThreshold})`,
            };
        }
        case 'thresholded': {
            const r = (0,successRate/* successRate */.sE)(runs, now, s.successRate);
            const enough = r.rate !== null && r.counted >= o.thresholded.minRuns;
            const p = r.rate === null ? 0 : 1 - r.rate;
            const flakiness = (0,thresholded/* thresholdedFlakiness */.Hd)(p, s.thresholded.alpha);
            return {
                enter: enough && flakiness > o.thresholded.enterAbove,
                release: flakiness <= o.thresholded.enterAbove,
                measured: `thresholded flakiness ${f2(flakiness)} (failure chance ${f2(p)} over ${r.counted} counted runs, α ${s.thresholded.alpha})`,
                leaves: `until its thresholded flakiness is ${o.thresholded.enterAbove === 0 ? '0' : `at most ${o.thresholded.enterAbove}`}`,
            };
        }
    }
}

;// CONCATENATED MODULE: ./src/policy/decide.ts


/** The runs a seed rule reads: no outage run, no pull-request failure without a pass on its commit. */
function trustedRuns(runs) {
    const passedOn = new Set();
    for (const r of runs)
        if (!r.outage && r.attempts.includes('P'))
            passedOn.add(r.sha);
    return runs.filter((r) => {
        if (r.outage)
            return false;
        if (r.onDefaultBranch)
            return true;
        return !/[FE]/.test(r.attempts) || passedOn.has(r.sha);
    });
}
function newestTime(runs) {
    let t = 0;
    for (const r of runs)
        if (r.time > t)
            t = r.time;
    return t;
}
/** What the chosen seed rule says of a history (for tests and the eval); undefined under the evidence rule. */
function verdictOf(history, options, memo) {
    if (options.rule === 'evidence')
        return undefined;
    const runs = trustedRuns(history.runs);
    return ruleVerdict(options.rule, runs, newestTime(history.runs), options.rules, memo);
}
function decide(history, previous, override, now, options, memo) {
    if (override || options.rule === 'evidence')
        return (0,quarantine/* decideQuarantine */.LV)(history, previous, override, now, options);
    const wasQuarantined = previous?.quarantined === true;
    const evidenceAfter = !wasQuarantined && typeof previous?.evidenceAfter === 'number' ? previous.evidenceAfter : undefined;
    const counted = evidenceAfter === undefined ? history : { ...history, runs: history.runs.filter((r) => r.time > evidenceAfter) };
    const evidence = (0,quarantine/* gatherEvidence */.hx)(counted, options.window);
    const keepAfter = evidenceAfter === undefined ? {} : { evidenceAfter };
    const keepSince = (quarantined) => (wasQuarantined === quarantined && previous?.since ? previous.since : now);
    const verdict = verdictOf(counted, options, memo);
    const staying = `${options.rule} rule: ${verdict.measured}; stays quarantined ${verdict.leaves}`;
    if (wasQuarantined) {
        if (verdict.release) {
            return { quarantined: false, reason: `released by the ${options.rule} rule: ${verdict.measured}`, since: now, evidence, evidenceAfter: newestTime(history.runs) };
        }
        return { quarantined: true, reason: staying, since: keepSince(true), evidence };
    }
    if (evidence.trailingBreakage >= options.breakageStreak)
        return (0,quarantine/* breakage */.TQ)(evidence, keepSince(false), keepAfter);
    if (verdict.enter && evidence.trailingBreakage === 0)
        return { quarantined: true, reason: staying, since: now, evidence };
    const held = verdict.enter ? `; not quarantined while its newest run failed with no pass on that commit (it may be broken)` : '';
    const since = evidenceAfter === undefined ? '' : ' since its release';
    return { quarantined: false, reason: `${options.rule} rule: ${verdict.measured}${since}${held}`, since: keepSince(false), evidence, ...keepAfter };
}

// EXTERNAL MODULE: ./src/store/layout.ts + 1 modules
var layout = __webpack_require__(9900);
// EXTERNAL MODULE: ./src/store/history-format.ts
var history_format = __webpack_require__(61557);
// EXTERNAL MODULE: ./src/history/stored.ts
var history_stored = __webpack_require__(44173);
// EXTERNAL MODULE: ./src/history/outcome-string.ts
var outcome_string = __webpack_require__(65840);
// EXTERNAL MODULE: ./src/store/snapshot.ts + 1 modules
var store_snapshot = __webpack_require__(66590);
;// CONCATENATED MODULE: ./src/policy/hand-close.ts

function decideAfterHandClose(test, previous, closed, now, policy, memo) {
    const after = { ...test, runs: test.runs.filter((r) => r.time > closed.since) };
    const closedIso = new Date(closed.since).toISOString();
    // Its quarantine ended with the close: decide as for a test that was not quarantined since then.
    const prior = previous?.quarantined ? { quarantined: false, reason: '', since: closedIso } : previous;
    const decision = decide(after, prior, null, now, policy, memo);
    const what = `issue #${closed.issue} was closed as completed on ${closedIso.slice(0, 10)}`;
    return {
        ...decision,
        reason: decision.quarantined ? `${decision.reason} (runs after ${what})` : `${what}, which lifts the quarantine; since then: ${decision.reason}`,
    };
}

;// CONCATENATED MODULE: ./src/store/readme.ts
/** The README.md that flakeguard keeps on the data branch, so that the branch explains itself. */
function renderBranchReadme(shards) {
    return `# flakeguard data branch

This branch is written by the [flakeguard](https://github.com/flakeguard/flakeguard) action. It is its database:
the history of every test, the scores computed from it, and the quarantine decisions. Do not merge it into your
code branches.

## Files (schema 3, ${shards} shard${shards === 1 ? '' : 's'})

| path | what it holds | edit by hand? |
| --- | --- | --- |
| \`stats/NN.json\` | one line per test with something to say (it failed in its window, is or was quarantined, or has an override): \`override\`, \`quarantined\`, \`reason\`, recent results and scores | **yes, the \`override\` field only** |
| \`history/NN.json\` | one line per test: its outcomes, one letter per run from run number \`from\` on (\`P*40\`: forty passes in a row) | no |
| \`runs.json\` | one line per run number: \`[run key, commit, time, on default branch, job succeeded, link]\` | no |
| \`flakeguard.json\` | schema version, shard count, writes since compaction, runs already ingested | no |
| \`decisions.json\` | one line per test whose quarantine decision changed: its last 20 decisions (run, time, who, why) and its issue | no (informational: nothing is decided from it) |

flakeguard also writes this \`README.md\` and the dashboard (\`index.html\`, \`.nojekyll\`, \`dashboard/CODEOWNERS\`,
\`dashboard/codeowners-map\`). **Every other file is yours** (a \`CNAME\`, notes, images, links, anything in
\`history/\` or \`stats/\` that is not a \`.json\` file directly in it): flakeguard never reads, changes or deletes it.

A test's shard \`NN\` is the FNV-1a hash of its id modulo the shard count, in hex. The job summary and the
issues flakeguard opens name the exact file of each test.

In \`recent\`, each letter is one run, oldest first: \`P\` passed, \`R\` passed on a retry, \`F\` failed.

## Forcing or lifting a quarantine

Find the test's line in \`stats/NN.json\` and change its \`override\` (GitHub's web editor is fine). A test that
never failed in its window has no line: add one, \`"<test id>": {"override": "quarantine"},\`, in the file its
shard names (or use \`flakeguard override\`, docs/cli.md).

\`\`\`
"override": "quarantine"                       force it into quarantine
"override": "never"                            never quarantine it
"override": {"action": "quarantine", "reason": "JIRA-123", "until": "2026-12-31"}
"override": null                               let flakeguard decide
\`\`\`

The change takes effect on the next run and is kept by every later run. An override with \`until\` lapses after
that day (UTC) with a notice; then, as after setting it back to null, the test is decided as if the override had
never been there. Every other field is computed: \`"quarantined": true\` (or \`successRate\` lowered, e.g. to 0.1)
is recorded as a hand quarantine, \`"quarantined": false\` releases the test now; any other edit is left as written
with a warning. Do not edit \`check\`: it is how flakeguard sees which field you edited.

If a stats file stops being valid JSON, flakeguard reports the file and line as an error, forgives no failure
of the tests in that file until it is fixed, and never overwrites it.

The branch is squashed to a single commit from time to time to stay small; its content is kept.
`;
}

;// CONCATENATED MODULE: ./src/policy/hand-edits.ts
/** The computed fields the fingerprint covers, in order. Changing this list needs a new CHECK_VERSION. */
const CHECKED_FIELDS = [
    'quarantined',
    'successRate',
    'reason',
    'since',
    'runs',
    'recent',
    'tier',
    'flipRate',
    'ewmaFlipRate',
    'pfs',
    'score',
    'confidence',
    'recommendation',
    'thresholded',
];
const CHECK_VERSION = '1';
const CHUNK = 4;
function fnv16(text) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
        hash ^= text.charCodeAt(i);
        hash = Math.imul(hash, 0x01000193);
    }
    return ((hash >>> 0) & 0xffff).toString(16).padStart(CHUNK, '0');
}
/** `1:` and one 4-hex fingerprint per checked field (of its JSON text; an absent field as null). */
function checkOf(line) {
    let out = `${CHECK_VERSION}:`;
    for (const field of CHECKED_FIELDS)
        out += fnv16(JSON.stringify(line[field] ?? null));
    return out;
}
/** The checked fields whose value is not what flakeguard wrote; undefined when the line has no usable `check`. */
function editedFields(line) {
    const check = line.check;
    if (typeof check !== 'string' || !check.startsWith(`${CHECK_VERSION}:`) || check.length !== 2 + CHUNK * CHECKED_FIELDS.length)
        return undefined;
    const out = [];
    CHECKED_FIELDS.forEach((field, i) => {
        if (!(field in line))
            return; // a deleted field is computed again: nothing to keep
        const at = 2 + i * CHUNK;
        if (check.slice(at, at + CHUNK) !== fnv16(JSON.stringify(line[field] ?? null)))
            out.push(field);
    });
    return out;
}
/** Reason prefixes of decisions made by a hand override (src/policy/quarantine.ts). */
const BY_HAND = /^(quarantined by hand|never quarantined, by hand)/;
/**
 * The rule's own state of a test before this run, as if no hand override had ever been there: the `auto` state
 * written beside a hand decision; for a line a hand override decided before `auto` existed, not quarantined.
 */
function ruleState(line) {
    if (!line)
        return undefined;
    const auto = line.auto;
    if (auto && typeof auto === 'object' && typeof auto.quarantined === 'boolean') {
        return {
            quarantined: auto.quarantined,
            reason: '',
            ...(typeof auto.since === 'string' ? { since: auto.since } : {}),
            ...(typeof auto.evidenceAfter === 'number' ? { evidenceAfter: auto.evidenceAfter } : {}),
        };
    }
    if (BY_HAND.test(line.reason))
        return { quarantined: false, reason: '', ...(line.since ? { since: line.since } : {}) };
    const state = { quarantined: line.quarantined, reason: line.reason };
    if (line.since)
        state.since = line.since;
    if (typeof line.evidenceAfter === 'number')
        state.evidenceAfter = line.evidenceAfter;
    return state;
}
const OVERRIDE_Q = '"override": "quarantine"';
const OVERRIDE_N = '"override": "never"';
/** How each edited field of one line is read. At most one of them quarantines or releases. */
function interpretEdits(id, line, fields, ctx) {
    const edits = [];
    let acted = false;
    const where = `'${id}' in ${ctx.file}`;
    for (const field of fields) {
        const written = line[field];
        const shown = JSON.stringify(written ?? null).slice(0, 60);
        const keep = (meant) => ({
            id,
            field,
            written,
            effect: 'kept',
            message: `"${field}": ${shown} of ${where} is computed by flakeguard and changes nothing; it is left as you wrote it until you delete it. ${meant}`,
        });
        if (ctx.override) {
            edits.push(keep(`The override ${JSON.stringify(ctx.override.action)} decides this test; to change that, edit "override" (null lets flakeguard decide).`));
            continue;
        }
        if (field === 'quarantined' && written === ctx.quarantined)
            continue; // already so: nothing to do
        if (!acted && field === 'quarantined' && written === true && !ctx.quarantined) {
            acted = true;
            edits.push({ id, field, written, effect: 'quarantine', message: `"quarantined": true of ${where} was set by hand: recorded as ${OVERRIDE_Q} with its reason (set "override" to null to undo).` });
            continue;
        }
        if (!acted && field === 'quarantined' && written === false && ctx.quarantined) {
            acted = true;
            edits.push({
                id,
                field,
                written,
                effect: 'release',
                message: `"quarantined": false of ${where} was set by hand: released now, and judged on later runs only (to keep it out for good, write ${OVERRIDE_N}).`,
            });
            continue;
        }
        if (!acted && field === 'successRate' && typeof written === 'number' && Number.isFinite(written)) {
            if (written < ctx.successRateEnterBelow && !ctx.quarantined) {
                acted = true;
                edits.push({
                    id,
                    field,
                    written,
                    effect: 'quarantine',
                    message: `"successRate": ${shown} of ${where} was lowered by hand below ${ctx.successRateEnterBelow}: quarantined as seed 003 describes, recorded as ${OVERRIDE_Q} with its reason (set "override" to null to undo).`,
                });
                continue;
            }
            if (written >= ctx.successRateEnterBelow && ctx.quarantined) {
                acted = true;
                edits.push({
                    id,
                    field,
                    written,
                    effect: 'release',
                    message: `"successRate": ${shown} of ${where} was raised by hand: released now, and judged on later runs only (to keep it out for good, write ${OVERRIDE_N}).`,
                });
                continue;
            }
        }
        edits.push(keep(`To quarantine the test, write ${OVERRIDE_Q}; to keep it out of quarantine, ${OVERRIDE_N}; to let flakeguard decide, delete "${field}".`));
    }
    return edits;
}
/** The override recorded for an edit honoured as a quarantine. */
function overrideForEdit(edit, today) {
    return { action: 'quarantine', reason: `"${edit.field}": ${JSON.stringify(edit.written)} set by hand (${today})` };
}

;// CONCATENATED MODULE: ./src/pipeline/hand-edits.ts



function applyHandEdits(snapshot, now, policy, statsFileOf) {
    const edits = [];
    const kept = new Map();
    let overrides;
    let stats;
    const today = new Date(now).toISOString().slice(0, 10);
    // What flakeguard would have written on a line a person added: a test with nothing to say is not quarantined.
    const unwritten = checkOf({ quarantined: false });
    for (const [id, line] of snapshot.stats) {
        const fields = editedFields(snapshot.handWritten.has(id) ? personsLine(line, unwritten) : line);
        if (!fields || fields.length === 0 || (0,store_snapshot/* inBrokenShard */.Hl)(snapshot, id))
            continue;
        const stored = snapshot.overrides.get(id);
        const override = stored && !(0,layout/* overrideExpired */.WL)(stored.override, now) ? stored.override : null;
        // What flakeguard wrote: a boolean `quarantined` that was edited was the other value. The edit itself is only
        // ever read through interpretEdits, never as the state before this run (that was the half-honoured edit).
        const original = fields.includes('quarantined') && typeof line.quarantined === 'boolean' ? { ...line, quarantined: !line.quarantined } : line;
        if (original !== line) {
            stats ??= new Map(snapshot.stats);
            stats.set(id, original);
        }
        const quarantined = override ? override.action === 'quarantine' : ruleState(original)?.quarantined === true;
        const file = stored?.file ?? statsFileOf(id);
        const found = interpretEdits(id, line, fields, { override, quarantined, file, successRateEnterBelow: policy.rules.successRate.enterBelow, today });
        for (const edit of found) {
            edits.push({ ...edit, file, ...(stored?.line !== undefined ? { line: stored.line } : {}) });
            if (edit.effect === 'kept') {
                kept.set(id, { ...kept.get(id), [edit.field]: edit.written });
            }
            else if (edit.effect === 'quarantine') {
                const raw = overrideForEdit(edit, today);
                overrides ??= new Map(snapshot.overrides);
                overrides.set(id, { override: raw, raw, file });
            }
            else {
                // Released now: judged on the runs after this one only, as after a release by the rule.
                const test = snapshot.history.get(id);
                const newest = test ? test.runs.reduce((t, r) => Math.max(t, r.time), 0) : 0;
                stats ??= new Map(snapshot.stats);
                const { auto: _auto, ...rest } = original;
                stats.set(id, { ...rest, quarantined: false, reason: '', since: new Date(now).toISOString(), evidenceAfter: newest });
            }
        }
    }
    if (!overrides && !stats)
        return { snapshot, edits, kept };
    return { snapshot: { ...snapshot, overrides: overrides ?? snapshot.overrides, stats: stats ?? snapshot.stats }, edits, kept };
}
/** A line a person added, as editedFields reads it: the fields they wrote, against what flakeguard would have written. */
function personsLine(line, check) {
    const view = { ...line, check };
    // The reader gives every line a reason ('' when none was written): not the person's edit.
    if (view.reason === '')
        delete view.reason;
    return view;
}

// EXTERNAL MODULE: ./src/pipeline/stats-scores.ts
var stats_scores = __webpack_require__(72081);
// EXTERNAL MODULE: ./src/history/trust.ts
var trust = __webpack_require__(32786);
;// CONCATENATED MODULE: ./src/policy/decision-log.ts
const NOT_QUARANTINED = { quarantined: false, hand: false };
/**
 * The state the previous run wrote into a stats line: `quarantined` as flakeguard wrote it (the line of the snapshot
 * after src/pipeline/hand-edits.ts, which puts back the value of an edited `quarantined`), and whether an override
 * decided it (`auto` is written beside every hand decision). A test without a line was not quarantined.
 */
function writtenState(line) {
    if (!line)
        return NOT_QUARANTINED;
    return { quarantined: line.quarantined === true, hand: typeof line.auto === 'object' && line.auto !== null };
}
function decidedState(decision) {
    return { quarantined: decision.quarantined, hand: decision.override !== undefined || decision.auto !== undefined };
}
/** The event of this run for one test, or undefined when its decision did not change. */
function decisionChange(before, decision, causes = {}) {
    const after = decidedState(decision);
    const reason = decision.reason;
    const quarantined = after.quarantined;
    if (after.hand) {
        if (before.hand && before.quarantined === after.quarantined)
            return undefined;
        // Set, or its action changed; an honoured edit of "quarantined"/"successRate" is recorded as an override.
        if (!before.hand && causes.edit?.effect === 'quarantine')
            return { event: 'hand edit', quarantined, by: 'hand', reason };
        return { event: 'override', quarantined, by: 'hand', reason };
    }
    if (before.hand)
        return { event: causes.lapsed ? 'override lapsed' : 'override cleared', quarantined, by: 'rule', reason };
    if (before.quarantined === after.quarantined)
        return undefined;
    if (!quarantined && causes.edit?.effect === 'release')
        return { event: 'hand edit', quarantined, by: 'hand', reason: causes.edit.message };
    if (!quarantined && causes.issueClosed?.() !== undefined)
        return { event: 'issue closed', quarantined, by: 'hand', reason };
    return { event: quarantined ? 'quarantined' : 'released', quarantined, by: 'rule', reason };
}

// EXTERNAL MODULE: ./src/store/decisions.ts
var store_decisions = __webpack_require__(5586);
;// CONCATENATED MODULE: ./src/pipeline/decisions.ts



const cut = (text) => (text.length > store_decisions/* MAX_REASON_CHARS */.oJ ? `${text.slice(0, store_decisions/* MAX_REASON_CHARS */.oJ - 1)}…` : text);
function updateDecisionLog(input) {
    if (input.run === undefined)
        return { text: input.previous, problems: [], recorded: 0 };
    let log;
    let problems = [];
    let changed = false;
    if (input.previous === undefined) {
        log = { schema: layout/* SCHEMA_VERSION */.f$, from: input.run, tests: new Map(), unreadable: new Map() };
        changed = true;
    }
    else {
        const parsed = (0,store_decisions/* parseDecisions */.nc)(input.previous);
        problems = parsed.problems;
        if (!parsed.log)
            return { text: input.previous, problems, recorded: 0 };
        log = parsed.log;
    }
    const edits = new Map();
    for (const e of input.edits)
        if (e.effect !== 'kept')
            edits.set(e.id, { effect: e.effect, message: e.message });
    let recorded = 0;
    for (const [id, decision] of input.decisions) {
        const edit = edits.get(id);
        // The common case first, without allocating: the state written last run is this run's, and no issue to record.
        const line = input.stats.get(id);
        const hand = decision.override !== undefined || decision.auto !== undefined;
        const same = !edit && (line?.quarantined === true) === decision.quarantined && (typeof line?.auto === 'object' && line.auto !== null) === hand;
        if (same && !input.issueOf)
            continue;
        if (input.skip(id) || log.unreadable.has(id))
            continue;
        // A release by hand edit has already been applied to the line read (its `quarantined` is false): it was quarantined.
        const before = edit?.effect === 'release' ? { quarantined: true, hand: false } : writtenState(line);
        const closed = input.closedByHand;
        const change = same
            ? undefined
            : decisionChange(before, decision, {
                ...(input.lapsed.has(id) ? { lapsed: true } : {}),
                ...(edit ? { edit } : {}),
                ...(closed ? { issueClosed: () => closed(id)?.issue } : {}),
            });
        const issue = input.issueOf?.(id);
        const entry = log.tests.get(id);
        if (!change && (issue === undefined || issue === entry?.issue))
            continue;
        const next = { ...(entry ?? { events: [] }) };
        if (issue !== undefined)
            next.issue = issue;
        if (change) {
            next.events = [...next.events, { run: input.run, at: input.at, ...change, reason: cut(change.reason) }].slice(-store_decisions/* MAX_EVENTS_PER_TEST */.gr);
            recorded++;
        }
        log.tests.set(id, next);
        changed = true;
    }
    for (const id of log.tests.keys()) {
        if (input.tests.has(id))
            continue;
        log.tests.delete(id);
        changed = true;
    }
    return { text: changed ? (0,store_decisions/* renderDecisions */.O)(log) : input.previous, problems, recorded };
}

;// CONCATENATED MODULE: ./src/pipeline/clock.ts

/** How far after the step's clock a time may be (a report written in a zone east of UTC without its offset: up to 14 h). */
const CLOCK_TOLERANCE_MS = 86_400_000;
const DAY_MS = 86_400_000;
/** A difference of times for people: "3 hours", "100 days", "75 years". */
function spanText(ms) {
    const abs = Math.abs(ms);
    const count = (n, unit) => `${n} ${unit}${n === 1 ? '' : 's'}`;
    const years = abs / (365.25 * DAY_MS);
    if (!(years < 10_000))
        return 'more than 10,000 years';
    if (years >= 2)
        return count(Math.round(years), 'year');
    if (abs >= DAY_MS)
        return count(Math.round(abs / DAY_MS), 'day');
    if (abs >= 3_600_000)
        return count(Math.round(abs / 3_600_000), 'hour');
    return count(Math.round(abs / 60_000), 'minute');
}
/** A time for people: its ISO form when it is a date, else the number. */
function timeText(ms) {
    const date = new Date(ms);
    return Number.isNaN(date.getTime()) ? String(ms) : date.toISOString();
}
/** The newest time of the runs but `except`, or undefined when there is none. */
function clock_newestTime(runs, except) {
    let newest;
    for (const [key, row] of runs)
        if (key !== except && (newest === undefined || row.time > newest))
            newest = row.time;
    return newest;
}
/** Rule 2: runs on the branch ahead of the step's clock. */
function checkRows(runs, clock, notes) {
    const ahead = [];
    for (const entry of runs)
        if (!(entry[1].time <= clock + CLOCK_TOLERANCE_MS))
            ahead.push(entry);
    const changed = new Map();
    if (ahead.length === 0)
        return changed;
    const shown = ahead
        .slice(0, 3)
        .map(([key, row]) => `${key} (${timeText(row.time)})`)
        .join(', ');
    const listed = `${shown}${ahead.length > 3 ? ` and ${ahead.length - 3} more` : ''}`;
    const runsText = `${ahead.length === 1 ? 'Run' : 'Runs'} ${listed} on the data branch`;
    const ahead1 = `more than ${spanText(CLOCK_TOLERANCE_MS)} ahead of this step's clock (${timeText(clock)})`;
    if (ahead.length * 2 >= runs.size) {
        notes.push(`${ahead.length} of the ${runs.size} runs on the data branch are ${ahead1}: ${listed}. This runner's clock is probably behind: their times are kept, and nothing is aged out from this clock.`);
        return changed;
    }
    // The time of the newest trusted run before each one, in sequence order: the run's place in the order stays.
    const ordered = [...runs].sort((a, b) => a[1].seq - b[1].seq);
    const aheadKeys = new Set(ahead.map(([key]) => key));
    let before;
    for (const [key, row] of ordered) {
        if (!aheadKeys.has(key)) {
            if (before === undefined || row.time > before)
                before = row.time;
            continue;
        }
        changed.set(key, before ?? clock);
    }
    notes.push(`${runsText} ${ahead.length === 1 ? 'is' : 'are'} ${ahead1}, as most of the branch's runs are not: set to the newest time of the runs before ${ahead.length === 1 ? 'it' : 'them'}, so that ${ahead.length === 1 ? 'it ages' : 'they age'} out no other run (the runner's clock was probably ahead).`);
    return changed;
}
/** The history with the runs of `times` (run key → time) at their new times. */
function retimed(history, runs, times) {
    if (history instanceof history_stored/* LazyHistory */.VM)
        return new history_stored/* LazyHistory */.VM(history.stored, runs);
    const out = new Map();
    for (const [id, test] of history) {
        if (!test.runs.some((r) => times.has(r.run))) {
            out.set(id, test);
            continue;
        }
        const records = test.runs.map((r) => (times.has(r.run) ? { ...r, time: times.get(r.run) } : r)).sort((a, b) => a.time - b.time);
        out.set(id, { ...test, runs: records });
    }
    return out;
}
/** The three rules above, for `run` applied on top of `runs` and `history` by a step whose clock reads `clock`. */
function checkTimes(run, runs, history, clock, retention) {
    const notes = [];
    const changed = checkRows(runs, clock, notes);
    let table = runs;
    let checkedHistory = history;
    if (changed.size > 0) {
        table = new Map(runs);
        for (const [key, time] of changed)
            table.set(key, { ...runs.get(key), time });
        checkedHistory = retimed(history, table, changed);
    }
    const newest = clock_newestTime(table, run.key);
    const window = retention.maxAgeDays * DAY_MS;
    const floor = Math.min(clock, newest ?? clock) - window;
    let time = run.time;
    const name = `Run ${run.key} attempt ${run.runAttempt}`;
    if (!Number.isFinite(time)) {
        notes.push(`${name}: its time (${String(time)}) is not a time; it is recorded at this step's clock (${timeText(clock)}).`);
        time = clock;
    }
    else if (time > clock + CLOCK_TOLERANCE_MS) {
        notes.push(`${name}: its time (${timeText(time)}) is ${spanText(time - clock)} ahead of this step's clock (${timeText(clock)}); it is recorded at the step's clock, so that it ages out no other run.`);
        time = clock;
    }
    else if (time < floor) {
        notes.push(`${name}: its time (${timeText(time)}) is ${spanText(clock - time)} before this step's clock (${timeText(clock)}), older than history.max-age-days; it is recorded at the step's clock, so that it is not aged out at once.`);
        time = clock;
    }
    const retentionNow = Math.min(clock, time, newest ?? time);
    return { run: time === run.time ? run : { ...run, time }, runs: table, history: checkedHistory, retentionNow, notes };
}

// EXTERNAL MODULE: ./src/model.ts
var model = __webpack_require__(10182);
// EXTERNAL MODULE: ./src/rerun/stopping.ts
var stopping = __webpack_require__(3712);
;// CONCATENATED MODULE: ./src/rerun/order.ts
/**
 * Order dependence across runs (docs/rerun.md#order-dependence). Pure.
 *
 * A re-run proves a failure flaky by running the test again, alone. A test that fails because another test of the
 * full run leaves state behind (a polluter: a singleton, a global mock, a registry, a temp file) fails in the full
 * run every time and passes every time alone: each run's re-run "proves" it flaky, and its quarantine would hide a
 * failure of the suite for good. This rule tells it apart by the one thing a victim does that a flaky test does not:
 * its FIRST attempt fails run after run.
 *
 * The stopping rule's reasoning (src/rerun/stopping.ts), across runs instead of across re-runs:
 * - it is asked only of a test whose first attempt failed in this run and which then passed (alone): the chance is
 *   conditioned on this run's failure, which is why it is judged;
 * - the streak is the runs in a row, this one included, whose first attempt failed; the chance that the test's own
 *   flakiness failed the streak's EARLIER runs too is the posterior predictive of `again`^(streak − 1), `again` being
 *   the test's rate of a first-attempt failure in the run right after a run whose first attempt failed (a
 *   stationary two-state chain is reversible: the run before a failing run fails at the same rate as the run after);
 * - `again` is estimated from the test's runs BEFORE the streak only (the streak is what is judged, it must not
 *   vouch for itself), the newest `window` of them: a Beta posterior whose prior is centred on the test's rate of a
 *   first-attempt failure per run (uniform prior Beta(1, 1)) with the weight of PRIOR_WEIGHT runs. Bursts in the
 *   history (runs after a failing run failing often) raise `again`, and so the streak needed;
 * - no outage run counts, nor an untrusted run (evidence from outside the trusted run decides nothing), nor a run
 *   with no attempt that ran: they neither lengthen nor break the streak;
 * - with k tests judged in one run, each is held to IMPLAUSIBLE / k (Bonferroni, as the stopping rule), so that
 *   many flaky tests failing together do not multiply the chance of a red run; and a test is held to that divided
 *   by the failing runs of its window: it is judged again at each of them, and a test that fails often would
 *   otherwise collect those chances over its life (a stable test turned victim has none, and keeps the whole).
 *
 * The threshold is a chance per judged run, not a promise: measured (scripts/order-rule.ts), a test failing 30% of
 * its runs independently is called order-dependent in 0.015% of its judged runs, one failing 50% in 0.045%, and the
 * real flaky sequences in 0.37% (mostly the first burst of a bursty test whose window holds no earlier burst: its
 * history looks like a stable test's). What it cannot see: a polluter that runs before its victim only sometimes
 * (the victim then looks flaky, and is), and a victim whose history shows bursts of failures (it needs a longer
 * streak).
 */


/**
 * The prior's weight, in runs, for `again` across runs: how firmly a test with few runs after a failing run is
 * assumed to fail again at its usual per-run rate. The stopping rule's weight of 2 lets a test with 30 clean runs
 * turned victim fail 5 runs before it is caught; 8 catches it at its third. Measured by scripts/order-rule.ts
 * (docs/rerun.md#order-dependence has the figures): weights 4 to 16 call the real flaky sequences order-dependent
 * equally rarely; tests failing 10% of their runs independently never in 150,000 runs.
 */
const PRIOR_WEIGHT = 8;
const firstFailed = (attempts) => attempts[0] === 'F' || attempts[0] === 'E';
/** The runs of a history that count for this rule, oldest first (outage, untrusted and skipped-only runs left out). */
function orderRuns(history, exceptRun) {
    if (!history)
        return [];
    const out = [];
    for (const r of history.runs) {
        if (!counts(r) || r.run === exceptRun)
            continue;
        const attempts = r.attempts.replace(/S/g, '');
        if (attempts !== '')
            out.push({ attempts, sha: r.sha, time: r.time });
    }
    return out;
}
function counts(r) {
    return r.outage !== true && r.untrusted !== true;
}
/** Counts the newest `window` runs of `runs`. */
function orderCounts(runs, window) {
    const c = { failed: 0, runs: 0, againFailed: 0, againPassed: 0 };
    const from = Math.max(0, runs.length - window);
    for (let i = from; i < runs.length; i++) {
        const failed = firstFailed(runs[i].attempts);
        c.runs++;
        if (failed)
            c.failed++;
        if (i > from && firstFailed(runs[i - 1].attempts)) {
            if (failed)
                c.againFailed++;
            else
                c.againPassed++;
        }
    }
    return c;
}
/**
 * The posterior predictive chance that `earlier` runs in a row fail at their first attempt right after (or, the
 * chain being reversible, right before) a run whose first attempt failed: E[again^earlier].
 */
function streakChanceAcrossRuns(c, earlier, weight = PRIOR_WEIGHT) {
    const rate = (1 + c.failed) / (2 + c.runs);
    const a = weight * rate + c.againFailed;
    const b = weight * (1 - rate) + c.againPassed;
    let chance = 1;
    for (let i = 0; i < earlier; i++)
        chance *= (a + i) / (a + b + i);
    return chance;
}
/**
 * Judges a test whose first attempt failed in this run and which passed later in it (alone, on a re-run): `runs`
 * are its earlier runs that count, oldest first (orderRuns), `current` this run's attempt letters. Undefined when the
 * test is not such a test.
 */
function judgeOrder(runs, current, options) {
    const { window, threshold = stopping/* IMPLAUSIBLE */.aV, weight = PRIOR_WEIGHT } = options;
    const attempts = current.attempts.replace(/S/g, '');
    if (!firstFailed(attempts) || attempts.indexOf('P') < 0)
        return undefined;
    let start = runs.length;
    while (start > 0 && firstFailed(runs[start - 1].attempts))
        start--;
    const streak = runs.length - start + 1;
    const before = runs.slice(0, start);
    const c = orderCounts(before, window);
    const chance = streakChanceAcrossRuns(c, streak - 1, weight);
    // The same test is judged again at each of its failing runs: a test that fails often faces the rule often, so the
    // threshold is shared among the failing runs of its window (Bonferroni over its own judgements, as over the
    // tests of one run). A stable test turned victim has none: its threshold is the whole IMPLAUSIBLE.
    const perRun = threshold / Math.max(1, c.failed);
    return { streak, since: start < runs.length ? runs[start].sha : current.sha, counts: c, chance, orderDependent: streak > 1 && chance < perRun };
}
/**
 * When the streak of failing first attempts that this run continues began: the time of its first run in the history
 * (runs that count, as orderRuns; `exceptRun` left out), or undefined when this run starts it.
 */
function streakStart(history, exceptRun) {
    const runs = orderRuns(history, exceptRun);
    let start;
    for (let i = runs.length - 1; i >= 0 && firstFailed(runs[i].attempts); i--)
        start = runs[i].time;
    return start;
}
/** "fails inside the full run since `abc1234` (3 runs in a row), passes alone: another test leaves state behind". */
function orderSentence(since, streak) {
    return `fails inside the full run since \`${since.slice(0, 7)}\` (${streak} runs in a row), passes alone: another test leaves state behind`;
}
/**
 * The tests of this run called order-dependent, with the sentence that says so. Every test whose first attempt
 * failed and which passed later in the run is judged; with k of them, each at IMPLAUSIBLE / k.
 */
function orderDependence(input) {
    const judged = [];
    for (const t of input.tests) {
        if (input.skip(t.id))
            continue;
        const current = {
            attempts: t.attempts
                .map((a) => model/* STATUS_CODE */.lg[a.status])
                .join('')
                .replace(/S/g, ''),
            sha: input.sha,
        };
        if (firstFailed(current.attempts) && current.attempts.indexOf('P') > 0)
            judged.push({ id: t.id, current });
    }
    const out = new Map();
    const threshold = (input.threshold ?? stopping/* IMPLAUSIBLE */.aV) / Math.max(1, judged.length);
    for (const { id, current } of judged) {
        const j = judgeOrder(orderRuns(input.history.get(id), input.runKey), current, { window: input.window, threshold });
        if (j?.orderDependent)
            out.set(id, orderSentence(j.since, j.streak));
    }
    return out;
}

;// CONCATENATED MODULE: ./src/pipeline/apply.ts






















/**
 * Each write changes about one line per test, so git's growth per write is proportional to the suite: compact
 * every 100 writes up to 10k tests, more often above (every 10 at 100k), never less than every 5.
 */
function compactEveryFor(tests) {
    return Math.max(5, Math.min(100, Math.floor(1_000_000 / Math.max(1, tests))));
}
const DEFAULT_APPLY_OPTIONS = { retention: merge/* DEFAULT_RETENTION */.xh, policy: quarantine/* DEFAULT_POLICY */.zj };
/**
 * Quarantine as it stood before this run: stored state, then unexpired hand overrides; broken files forgive nothing.
 * `lapsed` lists the overrides that lapsed since the last run (said once: the stats line remembers it in `lapsed`);
 * `expired` every override past its date.
 */
function quarantineBefore(snapshot, now) {
    const quarantined = new Set();
    const byHand = new Set();
    const lapsed = [];
    const expired = new Set();
    // A damaged branch forgives nothing (src/store/snapshot.ts).
    if (snapshot.damaged.length > 0)
        return { quarantined, byHand, lapsed, expired };
    for (const [id, stats] of snapshot.stats)
        if (ruleState(stats)?.quarantined)
            quarantined.add(id);
    for (const [id, stored] of snapshot.overrides) {
        if ((0,layout/* overrideExpired */.WL)(stored.override, now)) {
            expired.add(id);
            if (snapshot.stats.get(id)?.lapsed !== stored.override.until)
                lapsed.push({ id, file: stored.file, line: stored.line, until: stored.override.until });
            continue;
        }
        if (stored.override.action === 'quarantine') {
            quarantined.add(id);
            byHand.add(id);
        }
        else {
            quarantined.delete(id);
        }
    }
    for (const id of quarantined)
        if ((0,store_snapshot/* inBrokenShard */.Hl)(snapshot, id))
            quarantined.delete(id);
    for (const id of byHand)
        if (!quarantined.has(id))
            byHand.delete(id);
    return { quarantined, byHand, lapsed, expired };
}
/** This run's outages, and the failures of quarantined tests that their quarantine does not cover. */
function judgeFailures(snapshot, before, tests, run, options, consistent) {
    const normalise = options.normalise ?? ((m) => m.trim());
    const outages = (0,outage/* findOutages */.wI)(tests, normalise, options.policy);
    const inOutage = new Map();
    for (const o of outages)
        for (const id of o.tests)
            inOutage.set(id, (0,outage/* describeOutage */.XQ)(o));
    const unforgiven = unforgivenFailures({
        tests,
        // The failures a quarantine covers are learnt from trusted records only, always (src/history/trust.ts).
        history: anyUntrusted(snapshot.runs) ? (0,trust/* withoutUntrusted */.Dy)(snapshot.history) : snapshot.history,
        quarantined: before.quarantined,
        byHand: before.byHand,
        outages: inOutage,
        sha: run.sha,
        normalise,
        forgive: options.policy.forgive,
        ...(consistent ? { consistent } : {}),
    });
    const failingOutages = outages.filter((o) => (0,outage/* outageFailures */.p0)(tests, [o]).size > 0).map(outage/* describeOutage */.XQ);
    return { outages, failingOutages, unforgiven };
}
function anyUntrusted(runs) {
    for (const row of runs.values())
        if (row.untrusted)
            return true;
    return false;
}
/** The history as evidence (src/history/trust.ts); the history itself when no run in it is untrusted (the common case, checked first). */
function evidenceOf(history, runs) {
    return anyUntrusted(runs) ? (0,trust/* trustedEvidence */.Ji)(history) : history;
}
/** A damaged data branch fails the run, naming the file and line (src/store/snapshot.ts). */
function withDamage(snapshot, outcome) {
    const reason = (0,store_snapshot/* damageReason */.MD)(snapshot);
    return reason ? { ...outcome, result: 'failure', reasons: [...outcome.reasons, reason] } : outcome;
}
/** The start of an order-dependent test's decision reason (the sentence follows). */
const ORDER_REASON = 'order-dependent, not flaky: ';
function applyRun(input, options = DEFAULT_APPLY_OPTIONS) {
    const { reports, now } = input;
    // Times checked against the step's clock and the branch (src/pipeline/clock.ts): no run's time ages out another run.
    const timed = checkTimes(input.run, input.snapshot.runs, input.snapshot.history, now, options.retention);
    const run = timed.run;
    const checked = timed.runs === input.snapshot.runs && timed.history === input.snapshot.history ? input.snapshot : { ...input.snapshot, runs: timed.runs, history: timed.history };
    const edited = applyHandEdits(checked, now, options.policy, (id) => (0,store_snapshot/* statsFileOf */.no)(input.snapshot, id));
    const snapshot = edited.snapshot;
    const nowIso = new Date(now).toISOString();
    const before = quarantineBefore(snapshot, now);
    const orderDependent = orderVerdicts(input, snapshot, run, options);
    const consistent = orderDependent.size > 0 ? new Map([...(input.rerun?.consistent ?? []), ...orderDependent]) : input.rerun?.consistent;
    const judged = judgeFailures(snapshot, before, reports.tests, run, options, consistent);
    const outcome = withDamage(snapshot, (0,policy_outcome/* decideOutcome */.dl)({
        tests: reports.tests,
        problems: reports.problems,
        filesMatched: input.filesMatched,
        testOutcome: input.testOutcome,
        quarantined: before.quarantined,
        unforgiven: judged.unforgiven,
        outages: judged.failingOutages,
        ...(orderDependent.size > 0 ? { orderDependent } : {}),
        ...(input.rerun ? { consistent: consistent, newFlaky: { ids: input.rerun.newFlaky, block: input.rerun.newTestsBlock }, failedBeforeReruns: input.rerun.failedBeforeReruns } : {}),
    }));
    const outageMessages = [...new Set(judged.outages.map((o) => o.message))];
    const jobSucceeded = input.jobSucceeded ?? outcome.result === 'success';
    // An untrusted run records only tests a trusted run has recorded (src/history/trust.ts).
    const recorded = input.untrusted ? (0,trust/* boundedUntrustedTests */.B_)((0,trust/* untrustedTestsToRecord */.Aw)(reports.tests, snapshot.history, run.runId).kept) : reports.tests;
    const alreadyIngested = new Set(Object.keys(snapshot.meta.ingested));
    const ingesting = !alreadyIngested.has((0,merge/* ingestionKey */.Ez)(run));
    const runs = new Map(snapshot.runs);
    let newRow;
    if (ingesting) {
        const previous = runs.get(run.key);
        const outages = [...new Set([...(previous?.outages ?? []), ...outageMessages])];
        newRow = {
            seq: previous?.seq ?? (0,history_format/* nextSeq */.v)(runs),
            sha: run.sha,
            time: previous?.time ?? run.time,
            onDefaultBranch: run.onDefaultBranch,
            jobSucceeded,
            ...(run.url ? { url: run.url } : {}),
            ...(outages.length > 0 ? { outages } : {}),
            ...(input.untrusted || previous?.untrusted ? { untrusted: true } : {}),
        };
    }
    // The history stays in its stored form when it can (src/history/stored.ts): a new run, no untrusted results.
    const stored = snapshot.history instanceof history_stored/* LazyHistory */.VM && !input.untrusted && ![...snapshot.runs.values()].some((r) => r.untrusted) && (!ingesting || (0,history_stored/* canMergeStored */.Ce)(snapshot.history.rows, run))
        ? snapshot.history
        : undefined;
    const viaStored = stored && ingesting
        ? (0,history_stored/* mergeStored */.YZ)(stored, recorded, run, newRow, { retention: options.retention, retentionNow: timed.retentionNow, normalise: options.normalise ?? ((m) => m.trim()) })
        : undefined;
    const merged = viaStored
        ? { history: viaStored, ingested: true }
        : stored && !ingesting
            ? { history: stored, ingested: false }
            : (0,merge/* mergeRun */.CU)(snapshot.history, recorded, run, alreadyIngested, {
                ...(input.untrusted ? { untrusted: true } : {}),
                ...(!input.untrusted && runs.has((0,trust/* untrustedRunKey */.z9)(run.runId)) ? { replaces: (0,trust/* untrustedRunKey */.z9)(run.runId) } : {}),
                jobSucceeded,
                retention: options.retention,
                retentionNow: timed.retentionNow,
                normalise: options.normalise,
                outages: outageMessages,
            });
    const history = merged.history;
    if (merged.ingested)
        runs.set(run.key, newRow);
    const evidence = evidenceOf(history, runs);
    // Computed once per distinct history: most tests of a suite share theirs (every run passed).
    const scoreOf = scoresByRecords(history, evidence, options.scoreTests);
    const decisions = new Map();
    const lapsedIds = before.expired;
    const memo = (0,pfs/* createPfsMemo */.o4)();
    const byRecords = new Map();
    const lazy = evidence === history && history instanceof history_stored/* LazyHistory */.VM ? history : undefined;
    for (const id of evidence.keys()) {
        const stored = snapshot.overrides.get(id);
        const override = stored && !lapsedIds.has(id) ? stored.override : null;
        // The rule's own state: a hand decision that lapsed or was cleared leaves no trace (src/policy/hand-edits.ts).
        const previous = ruleState(snapshot.stats.get(id));
        const closed = override ? undefined : input.closedByHand?.(id);
        const recordsKey = !override && !closed && lazy ? lazy.recordsKey(id) : undefined;
        const key = recordsKey === undefined ? undefined : previous ? `${recordsKey}\u0000${JSON.stringify(previous)}` : recordsKey;
        const known = key === undefined ? undefined : byRecords.get(key);
        if (known) {
            decisions.set(id, known);
            continue;
        }
        const counted = evidence.get(id);
        // A quarantined test is judged on its trusted records alone: untrusted evidence never releases it (src/history/trust.ts).
        const test = previous?.quarantined && (0,trust/* hasUntrustedRecord */.qB)(counted) ? (0,trust/* trustedOnly */.cy)(counted) : counted;
        let decision = closed ? decideAfterHandClose(test, previous, closed, nowIso, options.policy, memo) : decide(test, previous, override, nowIso, options.policy, memo);
        if (override) {
            // The hand decision's own start, from the line it wrote at the last run (`auto` is written only under an
            // override): `previous` is the rule's state, whose `since` would re-stamp a hand decision at every run.
            const shown = snapshot.stats.get(id);
            if (shown?.auto && shown.quarantined === decision.quarantined && typeof shown.since === 'string')
                decision = { ...decision, since: shown.since };
            const auto = decide(test, previous, null, nowIso, options.policy, memo);
            decision = {
                ...decision,
                auto: { quarantined: auto.quarantined, reason: auto.reason, ...(auto.since ? { since: auto.since } : {}), ...(auto.evidenceAfter !== undefined ? { evidenceAfter: auto.evidenceAfter } : {}) },
            };
        }
        const pfs = override || options.policy.rule === 'pfs' ? undefined : (0,stats_scores/* pfsPhrase */.d)(scoreOf(id)); // the pfs rule's reason gives it already
        const final = pfs ? { ...decision, reason: `${decision.reason}; ${pfs}` } : decision;
        decisions.set(id, final);
        if (key !== undefined)
            byRecords.set(key, final);
    }
    // An order-dependent test is not quarantined as flaky: released from a quarantine it had, judged afresh on the runs
    // after this one (evidenceAfter), since its failures here were another test's doing. A hand override still wins.
    for (const [id, sentence] of orderDependent) {
        const decision = decisions.get(id);
        if (!decision || decision.override)
            continue;
        const newest = history.get(id)?.runs.reduce((t, r) => Math.max(t, r.time), run.time) ?? run.time;
        const previous = ruleState(snapshot.stats.get(id));
        // A quarantine that began before the streak was earned by failures the streak did not cause: it stays (the
        // verdict still blocks this run's failure, through the consistent map). One the streak earned is released.
        const began = previous?.quarantined && previous.since ? Date.parse(previous.since) : NaN;
        const streakFrom = streakStart(history.get(id), run.key) ?? run.time;
        if (Number.isFinite(began) && began < streakFrom)
            continue;
        const stays = previous !== undefined && !previous.quarantined && previous.reason.startsWith(ORDER_REASON) && previous.since;
        decisions.set(id, { quarantined: false, reason: `${ORDER_REASON}${sentence}`, since: stays || nowIso, evidence: decision.evidence, evidenceAfter: newest });
    }
    const scores = new Map();
    if (options.scoreTests)
        for (const id of evidence.keys())
            scores.set(id, scoreOf(id));
    // Decided and scored: the decoded histories and their keys would only be held to the end of the step.
    if (lazy)
        lazy.dropCaches();
    const quarantined = [];
    for (const [id, d] of decisions)
        if (d.quarantined && !(0,store_snapshot/* inBrokenShard */.Hl)(snapshot, id))
            quarantined.push(id);
    quarantined.sort();
    const newlyQuarantined = quarantined.filter((id) => !before.quarantined.has(id));
    const after = new Set(quarantined);
    const released = [...before.quarantined].filter((id) => !after.has(id) && history.has(id)).sort();
    const problems = [...snapshot.problems];
    for (const [id, stored] of snapshot.overrides) {
        if (!history.has(id)) {
            problems.push({ file: stored.file, line: stored.line, message: `override for unknown test '${id}': no test with this id is in the history (kept; it applies once the test runs)` });
        }
    }
    // Re-sharding would move tests out of a broken file the user still has to fix: keep the layout until then.
    const shards = snapshot.brokenStats.size > 0 ? snapshot.meta.shards : (0,layout/* shardCountFor */.tS)(history.size);
    const writes = snapshot.meta.writes + (merged.ingested ? 1 : 0);
    const compact = merged.ingested && writes >= (options.compactEvery ?? compactEveryFor(history.size));
    const files = renderFiles(snapshot, shards, compact ? 0 : writes, history, runs, decisions, scores, merged.ingested ? (0,merge/* ingestionKey */.Ez)(run) : undefined, now, timed.retentionNow, options, before.expired, edited.kept);
    // Each test's quarantine timeline: its own informational file, rewritten only when a decision changed.
    const timeline = updateDecisionLog({
        previous: snapshot.decisions,
        stats: snapshot.stats,
        decisions,
        tests: history,
        skip: (id) => (0,store_snapshot/* inBrokenShard */.Hl)(snapshot, id),
        lapsed: before.expired,
        edits: edited.edits,
        closedByHand: input.closedByHand,
        issueOf: input.issueOf,
        run: runs.get(run.key)?.seq,
        at: nowIso,
    });
    if (timeline.text !== undefined)
        files.set(store_decisions/* DECISIONS_FILE */.z0, timeline.text);
    problems.push(...timeline.problems);
    return {
        outcome,
        ingested: merged.ingested,
        quarantined,
        newlyQuarantined,
        released,
        decisions,
        history,
        files,
        shards,
        scores,
        compact,
        problems,
        lapsed: before.lapsed,
        outages: judged.outages,
        brokenStats: [...snapshot.brokenStats.keys()].sort(),
        handEdits: edited.edits,
        rule: options.policy.rule,
        clockNotes: timed.notes,
        orderDependent,
    };
}
/**
 * This run's order-dependence verdicts (src/rerun/order.ts), from the history as read and this run's attempts with
 * the re-runs merged in, joined by those of the re-runs' context rounds. Only with re-runs (without them a victim
 * never passes, and its failure blocks already), never for an untrusted run (its evidence decides nothing), never
 * for a failure in an outage or one the re-runs already call consistent.
 */
function orderVerdicts(input, snapshot, run, options) {
    const out = new Map();
    if (!input.rerun || input.untrusted)
        return out;
    const normalise = options.normalise ?? ((m) => m.trim());
    const inOutage = new Set((0,outage/* findOutages */.wI)(input.reports.tests, normalise, options.policy).flatMap((o) => o.tests));
    const given = input.rerun.orderDependent;
    if (given && given.size > 0)
        for (const t of input.reports.tests)
            if (given.has(t.id) && !inOutage.has(t.id))
                out.set(t.id, given.get(t.id));
    const found = orderDependence({
        history: snapshot.history,
        tests: input.reports.tests,
        runKey: run.key,
        sha: run.sha,
        skip: (id) => inOutage.has(id) || out.has(id) || input.rerun.consistent.has(id) || (input.rerun.failedInRun !== undefined && !input.rerun.failedInRun.has(id)),
        window: options.policy.window,
    });
    for (const [id, sentence] of found)
        out.set(id, sentence);
    return out;
}
function renderFiles(snapshot, shards, writes, history, runs, decisions, scores, newIngestion, now, 
/** The time runs age out from (src/pipeline/clock.ts); ingestion keys age out with them. */
retentionNow, options, expired = new Set(), kept = new Map()) {
    const oldestKept = retentionNow - options.retention.maxAgeDays * 86_400_000;
    const ingested = {};
    for (const [key, time] of Object.entries(snapshot.meta.ingested))
        if (time >= oldestKept)
            ingested[key] = time;
    if (newIngestion)
        ingested[newIngestion] = now;
    // One pass over the tests: the runs some test still refers to (a flag per sequence number, set a segment at a time),
    // each test's shard, and its stats line. The iteration's own [id, test] entries are kept, not copied.
    const referenced = new history_format/* RunMarks */.wV(runs);
    const historyShards = Array.from({ length: shards }, () => []);
    const statsShards = Array.from({ length: shards }, () => []);
    for (const entry of (0,history_format/* storedTests */.Nj)(history, runs)) {
        const [id, test] = entry;
        let seq = test.from;
        for (const { a, n } of test.segments) {
            if (a !== '')
                referenced.mark(seq, n);
            seq += n;
        }
        const shard = (0,layout/* shardOf */.IS)(id, shards);
        historyShards[shard].push(entry);
        const statsShard = (0,store_snapshot/* statsShardOf */.pG)(snapshot, id, shards);
        const decision = decisions.get(id);
        const stored = snapshot.overrides.get(id);
        const keep = kept.get(id);
        // Schema 3 writes no stats line for a test with nothing to say (never failed in its window, not quarantined, no
        // hand edit, nothing to remember): the readers derive it (docs/data-branch.md, "stats/NN.json").
        if (!stored && !keep && !decision.quarantined && !decision.auto && decision.evidenceAfter === undefined && (0,outcome_string/* neverFailed */.Ux)(test.segments))
            continue;
        const line = {
            override: stored?.raw ?? null,
            // An override past its date: noticed once, remembered here so that later runs do not repeat the notice.
            ...(stored && expired.has(id) ? { lapsed: stored.override.until } : {}),
            quarantined: decision.quarantined,
            reason: decision.reason,
            since: decision.since,
            ...(decision.evidenceAfter !== undefined ? { evidenceAfter: decision.evidenceAfter } : {}),
            ...(decision.auto
                ? {
                    auto: {
                        quarantined: decision.auto.quarantined,
                        ...(decision.auto.since ? { since: decision.auto.since } : {}),
                        ...(decision.auto.evidenceAfter !== undefined ? { evidenceAfter: decision.auto.evidenceAfter } : {}),
                    },
                }
                : {}),
            runs: decision.evidence.runs,
            recent: decision.evidence.recent,
            ...scores.get(id),
        };
        // The fingerprint of what flakeguard computed, then the fields a person edited, left as they wrote them.
        line.check = checkOf(line);
        if (keep)
            Object.assign(line, keep);
        statsShards[statsShard].push([id, line]);
    }
    // Overrides written for tests that have no history yet are kept where the test will land.
    for (const [id, stored] of snapshot.overrides) {
        if (history.has(id))
            continue;
        const line = { override: stored.raw, quarantined: false, reason: 'no runs recorded yet' };
        line.check = checkOf(line);
        statsShards[(0,store_snapshot/* statsShardOf */.pG)(snapshot, id, shards)].push([id, line]);
    }
    const files = new Map();
    files.set(layout/* META_FILE */.fg, (0,layout/* renderMeta */.aW)({ schema: layout/* SCHEMA_VERSION */.f$, shards, writes, ingested }));
    files.set(layout/* RUNS_FILE */.Ct, (0,history_format/* renderRuns */.JH)(new Map([...runs].filter(([, row]) => referenced.has(row.seq)))));
    files.set('README.md', renderBranchReadme(shards));
    const texts = new history_format/* LineTexts */.zZ();
    for (let i = 0; i < shards; i++) {
        if (historyShards[i].length > 0)
            files.set((0,layout/* historyPath */.ae)(i, shards), (0,history_format/* renderHistoryShard */.Dj)(historyShards[i], texts));
        const path = (0,layout/* statsPath */.Zf)(i, shards);
        if (snapshot.brokenStats.has(path))
            continue;
        if (statsShards[i].length > 0)
            files.set(path, (0,layout/* renderStatsShard */.aE)(statsShards[i]));
    }
    for (const [path, text] of snapshot.brokenStats)
        files.set(path, text);
    return files;
}
/** Scores by test id, computed once per distinct history when the history is in its stored form. */
function scoresByRecords(history, evidence, scoreTests) {
    if (!scoreTests)
        return () => undefined;
    if (evidence !== history || !(history instanceof history_stored/* LazyHistory */.VM)) {
        const all = scoreTests(evidence);
        return (id) => all.get(id);
    }
    const byKey = new Map();
    return (id) => {
        const key = history.recordsKey(id);
        let scores = byKey.get(key);
        if (!scores) {
            scores = scoreTests(new Map([[id, history.get(id)]])).get(id);
            byKey.set(key, scores);
        }
        return scores;
    };
}


/***/ }),

/***/ 2075:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  r4: () => (/* binding */ admitParcel),
  a4: () => (/* binding */ foldParcels),
  jO: () => (/* binding */ runParcel)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: ./src/store/results-file.ts
var results_file = __webpack_require__(57610);
;// CONCATENATED MODULE: ./src/store/parcel.ts
/**
 * A parked run's parcel: what a writer that could not land its run on the data branch leaves on a branch of its
 * own under the inbox prefix (src/store/sync.ts), for the next writer to fold in. It holds each ingested job's
 * results in the results-file form (src/store/results-file.ts, read with the same strict parser) and the job's
 * decided result. Pure.
 */


const PARCEL_KIND = 'flakeguard-parcel';
const PARCEL_SCHEMA = 1;
/** A parcel with more entries than this is not read (an aggregate run has at most 256 shards). */
const MAX_ENTRIES = 1024;
function renderParcel(entries) {
    return `${JSON.stringify({
        kind: PARCEL_KIND,
        schema: PARCEL_SCHEMA,
        entries: entries.map((e) => ({ kind: results_file/* RESULTS_KIND */.mU, schema: results_file/* RESULTS_SCHEMA */.Bi, run: e.run, tests: e.tests, jobSucceeded: e.jobSucceeded, ...(e.untrusted ? { untrusted: true } : {}) })),
    })}\n`;
}
class ParcelError extends Error {
}
/** A parcel a newer flakeguard wrote: left in place for it, never counted and never in the way of the others. */
class ParcelSchemaError extends ParcelError {
}
function parseParcel(text) {
    let raw;
    try {
        raw = JSON.parse(text);
    }
    catch (error) {
        throw new ParcelError(`not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    const r = raw;
    if (typeof raw !== 'object' || raw === null || r.kind !== PARCEL_KIND)
        throw new ParcelError('not a flakeguard parcel');
    if (typeof r.schema === 'number' && Number.isInteger(r.schema) && r.schema > PARCEL_SCHEMA) {
        throw new ParcelSchemaError(`parcel schema ${r.schema} is newer than this version reads (${PARCEL_SCHEMA}): left for a newer flakeguard`);
    }
    if (r.schema !== PARCEL_SCHEMA)
        throw new ParcelError(`unsupported parcel schema ${JSON.stringify(r.schema ?? null).slice(0, 20)}`);
    if (!Array.isArray(r.entries) || r.entries.length === 0 || r.entries.length > MAX_ENTRIES)
        throw new ParcelError(`entries must be an array of 1 to ${MAX_ENTRIES} results`);
    return r.entries.map((value, i) => {
        const e = value;
        try {
            const { run, tests } = (0,results_file/* parseResultsValue */.fs)(value);
            if (typeof e.jobSucceeded !== 'boolean')
                throw new results_file/* ResultsFileError */.dL('jobSucceeded must be true or false');
            return { run, tests, jobSucceeded: e.jobSucceeded, ...(e.untrusted === true ? { untrusted: true } : {}) };
        }
        catch (error) {
            throw new ParcelError(`entries[${i}]: ${error instanceof Error ? error.message : String(error)}`);
        }
    });
}
/**
 * The name of a parked run's branch under the inbox prefix: the time it was parked first (so that names sort in
 * the order runs were parked, the order they are folded in), then the run for people, then a hash of its
 * ingestion keys so that the name is unique per ingestion. Always a valid ref name.
 */
function parcelName(run, entries, now) {
    const safe = `${run.runId}-${run.job}`
        .replace(/[^A-Za-z0-9_-]/g, '-')
        .replace(/-+/g, '-')
        .slice(0, 80);
    const keys = entries
        .map((e) => `${e.run.key}#${e.run.runAttempt}`)
        .sort()
        .join('\n');
    return `${String(Math.max(0, Math.trunc(now))).padStart(14, '0')}-${safe}-a${run.runAttempt}-${(0,external_node_crypto_.createHash)('sha256').update(keys).digest('hex').slice(0, 10)}`;
}
/** The first words of a seal file (docs/data-branch.md, "Parcels carry provenance"). */
const SEAL_HEADER = 'flakeguard-parcel-seal 1 hmac-sha256';
function sealDigest(scope, name, text) {
    const derived = (0,external_node_crypto_.createHmac)('sha256', scope.key).update(`flakeguard inbox seal 1\n${scope.repository}\n${scope.branch}`).digest();
    return (0,external_node_crypto_.createHmac)('sha256', derived).update(`${name}\n`).update(text, 'utf8').digest();
}
/**
 * The seal of the parcel `text` parked under `name` (its branch's name below the inbox prefix): HMAC-SHA256 keyed
 * with a key derived from `inbox-key`, the repository and the data branch, over the name and the parcel's bytes.
 * Only a step that knows the key can write it; a seal for another repository, branch, name or content does not match.
 */
function sealParcel(scope, name, text) {
    return `${SEAL_HEADER} ${sealDigest(scope, name, text).toString('hex')}\n`;
}
/** Null when `seal` is the seal of `text` under `name`, else why not (in words for the log). */
function sealProblem(scope, name, text, seal) {
    if (seal === undefined)
        return 'it carries no seal, and inbox-key is set: only a step that knows the key writes parcels';
    const match = new RegExp(`^${SEAL_HEADER} ([0-9a-f]{64})\\n?$`).exec(seal);
    if (!match)
        return 'its seal is not in the form this version reads';
    const expected = sealDigest(scope, name, text);
    if (!(0,external_node_crypto_.timingSafeEqual)(Buffer.from(match[1], 'hex'), expected))
        return 'its seal does not match: not written by a step that knows this inbox-key, or changed since';
    return null;
}

// EXTERNAL MODULE: ./src/store/git.ts + 2 modules
var git = __webpack_require__(79029);
// EXTERNAL MODULE: ./src/store/snapshot.ts + 1 modules
var store_snapshot = __webpack_require__(66590);
// EXTERNAL MODULE: ./src/pipeline/apply.ts + 11 modules
var apply = __webpack_require__(33546);
;// CONCATENATED MODULE: ./src/pipeline/fold.ts




/** `note` gets each parcel's doubted times (src/pipeline/clock.ts), for warnings. */
function foldParcels(snapshot, parcels, options, now, note) {
    let current = snapshot;
    const folded = [];
    const refused = [];
    for (const parcel of parcels) {
        let entries;
        try {
            entries = parseParcel(parcel.text);
        }
        catch (error) {
            refused.push({ ref: parcel.ref, reason: error instanceof ParcelError ? error.message : String(error) });
            continue;
        }
        for (const entry of [...entries].sort((a, b) => a.run.time - b.run.time || a.run.runAttempt - b.run.runAttempt)) {
            const result = (0,apply/* applyRun */.qU)({
                snapshot: current,
                reports: { tests: entry.tests, problems: [], filesRead: 1 },
                filesMatched: 1,
                testOutcome: entry.jobSucceeded ? 'success' : 'failure',
                run: entry.run,
                now,
                jobSucceeded: entry.jobSucceeded,
                ...(entry.untrusted ? { untrusted: true } : {}),
            }, options);
            for (const message of result.clockNotes)
                note?.(`Parked run ${parcel.ref.replace(/^refs\/heads\//, '')}: ${message}`);
            if (result.ingested)
                current = (0,store_snapshot/* parseSnapshot */.E$)(result.files, current.blocked);
        }
        folded.push({ ref: parcel.ref, sha: parcel.sha });
    }
    return { snapshot: current, folded, refused };
}
/** The parcel of one run (the default mode), named for the inbox, sealed when the step has `inbox-key`. */
function runParcel(run, entries, now, seal) {
    const name = parcelName(run, entries, now);
    const text = renderParcel(entries);
    return { name, text, ...(seal ? { seal: sealParcel(seal, name, text) } : {}) };
}
/** Whether a parked run is folded in, left in place or refused (src/store/sync.ts). */
async function admitParcel(parcel, provenance) {
    const text = parcel.text ?? '';
    const name = parcel.ref.slice((0,git/* inboxPrefix */.r6)(provenance.branch).length);
    const sealed = provenance.seal ? sealProblem(provenance.seal, name, text, parcel.seal) : undefined;
    let entries;
    try {
        entries = parseParcel(text);
    }
    catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        // Left in place only when a step that knows the key wrote it (or there is no key to tell): a newer flakeguard's.
        if (error instanceof ParcelSchemaError)
            return sealed ? { verdict: 'refuse', reason: `${reason}; and ${sealed}` } : { verdict: 'leave', reason };
        if (sealed === null)
            return { verdict: 'leave', reason: `${reason}; its seal is valid, so it is left for a person to look at` };
        return { verdict: 'refuse', reason: error instanceof ParcelError ? reason : `unreadable: ${reason}` };
    }
    if (provenance.seal)
        return sealed === null ? { verdict: 'fold' } : { verdict: 'refuse', reason: sealed };
    if (!provenance.lookup)
        return { verdict: 'leave', reason: 'its runs cannot be checked: no inbox-key and no token to ask the GitHub API with (docs/data-branch.md)' };
    for (const entry of entries) {
        const run = entry.run;
        const facts = await provenance.lookup(run.runId);
        if (facts === 'not-found')
            return { verdict: 'refuse', reason: `it names workflow run ${run.runId}, which does not exist in this repository` };
        if ('unknown' in facts)
            return { verdict: 'leave', reason: `workflow run ${run.runId} could not be looked up: ${facts.unknown}` };
        const wrong = [];
        if (facts.headSha !== run.sha)
            wrong.push(`its commit is ${facts.headSha.slice(0, 12)}, not ${run.sha.slice(0, 12)}`);
        if (run.runAttempt > facts.runAttempt)
            wrong.push(`it has ${facts.runAttempt} attempt${facts.runAttempt === 1 ? '' : 's'}, not ${run.runAttempt}`);
        if (!entry.untrusted) {
            // A trusted entry: the run is this repository's own, on the event and in the workflow the parcel says.
            if (facts.fromFork)
                wrong.push("it ran a fork's code, yet the parcel calls it trusted");
            if (facts.event !== run.event)
                wrong.push(`its event is ${facts.event}, not ${run.event}`);
            if (facts.workflow !== run.workflow)
                wrong.push(`its workflow is '${facts.workflow}', not '${run.workflow}'`);
        }
        if (wrong.length > 0)
            return { verdict: 'refuse', reason: `workflow run ${run.runId} does not match it: ${wrong.join('; ')}` };
    }
    return { verdict: 'fold' };
}


/***/ }),

/***/ 38929:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S2: () => (/* binding */ runContextFor),
/* harmony export */   oh: () => (/* binding */ readReports),
/* harmony export */   sU: () => (/* binding */ clockWarner)
/* harmony export */ });
/* unused harmony export findReports */
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(91659);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _config_context_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(80577);
/* harmony import */ var _junit_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(40999);
/* harmony import */ var _text_escape_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(67388);
/**
 * What every mode does with this job before deciding: find and read its reports, name the run, and find the
 * repository that holds the data branch.
 */





async function findReports(patterns, workspace) {
    const glob = await __webpack_require__.e(/* import() */ 377).then(__webpack_require__.bind(__webpack_require__, 42377));
    const absolute = patterns.map((p) => {
        const negated = p.startsWith('!');
        const body = negated ? p.slice(1) : p;
        return `${negated ? '!' : ''}${(0,node_path__WEBPACK_IMPORTED_MODULE_1__.isAbsolute)(body) ? body : (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(workspace, body)}`;
    });
    const globber = await glob.create(absolute.join('\n'), { matchDirectories: false, followSymbolicLinks: false });
    return (await globber.glob()).sort();
}
/** Reads this job's reports as the default mode does, with the same log lines. */
async function readReports(inputs, ctx) {
    return _actions_core__WEBPACK_IMPORTED_MODULE_0__.group('Reading test reports', async () => {
        const files = await findReports(inputs.reports, ctx.workspace);
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.info(`${files.length} report file${files.length === 1 ? '' : 's'} matched.`);
        const parsed = await (0,_junit_index_js__WEBPACK_IMPORTED_MODULE_3__/* .parseReportFiles */ .$T)(files, { workspace: ctx.workspace });
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.info(`${parsed.tests.length} tests in ${parsed.filesRead} readable reports.`);
        for (const p of parsed.problems)
            _actions_core__WEBPACK_IMPORTED_MODULE_0__.error((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_4__/* .commandText */ .jt)(`${p.path}${p.line ? `:${p.line}` : ''}: ${p.message}`, 2000), { title: 'Unreadable test report' });
        if (parsed.twins) {
            const more = parsed.twins.count - parsed.twins.first.length;
            _actions_core__WEBPACK_IMPORTED_MODULE_0__.warning((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_4__/* .commandText */ .jt)(`${parsed.twins.count} test title${parsed.twins.count === 1 ? ' is' : 's are'} written more than once in a report that writes one testcase per test: ` +
                `${parsed.twins.first.map((id) => `'${id}'`).join(', ')}${more > 0 ? ` and ${more} more` : ''}. ` +
                'They are counted as different tests, the later ones named with " [2]", " [3]"… by their order (docs/test-ids.md); give each test its own title.', 2000), { title: 'Duplicate test titles' });
        }
        return { ...parsed, matched: files.length };
    });
}
/** This job's run: the report's own time when it has one (docs/test-ids.md), else the clock. */
function runContextFor(ctx, inputs, reportTimestamp, now) {
    const time = reportTimestamp ? Date.parse(reportTimestamp) : now;
    return {
        key: (0,_config_context_js__WEBPACK_IMPORTED_MODULE_2__/* .runIdentity */ .yK)(ctx, inputs.jobKey, inputs.reports),
        runId: ctx.runId,
        runAttempt: ctx.runAttempt,
        job: ctx.job,
        workflow: ctx.workflow,
        sha: ctx.sha,
        ref: ctx.ref,
        onDefaultBranch: (0,_config_context_js__WEBPACK_IMPORTED_MODULE_2__/* .isOnDefaultBranch */ .vZ)(ctx),
        event: ctx.eventName,
        time: Number.isFinite(time) ? time : now,
        url: (0,_config_context_js__WEBPACK_IMPORTED_MODULE_2__/* .runUrl */ .Vp)(ctx),
    };
}
/**
 * Warns once for each doubted time (src/pipeline/clock.ts): the same note comes back when a lost race makes the step
 * apply the run again.
 */
function clockWarner() {
    const said = new Set();
    return (message) => {
        if (said.has(message))
            return;
        said.add(message);
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.warning((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_4__/* .commandText */ .jt)(message, 2000), { title: 'flakeguard: a time the step does not trust' });
    };
}


/***/ }),

/***/ 72081:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T: () => (/* binding */ statsScores),
/* harmony export */   d: () => (/* binding */ pfsPhrase)
/* harmony export */ });
/* harmony import */ var _scoring_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(10337);
/* harmony import */ var _scoring_regression_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2360);


const round = (x) => (x === null ? null : Math.round(x * 1000) / 1000);
/** `scoring`: the seed methods' parameters from the config file (policy.pfs, policy.flip-rate, …; docs/rules.md). */
function statsScores(now, scoring = {}) {
    // One memo for every call: the step scores one test per distinct history (src/pipeline/apply.ts).
    const memo = (0,_scoring_index_js__WEBPACK_IMPORTED_MODULE_0__/* .createPfsMemo */ .o4)();
    const pfsConfig = (0,_scoring_index_js__WEBPACK_IMPORTED_MODULE_0__/* .resolveScoringOptions */ .wA)(scoring).pfs;
    return (history) => {
        const out = new Map();
        for (const [id, s] of (0,_scoring_index_js__WEBPACK_IMPORTED_MODULE_0__/* .scoreAll */ .uK)(history.values(), { ...scoring, now }, memo)) {
            const test = history.get(id);
            out.set(id, {
                tier: s.tier,
                flipRate: round(s.flipRate),
                ewmaFlipRate: round(s.ewmaFlipRate),
                pfs: [round(s.pfs.pf), round(s.pfs.pfLow), round(s.pfs.pfHigh)],
                score: round(s.multiFactor.score),
                confidence: round(s.multiFactor.confidence),
                recommendation: s.multiFactor.recommendation.action,
                successRate: round(s.successRate.rate),
                thresholded: round(s.thresholded),
            });
            // Seed 002's short trend, for tests that failed lately: the PFS of the last 10 runs, every 5 runs, oldest first
            // (src/scoring/regression.ts).
            const trend = (0,_scoring_regression_js__WEBPACK_IMPORTED_MODULE_1__/* .pfsTrendOf */ .el)(test.runs, 5, 5, 10, pfsConfig, memo, true);
            if (trend.length > 0)
                out.get(id).pfsTrend = trend.map((p) => round(p.pf));
        }
        return out;
    };
}
/** "PFS 0.18 [0.09, 0.31]" from a stats line's scores, when it has them. */
function pfsPhrase(scores) {
    const pfs = scores?.pfs;
    if (!Array.isArray(pfs))
        return undefined;
    const [pf, low, high] = pfs;
    if (typeof pf !== 'number' || typeof low !== 'number' || typeof high !== 'number')
        return undefined;
    return `PFS ${pf.toFixed(2)} [${low.toFixed(2)}, ${high.toFixed(2)}]`;
}


/***/ }),

/***/ 65331:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   XQ: () => (/* binding */ describeOutage),
/* harmony export */   p0: () => (/* binding */ outageFailures),
/* harmony export */   wI: () => (/* binding */ findOutages)
/* harmony export */ });
/* harmony import */ var _history_merge_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(74292);
/* harmony import */ var _outcome_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(58702);


function findOutages(tests, normalise, options) {
    const perReport = new Map();
    const groups = new Map();
    for (const test of tests) {
        perReport.set(test.report, (perReport.get(test.report) ?? 0) + 1);
        const message = (0,_history_merge_js__WEBPACK_IMPORTED_MODULE_0__/* .failureKey */ .WS)((0,_history_merge_js__WEBPACK_IMPORTED_MODULE_0__/* .failureMessageOf */ .Df)(test, normalise));
        if (message === undefined)
            continue;
        let byMessage = groups.get(test.report);
        if (!byMessage)
            groups.set(test.report, (byMessage = new Map()));
        const ids = byMessage.get(message);
        if (ids)
            ids.push(test.id);
        else
            byMessage.set(message, [test.id]);
    }
    const outages = [];
    for (const [report, byMessage] of groups) {
        const of = perReport.get(report);
        for (const [message, ids] of byMessage) {
            if (ids.length >= options.outageMinTests && ids.length * 100 >= of * options.outagePercent)
                outages.push({ report, message, tests: ids, of });
        }
    }
    return outages;
}
/** Ids of the tests whose final attempt failed in an outage. */
function outageFailures(tests, outages) {
    const inOutage = new Set(outages.flatMap((o) => o.tests));
    return new Set(tests.filter((t) => inOutage.has(t.id) && (0,_outcome_js__WEBPACK_IMPORTED_MODULE_1__/* .finalAttemptFailed */ .Rq)(t)).map((t) => t.id));
}
function describeOutage(o) {
    return `${o.tests.length} of the ${o.of} tests of ${o.report} failed with the same message`;
}


/***/ }),

/***/ 58702:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Rq: () => (/* binding */ finalAttemptFailed),
/* harmony export */   c7: () => (/* binding */ failedInRun),
/* harmony export */   dl: () => (/* binding */ decideOutcome)
/* harmony export */ });
/* harmony import */ var _model_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(10182);
/**
 * The heart of the product: which failures of this run block the job. Pure.
 *
 * A test failed in this run when its final attempt failed. Its failure is forgiven only when the test was
 * quarantined before this run (a failure cannot quarantine itself), and not in a way that quarantine does not
 * cover (`unforgiven`: a new failure mode, an outage; src/policy/forgive.ts). Everything the action cannot account
 * for fails the job: no report, an unreadable report, or a test step that failed without a failing test.
 */

function finalAttemptFailed(test) {
    const last = test.attempts[test.attempts.length - 1];
    return last !== undefined && (0,_model_js__WEBPACK_IMPORTED_MODULE_0__/* .isFailure */ .N6)(last.status);
}
function plural(n, word) {
    return `${n} ${word}${n === 1 ? '' : 's'}`;
}
/**
 * A test failed in this run when its final attempt failed, or when the re-runs call its failure consistent although
 * a later attempt passed: an order-dependent test fails inside the full run and passes alone (src/rerun/order.ts).
 */
function failedInRun(test, consistent) {
    return finalAttemptFailed(test) || (consistent?.has(test.id) === true && test.attempts.some((a) => (0,_model_js__WEBPACK_IMPORTED_MODULE_0__/* .isFailure */ .N6)(a.status)));
}
function decideOutcome(input) {
    const failed = input.tests.filter((t) => failedInRun(t, input.consistent));
    const unforgiven = new Map();
    const forgiven = [];
    const blocking = [];
    for (const t of failed) {
        const why = input.quarantined.has(t.id) ? input.unforgiven?.get(t.id) : undefined;
        if (why !== undefined)
            unforgiven.set(t.id, why);
        if (input.quarantined.has(t.id) && why === undefined)
            forgiven.push(t);
        else
            blocking.push(t);
    }
    const passedOnRetry = input.tests.filter((t) => !failedInRun(t, input.consistent) && t.attempts.some((a) => (0,_model_js__WEBPACK_IMPORTED_MODULE_0__/* .isFailure */ .N6)(a.status)));
    const reasons = [];
    if (input.filesMatched === 0) {
        reasons.push('No test report matched the `reports` patterns: the tests may not have run, or wrote their reports elsewhere.');
    }
    for (const problem of input.problems) {
        reasons.push(`Report ${problem.path}${problem.line ? `:${problem.line}` : ''} could not be read: ${problem.message}`);
    }
    // An order-dependent test's failure is said by its own sentence below, not counted among these.
    const ordered = (t) => input.orderDependent?.has(t.id) === true;
    const notQuarantined = blocking.filter((t) => !unforgiven.has(t.id) && !ordered(t)).length;
    const uncovered = blocking.filter((t) => unforgiven.has(t.id) && !ordered(t)).length;
    if (notQuarantined > 0) {
        reasons.push(`${plural(notQuarantined, 'failed test')} ${notQuarantined === 1 ? 'is' : 'are'} not quarantined.`);
    }
    if (uncovered > 0) {
        reasons.push(`${plural(uncovered, 'quarantined test')} failed in a way ${uncovered === 1 ? 'its' : 'their'} quarantine does not cover (a failure never seen as flaky, or an outage): not forgiven.`);
    }
    const consistent = blocking.filter((t) => input.consistent?.has(t.id));
    for (const t of consistent.slice(0, 10))
        reasons.push(`'${t.id}' ${input.consistent.get(t.id)}.`);
    if (consistent.length > 10)
        reasons.push(`${plural(consistent.length - 10, 'more test')} failed every re-run on this commit.`);
    const newFlaky = input.newFlaky?.ids ?? [];
    if (input.newFlaky?.block && newFlaky.length > 0) {
        reasons.push(`${plural(newFlaky.length, 'new test')} of this pull request failed and passed on this commit: flaky before it merges (new-tests: block).`);
    }
    for (const outage of input.outages ?? []) {
        reasons.push(`An outage: ${outage}. Those failures are not flakiness: never forgiven, and no test's evidence.`);
    }
    if ((input.testOutcome === 'failure' || input.testOutcome === 'cancelled') && failed.length === 0 && !((input.failedBeforeReruns ?? 0) > 0)) {
        reasons.push(`The test step's outcome is '${input.testOutcome}' but the reports show no failed test: something failed outside the reports (a crash, a timeout, a build error).`);
    }
    const orderDependent = new Map();
    for (const t of blocking) {
        const sentence = input.orderDependent?.get(t.id);
        if (sentence !== undefined)
            orderDependent.set(t.id, sentence);
    }
    return {
        result: reasons.length === 0 ? 'success' : 'failure',
        failed,
        forgiven,
        blocking,
        passedOnRetry,
        unforgiven,
        ...(orderDependent.size > 0 ? { orderDependent } : {}),
        reasons,
    };
}


/***/ }),

/***/ 36127:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  zj: () => (/* binding */ DEFAULT_POLICY),
  TQ: () => (/* binding */ breakage),
  LV: () => (/* binding */ decideQuarantine),
  hx: () => (/* binding */ gatherEvidence)
});

// UNUSED EXPORTS: describeEvidence

// EXTERNAL MODULE: ./src/scoring/index.ts
var scoring = __webpack_require__(10337);
;// CONCATENATED MODULE: ./src/policy/rules/defaults.ts
/** Default parameters of every rule: docs/rules.md has the table (default and seed of origin of each). */

const DEFAULT_RULE_OPTIONS = {
    pfs: { window: 50, enterLow: 0.01, releaseBelow: 0.02, minRuns: 10 },
    flipRate: { score: 'flip-rate', quarantineTiers: ['Flaky', 'Chronic'], autoRelease: true },
    successRate: { enterBelow: 0.95, releaseAt: 1, minRuns: 10 },
    thresholded: { enterAbove: 0, minRuns: 10 },
    scoring: { ...scoring/* DEFAULT_SCORING_OPTIONS */.B_ },
};

// EXTERNAL MODULE: ./src/model.ts
var model = __webpack_require__(10182);
;// CONCATENATED MODULE: ./src/policy/quarantine.ts


/** Chosen on the accuracy simulator: docs/benchmarks-archive.md#how-the-defaults-were-chosen has the sweep. */
const DEFAULT_POLICY = {
    enterSameCommitFlips: 1,
    enterFailureEpisodes: 3,
    window: 50,
    breakageStreak: 3,
    releaseAfterCleanRuns: 60,
    forgive: 'known-failures',
    outageMinTests: 5,
    outagePercent: 50,
    rule: 'evidence',
    rules: DEFAULT_RULE_OPTIONS,
};
function outcomeAttempts(run) {
    return run.attempts.replace(/S/g, '');
}
/** The attempts of a run that count as evidence: none for an outage, skipped attempts left out. */
function countedAttempts(run) {
    if (run.outage)
        return '';
    return run.attempts.indexOf('S') < 0 ? run.attempts : outcomeAttempts(run);
}
/** Clean runs (first attempt passed) before the newest `window` counted runs, up to the first that was not clean. */
function cleanRunsBefore(history, window) {
    let seen = 0;
    let clean = 0;
    for (let i = history.runs.length - 1; i >= 0; i--) {
        const attempts = countedAttempts(history.runs[i]);
        if (attempts === '')
            continue;
        if (++seen <= window)
            continue;
        if (attempts.charCodeAt(0) !== 80)
            break;
        clean++;
    }
    return clean;
}
function gatherEvidence(history, window = DEFAULT_POLICY.window) {
    // The newest `window` runs that have an outcome, read from the end; older runs are read only to extend a clean
    // streak that fills the whole window.
    const runs = [];
    for (let i = history.runs.length - 1; i >= 0 && runs.length < window; i--) {
        const run = history.runs[i];
        const attempts = countedAttempts(run);
        if (attempts === '')
            continue;
        const failed = attempts.indexOf('F') >= 0 || attempts.indexOf('E') >= 0;
        runs.push({ sha: run.sha, onDefaultBranch: run.onDefaultBranch, attempts, failed, passed: attempts.indexOf('P') >= 0 });
    }
    runs.reverse();
    const passedOn = new Set();
    for (const run of runs)
        if (run.passed)
            passedOn.add(run.sha);
    // Each failing run on a commit where the test also passed is one proven flake.
    let sameCommitFlips = 0;
    let trustedFailures = 0;
    let failureEpisodes = 0;
    let inEpisode = false;
    for (const run of runs) {
        const provenFlaky = run.failed && passedOn.has(run.sha);
        if (provenFlaky)
            sameCommitFlips++;
        if (run.failed && (run.onDefaultBranch || provenFlaky)) {
            trustedFailures++;
            if (!inEpisode)
                failureEpisodes++;
            inEpisode = true;
        }
        else if (run.attempts.charCodeAt(0) === 80 /* P */) {
            inEpisode = false;
        }
    }
    let trailingBreakage = 0;
    for (let i = runs.length - 1; i >= 0; i--) {
        const run = runs[i];
        if (run.passed || passedOn.has(run.sha))
            break;
        trailingBreakage++;
    }
    let cleanStreak = 0;
    for (let i = runs.length - 1; i >= 0 && runs[i].attempts.charCodeAt(0) === 80; i--)
        cleanStreak++;
    // A clean streak longer than the window goes on counting: release-after-clean-runs may exceed the window.
    if (cleanStreak === runs.length)
        cleanStreak += cleanRunsBefore(history, window);
    let recent = '';
    for (let i = Math.max(0, runs.length - 20); i < runs.length; i++) {
        const a = runs[i].attempts;
        recent += (0,model/* isFailure */.N6)(model/* CODE_STATUS */.$w[a[a.length - 1]]) ? 'F' : a.length > 1 ? 'R' : 'P';
    }
    return { runs: runs.length, sameCommitFlips, trustedFailures, failureEpisodes, trailingBreakage, cleanStreak, recent };
}
function times(n) {
    return n === 1 ? 'once' : `${n} times`;
}
function describeEvidence(e) {
    const parts = [];
    if (e.sameCommitFlips > 0)
        parts.push(`failed and passed on the same commit ${times(e.sameCommitFlips)} in ${e.runs} runs`);
    if (e.failureEpisodes > 0)
        parts.push(`${e.failureEpisodes} separate failure episode${e.failureEpisodes === 1 ? '' : 's'} (${e.trustedFailures} counted failure${e.trustedFailures === 1 ? '' : 's'})`);
    if (parts.length === 0)
        parts.push(`no counted failure in ${e.runs} runs`);
    return parts.join('; ');
}
/**
 * Decides one test's quarantine state. `previous` is the state stored before this run; `override` is the
 * user's hand edit, already checked for expiry.
 */
/**
 * Not quarantined: the newest runs failed with no pass on their commits, which is breakage, not flakiness. The same
 * safety rule under every `policy.rule` (src/policy/decide.ts); the summary recognises its reason.
 */
function breakage(evidence, since, keepAfter) {
    return {
        quarantined: false,
        reason: `failed in the last ${evidence.trailingBreakage} runs with no pass on those commits: breakage, not flakiness`,
        since,
        evidence,
        ...keepAfter,
    };
}
function decideQuarantine(history, previous, override, now, options = DEFAULT_POLICY) {
    const wasQuarantined = previous?.quarantined === true;
    const evidenceAfter = !wasQuarantined && typeof previous?.evidenceAfter === 'number' ? previous.evidenceAfter : undefined;
    const counted = evidenceAfter === undefined ? history : { ...history, runs: history.runs.filter((r) => r.time > evidenceAfter) };
    const evidence = gatherEvidence(counted, options.window);
    const keepAfter = evidenceAfter === undefined ? {} : { evidenceAfter };
    const keepSince = (quarantined) => (wasQuarantined === quarantined && previous?.since ? previous.since : now);
    if (override) {
        const quarantined = override.action === 'quarantine';
        const by = override.reason ? `: ${override.reason}` : '';
        const until = override.until ? ` (until ${override.until})` : '';
        return {
            quarantined,
            reason: quarantined ? `quarantined by hand${by}${until}` : `never quarantined, by hand${by}${until}`,
            since: keepSince(quarantined),
            evidence,
            override,
        };
    }
    const because = describeEvidence(evidence);
    // Entering and staying give the same reason, so that applying the same run twice writes the same stats.
    const staying = `${because}; stays quarantined until it passes at the first attempt ${options.releaseAfterCleanRuns} runs in a row (now ${evidence.cleanStreak})`;
    if (wasQuarantined) {
        if (evidence.cleanStreak >= options.releaseAfterCleanRuns) {
            const newest = history.runs.reduce((t, r) => Math.max(t, r.time), 0);
            return { quarantined: false, reason: `released: passed at the first attempt in the last ${evidence.cleanStreak} runs`, since: now, evidence, evidenceAfter: newest };
        }
        return { quarantined: true, reason: staying, since: keepSince(true), evidence };
    }
    if (evidence.trailingBreakage >= options.breakageStreak)
        return breakage(evidence, keepSince(false), keepAfter);
    if (evidence.sameCommitFlips >= options.enterSameCommitFlips || evidence.failureEpisodes >= options.enterFailureEpisodes) {
        return { quarantined: true, reason: staying, since: now, evidence };
    }
    return { quarantined: false, reason: evidenceAfter === undefined ? because : `${because} since its release`, since: keepSince(false), evidence, ...keepAfter };
}


/***/ }),

/***/ 43859:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  t: () => (/* binding */ findPreset)
});

// UNUSED EXPORTS: PRESETS

;// CONCATENATED MODULE: ./src/rerun/presets/escape.ts
/**
 * Escaping of hostile test names and paths for the runners' own filter syntaxes. Pure.
 *
 * Nothing here is ever parsed by a shell: presets put each result into an argv element of its own
 * (src/rerun/contract.ts). The escaping is for the runner's filter language only (regular expressions,
 * globs, option parsers), so that a test name selects exactly that test and never anything else.
 */
/** Characters that are special in a JavaScript RegExp outside a class. `-` is left alone: `\-` is a SyntaxError with the u flag. */
const JS_REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/]/;
/**
 * One character of a JavaScript regular expression that matches `ch` literally. Control characters and
 * line terminators become `\uXXXX` so the pattern stays on one line and means the same with or without
 * the u flag.
 */
function jsRegexChar(ch) {
    if (JS_REGEX_SPECIAL.test(ch))
        return `\\${ch}`;
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029)) {
        return `\\u${code.toString(16).padStart(4, '0')}`;
    }
    return ch;
}
/** Whitespace an XML attribute value normalises to a space (a literal tab, newline or carriage return). */
const XML_WS = '[ \\t\\n\\r]';
/**
 * A JavaScript regular-expression source (no anchors) that matches `text` literally. A space also matches a
 * tab, newline or carriage return: the id came from an XML attribute, where a literal one of those was
 * normalised to a space (docs/test-ids.md), so the runner may still see the original character.
 */
function jsRegexLiteral(text) {
    return jsRegexLiteralWithGap(text, '');
}
/**
 * jsRegexLiteral, allowing `gap` (a regular-expression source, CONTROL_GAP or ANSI_GAP) before, between and after
 * the characters; with `wordBoundaries`, only where a word starts or ends (at the start, at the end, and beside
 * every character that is not a letter, digit or `_`), so that a long name keeps a short pattern.
 */
function jsRegexLiteralWithGap(text, gap, wordBoundaries = false) {
    const word = (ch) => ch !== undefined && /^[\p{L}\p{N}_]$/u.test(ch);
    let out = '';
    let prev;
    for (const ch of text) {
        if (!wordBoundaries || !word(prev) || !word(ch))
            out += gap;
        out += ch === ' ' ? XML_WS : jsRegexChar(ch);
        prev = ch;
    }
    return out + gap;
}
/**
 * Gaps for jsRegexLiteralWithGap: what a reporter may have dropped from a test's name between any two characters of the
 * name it wrote, so the pattern built from the report still selects the runner's real name (a superset at worst).
 *
 * - CONTROL_GAP: vitest's junit reporter removes the characters XML 1.0 forbids or discourages (C0 controls but tab,
 *   newline and carriage return; DEL and C1 controls but NEL) from names and messages. The class takes all of
 *   U+0000–U+001F and U+007F–U+009F: tab, newline, CR and NEL in the gap only widen the match.
 * - ANSI_GAP: mocha-junit-reporter passes names through strip-ansi (ansi-regex 5), which removes whole escape
 *   sequences (ESC or CSI, then parameters and a final byte, or an OSC string ended by BEL). The gap matches any
 *   number of such sequences (a superset of what ansi-regex 5 matches). It is long, so it is used at word
 *   boundaries only (colours wrap words): a sequence between two letters of one word is not tolerated.
 */
const CONTROL_GAP = '[\\u0000-\\u001f\\u007f-\\u009f]*';
const ANSI_GAP = '(?:[\\u001b\\u009b][[\\]()#;?]*(?:[-a-zA-Z\\d\\/#&.:=?%@~_;]*\\u0007|(?:\\d{1,4}(?:;\\d{0,4})*)?[\\dA-PR-TZcf-ntqry=><~]))*';
/**
 * Like jsRegexLiteral, but each occurrence of `sep` in `text` may have been `alt` in the runner's own name
 * (vitest writes `describe > test` in JUnit where `-t` sees `describe test`).
 */
function jsRegexLiteralWithSeparator(text, sep, alt, gap = '') {
    const parts = text.split(sep);
    if (parts.length === 1)
        return jsRegexLiteralWithGap(text, gap);
    return parts.map((p) => jsRegexLiteralWithGap(p, gap)).join(`(?:${jsRegexLiteral(sep)}|${jsRegexLiteral(alt)})`);
}
/** `^(?:a|b|…)$` over already-escaped alternatives, deduplicated, in order. */
function anchoredAlternation(sources) {
    const unique = [...new Set(sources)];
    return unique.length === 1 ? `^${unique[0]}$` : `^(?:${unique.join('|')})$`;
}
/** Go's regexp.QuoteMeta: a backslash before each of `\.+*?()|[]{}^$`. */
function goQuoteMeta(s) {
    return s.replace(/[\\.+*?()|[\]{}^$]/g, (c) => `\\${c}`);
}
/**
 * A relative path made safe as a positional argument: a leading `-` would be read as an option, so such a
 * path gets `./` in front. Absolute paths and other relative paths are returned as they are.
 */
function pathArg(p) {
    return p.startsWith('-') ? `./${p}` : p;
}
/** Glob syntax of node's --test file patterns (and minimatch): each of these is replaced by `?`. */
const GLOB_MAGIC = /[*?[\]{}()!+@\\,]/g;
/**
 * A glob that matches the file `p` (and possibly a few others that differ only where `p` has glob syntax):
 * node's test runner treats its file arguments as globs and has no escape, so each special character becomes
 * `?`, which matches it. Running a superset of files is allowed; the name pattern still selects the tests.
 */
function globForFile(p) {
    return pathArg(p.replace(GLOB_MAGIC, '?'));
}
/**
 * A PCRE fragment that matches `text` literally, whatever the delimiter and flags: every ASCII character other
 * than a letter, digit or `_` becomes `\xHH` (so no delimiter, `#`, `@`, quote or space survives); other
 * characters (UTF-8 bytes) are kept.
 */
function pcreLiteral(text) {
    let out = '';
    for (const ch of text) {
        const code = ch.codePointAt(0);
        out += code < 0x80 && !/[A-Za-z0-9_]/.test(ch) ? `\\x${code.toString(16).padStart(2, '0')}` : ch;
    }
    return out;
}
/** Unique values in first-seen order. */
function unique(xs) {
    return [...new Set(xs)];
}

;// CONCATENATED MODULE: ./src/rerun/presets/args.ts
/**
 * An option's name as the runners' parsers compare it: without dashes, a `no-` prefix, a `=value` or a `.sub` key
 * (vitest's `--coverage.enabled`), in lower case with `-` and `_` removed (yargs takes `--test-name-pattern` for
 * `--testNamePattern`).
 */
function longName(word) {
    let name = word.replace(/^-+/, '').split('=')[0];
    name = name.split('.')[0];
    if (/^no-/i.test(name))
        name = name.slice(3);
    return name.toLowerCase().replace(/[-_]/g, '');
}
function screen(args, rules) {
    const kept = [];
    const dropped = [];
    const takesValue = new Set(rules.takesValue ?? []);
    let afterDashes = false;
    for (let i = 0; i < args.length; i++) {
        const word = args[i];
        const positional = afterDashes || !word.startsWith('-') || word === '-';
        if (word === '--' && !afterDashes) {
            afterDashes = true;
            kept.push(word);
            continue;
        }
        if (positional) {
            if (rules.positionals !== undefined)
                return { refused: word, why: rules.positionals };
            kept.push(word);
            continue;
        }
        const long = rules.goFlags === true || word.startsWith('--');
        const hasValue = word.includes('=');
        let name;
        let refusedWhy;
        let dropWhy;
        if (long) {
            name = longName(word);
            refusedWhy = rules.refuse[name];
            dropWhy = rules.drop?.[name];
        }
        else {
            // `-t`, `-tvalue`, or a group `-xvs`.
            name = word[1];
            refusedWhy = rules.refuseShort?.[name];
            dropWhy = rules.dropShort?.[name];
            if (refusedWhy === undefined && rules.clusters === true && word.length > 2 && !takesValue.has(name)) {
                for (const letter of word.slice(1)) {
                    const why = rules.refuseShort?.[letter] ??
                        (rules.dropShort?.[letter] !== undefined && letter !== name ? `write -${letter} on its own so that the preset can leave it out (${rules.dropShort[letter]})` : undefined);
                    if (why !== undefined) {
                        refusedWhy = why;
                        break;
                    }
                    if (takesValue.has(letter))
                        break;
                }
                if (refusedWhy === undefined && dropWhy !== undefined)
                    refusedWhy = `write -${name} on its own so that the preset can leave it out (${dropWhy})`;
            }
        }
        if (refusedWhy !== undefined)
            return { refused: word, why: refusedWhy };
        // The next word is this option's value when the option takes one and it was not given attached.
        const valueNext = !hasValue && (long || word.length === 2) && takesValue.has(name) && i + 1 < args.length;
        if (dropWhy !== undefined) {
            dropped.push(`'${valueNext ? `${word} ${args[i + 1]}` : word}' (${dropWhy})`);
            if (valueNext)
                i++;
            continue;
        }
        kept.push(word);
        if (valueNext)
            kept.push(args[++i]);
    }
    return { args: kept, dropped };
}
/** Reasons shared by the presets' rules. */
const WHY = {
    selection: 'the preset selects the tests to re-run itself',
    report: 'the preset sets the reporter and where the report goes, so that flakeguard reads what it asked for',
    bail: 'a re-run that stops at the first failure leaves the other asked tests unanswered',
    watch: 'a re-run must end',
    shard: 'a shard would leave out some of the asked tests',
    retries: 'retries inside a re-run would hide its failures (the preset turns them off)',
    snapshots: 'a re-run must not rewrite snapshots',
    changed: 'the preset selects the tests itself; a filter by changed files would leave some out',
    coverage: 'the preset turns coverage off: a re-run measures nothing',
    ci: 'the preset sets it itself',
    noTests: 'it makes the runner run no tests',
};
/** The rules of each JavaScript runner (docs/rerun-presets.md, "The runner's own flags"). */
const JEST_ARGS = {
    refuse: {
        listtests: WHY.noTests,
        showconfig: WHY.noTests,
        clearcache: WHY.noTests,
        init: WHY.noTests,
        version: WHY.noTests,
        help: WHY.noTests,
        findrelatedtests: 'it selects tests by the source files named after it; the preset selects the tests itself',
    },
    refuseShort: { h: WHY.noTests },
    drop: {
        testnamepattern: WHY.selection,
        reporters: WHY.report,
        json: WHY.report,
        outputfile: WHY.report,
        testresultsprocessor: WHY.report,
        ci: WHY.ci,
        passwithnotests: WHY.ci,
        coverage: WHY.coverage,
        collectcoverage: WHY.coverage,
        bail: WHY.bail,
        watch: WHY.watch,
        watchall: WHY.watch,
        shard: WHY.shard,
        onlychanged: WHY.changed,
        changedsince: WHY.changed,
        lastcommit: WHY.changed,
        onlyfailures: WHY.changed,
        updatesnapshot: WHY.snapshots,
    },
    dropShort: { t: WHY.selection, b: WHY.bail, o: WHY.changed, f: WHY.changed, u: WHY.snapshots },
    takesValue: [
        'testnamepattern',
        't',
        'reporters',
        'outputfile',
        'testresultsprocessor',
        'shard',
        'changedsince',
        'config',
        'c',
        'rootdir',
        'maxworkers',
        'w',
        'selectprojects',
        'testenvironment',
        'testtimeout',
    ],
};
const VITEST_ARGS = {
    refuse: { version: WHY.noTests, help: WHY.noTests, standalone: WHY.noTests, ui: WHY.watch, open: WHY.watch },
    refuseShort: { h: WHY.noTests, v: WHY.noTests },
    drop: {
        run: WHY.ci,
        testnamepattern: WHY.selection,
        reporter: WHY.report,
        outputfile: WHY.report,
        retry: WHY.retries,
        coverage: WHY.coverage,
        passwithnotests: WHY.ci,
        bail: WHY.bail,
        watch: WHY.watch,
        shard: WHY.shard,
        changed: WHY.changed,
        update: WHY.snapshots,
    },
    dropShort: { t: WHY.selection, w: WHY.watch, u: WHY.snapshots },
    takesValue: ['testnamepattern', 't', 'reporter', 'outputfile', 'retry', 'shard', 'bail', 'config', 'c', 'root', 'r', 'dir', 'project', 'mode', 'environment', 'pool'],
};
const MOCHA_ARGS = {
    refuse: { dryrun: WHY.noTests, listreporters: WHY.noTests, listinterfaces: WHY.noTests, version: WHY.noTests, help: WHY.noTests, watch: WHY.watch, invert: WHY.selection },
    refuseShort: { V: WHY.noTests, h: WHY.noTests, w: WHY.watch, i: WHY.selection },
    drop: { grep: WHY.selection, fgrep: WHY.selection, reporter: WHY.report, reporteroption: WHY.report, reporteroptions: WHY.report, retries: WHY.retries, bail: WHY.bail },
    dropShort: { g: WHY.selection, f: WHY.selection, R: WHY.report, O: WHY.report, b: WHY.bail },
    takesValue: [
        'grep',
        'g',
        'fgrep',
        'f',
        'reporter',
        'R',
        'reporteroption',
        'reporteroptions',
        'O',
        'retries',
        'require',
        'r',
        'config',
        'package',
        'ui',
        'u',
        'timeout',
        't',
        'slow',
        's',
        'file',
        'extension',
        'ignore',
        'exclude',
        'spec',
        'nodeoption',
        'n',
        'jobs',
        'j',
    ],
    clusters: true,
};
const NODE_TEST_ARGS = {
    refuse: { watch: WHY.watch, watchpath: WHY.watch, testupdatesnapshots: WHY.snapshots, version: WHY.noTests, help: WHY.noTests, eval: WHY.noTests, print: WHY.noTests, check: WHY.noTests },
    refuseShort: { v: WHY.noTests, h: WHY.noTests, e: WHY.noTests, p: WHY.noTests, c: WHY.noTests },
    drop: { test: WHY.ci, testnamepattern: WHY.selection, testreporter: WHY.report, testreporterdestination: WHY.report, testshard: WHY.shard },
    takesValue: [
        'import',
        'require',
        'r',
        'loader',
        'experimentalloader',
        'conditions',
        'C',
        'envfile',
        'envfileifexists',
        'inputtype',
        'testnamepattern',
        'testskippattern',
        'testreporter',
        'testreporterdestination',
        'testshard',
        'testconcurrency',
        'testtimeout',
        'testisolation',
        'testcoverageinclude',
        'testcoverageexclude',
        'testcoveragebranches',
        'testcoveragefunctions',
        'testcoveragelines',
        'title',
        'stacktracelimit',
        'redirectwarnings',
    ],
    positionals: 'the node-test preset names the test files itself (node writes each test’s file in its report), and a path among node’s options would end them; write an option’s value with = (--import=./setup.mjs)',
};
const PYTEST_ARGS = {
    refuse: {
        collectonly: WHY.noTests,
        co: WHY.noTests,
        fixtures: WHY.noTests,
        markers: WHY.noTests,
        version: WHY.noTests,
        help: WHY.noTests,
        pdb: 'a re-run cannot stop for a debugger',
        trace: 'a re-run cannot stop for a debugger',
        numprocesses: "pytest-xdist's workers collect on their own and do not see the preset's selection",
        dist: "pytest-xdist's workers collect on their own and do not see the preset's selection",
    },
    refuseShort: { h: WHY.noTests, V: WHY.noTests, n: "pytest-xdist's workers collect on their own and do not see the preset's selection" },
    drop: {
        junitxml: WHY.report,
        exitfirst: WHY.bail,
        maxfail: WHY.bail,
        lf: WHY.changed,
        lastfailed: WHY.changed,
        sw: WHY.changed,
        stepwise: WHY.changed,
        stepwiseskip: WHY.changed,
        reruns: WHY.retries,
        rerunsdelay: WHY.retries,
        onlyrerun: WHY.retries,
    },
    dropShort: { k: WHY.selection, x: WHY.bail },
    takesValue: [
        'k',
        'm',
        'p',
        'c',
        'o',
        'W',
        'r',
        'n',
        'maxfail',
        'junitxml',
        'junitprefix',
        'rootdir',
        'confcutdir',
        'basetemp',
        'deselect',
        'ignore',
        'ignoreglob',
        'reruns',
        'rerunsdelay',
        'onlyrerun',
        'overrideini',
        'numprocesses',
        'dist',
    ],
    clusters: true,
};
/** gotestsum's own flags: before `--`. */
const GOTESTSUM_ARGS = {
    refuse: {
        rawcommand: 'the preset runs go test itself',
        junitfiletestcaseclassname: "the preset reads gotestsum's default classname (the package's import path)",
        junitfiletestcasename: "the preset reads gotestsum's default test names",
        version: WHY.noTests,
        help: WHY.noTests,
    },
    refuseShort: { h: WHY.noTests },
    drop: {
        junitfile: WHY.report,
        format: WHY.ci,
        rerunfails: WHY.retries,
        rerunfailsmaxfailures: WHY.retries,
        rerunfailsreport: WHY.retries,
        rerunfailsrunrootcases: WHY.retries,
        rerunfailsabortonpanic: WHY.retries,
        watch: WHY.watch,
        watchchdir: WHY.watch,
        packages: 'the preset names the packages itself',
    },
    dropShort: { f: WHY.ci },
    takesValue: [
        'junitfile',
        'format',
        'f',
        'jsonfile',
        'rerunfailsmaxfailures',
        'rerunfailsreport',
        'packages',
        'postruncommand',
        'junitfiletestsuitename',
        'junitfileprojectname',
        'junitfiletestcaseclassname',
        'junitfiletestcasename',
        'formaticons',
    ],
    positionals: "put go test's flags after -- (gotestsum --format testname -- -race); the preset names the packages itself",
};
/** go test's flags: after `--`. */
const GO_TEST_ARGS = {
    refuse: {
        list: WHY.noTests,
        c: WHY.noTests,
        o: WHY.noTests,
        fuzz: 'fuzzing does not re-run a fixed set of tests',
        args: "everything after -args goes to the test binary, and the preset's -run and packages must reach go test",
    },
    drop: { run: WHY.selection, count: 'the preset sets -count=1 (no cached results)', failfast: WHY.bail, json: WHY.report },
    takesValue: [
        'run',
        'skip',
        'count',
        'timeout',
        'tags',
        'parallel',
        'cpu',
        'p',
        'coverprofile',
        'covermode',
        'coverpkg',
        'shuffle',
        'bench',
        'benchtime',
        'exec',
        'ldflags',
        'gcflags',
        'asmflags',
        'mod',
        'modfile',
        'blockprofile',
        'cpuprofile',
        'memprofile',
        'mutexprofile',
        'trace',
        'outputdir',
        'vet',
        'pkgdir',
        'toolexec',
        'overlay',
        'pgo',
    ],
    positionals: 'the preset names the packages itself',
    goFlags: true,
};
/** gotestsum's screening: its own flags before the first `--`, go test's after it. */
function screenGotestsum(args) {
    const split = args.indexOf('--');
    const own = screen(split < 0 ? args : args.slice(0, split), GOTESTSUM_ARGS);
    if ('refused' in own)
        return own;
    const go = screen(split < 0 ? [] : args.slice(split + 1), GO_TEST_ARGS);
    if ('refused' in go)
        return go;
    return { args: [...own.args, '--', ...go.args], dropped: [...own.dropped, ...go.dropped] };
}

;// CONCATENATED MODULE: ./src/rerun/presets/go.ts


/** An import path go accepts as a package argument (and that no flag parser can take for an option). */
const IMPORT_PATH = /^[A-Za-z0-9_~+][A-Za-z0-9_.~+/-]*$/;
function goRunPattern(names) {
    const all = unique(names);
    const leaves = all.filter((n) => !all.some((m) => m !== n && m.startsWith(`${n}/`)));
    return leaves
        .map((n) => n
        .split('/')
        .map((level) => `^${goQuoteMeta(level)}$`)
        .join('/'))
        .join('|');
}
const gotestsum = {
    name: 'gotestsum',
    // gotestsum's --rerun-fails writes every run of a test as its own <testcase>; flakeguard reads those as attempts.
    recordsRetries: true,
    // gotestsum's own flags before `--`, go test's after it, as on the original command line.
    screenArgs: screenGotestsum,
    commands(tests, reportPath, _round, options) {
        const pkgs = unique(tests.map((t) => t.classname));
        const packages = pkgs.every((p) => IMPORT_PATH.test(p) && !p.includes('//') && !p.split('/').includes('..')) ? pkgs : ['./...'];
        const args = options?.args ?? [];
        const split = args.indexOf('--');
        return [
            {
                argv: [
                    'gotestsum',
                    ...(split < 0 ? args : args.slice(0, split)),
                    `--junitfile=${reportPath}`,
                    '--format=standard-verbose',
                    '--',
                    ...(split < 0 ? [] : args.slice(split + 1)),
                    '-count=1',
                    `-run=${goRunPattern(tests.map((t) => t.name))}`,
                    ...packages,
                ],
            },
        ];
    },
};

;// CONCATENATED MODULE: ./src/rerun/presets/js.ts


/**
 * The project's own runner binary, `node_modules/.bin/<bin>` of the workspace (relative: the core spawns in the
 * workspace). Not `npx`: for a runner that is not installed, npx asks the registry (over a minute offline) before it
 * gives up, where a missing file fails at once and says so.
 */
function localBin(bin) {
    return [`node_modules/.bin/${bin}`];
}
/**
 * vitest (4.x) with its built-in junit reporter: `<testcase classname="<file relative to the root>"
 * name="describe > test">`. `-t` sees `describe test` (names joined by a space), so each ` > ` of the JUnit name
 * may be either. The reporter drops control characters from names, so the pattern allows them anywhere
 * (CONTROL_GAP). Files are vitest's positional filters (substring matches of the path: a superset at worst).
 */
const vitest = {
    name: 'vitest',
    recordsRetries: false,
    keepsOrder: true,
    // The line of `npm test` may start with vitest's `run` subcommand: the preset says it itself.
    screenArgs: (args) => screen(args[0] === 'run' ? args.slice(1) : args, VITEST_ARGS),
    commands(tests, reportPath, _round, options) {
        const files = unique(tests.map((t) => t.classname || t.file || '').filter((f) => f !== '')).map(vitestFilter);
        const pattern = anchoredAlternation(tests.map((t) => jsRegexLiteralWithSeparator(t.name, ' > ', ' ', CONTROL_GAP)));
        return [
            {
                argv: [
                    ...localBin('vitest'),
                    'run',
                    ...(options?.args ?? []),
                    ...files,
                    `--testNamePattern=${pattern}`,
                    '--reporter=default',
                    '--reporter=junit',
                    `--outputFile.junit=${reportPath}`,
                    '--retry=0',
                    '--coverage.enabled=false',
                    '--passWithNoTests',
                ],
            },
        ];
    },
};
/**
 * A vitest file filter for a path. A trailing `:12` or `:1-2` would be read as a line filter, so it is cut (the
 * rest is still a substring of the path); a leading `-` gets `./` so it is not an option.
 */
function vitestFilter(p) {
    const cut = p.replace(/:\d+(-\d+)?$/, '');
    return cut.startsWith('/') ? cut : `./${cut.replace(/^\.\//, '')}`;
}
/**
 * The full names a JUnit testcase may stand for, for runners whose name filter sees `ancestors… title` joined by
 * spaces: the longer of classname and name when one ends with the other (jest-junit's default writes the full
 * name in both, mocha-junit-reporter's the full title in `name` and the title in `classname`), else both joined
 * (templates that split them) and the name alone.
 */
function fullNames(t) {
    const { classname: c, name: n } = t;
    if (c === '' || n.endsWith(c))
        return [n];
    if (c.endsWith(n))
        return [c];
    return [`${c} ${n}`, n];
}
/**
 * jest with jest-junit (default templates: classname and name both `{classname} {title}`, i.e. the describe
 * blocks and the title joined by spaces, with a leading space for a test outside any describe). `-t` sees the
 * same string without that leading space. jest matches `-t` case-insensitively: a test differing only in case
 * also runs (a superset, which the core ignores). The file is not used: jest-junit does not write it by default,
 * and a file flakeguard found in a stack trace may be a source file, not the test file.
 */
const jest = {
    name: 'jest',
    recordsRetries: false,
    keepsOrder: true,
    screenArgs: (args) => screen(args, JEST_ARGS),
    commands(tests, reportPath, _round, options) {
        const names = tests.flatMap((t) => fullNames(t).map((n) => (n.startsWith(' ') ? n.slice(1) : n)));
        const pattern = anchoredAlternation(names.map(jsRegexLiteral));
        return [
            {
                argv: [...localBin('jest'), ...(options?.args ?? []), '--ci', `--testNamePattern=${pattern}`, '--reporters=default', '--reporters=jest-junit', '--coverage=false', '--passWithNoTests'],
                env: { JEST_JUNIT_OUTPUT_FILE: reportPath },
            },
        ];
    },
};
/**
 * mocha with mocha-junit-reporter: `<testcase name="<full title>" classname="<title>">`, the test files on the
 * suites' `file` attribute. `--grep` sees the full title. The reporter strips ANSI escape sequences from names
 * (other control characters are written as they are), so the pattern allows them where a word starts or ends
 * (ANSI_GAP). The files are passed when every test got its file from its suite (mocha loads those, and adds
 * a configured `spec` to them: mocha 11 measured, a superset). A test outside
 * any describe sits in the "Root Suite", which has no file: flakeguard may have taken its file from a stack frame,
 * which can be a helper or source file rather than the test file, so then mocha loads its configured spec; so it does
 * for a twin (docs/test-ids.md), whose number counts the testcases of its title in every file. The report path goes through MOCHA_FILE, which mocha-junit-reporter prefers to its options
 * (a path with `,` or `=` cannot go through `--reporter-option`).
 */
/** mocha-junit-reporter's default `rootSuiteTitle`. */
const ROOT_SUITE = 'Root Suite';
const mocha = {
    name: 'mocha',
    recordsRetries: false,
    keepsOrder: true,
    screenArgs: (args) => screen(args, MOCHA_ARGS),
    commands(tests, reportPath, _round, options) {
        const pattern = anchoredAlternation(tests.flatMap(fullNames).map((n) => jsRegexLiteralWithGap(n, ANSI_GAP, true)));
        // A twin (its id ends in ` [n]` that its name lacks: docs/test-ids.md) is numbered by its order among the
        // testcases of its title, which may be in other files: its own file alone would make it the first.
        const twin = (t) => / \[\d+\]$/.test(t.id) && !/ \[\d+\]$/.test(t.name);
        const fromSuites = tests.every((t) => t.file !== undefined && t.file !== '' && t.suite !== undefined && t.suite !== ROOT_SUITE && !twin(t));
        const files = fromSuites ? unique(tests.map((t) => pathArg(t.file))) : [];
        return [
            {
                argv: [...localBin('mocha'), ...(options?.args ?? []), '--reporter=mocha-junit-reporter', `--grep=${pattern}`, '--retries=0', ...files],
                env: { MOCHA_FILE: reportPath },
            },
        ];
    },
};
/**
 * node's junit reporter escapes `"` twice (`&amp;quot;`), so the name read back from its report holds `&quot;` where
 * the test's name has `"`: each `&quot;` matches either.
 */
function nodeJunitLiteral(text) {
    return text.split('&quot;').map(jsRegexLiteral).join('(?:"|&quot;)');
}
/**
 * node's test runner (`node --test --test-reporter=junit`): `<testcase name="<title>" classname="<describe
 * names joined by '.'>" file="<absolute path>">`, classname `test` outside any describe.
 * `--test-name-pattern` matches a test whose own name, an ancestor's name, or its ancestors' and own names
 * joined by spaces match; the pattern anchors the joined form (a `.` of the classname may be a separator or part
 * of a describe's name), and the joined form of the test's parent, because node runs a subtest only when its
 * parent test matches and a report does not tell a parent test from a describe: the other tests of the innermost
 * describe (or parent test) run too. Files are globs to node with no escape: see globForFile.
 */
const nodeTest = {
    name: 'node-test',
    recordsRetries: false,
    keepsOrder: true,
    screenArgs: (args) => screen(args, NODE_TEST_ARGS),
    commands(tests, reportPath, _round, options) {
        const sources = tests.flatMap((t) => {
            const name = nodeJunitLiteral(t.name);
            if (t.classname === '')
                return [name];
            const owner = t.classname.split('.').map(nodeJunitLiteral).join('(?:\\.| )');
            // `test` is what node writes outside any describe (or a describe named "test").
            if (t.classname === 'test')
                return [`(?:${owner} )?${name}`];
            // The parent too: a subtest (`t.test`) runs only when its parent test runs, and a parent test runs only when
            // the pattern matches it. The report cannot tell a parent test from a describe, so the parent is matched
            // either way: in a describe, its other tests run too (a superset).
            return [`${owner} ${name}`, owner];
        });
        const files = tests.every((t) => t.file !== undefined && t.file !== '') ? unique(tests.map((t) => globForFile(t.file))) : [];
        return [
            {
                argv: [
                    'node',
                    '--test',
                    ...(options?.args ?? []),
                    '--test-reporter=spec',
                    '--test-reporter-destination=stdout',
                    '--test-reporter=junit',
                    `--test-reporter-destination=${reportPath}`,
                    `--test-name-pattern=${anchoredAlternation(sources)}`,
                    ...files,
                ],
            },
        ];
    },
};

;// CONCATENATED MODULE: ./src/rerun/presets/pytest.ts

/**
 * The program run by `python3 -c`. argv[1]: JSON `[[classname, name, file], …]`; argv[2]: the report path; argv[3]
 * (optional): JSON of the original run's extra arguments, given to pytest before the files.
 */
const PYTEST_PROGRAM = `
import json, os, sys
import pytest
try:
    from _pytest.junitxml import mangle_test_address, bin_xml_escape
except Exception:
    import re
    def mangle_test_address(address):
        path, bracket, params = address.partition("[")
        names = path.split("::")
        names[0] = re.sub(r"\\.py$", "", names[0].replace("/", "."))
        names[-1] += bracket + params
        return names
    def bin_xml_escape(arg):
        return re.sub("[^\\t\\n\\r\\x20-\\x7e\\x80-\\ud7ff\\ue000-\\ufffd\\U00010000-\\U0010ffff]", lambda m: "#x%02X" % ord(m.group()) if ord(m.group()) <= 0xFF else "#x%04X" % ord(m.group()), str(arg))

def norm(s):
    return s.replace("\\t", " ").replace("\\n", " ").replace("\\r", " ")

wanted_list = json.loads(sys.argv[1])
report = sys.argv[2]
extra = json.loads(sys.argv[3]) if len(sys.argv) > 3 else []
wanted = set((norm(c), norm(n)) for c, n, f in wanted_list)

def find_file(classname, file):
    if file and os.path.isfile(file):
        return file
    parts = classname.split(".")
    for k in range(len(parts), 0, -1):
        candidate = os.path.join(*parts[:k]) + ".py"
        if os.path.isfile(candidate):
            return candidate
    return None

files = []
for c, n, f in wanted_list:
    found = find_file(c, f)
    if found is None:
        files = []
        break
    found = found if not found.startswith("-") else os.path.join(".", found)
    if found not in files:
        files.append(found)

class FlakeguardSelect:
    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, session, config, items):
        prefix = getattr(config.option, "junitprefix", None)
        keep, drop = [], []
        for item in items:
            names = mangle_test_address(item.nodeid)
            classnames = names[:-1]
            if prefix:
                classnames.insert(0, prefix)
            key = (norm(".".join(classnames)), norm(bin_xml_escape(names[-1])))
            (keep if key in wanted else drop).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep

sys.exit(pytest.main(extra + files + ["--junitxml=" + report], plugins=[FlakeguardSelect()]))
`;
const pytest = {
    name: 'pytest',
    // Plain pytest has no retries; see docs/rerun-presets.md for pytest-rerunfailures.
    recordsRetries: false,
    // pytest keeps the collection order when it deselects the rest.
    keepsOrder: true,
    screenArgs: (args) => screen(args, PYTEST_ARGS),
    commands(tests, reportPath, _round, options) {
        const json = JSON.stringify(tests.map((t) => [t.classname, t.name, t.file ?? '']));
        const args = options?.args ?? [];
        return [{ argv: ['python3', '-c', PYTEST_PROGRAM, json, reportPath, ...(args.length > 0 ? [JSON.stringify(args)] : [])] }];
    },
};

;// CONCATENATED MODULE: ./src/rerun/presets/collect.ts
const COLLECT_PROGRAM = `
const fs = require('node:fs');
const path = require('node:path');
const [mode, report, ...dirs] = process.argv.slice(1);
const mark = report + '.since';
if (mode === 'mark') {
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.writeFileSync(mark, '');
  process.exit(0);
}
const since = fs.statSync(mark).mtimeMs;
function below(root, rel, depth, out) {
  const candidate = path.join(root, rel);
  try { if (fs.statSync(candidate).isDirectory()) out.push(candidate); } catch {}
  if (depth >= 8) return;
  let entries = [];
  try { entries = fs.readdirSync(root, { withFileTypes: true }); } catch { return; }
  for (const e of entries) {
    if (!e.isDirectory() || e.name.startsWith('.') || e.name === 'node_modules') continue;
    below(path.join(root, e.name), rel, depth + 1, out);
  }
}
const folders = [];
for (const d of dirs) {
  if (d.startsWith('**/')) below('.', d.slice(3), 0, folders);
  else folders.push(d);
}
const files = [];
for (const folder of [...new Set(folders.map((f) => path.resolve(f)))]) {
  let names = [];
  try { names = fs.readdirSync(folder); } catch { continue; }
  for (const name of names.sort()) {
    if (!name.endsWith('.xml')) continue;
    const file = path.join(folder, name);
    const st = fs.statSync(file);
    if (st.isFile() && st.mtimeMs >= since && path.resolve(file) !== path.resolve(report)) files.push(file);
  }
}
if (files.length === 0) {
  console.error('flakeguard: no JUnit report written by this round in ' + dirs.join(', '));
  process.exit(1);
}
const parts = [];
for (const file of files) {
  let xml = fs.readFileSync(file, 'utf8').replace(/^\\uFEFF/, '');
  xml = xml.replace(/^\\s*<\\?xml[^?]*\\?>/, '').trim();
  const open = /^(?:<!--[\\s\\S]*?-->\\s*)*<testsuites\\b[^>]*?(\\/?)>/.exec(xml);
  if (open) {
    if (open[1] === '/') continue;
    const end = xml.lastIndexOf('</testsuites>');
    xml = xml.slice(open[0].length, end < 0 ? xml.length : end);
  }
  parts.push(xml);
}
fs.writeFileSync(report, '<?xml version="1.0" encoding="UTF-8"?>\\n<testsuites>\\n' + parts.join('\\n') + '\\n</testsuites>\\n');
console.log('flakeguard: merged ' + files.length + ' JUnit file(s) into ' + report);
`;
/** The step before the runner: marks when the round began. */
function markCommand(reportPath) {
    return { argv: [process.execPath, '-e', COLLECT_PROGRAM, 'mark', reportPath] };
}
/** The step after the runner: merges the folders' fresh `*.xml` files into the report. */
function mergeCommand(reportPath, dirs) {
    return { argv: [process.execPath, '-e', COLLECT_PROGRAM, 'merge', reportPath, ...dirs] };
}

;// CONCATENATED MODULE: ./src/rerun/presets/recipes.ts



/** A Java class name as reports give it (nested classes with `$`). */
const JAVA_CLASS = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;
const JAVA_METHOD = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** `(String, int[])` and `[1]`: the parameter types and invocation index JUnit appends to a method name. */
const JAVA_METHOD_SUFFIX = /^([A-Za-z_$][A-Za-z0-9_$]*)(?:\([A-Za-z0-9_$.,<>?\[\] ]*\))?(?:\[[0-9]+\])?$/;
/**
 * The method of a JUnit test name: `placesOrder(String)[1]` → `placesOrder`; undefined when the name is not a
 * method name with those suffixes (a display name, a hostile name such as `$(touch /tmp/pwned)`).
 */
function javaMethod(name) {
    const m = JAVA_METHOD_SUFFIX.exec(name);
    return m !== null && JAVA_METHOD.test(m[1]) ? m[1] : undefined;
}
/**
 * Surefire's `-Dtest` value: `Class#m1+m2,Other` (a class whose method is not a plain identifier, e.g. a JUnit 5
 * display name, is selected whole: a superset). undefined when a class name is not a Java class name: then the
 * whole suite runs (a superset, never fewer).
 */
function surefireTestFilter(tests) {
    const byClass = new Map();
    for (const t of tests) {
        if (!JAVA_CLASS.test(t.classname))
            return undefined;
        const m = javaMethod(t.name);
        const cur = byClass.get(t.classname);
        if (m === undefined || cur === 'all')
            byClass.set(t.classname, 'all');
        else
            byClass.set(t.classname, (cur ?? new Set()).add(m));
    }
    return [...byClass].map(([c, ms]) => (ms === 'all' ? c : `${c}#${[...ms].join('+')}`)).join(',');
}
/**
 * Maven Surefire (`mvn test`): reports `TEST-<class>.xml` in each module's `target/surefire-reports`, with
 * `<flakyFailure>`/`<rerunFailure>` for `-Dsurefire.rerunFailingTestsCount` retries. The round runs exactly one
 * execution per test (`rerunFailingTestsCount=0`); the fresh files are merged into the report.
 */
const maven = {
    name: 'maven',
    recordsRetries: true,
    commands(tests, reportPath) {
        const filter = surefireTestFilter(tests);
        return [
            markCommand(reportPath),
            {
                argv: [
                    'mvn',
                    '--batch-mode',
                    ...(filter !== undefined ? [`-Dtest=${filter}`] : []),
                    '-Dsurefire.failIfNoSpecifiedTests=false',
                    '-DfailIfNoTests=false',
                    '-Dsurefire.rerunFailingTestsCount=0',
                    'test',
                ],
            },
            mergeCommand(reportPath, ['**/target/surefire-reports']),
        ];
    },
};
/**
 * Gradle (`./gradlew test`): reports `TEST-<class>.xml` in `build/test-results/test` of each project; the
 * test-retry plugin (or `retry` in Develocity) writes each execution as its own `<testcase>`. `--tests` takes
 * `Class.method` with `*` wildcards; a method that is not a plain identifier selects its class (a superset).
 * `--rerun` (Gradle 7.6+) makes the test task run although its inputs did not change.
 */
const gradle = {
    name: 'gradle',
    recordsRetries: true,
    commands(tests, reportPath) {
        const filters = [];
        let all = false;
        for (const t of tests) {
            if (!JAVA_CLASS.test(t.classname))
                all = true;
            const m = javaMethod(t.name);
            filters.push(m !== undefined ? `${t.classname}.${m}` : t.classname);
        }
        const selection = all ? [] : unique(filters).flatMap((f) => ['--tests', f]);
        return [markCommand(reportPath), { argv: ['./gradlew', 'test', '--rerun', ...selection, '--continue'] }, mergeCommand(reportPath, ['**/build/test-results/test'])];
    },
};
/**
 * RSpec with rspec_junit_formatter: `<testcase classname="spec.models.user_spec" name="<full description>"
 * file="./spec/models/user_spec.rb">`. `--example` selects examples whose full description CONTAINS the string
 * (a superset when one description contains another); the files narrow it when every test has one.
 */
const rspec = {
    name: 'rspec',
    recordsRetries: false,
    commands(tests, reportPath) {
        const files = tests.every((t) => t.file !== undefined && t.file !== '') ? unique(tests.map((t) => pathArg(t.file.replace(/[[:].*$/s, '')))) : [];
        return [
            {
                argv: ['bundle', 'exec', 'rspec', '--format=progress', '--format=RspecJunitFormatter', `--out=${reportPath}`, ...unique(tests.map((t) => t.name)).map((n) => `--example=${n}`), ...files],
            },
        ];
    },
};
/**
 * Playwright's junit reporter: `<testcase name="describe › title" classname="<file>">`. `--grep` is tested against
 * `project file describe title @tags` joined by spaces; the pattern anchors the file, the titles (each ` › ` of the
 * JUnit name may be a space) and the end (or tags). Positional file arguments are regular expressions too, so
 * they are escaped, and they come after `--`: Playwright's CLI (commander) reads an argument starting with `-` as an
 * option anywhere before it, so a classname `--evil` would otherwise be one.
 */
const playwright = {
    name: 'playwright',
    // Not verified here (no browser run of Playwright on this machine): see docs/rerun-presets.md.
    recordsRetries: false,
    commands(tests, reportPath) {
        const sources = tests.map((t) => {
            const titles = t.name.split(' › ').map(jsRegexLiteral).join('(?: › | )');
            return `(?:^| )${jsRegexLiteral(t.classname)} ${titles}(?: @.*)?$`;
        });
        const unique_ = unique(sources);
        const grep = unique_.length === 1 ? unique_[0] : `(?:${unique_.join('|')})`;
        const files = unique(tests.map((t) => t.classname).filter((c) => c !== '')).map((c) => `${jsRegexLiteral(c)}$`);
        return [
            {
                argv: [...localBin('playwright'), 'test', '--reporter=line,junit', '--retries=0', `--grep=${grep}`, '--', ...files],
                env: { PLAYWRIGHT_JUNIT_OUTPUT_FILE: reportPath },
            },
        ];
    },
};
/** A value in a `dotnet test --filter` expression: `\` before each of the filter syntax's special characters. */
function dotnetFilterValue(s) {
    return s.replace(/[\\()&|=!~,]/g, (c) => `\\${c}`);
}
/**
 * `dotnet test` with JunitXml.TestLogger: `<testcase classname="Ns.Class" name="Method(args)">`. The filter is
 * `FullyQualifiedName=Ns.Class.Method|…` (a theory's cases all run: a superset). The logger writes one file per
 * test assembly, merged into the report.
 */
const dotnet = {
    name: 'dotnet',
    recordsRetries: false,
    commands(tests, reportPath) {
        const fqns = unique(tests.map((t) => `${t.classname}.${t.name.replace(/\(.*$/s, '')}`));
        const filter = fqns.map((f) => `FullyQualifiedName=${dotnetFilterValue(f)}`).join('|');
        const dir = `${reportPath}.d`;
        return [markCommand(reportPath), { argv: ['dotnet', 'test', `--filter=${filter}`, `--logger=junit;LogFilePath=${dir}/{assembly}-{framework}.xml`] }, mergeCommand(reportPath, [dir])];
    },
};
/**
 * PHPUnit (`--log-junit`): `<testcase name="testFoo with data set #0" classname="Ns.FooTest" class="Ns\FooTest">`.
 * `--filter` is tested against `Ns\FooTest::testFoo with data set #0`; every ASCII character but letters, digits
 * and `_` is written `\xHH`, so PHPUnit's own filter syntax (delimiters, `#n` and `@name` data-set shorthands)
 * never applies. PHPUnit adds the `i` flag: a case-insensitive superset.
 */
const phpunit = {
    name: 'phpunit',
    recordsRetries: false,
    commands(tests, reportPath) {
        const sources = tests.map((t) => `${pcreLiteral(t.classname.replace(/\./g, '\\'))}${pcreLiteral('::')}${pcreLiteral(t.name)}`);
        return [{ argv: ['vendor/bin/phpunit', `--log-junit=${reportPath}`, `--filter=${anchoredAlternation(sources)}`] }];
    },
};
/** A string inside a nextest filterset matcher: `\` before `\`, `(`, `)` and `,`. */
function nextestString(s) {
    return s.replace(/[\\(),]/g, (c) => `\\${c}`);
}
/**
 * cargo nextest with a JUnit profile (the preset uses profile `ci`: `[profile.ci.junit] path = "junit.xml"` in
 * .config/nextest.toml): `<testcase classname="<binary id>" name="<test name>">`, with `<flakyFailure>` and
 * `<rerunFailure>` for retries. The filterset `(binary_id(=b) & test(=t)) | …` selects exactly the tests.
 */
const nextest = {
    name: 'nextest',
    recordsRetries: true,
    commands(tests, reportPath) {
        const expr = unique(tests.map((t) => (t.classname !== '' ? `(binary_id(=${nextestString(t.classname)}) & test(=${nextestString(t.name)}))` : `test(=${nextestString(t.name)})`))).join(' | ');
        return [markCommand(reportPath), { argv: ['cargo', 'nextest', 'run', '--profile=ci', '--no-fail-fast', '--retries=0', '-E', expr] }, mergeCommand(reportPath, ['target/nextest/ci'])];
    },
};

;// CONCATENATED MODULE: ./src/rerun/presets/index.ts




const ALL = [vitest, jest, mocha, nodeTest, pytest, gotestsum, maven, gradle, rspec, playwright, dotnet, phpunit, nextest];
const PRESETS = new Map(ALL.map((p) => [p.name, p]));
/** The preset the `rerun` input names, or undefined when the input is a shell command. */
function findPreset(name) {
    return PRESETS.get(name.trim());
}


/***/ }),

/***/ 3712:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Aj: () => (/* binding */ consistentSentence),
/* harmony export */   Ln: () => (/* binding */ failureCounts),
/* harmony export */   Vo: () => (/* binding */ NO_HISTORY),
/* harmony export */   aV: () => (/* binding */ IMPLAUSIBLE),
/* harmony export */   bm: () => (/* binding */ rerunsNeeded),
/* harmony export */   rR: () => (/* binding */ rerunChance),
/* harmony export */   sk: () => (/* binding */ nextStep)
/* harmony export */ });
/* unused harmony exports failureRate, streakChance */
/** A streak whose chance under the test's flakiness is below this is implausible: the test failed consistently. */
const IMPLAUSIBLE = 0.005;
const NO_HISTORY = Object.freeze({ failures: 0, passes: 0, againFailures: 0, againPasses: 0 });
/**
 * Counts the attempts of the newest `window` runs that have an outcome, leaving out outage runs and the runs in
 * which every attempt failed after which the test has not passed yet (an episode that may be a regression going on).
 */
function failureCounts(history, window) {
    if (!history)
        return NO_HISTORY;
    const c = { failures: 0, passes: 0, againFailures: 0, againPasses: 0 };
    let seen = 0;
    let passedLater = false;
    for (let i = history.runs.length - 1; i >= 0 && seen < window; i--) {
        const run = history.runs[i];
        if (run.outage)
            continue;
        // A run in which every attempt failed, with no pass in any later run, may be a regression still going on:
        // counting it would let the regression raise its own p, until its failing re-runs look plausible and its
        // quarantine forgives it. Once a later run passed, the episode is over and counts: leaving every such run out
        // would leave out exactly the long bursts of a bursty test and judge its next burst by its short ones.
        const passed = run.attempts.indexOf('P') >= 0;
        if (!passed && !passedLater && (run.attempts.indexOf('F') >= 0 || run.attempts.indexOf('E') >= 0))
            continue;
        if (passed)
            passedLater = true;
        let counted = false;
        let afterFailure = false;
        for (const code of run.attempts) {
            if (code === 'S')
                continue;
            counted = true;
            const failed = code === 'F' || code === 'E';
            if (failed)
                c.failures++;
            else
                c.passes++;
            if (afterFailure) {
                if (failed)
                    c.againFailures++;
                else
                    c.againPasses++;
            }
            afterFailure = failed;
        }
        if (counted)
            seen++;
    }
    return c;
}
/** Posterior mean of the failure rate per attempt (uniform prior). */
function failureRate(c) {
    return (1 + c.failures) / (2 + c.failures + c.passes);
}
/**
 * The chance that the test's flaky failures alone fail `streak` attempts in a row: the first at its failure rate,
 * each further one at its posterior predictive rate of failing again after a failure. (Not the stopping rule's
 * chance, which is conditional on the first failure: rerunChance.)
 */
function streakChance(c, streak) {
    if (streak <= 0)
        return 1;
    const rate = failureRate(c);
    const a = 2 * rate + c.againFailures;
    const b = 2 * (1 - rate) + c.againPasses;
    let chance = rate;
    for (let i = 0; i < streak - 1; i++)
        chance *= (a + i) / (a + b + i);
    return chance;
}
/**
 * The chance that the test's flaky failures alone fail `reruns` re-runs in a row, given that it failed in this run:
 * each re-run at the posterior predictive rate of failing again after a failure.
 */
function rerunChance(c, reruns) {
    const rate = failureRate(c);
    const a = 2 * rate + c.againFailures;
    const b = 2 * (1 - rate) + c.againPasses;
    let chance = 1;
    for (let i = 0; i < reruns; i++)
        chance *= (a + i) / (a + b + i);
    return chance;
}
/** The fewest failing re-runs (up to `limit`) that make the streak implausible; undefined when more are needed. */
function rerunsNeeded(c, threshold, limit) {
    for (let m = 0; m <= limit; m++)
        if (rerunChance(c, m) < threshold)
            return m;
    return undefined;
}
/**
 * After `reruns` answered re-runs, with `streak` failing attempts in a row up to now (the original failure
 * included): re-run again, or stop because its failing re-runs are implausible for a flaky test that failed
 * (`consistent`: rerunChance below the threshold), or because the re-runs ran out while it is still plausible
 * (`exhausted`: the quarantine decides as without re-runs).
 */
function nextStep(c, streak, reruns, rule) {
    const implausible = rerunChance(c, Math.min(streak, reruns)) < (rule.threshold ?? IMPLAUSIBLE);
    if (reruns < rule.minReruns)
        return 'continue';
    if (implausible)
        return 'consistent';
    return reruns >= rule.maxReruns ? 'exhausted' : 'continue';
}
/** "failed 7 of 7 times on this commit; its flaky failures would do that less than 0.5% of the time". */
function consistentSentence(failures, attempts) {
    return `failed ${failures} of ${attempts} times on this commit; its flaky failures would do that less than ${IMPLAUSIBLE * 100}% of the time`;
}


/***/ }),

/***/ 84956:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   RE: () => (/* binding */ flipRates),
/* harmony export */   a$: () => (/* binding */ DEFAULT_FLIP_RATE_CONFIG),
/* harmony export */   kx: () => (/* binding */ tierOf)
/* harmony export */ });
/* unused harmony exports outcomesOf, flipRate, ewmaFlipRate, tierQuarantineDecision */
/* harmony import */ var _outcomes_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(25648);

const DEFAULT_FLIP_RATE_CONFIG = Object.freeze({ window: 10, ewmaAlpha: 0.3, ewmaWindow: 20 });
/** Outcomes of the runs, oldest first, skipped-only runs dropped (true = passed). */
function outcomesOf(runs) {
    const out = [];
    for (const r of runs) {
        const o = runOutcome(r.attempts);
        if (o !== null)
            out.push(o);
    }
    return out;
}
/**
 * Fraction of consecutive outcome pairs that differ, over the last `window` outcomes.
 * `null` with fewer than 2 outcomes (the seed returns 0.0 there; see `tierOf`).
 */
function flipRate(outcomes, window = DEFAULT_FLIP_RATE_CONFIG.window) {
    const n = Math.min(window, outcomes.length);
    if (n < 2)
        return null;
    const start = outcomes.length - n;
    let flips = 0;
    for (let i = start + 1; i < outcomes.length; i++)
        if (outcomes[i] !== outcomes[i - 1])
            flips++;
    return flips / (n - 1);
}
/**
 * EWMA of the flip indicators over the last `window` outcomes, oldest pair first:
 * ewma = flip[0]; then ewma = alpha * flip + (1 - alpha) * ewma for each later pair.
 * `null` with fewer than 2 outcomes (the seed returns 0.0).
 */
function ewmaFlipRate(outcomes, alpha = DEFAULT_FLIP_RATE_CONFIG.ewmaAlpha, window = DEFAULT_FLIP_RATE_CONFIG.ewmaWindow) {
    const n = Math.min(window, outcomes.length);
    if (n < 2)
        return null;
    const start = outcomes.length - n;
    let ewma = outcomes[start + 1] !== outcomes[start] ? 1 : 0;
    for (let i = start + 2; i < outcomes.length; i++) {
        const flip = outcomes[i] !== outcomes[i - 1] ? 1 : 0;
        ewma = alpha * flip + (1 - alpha) * ewma;
    }
    return ewma;
}
/** Scratch for `flipRates`: outcomes of the last runs, newest first (1 = passed). */
let scratch = new Uint8Array(64);
/**
 * `flipRate` and `ewmaFlipRate` straight from the runs, without building the outcome list
 * (same results; used by scoreTest). Also returns the number of outcomes in the whole history.
 */
function flipRates(runs, config = DEFAULT_FLIP_RATE_CONFIG) {
    const need = Math.max(config.window, config.ewmaWindow, 0);
    if (scratch.length < need)
        scratch = new Uint8Array(need);
    let got = 0;
    let outcomes = 0;
    for (let r = runs.length - 1; r >= 0; r--) {
        const o = (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .runOutcome */ .CL)(runs[r].attempts);
        if (o === null)
            continue;
        if (got < need)
            scratch[got++] = o ? 1 : 0;
        outcomes++;
    }
    // scratch[0] is the newest outcome.
    let fr = null;
    const n = Math.min(config.window, got);
    if (n >= 2) {
        let flips = 0;
        for (let i = 1; i < n; i++)
            if (scratch[i] !== scratch[i - 1])
                flips++;
        fr = flips / (n - 1);
    }
    let ewma = null;
    const m = Math.min(config.ewmaWindow, got);
    if (m >= 2) {
        // Oldest pair first: indexes m-1 (oldest) down to 0 (newest).
        let e = scratch[m - 1] !== scratch[m - 2] ? 1 : 0;
        for (let i = m - 3; i >= 0; i--) {
            const flip = scratch[i] !== scratch[i + 1] ? 1 : 0;
            e = config.ewmaAlpha * flip + (1 - config.ewmaAlpha) * e;
        }
        ewma = e;
    }
    return { flipRate: fr, ewmaFlipRate: ewma, outcomes };
}
/**
 * Tier exactly as the seed: Stable == 0, Intermittent <= 0.2, Flaky <= 0.5, Chronic > 0.5.
 * A `null` flip-rate (fewer than 2 outcomes) is Stable, as in the seed (which computes 0.0).
 */
function tierOf(rate) {
    if (rate === null || rate === 0)
        return 'Stable';
    if (rate <= 0.2)
        return 'Intermittent';
    if (rate <= 0.5)
        return 'Flaky';
    return 'Chronic';
}
/**
 * The seed's QuarantineManager.auto_update for one test: Flaky/Chronic tests not in quarantine are
 * quarantined; Stable/Intermittent tests in quarantine are released when `autoRelease` (the seed's
 * `auto_unquarantine` flag, true for everything it quarantines itself); anything else is left alone.
 */
function tierQuarantineDecision(tier, currentlyQuarantined, autoRelease = true) {
    if ((tier === 'Flaky' || tier === 'Chronic') && !currentlyQuarantined) {
        return { action: 'quarantine', quarantined: true, reason: `auto: ${tier} flip-rate` };
    }
    if ((tier === 'Stable' || tier === 'Intermittent') && currentlyQuarantined && autoRelease) {
        return { action: 'release', quarantined: false, reason: `auto: ${tier} flip-rate` };
    }
    return { action: 'none', quarantined: currentlyQuarantined, reason: `${tier} flip-rate` };
}


/***/ }),

/***/ 10337:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B_: () => (/* binding */ DEFAULT_SCORING_OPTIONS),
/* harmony export */   DP: () => (/* reexport safe */ _multiFactor_js__WEBPACK_IMPORTED_MODULE_1__.DP),
/* harmony export */   o4: () => (/* reexport safe */ _pfs_js__WEBPACK_IMPORTED_MODULE_2__.o4),
/* harmony export */   uK: () => (/* binding */ scoreAll),
/* harmony export */   wA: () => (/* binding */ resolveScoringOptions)
/* harmony export */ });
/* unused harmony exports scoreTest, budgetCandidates */
/* harmony import */ var _flipRate_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(84956);
/* harmony import */ var _multiFactor_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(43555);
/* harmony import */ var _pfs_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9662);
/* harmony import */ var _successRate_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(51820);
/* harmony import */ var _thresholded_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(49391);











/** Frozen (deeply): copy before changing. */
const DEFAULT_SCORING_OPTIONS = Object.freeze({
    now: Number.NaN,
    multiFactor: _multiFactor_js__WEBPACK_IMPORTED_MODULE_1__/* .DEFAULT_SCORING_CONFIG */ .PI,
    flipRate: _flipRate_js__WEBPACK_IMPORTED_MODULE_0__/* .DEFAULT_FLIP_RATE_CONFIG */ .a$,
    pfs: _pfs_js__WEBPACK_IMPORTED_MODULE_2__/* .DEFAULT_PFS_CONFIG */ .lQ,
    successRate: _successRate_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULT_SUCCESS_RATE_CONFIG */ .Yt,
    thresholded: _thresholded_js__WEBPACK_IMPORTED_MODULE_4__/* .DEFAULT_THRESHOLDED_CONFIG */ .eb,
});
function resolveScoringOptions(opts = {}) {
    const d = DEFAULT_SCORING_OPTIONS;
    const mf = opts.multiFactor;
    return {
        now: opts.now ?? d.now,
        multiFactor: mf ? { ...d.multiFactor, ...mf, weights: { ...d.multiFactor.weights, ...mf.weights } } : d.multiFactor,
        flipRate: opts.flipRate ? { ...d.flipRate, ...opts.flipRate } : d.flipRate,
        pfs: opts.pfs ? { ...d.pfs, ...opts.pfs } : d.pfs,
        successRate: opts.successRate ? { ...d.successRate, ...opts.successRate } : d.successRate,
        thresholded: opts.thresholded ? { ...d.thresholded, ...opts.thresholded } : d.thresholded,
    };
}
function newestTime(h) {
    let t = Number.NEGATIVE_INFINITY;
    for (const r of h.runs)
        if (r.time > t)
            t = r.time;
    return t;
}
function score(h, o, now, memo) {
    const fr = (0,_flipRate_js__WEBPACK_IMPORTED_MODULE_0__/* .flipRates */ .RE)(h.runs, o.flipRate);
    const sr = (0,_successRate_js__WEBPACK_IMPORTED_MODULE_3__/* .successRate */ .sE)(h.runs, now, o.successRate);
    return {
        id: h.id,
        multiFactor: (0,_multiFactor_js__WEBPACK_IMPORTED_MODULE_1__/* .multiFactorScore */ .NS)(h.runs, now, o.multiFactor),
        flipRate: fr.flipRate,
        ewmaFlipRate: fr.ewmaFlipRate,
        tier: (0,_flipRate_js__WEBPACK_IMPORTED_MODULE_0__/* .tierOf */ .kx)(fr.flipRate),
        outcomes: fr.outcomes,
        pfs: (0,_pfs_js__WEBPACK_IMPORTED_MODULE_2__/* .pfs */ .mk)(h.runs, o.pfs, memo),
        successRate: sr,
        thresholded: sr.rate === null ? 0 : (0,_thresholded_js__WEBPACK_IMPORTED_MODULE_4__/* .thresholdedFlakiness */ .Hd)(1 - sr.rate, o.thresholded.alpha),
    };
}
/** Every method's score for one test. `memo` lets callers share PFS posteriors across calls. */
function scoreTest(h, opts, memo = createPfsMemo()) {
    const o = resolveScoringOptions(opts);
    const now = Number.isFinite(o.now) ? o.now : newestTime(h);
    return score(h, o, now, memo);
}
/**
 * Scores many tests (keyed by test id), sharing one PFS memo. With `now` given the histories are
 * consumed in one pass (a generator is never materialised); without it they are read twice (an
 * iterable that is not an array is copied first) to find the newest run time of all.
 */
function scoreAll(histories, opts, memo = (0,_pfs_js__WEBPACK_IMPORTED_MODULE_2__/* .createPfsMemo */ .o4)()) {
    const o = resolveScoringOptions(opts);
    let now = o.now;
    let source = histories;
    if (!Number.isFinite(now)) {
        const list = Array.isArray(histories) ? histories : [...histories];
        now = Number.NEGATIVE_INFINITY;
        for (const h of list) {
            const t = newestTime(h);
            if (t > now)
                now = t;
        }
        source = list;
    }
    const out = new Map();
    for (const h of source)
        out.set(h.id, score(h, o, now, memo));
    return out;
}
/**
 * Candidates for `allocateBudget` from scores: flakiness = `thresholded`, history = counted runs of
 * the success rate. Tests in `exclude` (e.g. already quarantined) are left out.
 */
function budgetCandidates(scores, exclude) {
    const out = [];
    for (const [id, s] of scores) {
        if (exclude?.has(id))
            continue;
        out.push({ id, flakiness: s.thresholded, runs: s.successRate.counted });
    }
    return out;
}


/***/ }),

/***/ 43555:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DP: () => (/* binding */ normalizeErrorMessage),
/* harmony export */   NS: () => (/* binding */ multiFactorScore),
/* harmony export */   PI: () => (/* binding */ DEFAULT_SCORING_CONFIG)
/* harmony export */ });
/* unused harmony exports DEFAULT_WEIGHTS, toTestResults, countStateTransitions, calculateIntermittencyScore, calculateRerunPassRate, calculateFailureClustering, calculateMessageVariance, calculateFailSuccessRatio, findMaxConsecutiveFailures, calculateConsecutiveFailurePenalty, calculateComponents, combineComponents, calculateDataQuantityFactor, calculateTimeSpanFactor, calculateDataQualityFactor, calculateConfidenceFactors, combineConfidence, calculateConfidence, generateRecommendation, multiFactorFromResults, multiFactorScoreReference */
/* harmony import */ var _outcomes_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(25648);

const DAY_MS = 86_400_000;
const DEFAULT_WEIGHTS = Object.freeze({
    intermittency: 0.3,
    rerunPassRate: 0.25,
    failureClustering: 0.15,
    messageVariance: 0.1,
    failSuccessRatio: 0.1,
    consecutiveFailurePenalty: 0.1,
});
const DEFAULT_SCORING_CONFIG = Object.freeze({
    rollingWindowSize: 50,
    minRunsForScoring: 5,
    lookbackDays: 30,
    recentFailureWindow: 7,
    quarantineThreshold: 0.6,
    investigationThreshold: 0.4,
    monitoringThreshold: 0.2,
    minConfidenceForQuarantine: 0.7,
    minConfidenceForAction: 0.5,
    weights: DEFAULT_WEIGHTS,
});
// ---------------------------------------------------------------------------------------------
// normalizeErrorMessage — exactly as written in the seed (including its quirks; see docs).
function normalizeErrorMessage(message) {
    return (message
        // Remove timestamps
        .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}[.\d]*[Z]?/g, 'TIMESTAMP')
        // Remove line numbers
        .replace(/:\d+/g, ':LINE')
        // Remove memory addresses
        .replace(/0x[a-fA-F0-9]+/g, '0xADDRESS')
        // Remove port numbers
        .replace(/:\d{4,5}\b/g, ':PORT')
        // Remove UUIDs
        .replace(/[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}/gi, 'UUID')
        // Remove file paths
        .replace(/\/[\w\-_\/\.]+/g, 'PATH')
        // Remove assertion values
        .replace(/expected:?\s*\S+/gi, 'expected: VALUE')
        .replace(/actual:?\s*\S+/gi, 'actual: VALUE')
        // Normalize whitespace
        .replace(/\s+/g, ' ')
        .trim()
        .toLowerCase());
}
// ---------------------------------------------------------------------------------------------
// Mapping
/**
 * Runs (oldest first) to the seed's results: runs with `time < now - lookbackDays` are dropped,
 * then runs without a non-skipped attempt, then all but the last `rollingWindowSize` runs; each
 * remaining non-skipped attempt becomes one result (F and E → 'failed', P → 'passed'; S dropped,
 * attempt indexes count non-skipped attempts from 1).
 */
function toTestResults(runs, now, config = DEFAULT_SCORING_CONFIG) {
    const since = now - config.lookbackDays * DAY_MS;
    const picked = [];
    for (let r = runs.length - 1; r >= 0 && picked.length < config.rollingWindowSize; r--) {
        const run = runs[r];
        if (run.time < since)
            continue;
        if (!hasObservation(run.attempts))
            continue;
        picked.push(run);
    }
    picked.reverse();
    const out = [];
    for (const run of picked) {
        const a = run.attempts;
        let attempt = 0;
        let messageGiven = false;
        let lastIndex = -1;
        for (let i = 0; i < a.length; i++) {
            const c = a.charCodeAt(i);
            const fail = isFailCode(c);
            if (!fail && c !== CH_P)
                continue;
            attempt++;
            const res = { status: fail ? 'failed' : 'passed', attempt, createdAt: run.time, time: 0 };
            if (fail && !messageGiven) {
                messageGiven = true;
                if (run.message !== undefined && run.message !== '')
                    res.message = run.message;
            }
            out.push(res);
            lastIndex = out.length - 1;
        }
        if (lastIndex >= 0 && run.durationSec !== undefined && run.durationSec > 0)
            out[lastIndex].time = run.durationSec;
    }
    return out;
}
function hasObservation(attempts) {
    for (let i = 0; i < attempts.length; i++) {
        const c = attempts.charCodeAt(i);
        if (c === _outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .CH_P */ .ly || (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .isFailCode */ .oX)(c))
            return true;
    }
    return false;
}
// ---------------------------------------------------------------------------------------------
// Components (seed formulas)
function countStateTransitions(results) {
    let transitions = 0;
    for (let i = 1; i < results.length; i++)
        if (results[i].status !== results[i - 1].status)
            transitions++;
    return transitions;
}
function calculateIntermittencyScore(results) {
    const transitions = countStateTransitions(results);
    const maxPossibleTransitions = Math.max(1, results.length - 1);
    return transitions / maxPossibleTransitions;
}
function calculateRerunPassRate(results) {
    let rerunPasses = 0;
    let totalReruns = 0;
    for (const r of results) {
        if (r.attempt > 1) {
            totalReruns++;
            if (r.status === 'passed')
                rerunPasses++;
        }
    }
    return totalReruns > 0 ? rerunPasses / totalReruns : 0;
}
/**
 * The seed leaves calculateTimeDifferences, mean and standardDeviation undefined. Ours: differences
 * between consecutive failures in time order (ms, non-negative), arithmetic mean, population
 * standard deviation.
 */
function calculateFailureClustering(results) {
    const times = [];
    for (const r of results)
        if (r.status === 'failed')
            times.push(r.createdAt);
    if (times.length < 2)
        return 0;
    times.sort((a, b) => a - b);
    const n = times.length - 1;
    let sum = 0;
    for (let i = 1; i < times.length; i++)
        sum += times[i] - times[i - 1];
    const mean = sum / n;
    let sq = 0;
    for (let i = 1; i < times.length; i++) {
        const d = times[i] - times[i - 1] - mean;
        sq += d * d;
    }
    const stdDev = Math.sqrt(sq / n);
    const coefficient = stdDev / (mean || 1);
    return Math.max(0, 1 - coefficient);
}
/**
 * Unique messages / failures with a message. Messages are compared as stored: TestRunRecord.message
 * is already normalised by the pipeline, and normalizeErrorMessage is not idempotent, so it is not
 * applied a second time here (pass `normalize` to apply it anyway).
 */
function calculateMessageVariance(results, normalize = null) {
    const unique = new Set();
    let failures = 0;
    for (const r of results) {
        if (r.status === 'failed' && r.message) {
            failures++;
            unique.add(normalize ? normalize(r.message) : r.message);
        }
    }
    return failures === 0 ? 0 : unique.size / failures;
}
function calculateFailSuccessRatio(results) {
    const total = results.length;
    if (total === 0)
        return 0;
    let failures = 0;
    for (const r of results)
        if (r.status === 'failed')
            failures++;
    const failureRate = failures / total;
    return 1 - Math.exp(-failureRate * 3);
}
function findMaxConsecutiveFailures(results) {
    let maxStreak = 0;
    let currentStreak = 0;
    for (const r of results) {
        if (r.status === 'failed') {
            currentStreak++;
            if (currentStreak > maxStreak)
                maxStreak = currentStreak;
        }
        else
            currentStreak = 0;
    }
    return maxStreak;
}
function calculateConsecutiveFailurePenalty(results) {
    const totalResults = results.length;
    if (totalResults === 0)
        return 0;
    const consecutiveRatio = findMaxConsecutiveFailures(results) / totalResults;
    return Math.min(1, consecutiveRatio * 2);
}
function calculateComponents(results) {
    return {
        intermittency: calculateIntermittencyScore(results),
        rerunPassRate: calculateRerunPassRate(results),
        failureClustering: calculateFailureClustering(results),
        messageVariance: calculateMessageVariance(results),
        failSuccessRatio: calculateFailSuccessRatio(results),
        consecutiveFailurePenalty: calculateConsecutiveFailurePenalty(results),
    };
}
/** Weighted sum of the five main components, times (1 - penalty * penalty weight), clamped to [0, 1]. */
function combineComponents(c, w = DEFAULT_WEIGHTS) {
    let score = c.intermittency * w.intermittency + c.rerunPassRate * w.rerunPassRate + c.failureClustering * w.failureClustering + c.messageVariance * w.messageVariance + c.failSuccessRatio * w.failSuccessRatio;
    score = score * (1 - c.consecutiveFailurePenalty * w.consecutiveFailurePenalty);
    return Math.max(0, Math.min(1, score));
}
// ---------------------------------------------------------------------------------------------
// Confidence
function calculateDataQuantityFactor(results) {
    return Math.min(1, results.length / 50);
}
/**
 * The seed computes results[0] - results[last], i.e. it assumes newest first (oldest first it would
 * be negative, and the geometric mean NaN). We use newest minus oldest result time (max - min), the
 * same span for either order and never negative.
 */
function calculateTimeSpanFactor(results) {
    if (results.length < 2)
        return 0;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const r of results) {
        if (r.createdAt < min)
            min = r.createdAt;
        if (r.createdAt > max)
            max = r.createdAt;
    }
    const timeSpanDays = (max - min) / DAY_MS;
    return Math.min(1, timeSpanDays / 14);
}
function calculateDataQualityFactor(results) {
    let hasFailureMessages = false;
    let hasRetryData = false;
    let hasTimingData = false;
    for (const r of results) {
        if (r.status === 'failed' && r.message)
            hasFailureMessages = true;
        if (r.attempt > 1)
            hasRetryData = true;
        if (r.time > 0)
            hasTimingData = true;
    }
    let q = 0.5;
    if (hasFailureMessages)
        q += 0.2;
    if (hasRetryData)
        q += 0.2;
    if (hasTimingData)
        q += 0.1;
    return q;
}
function calculateConfidenceFactors(results) {
    return {
        dataQuantity: calculateDataQuantityFactor(results),
        timeSpan: calculateTimeSpanFactor(results),
        dataQuality: calculateDataQualityFactor(results),
    };
}
function combineConfidence(f) {
    return Math.pow(f.dataQuantity * f.timeSpan * f.dataQuality, 1 / 3);
}
function calculateConfidence(results) {
    return combineConfidence(calculateConfidenceFactors(results));
}
// ---------------------------------------------------------------------------------------------
// Recommendation
/**
 * The seed's generateRecommendation, with its hard-coded numbers replaced by the ScoringConfig ones:
 * - confidence >= minConfidenceForQuarantine and score >= quarantineThreshold → quarantine / critical
 * - confidence >= minConfidenceForAction and score >= investigationThreshold → investigate /
 *   high when confidence >= minConfidenceForQuarantine, else medium
 * - score < monitoringThreshold → stable / low
 * - otherwise → monitor / low
 * With `sufficientData` false (fewer than minRunsForScoring runs) the result is at most monitor.
 */
function generateRecommendation(score, confidence, config = DEFAULT_SCORING_CONFIG, sufficientData = true) {
    if (score < config.monitoringThreshold) {
        return { action: 'stable', reason: 'Test appears stable based on available data', confidence, priority: 'low' };
    }
    if (!sufficientData) {
        return {
            action: 'monitor',
            reason: `Fewer than ${config.minRunsForScoring} runs: not enough data to act`,
            confidence,
            priority: 'low',
        };
    }
    if (confidence >= config.minConfidenceForQuarantine && score >= config.quarantineThreshold) {
        return { action: 'quarantine', reason: 'High flakiness score with strong evidence', confidence, priority: 'critical' };
    }
    if (confidence >= config.minConfidenceForAction && score >= config.investigationThreshold) {
        const high = confidence >= config.minConfidenceForQuarantine;
        return {
            action: 'investigate',
            reason: high ? 'Moderate flakiness with high confidence' : 'Potential flakiness detected, needs investigation',
            confidence,
            priority: high ? 'high' : 'medium',
        };
    }
    return {
        action: 'monitor',
        reason: confidence < config.minConfidenceForAction ? 'Insufficient data for confident assessment' : 'Some instability detected, continue monitoring',
        confidence,
        priority: 'low',
    };
}
// ---------------------------------------------------------------------------------------------
// Entry point
function multiFactorFromResults(results, runs, recentFailures, config = DEFAULT_SCORING_CONFIG) {
    const components = calculateComponents(results);
    const score = combineComponents(components, config.weights);
    const factors = calculateConfidenceFactors(results);
    const confidence = combineConfidence(factors);
    const sufficientData = runs >= config.minRunsForScoring;
    return {
        score,
        confidence,
        components,
        factors,
        recommendation: generateRecommendation(score, confidence, config, sufficientData),
        runs,
        results: results.length,
        recentFailures,
        sufficientData,
    };
}
/**
 * Reference path: the seed's functions over `toTestResults`. `multiFactorScore` must give the same
 * result (a property test checks it); this one is slower and allocates a result per attempt.
 */
function multiFactorScoreReference(runs, now, config = DEFAULT_SCORING_CONFIG) {
    const results = toTestResults(runs, now, config);
    let runCount = 0;
    let recentFailures = 0;
    const recentSince = now - config.recentFailureWindow * DAY_MS;
    // Recount runs and recent failing runs from the results (a new run starts at attempt 1).
    let runHasFail = false;
    let runTime = 0;
    for (const r of results) {
        if (r.attempt === 1) {
            if (runCount > 0 && runHasFail && runTime >= recentSince)
                recentFailures++;
            runCount++;
            runHasFail = false;
            runTime = r.createdAt;
        }
        if (r.status === 'failed')
            runHasFail = true;
    }
    if (runCount > 0 && runHasFail && runTime >= recentSince)
        recentFailures++;
    return multiFactorFromResults(results, runCount, recentFailures, config);
}
// Scratch buffers for the fast path (single-threaded; contents never escape).
let pickedIdx = new Int32Array(64);
let failTimes = new Float64Array(256);
const messageSet = new Set();
/**
 * The multi-factor score of one test's runs (oldest first) as of `now`: the same numbers as
 * `multiFactorScoreReference`, computed in one pass without allocating per attempt.
 */
function multiFactorScore(runs, now, config = DEFAULT_SCORING_CONFIG) {
    const since = now - config.lookbackDays * DAY_MS;
    const recentSince = now - config.recentFailureWindow * DAY_MS;
    const cap = Math.max(0, config.rollingWindowSize);
    let picked = 0;
    for (let r = runs.length - 1; r >= 0 && picked < cap; r--) {
        const run = runs[r];
        if (run.time < since || !hasObservation(run.attempts))
            continue;
        if (picked === pickedIdx.length) {
            const grown = new Int32Array(pickedIdx.length * 2);
            grown.set(pickedIdx);
            pickedIdx = grown;
        }
        pickedIdx[picked++] = r;
    }
    let n = 0;
    let transitions = 0;
    let prevFail = false;
    let rerunPasses = 0;
    let totalReruns = 0;
    let failures = 0;
    let streak = 0;
    let maxStreak = 0;
    let nFailTimes = 0;
    let timesSorted = true;
    let msgFailures = 0;
    let hasFailureMessages = false;
    let hasTiming = false;
    let recentFailures = 0;
    let minTime = Number.POSITIVE_INFINITY;
    let maxTime = Number.NEGATIVE_INFINITY;
    if (messageSet.size > 0)
        messageSet.clear();
    for (let q = picked - 1; q >= 0; q--) {
        const run = runs[pickedIdx[q]];
        const a = run.attempts;
        const time = run.time;
        let attempt = 0;
        let messageGiven = false;
        let runFailed = false;
        for (let i = 0; i < a.length; i++) {
            const c = a.charCodeAt(i);
            const fail = (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .isFailCode */ .oX)(c);
            if (!fail && c !== _outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .CH_P */ .ly)
                continue;
            attempt++;
            if (time < minTime)
                minTime = time;
            if (time > maxTime)
                maxTime = time;
            if (n > 0 && fail !== prevFail)
                transitions++;
            prevFail = fail;
            n++;
            if (attempt > 1) {
                totalReruns++;
                if (!fail)
                    rerunPasses++;
            }
            if (fail) {
                runFailed = true;
                failures++;
                streak++;
                if (streak > maxStreak)
                    maxStreak = streak;
                if (nFailTimes === failTimes.length) {
                    const grown = new Float64Array(failTimes.length * 2);
                    grown.set(failTimes);
                    failTimes = grown;
                }
                if (nFailTimes > 0 && time < failTimes[nFailTimes - 1])
                    timesSorted = false;
                failTimes[nFailTimes++] = time;
                if (!messageGiven) {
                    messageGiven = true;
                    const m = run.message;
                    if (m !== undefined && m !== '') {
                        hasFailureMessages = true;
                        msgFailures++;
                        messageSet.add(m);
                    }
                }
            }
            else
                streak = 0;
        }
        if (run.durationSec !== undefined && run.durationSec > 0)
            hasTiming = true;
        if (runFailed && time >= recentSince)
            recentFailures++;
    }
    // Failure clustering, same arithmetic as calculateFailureClustering.
    let failureClustering = 0;
    if (nFailTimes >= 2) {
        if (!timesSorted)
            failTimes.subarray(0, nFailTimes).sort();
        const m = nFailTimes - 1;
        let sum = 0;
        for (let i = 1; i < nFailTimes; i++)
            sum += failTimes[i] - failTimes[i - 1];
        const mean = sum / m;
        let sq = 0;
        for (let i = 1; i < nFailTimes; i++) {
            const d = failTimes[i] - failTimes[i - 1] - mean;
            sq += d * d;
        }
        const stdDev = Math.sqrt(sq / m);
        failureClustering = Math.max(0, 1 - stdDev / (mean || 1));
    }
    const components = {
        intermittency: transitions / Math.max(1, n - 1),
        rerunPassRate: totalReruns > 0 ? rerunPasses / totalReruns : 0,
        failureClustering,
        messageVariance: msgFailures === 0 ? 0 : messageSet.size / msgFailures,
        failSuccessRatio: n === 0 ? 0 : 1 - Math.exp(-(failures / n) * 3),
        consecutiveFailurePenalty: n === 0 ? 0 : Math.min(1, (maxStreak / n) * 2),
    };
    if (messageSet.size > 0)
        messageSet.clear();
    let q = 0.5;
    if (hasFailureMessages)
        q += 0.2;
    if (totalReruns > 0)
        q += 0.2;
    if (hasTiming)
        q += 0.1;
    const factors = {
        dataQuantity: Math.min(1, n / 50),
        timeSpan: n < 2 ? 0 : Math.min(1, (maxTime - minTime) / DAY_MS / 14),
        dataQuality: q,
    };
    const score = combineComponents(components, config.weights);
    const confidence = combineConfidence(factors);
    const sufficientData = picked >= config.minRunsForScoring;
    return {
        score,
        confidence,
        components,
        factors,
        recommendation: generateRecommendation(score, confidence, config, sufficientData),
        runs: picked,
        results: n,
        recentFailures,
        sufficientData,
    };
}


/***/ }),

/***/ 25648:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CL: () => (/* binding */ runOutcome),
/* harmony export */   ly: () => (/* binding */ CH_P),
/* harmony export */   oX: () => (/* binding */ isFailCode)
/* harmony export */ });
/* unused harmony exports CH_F, CH_E */
/**
 * Shared helpers that turn a `TestRunRecord.attempts` string (one STATUS_CODE letter per attempt:
 * P passed, F failed, E error, S skipped) into what the scoring methods need.
 * `E` (error) is a failure everywhere; `S` (skipped) is never an observation.
 */
/** Char codes, to avoid allocating substrings in hot loops. */
const CH_P = 80; // 'P'
const CH_F = 70; // 'F'
const CH_E = 69; // 'E'
/**
 * Outcome of one run: its final non-skipped attempt. `true` = passed, `false` = failed or error,
 * `null` = no non-skipped attempt (the run is not an observation and is dropped).
 * Unknown letters are ignored like skips.
 */
function runOutcome(attempts) {
    for (let i = attempts.length - 1; i >= 0; i--) {
        const c = attempts.charCodeAt(i);
        if (c === CH_P)
            return true;
        if (c === CH_F || c === CH_E)
            return false;
    }
    return null;
}
/** True when the letter is a failing attempt (F or E). */
function isFailCode(c) {
    return c === CH_F || c === CH_E;
}


/***/ }),

/***/ 9662:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BX: () => (/* binding */ pfsFromStats),
/* harmony export */   lQ: () => (/* binding */ DEFAULT_PFS_CONFIG),
/* harmony export */   mk: () => (/* binding */ pfs),
/* harmony export */   o4: () => (/* binding */ createPfsMemo)
/* harmony export */ });
/* unused harmony exports pfsStats, pfsStatsKey, computePfs */
/* harmony import */ var _outcomes_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(25648);

const DEFAULT_PFS_CONFIG = Object.freeze({
    priorPb: Object.freeze([1, 1]),
    priorPf: Object.freeze([1, 1]),
    credibleMass: 0.9,
    gridSize: 48,
});
function createPfsMemo() {
    return {
        posteriors: new Map(),
        shaIds: new Map(),
        stamp: new Int32Array(256),
        slot: new Int32Array(256),
        epoch: 0,
        lastShas: [],
        groupOfRun: new Int32Array(128),
        lastGroups: 0,
    };
}
// ---------------------------------------------------------------------------------------------
// Sufficient statistics
// Scratch for pfsStats (single-threaded; contents never escape).
let groupFails = new Int32Array(128);
let groupPasses = new Int32Array(128);
/** Groups the runs' non-skipped attempts by sha and reduces them to the sufficient statistics. */
function pfsStats(runs, memo = createPfsMemo()) {
    const n = runs.length;
    // Phase 1: the group (distinct sha) of every run. Tests that ran in the same runs have the same
    // sha sequence, so the previous test's assignment is reused when the shas match one by one.
    let groups;
    const last = memo.lastShas;
    let same = last.length === n;
    for (let r = 0; same && r < n; r++)
        if (runs[r].sha !== last[r])
            same = false;
    if (same)
        groups = memo.lastGroups;
    else {
        if (memo.groupOfRun.length < n)
            memo.groupOfRun = new Int32Array(Math.max(n, memo.groupOfRun.length * 2));
        const groupOfRun = memo.groupOfRun;
        const ids = memo.shaIds;
        if (memo.epoch >= 0x7ffffffe) {
            memo.stamp.fill(0);
            memo.epoch = 0;
        }
        const epoch = ++memo.epoch;
        groups = 0;
        let prevSha;
        let prevGroup = -1;
        for (let r = 0; r < n; r++) {
            const sha = runs[r].sha;
            let g;
            if (sha === prevSha)
                g = prevGroup;
            else {
                let id = ids.get(sha);
                if (id === undefined) {
                    id = ids.size;
                    ids.set(sha, id);
                    if (id >= memo.stamp.length) {
                        const st = new Int32Array(memo.stamp.length * 2);
                        st.set(memo.stamp);
                        memo.stamp = st;
                        const sl = new Int32Array(memo.slot.length * 2);
                        sl.set(memo.slot);
                        memo.slot = sl;
                    }
                }
                if (memo.stamp[id] === epoch)
                    g = memo.slot[id];
                else {
                    g = groups++;
                    memo.stamp[id] = epoch;
                    memo.slot[id] = g;
                }
                prevSha = sha;
                prevGroup = g;
            }
            groupOfRun[r] = g;
        }
        const shas = new Array(n);
        for (let r = 0; r < n; r++)
            shas[r] = runs[r].sha;
        memo.lastShas = shas;
        memo.lastGroups = groups;
    }
    // Phase 2: failures and passes per group.
    if (groupFails.length < groups) {
        groupFails = new Int32Array(Math.max(groups, groupFails.length * 2));
        groupPasses = new Int32Array(groupFails.length);
    }
    groupFails.fill(0, 0, groups);
    groupPasses.fill(0, 0, groups);
    const groupOfRun = memo.groupOfRun;
    for (let r = 0; r < n; r++) {
        const a = runs[r].attempts;
        let f = 0;
        let p = 0;
        for (let i = 0; i < a.length; i++) {
            const c = a.charCodeAt(i);
            if (c === _outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .CH_P */ .ly)
                p++;
            else if ((0,_outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .isFailCode */ .oX)(c))
                f++;
        }
        const g = groupOfRun[r];
        groupFails[g] = groupFails[g] + f;
        groupPasses[g] = groupPasses[g] + p;
    }
    let good = 0;
    let goodFailures = 0;
    let passes = 0;
    let allFail = [];
    for (let g = 0; g < groups; g++) {
        const f = groupFails[g];
        const p = groupPasses[g];
        if (f + p === 0)
            continue; // only skipped attempts on this sha: not an observation
        if (p > 0) {
            good++;
            goodFailures += f;
            passes += p;
        }
        else {
            let found = false;
            for (const e of allFail) {
                if (e[0] === f) {
                    e[1]++;
                    found = true;
                    break;
                }
            }
            if (!found)
                allFail.push([f, 1]);
        }
    }
    if (allFail.length > 1)
        allFail = allFail.sort((x, y) => x[0] - y[0]);
    return { good, goodFailures, passes, allFail };
}
function pfsStatsKey(s) {
    let key = `${s.good},${s.goodFailures},${s.passes}`;
    for (const [k, n] of s.allFail)
        key += `|${k}:${n}`;
    return key;
}
const configKeys = new WeakMap();
function configKey(c) {
    let k = configKeys.get(c);
    if (k === undefined) {
        k = `${c.priorPb[0]},${c.priorPb[1]},${c.priorPf[0]},${c.priorPf[1]},${c.credibleMass},${c.gridSize}`;
        configKeys.set(c, k);
    }
    return k;
}
// ---------------------------------------------------------------------------------------------
// Grid machinery
/**
 * Logit range covered on both axes: p in [3.1e-7, 1 - 3.1e-7]. With priors Beta(a, b), a, b >= 1,
 * the density in t decays at least like e^-|t| beyond it, so the mass left out is below 1e-6.
 */
const T_MIN = -15;
const T_MAX = 15;
const COARSE_STEP = 1;
const COARSE_N = Math.round((T_MAX - T_MIN) / COARSE_STEP) + 1; // nodes
/** Coarse nodes whose log posterior is within this of the maximum (density ratio 1e-9) delimit the fine region. */
const REGION_LOG_CUTOFF = 20.7;
/** Log density ratio below which a fine-grid cell is treated as 0 (e^-46 ~ 1e-20). */
const NEGLIGIBLE = 46;
/** log(sigmoid(t)) and log(1 - sigmoid(t)), stable. */
function logSig(t) {
    return t >= 0 ? -Math.log1p(Math.exp(-t)) : t - Math.log1p(Math.exp(t));
}
function logSigNeg(t) {
    return logSig(-t);
}
function sigmoid(t) {
    return t >= 0 ? 1 / (1 + Math.exp(-t)) : Math.exp(t) / (1 + Math.exp(t));
}
/** log(exp(a) + exp(b)). */
function logAddExp(a, b) {
    return a > b ? a + Math.log1p(Math.exp(b - a)) : b + Math.log1p(Math.exp(a - b));
}
const coarseT = new Float64Array(COARSE_N);
const coarseLogP = new Float64Array(COARSE_N);
const coarseLog1mP = new Float64Array(COARSE_N);
for (let i = 0; i < COARSE_N; i++) {
    const t = T_MIN + i * COARSE_STEP;
    coarseT[i] = t;
    coarseLogP[i] = logSig(t);
    coarseLog1mP[i] = logSigNeg(t);
}
/** Coarse log posterior, reused by every computePfs call (never escapes). */
const coarseScratch = new Float64Array(COARSE_N * COARSE_N);
/** log(p_b + (1 - p_b) p_f^k) on the coarse grid, [i_b * COARSE_N + i_f], by k. */
const coarseAllFail = new Map();
function coarseAllFailTable(k) {
    let tab = coarseAllFail.get(k);
    if (tab === undefined) {
        tab = new Float64Array(COARSE_N * COARSE_N);
        for (let i = 0; i < COARSE_N; i++) {
            for (let j = 0; j < COARSE_N; j++)
                tab[i * COARSE_N + j] = logAddExp(coarseLogP[i], coarseLog1mP[i] + k * coarseLogP[j]);
        }
        coarseAllFail.set(k, tab);
    }
    return tab;
}
/** [lo, hi] coarse indices (inclusive) where f[idx] >= max - cutoff, padded by one node. */
function region(vals) {
    let max = -Infinity;
    for (let i = 0; i < vals.length; i++)
        if (vals[i] > max)
            max = vals[i];
    let lo = vals.length;
    let hi = -1;
    for (let i = 0; i < vals.length; i++) {
        if (vals[i] >= max - REGION_LOG_CUTOFF) {
            if (i < lo)
                lo = i;
            hi = i;
        }
    }
    return [Math.max(0, lo - 1), Math.min(vals.length - 1, hi + 1)];
}
/** Fine grid nodes over coarse indices [lo, hi]. */
function fineNodes(lo, hi, n) {
    const t0 = coarseT[lo];
    const t1 = coarseT[hi];
    const out = new Float64Array(n + 1);
    const h = (t1 - t0) / n;
    for (let i = 0; i <= n; i++)
        out[i] = t0 + i * h;
    return out;
}
/** Posterior mean of p = sigmoid(t), trapezoidal rule. */
function mean(m) {
    const n = m.t.length;
    let z = 0;
    let s = 0;
    for (let i = 0; i < n; i++) {
        const w = i === 0 || i === n - 1 ? 0.5 : 1;
        z += w * m.f[i];
        s += w * m.f[i] * sigmoid(m.t[i]);
    }
    return s / z;
}
/**
 * Quantile q of the marginal, returned as p = sigmoid(t). The density between nodes is the
 * Catmull-Rom cubic through the four nearest nodes (a node beyond the ends counts as 0: the
 * region is chosen so that the density there is negligible); cells are integrated exactly, and
 * the crossing inside a cell is found by bisection. Fourth-order accurate in the node spacing.
 */
function quantile(m, q) {
    const n = m.t.length;
    if (n === 1)
        return sigmoid(m.t[0]);
    const h = m.t[1] - m.t[0];
    const f = m.f;
    const at = (i) => (i < 0 || i >= n ? 0 : f[i]);
    // Cell integrals h/24 (-f[i-1] + 13 f[i] + 13 f[i+1] - f[i+2]), clamped at 0.
    const cells = new Float64Array(n - 1);
    let z = 0;
    for (let i = 0; i < n - 1; i++) {
        const c = Math.max(0, (h / 24) * (-at(i - 1) + 13 * at(i) + 13 * at(i + 1) - at(i + 2)));
        cells[i] = c;
        z += c;
    }
    const target = q * z;
    let acc = 0;
    for (let i = 0; i < n - 1; i++) {
        const c = cells[i];
        if (acc + c < target && i < n - 2) {
            acc += c;
            continue;
        }
        const need = Math.max(0, Math.min(c, target - acc));
        const fm = at(i - 1);
        const f0 = at(i);
        const f1 = at(i + 1);
        const f2 = at(i + 2);
        const c1 = f1 - fm;
        const c2 = 2 * fm - 5 * f0 + 4 * f1 - f2;
        const c3 = -fm + 3 * f0 - 3 * f1 + f2;
        // Integral of the cubic from 0 to x (x in [0, 1]), times h.
        const cum = (x) => h * 0.5 * (2 * f0 * x + (c1 * x * x) / 2 + (c2 * x * x * x) / 3 + (c3 * x * x * x * x) / 4);
        let lo = 0;
        let hi = 1;
        for (let it = 0; it < 40; it++) {
            const mid = (lo + hi) / 2;
            if (cum(mid) < need)
                lo = mid;
            else
                hi = mid;
        }
        return sigmoid(m.t[i] + ((lo + hi) / 2) * h);
    }
    return sigmoid(m.t[n - 1]);
}
/** 1-D posterior of a Beta-like factor p^a (1 - p)^b in logit space (the prior's Jacobian included in a, b). */
function marginal1d(ax, n) {
    const coarse = new Float64Array(COARSE_N);
    for (let i = 0; i < COARSE_N; i++)
        coarse[i] = ax.a * coarseLogP[i] + ax.b * coarseLog1mP[i];
    const [lo, hi] = region(coarse);
    const t = fineNodes(lo, hi, n);
    const lv = new Float64Array(t.length);
    let max = -Infinity;
    for (let i = 0; i < t.length; i++) {
        const v = ax.a * logSig(t[i]) + ax.b * logSigNeg(t[i]);
        lv[i] = v;
        if (v > max)
            max = v;
    }
    for (let i = 0; i < t.length; i++)
        lv[i] = Math.exp(lv[i] - max);
    return { t, f: lv };
}
/**
 * Posterior summary from sufficient statistics. Exported for tests; use `pfs` or `pfsFromStats`
 * with a memo in production.
 */
function computePfs(s, config = DEFAULT_PFS_CONFIG) {
    const n = Math.max(4, Math.floor(config.gridSize));
    // In logit space a Beta(a, b) prior has density p^a (1 - p)^b (Jacobian p (1 - p)).
    const b = { a: config.priorPb[0], b: config.priorPb[1] + s.good };
    const f = { a: config.priorPf[0] + s.goodFailures, b: config.priorPf[1] + s.passes };
    const lowQ = (1 - config.credibleMass) / 2;
    const highQ = 1 - lowQ;
    let observations = s.good;
    for (const [, c] of s.allFail)
        observations += c;
    let mb;
    let mf;
    if (s.allFail.length === 0) {
        // The posterior factorises: p_b ~ Beta(a_b, b_b + G), p_f ~ Beta(a_f + A, b_f + B).
        mb = marginal1d(b, n);
        mf = marginal1d(f, n);
    }
    else {
        // Coarse 2-D pass on cached tables to locate the mass.
        const N = COARSE_N;
        const coarse = coarseScratch;
        const col = new Float64Array(N);
        for (let j = 0; j < N; j++)
            col[j] = f.a * coarseLogP[j] + f.b * coarseLog1mP[j];
        // Start from the first all-fail term, then add the others (usually there is only one).
        const tab0 = coarseAllFailTable(s.allFail[0][0]);
        const n0 = s.allFail[0][1];
        let max = -Infinity;
        for (let i = 0; i < N; i++) {
            const row = b.a * coarseLogP[i] + b.b * coarseLog1mP[i];
            const base = i * N;
            for (let j = 0; j < N; j++)
                coarse[base + j] = row + col[j] + n0 * tab0[base + j];
        }
        for (let q = 1; q < s.allFail.length; q++) {
            const tab = coarseAllFailTable(s.allFail[q][0]);
            const nq = s.allFail[q][1];
            for (let x = 0; x < N * N; x++)
                coarse[x] = coarse[x] + nq * tab[x];
        }
        for (let x = 0; x < N * N; x++)
            if (coarse[x] > max)
                max = coarse[x];
        let ilo = N;
        let ihi = -1;
        let jlo = N;
        let jhi = -1;
        for (let i = 0; i < N; i++) {
            for (let j = 0; j < N; j++) {
                if (coarse[i * N + j] >= max - REGION_LOG_CUTOFF) {
                    if (i < ilo)
                        ilo = i;
                    if (i > ihi)
                        ihi = i;
                    if (j < jlo)
                        jlo = j;
                    if (j > jhi)
                        jhi = j;
                }
            }
        }
        ilo = Math.max(0, ilo - 1);
        jlo = Math.max(0, jlo - 1);
        ihi = Math.min(N - 1, ihi + 1);
        jhi = Math.min(N - 1, jhi + 1);
        // Fine 2-D pass over the region.
        const tb = fineNodes(ilo, ihi, n);
        const tf = fineNodes(jlo, jhi, n);
        const nb = tb.length;
        const nf = tf.length;
        const pbv = new Float64Array(nb);
        const rowTerm = new Float64Array(nb);
        for (let i = 0; i < nb; i++) {
            pbv[i] = sigmoid(tb[i]);
            rowTerm[i] = b.a * logSig(tb[i]) + b.b * logSigNeg(tb[i]);
        }
        const K = s.allFail.length;
        const ns = new Float64Array(K);
        for (let q = 0; q < K; q++)
            ns[q] = s.allFail[q][1];
        // pfk[j * K + q] = p_f^k_q; colTerm = good-state factor of p_f.
        const pfk = new Float64Array(nf * K);
        const colTerm = new Float64Array(nf);
        for (let j = 0; j < nf; j++) {
            const lf = logSig(tf[j]);
            colTerm[j] = f.a * lf + f.b * logSigNeg(tf[j]);
            for (let q = 0; q < K; q++)
                pfk[j * K + q] = Math.exp(s.allFail[q][0] * lf);
        }
        const fb = new Float64Array(nb);
        const ff = new Float64Array(nf);
        // Cell density relative to exp(max): exp(row_i + col_j - max) * prod_q y^n_q with
        // y = p_b + (1 - p_b) p_f^k_q in (3e-7, 1] (p_b >= 3e-7 on this grid, so y never underflows).
        let rmax = -Infinity;
        let cmax = -Infinity;
        for (let i = 0; i < nb; i++)
            if (rowTerm[i] > rmax)
                rmax = rowTerm[i];
        for (let j = 0; j < nf; j++)
            if (colTerm[j] > cmax)
                cmax = colTerm[j];
        // `max` (coarse) <= the true maximum <= rmax + cmax. When u = rmax + cmax - max is moderate,
        // exp(row + col - max) <= e^u cannot overflow, and a cell whose integer powers underflow
        // (< e^-745) is below e^(u - 745): negligible. Then the powers are taken by repeated
        // squaring, with no log or exp per cell. Otherwise fall back to logs.
        const u = rmax + cmax - max;
        if (u < 600) {
            const ex = new Float64Array(nb);
            const cx = new Float64Array(nf);
            for (let i = 0; i < nb; i++)
                ex[i] = Math.exp(rowTerm[i] - rmax);
            for (let j = 0; j < nf; j++)
                cx[j] = Math.exp(colTerm[j] - cmax + u);
            const tiny = Math.exp(-NEGLIGIBLE);
            for (let i = 0; i < nb; i++) {
                const e = ex[i];
                const pb = pbv[i];
                const qb = 1 - pb;
                const wi = i === 0 || i === nb - 1 ? 0.5 : 1;
                for (let j = 0; j < nf; j++) {
                    let d = e * cx[j];
                    // Each all-fail factor is <= 1: a cell already negligible stays negligible.
                    if (d < tiny)
                        continue;
                    for (let q = 0; q < K; q++) {
                        let y = pb + qb * pfk[j * K + q];
                        let m = ns[q];
                        let r = 1;
                        while (m > 0) {
                            if (m & 1)
                                r *= y;
                            y *= y;
                            m >>= 1;
                        }
                        d *= r;
                    }
                    const wj = j === 0 || j === nf - 1 ? 0.5 : 1;
                    fb[i] = fb[i] + wj * d;
                    ff[j] = ff[j] + wi * d;
                }
            }
        }
        else {
            const floor = max - NEGLIGIBLE;
            for (let i = 0; i < nb; i++) {
                const row = rowTerm[i];
                const pb = pbv[i];
                const qb = 1 - pb;
                const wi = i === 0 || i === nb - 1 ? 0.5 : 1;
                for (let j = 0; j < nf; j++) {
                    let v = row + colTerm[j];
                    if (v < floor)
                        continue;
                    for (let q = 0; q < K; q++)
                        v += ns[q] * Math.log(pb + qb * pfk[j * K + q]);
                    const x = v - max;
                    if (x < -NEGLIGIBLE)
                        continue;
                    const d = Math.exp(x);
                    const wj = j === 0 || j === nf - 1 ? 0.5 : 1;
                    fb[i] = fb[i] + wj * d;
                    ff[j] = ff[j] + wi * d;
                }
            }
        }
        mb = { t: tb, f: fb };
        mf = { t: tf, f: ff };
    }
    return {
        pf: mean(mf),
        pfLow: quantile(mf, lowQ),
        pfHigh: quantile(mf, highQ),
        pb: mean(mb),
        observations,
    };
}
/** Posterior from statistics, through the memo when given. */
function pfsFromStats(s, config = DEFAULT_PFS_CONFIG, memo) {
    if (memo === undefined)
        return computePfs(s, config);
    const key = `${configKey(config)}#${pfsStatsKey(s)}`;
    let r = memo.posteriors.get(key);
    if (r === undefined) {
        r = Object.freeze(computePfs(s, config));
        memo.posteriors.set(key, r);
    }
    return r;
}
/** PFS of one test's runs (all of them: the history is already the window). */
function pfs(runs, config = DEFAULT_PFS_CONFIG, memo) {
    return pfsFromStats(pfsStats(runs, memo), config, memo);
}


/***/ }),

/***/ 2360:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   el: () => (/* binding */ pfsTrendOf),
/* harmony export */   v8: () => (/* binding */ pfsRose)
/* harmony export */ });
/* unused harmony exports RECENT_WINDOW, MIN_FAILING, evidenceRuns, recentPfs */
/* harmony import */ var _pfs_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9662);

const RECENT_WINDOW = 10;
const MIN_FAILING = 2;
/** The runs that are evidence: a non-skipped attempt, not in an outage. */
function evidenceRuns(runs) {
    return runs.filter((r) => !r.outage && hasOutcome(r.attempts));
}
function hasOutcome(attempts) {
    for (let i = 0; i < attempts.length; i++)
        if (attempts.charCodeAt(i) !== 83 /* S */)
            return true;
    return false;
}
/** PFS sufficient statistics of a few runs (a window), grouped by sha without the shared index: cheap for 10 runs. */
function windowStats(runs, from, to) {
    const shas = [];
    const passes = [];
    const fails = [];
    for (let r = from; r < to; r++) {
        const run = runs[r];
        let g = shas.indexOf(run.sha);
        if (g < 0) {
            g = shas.push(run.sha) - 1;
            passes.push(0);
            fails.push(0);
        }
        const a = run.attempts;
        for (let i = 0; i < a.length; i++) {
            const c = a.charCodeAt(i);
            if (c === 80)
                passes[g]++;
            else if (c === 70 || c === 69)
                fails[g]++;
        }
    }
    let good = 0;
    let goodFailures = 0;
    let passed = 0;
    const allFail = new Map();
    for (let g = 0; g < shas.length; g++) {
        if (passes[g] > 0) {
            good++;
            goodFailures += fails[g];
            passed += passes[g];
        }
        else if (fails[g] > 0) {
            allFail.set(fails[g], (allFail.get(fails[g]) ?? 0) + 1);
        }
    }
    return { good, goodFailures, passes: passed, allFail: [...allFail].sort((x, y) => x[0] - y[0]) };
}
const interval = (r) => [r.pf, r.pfLow, r.pfHigh];
/** The PFS of the newest `window` evidence runs. */
function recentPfs(runs, window = RECENT_WINDOW, config = DEFAULT_PFS_CONFIG, memo) {
    return interval(pfs(evidenceRuns(runs).slice(-window), config, memo));
}
/**
 * Whether the test's flakiness rose. Without a given baseline, the runs before the recent window are the baseline,
 * and there must be at least `window` of them.
 */
function pfsRose(runs, baseline, window = RECENT_WINDOW, minFailing = MIN_FAILING, config = _pfs_js__WEBPACK_IMPORTED_MODULE_0__/* .DEFAULT_PFS_CONFIG */ .lQ, memo) {
    const evidence = evidenceRuns(runs);
    const recent = evidence.slice(-window);
    if (recent.filter((r) => /[FE]/.test(r.attempts)).length < minFailing)
        return undefined;
    let before = baseline;
    if (!before) {
        if (evidence.length < 2 * window)
            return undefined;
        before = interval((0,_pfs_js__WEBPACK_IMPORTED_MODULE_0__/* .pfs */ .mk)(evidence.slice(0, -window), config, memo));
    }
    const now = interval((0,_pfs_js__WEBPACK_IMPORTED_MODULE_0__/* .pfs */ .mk)(recent, config, memo));
    return now[1] > before[2] ? { now, before } : undefined;
}
/**
 * The recent PFS at the last `points` runs `every` runs apart, oldest first: the short trend kept in each stats line
 * (`pfsTrend`) and shown in issues.
 */
function pfsTrendOf(runs, points = 5, every = 5, window = RECENT_WINDOW, config = _pfs_js__WEBPACK_IMPORTED_MODULE_0__/* .DEFAULT_PFS_CONFIG */ .lQ, memo, 
/** Nothing when no run of the trend's span failed (the stats files keep a trend only for tests that failed lately). */
onlyIfFailing = false) {
    const evidence = evidenceRuns(runs);
    const out = [];
    if (onlyIfFailing) {
        const span = Math.max(0, evidence.length - (points - 1) * every - window);
        let failing = false;
        for (let r = evidence.length - 1; r >= span && !failing; r--)
            failing = /[FE]/.test(evidence[r].attempts);
        if (!failing)
            return out;
    }
    for (let k = points - 1; k >= 0; k--) {
        const end = evidence.length - k * every;
        if (end < 1)
            continue;
        out.push({ runs: end, pf: (0,_pfs_js__WEBPACK_IMPORTED_MODULE_0__/* .pfsFromStats */ .BX)(windowStats(evidence, Math.max(0, end - window), end), config, memo).pf });
    }
    return out;
}


/***/ }),

/***/ 51820:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Yt: () => (/* binding */ DEFAULT_SUCCESS_RATE_CONFIG),
/* harmony export */   sE: () => (/* binding */ successRate)
/* harmony export */ });
/* unused harmony export DAY_MS */
/* harmony import */ var _outcomes_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(25648);

const DAY_MS = 86_400_000;
const DEFAULT_SUCCESS_RATE_CONFIG = Object.freeze({
    lookbackDays: 30,
    filter: 'default-branch-or-successful-job',
    passWhen: 'all-attempts',
});
function successRate(runs, now, config = DEFAULT_SUCCESS_RATE_CONFIG) {
    const since = now - config.lookbackDays * DAY_MS;
    const all = config.filter === 'all';
    const finalOnly = config.passWhen === 'final-attempt';
    let counted = 0;
    let passed = 0;
    for (let r = runs.length - 1; r >= 0; r--) {
        const run = runs[r];
        if (run.time < since)
            continue; // histories are oldest first, but do not rely on it
        if (!all && !run.onDefaultBranch && run.jobSucceeded !== true)
            continue;
        const a = run.attempts;
        let seen = false;
        let failed = false;
        let last = false;
        for (let i = 0; i < a.length; i++) {
            const c = a.charCodeAt(i);
            if (c === _outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .CH_P */ .ly) {
                seen = true;
                last = true;
            }
            else if ((0,_outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .isFailCode */ .oX)(c)) {
                seen = true;
                failed = true;
                last = false;
            }
        }
        if (!seen)
            continue;
        counted++;
        if (finalOnly ? last : !failed)
            passed++;
    }
    return { rate: counted === 0 ? null : passed / counted, counted, passed };
}


/***/ }),

/***/ 49391:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hd: () => (/* binding */ thresholdedFlakiness),
/* harmony export */   eb: () => (/* binding */ DEFAULT_THRESHOLDED_CONFIG),
/* harmony export */   jW: () => (/* binding */ allocateBudget)
/* harmony export */ });
/* unused harmony export DEFAULT_BUDGET_OPTIONS */
/**
 * Thresholded flakiness and budget allocation (seed 004, Heisentest thesis chapter).
 *
 * flakiness(p) = 1 - p / alpha for a failure chance p in (0, alpha), 0 otherwise: the rarer a
 * failure, the flakier (and the more worth catching) the test; tests failing at least alpha of the
 * time "could reasonably be reproduced by a developer" and get 0. alpha = 0.4 (the thesis's figure,
 * which it calls arbitrary). See docs/scoring.md.
 */
const DEFAULT_THRESHOLDED_CONFIG = Object.freeze({ alpha: 0.4 });
/** The thesis's calculateFlakiness(chanceOfFailure, threshold). NaN/out-of-range inputs give 0. */
function thresholdedFlakiness(chanceOfFailure, alpha = DEFAULT_THRESHOLDED_CONFIG.alpha) {
    if (!(chanceOfFailure > 0) || !(alpha > 0) || chanceOfFailure >= alpha)
        return 0;
    return 1 - chanceOfFailure / alpha;
}
const DEFAULT_BUDGET_OPTIONS = Object.freeze({
    budget: 100,
    proportionTargeted: 0.8,
    maxTargetedPerTest: Number.POSITIVE_INFINITY,
    maxExploratoryPerTest: 1,
    seed: 1,
});
/** mulberry32: small, fast, deterministic PRNG in [0, 1). */
function mulberry32(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
/**
 * The thesis's allocateBudget: the targeted pool (budget * proportionTargeted) is split among tests
 * with flakiness > 0 in proportion to flakiness / totalFlakiness, each capped at maxTargetedPerTest
 * (what a cap cuts off is not redistributed, as in the seed); the exploratory pool goes, in a
 * seeded shuffle, to tests that got no targeted budget, min(remaining, maxExploratoryPerTest) each,
 * until it runs out. Returns only tests with budget > 0: targeted ones first, by flakiness
 * descending, then fewer runs first ("least historical data"), then id; exploratory ones in
 * shuffle order. Pure: same input and seed, same output.
 */
function allocateBudget(tests, options = {}) {
    const o = { ...DEFAULT_BUDGET_OPTIONS, ...options };
    const total = Math.max(0, o.budget);
    const prop = Math.min(1, Math.max(0, o.proportionTargeted));
    const targetedBudget = total * prop;
    const exploratoryBudget = total - targetedBudget;
    let totalFlakiness = 0;
    const flaky = [];
    const rest = [];
    for (const t of tests) {
        if (t.flakiness > 0) {
            totalFlakiness += t.flakiness;
            flaky.push(t);
        }
        else
            rest.push(t);
    }
    flaky.sort((a, b) => b.flakiness - a.flakiness || a.runs - b.runs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const out = [];
    for (const t of flaky) {
        const share = Math.min((t.flakiness / totalFlakiness) * targetedBudget, o.maxTargetedPerTest);
        if (share > 0)
            out.push({ id: t.id, pool: 'targeted', budget: share, flakiness: t.flakiness });
        else
            rest.push(t);
    }
    // Stable order before the shuffle so the result does not depend on input order.
    rest.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    let remaining = exploratoryBudget;
    const rand = mulberry32(o.seed);
    // Partial Fisher–Yates: only as many draws as the pool can pay for.
    for (let i = 0; i < rest.length && remaining > 0 && o.maxExploratoryPerTest > 0; i++) {
        const j = i + Math.floor(rand() * (rest.length - i));
        const pick = rest[j];
        rest[j] = rest[i];
        rest[i] = pick;
        const give = Math.min(remaining, o.maxExploratoryPerTest);
        remaining -= give;
        out.push({ id: pick.id, pool: 'exploratory', budget: give, flakiness: pick.flakiness });
    }
    return out;
}


/***/ }),

/***/ 61557:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Dj: () => (/* binding */ renderHistoryShard),
/* harmony export */   JH: () => (/* binding */ renderRuns),
/* harmony export */   Nj: () => (/* binding */ storedTests),
/* harmony export */   gb: () => (/* binding */ parseHistoryShard),
/* harmony export */   kn: () => (/* binding */ KnownSeqs),
/* harmony export */   oI: () => (/* binding */ parseRuns),
/* harmony export */   v: () => (/* binding */ nextSeq),
/* harmony export */   wV: () => (/* binding */ RunMarks),
/* harmony export */   zZ: () => (/* binding */ LineTexts)
/* harmony export */ });
/* unused harmony exports MAX_RUN_SEQ, MAX_RUN_ROWS, encodeOutcomes, decodeOutcomes, storedOf, readHistoryShard, renderDecodedShard */
/* harmony import */ var _history_stored_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(44173);
/* harmony import */ var _history_outcome_string_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(65840);
/* harmony import */ var _layout_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9900);



function nextSeq(runs) {
    let max = 0;
    for (const row of runs.values())
        if (row.seq > max)
            max = row.seq;
    return max + 1;
}
function renderRuns(runs) {
    return (0,_layout_js__WEBPACK_IMPORTED_MODULE_2__/* .renderLineObject */ .IZ)(_layout_js__WEBPACK_IMPORTED_MODULE_2__/* .SCHEMA_VERSION */ .f$, 'runs', [...runs].map(([key, row]) => {
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
    const { value, problems } = (0,_layout_js__WEBPACK_IMPORTED_MODULE_2__/* .parseLineObject */ .N)(file, text, 'runs');
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
        (0,_history_outcome_string_js__WEBPACK_IMPORTED_MODULE_1__/* .pushSegment */ .Uc)(segments, '', slot.seq - expected);
        (0,_history_outcome_string_js__WEBPACK_IMPORTED_MODULE_1__/* .pushSegment */ .Uc)(segments, slot.attempts, 1);
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
    if (history instanceof _history_stored_js__WEBPACK_IMPORTED_MODULE_0__/* .LazyHistory */ .VM)
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
            text = (0,_history_outcome_string_js__WEBPACK_IMPORTED_MODULE_1__/* .renderOutcomeString */ .KP)(segments);
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
            const around = (0,_history_outcome_string_js__WEBPACK_IMPORTED_MODULE_1__/* .fileAround */ .iJ)(file, classname);
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
    const lines = [`{"schema": ${_layout_js__WEBPACK_IMPORTED_MODULE_2__/* .SCHEMA_VERSION */ .f$}, "tests": {`];
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
    const d = t.dur ? (0,_history_stored_js__WEBPACK_IMPORTED_MODULE_0__/* .durationAt */ .OK)(t.dur, (0,_history_outcome_string_js__WEBPACK_IMPORTED_MODULE_1__/* .endOf */ .pJ)(t.from, t.segments) - 1) : t.d;
    if (d !== undefined)
        parts.push(`"d":${JSON.stringify(d)}`);
    return `{${parts.join(',')}}`;
}
/**
 * Adds the tests of one history shard to `into` (stored form), checking each line: its form, and that each of its
 * runs is in runs.json (`known`: the sequence numbers there).
 */
function parseHistoryShard(file, text, known, into, schema) {
    const { value, problems } = (0,_layout_js__WEBPACK_IMPORTED_MODULE_2__/* .parseLineObject */ .N)(file, text, 'tests');
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
            problems.push({ file, line: value.lineOf(id), message: `the history of '${id.slice(0, 200)}' refers to run ${missing}, which ${_layout_js__WEBPACK_IMPORTED_MODULE_2__/* .RUNS_FILE */ .Ct} does not have` });
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
            testFile = (0,_history_outcome_string_js__WEBPACK_IMPORTED_MODULE_1__/* .fileFromAround */ .oq)(line.fp, classname);
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
            this.runs.set(segments, (n = (0,_history_outcome_string_js__WEBPACK_IMPORTED_MODULE_1__/* .runCount */ .Tr)(segments)));
        return n;
    }
    /** parseOutcomeString, the same array for the same string. */
    segmentsOf(o) {
        let segments = this.segments.get(o);
        if (segments === undefined) {
            segments = (0,_history_outcome_string_js__WEBPACK_IMPORTED_MODULE_1__/* .parseOutcomeString */ .Vo)(o);
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


/***/ }),

/***/ 57610:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   At: () => (/* binding */ writeResultsFile),
/* harmony export */   Bi: () => (/* binding */ RESULTS_SCHEMA),
/* harmony export */   Mz: () => (/* binding */ parseResultsFile),
/* harmony export */   dL: () => (/* binding */ ResultsFileError),
/* harmony export */   fs: () => (/* binding */ parseResultsValue),
/* harmony export */   mU: () => (/* binding */ RESULTS_KIND),
/* harmony export */   tn: () => (/* binding */ renderResultsFile)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _junit_cap_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(26776);
/**
 * This run's results as a file, for runs that may not write the data branch (a pull request from a fork, or a
 * push that failed): a later trusted workflow can ingest it. Its content comes from an untrusted run, so reading
 * it checks every field and keeps nothing but report data.
 */



const RESULTS_KIND = 'flakeguard-results';
const RESULTS_SCHEMA = 1;
const MAX_TESTS = 1_000_000;
const MAX_TEXT = 4096;
function renderResultsFile(run, tests) {
    return `${JSON.stringify({ kind: RESULTS_KIND, schema: RESULTS_SCHEMA, run, tests })}\n`;
}
async function writeResultsFile(dir, run, tests) {
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.mkdir)(dir, { recursive: true });
    const safe = `${run.runId}-${run.runAttempt}-${run.key}`.replace(/[^A-Za-z0-9._-]/g, '_');
    const path = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(dir, `flakeguard-results-${safe}.json`);
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.writeFile)(path, renderResultsFile(run, tests));
    return path;
}
class ResultsFileError extends Error {
}
const STATUSES = new Set(['passed', 'failed', 'error', 'skipped']);
function text(value, field, required = false) {
    if (value === undefined || value === null) {
        if (required)
            throw new ResultsFileError(`${field} is missing`);
        return undefined;
    }
    if (typeof value !== 'string')
        throw new ResultsFileError(`${field} must be a string`);
    return value.slice(0, MAX_TEXT);
}
/** Names are capped as the report parser caps them (src/junit/cap.ts), before any other cut. */
const nameOf = (value) => (typeof value === 'string' ? (0,_junit_cap_js__WEBPACK_IMPORTED_MODULE_2__/* .capName */ .o)(value) : value);
function finite(value, field) {
    if (value === undefined || value === null)
        return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value))
        throw new ResultsFileError(`${field} must be a number`);
    return value;
}
function attemptOf(raw, field) {
    if (typeof raw !== 'object' || raw === null)
        throw new ResultsFileError(`${field} must be an object`);
    const a = raw;
    if (!STATUSES.has(a.status))
        throw new ResultsFileError(`${field}.status is not a known status`);
    const attempt = { status: a.status };
    const message = text(a.message, `${field}.message`);
    const type = text(a.type, `${field}.type`);
    const details = text(a.details, `${field}.details`);
    const durationSec = finite(a.durationSec, `${field}.durationSec`);
    if (message !== undefined)
        attempt.message = message;
    if (type !== undefined)
        attempt.type = type;
    if (details !== undefined)
        attempt.details = details;
    if (durationSec !== undefined)
        attempt.durationSec = durationSec;
    return attempt;
}
/** Reads a results file written by `renderResultsFile`; throws ResultsFileError naming the bad field. */
function parseResultsFile(content) {
    let raw;
    try {
        raw = JSON.parse(content);
    }
    catch (error) {
        throw new ResultsFileError(`not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    return parseResultsValue(raw);
}
/** As parseResultsFile, from the parsed JSON (a parked run's parcel holds several, src/store/parcel.ts). */
function parseResultsValue(raw) {
    const r = raw;
    if (typeof raw !== 'object' || raw === null || r.kind !== RESULTS_KIND)
        throw new ResultsFileError('not a flakeguard results file');
    if (r.schema !== RESULTS_SCHEMA)
        throw new ResultsFileError(`unsupported results schema ${String(r.schema)}`);
    const run = r.run;
    if (typeof run !== 'object' || run === null)
        throw new ResultsFileError('run is missing');
    const context = {
        key: text(run.key, 'run.key', true),
        runId: text(run.runId, 'run.runId', true),
        runAttempt: finite(run.runAttempt, 'run.runAttempt') ?? 1,
        job: text(run.job, 'run.job', true),
        workflow: text(run.workflow, 'run.workflow') ?? '',
        sha: text(run.sha, 'run.sha', true),
        ref: text(run.ref, 'run.ref') ?? '',
        onDefaultBranch: run.onDefaultBranch === true,
        event: text(run.event, 'run.event') ?? '',
        time: finite(run.time, 'run.time') ?? Date.now(),
    };
    const url = text(run.url, 'run.url');
    if (url !== undefined)
        context.url = url;
    if (!Array.isArray(r.tests))
        throw new ResultsFileError('tests must be an array');
    if (r.tests.length > MAX_TESTS)
        throw new ResultsFileError(`more than ${MAX_TESTS} tests`);
    const tests = r.tests.map((value, i) => {
        const t = value;
        if (typeof t !== 'object' || t === null)
            throw new ResultsFileError(`tests[${i}] must be an object`);
        if (!Array.isArray(t.attempts) || t.attempts.length === 0)
            throw new ResultsFileError(`tests[${i}].attempts must be a non-empty array`);
        const test = {
            id: text(t.id, `tests[${i}].id`, true),
            name: text(nameOf(t.name), `tests[${i}].name`, true),
            classname: text(nameOf(t.classname), `tests[${i}].classname`) ?? '',
            suite: text(nameOf(t.suite), `tests[${i}].suite`) ?? '',
            report: text(t.report, `tests[${i}].report`) ?? '',
            attempts: t.attempts.slice(0, 100).map((a, j) => attemptOf(a, `tests[${i}].attempts[${j}]`)),
        };
        const file = text(t.file, `tests[${i}].file`);
        const line = finite(t.line, `tests[${i}].line`);
        if (file !== undefined)
            test.file = file;
        if (line !== undefined)
            test.line = line;
        return test;
    });
    return { run: context, tests };
}


/***/ }),

/***/ 66590:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  MD: () => (/* binding */ damageReason),
  WX: () => (/* binding */ emptySnapshot),
  Hl: () => (/* binding */ inBrokenShard),
  E$: () => (/* binding */ parseSnapshot),
  no: () => (/* binding */ statsFileOf),
  pG: () => (/* binding */ statsShardOf)
});

// UNUSED EXPORTS: readSnapshotDir, writeSnapshotDir

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/store/layout.ts + 1 modules
var layout = __webpack_require__(9900);
// EXTERNAL MODULE: ./src/store/history-format.ts
var history_format = __webpack_require__(61557);
// EXTERNAL MODULE: ./src/history/stored.ts
var history_stored = __webpack_require__(44173);
// EXTERNAL MODULE: ./src/history/records.ts
var history_records = __webpack_require__(6830);
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
            records.push((0,history_records/* runRecord */.DW)(stored[0], row, stored[1], typeof stored[2] === 'string' ? stored[2] : undefined, typeof stored[3] === 'number' ? stored[3] : undefined));
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
var store_decisions = __webpack_require__(5586);
// EXTERNAL MODULE: ./src/store/owned.ts
var owned = __webpack_require__(8924);
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
        const { runs, problems } = v1 ? parseRunsV1(layout/* RUNS_FILE */.Ct, runsText) : (0,history_format/* parseRuns */.oI)(layout/* RUNS_FILE */.Ct, runsText, schema);
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
        const known = new history_format/* KnownSeqs */.kn(snapshot.runs);
        for (const path of historyPaths)
            damage((0,history_format/* parseHistoryShard */.gb)((reading.file = path), files.get(path), known, stored, schema));
        reading.file = layout/* RUNS_FILE */.Ct;
        snapshot.history = new history_stored/* LazyHistory */.VM(stored, snapshot.runs);
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
    const own = (0,layout/* shardOf */.IS)(id, shards);
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
    return snapshot.brokenShards.size > 0 && snapshot.brokenShards.has((0,layout/* shardOf */.IS)(id, snapshot.meta.shards));
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

/***/ 32190:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cg: () => (/* binding */ readBranchFiles),
/* harmony export */   Np: () => (/* binding */ syncRun),
/* harmony export */   pf: () => (/* binding */ lostReason),
/* harmony export */   x6: () => (/* binding */ foldedLine)
/* harmony export */ });
/* unused harmony exports PARK_AFTER_LOST_RACES, MAX_FOLDED_PER_WRITE, PARCEL_READ_BATCH, MAX_PARCEL_BYTES, MAX_PARCEL_BYTES_PER_WRITE, PARK_TRIES, backoffMs */
/* harmony import */ var _git_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(79029);
/* harmony import */ var _snapshot_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(66590);
/* harmony import */ var _layout_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9900);
/**
 * Optimistic concurrency on the data branch: fetch the head, apply this run, push; when another writer got
 * there first, fetch its head and apply this run again on top (with the latest hand edits), after a jittered
 * backoff. Retrying alone cannot land every run when many jobs finish at once, so after a few lost races a writer
 * **parks** its run: it pushes its results as a branch of its own under the inbox prefix (`<data branch>-inbox/`),
 * which no other writer pushes, so that push cannot lose a race. Every writer **folds** the parked runs it finds
 * into the history before its own run, in the order they were parked, and deletes their branches once its write
 * landed. Ingestion keys make a fold count once however many writers fold the same parcel (docs/data-branch.md).
 */



/** Fetches the branch (and its inbox, with `inbox`) and reads its files. */
async function readBranchFiles(repo, inbox) {
    const { head, parked } = await repo.fetchWithInbox(inbox);
    const files = await repo.readFiles();
    return { head, parked, files, blocked: await repo.blockedPaths() };
}
/** Lost races before a writer parks its run: small, so that the attempts per job stay flat however many jobs race. */
const PARK_AFTER_LOST_RACES = 3;
/** Parked runs folded in by one write, oldest first; the rest are folded by the next writers. */
const MAX_FOLDED_PER_WRITE = 64;
/** Parked runs read at a time (two git processes each batch): every parked run is read, a batch at a time. */
const PARCEL_READ_BATCH = 256;
/** A parcel file larger than this is not read (left in place): 256 shards of 2,000 tests fit well below it. */
const MAX_PARCEL_BYTES = 256 * 1024 * 1024;
/** Parcel bytes read at a time, and admitted for one write: beyond them, the next batch, or the next writers. */
const MAX_PARCEL_BYTES_PER_WRITE = 512 * 1024 * 1024;
const defaultSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Pushes of one parcel before its run counts as not saved (the first and its retries). */
const PARK_TRIES = 3;
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
const short = (ref) => ref.replace(/^refs\/heads\//, '');
/**
 * Reads every parked run, in name order and a batch at a time, until MAX_FOLDED_PER_WRITE are admitted: a parcel
 * that is refused or left never takes the place of a later one. Refused ones are moved aside (each once per step).
 * Returns the admitted parcels, oldest first.
 */
async function scanInbox(repo, inbox, parked, admitted, log, warn) {
    const accepted = [];
    const refuse = [];
    let left = 0;
    let at = 0;
    let bytes = 0;
    const room = () => accepted.length < MAX_FOLDED_PER_WRITE && bytes < MAX_PARCEL_BYTES_PER_WRITE;
    while (at < parked.length && room()) {
        const batch = parked.slice(at, at + PARCEL_READ_BATCH);
        const files = await repo.readParcels(batch, MAX_PARCEL_BYTES, MAX_PARCEL_BYTES_PER_WRITE - bytes);
        for (let i = 0; i < batch.length && room(); i++, at++) {
            const p = batch[i];
            const id = `${p.ref} ${p.sha}`;
            const read = files[i];
            if (read.deferred)
                break; // read with the next batch
            const known = admitted.get(id);
            const verdict = known ?? (read.text === undefined ? missing(read) : await inbox.admit({ ...p, ...read }));
            admitted.set(id, verdict);
            if (verdict.verdict === 'fold') {
                accepted.push({ ...p, text: read.text });
                bytes += Buffer.byteLength(read.text, 'utf8');
            }
            else if (known)
                continue;
            else if (verdict.verdict === 'refuse') {
                refuse.push(p);
                log(`Parked run ${short(p.ref)} is refused (${verdict.reason}); moved aside to ${short((0,_git_js__WEBPACK_IMPORTED_MODULE_0__/* .refusedPrefix */ .bw)(repo.branch))}, never counted.`);
            }
            else {
                left++;
                log(`Parked run ${short(p.ref)} is left in place (${verdict.reason}); it is not counted and holds up no other.`);
            }
        }
    }
    // Uncounted parked runs are results nobody sees unless told: one warning a write says how many and where to look.
    if (refuse.length > 0 || left > 0) {
        const parts = [...(refuse.length > 0 ? [`${refuse.length} refused`] : []), ...(left > 0 ? [`${left} left in place, not counted`] : [])];
        warn(`Parked runs on ${short((0,_git_js__WEBPACK_IMPORTED_MODULE_0__/* .inboxPrefix */ .r6)(repo.branch))}: ${parts.join(', ')} (the log names each and says why; docs/data-branch.md, "Parcels carry provenance").`);
    }
    if (at < parked.length)
        log(`${parked.length - at} more parked run${parked.length - at === 1 ? '' : 's'} wait for the next writers.`);
    if (refuse.length > 0) {
        const { error } = await repo.setAsideParked(refuse);
        if (error)
            log(`Could not move the refused parked runs aside (${error}); they stay where they are, refused again by every writer, never counted.`);
    }
    return accepted;
}
/** A parked run whose parcel file could not be read. */
function missing(read) {
    if (read.bytes !== undefined)
        return { verdict: 'leave', reason: `its parcel holds ${read.bytes} bytes, more than ${MAX_PARCEL_BYTES} this version reads` };
    return { verdict: 'refuse', reason: 'it holds no flakeguard-parcel.json' };
}
async function syncRun(repo, 
/**
 * `files` is the branch's text, path → text, as read (null when it could not be read, or when parked runs were folded
 * into the snapshot): hand-edit tools change one line of it.
 */
apply, options) {
    const sleep = options.sleep ?? defaultSleep;
    const random = options.random ?? Math.random;
    const log = options.log ?? (() => undefined);
    const warn = options.warn ?? log;
    const inbox = options.readOnly ? undefined : options.inbox;
    const parkAfter = Math.max(1, options.parkAfter ?? PARK_AFTER_LOST_RACES);
    let lastError = '';
    let lastApplied;
    let lostRaces = 0;
    /** What each parked run (ref and commit) was judged, so that a retry neither checks nor logs it again. */
    const admitted = new Map();
    const park = async (tries, why, historyRead = true) => {
        const parcel = inbox.parcel(lastApplied);
        let parked = await repo.park(parcel.name, parcel.text, `flakeguard: parked run (${why})`, parcel.seal);
        // Parking is the last place a run's results can go: a push that failed (a reset connection, a server at its
        // connection limit) is tried again after a backoff. A parcel's ref is its own, so a retry cannot race a writer.
        for (let retry = 1; !parked.pushed && retry < PARK_TRIES; retry++) {
            log(`Parking on ${short(parked.ref)} failed (${parked.message}); trying again (${retry + 1}/${PARK_TRIES}).`);
            await sleep(backoffMs(retry, random));
            parked = await repo.park(parcel.name, parcel.text, `flakeguard: parked run (${why})`, parcel.seal);
        }
        if (parked.pushed) {
            log(`Parked this run's results on ${short(parked.ref)} (${why}); the next writer of ${repo.branch} folds them in.`);
            return { applied: lastApplied, status: { kind: 'parked', ref: short(parked.ref), tries, reason: why }, historyRead };
        }
        const reason = `${why}, and parking the results on ${short(parked.ref)} failed too: ${parked.message}`;
        return { applied: lastApplied, status: { kind: 'not-saved', reason }, historyRead };
    };
    /** A run whose history cannot be saved is parked when there is an inbox (else it is not saved; the caller fails it). */
    const notSaved = (tries, reason, historyRead = true) => inbox ? park(tries, reason, historyRead) : { applied: lastApplied, status: { kind: 'not-saved', reason }, historyRead };
    const deleteFolded = async (folded) => {
        if (folded.length === 0)
            return [];
        const { deleted, error } = await repo.deleteParked(folded);
        log(`Folded ${folded.length} parked run${folded.length === 1 ? '' : 's'} into ${repo.branch}: ${folded.map((p) => short(p.ref)).join(', ')}.`);
        if (error)
            log(`Could not delete every folded branch (${error}); the next writer deletes them (they count once).`);
        return deleted.map(short);
    };
    for (let attempt = 1; attempt <= options.attempts; attempt++) {
        let head;
        let parked;
        let snapshot;
        let files;
        let blocked;
        try {
            ({ head, parked, files, blocked } = await (attempt === 1 && options.firstRead ? options.firstRead : readBranchFiles(repo, inbox !== undefined)));
        }
        catch (error) {
            lastError = `could not fetch the data branch '${repo.branch}': ${error instanceof Error ? error.message : String(error)}`;
            log(`Try ${attempt}/${options.attempts}: ${lastError}`);
            if (attempt < options.attempts)
                await sleep(backoffMs(attempt, random));
            continue;
        }
        // Reading what was fetched is not retried: the same texts read again fail again. parseSnapshot never throws: a file
        // whose reading throws (a failed allocation, a stack overflow) is a damage naming it.
        snapshot = (0,_snapshot_js__WEBPACK_IMPORTED_MODULE_1__/* .parseSnapshot */ .E$)(files, blocked);
        if (options.readOnly)
            return { applied: apply(snapshot, files), status: { kind: 'read-only', head }, historyRead: true };
        const damaged = (0,_snapshot_js__WEBPACK_IMPORTED_MODULE_1__/* .damageReason */ .MD)(snapshot);
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
            const accepted = await scanInbox(repo, inbox, parked, admitted, log, warn);
            const result = inbox.fold(snapshot, accepted);
            for (const r of result.refused)
                log(`Parked run ${short(r.ref)} cannot be folded in (${r.reason}); it is left in place.`);
            base = result.snapshot;
            folded = result.folded;
        }
        if (options.releaseTexts)
            for (const path of [...files.keys()])
                if (path.startsWith(_layout_js__WEBPACK_IMPORTED_MODULE_2__/* .HISTORY_DIR */ .rE))
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
            snapshot = base = (0,_snapshot_js__WEBPACK_IMPORTED_MODULE_1__/* .emptySnapshot */ .WX)();
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
                return notSaved(attempt, reason);
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
        return notSaved(options.attempts, lastError);
    }
    // The branch could never be read: decide without history, which forgives nothing; the results are parked.
    lastApplied = apply((0,_snapshot_js__WEBPACK_IMPORTED_MODULE_1__/* .emptySnapshot */ .WX)(), null);
    return notSaved(options.attempts, lastError, false);
}
/** Why a run's results were neither saved nor parked, or undefined when they are safe (docs/data-branch.md). */
function lostReason(status, branch) {
    if (status.kind !== 'not-saved' || status.parked)
        return undefined;
    return `The history was NOT saved to ${branch}: ${status.reason.replace(/\.?$/, '.')} This run's results are only in its results file (output results-file): the run fails, so that they are not lost unseen.`;
}


/***/ }),

/***/ 67388:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E$: () => (/* binding */ redact),
/* harmony export */   QY: () => (/* binding */ truncateBytes),
/* harmony export */   WG: () => (/* binding */ defuseLegacy),
/* harmony export */   bC: () => (/* binding */ mdText),
/* harmony export */   cl: () => (/* binding */ registerSecret),
/* harmony export */   jt: () => (/* binding */ commandText),
/* harmony export */   kc: () => (/* binding */ logText),
/* harmony export */   pK: () => (/* binding */ mdPre),
/* harmony export */   wh: () => (/* binding */ plainText),
/* harmony export */   xv: () => (/* binding */ truncate)
/* harmony export */ });
/**
 * Test names, messages and stack traces come from pull requests. Everything untrusted goes through one of
 * these before it reaches a log line, a summary, a check run or an issue.
 *
 * - `mdText` / `mdPre`: markdown and HTML (job summary, check-run summary): every character markdown or HTML
 *   could act on becomes an entity, so the text renders as itself and nothing else (no table break, no tag,
 *   no link, no image, no mention).
 * - `logText`: a plain log line: one line, control characters shown as `\xHH`, nothing the runner reads as a command.
 * - `plainText`: annotation titles and messages (plain text on GitHub): control characters shown as `\xHH`, no
 *   bidi or other invisible characters.
 * Every one of them also hides the registered secrets.
 */
const HTML_ENTITIES = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
    '|': '&#124;',
    '`': '&#96;',
    '[': '&#91;',
    ']': '&#93;',
    '(': '&#40;',
    ')': '&#41;',
    '*': '&#42;',
    _: '&#95;',
    '~': '&#126;',
    '#': '&#35;',
    '!': '&#33;',
    '\\': '&#92;',
    '@': '&#64;',
    ':': '&#58;',
    '=': '&#61;',
    '+': '&#43;',
    '-': '&#45;',
    '{': '&#123;',
    '}': '&#125;',
    '%': '&#37;',
    $: '&#36;',
    '^': '&#94;',
};
const MARKDOWN_SPECIAL = /[&<>"'|`[\]()*_~#!\\@:=+\-{}%$^]/;
/**
 * Control characters (C0 but tab, newline and CR; DEL; C1) are shown as `\xHH`: a test named with a NUL or an ANSI
 * colour stays visible and tells apart from its namesake without them. Invisible format characters (soft hyphen,
 * zero-width and direction marks, bidi overrides, BOM, interlinear annotations) are dropped.
 */
// eslint-disable-next-line no-control-regex
const SHOWN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const HIDDEN = /[\u00ad\u061c\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;
/** Control characters shown as `\xHH`, invisible format characters dropped. */
function visible(text) {
    return text.replace(SHOWN, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`).replace(HIDDEN, '');
}
const NEWLINES = /\r\n|\r|\n/g;
/* ---------- secrets ---------- */
const secrets = new Set();
/**
 * Registers a secret (the token) that must never appear in anything the action prints or publishes. The runner
 * masks what `core.setSecret` registered in its own log, but not in summaries, check runs, or logs read elsewhere;
 * every helper below replaces it with `***`.
 */
function registerSecret(secret) {
    if (secret.length >= 4) {
        secrets.add(secret);
        // Git's extra header carries it base64-encoded.
        secrets.add(Buffer.from(`x-access-token:${secret}`).toString('base64'));
    }
}
/** Replaces every registered secret with `***`. */
function redact(text) {
    let out = text;
    for (const s of secrets)
        if (out.includes(s))
            out = out.split(s).join('***');
    return out;
}
/* ---------- length ---------- */
/** Truncates to at most `max` UTF-16 code units, marking the cut, never splitting a surrogate pair. */
function truncate(text, max) {
    if (text.length <= max)
        return text;
    let end = Math.max(0, max - 1);
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff)
        end--;
    return `${text.slice(0, end)}…`;
}
/** Cuts text so that its UTF-8 encoding takes at most `maxBytes`, at a line break when one is near. */
function truncateBytes(text, maxBytes) {
    if (Buffer.byteLength(text) <= maxBytes)
        return text;
    // Every UTF-16 code unit takes at most 3 bytes in UTF-8.
    let end = Math.min(text.length, maxBytes);
    while (end > 0 && Buffer.byteLength(text.slice(0, end)) > maxBytes)
        end = Math.floor(end * 0.9);
    const cut = text.lastIndexOf('\n', end);
    return text.slice(0, cut > end - 2000 ? cut : end);
}
/* ---------- markdown ---------- */
function escapeMarkdown(clean, max) {
    // "www." is linked by GitHub even without a scheme; ':' is an entity, which defuses "http://".
    const marked = clean.replace(/(www)\./gi, '$1\ue000');
    const escape = (limit) => {
        let out = '';
        for (const c of marked) {
            const escaped = c === '\ue000' ? '&#46;' : (HTML_ENTITIES[c] ?? c);
            if (out.length + escaped.length > limit)
                return undefined;
            out += escaped;
        }
        return out;
    };
    const whole = escape(max);
    if (whole !== undefined)
        return whole;
    let out = '';
    for (const c of marked) {
        const escaped = c === '\ue000' ? '&#46;' : (HTML_ENTITIES[c] ?? c);
        if (out.length + escaped.length > max - 1)
            break;
        out += escaped;
    }
    return `${out}…`;
}
function clean(untrusted) {
    return visible(redact(untrusted).replace(/\ue000/g, ''));
}
/**
 * Text for one line of markdown or HTML (a table cell, a heading, a list item): every character markdown or
 * HTML could act on becomes an entity, so it renders as the literal character and nothing else. Mentions are
 * defused by the `@` entity. The result is at most `max` characters long (entities included).
 */
function mdText(untrusted, max = 300) {
    const flat = clean(untrusted.replace(NEWLINES, ' '));
    if (!MARKDOWN_SPECIAL.test(flat) && !/www\./i.test(flat))
        return truncate(flat, max);
    return escapeMarkdown(flat, max);
}
/** A multi-line block (stack trace) inside `<pre>`: entity-escaped, line breaks kept; at most `max` characters inside. */
function mdPre(untrusted, max = 2000) {
    const lines = clean(untrusted.replace(NEWLINES, '\n'));
    return `<pre>${escapeMarkdown(lines, max)}</pre>`;
}
/* ---------- logs and annotations ---------- */
/**
 * Text for a plain log line: one line, control characters shown as `\xHH`, and nothing the runner could read as a workflow
 * command (`::cmd::` anywhere after trimming, or the legacy `##[cmd]` anywhere in the line).
 */
function logText(untrusted, max = 500) {
    return truncate(visible(redact(untrusted).replace(NEWLINES, ' ')), max)
        .replace(/::/g, ':\u200b:')
        .replace(/##\[/g, '#\u200b#[');
}
/**
 * Plain text for an annotation title or message: line breaks kept (as `\n`) unless `oneLine`, control characters
 * shown as `\xHH`, invisible direction characters dropped, secrets hidden, at most `max` characters. The runner escapes what
 * goes into a workflow command; the API takes the text as it is.
 */
function plainText(untrusted, max, oneLine = false) {
    const text = visible(redact(untrusted).replace(NEWLINES, oneLine ? ' ' : '\n'));
    return truncate(text, max);
}
/** The legacy `##[command]` syntax, which the runner finds anywhere in a line (`::` only at its start). */
function defuseLegacy(text) {
    return text.replace(/##\[/g, '#\u200b#[');
}
/**
 * Data or a property of a workflow command (`::error::…`, setFailed) built from untrusted values: one line,
 * secrets hidden, `##[` defused. The toolkit escapes `%`, `\r`, `\n`, and `::` inside data is inert, so test ids
 * stay readable. Plain log lines use `logText`.
 */
function commandText(untrusted, max = 2000) {
    return defuseLegacy(plainText(untrusted, max, true));
}


/***/ }),

/***/ 96933:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Tg: () => (/* binding */ shellLine),
/* harmony export */   ZL: () => (/* binding */ shellQuote),
/* harmony export */   yM: () => (/* binding */ splitWords)
/* harmony export */ });
/**
 * A command line as a POSIX shell would read it back: each argument shown bare when it holds only characters no
 * shell treats specially, otherwise in single quotes (a single quote inside written `'\''`). Pasted into bash or sh,
 * the line gives the process the same argv. For display only: flakeguard never runs a line through a shell built
 * this way (presets spawn their argv directly, src/rerun/process.ts). Control characters are left to the caller's
 * escaping (src/text/escape.ts logText).
 */
const BARE = /^[A-Za-z0-9_@%+=:,./-]+$/;
function shellQuote(argument) {
    if (BARE.test(argument))
        return argument;
    return `'${argument.replace(/'/g, `'\\''`)}'`;
}
function shellLine(argv) {
    return argv.map(shellQuote).join(' ');
}
/**
 * Splits a command line into words the way a POSIX shell would for a plain command, WITHOUT a shell: words are
 * separated by spaces or tabs; `'…'` quotes literally; `"…"` quotes with `\` escaping only `"`, `\`, `$` and a
 * backtick; a `\` outside quotes escapes the next character. Anything a shell would expand or treat as an operator
 * (`$`, a backtick, `;`, `&`, `|`, `<`, `>`, `(`, `)`, `*`, `?`, `[`, `{`, `~` at a word's start, `#` at a word's
 * start, a newline) is refused unless quoted: the words could not mean what they mean to a shell. Returns the words,
 * or why the line cannot be read.
 */
function splitWords(line) {
    const words = [];
    let word = '';
    let inWord = false;
    let i = 0;
    const refuse = (c) => ({ error: `'${c === '\n' ? '\\n' : c}' at character ${i + 1} would be read by a shell; quote it ('…') or leave it out` });
    while (i < line.length) {
        const c = line[i];
        if (c === ' ' || c === '\t') {
            if (inWord)
                words.push(word);
            word = '';
            inWord = false;
            i++;
        }
        else if (c === "'") {
            const end = line.indexOf("'", i + 1);
            if (end < 0)
                return { error: `unclosed ' at character ${i + 1}` };
            word += line.slice(i + 1, end);
            inWord = true;
            i = end + 1;
        }
        else if (c === '"') {
            let j = i + 1;
            for (;;) {
                if (j >= line.length)
                    return { error: `unclosed " at character ${i + 1}` };
                const d = line[j];
                if (d === '"')
                    break;
                if (d === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1])) {
                    word += line[j + 1];
                    j += 2;
                }
                else if (d === '$' || d === '`') {
                    i = j;
                    return refuse(d);
                }
                else {
                    word += d;
                    j++;
                }
            }
            inWord = true;
            i = j + 1;
        }
        else if (c === '\\') {
            if (i + 1 >= line.length)
                return { error: 'a \\ at the end of the line' };
            word += line[i + 1];
            inWord = true;
            i += 2;
        }
        else if ('$`;&|<>()*?[{\n\r'.includes(c) || ((c === '~' || c === '#') && !inWord)) {
            return refuse(c);
        }
        else {
            word += c;
            inWord = true;
            i++;
        }
    }
    if (inWord)
        words.push(word);
    return { words };
}


/***/ })

};
