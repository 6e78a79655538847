export const id = 721;
export const ids = [721,467];
export const modules = {

/***/ 6721:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  REVERSE_ROUNDS: () => (/* binding */ REVERSE_ROUNDS),
  plannedExtras: () => (/* binding */ plannedExtras),
  quarantinedIfExhausted: () => (/* binding */ quarantinedIfExhausted),
  readRoundReport: () => (/* binding */ readRoundReport),
  rerunStep: () => (/* binding */ rerunStep)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 11 modules
var core = __webpack_require__(91659);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/model.ts
var model = __webpack_require__(10182);
// EXTERNAL MODULE: ./src/rerun/stopping.ts
var stopping = __webpack_require__(3712);
;// CONCATENATED MODULE: ./src/rerun/context.ts
/**
 * Context rounds (docs/rerun.md, "Context rounds"; docs/adr/0295-context-rounds.md). Pure: which tests get them,
 * what each test's file context is, when the evidence makes a test order-dependent, and the bisection that names the
 * polluter. The process side is src/pipeline/rerun.ts.
 *
 * A re-run proves things in isolation; a run is not an isolation. A failed test that passed alone is re-run with its
 * file in the original order (the tests that ran before it in its file, in the report's order, then itself), in pairs
 * with a round alone. Under "its failures are flakiness, whatever ran before it" the outcomes of the pairs' rounds are
 * exchangeable, so the chance that the failures of 2J rounds fall exactly on the J context rounds is 1 / C(2J, J).
 * The test is order-dependent when every context round failed and every round alone passed for the fewest J that
 * make that chance implausible (below IMPLAUSIBLE shared among the candidates, Bonferroni). The run's own failure is
 * not counted (the test was chosen because it failed), nor the ordinary re-runs alone (they stop at a pass).
 */


/**
 * The tests that ran before `target` in its file, in the report's order: the tests of the same report before it in
 * its innermost suite (vitest and jest-junit write a suite per file, pytest one per session), or with the same file
 * (node's and mocha's reporters give every test its file; a failure's file may come from its stack trace only).
 * Tests whose every attempt was skipped did not run, and leave nothing behind.
 */
function earlierInFile(tests, target) {
    const out = [];
    const sameFile = (t) => target.file !== undefined && target.file !== '' && t.file === target.file;
    for (const t of tests) {
        if (t.id === target.id && t.report === target.report)
            return out;
        if (t.report !== target.report || !(t.suite === target.suite || sameFile(t)))
            continue;
        if (t.attempts.some((a) => a.status !== 'skipped'))
            out.push(t);
    }
    return out;
}
function choose(n, k) {
    let r = 1;
    for (let i = 1; i <= k; i++)
        r = (r * (n - k + i)) / i;
    return r;
}
/** The chance, under flakiness alone, that J failures among 2J exchangeable rounds fall exactly on the J context rounds. */
function pairsChance(pairs) {
    return 1 / choose(2 * pairs, pairs);
}
/** The fewest pairs (alone, in context) whose all-fail-in-context, all-pass-alone pattern is implausible. */
function pairsNeeded(candidates, threshold = stopping/* IMPLAUSIBLE */.aV) {
    const t = threshold / Math.max(1, candidates);
    let j = 1;
    while (pairsChance(j) >= t)
        j++;
    return j;
}
/** A test's name in a sentence (its id, quoted). */
function named(t) {
    return `\`${t.id}\``;
}
/**
 * Records a pair's or a reverse round's outcome and decides when the evidence is there. `pairs`: the J of
 * pairsNeeded. Forward: a context pass or a failure alone ends it as flaky in context (nothing shown beyond the
 * proven-flaky verdict); J pairs fail in context and pass alone: order-dependent. Reverse: one context pass is
 * enough to say it depends on earlier state (no verdict changes on it: docs/adr/0297-reverse-case.md); a context
 * failure ends it (it fails there too).
 */
function recordContext(track, pairs, outcome) {
    if (outcome.alone !== undefined)
        track.alone.push(outcome.alone);
    if (outcome.context !== undefined)
        track.inContext.push(outcome.context);
    if (track.direction !== 'forward') {
        if (track.inContext.some((f) => !f)) {
            track.verdict = 'needs-earlier';
            track.sentence = 'fails alone, passes in its file after the tests before it: it depends on state they leave';
        }
        else if (track.inContext.length > 0)
            track.verdict = 'fails-in-context';
        return;
    }
    if (track.alone.some((f) => f) || track.inContext.some((f) => !f)) {
        track.verdict = 'flaky-in-context';
        return;
    }
    if (track.inContext.length >= pairs && track.alone.length >= pairs) {
        track.verdict = 'order-dependent';
        track.suspects = [...track.earlier];
    }
}
/** The next bisection probe: the first half of the suspects (run before the test), or undefined when it is over. */
function nextProbe(track) {
    const s = track.suspects;
    if (!s || track.polluter !== undefined || s.length === 0)
        return undefined;
    if (s.length === 1)
        return track.confirming ? undefined : s;
    return s.slice(0, Math.ceil(s.length / 2));
}
/**
 * A bisection probe's outcome: the test failed (true) after `probe` ran before it, or passed. A failure keeps the
 * probe's half; a pass keeps the other half (the polluter was not among the probe's tests, or its pollution is itself
 * flaky: then the name may be wrong, never the verdict, which the pairs proved). The last suspect is named only when
 * a probe of it alone before the test failed.
 */
function recordProbe(track, probe, failed) {
    const s = track.suspects ?? [];
    track.probes++;
    if (s.length === 1) {
        track.confirming = true;
        if (failed)
            track.polluter = s[0];
        else
            track.suspects = [];
        return;
    }
    const inProbe = new Set(probe.map((t) => t.id));
    track.suspects = failed ? s.filter((t) => inProbe.has(t.id)) : s.filter((t) => !inProbe.has(t.id));
}
/** The sentence for an order-dependent test, naming the polluter when the bisection found it. */
function orderSentence(track) {
    const n = track.inContext.length;
    const proof = `failed ${n} of ${n} rounds with its file, passed ${track.alone.length} of ${track.alone.length} alone`;
    return track.polluter
        ? `fails after ${named(track.polluter)} in its file, passes alone: ${named(track.polluter)} leaves state behind (${proof})`
        : `fails inside its file, passes alone: a test before it leaves state behind (${proof})`;
}
/**
 * Whether a test's re-runs make it a forward candidate (failed in the run, passed alone: order-dependent or
 * flaky?), a reverse one (failed in the run and every re-run alone: does it pass after the tests before it?), or an
 * extra one (passed in the run, failed every extra execution alone: flaky, or needing an earlier test's state?).
 */
function contextDirection(c) {
    if (c.reruns.length === 0)
        return undefined;
    if (c.kind === 'extra')
        return c.verdict === 'flaky-extra' && c.reruns.every((a) => a.status === 'skipped' || (0,model/* isFailure */.N6)(a.status)) ? 'extra' : undefined;
    if (c.verdict === 'proven-flaky')
        return 'forward';
    // Whether or not it passed before: one or two rounds that change no verdict, only what the summary says of it.
    const failedAll = c.reruns.every((a) => a.status === 'skipped' || (0,model/* isFailure */.N6)(a.status));
    if ((c.verdict === 'consistent' || c.verdict === 'exhausted') && failedAll)
        return 'reverse';
    return undefined;
}

// EXTERNAL MODULE: ./src/policy/outcome.ts
var outcome = __webpack_require__(58702);
// EXTERNAL MODULE: ./src/policy/outage.ts
var outage = __webpack_require__(65331);
// EXTERNAL MODULE: ./src/junit/index.ts + 5 modules
var junit = __webpack_require__(40999);
// EXTERNAL MODULE: ./src/junit/cap.ts
var cap = __webpack_require__(26776);
// EXTERNAL MODULE: ./src/store/snapshot.ts + 1 modules
var snapshot = __webpack_require__(66590);
// EXTERNAL MODULE: ./src/text/escape.ts
var text_escape = __webpack_require__(67388);
;// CONCATENATED MODULE: ./src/rerun/detect.ts
/**
 * `rerun: auto` (docs/rerun-presets.md#rerun-auto): which preset re-runs this run's tests, from the reports' own
 * marks and the workspace. Pure: the facts are gathered by src/rerun/workspace.ts.
 *
 * The rule: the reports decide when their marks name one reporter (the default root name of vitest, jest-junit,
 * mocha-junit-reporter and pytest, gotestsum's `go.version` property), provided its runner can be started from the
 * workspace; reports of two named reporters decide nothing. Reports without a mark (node's junit reporter writes
 * none) leave it to the workspace: exactly one runner named there (package.json dependencies, scripts and keys, the
 * runner's config files, pytest's config files and conftest.py, go.mod) and startable. Anything else is "cannot
 * tell": no re-runs, said in a notice. A wrong guess would cost re-run time and prove nothing; no guess is made.
 */
const RUNNERS = ['vitest', 'jest', 'mocha', 'node-test', 'pytest', 'gotestsum'];
/** The reporter marks (src/junit/junit.ts RawReport.reporter) and the preset each stands for. */
const BY_REPORTER = { vitest: 'vitest', jest: 'jest', mocha: 'mocha', pytest: 'pytest', gotestsum: 'gotestsum' };
const JS_CONFIG = {
    vitest: /^vitest\.(config|workspace)\.[cm]?[jt]s$/,
    jest: /^jest\.config\.([cm]?[jt]s|json)$/,
    mocha: /^\.mocharc(\.(js|cjs|mjs|json|jsonc|yml|yaml))?$/,
};
/** A script running node's test runner: `node … --test`. */
const NODE_TEST_SCRIPT = /(^|[\s;&|(])node(\s+[^\s;&|]+)*?\s+--test(\s|=|$)/;
/** Where the workspace names a runner, one phrase each (empty: it does not). */
function namedBy(runner, ws) {
    const pkg = ws.packageJson;
    const out = [];
    if (runner === 'vitest' || runner === 'jest' || runner === 'mocha') {
        if (pkg?.dependencies.includes(runner))
            out.push(`package.json depends on ${runner}`);
        const config = ws.files.filter((f) => JS_CONFIG[runner].test(f));
        if (config.length > 0)
            out.push(`${config.join(', ')} ${config.length === 1 ? 'is' : 'are'} there`);
        if ((runner === 'jest' || runner === 'mocha') && pkg?.keys.includes(runner))
            out.push(`package.json has a "${runner}" key`);
        if (pkg?.scripts.some((s) => new RegExp(`(^|[\\s;&|(/])${runner}(\\s|$)`).test(s)))
            out.push(`a package.json script runs ${runner}`);
    }
    else if (runner === 'node-test') {
        if (pkg?.scripts.some((s) => NODE_TEST_SCRIPT.test(s)))
            out.push('a package.json script runs node --test');
    }
    else if (runner === 'pytest') {
        const files = ['pytest.ini', 'conftest.py'].filter((f) => ws.files.includes(f));
        if (files.length > 0)
            out.push(`${files.join(', ')} ${files.length === 1 ? 'is' : 'are'} there`);
        if (ws.pytestSection)
            out.push("pytest's section is in pyproject.toml, setup.cfg or tox.ini");
    }
    else if (ws.files.includes('go.mod')) {
        out.push('go.mod is there');
    }
    return out;
}
/** Why the runner cannot be started from the workspace, or undefined when it can. */
function notStartable(runner, ws) {
    if (runner === 'vitest' || runner === 'jest' || runner === 'mocha') {
        return ws.localBins.includes(runner) ? undefined : `node_modules/.bin/${runner} is not in the workspace (the preset runs the project's own ${runner})`;
    }
    if (runner === 'pytest')
        return ws.onPath.includes('python3') ? undefined : 'python3 is not on PATH';
    if (runner === 'gotestsum')
        return ws.onPath.includes('gotestsum') ? undefined : 'gotestsum is not on PATH';
    return undefined;
}
function list(names) {
    return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
function detectRunner(reporters, ws) {
    const counts = reporters ?? {};
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const marked = Object.keys(counts).filter((r) => r !== '' && BY_REPORTER[r] !== undefined);
    const unmarked = counts[''] ?? 0;
    const cannot = (why, more = []) => ({ why: [`cannot tell which runner wrote the reports: ${why}`, ...more] });
    if (marked.length > 1) {
        return cannot(`they come from ${list(marked.map((r) => `${r} (${counts[r]})`))}, and one preset cannot re-run them all; name the preset (rerun: <preset>) in each job`);
    }
    if (marked.length === 1) {
        const runner = BY_REPORTER[marked[0]];
        const why = [`${counts[marked[0]]} of ${total} report${total === 1 ? '' : 's'} carr${counts[marked[0]] === 1 ? 'ies' : 'y'} ${marked[0]}'s mark`];
        if (unmarked > 0)
            why.push(`${unmarked} report${unmarked === 1 ? '' : 's'} carr${unmarked === 1 ? 'ies' : 'y'} none: ${unmarked === 1 ? 'its' : 'their'} tests are asked of ${runner} too`);
        const blocked = notStartable(runner, ws);
        if (blocked !== undefined)
            return cannot(`the reports come from ${runner}, but ${blocked}`, why);
        const named = namedBy(runner, ws);
        if (named.length > 0)
            why.push(...named);
        return { preset: runner, why };
    }
    // No report names its reporter: the workspace must name exactly one runner that can start.
    const named = RUNNERS.map((r) => ({ runner: r, named: namedBy(r, ws), blocked: notStartable(r, ws) })).filter((c) => c.named.length > 0);
    const startable = named.filter((c) => c.blocked === undefined);
    const lines = named.map((c) => `${c.runner}: ${c.named.join('; ')}${c.blocked !== undefined ? ` (but ${c.blocked})` : ''}`);
    const head = total === 0 ? 'no report was read' : `no report carries a reporter's mark (node's junit reporter writes none)`;
    if (startable.length === 1) {
        return { preset: startable[0].runner, why: [`${head}; the workspace names one runner that can start`, ...lines] };
    }
    if (startable.length === 0) {
        return cannot(named.length === 0 ? `${head}, and nothing in the workspace names a runner with a preset` : `${head}, and no runner the workspace names can start`, lines);
    }
    return cannot(`${head}, and the workspace names ${list(startable.map((c) => c.runner))}`, lines);
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
;// CONCATENATED MODULE: ./src/rerun/workspace.ts
/**
 * The workspace facts `rerun: auto` decides by (src/rerun/detect.ts): the root's entries, package.json, the local
 * runner binaries, pytest's config sections, and python3 and gotestsum on PATH. Reads at most a few small files, each
 * bounded; a file that cannot be read, or is too big, counts as absent.
 */


const MAX_FILE = 1024 * 1024;
async function small(path) {
    try {
        const s = await (0,promises_.stat)(path);
        if (!s.isFile() || s.size > MAX_FILE)
            return undefined;
        return await (0,promises_.readFile)(path, 'utf8');
    }
    catch {
        return undefined;
    }
}
async function executable(path) {
    try {
        await (0,promises_.access)(path, promises_.constants.X_OK);
        return (await (0,promises_.stat)(path)).isFile();
    }
    catch {
        return false;
    }
}
function packageFacts(text) {
    if (text === undefined)
        return undefined;
    let pkg;
    try {
        pkg = JSON.parse(text);
    }
    catch {
        return undefined;
    }
    if (typeof pkg !== 'object' || pkg === null || Array.isArray(pkg))
        return undefined;
    const record = pkg;
    const names = (key) => {
        const v = record[key];
        return typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.keys(v) : [];
    };
    const scripts = record.scripts;
    return {
        dependencies: [...names('dependencies'), ...names('devDependencies'), ...names('peerDependencies'), ...names('optionalDependencies')],
        scripts: typeof scripts === 'object' && scripts !== null ? Object.values(scripts).filter((s) => typeof s === 'string') : [],
        keys: Object.keys(record),
    };
}
async function readWorkspaceFacts(workspace, path = process.env.PATH) {
    let files = [];
    try {
        files = (await (0,promises_.readdir)(workspace)).slice(0, 10_000);
    }
    catch {
        files = [];
    }
    const localBins = [];
    for (const bin of ['vitest', 'jest', 'mocha'])
        if (await executable((0,external_node_path_.join)(workspace, 'node_modules', '.bin', bin)))
            localBins.push(bin);
    const onPath = [];
    const dirs = (path ?? '').split(external_node_path_.delimiter).filter((d) => d !== '');
    for (const command of ['python3', 'gotestsum']) {
        for (const dir of dirs) {
            if (await executable((0,external_node_path_.join)(dir, command))) {
                onPath.push(command);
                break;
            }
        }
    }
    const section = async (file, header) => files.includes(file) && header.test((await small((0,external_node_path_.join)(workspace, file))) ?? '');
    const pytestSection = (await section('pyproject.toml', /^\s*\[tool\.pytest(\.ini_options)?\]/m)) || (await section('setup.cfg', /^\s*\[tool:pytest\]/m)) || (await section('tox.ini', /^\s*\[pytest\]/m));
    const packageJson = files.includes('package.json') ? packageFacts(await small((0,external_node_path_.join)(workspace, 'package.json'))) : undefined;
    return { files, ...(packageJson ? { packageJson } : {}), localBins, onPath, pytestSection };
}

// EXTERNAL MODULE: ./src/rerun/presets/index.ts + 7 modules
var presets = __webpack_require__(43859);
// EXTERNAL MODULE: ./src/rerun/plan.ts
var plan = __webpack_require__(73467);
;// CONCATENATED MODULE: ./src/rerun/fit.ts
/** Linux's MAX_ARG_STRLEN: the most bytes one argument may take, its terminating NUL included. */
const MAX_ARG_BYTES = 128 * 1024;
/**
 * The most bytes the arguments of one process may take together (each string with its NUL, and its 8-byte pointer).
 * Half of macOS's 1 MiB and a quarter of Linux's usual 2 MiB, which leaves the rest for the environment, which the
 * kernel counts in the same limit.
 */
const MAX_ARGV_BYTES = 512 * 1024;
const POINTER = 8;
/** Why `argv` is over the limits, or undefined when it fits. */
function argvProblem(argv) {
    let total = POINTER;
    for (const arg of argv) {
        const bytes = Buffer.byteLength(arg, 'utf8') + 1;
        if (bytes > MAX_ARG_BYTES) {
            return `over the operating system's limit for one argument (${(bytes - 1).toLocaleString('en-US')} bytes; at most ${(MAX_ARG_BYTES - 1).toLocaleString('en-US')})`;
        }
        total += bytes + POINTER;
    }
    if (total > MAX_ARGV_BYTES) {
        return `over the limit for all the arguments of one command (${total.toLocaleString('en-US')} bytes; at most ${MAX_ARGV_BYTES.toLocaleString('en-US')})`;
    }
    return undefined;
}
/** Why one of `commands` is over the limits, or undefined when all fit. */
function commandsProblem(commands) {
    for (const c of commands) {
        const problem = argvProblem(c.argv);
        if (problem !== undefined)
            return problem;
    }
    return undefined;
}
/**
 * `items` split into parts whose commands (`commandsOf`) fit the limits: the whole selection when it fits, else its
 * halves, each split again as needed (each level of halving builds the commands of every item once: n·log2(n) for n
 * items at worst, and a selection that fits is built once).
 */
function fitSelection(items, commandsOf) {
    const parts = [];
    const unfit = [];
    const visit = (slice) => {
        if (slice.length === 0)
            return;
        const problem = commandsProblem(commandsOf(slice));
        if (problem === undefined) {
            parts.push([...slice]);
            return;
        }
        if (slice.length === 1) {
            unfit.push({ item: slice[0], why: problem });
            return;
        }
        const half = Math.ceil(slice.length / 2);
        visit(slice.slice(0, half));
        visit(slice.slice(half));
    };
    visit(items);
    return { parts, unfit };
}

// EXTERNAL MODULE: ./src/scoring/thresholded.ts
var thresholded = __webpack_require__(49391);
;// CONCATENATED MODULE: ./src/rerun/budget.ts


/** Seed 004's suite budget: the time available over the average test time (1 s when the reports give none). */
function suiteBudget(timeoutSec, tests) {
    let total = 0;
    let known = 0;
    for (const t of tests) {
        const d = t.attempts[t.attempts.length - 1]?.durationSec;
        if (typeof d === 'number' && Number.isFinite(d) && d >= 0) {
            total += d;
            known++;
        }
    }
    const average = known > 0 ? Math.max(total / known, 0.001) : 1;
    return Math.floor(timeoutSec / average);
}
/** A test never seen on the default branch. */
function isNewTest(history, historyId) {
    const h = history.get(historyId);
    return !h || !h.runs.some((r) => r.onDefaultBranch);
}
function planExtras(input) {
    let left = Math.max(0, Math.floor(input.budget) - input.reserved);
    const plans = [];
    const newOnes = input.passing.filter((t) => input.newTests.has(t.id)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const t of newOnes) {
        if (left <= 0)
            break;
        const runs = Math.min(input.perTest, left);
        plans.push({ id: t.id, runs, pool: 'new' });
        left -= runs;
    }
    if (left <= 0)
        return plans;
    const planned = new Set(plans.map((p) => p.id));
    const candidates = [];
    for (const t of input.passing) {
        const hid = input.historyId(t.id);
        if (planned.has(t.id) || input.quarantined.has(hid))
            continue;
        const c = (0,stopping/* failureCounts */.Ln)(input.history.get(hid), input.window);
        const attempts = c.failures + c.passes;
        const observed = attempts > 0 ? c.failures / attempts : 0;
        candidates.push({ id: t.id, flakiness: (0,thresholded/* thresholdedFlakiness */.Hd)(observed), runs: input.history.get(hid)?.runs.length ?? 0 });
    }
    // Targeted: seed 004's allocateBudget over the whole budget's targeted share.
    const exploratoryShare = left - Math.round(left * 0.8);
    const targeted = (0,thresholded/* allocateBudget */.jW)(candidates, { budget: left - exploratoryShare, proportionTargeted: 1, maxTargetedPerTest: input.perTest, seed: input.seed }).filter((a) => a.pool === 'targeted');
    for (const a of targeted) {
        const runs = Math.min(Math.max(1, Math.round(a.budget)), left);
        if (runs <= 0)
            break;
        plans.push({ id: a.id, runs, pool: 'targeted' });
        planned.add(a.id);
        left -= runs;
    }
    // Exploratory: one execution each for the tests with the least history (the seed draws them at random; the
    // issue asks for the least known first), ties broken by a seeded hash so that runs explore different tests.
    const rest = candidates
        .filter((c) => !planned.has(c.id))
        .map((c) => ({ c, tie: hash(`${input.seed}:${c.id}`) }))
        .sort((x, y) => x.c.runs - y.c.runs || x.tie - y.tie);
    for (const { c } of rest) {
        if (left <= 0)
            break;
        plans.push({ id: c.id, runs: 1, pool: 'exploratory' });
        left -= 1;
    }
    return plans;
}
/** FNV-1a, 32 bits. */
function hash(text) {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++)
        h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return h;
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: ./src/text/shell.ts
var shell = __webpack_require__(96933);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
;// CONCATENATED MODULE: ./src/rerun/leftovers.ts
/**
 * The processes a re-run command leaves behind, found and killed when the command has exited or its time ran out
 * (docs/adr/0161-rerun-leftover-processes.md). A process belongs to the command when, in Linux's /proc,
 * - it is in the command's process group or session (the command is spawned as the leader of both), or
 * - its environment carries the round's marker (ENV_MARK, a random value every process the command starts inherits,
 *   `setsid` daemons included, however far they were reparented), or
 * - its parent belongs to the command.
 * Killing repeats until a sweep finds none left (a process forked meanwhile is found by the next sweep). Where there is
 * no /proc (macOS), only the process group is killed. `leftoverPids` is the pure rule; the rest reads /proc.
 */

/** The variable whose value marks every process a re-run command starts (not part of the contract: never rely on it). */
const ENV_MARK = 'FLAKEGUARD_RERUN_MARK';
/**
 * The processes of `table` that belong to the command whose pid (also its process group and session) is `root`:
 * same group or session, marked, or a descendant of one that belongs. `self` (the step) never does. Zombies are left
 * out (nothing to kill), but their children are not.
 */
function leftoverPids(table, root, marked, self) {
    const belongs = new Set();
    const children = new Map();
    for (const p of table) {
        const list = children.get(p.ppid);
        if (list)
            list.push(p.pid);
        else
            children.set(p.ppid, [p.pid]);
    }
    const queue = [root];
    for (const p of table) {
        if (p.pid === self)
            continue;
        if (p.pid === root || p.pgrp === root || p.session === root || marked(p.pid))
            queue.push(p.pid);
    }
    while (queue.length > 0) {
        const pid = queue.pop();
        if (belongs.has(pid) || pid === self)
            continue;
        belongs.add(pid);
        for (const child of children.get(pid) ?? [])
            queue.push(child);
    }
    const alive = new Map(table.map((p) => [p.pid, p]));
    return [...belongs].filter((pid) => {
        const p = alive.get(pid);
        return p !== undefined && p.state !== 'Z' && p.state !== 'X';
    });
}
/** Parses /proc/<pid>/stat (the command name, in parentheses, may hold spaces and parentheses itself). */
function parseStat(text) {
    const close = text.lastIndexOf(')');
    const open = text.indexOf('(');
    if (open < 0 || close < open)
        return undefined;
    const pid = Number(text.slice(0, open).trim());
    const f = text.slice(close + 2).split(' ');
    // After the name: state(3) ppid(4) pgrp(5) session(6) … starttime(22); f[0] is field 3.
    const [state, ppid, pgrp, session, start] = [f[0], Number(f[1]), Number(f[2]), Number(f[3]), f[19]];
    if (!state || !Number.isInteger(pid) || !Number.isInteger(ppid) || !Number.isInteger(pgrp) || !Number.isInteger(session) || !start)
        return undefined;
    return { pid, ppid, pgrp, session, start, state };
}
function readEntry(pid) {
    try {
        return parseStat((0,external_node_fs_.readFileSync)(`/proc/${pid}/stat`, 'utf8'));
    }
    catch {
        return undefined;
    }
}
function processTable() {
    let names;
    try {
        names = (0,external_node_fs_.readdirSync)('/proc');
    }
    catch {
        return undefined;
    }
    const table = [];
    for (const name of names) {
        if (!/^[0-9]+$/.test(name))
            continue;
        const entry = readEntry(Number(name));
        if (entry)
            table.push(entry);
    }
    return table;
}
/** Whether the environment of `pid` holds `NAME=value` exactly (unreadable, e.g. another user's process: no). */
function hasVariable(pid, needle) {
    let environ;
    try {
        environ = (0,external_node_fs_.readFileSync)(`/proc/${pid}/environ`);
    }
    catch {
        return false;
    }
    for (let at = environ.indexOf(needle); at >= 0; at = environ.indexOf(needle, at + 1)) {
        const end = at + needle.length;
        if ((at === 0 || environ[at - 1] === 0) && (end === environ.length || environ[end] === 0))
            return true;
    }
    return false;
}
/**
 * Kills (SIGKILL) every process that belongs to the command `root`, until a sweep finds none it has not killed yet or
 * `maxSweeps` sweeps ran, then its process group again (all there is to do without /proc). Synchronous: nothing else
 * runs meanwhile.
 */
function killLeftovers(root, mark, options = {}) {
    const report = { killed: 0, unkillable: [], swept: false };
    const killGroup = () => {
        try {
            process.kill(-root, 'SIGKILL');
        }
        catch {
            // no such group any more
        }
    };
    const needle = Buffer.from(`${ENV_MARK}=${mark}`);
    const refused = new Map();
    const signalled = new Set();
    const maxSweeps = options.maxSweeps ?? 100;
    for (let sweep = 0; sweep < maxSweeps; sweep++) {
        const table = processTable();
        if (!table) {
            killGroup();
            return report;
        }
        report.swept = true;
        const found = leftoverPids(table, root, (pid) => hasVariable(pid, needle), process.pid);
        const start = new Map(table.map((p) => [p.pid, p.start]));
        // A sweep that finds no process it has not signalled yet ends it: a killed process forks no more.
        let fresh = 0;
        for (const pid of found) {
            const identity = `${pid}@${start.get(pid)}`;
            if (refused.get(pid) === start.get(pid))
                continue;
            // The same process as in the table (a pid freed meanwhile may have been given to another one).
            if (readEntry(pid)?.start !== start.get(pid))
                continue;
            try {
                process.kill(pid, 'SIGKILL');
                if (!signalled.has(identity)) {
                    signalled.add(identity);
                    fresh++;
                    if (pid !== root)
                        report.killed++;
                }
            }
            catch (error) {
                if (error.code === 'EPERM')
                    refused.set(pid, start.get(pid));
            }
        }
        if (fresh === 0)
            break;
    }
    killGroup();
    report.unkillable = [...refused.keys()];
    return report;
}

;// CONCATENATED MODULE: ./src/rerun/process.ts
/**
 * The process adapter of the re-runs: runs one round's command(s) and reads back the round's report.
 *
 * A custom command (the `rerun` input) runs through `bash -c` in the workspace with FLAKEGUARD_RERUN_TESTS,
 * FLAKEGUARD_RERUN_REPORT and FLAKEGUARD_RERUN_ROUND (src/rerun/contract.ts); a preset's processes are spawned
 * WITHOUT a shell, their argv as the preset built it, so test names are never parsed by a shell. A process is
 * waited for until it exits, not until its output pipes close; then every process it left behind (its process group,
 * its session, its descendants, and whatever carries its marker in its environment: `setsid` daemons too) is killed
 * and the pipes are closed, and the same when the time left runs out (docs/adr/0161-rerun-leftover-processes.md).
 * The command's exit code is not the verdict: the report is, read only once nothing of the command runs any more.
 * Its output goes to the log line by line, defused (no workflow commands), bounded.
 */







/** Lines logged per round at most; the rest is counted. */
const MAX_LOG_LINES = 2000;
const MAX_LINE = 2000;
const ENV_TESTS = 'FLAKEGUARD_RERUN_TESTS';
const ENV_REPORT = 'FLAKEGUARD_RERUN_REPORT';
const ENV_ROUND = 'FLAKEGUARD_RERUN_ROUND';
/**
 * The environment a re-run command gets: this step's, without what belongs to the action and not to the tests —
 * its inputs (INPUT_TOKEN is a GitHub token), the runtime's tokens, and the files through which a step sets its
 * outputs, environment and summary (a test could otherwise forge flakeguard's `outcome`). A `run` step of the
 * workflow, such as the test step, has none of these either.
 */
function rerunEnv(env) {
    const out = {};
    for (const [name, value] of Object.entries(env)) {
        if (/^INPUT_/i.test(name) || /^ACTIONS_(RUNTIME|ID_TOKEN|RESULTS|CACHE)_/i.test(name))
            continue;
        if (/^GITHUB_(OUTPUT|ENV|PATH|STATE|STEP_SUMMARY)$/i.test(name))
            continue;
        out[name] = value;
    }
    return out;
}
/** A command's environment assignments of its own (names and values) and argv, as one shell line. */
function commandLine(command) {
    const env = Object.entries(command.env ?? {}).map(([name, value]) => `${name}=${(0,shell/* shellQuote */.ZL)(value ?? '')}`);
    return [...env, (0,shell/* shellLine */.Tg)(command.argv)].join(' ');
}
async function runRound(request) {
    const now = request.now ?? Date.now;
    const started = now();
    const seconds = () => Math.round((now() - started) / 100) / 10;
    const dir = (0,external_node_path_.join)(request.dir, `round-${request.round}`);
    await (0,promises_.mkdir)(dir, { recursive: true });
    const testsFile = (0,external_node_path_.join)(dir, 'tests.jsonl');
    const reportPath = (0,external_node_path_.join)(dir, 'report.xml');
    await (0,promises_.rm)(reportPath, { force: true, recursive: true });
    const tests = request.cases.map((c) => (0,plan.rerunTestOf)(c.test));
    await (0,promises_.writeFile)(testsFile, tests.map((t) => `${JSON.stringify(t)}\n`).join(''));
    const commands = typeof request.command === 'string' ? [{ argv: ['bash', '-c', request.command] }] : request.command.commands(tests, reportPath, request.round, request.options);
    const env = { ...rerunEnv(request.env), [ENV_TESTS]: testsFile, [ENV_REPORT]: reportPath, [ENV_ROUND]: String(request.round) };
    const deadline = started + request.timeoutMs;
    const logger = boundedLogger(request.log);
    const exits = [];
    for (const command of commands) {
        const left = deadline - now();
        if (left <= 0)
            return { ok: false, why: 'rerun-timeout ran out', seconds: seconds() };
        // The exact command line, quoted as a shell would read it back (the caller escapes it for the log).
        (request.logCommand ?? request.log)(`$ ${commandLine(command)}`);
        const result = await spawnBounded(command, { ...env, ...command.env }, request.workspace, left, logger.line);
        for (const note of leftoverLines(result))
            request.log(note);
        if (result.kind === 'timeout') {
            logger.flush();
            return { ok: false, why: `the command was stopped: rerun-timeout ran out`, seconds: seconds() };
        }
        if (result.kind === 'error') {
            logger.flush();
            return { ok: false, why: `the command could not start: ${result.message}`, seconds: seconds() };
        }
        exits.push(result.code === null ? `signal ${result.signal}` : `exit code ${result.code}`);
    }
    logger.flush();
    const exit = exits.join(', ');
    try {
        const s = await (0,promises_.stat)(reportPath);
        if (!s.isFile())
            return { ok: false, why: `the command (${exit}) left no report file at FLAKEGUARD_RERUN_REPORT`, seconds: seconds() };
    }
    catch {
        return { ok: false, why: `the command (${exit}) wrote no report at FLAKEGUARD_RERUN_REPORT`, seconds: seconds() };
    }
    try {
        const read = await request.readReport(reportPath);
        if (read.problems.length > 0)
            return { ok: false, why: `its report could not be read: ${read.problems[0]}`, seconds: seconds() };
        return { ok: true, attempts: read.attempts, seconds: seconds() };
    }
    catch (error) {
        return { ok: false, why: `its report could not be read: ${error instanceof Error ? error.message : String(error)}`, seconds: seconds() };
    }
}
/** How long the output pipes may take to close once every process of the command has been killed. */
const PIPE_GRACE_MS = 2000;
/**
 * Runs one process to its exit (not to the end of its output: a process it left behind may hold the pipes open),
 * then kills every process it left behind (src/rerun/leftovers.ts) and closes the pipes. The same when the time runs
 * out, the command itself included. Resolves only once all that is done.
 */
function spawnBounded(command, env, cwd, timeoutMs, line) {
    return new Promise((resolve) => {
        const [file, ...args] = command.argv;
        if (!file) {
            resolve({ kind: 'error', message: 'the preset gave an empty command' });
            return;
        }
        const mark = (0,external_node_crypto_.randomUUID)();
        let settled = false;
        // shell: false (the default) — argv reaches the program as it is. detached: the leader of its own process group
        // and session, which identify what it starts; ENV_MARK identifies what leaves both.
        const child = (0,external_node_child_process_.spawn)(file, args, { cwd, env: { ...env, [ENV_MARK]: mark }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
        const split = lineSplitter(line);
        child.stdout.on('data', split);
        child.stderr.on('data', split);
        let closed = false;
        const pipesClosed = new Promise((res) => child.on('close', () => res()));
        void pipesClosed.then(() => (closed = true));
        const finish = (result) => {
            if (settled)
                return;
            settled = true;
            clearTimeout(timer);
            const leftovers = child.pid !== undefined ? killLeftovers(child.pid, mark) : undefined;
            let grace;
            void Promise.race([pipesClosed, new Promise((res) => (grace = setTimeout(res, PIPE_GRACE_MS)))]).then(() => {
                clearTimeout(grace);
                const cut = !closed;
                if (cut) {
                    child.stdout.destroy();
                    child.stderr.destroy();
                }
                split(null);
                resolve({ ...result, ...(leftovers ? { leftovers } : {}), ...(cut ? { cut } : {}) });
            });
        };
        const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
        child.on('error', (error) => {
            if (child.pid === undefined) {
                // It never started: nothing to kill, no pipe to wait for.
                settled = true;
                clearTimeout(timer);
                resolve({ kind: 'error', message: error.message });
            }
        });
        child.on('exit', (code, signal) => finish({ kind: 'exit', code, signal }));
    });
}
/** Says what was killed or cut after a command, in the round's log. */
function leftoverLines(result) {
    const lines = [];
    const l = result.leftovers;
    if (l && l.killed > 0)
        lines.push(`(flakeguard killed ${l.killed} process${l.killed === 1 ? '' : 'es'} the command left running)`);
    if (l && l.unkillable.length > 0) {
        lines.push(`(${l.unkillable.length} process${l.unkillable.length === 1 ? '' : 'es'} the command left running could not be killed, another user's: pid ${l.unkillable.slice(0, 10).join(', ')})`);
    }
    if (result.cut)
        lines.push(`(the command's output was still held open ${PIPE_GRACE_MS / 1000} s after it ended, by a process flakeguard could not find or kill: closed here)`);
    return lines;
}
function lineSplitter(line) {
    let partial = '';
    return (chunk) => {
        if (chunk === null) {
            if (partial !== '')
                line(partial);
            partial = '';
            return;
        }
        partial += chunk.toString('utf8');
        let at;
        while ((at = partial.indexOf('\n')) >= 0) {
            line(partial.slice(0, at));
            partial = partial.slice(at + 1);
        }
        if (partial.length > MAX_LINE) {
            line(partial.slice(0, MAX_LINE));
            partial = '';
        }
    };
}
function boundedLogger(log) {
    let shown = 0;
    let dropped = 0;
    return {
        line: (text) => {
            if (shown < MAX_LOG_LINES) {
                shown++;
                log(text.replace(/\r$/, ''));
            }
            else
                dropped++;
        },
        flush: () => {
            if (dropped > 0)
                log(`(${dropped} more lines of output not shown)`);
            dropped = 0;
        },
    };
}

// EXTERNAL MODULE: ./src/pipeline/apply.ts + 11 modules
var apply = __webpack_require__(33546);
;// CONCATENATED MODULE: ./src/pipeline/rerun.ts
/**
 * Proof on the spot (issue #14, docs/rerun.md): before deciding, re-run this run's failed tests (and spend the
 * re-run budget), with the history read off the data branch first. Runs once per step: the push retries of the
 * data branch re-apply the same augmented results. Wiring only: the rules are in src/rerun/.
 */




















/**
 * The failed tests (report ids) quarantined before this run, not by hand, by what their quarantine would do if their
 * re-runs ran out while their streak is still plausible (the rules of applyRun, on the history as read):
 * `forgivable`, failing with a failure mode seen flakily before (the failures whose exhaustion can hide a real one);
 * `unforgivable`, failing with one never seen flakily (they block then). Both are re-run beyond rerun-attempts-max
 * (src/rerun/plan.ts): the first as far as their streak needs, the second until they pass or reach the ceiling.
 */
function quarantinedIfExhausted(snapshot, failed, historyId, sha, policy, normalise, now) {
    const before = (0,apply/* quarantineBefore */.ck)(snapshot, now);
    const byHistoryId = new Map();
    const tests = [];
    for (const t of failed) {
        const id = historyId(t.id);
        if (!before.quarantined.has(id) || before.byHand.has(id))
            continue;
        byHistoryId.set(id, t.id);
        tests.push({ ...t, id });
    }
    const forgivable = new Set();
    const unforgivable = new Set();
    if (tests.length === 0)
        return { forgivable, unforgivable };
    const run = { sha };
    const { unforgiven } = (0,apply/* judgeFailures */.$)(snapshot, before, tests, run, { ...apply/* DEFAULT_APPLY_OPTIONS */.y0, policy, normalise });
    for (const t of tests)
        (unforgiven.has(t.id) ? unforgivable : forgivable).add(byHistoryId.get(t.id));
    return { forgivable, unforgivable };
}
/**
 * What the re-runs start with besides the failures, as the step plans it: a pull request's new tests, and the extra
 * executions `rerun-budget` buys (src/rerun/budget.ts), seeded by the run so that runs explore different tests. Pure;
 * the accuracy simulator plans with it too.
 */
function plannedExtras(input) {
    const { tests, snapshot } = input;
    const newTests = new Set(input.isPullRequest ? tests.filter((t) => isNewTest(snapshot.history, input.historyId(t.id))).map((t) => t.id) : []);
    if (input.budget <= 0)
        return { newTests, extras: [] };
    const extras = planExtras({
        passing: tests.filter((t) => !(0,outcome/* finalAttemptFailed */.Rq)(t) && t.attempts.some((a) => a.status === 'passed')),
        history: snapshot.history,
        historyId: input.historyId,
        quarantined: (0,apply/* quarantineBefore */.ck)(snapshot, input.now).quarantined,
        newTests,
        budget: Math.min(input.budget, suiteBudget(input.timeoutSec, tests)),
        reserved: input.reserved,
        perTest: input.perTest,
        window: input.window,
        seed: (0,external_node_crypto_.createHash)('sha256').update(input.runKey).digest().readUInt32BE(0),
    });
    return { newTests, extras };
}
/** The data branch as it is now, to judge the failures by (empty when it cannot be read: every test unknown). */
async function readHistory(repo) {
    try {
        await repo.fetchAndReset();
        return { snapshot: (0,snapshot/* parseSnapshot */.E$)(await repo.readFiles(), await repo.blockedPaths()) };
    }
    catch (error) {
        return { snapshot: (0,snapshot/* emptySnapshot */.WX)(), note: `the data branch could not be read (${error instanceof Error ? error.message : String(error)}): every test was judged as one with no history` };
    }
}
/**
 * A round's report, its testcases' attempts by answerKey (id, classname and name; src/rerun/plan.ts): testcases are
 * not merged by id here, so one whose id merely collides with an asked test's (docs/test-ids.md) never adds to it.
 * Names are capped as the original report's were (src/junit/cap.ts), so a long name answers under its capped form.
 */
async function readRoundReport(path, workspace) {
    const read = await (0,junit/* parseReportFile */.kL)(path, (0,junit/* displayPath */.Gt)(path, workspace), { workspace });
    if (typeof read === 'string')
        return { attempts: new Map(), problems: [read] };
    const attempts = new Map();
    // Twins (docs/test-ids.md) are told apart by their order in the report, as in the original report.
    const seen = read.oneCasePerTest ? new Map() : undefined;
    for (const c of read.cases) {
        const named = { name: (0,cap/* capName */.o)(c.name), classname: (0,cap/* capName */.o)(c.classname), suite: (0,cap/* capName */.o)(c.suite) };
        if (seen)
            named.name = (0,junit/* twinName */.u2)(named.name, (0,junit/* testId */.ec)(named), seen).name;
        const key = (0,plan.answerKey)({ id: (0,junit/* testId */.ec)(named), classname: named.classname, name: named.name });
        const known = attempts.get(key);
        if (known)
            for (const a of c.attempts)
                known.push(a);
        else
            attempts.set(key, c.attempts);
    }
    return { attempts, problems: read.problems.map((p) => `${p.line ? `line ${p.line}: ` : ''}${p.message}`) };
}
async function rerunStep(input) {
    for (const notice of input.rerun.notices)
        core.notice((0,text_escape/* commandText */.jt)(notice, 1000), { title: 'flakeguard re-runs' });
    try {
        return await rerunOrSkip(input);
    }
    catch (error) {
        // A fault of the re-run machinery proves nothing: the original failures stand, and the summary says why.
        const why = `the re-runs stopped on an unexpected error (${error instanceof Error ? error.message : String(error)}); the original failures stand`;
        core.error((0,text_escape/* commandText */.jt)(why, 1000), { title: 'flakeguard re-runs' });
        return (0,plan.finishRerun)(startEmpty(input.rerun), input.tests, why);
    }
}
/**
 * `rerun: auto`: the preset src/rerun/detect.ts picks from the reports' marks and the workspace, said in a log group;
 * or, when it cannot tell, why not (a notice), and no re-runs.
 */
async function choosePresetAuto(input) {
    return core.group('Choosing the re-run preset (rerun: auto)', async () => {
        const detection = detectRunner(input.reporters, await readWorkspaceFacts(input.workspace));
        const preset = detection.preset === undefined ? undefined : (0,presets/* findPreset */.t)(detection.preset);
        if (preset)
            core.info((0,text_escape/* logText */.kc)(`rerun: auto chose the ${preset.name} preset:`, 1000));
        for (const line of detection.why)
            core.info((0,text_escape/* logText */.kc)(`  ${line}`, 1000));
        if (preset)
            return preset;
        // The summary says "No test was re-run: <why>".
        const why = `rerun: auto ${detection.why[0]} (name the preset instead, e.g. rerun: vitest; docs/rerun-presets.md)`;
        core.notice((0,text_escape/* commandText */.jt)(`Re-runs: no test was re-run: ${why}.`, 1000), { title: 'flakeguard re-runs' });
        return why;
    });
}
async function rerunOrSkip(input) {
    const { tests } = input;
    let rerun = input.rerun;
    const failed = tests.filter(outcome/* finalAttemptFailed */.Rq);
    if (failed.length === 0 && rerun.budget === 0)
        return (0,plan.finishRerun)(startEmpty(rerun), tests);
    if (failed.length > rerun.maxTests) {
        const skipped = `${failed.length} tests failed, more than rerun-max-tests (${rerun.maxTests}): that looks like a real break or an outage, so none was re-run`;
        core.info((0,text_escape/* logText */.kc)(`Re-runs: ${skipped}.`, 1000));
        return (0,plan.finishRerun)(startEmpty(rerun), tests, skipped);
    }
    if (rerun.auto) {
        const chosen = await choosePresetAuto(input);
        if (typeof chosen === 'string')
            return (0,plan.finishRerun)(startEmpty(rerun), tests, chosen);
        rerun = { ...rerun, preset: chosen };
    }
    const { snapshot, note } = await core.group('Reading the history for the re-runs', async () => {
        const read = await readHistory(input.repo);
        if (read.note)
            core.info((0,text_escape/* logText */.kc)(read.note, 1000));
        return read;
    });
    const history = snapshot.history;
    // Outages are never forgiven nor evidence: their failures stand, and are not re-run.
    const inOutage = new Set((0,outage/* findOutages */.wI)(tests, input.normalise, input.policy).flatMap((o) => o.tests));
    const toRerun = failed.filter((t) => !inOutage.has(t.id));
    const { newTests, extras } = plannedExtras({
        tests,
        snapshot,
        historyId: input.historyId,
        isPullRequest: input.isPullRequest,
        budget: rerun.budget,
        timeoutSec: rerun.timeoutSec,
        reserved: toRerun.length * rerun.attempts,
        perTest: rerun.attemptsMax,
        window: input.policy.window,
        runKey: input.runKey,
        now: input.now,
    });
    const state = (0,plan.startRerun)({
        failed: toRerun,
        extras,
        tests,
        history,
        historyId: input.historyId,
        newTests,
        window: input.policy.window,
        rule: { minReruns: rerun.attempts, maxReruns: rerun.attemptsMax },
        ...quarantinedIfExhausted(snapshot, toRerun, input.historyId, input.sha ?? '', input.policy, input.normalise, input.now),
    });
    const deadline = Date.now() + rerun.timeoutSec * 1000;
    const dir = (0,external_node_path_.join)(input.tempDir, 'flakeguard-rerun');
    const command = rerun.preset ?? rerun.command;
    for (;;) {
        const cases = (0,plan.roundCases)(state);
        if (cases.length === 0)
            break;
        const left = deadline - Date.now();
        if (left <= 0) {
            (0,plan.stopRerun)(state, `rerun-timeout (${rerun.timeoutSec}s) ran out`);
            break;
        }
        const round = state.rounds.length + 1;
        // A test the preset cannot put on a command line is set aside (no invocation can answer for it); the others run.
        const fitted = fitRound(rerun, cases, dir, round);
        for (const u of fitted.unfit)
            (0,plan.setAside)(u.item, u.why);
        if (fitted.unfit.length > 0) {
            const first = fitted.unfit[0];
            const more = fitted.unfit.length > 1 ? ` (and ${fitted.unfit.length - 1} more test${fitted.unfit.length === 2 ? '' : 's'})` : '';
            core.warning((0,text_escape/* commandText */.jt)(`Re-runs: '${first.item.test.id}'${more} could not be re-run: ${first.why}.`, 1000), { title: 'flakeguard re-runs' });
        }
        if (fitted.parts.length === 0)
            continue;
        const asked = fitted.parts.flat();
        const failedNow = asked.filter((c) => c.kind === 'failed').length;
        const title = `Re-run round ${round}: ${failedNow} failed test${failedNow === 1 ? '' : 's'}${asked.length > failedNow ? `, ${asked.length - failedNow} extra` : ''}`;
        const answer = await core.group(title, async () => {
            for (const c of asked.slice(0, 50))
                core.info((0,text_escape/* logText */.kc)(`  ${c.test.id}`, 1000));
            if (asked.length > 50)
                core.info(`  … and ${asked.length - 50} more`);
            if (fitted.parts.length > 1) {
                core.info(`Round ${round}: the command line for ${asked.length} tests is over the operating system's limits; split into ${fitted.parts.length} invocations (${fitted.parts.map((p) => p.length).join(', ')} tests).`);
            }
            const parts = [];
            for (const [k, part] of fitted.parts.entries()) {
                const leftNow = deadline - Date.now();
                const a = leftNow <= 0
                    ? { ok: false, why: 'rerun-timeout ran out', seconds: 0 }
                    : await runPart({
                        round,
                        cases: part,
                        command,
                        options: presetOptions(rerun),
                        workspace: input.workspace,
                        dir: fitted.parts.length === 1 ? dir : (0,external_node_path_.join)(dir, `part-${k + 1}`),
                        timeoutMs: leftNow,
                        env: process.env,
                        log: (line) => core.info((0,text_escape/* logText */.kc)(line, 2000)),
                        logCommand: (line) => core.info((0,text_escape/* logText */.kc)(line, 600_000)),
                        readReport: (path) => readRoundReport(path, input.workspace),
                    });
                parts.push({ asked: part, answer: a });
                if (!a.ok)
                    break;
            }
            const a = (0,plan.combineParts)(parts, fitted.parts.length);
            core.info(a.ok ? `Round ${round}: report read (${a.seconds}s).` : (0,text_escape/* logText */.kc)(`Round ${round} voided: ${a.why} (${a.seconds}s).`, 1000));
            return a;
        });
        (0,plan.recordRound)(state, asked, answer.ok || !/rerun-timeout/.test(answer.why) ? answer : { ...answer, why: `${answer.why} (${rerun.timeoutSec}s)` });
    }
    const result = (0,plan.finishRerun)(state, tests);
    if (rerun.preset?.keepsOrder) {
        await contextRounds({
            input,
            preset: rerun.preset,
            options: presetOptions(rerun),
            result,
            deadline,
            dir,
            timeoutSec: rerun.timeoutSec,
            attemptsMax: rerun.attemptsMax,
            reverseRounds: Math.min(REVERSE_ROUNDS, rerun.attempts),
        });
    }
    return note ? { ...result, note } : result;
}
/**
 * Context rounds at most for a test that failed every re-run alone (the reverse case): they change no verdict, only
 * say why it fails alone, so they are few (docs/adr/0297-reverse-case.md).
 */
const REVERSE_ROUNDS = 2;
/** A test asked for in a context or bisection round: a case of its own, never merged into the run's cases. */
function probeCase(test) {
    return { test, historyId: test.id, kind: 'extra', extraRuns: 1, isNew: false, counts: stopping/* NO_HISTORY */.Vo, maxReruns: 0, reruns: [], asked: 1, rounds: 0 };
}
/**
 * Context rounds and the polluter's bisection (src/rerun/context.ts, docs/rerun.md "Context rounds"), after the
 * ordinary rounds, for presets that keep a file's order. Their executions are a different experiment from the test's
 * attempts: they are counted in the cost and shown, never merged into the test's attempts (docs/adr/0295).
 */
async function contextRounds(o) {
    const { input, result } = o;
    const tracks = [];
    for (const c of result.cases) {
        const direction = contextDirection(c);
        if (direction === undefined)
            continue;
        const earlier = earlierInFile(input.tests, c.test);
        if (earlier.length === 0)
            continue;
        tracks.push({ test: c.test, historyId: c.historyId, direction, earlier, inContext: [], alone: [], probes: 0 });
    }
    if (tracks.length === 0)
        return;
    // The forward candidates share the implausibility threshold (Bonferroni): as many, in the order of the cases, as
    // can be judged within rerun-attempts-max pairs each; the others stay proven flaky, and the log says so.
    const forward = tracks.filter((t) => t.direction === 'forward');
    let taken = forward.length;
    while (taken > 0 && pairsNeeded(taken) > o.attemptsMax)
        taken--;
    const pairs = pairsNeeded(Math.max(1, taken));
    const left = new Set(forward.slice(taken));
    // One invocation: `tests` in this order; whether `target` failed, or undefined when the round could not answer.
    const invoke = async (label, run, target) => {
        const left = o.deadline - Date.now();
        if (left <= 0)
            return undefined;
        const round = result.rounds.length + 1;
        const asked = run.map(probeCase);
        const answer = await core.group(`Context round ${round}: ${label}`, async () => {
            for (const c of asked.slice(0, 50))
                core.info((0,text_escape/* logText */.kc)(`  ${c.test.id}`, 1000));
            if (asked.length > 50)
                core.info(`  … and ${asked.length - 50} more`);
            const a = await runPart({
                round,
                cases: asked,
                command: o.preset,
                options: o.options,
                workspace: input.workspace,
                dir: o.dir,
                timeoutMs: left,
                env: process.env,
                log: (line) => core.info((0,text_escape/* logText */.kc)(line, 2000)),
                logCommand: (line) => core.info((0,text_escape/* logText */.kc)(line, 600_000)),
                readReport: (path) => readRoundReport(path, input.workspace),
            });
            core.info(a.ok ? `Context round ${round}: report read (${a.seconds}s).` : (0,text_escape/* logText */.kc)(`Context round ${round} voided: ${a.why} (${a.seconds}s).`, 1000));
            return a;
        });
        const log = { round, tests: asked.length, seconds: answer.seconds, ignored: 0, ran: answer.ok ? (0,plan.ranIn)(answer) : 0, context: label };
        if (!answer.ok)
            log.voided = answer.why;
        result.rounds.push(log);
        result.ran += log.ran;
        result.seconds += answer.seconds;
        if (!answer.ok)
            return undefined;
        const got = (answer.attempts.get((0,plan.answerKey)(target)) ?? []).filter((a) => a.status !== 'skipped');
        return got.length === 0 ? undefined : got.some((a) => (0,model/* isFailure */.N6)(a.status));
    };
    const caseOf = new Map(result.cases.map((c) => [c.historyId, c]));
    for (const t of tracks) {
        const who = `'${t.test.id}'`;
        if (left.has(t))
            t.verdict = 'undecided';
        const limit = t.direction === 'forward' ? pairs : o.reverseRounds;
        for (let k = 0; k < limit && (t.verdict === undefined || t.verdict === 'fails-in-context'); k++) {
            let alone;
            if (t.direction === 'forward') {
                alone = await invoke(`${who} alone (pair ${k + 1} of ${pairs})`, [t.test], t.test);
                if (alone === undefined)
                    break;
            }
            const inContext = await invoke(`${who} after the ${t.earlier.length} test${t.earlier.length === 1 ? '' : 's'} before it in its file${t.direction === 'forward' ? ` (pair ${k + 1} of ${pairs})` : ''}`, [...t.earlier, t.test], t.test);
            if (inContext === undefined)
                break;
            recordContext(t, pairs, { ...(alone !== undefined ? { alone } : {}), context: inContext });
        }
        if (t.verdict === 'order-dependent') {
            for (let probe = nextProbe(t); probe !== undefined; probe = nextProbe(t)) {
                const failed = await invoke(`bisection: ${who} after ${probe.length} of the tests before it`, [...probe, t.test], t.test);
                if (failed === undefined) {
                    t.suspects = [];
                    break;
                }
                recordProbe(t, probe, failed);
            }
            const sentence = orderSentence(t);
            const c = caseOf.get(t.historyId);
            if (c) {
                c.verdict = 'consistent';
                c.why = sentence;
                // Its passes alone proved the verdict; they are not attempts of the run, which it failed (docs/adr/0295):
                // the run's result keeps its own attempts, so its failure blocks and its history does not read as flaky.
                result.tests = result.tests.map((x) => (x.id === c.test.id && x.report === c.test.report ? c.test : x));
            }
            result.orderDependent.set(t.historyId, sentence);
            result.consistent.set(t.historyId, sentence);
            result.provenFlaky = result.provenFlaky.filter((id) => id !== t.historyId);
            result.newFlaky = result.newFlaky.filter((id) => id !== t.historyId);
            core.info((0,text_escape/* logText */.kc)(`Context rounds: ${who} ${sentence}.`, 2000));
        }
        else if (t.verdict === 'needs-earlier') {
            const c = caseOf.get(t.historyId);
            if (c && t.sentence !== undefined)
                c.context = t.sentence;
            if (c && t.direction === 'extra') {
                // It passed in the run and passes after the tests before it: its extra executions failed only alone, which is
                // no evidence of flakiness. They are not merged into its attempts (the history does not read "passed on retry").
                c.verdict = 'clean';
                result.tests = result.tests.map((x) => (x.id === c.test.id && x.report === c.test.report ? c.test : x));
                result.newFlaky = result.newFlaky.filter((id) => id !== t.historyId);
            }
            core.info((0,text_escape/* logText */.kc)(`Context rounds: ${who} ${t.sentence}.`, 2000));
        }
        else if (t.direction === 'forward' && t.verdict !== 'flaky-in-context') {
            core.info((0,text_escape/* logText */.kc)(`Context rounds: ${who} could not be told order-dependent from flaky (${o.deadline <= Date.now() ? `rerun-timeout (${o.timeoutSec}s) ran out` : left.has(t) ? `only ${taken} test${taken === 1 ? '' : 's'} can be judged within rerun-attempts-max (${o.attemptsMax}) pairs each` : 'a round did not answer'}); it stays proven flaky.`, 2000));
        }
    }
}
/**
 * The round's cases in invocations whose command lines fit the operating system's limits (src/rerun/fit.ts). Only a
 * preset puts tests on its command line; a custom command gets them in a file, so its round is one invocation. The
 * commands are sized with a report path at least as long as any part's.
 */
function fitRound(rerun, cases, dir, round) {
    const preset = rerun.preset;
    if (preset === undefined)
        return { parts: [cases], unfit: [] };
    const sizing = (0,external_node_path_.join)(dir, `part-${cases.length}`, `round-${round}`, 'report.xml');
    const options = presetOptions(rerun);
    const fitted = fitSelection(cases, (part) => preset.commands(part.map((c) => (0,plan.rerunTestOf)(c.test)), sizing, round, options));
    return {
        parts: fitted.parts,
        unfit: fitted.unfit.map((u) => ({
            item: u.item,
            why: `its command line is ${u.why}, so the ${preset.name} preset cannot re-run it (a custom command gets the tests in a file: docs/rerun.md)`,
        })),
    };
}
/**
 * One invocation of a round. The kernel refuses a command line over its limits (E2BIG) when the environment leaves
 * less room than src/rerun/fit.ts assumes (the environment counts in the same limit): the invocation, and so the
 * round, is voided with that reason, never an unexpected error.
 */
async function runPart(request) {
    const started = Date.now();
    try {
        return await runRound(request);
    }
    catch (error) {
        if (error?.code !== 'E2BIG')
            throw error;
        const seconds = Math.round((Date.now() - started) / 100) / 10;
        return {
            ok: false,
            why: `the operating system refused its command line (E2BIG): with the environment (${environmentBytes(rerunEnv(request.env)).toLocaleString('en-US')} bytes) its arguments are over the system's limit`,
            seconds,
        };
    }
}
/** The bytes the environment takes on a command line (each `NAME=value` with its NUL, and its pointer). */
function environmentBytes(env) {
    let total = 0;
    for (const [name, value] of Object.entries(env))
        if (value !== undefined)
            total += Buffer.byteLength(`${name}=${value}`) + 9;
    return total;
}
function presetOptions(rerun) {
    return rerun.args ? { args: rerun.args } : {};
}
function startEmpty(rerun) {
    return (0,plan.startRerun)({
        failed: [],
        extras: [],
        tests: [],
        history: new Map(),
        historyId: (id) => id,
        newTests: new Set(),
        window: 1,
        rule: { minReruns: rerun.attempts, maxReruns: rerun.attemptsMax },
    });
}


/***/ }),

/***/ 73467:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EXTEND_FACTOR: () => (/* binding */ EXTEND_FACTOR),
/* harmony export */   answerKey: () => (/* binding */ answerKey),
/* harmony export */   blockingAfterReruns: () => (/* binding */ blockingAfterReruns),
/* harmony export */   combineParts: () => (/* binding */ combineParts),
/* harmony export */   failedInTheRun: () => (/* binding */ failedInTheRun),
/* harmony export */   finishRerun: () => (/* binding */ finishRerun),
/* harmony export */   ranIn: () => (/* binding */ ranIn),
/* harmony export */   recordRound: () => (/* binding */ recordRound),
/* harmony export */   rerunTestOf: () => (/* binding */ rerunTestOf),
/* harmony export */   rerunTestsJsonl: () => (/* binding */ rerunTestsJsonl),
/* harmony export */   roundCases: () => (/* binding */ roundCases),
/* harmony export */   setAside: () => (/* binding */ setAside),
/* harmony export */   startRerun: () => (/* binding */ startRerun),
/* harmony export */   stopRerun: () => (/* binding */ stopRerun)
/* harmony export */ });
/* harmony import */ var _model_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(10182);
/* harmony import */ var _stopping_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3712);
/**
 * The re-run rounds as plain data (issue #14, docs/rerun.md). Pure: the process adapter (process.ts) runs each
 * round's command and hands back what the round's report says; this module decides who runs in the next round,
 * what each test's re-runs proved, and this run's tests with the re-runs merged in as attempts.
 *
 * A round re-runs, in one command invocation, every failed test still undecided and every passing test that has
 * extra executions left (rerun-budget); in several when a preset's command line for them all would be over the
 * operating system's limits (fit.ts, combineParts). A failed test is decided when a re-run passes (proven flaky), when its
 * streak of failures became implausible for a flaky test (consistent), or when its re-runs ran out (exhausted:
 * the quarantine decides as without re-runs). A round without a readable report voids that round: nothing it
 * would have said is recorded, the tests it asked for stay as they were, and no further round runs.
 */


/**
 * A failure of a quarantined test is re-run up to this many times `rerun-attempts-max` (docs/rerun.md, "Past the
 * maximum"): one its quarantine would forgive as far as its streak needs, one it would not until it passes.
 */
const EXTEND_FACTOR = 2;
function startRerun(input) {
    const byId = new Map(input.tests.map((t) => [t.id, t]));
    const cases = [];
    const make = (test, kind, extra) => {
        const historyId = input.historyId(test.id);
        return {
            test,
            historyId,
            kind,
            extraRuns: extra?.runs ?? 0,
            ...(extra ? { pool: extra.pool } : {}),
            isNew: input.newTests.has(test.id),
            counts: (0,_stopping_js__WEBPACK_IMPORTED_MODULE_1__/* .failureCounts */ .Ln)(input.history.get(historyId), input.window),
            maxReruns: input.rule.maxReruns,
            reruns: [],
            asked: 0,
            rounds: 0,
        };
    };
    for (const t of input.failed)
        cases.push(make(t, 'failed'));
    const failedIds = new Set(input.failed.map((t) => t.id));
    for (const e of input.extras) {
        const t = byId.get(e.id);
        if (t && !failedIds.has(e.id) && e.runs > 0)
            cases.push(make(t, 'extra', e));
    }
    // The run must not turn red by chance: with k failed tests re-run, each streak is held to 1/k of the threshold, so
    // that flaky failures alone block the run less than IMPLAUSIBLE of the time however many failed (Bonferroni: valid
    // whether the k tests fail independently or together).
    const threshold = (input.rule.threshold ?? _stopping_js__WEBPACK_IMPORTED_MODULE_1__/* .IMPLAUSIBLE */ .aV) / Math.max(1, input.failed.length);
    // Past the maximum, for quarantined tests only (docs/rerun.md):
    // - a failure its quarantine would forgive is the one whose exhaustion can hide a real failure (a regression that
    //   fails with the test's own flaky message): it is re-run as far as its streak needs to become implausible, when
    //   that is within the ceiling;
    // - a failure its quarantine would not forgive (a new message) blocks when its re-runs run out: it is re-run up to
    //   the ceiling, since only a pass can change its verdict, and a known-flaky test is the one likely to pass. A test
    //   not quarantined is not: its failure is more likely real, and further re-runs would mostly add time.
    const ceiling = input.rule.extendedMax ?? EXTEND_FACTOR * input.rule.maxReruns;
    for (const c of cases) {
        if (c.kind !== 'failed')
            continue;
        if (input.forgivable?.has(c.test.id)) {
            const needed = (0,_stopping_js__WEBPACK_IMPORTED_MODULE_1__/* .rerunsNeeded */ .bm)(c.counts, threshold, ceiling);
            if (needed !== undefined)
                c.maxReruns = Math.max(c.maxReruns, needed);
        }
        else if (input.unforgivable?.has(c.test.id)) {
            c.maxReruns = Math.max(c.maxReruns, ceiling);
        }
    }
    return { cases, rule: { ...input.rule, threshold }, rounds: [] };
}
/** The cases the next round re-runs; empty when the re-runs are over. */
function roundCases(state) {
    if (state.stopped !== undefined)
        return [];
    return state.cases.filter((c) => c.verdict === undefined && (c.kind === 'failed' || c.rounds < c.extraRuns));
}
/** A line of FLAKEGUARD_RERUN_TESTS. */
function rerunTestOf(test) {
    return {
        id: test.id,
        classname: test.classname,
        name: (0,_model_js__WEBPACK_IMPORTED_MODULE_0__/* .runnerTitle */ .x3)(test),
        ...(test.file !== undefined ? { file: test.file } : {}),
        ...(test.suite !== '' ? { suite: test.suite } : {}),
    };
}
/** The FLAKEGUARD_RERUN_TESTS file: one JSON object a line (JSON escapes every control character). */
function rerunTestsJsonl(cases) {
    return cases.map((c) => `${JSON.stringify(rerunTestOf(c.test))}\n`).join('');
}
const counted = (attempts) => attempts.filter((a) => a.status !== 'skipped');
function decideFailed(c, rule) {
    const all = counted([...c.test.attempts, ...c.reruns]);
    const last = all[all.length - 1];
    if (last && !(0,_model_js__WEBPACK_IMPORTED_MODULE_0__/* .isFailure */ .N6)(last.status)) {
        c.verdict = 'proven-flaky';
        return;
    }
    let streak = 0;
    for (let i = all.length - 1; i >= 0 && (0,_model_js__WEBPACK_IMPORTED_MODULE_0__/* .isFailure */ .N6)(all[i].status); i--)
        streak++;
    const step = (0,_stopping_js__WEBPACK_IMPORTED_MODULE_1__/* .nextStep */ .sk)(c.counts, streak, c.rounds, { ...rule, maxReruns: c.maxReruns });
    if (step === 'continue')
        return;
    c.verdict = step;
    const failures = all.filter((a) => (0,_model_js__WEBPACK_IMPORTED_MODULE_0__/* .isFailure */ .N6)(a.status)).length;
    const chance = (0,_stopping_js__WEBPACK_IMPORTED_MODULE_1__/* .rerunChance */ .rR)(c.counts, Math.min(streak, c.rounds));
    c.why =
        step === 'consistent'
            ? (0,_stopping_js__WEBPACK_IMPORTED_MODULE_1__/* .consistentSentence */ .Aj)(failures, all.length)
            : `failed ${failures} of ${all.length} times on this commit; its history cannot rule out flakiness (a ${(chance * 100).toFixed(1)}% chance), so its quarantine decides${c.maxReruns > rule.maxReruns ? ` (re-run past rerun-attempts-max, ${rule.maxReruns}, as a quarantined test's failure is)` : ''}`;
}
/**
 * The key under which a testcase of a re-run report answers: its id AND its classname and name. A testcase answers
 * for an asked test only when all three are the asked test's. The id alone is not enough: `::` is not escaped and an
 * empty classname falls back to the suite (docs/test-ids.md), so a testcase with classname "" and name
 * `rt.Suite::real_failure` (or classname "" in a suite `rt.Suite`) composes the id of `rt.Suite` / `real_failure`
 * while being another test; its pass must never prove the asked test flaky.
 */
function answerKey(t) {
    return JSON.stringify([t.id, t.classname, t.name]);
}
/**
 * The executions a round really made, by its report: every testcase attempt not skipped, asked for or not (a preset
 * may run a superset of the asked tests, src/rerun/contract.ts), what the summary's cost counts.
 */
function ranIn(answer) {
    if (answer.ran !== undefined)
        return answer.ran;
    let n = 0;
    for (const got of answer.attempts.values())
        n += counted(got).length;
    return n;
}
/** Records one round's answer for the cases it asked for. */
function recordRound(state, asked, answer) {
    const round = state.rounds.length + 1;
    for (const c of asked)
        c.asked++;
    if (!answer.ok) {
        state.rounds.push({ round, tests: asked.length, seconds: answer.seconds, voided: answer.why, ignored: 0, ran: 0 });
        stopRerun(state, `round ${round} was voided: ${answer.why}`);
        return;
    }
    const askedKeys = new Set(asked.map((c) => answerKey(c.test)));
    let ignored = 0;
    for (const key of answer.attempts.keys())
        if (!askedKeys.has(key))
            ignored++;
    state.rounds.push({ round, tests: asked.length, seconds: answer.seconds, ignored, ran: ranIn(answer) });
    for (const c of asked) {
        const got = counted(answer.attempts.get(answerKey(c.test)) ?? []);
        if (got.length === 0) {
            c.verdict = 'unanswered';
            c.why = `round ${round}'s re-run report has no result for it (missing or skipped)`;
            continue;
        }
        c.reruns.push(...got);
        c.rounds++;
        if (c.kind === 'failed')
            decideFailed(c, state.rule);
        else if (c.rounds >= c.extraRuns)
            c.verdict = c.reruns.some((a) => (0,_model_js__WEBPACK_IMPORTED_MODULE_0__/* .isFailure */ .N6)(a.status)) ? 'flaky-extra' : 'clean';
    }
}
/**
 * A case no further round can answer for is decided with what is there: an extra execution by the ones it had, a
 * failed test as unanswered (its failure stands, judged as without re-runs), with why.
 */
function setAside(c, why) {
    if (c.verdict !== undefined)
        return;
    if (c.kind === 'extra' && c.rounds > 0) {
        c.verdict = c.reruns.some((a) => (0,_model_js__WEBPACK_IMPORTED_MODULE_0__/* .isFailure */ .N6)(a.status)) ? 'flaky-extra' : 'clean';
        return;
    }
    c.verdict = 'unanswered';
    c.why = why;
}
/** No further round: every undecided case is decided with what is there. */
function stopRerun(state, why) {
    state.stopped ??= why;
    for (const c of state.cases)
        setAside(c, why);
}
/**
 * One round's answer from the invocations it was split into (src/rerun/fit.ts), each with the cases it asked for. A
 * voided invocation voids the round (the invocations after it do not run). Each asked case is answered by the
 * invocation that asked for it only: one that ran a superset may report a test another invocation asked for, and
 * that execution is ignored, never counted twice. Testcases no invocation asked for are kept, to be counted as
 * ignored.
 */
function combineParts(parts, of) {
    const seconds = Math.round(parts.reduce((sum, p) => sum + p.answer.seconds, 0) * 10) / 10;
    for (const [k, p] of parts.entries()) {
        if (!p.answer.ok)
            return { ok: false, why: of > 1 ? `invocation ${k + 1} of ${of}: ${p.answer.why}` : p.answer.why, seconds };
    }
    if (parts.length === 1)
        return parts[0].answer;
    const askedAnywhere = new Set(parts.flatMap((p) => p.asked.map((c) => answerKey(c.test))));
    const attempts = new Map();
    for (const p of parts) {
        if (!p.answer.ok)
            continue;
        const mine = new Set(p.asked.map((c) => answerKey(c.test)));
        for (const [key, got] of p.answer.attempts) {
            if (mine.has(key))
                attempts.set(key, [...got]);
            else if (!askedAnywhere.has(key))
                attempts.set(key, [...(attempts.get(key) ?? []), ...got]);
        }
    }
    return { ok: true, attempts, seconds, ran: parts.reduce((n, p) => n + (p.answer.ok ? ranIn(p.answer) : 0), 0) };
}
/**
 * This run's tests with the re-runs merged in. A failed test's re-runs follow its attempts (a pass last: it did
 * not fail the run). A passing test's extra executions are put before its passing attempt, so that the test's
 * result in the suite stays the run's final word: a failing extra reads as a failure followed by a pass, which is
 * what it proved (it fails and passes on this commit), never as a failure of the run.
 */
function finishRerun(state, tests, skipped) {
    stopRerun(state, state.stopped ?? 'the re-runs ended');
    const byId = new Map(state.cases.map((c) => [c.test.id, c]));
    const merged = tests.map((t) => {
        const c = byId.get(t.id);
        if (!c || c.reruns.length === 0)
            return t;
        return { ...t, attempts: c.kind === 'failed' ? [...t.attempts, ...c.reruns] : [...c.reruns, ...t.attempts] };
    });
    const provenFlaky = state.cases.filter((c) => c.verdict === 'proven-flaky').map((c) => c.historyId);
    const consistent = new Map(state.cases.filter((c) => c.verdict === 'consistent').map((c) => [c.historyId, c.why]));
    const newFlaky = state.cases.filter((c) => c.isNew && (c.verdict === 'proven-flaky' || c.verdict === 'flaky-extra')).map((c) => c.historyId);
    return {
        tests: merged,
        cases: state.cases,
        rounds: state.rounds,
        ...(state.stopped !== undefined && state.stopped !== 'the re-runs ended' ? { stopped: state.stopped } : {}),
        ...(skipped !== undefined ? { skipped } : {}),
        provenFlaky,
        consistent,
        orderDependent: new Map(),
        newFlaky,
        executions: state.cases.reduce((n, c) => n + c.reruns.length, 0),
        ran: state.rounds.reduce((n, r) => n + r.ran, 0),
        seconds: state.rounds.reduce((s, r) => s + r.seconds, 0),
    };
}
/**
 * History ids of the failed tests every attempt of which in the run's own report failed (no in-process retry
 * passed): the tests a polluter can explain (src/rerun/order.ts), since a victim fails every attempt inside the run.
 */
function failedInTheRun(result) {
    const out = new Set();
    for (const c of result.cases)
        if (c.kind === 'failed' && !c.test.attempts.some((a) => a.status === 'passed'))
            out.add(c.historyId);
    return out;
}
/**
 * Every failed test the re-runs took up whose failure still blocks the run (`blocking`: history ids of the blocking
 * failures, as the outcome decided them), in the order of the cases, with why: order-dependent (it fails inside the
 * full run and passes alone, src/rerun/order.ts: it blocks even though a re-run passed), failed consistently
 * (implausible for its flakiness), its re-runs ran out with its streak still plausible and nothing forgave it (exhausted: a test with
 * no history, or one not quarantined), or the re-runs could not answer for it. A consistent failure always blocks.
 */
function blockingAfterReruns(result, blocking, orderDependent = new Map()) {
    const out = [];
    for (const c of result.cases) {
        if (c.kind !== 'failed')
            continue;
        const order = orderDependent.get(c.historyId);
        if (order !== undefined) {
            // A hand quarantine forgives it (the hand wins): then it does not block, and is not listed.
            if (blocking.has(c.historyId))
                out.push({ id: c.historyId, verdict: 'order-dependent', why: order });
            continue;
        }
        if (c.verdict !== 'consistent' && !blocking.has(c.historyId))
            continue;
        const before = out.length;
        if (c.verdict === 'consistent')
            out.push({ id: c.historyId, verdict: 'consistent', why: c.why ?? 'it failed consistently on this commit' });
        else if (c.verdict === 'exhausted') {
            const seen = c.counts.failures + c.counts.passes > 0;
            const n = c.reruns.length;
            out.push({
                id: c.historyId,
                verdict: 'exhausted',
                why: `it failed all ${n} re-run${n === 1 ? '' : 's'}, too few to be implausible for ${seen ? 'its flakiness' : 'a test with no history'}; nothing forgave it`,
            });
        }
        else if (c.verdict === 'unanswered')
            out.push({ id: c.historyId, verdict: 'unanswered', why: `the re-runs could not answer for it: ${c.why ?? 'no result'}; its failure stands` });
        const added = out[before];
        if (added && c.context !== undefined)
            added.why = `${c.context}; ${added.why}`;
    }
    return out;
}


/***/ })

};
