export const id = 943;
export const ids = [943];
export const modules = {

/***/ 94943:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   RESULTS_RETENTION_DAYS: () => (/* binding */ RESULTS_RETENTION_DAYS),
/* harmony export */   leaveResults: () => (/* binding */ leaveResults),
/* harmony export */   uploadMode: () => (/* binding */ uploadMode),
/* harmony export */   uploadResults: () => (/* binding */ uploadResults)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(91659);
/* harmony import */ var _github_step_files_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(91463);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _config_context_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(80577);
/* harmony import */ var _store_results_file_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(57610);
/* harmony import */ var _text_escape_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(67388);
/* harmony import */ var _artifacts_bundle_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(62363);
/* harmony import */ var _common_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(19931);
/* harmony import */ var _pipeline_job_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(38929);
/* harmony import */ var _job_key_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(67597);
/**
 * Leaving a job's results in an artifact: `mode: upload` (a shard of the aggregate pattern, docs/matrix.md), and
 * the default mode's runs that could not save their history (a pull request from a fork, docs/forks.md).
 */











/** Days the service keeps these artifacts: long enough to re-run a failed aggregating or ingesting job. */
const RESULTS_RETENTION_DAYS = 7;
/** Writes the artifact's files and uploads them; returns the artifact's name. */
async function uploadResults({ inputs, ctx, run, reports }) {
    const manifest = {
        jobKey: inputs.jobKey,
        testOutcome: inputs.testOutcome,
        filesMatched: reports.matched,
        filesRead: reports.filesRead,
        problems: reports.problems,
        reportPatterns: inputs.reports,
    };
    const root = (0,_common_js__WEBPACK_IMPORTED_MODULE_8__/* .tempRoot */ .fQ)(ctx);
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.mkdir)(root, { recursive: true });
    const dir = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.mkdtemp)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(root, 'upload-'));
    const paths = [];
    for (const [name, text] of (0,_artifacts_bundle_js__WEBPACK_IMPORTED_MODULE_7__/* .bundleFiles */ .e6)(manifest, (0,_store_results_file_js__WEBPACK_IMPORTED_MODULE_5__/* .renderResultsFile */ .tn)(run, reports.tests))) {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.writeFile)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(dir, name), text);
        paths.push((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(dir, name));
    }
    const name = (0,_artifacts_bundle_js__WEBPACK_IMPORTED_MODULE_7__/* .artifactName */ .Cs)(run.key, (0,_job_key_js__WEBPACK_IMPORTED_MODULE_10__/* .shardLabel */ .$_)(run.job, inputs.jobKey), run.runAttempt);
    const { uploadArtifact } = await __webpack_require__.e(/* import() */ 616).then(__webpack_require__.bind(__webpack_require__, 4616));
    const uploaded = await uploadArtifact(name, dir, paths, RESULTS_RETENTION_DAYS);
    _actions_core__WEBPACK_IMPORTED_MODULE_0__.info((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_6__/* .logText */ .kc)(`Uploaded ${reports.tests.length} test results as the artifact ${name}${uploaded.size !== undefined ? ` (${uploaded.size} bytes)` : ''}.`));
    return name;
}
/**
 * Called by the default mode when this run's results were not saved (read-only: a pull request from a fork;
 * or the push kept failing): uploads them for `mode: ingest-workflow-run`. Never changes the outcome.
 */
async function leaveResults(left, modeInputs, env) {
    if (!modeInputs.uploadResults)
        return;
    const { artifactRuntimeAvailable } = await __webpack_require__.e(/* import() */ 616).then(__webpack_require__.bind(__webpack_require__, 4616));
    if (!artifactRuntimeAvailable(env)) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.info('The Actions artifact service is not available here (ACTIONS_RUNTIME_TOKEN/ACTIONS_RESULTS_URL), so the results were not uploaded.');
        return;
    }
    try {
        const name = await uploadResults(left);
        (0,_github_step_files_js__WEBPACK_IMPORTED_MODULE_1__/* .setOutput */ .uH)('results-artifact', name);
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.notice((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_6__/* .commandText */ .jt)(`This run's results were uploaded as the artifact ${name}; a workflow_run workflow with mode: ingest-workflow-run can save them (docs/forks.md).`, 2000));
    }
    catch (error) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.warning((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_6__/* .commandText */ .jt)(`Could not upload this run's results as an artifact: ${error instanceof Error ? error.message : String(error)}`, 1000), { title: 'flakeguard results not uploaded' });
    }
}
/** `mode: upload`: read the reports, upload them for the aggregating job; the outcome is decided there. */
async function uploadMode(env, modeInputs) {
    const inputs = (0,_common_js__WEBPACK_IMPORTED_MODULE_8__/* .readModeActionInputs */ .Xv)(env, true);
    (0,_common_js__WEBPACK_IMPORTED_MODULE_8__/* .secretInputs */ ._y)(inputs, _text_escape_js__WEBPACK_IMPORTED_MODULE_6__/* .registerSecret */ .cl);
    const ctx = (0,_config_context_js__WEBPACK_IMPORTED_MODULE_4__/* .contextFromEnv */ .jW)(env);
    const { artifactRuntimeAvailable } = await __webpack_require__.e(/* import() */ 616).then(__webpack_require__.bind(__webpack_require__, 4616));
    (0,_common_js__WEBPACK_IMPORTED_MODULE_8__/* .requireArtifactRuntime */ ._n)(env, modeInputs.mode, artifactRuntimeAvailable(env));
    const reports = await (0,_pipeline_job_js__WEBPACK_IMPORTED_MODULE_9__/* .readReports */ .oh)(inputs, ctx);
    const run = (0,_pipeline_job_js__WEBPACK_IMPORTED_MODULE_9__/* .runContextFor */ .S2)(ctx, inputs, reports.timestamp, Date.now());
    const name = await _actions_core__WEBPACK_IMPORTED_MODULE_0__.group('Uploading the results for the aggregating job', () => uploadResults({ inputs, ctx, run, reports }));
    (0,_github_step_files_js__WEBPACK_IMPORTED_MODULE_1__/* .setOutput */ .uH)('results-artifact', name);
    const failed = reports.tests.filter((t) => {
        const last = t.attempts[t.attempts.length - 1];
        return last?.status === 'failed' || last?.status === 'error';
    }).length;
    (0,_github_step_files_js__WEBPACK_IMPORTED_MODULE_1__/* .setOutput */ .uH)('failed-tests', failed);
    _actions_core__WEBPACK_IMPORTED_MODULE_0__.info(`${reports.tests.length} tests, ${failed} failed, in ${reports.matched} report file${reports.matched === 1 ? '' : 's'}: the job with mode: aggregate decides the outcome of this shard.`);
    return 'success';
}


/***/ })

};
