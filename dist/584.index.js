export const id = 584;
export const ids = [584];
export const modules = {

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
