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
