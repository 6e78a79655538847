/**
 * The GitHub REST client, loaded only when a run needs the API so that the common path starts fast.
 */
export type Octokit = ReturnType<typeof import('@actions/github').getOctokit>;

/** How long one API request may take before the action gives up on it and reports. */
export const REQUEST_TIMEOUT_MS = 20_000;

export async function createClient(token: string, apiUrl: string): Promise<Octokit> {
  const { getOctokit } = await import('@actions/github');
  return getOctokit(token, { baseUrl: apiUrl, request: { retries: 0 } });
}

/** Per-request options: a timeout, so that a hung API cannot hang the step. */
export function requestOptions(): { request: { signal: AbortSignal } } {
  return { request: { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) } };
}

export interface ApiFailure {
  status?: number;
  message: string;
  /** True when the token lacks the permission (403/404 "Resource not accessible by integration"). */
  denied: boolean;
}

export function describeApiError(error: unknown): ApiFailure {
  const e = error as { status?: number; message?: string; response?: { headers?: Record<string, string> } };
  const status = typeof e.status === 'number' ? e.status : undefined;
  const message = (e.message ?? String(error)).split('\n')[0]!.slice(0, 300);
  const rateLimited = e.response?.headers?.['x-ratelimit-remaining'] === '0' || status === 429;
  const denied = !rateLimited && (status === 403 || status === 404) && /not accessible|permission|forbidden|not found/i.test(message);
  return { status, message: rateLimited ? `rate limited: ${message}` : message, denied };
}
