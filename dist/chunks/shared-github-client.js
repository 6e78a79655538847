import {
  logText,
  redact
} from "./shared-text-escape.js";

// src/github/client.ts
var REQUEST_TIMEOUT_MS = 2e4;
var TIMEOUT_ENV = "FLAKEGUARD_API_TIMEOUT_MS";
function requestTimeoutMs(env = process.env) {
  const raw = env[TIMEOUT_ENV]?.trim();
  if (!raw) return REQUEST_TIMEOUT_MS;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 && value <= 6e5 ? value : REQUEST_TIMEOUT_MS;
}
async function createClient(token, apiUrl) {
  const { getOctokit } = await import("./actions-github.js");
  const quiet = () => void 0;
  const warn = (message) => void process.stderr.write(`${logText(String(message), 1e3)}
`);
  const octokit = getOctokit(token, { baseUrl: apiUrl, request: { retries: 0 }, log: { debug: quiet, info: quiet, warn, error: warn } });
  octokit.hook.after("request", () => new Promise((resolve) => setImmediate(resolve)));
  octokit.hook.error("request", async (error) => {
    await new Promise((resolve) => setImmediate(resolve));
    throw error;
  });
  return octokit;
}
async function openConnection(octokit, stop, env = process.env) {
  try {
    const { signal } = requestOptions(env).request;
    await octokit.request("GET /rate_limit", { request: { signal: stop ? AbortSignal.any([signal, stop]) : signal } });
    return true;
  } catch (error) {
    return typeof error.status === "number" && !describeApiError(error).timedOut;
  }
}
function requestOptions(env = process.env) {
  return { request: { signal: AbortSignal.timeout(requestTimeoutMs(env)) } };
}
function describeApiError(error) {
  const e = typeof error === "object" && error !== null ? error : {};
  const raw = typeof e.message === "string" ? e.message : String(error);
  const timedOut = e.name === "TimeoutError" || e.name === "AbortError" || e.cause?.name === "TimeoutError" || /aborted due to timeout|operation was aborted/i.test(raw);
  const status = typeof e.status === "number" && !timedOut ? e.status : void 0;
  const headers = e.response?.headers ?? {};
  const rateLimited = !timedOut && (String(headers["x-ratelimit-remaining"]) === "0" || status === 429 || headers["retry-after"] !== void 0 || /rate limit/i.test(raw));
  const denied = !rateLimited && !timedOut && (status === 403 || status === 404) && /not accessible|permission|forbidden|not found/i.test(raw);
  const firstLine = redact(raw).split(/\r?\n/)[0].slice(0, 300);
  const message = timedOut ? `no answer within ${requestTimeoutMs()} ms (timed out)` : rateLimited ? `rate limited: ${firstLine}` : firstLine;
  return { status, message, denied, rateLimited, timedOut };
}

export {
  REQUEST_TIMEOUT_MS,
  TIMEOUT_ENV,
  requestTimeoutMs,
  createClient,
  openConnection,
  requestOptions,
  describeApiError
};
