export const id = 250;
export const ids = [250];
export const modules = {

/***/ 36250:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MAX_CHECK_ANNOTATIONS: () => (/* binding */ MAX_CHECK_ANNOTATIONS),
/* harmony export */   publishCheckRun: () => (/* binding */ publishCheckRun)
/* harmony export */ });
/* unused harmony exports ANNOTATIONS_PER_REQUEST, CHECK_TEXT_LIMIT, batches */
/* harmony import */ var _text_escape_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(67388);
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(96584);


const ANNOTATIONS_PER_REQUEST = 50;
/** 20 requests: enough for every failure a person reads, and a small share of GITHUB_TOKEN's 1,000 requests an hour. */
const MAX_CHECK_ANNOTATIONS = 1000;
/** The check run's output summary and text limit is 65,535 characters; counted in UTF-8 bytes to be safe. */
const CHECK_TEXT_LIMIT = 65_535;
function toApi(a) {
    const line = a.path ? (a.line ?? 1) : 1;
    return {
        path: (a.path ?? a.reportPath),
        start_line: line,
        end_line: line,
        annotation_level: a.level,
        title: a.title,
        message: a.message,
        ...(a.details ? { raw_details: a.details } : {}),
    };
}
function batches(items, size) {
    const out = [];
    for (let i = 0; i < items.length; i += size)
        out.push(items.slice(i, i + size));
    return out;
}
async function publishCheckRun(octokit, input) {
    const placeable = input.annotations.filter((a) => a.path || a.reportPath);
    const chosen = placeable.slice(0, MAX_CHECK_ANNOTATIONS);
    const groups = batches(chosen, ANNOTATIONS_PER_REQUEST);
    const result = {
        created: false,
        requests: 0,
        sent: 0,
        unsent: [],
        overLimit: placeable.length - chosen.length,
        unplaceable: input.annotations.length - placeable.length,
    };
    const summary = (0,_text_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .truncateBytes */ .QY)(input.summary, CHECK_TEXT_LIMIT - 200);
    const output = {
        title: input.title.slice(0, 255),
        summary: summary.length < input.summary.length ? `${summary}\n\n_…cut at GitHub's limit for a check run._` : summary,
    };
    let next = 0;
    try {
        result.requests++;
        const created = await octokit.rest.checks.create({
            owner: input.owner,
            repo: input.repo,
            name: input.name,
            head_sha: input.headSha,
            status: 'completed',
            conclusion: input.conclusion,
            ...(input.detailsUrl ? { details_url: input.detailsUrl } : {}),
            output: { ...output, annotations: (groups[0] ?? []).map(toApi) },
            ...(0,_client_js__WEBPACK_IMPORTED_MODULE_1__/* .requestOptions */ .ag)(),
        });
        result.created = true;
        result.id = created.data.id;
        result.url = created.data.html_url ?? undefined;
        result.sent += groups[0]?.length ?? 0;
        for (next = 1; next < groups.length; next++) {
            result.requests++;
            await octokit.rest.checks.update({
                owner: input.owner,
                repo: input.repo,
                check_run_id: result.id,
                output: { ...output, annotations: groups[next].map(toApi) },
                ...(0,_client_js__WEBPACK_IMPORTED_MODULE_1__/* .requestOptions */ .ag)(),
            });
            result.sent += groups[next].length;
        }
    }
    catch (error) {
        result.error = (0,_client_js__WEBPACK_IMPORTED_MODULE_1__/* .describeApiError */ .gg)(error);
        result.unsent = groups.slice(next).flat();
    }
    return result;
}


/***/ })

};
