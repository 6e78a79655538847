export const id = 467;
export const ids = [467];
export const modules = {

/***/ 73467:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EXTEND_FACTOR: () => (/* binding */ EXTEND_FACTOR),
/* harmony export */   answerKey: () => (/* binding */ answerKey),
/* harmony export */   blockingAfterReruns: () => (/* binding */ blockingAfterReruns),
/* harmony export */   combineParts: () => (/* binding */ combineParts),
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
        newFlaky,
        executions: state.cases.reduce((n, c) => n + c.reruns.length, 0),
        ran: state.rounds.reduce((n, r) => n + r.ran, 0),
        seconds: state.rounds.reduce((s, r) => s + r.seconds, 0),
    };
}
/**
 * Every failed test the re-runs took up whose failure still blocks the run (`blocking`: history ids of the blocking
 * failures, as the outcome decided them), in the order of the cases, with why: failed consistently (implausible for
 * its flakiness), its re-runs ran out with its streak still plausible and nothing forgave it (exhausted: a test with
 * no history, or one not quarantined), or the re-runs could not answer for it. A consistent failure always blocks.
 */
function blockingAfterReruns(result, blocking) {
    const out = [];
    for (const c of result.cases) {
        if (c.kind !== 'failed')
            continue;
        if (c.verdict !== 'consistent' && !blocking.has(c.historyId))
            continue;
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
    }
    return out;
}


/***/ }),

/***/ 3712:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Aj: () => (/* binding */ consistentSentence),
/* harmony export */   Ln: () => (/* binding */ failureCounts),
/* harmony export */   aV: () => (/* binding */ IMPLAUSIBLE),
/* harmony export */   bm: () => (/* binding */ rerunsNeeded),
/* harmony export */   rR: () => (/* binding */ rerunChance),
/* harmony export */   sk: () => (/* binding */ nextStep)
/* harmony export */ });
/* unused harmony exports NO_HISTORY, failureRate, streakChance */
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


/***/ })

};
