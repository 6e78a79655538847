export const id = 523;
export const ids = [523];
export const modules = {

/***/ 21523:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   aggregateMode: () => (/* binding */ aggregateMode),
/* harmony export */   checkExpected: () => (/* binding */ checkExpected)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(91659);
/* harmony import */ var _github_step_files_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(91463);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _config_context_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(80577);
/* harmony import */ var _config_file_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(45024);
/* harmony import */ var _config_inputs_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(64389);
/* harmony import */ var _text_escape_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(67388);
/* harmony import */ var _common_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(19931);
/* harmony import */ var _job_key_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(67597);
/* harmony import */ var _split_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(6432);
/* harmony import */ var _shards_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(20163);
/* harmony import */ var _store_sync_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(32190);
/**
 * `mode: aggregate` (docs/matrix.md): the final job of a workflow whose matrix jobs ran `mode: upload`. It reads
 * every shard's artifact of this run, checks that every expected shard is there, decides each shard's failures
 * against the history, writes the data branch once, and publishes one outcome that names the failing shards.
 */













/** Matches the shards present against `expected-shards`. */
function checkExpected(shards, expected) {
    if ('count' in expected) {
        if (shards.length >= expected.count) {
            return { missing: [], reasons: [], unexpected: [] };
        }
        const missing = expected.count - shards.length;
        const present = shards.length === 0 ? 'none' : shards.map((s) => s.label).join('; ');
        return {
            missing: [`${missing} of ${expected.count}`],
            reasons: [
                `${missing} of ${expected.count} expected shard${expected.count === 1 ? '' : 's'} uploaded no results (they crashed, were cancelled or skipped, so their tests are unaccounted for). Present: ${present}. List the job keys in expected-shards to have the missing ones named.`,
            ],
            unexpected: [],
        };
    }
    const used = new Set();
    const missing = [];
    for (const key of expected.keys) {
        const canonical = (0,_job_key_js__WEBPACK_IMPORTED_MODULE_8__/* .canonicalJobKey */ .H)(key);
        const match = shards.find((s) => !used.has(s) && ((0,_job_key_js__WEBPACK_IMPORTED_MODULE_8__/* .canonicalJobKey */ .H)(s.jobKey) === canonical || s.run.job === key.trim() || s.label === key.trim()));
        if (match)
            used.add(match);
        else
            missing.push((0,_job_key_js__WEBPACK_IMPORTED_MODULE_8__/* .renderJobKey */ .db)(key) || key.trim());
    }
    const reasons = missing.map((m) => `Shard ${m} uploaded no results: it crashed, was cancelled or skipped before flakeguard ran in it, so its tests are unaccounted for.`);
    return { missing, reasons, unexpected: shards.filter((s) => !used.has(s)) };
}
async function aggregateMode(env, modeInputs) {
    const inputs = (0,_common_js__WEBPACK_IMPORTED_MODULE_7__/* .readModeActionInputs */ .Xv)(env, false);
    (0,_common_js__WEBPACK_IMPORTED_MODULE_7__/* .secretInputs */ ._y)(inputs, _text_escape_js__WEBPACK_IMPORTED_MODULE_6__/* .registerSecret */ .cl);
    if (!modeInputs.expectedShards) {
        throw new _config_inputs_js__WEBPACK_IMPORTED_MODULE_5__/* .InputError */ .dz("mode: aggregate needs 'expected-shards': the number of matrix jobs, or their job keys one per line (e.g. 'os=windows-latest'), so that a shard that crashed before uploading fails the check.");
    }
    const ctx = (0,_config_context_js__WEBPACK_IMPORTED_MODULE_3__/* .contextFromEnv */ .jW)(env);
    const config = await (0,_config_file_js__WEBPACK_IMPORTED_MODULE_4__/* .loadFileConfig */ .p)(inputs.configPath ? (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(ctx.workspace, inputs.configPath) : '');
    const { artifactRuntimeAvailable } = await __webpack_require__.e(/* import() */ 616).then(__webpack_require__.bind(__webpack_require__, 4616));
    (0,_common_js__WEBPACK_IMPORTED_MODULE_7__/* .requireArtifactRuntime */ ._n)(env, 'aggregate', artifactRuntimeAvailable(env));
    const now = Date.now();
    const trusted = {
        runId: ctx.runId,
        maxAttempt: ctx.runAttempt,
        workflow: ctx.workflow,
        sha: ctx.sha,
        ref: ctx.ref,
        event: ctx.eventName,
        onDefaultBranch: (0,_config_context_js__WEBPACK_IMPORTED_MODULE_3__/* .isOnDefaultBranch */ .vZ)(ctx),
        url: `${ctx.serverUrl}/${ctx.repository}/actions/runs/${ctx.runId}`,
        earliest: now - 35 * 86_400_000,
        latest: now,
    };
    const collected = await _actions_core__WEBPACK_IMPORTED_MODULE_0__.group('Collecting the shards of this run', () => (0,_common_js__WEBPACK_IMPORTED_MODULE_7__/* .collectShards */ .Se)({ trusted, split: modeInputs.splitHistoryBy === 'job-key', ctx }));
    const shards = (0,_shards_js__WEBPACK_IMPORTED_MODULE_10__/* .latestPerShard */ .JL)(collected.shards);
    const check = checkExpected(shards, modeInputs.expectedShards);
    const extraReasons = [...check.reasons, ...collected.refused.map((r) => `Artifact ${r.artifact} was refused: ${r.reason}`)];
    for (const r of collected.refused)
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.error((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_6__/* .commandText */ .jt)(`Artifact ${r.artifact} was refused: ${r.reason}`, 1000), { title: 'flakeguard shard refused' });
    for (const s of check.unexpected)
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.warning((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_6__/* .commandText */ .jt)(`Shard ${s.label} is not listed in expected-shards; its results are used anyway.`, 2000));
    _actions_core__WEBPACK_IMPORTED_MODULE_0__.info((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_6__/* .logText */ .kc)(`${shards.length} shard${shards.length === 1 ? '' : 's'}: ${shards.map((s) => s.label).join('; ') || 'none'}.`));
    (0,_github_step_files_js__WEBPACK_IMPORTED_MODULE_1__/* .setOutput */ .uH)('missing-shards', JSON.stringify(check.missing));
    if (shards.length === 0) {
        const reasons = extraReasons.length > 0 ? extraReasons : ['No shard uploaded results.'];
        (0,_github_step_files_js__WEBPACK_IMPORTED_MODULE_1__/* .setOutput */ .uH)('shard-outcomes', '{}');
        await (0,_github_step_files_js__WEBPACK_IMPORTED_MODULE_1__/* .appendSummary */ .fe)(`## flakeguard: no shard results\n\n${reasons.map((r) => `- ${(0,_text_escape_js__WEBPACK_IMPORTED_MODULE_6__/* .mdText */ .bC)(r, 1000)}`).join('\n')}\n`).catch(() => undefined);
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.setFailed((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_6__/* .commandText */ .jt)(reasons.join(' '), 4000));
        return 'failure';
    }
    const readOnly = inputs.readOnly || ctx.fromFork;
    const own = {
        key: (0,_config_context_js__WEBPACK_IMPORTED_MODULE_3__/* .runIdentity */ .yK)(ctx, inputs.jobKey, ['(aggregate)']),
        runId: ctx.runId,
        runAttempt: ctx.runAttempt,
        job: ctx.job,
        workflow: ctx.workflow,
        sha: ctx.sha,
        ref: ctx.ref,
        onDefaultBranch: trusted.onDefaultBranch,
        event: ctx.eventName,
        time: now,
        url: (0,_config_context_js__WEBPACK_IMPORTED_MODULE_3__/* .runUrl */ .Vp)(ctx),
    };
    const issues = inputs.createIssues ? await (await __webpack_require__.e(/* import() */ 791).then(__webpack_require__.bind(__webpack_require__, 81791))).prepareIssues({ inputs, ctx, readOnly }) : undefined;
    const sync = await (0,_common_js__WEBPACK_IMPORTED_MODULE_7__/* .ingestShards */ .Gy)({
        inputs,
        ctx,
        config,
        shards: collected.shards,
        extraReasons,
        readOnly,
        now,
        closedByHand: issues?.closedByHand,
        issueOf: issues?.issueOf,
        commitMessage: `flakeguard: ${shards.reduce((n, s) => n + s.reports.tests.length, 0)} tests from ${shards.length} shards of run ${ctx.runId} attempt ${ctx.runAttempt}`,
    });
    // Results neither saved nor parked fail the run (docs/data-branch.md, "Many writers"), never a warning alone.
    const lost = readOnly ? undefined : (0,_store_sync_js__WEBPACK_IMPORTED_MODULE_11__/* .lostReason */ .pf)(sync.status, inputs.dataBranch);
    if (lost)
        sync.applied.outcome = { ...sync.applied.outcome, result: 'failure', reasons: [...sync.applied.outcome.reasons, lost] };
    const o = sync.applied.outcome;
    if (modeInputs.splitHistoryBy === 'job-key') {
        for (const s of sync.applied.decided)
            (0,_split_js__WEBPACK_IMPORTED_MODULE_9__/* .warnUnsplitOverrides */ .Vj)(s.reports.tests.map((t) => t.id), s.jobKey, sync.applied);
    }
    const shardOutcomes = {};
    sync.applied.decided.forEach((s, i) => (shardOutcomes[s.label] = sync.applied.shardOutcomes[i].result));
    (0,_github_step_files_js__WEBPACK_IMPORTED_MODULE_1__/* .setOutput */ .uH)('shard-outcomes', JSON.stringify(shardOutcomes));
    const { publishResults } = await Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 37530));
    await publishResults({
        inputs,
        ctx,
        readOnly,
        runUrl: own.url ?? '',
        sync,
        reports: { tests: shards.reduce((n, s) => n + s.reports.tests.length, 0), problems: shards.reduce((n, s) => n + s.reports.problems.length, 0) },
    });
    await issues?.publish(sync, own);
    await (0,_github_step_files_js__WEBPACK_IMPORTED_MODULE_1__/* .appendSummary */ .fe)(shardTable(sync.applied.decided, sync.applied.shardOutcomes.map((x) => ({ result: x.result, failed: x.failed.length, blocking: x.blocking.length })), check.missing)).catch(() => undefined);
    if (readOnly && ctx.fromFork) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.notice("A pull request from a fork: the shards' artifacts stay on this run for a workflow_run workflow with mode: ingest-workflow-run (docs/forks.md).");
    }
    if (o.result === 'failure')
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.setFailed((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_6__/* .commandText */ .jt)(o.reasons.join(' '), 4000));
    else if (o.forgiven.length > 0) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.warning(`${o.forgiven.length} failed test${o.forgiven.length === 1 ? ' was' : 's were'} forgiven because ${o.forgiven.length === 1 ? 'it is' : 'they are'} quarantined; the job passes.`);
    }
    return o.result;
}
function shardTable(shards, outcomes, missing) {
    const rows = shards.map((s, i) => {
        const o = outcomes[i];
        return `| ${(0,_text_escape_js__WEBPACK_IMPORTED_MODULE_6__/* .mdText */ .bC)(s.label, 200)} | ${s.reports.tests.length} | ${o.failed} | ${o.blocking} | ${o.result === 'success' ? '✅ success' : '❌ failure'} |`;
    });
    for (const m of missing)
        rows.push(`| ${(0,_text_escape_js__WEBPACK_IMPORTED_MODULE_6__/* .mdText */ .bC)(m, 200)} | – | – | – | ❌ no results uploaded |`);
    return `\n### Shards\n\n| shard | tests | failed | blocking | outcome |\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}\n`;
}


/***/ })

};
