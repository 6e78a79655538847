export const id = 813;
export const ids = [813];
export const modules = {

/***/ 91813:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  ingestWorkflowRunMode: () => (/* binding */ ingestWorkflowRunMode)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 11 modules
var core = __webpack_require__(91659);
// EXTERNAL MODULE: ./src/github/step-files.ts
var step_files = __webpack_require__(91463);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/config/context.ts
var context = __webpack_require__(80577);
// EXTERNAL MODULE: ./src/config/file.ts + 1 modules
var file = __webpack_require__(45024);
// EXTERNAL MODULE: ./src/config/inputs.ts
var config_inputs = __webpack_require__(64389);
// EXTERNAL MODULE: ./src/text/escape.ts
var text_escape = __webpack_require__(67388);
// EXTERNAL MODULE: ./src/store/sync.ts
var store_sync = __webpack_require__(32190);
// EXTERNAL MODULE: ./src/modes/common.ts
var common = __webpack_require__(19931);
// EXTERNAL MODULE: ./src/modes/shards.ts
var modes_shards = __webpack_require__(20163);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
;// CONCATENATED MODULE: ./src/modes/workflow-run.ts
/**
 * The facts about a finished workflow run, read from the `workflow_run` event that started this job. GitHub
 * writes this payload; the run's artifacts were written by whatever code that run executed (a fork's code, for a
 * pull request from a fork). So the commit, branch, event, pull request and link come from here, never from
 * an artifact.
 */


const str = (v) => (typeof v === 'string' ? v : undefined);
const DAY = 86_400_000;
/** A workflow run (with its re-runs) cannot be older than this when its workflow_run event fires. */
const MAX_RUN_AGE = 35 * DAY;
function finishedRunFromEvent(ctx, eventPath, now) {
    if (ctx.eventName !== 'workflow_run') {
        throw new config_inputs/* InputError */.dz(`mode: ingest-workflow-run runs in a workflow triggered by 'workflow_run' (this one was triggered by '${ctx.eventName}'); see docs/forks.md.`);
    }
    let payload;
    try {
        payload = JSON.parse((0,external_node_fs_.readFileSync)(eventPath ?? '', 'utf8'));
    }
    catch (error) {
        throw new config_inputs/* InputError */.dz(`Could not read the workflow_run event payload (GITHUB_EVENT_PATH): ${error instanceof Error ? error.message : String(error)}`);
    }
    const wr = payload.workflow_run;
    if (typeof wr !== 'object' || wr === null)
        throw new config_inputs/* InputError */.dz('The event payload has no workflow_run.');
    const id = wr.id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
        throw new config_inputs/* InputError */.dz('The workflow_run payload has no run id.');
    const repository = str(wr.repository?.full_name) ?? str(payload.repository?.full_name);
    if (repository !== undefined && repository.toLowerCase() !== ctx.repository.toLowerCase()) {
        throw new config_inputs/* InputError */.dz(`The workflow run belongs to ${repository}, not to ${ctx.repository}.`);
    }
    const headSha = str(wr.head_sha) ?? '';
    if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(headSha))
        throw new config_inputs/* InputError */.dz('The workflow_run payload has no head commit.');
    const headRepository = str(wr.head_repository?.full_name) ?? ctx.repository;
    const fromFork = headRepository.toLowerCase() !== ctx.repository.toLowerCase();
    const event = str(wr.event) ?? '';
    const headBranch = str(wr.head_branch) ?? '';
    const defaultBranch = str(payload.repository?.default_branch) ?? ctx.defaultBranch;
    const attempt = typeof wr.run_attempt === 'number' && Number.isSafeInteger(wr.run_attempt) && wr.run_attempt >= 1 ? wr.run_attempt : 1;
    const prs = Array.isArray(wr.pull_requests) ? wr.pull_requests : [];
    const prNumber = prs.map((p) => p?.number).find((n) => typeof n === 'number' && Number.isSafeInteger(n) && n > 0);
    const onDefaultBranch = !fromFork && headBranch === defaultBranch && ['push', 'schedule', 'workflow_dispatch', 'merge_group'].includes(event);
    const ref = prNumber !== undefined ? `refs/pull/${prNumber}/merge` : fromFork ? `${headRepository}:${headBranch}` : `refs/heads/${headBranch}`;
    const started = Date.parse(str(wr.run_started_at) ?? str(wr.created_at) ?? '');
    const updated = Date.parse(str(wr.updated_at) ?? '');
    const latest = Number.isFinite(updated) ? Math.min(updated, now) : now;
    const earliest = Number.isFinite(started) ? Math.min(started - 60_000, latest) : latest - MAX_RUN_AGE;
    const url = `${ctx.serverUrl}/${ctx.repository}/actions/runs/${id}`;
    return {
        id,
        headRepository,
        fromFork,
        ...(prNumber !== undefined ? { pullRequest: prNumber } : {}),
        conclusion: str(wr.conclusion) ?? '',
        trusted: {
            runId: String(id),
            maxAttempt: attempt,
            workflow: str(wr.name) ?? ctx.workflow,
            sha: headSha,
            ref,
            event,
            onDefaultBranch,
            url,
            earliest: Math.max(earliest, latest - MAX_RUN_AGE),
            latest,
        },
    };
}

