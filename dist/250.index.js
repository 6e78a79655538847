export const id = 250;
export const ids = [250,584];
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


/***/ })

};
