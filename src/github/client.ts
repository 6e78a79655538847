/**
 * The GitHub REST client, loaded only when a run needs the API so that the common path starts fast.
 *
 * No request is retried (a write that timed out may still have happened: retrying would duplicate it), and every
 * request has a timeout: 20 s, or FLAKEGUARD_API_TIMEOUT_MS from the step's environment.
 */
import { logText, redact } from '../text/escape.ts';

export type Octokit = ReturnType<typeof import('@actions/github').getOctokit>;

/** How long one API request may take before the action gives up on it and reports. */
export const REQUEST_TIMEOUT_MS = 20_000;
export const TIMEOUT_ENV = 'FLAKEGUARD_API_TIMEOUT_MS';

/** The per-request timeout: FLAKEGUARD_API_TIMEOUT_MS when it is a whole number of ms from 1 to 600000. */
export function requestTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[TIMEOUT_ENV]?.trim();
  if (!raw) return REQUEST_TIMEOUT_MS;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 && value <= 600_000 ? value : REQUEST_TIMEOUT_MS;
}

export async function createClient(token: string, apiUrl: string): Promise<Octokit> {
  const { getOctokit } = await import('@actions/github');
  const quiet = (): void => undefined;
  const warn = (message: string): void => void process.stderr.write(`${logText(String(message), 1000)}\n`);
  const octokit = getOctokit(token, { baseUrl: apiUrl, request: { retries: 0 }, log: { debug: quiet, info: quiet, warn, error: warn } });
  // A request answers once undici has put its connection back in the pool (a turn of the event loop): a request sent
  // right after the one before it would otherwise find that connection still taken and open another (TCP and TLS
  // handshakes: two round trips on GitHub). test/github/client-connections.test.ts.
  octokit.hook.after('request', () => new Promise<void>((resolve) => setImmediate(resolve)));
  octokit.hook.error('request', async (error) => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    throw error;
  });
  return octokit;
}

/**
 * Opens the client's connection to the API with a request that costs no quota (`GET /rate_limit`: "does not count
 * against your REST API rate limit", GitHub's REST docs), so that the next request goes over a connection whose TCP
 * and TLS handshakes are done (undici keeps it open while idle: 4 s unless the server says longer). Resolves true
 * once the answer came back (any status), false when no connection was made or `stop` aborted it; never rejects.
 * docs/adr/0390-api-connection-opened-while-git-pushes.md.
 */
export async function openConnection(octokit: Octokit, stop?: AbortSignal, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  try {
    const { signal } = requestOptions(env).request;
    await octokit.request('GET /rate_limit', { request: { signal: stop ? AbortSignal.any([signal, stop]) : signal } });
    return true;
  } catch (error) {
    // An HTTP status (404: rate limiting disabled on a GitHub Enterprise Server) still opened the connection.
    return typeof (error as { status?: unknown }).status === 'number' && !describeApiError(error).timedOut;
  }
}

/** Per-request options: a timeout, so that a hung API cannot hang the step. */
export function requestOptions(env: NodeJS.ProcessEnv = process.env): { request: { signal: AbortSignal } } {
  return { request: { signal: AbortSignal.timeout(requestTimeoutMs(env)) } };
}

export interface ApiFailure {
  status?: number;
  /** One line, secrets hidden; still untrusted (it may quote the server). */
  message: string;
  /** True when the token lacks the permission (403/404 "Resource not accessible by integration"). */
  denied: boolean;
  rateLimited: boolean;
  timedOut: boolean;
}

/**
 * What went wrong with a request, in one line. Only the status and the message are read: never the request
 * (its headers hold the token) nor the response headers beyond the rate-limit ones.
 */
export function describeApiError(error: unknown): ApiFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    status?: unknown;
    name?: unknown;
    message?: unknown;
    cause?: { name?: unknown };
    response?: { headers?: Record<string, unknown> };
  };
  const raw = typeof e.message === 'string' ? e.message : String(error);
  const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError' || e.cause?.name === 'TimeoutError' || /aborted due to timeout|operation was aborted/i.test(raw);
  const status = typeof e.status === 'number' && !timedOut ? e.status : undefined;
  const headers = e.response?.headers ?? {};
  const rateLimited = !timedOut && (String(headers['x-ratelimit-remaining']) === '0' || status === 429 || headers['retry-after'] !== undefined || /rate limit/i.test(raw));
  const denied = !rateLimited && !timedOut && (status === 403 || status === 404) && /not accessible|permission|forbidden|not found/i.test(raw);
  const firstLine = redact(raw).split(/\r?\n/)[0]!.slice(0, 300);
  const message = timedOut ? `no answer within ${requestTimeoutMs()} ms (timed out)` : rateLimited ? `rate limited: ${firstLine}` : firstLine;
  return { status, message, denied, rateLimited, timedOut };
}