// EXTERNAL MODULE: ./src/modes/split.ts
var split = __webpack_require__(6432);
;// CONCATENATED MODULE: ./src/modes/ingest.ts
/**
 * `mode: ingest-workflow-run` (docs/forks.md): run by a `workflow_run` workflow, which has a write token, after a
 * workflow run that could not save its results (a pull request from a fork) has finished. Downloads that run's
 * flakeguard artifacts through GitHub's REST API and saves them to the data branch. Nothing from the run is
 * executed or checked out: the artifacts are read as data (size-bounded archive, strict JSON parsers), and the
 * run's commit, branch and event come from the event payload GitHub wrote.
 */













function storeLine(sync, branch) {
    const s = sync.status;
    switch (s.kind) {
        case 'pushed':
            return `Saved to ${branch} at ${s.commit.slice(0, 12)}${s.tries > 1 ? ` (after ${s.tries} tries)` : ''}.${(0,store_sync/* foldedLine */.x6)(s.folded)}`;
        case 'unchanged':
            return (sync.applied.ingested ? `Nothing new to save on ${branch}.` : `These results were already in the history of ${branch}; counted once.`) + (0,store_sync/* foldedLine */.x6)(s.folded);
        case 'parked':
            return `Parked on ${s.ref} (${s.reason}): the next run that writes ${branch} folds it in, exactly once.`;
        case 'read-only':
            return `Read-only: the history of ${branch} was read but not written.`;
        case 'not-saved':
            return `The results were NOT saved to ${branch}: ${s.reason}${s.parked ? ` They are parked on ${s.parked} until then.` : ''}`;
    }
}
async function ingestWorkflowRunMode(env, modeInputs) {
    const inputs = { ...(0,common/* readModeActionInputs */.Xv)(env, false), checkRun: false };
    (0,common/* secretInputs */._y)(inputs, text_escape/* registerSecret */.cl);
    const ctx = (0,context/* contextFromEnv */.jW)(env);
    const now = Date.now();
    const finished = finishedRunFromEvent(ctx, env.GITHUB_EVENT_PATH, now);
    if (!inputs.token)
        throw new config_inputs/* InputError */.dz("mode: ingest-workflow-run needs a token that may read the run's artifacts and push the data branch (the 'token' input).");
    const config = await (0,file/* loadFileConfig */.p)(inputs.configPath ? (0,external_node_path_.resolve)(ctx.workspace, inputs.configPath) : '');
    core.info((0,text_escape/* logText */.kc)(`Workflow run ${finished.id} (${finished.trusted.event}${finished.fromFork ? ` from the fork ${finished.headRepository}` : ''}${finished.pullRequest ? `, pull request #${finished.pullRequest}` : ''}, ${finished.conclusion || 'no conclusion'}) at ${finished.trusted.sha.slice(0, 12)}.`));
    const findBy = { token: inputs.token, workflowRunId: finished.id, repositoryOwner: ctx.owner, repositoryName: ctx.repo };
    const collected = await core.group(`Collecting the results of run ${finished.id}`, () => (0,common/* collectShards */.Se)({ trusted: finished.trusted, split: modeInputs.splitHistoryBy === 'job-key', ctx, findBy }));
    for (const r of collected.refused)
        core.error((0,text_escape/* commandText */.jt)(`Artifact ${r.artifact} was refused: ${r.reason}`, 1000), { title: 'flakeguard artifact refused' });
    const shards = (0,modes_shards/* latestPerShard */.JL)(collected.shards);
    (0,step_files/* setOutput */.uH)('ingested-shards', JSON.stringify(shards.map((s) => s.label)));
    if (shards.length === 0) {
        const line = `Run ${finished.id} left no flakeguard results${collected.refused.length ? ' that could be used' : ''}; nothing to ingest.`;
        core.notice((0,text_escape/* commandText */.jt)(line, 2000));
        await (0,step_files/* appendSummary */.fe)(`## flakeguard: nothing to ingest\n\n${(0,text_escape/* mdText */.bC)(line, 500)}\n`).catch(() => undefined);
        if (collected.refused.length > 0) {
            core.setFailed((0,text_escape/* commandText */.jt)(`${collected.refused.length} artifact${collected.refused.length === 1 ? ' was' : 's were'} refused (see the errors above).`, 2000));
            return 'failure';
        }
        return 'success';
    }
    // However many artifacts the run left, each of its attempts is one untrusted run (src/history/trust.ts).
    const runs = (0,modes_shards/* untrustedRuns */.HI)(collected.shards, finished.trusted);
    const sync = await (0,common/* ingestShards */.Gy)({
        inputs,
        ctx,
        config,
        shards: runs,
        extraReasons: [],
        readOnly: inputs.readOnly,
        now,
        commitMessage: `flakeguard: ${runs.reduce((n, s) => n + s.reports.tests.length, 0)} tests from workflow run ${finished.id}${finished.fromFork ? ` (fork ${finished.headRepository})` : ''}`,
    });
    const result = sync.applied;
    if (modeInputs.splitHistoryBy === 'job-key') {
        for (const s of shards)
            (0,split/* warnUnsplitOverrides */.Vj)(s.reports.tests.map((t) => t.id), s.jobKey, result);
    }
    const leftOut = runs.reduce((n, s) => n + s.reports.tests.filter((t) => !result.history.has(t.id)).length, 0);
    const leftOutLine = leftOut > 0 ? `${leftOut} test${leftOut === 1 ? '' : 's'} of the untrusted results were left out: no trusted run has recorded them (docs/forks.md).` : '';
    if (leftOutLine)
        core.info(leftOutLine);
    const line = storeLine(sync, inputs.dataBranch);
    if (sync.status.kind === 'not-saved')
        core.warning((0,text_escape/* commandText */.jt)(line, 2000), { title: 'flakeguard history not saved' });
    else
        core.info((0,text_escape/* logText */.kc)(line));
    for (const p of result.problems)
        (p.notice ? core.notice : core.error)((0,text_escape/* commandText */.jt)(p.message, 2000), { title: (0,text_escape/* logText */.kc)(`flakeguard data branch: ${p.file}`, 200), file: p.file, startLine: p.line });
    (0,step_files/* setOutput */.uH)('quarantined-tests', JSON.stringify(result.quarantined));
    (0,step_files/* setOutput */.uH)('newly-quarantined', JSON.stringify(result.newlyQuarantined));
    (0,step_files/* setOutput */.uH)('released', JSON.stringify(result.released));
    (0,step_files/* setOutput */.uH)('data-commit', sync.status.kind === 'pushed' ? sync.status.commit : '');
    const rows = result.decided.map((s, i) => {
        const o = result.shardOutcomes[i];
        return `| ${(0,text_escape/* mdText */.bC)(s.label, 200)} | ${s.reports.tests.length} | ${o.failed.length} | ${o.forgiven.length} |`;
    });
    const list = (title, ids) => ids.length === 0
        ? ''
        : `\n**${title}** (${ids.length}): ${ids
            .slice(0, 20)
            .map((id) => `\`${(0,text_escape/* mdText */.bC)(id, 200)}\``)
            .join(', ')}${ids.length > 20 ? ', …' : ''}\n`;
    const origin = finished.fromFork ? ` from the fork ${(0,text_escape/* mdText */.bC)(finished.headRepository, 100)}` : '';
    await (0,step_files/* appendSummary */.fe)(`## flakeguard: ingested workflow run [${finished.id}](${finished.trusted.url})${origin}\n\n${(0,text_escape/* mdText */.bC)(line, 500)}\n\n` +
        `Its results are untrusted: recorded as evidence, they count only once trusted runs agree (docs/forks.md).${leftOutLine ? ` ${leftOutLine}` : ''}\n\n` +
        `| shard | tests | failed | forgiven |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n` +
        list('Newly quarantined', result.newlyQuarantined) +
        list('Released', result.released)).catch(() => undefined);
    const failures = [];
    if (sync.status.kind === 'not-saved')
        failures.push(line);
    if (collected.refused.length > 0)
        failures.push(`${collected.refused.length} artifact${collected.refused.length === 1 ? ' was' : 's were'} refused (see the errors above); the others were ingested.`);
    if (failures.length > 0) {
        core.setFailed((0,text_escape/* commandText */.jt)(failures.join(' '), 4000));
        return 'failure';
    }
    return 'success';
}


/***/ })

};
