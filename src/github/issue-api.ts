/**
 * The GitHub issues API as the issue work uses it: every request goes through `IssueApi.call`, which turns a failure
 * into a warning and stops the work for the run at the first permission or rate-limit failure, after
 * `MAX_FAILURES` failures or `MAX_WRITES` writes. `listTrackedIssues` reads the label's issues that carry a marker.
 */
import * as core from '@actions/core';
import { logText } from '../text/escape.ts';
import { describeApiError, requestOptions, type Octokit } from './client.ts';
import { parseIdMarker, parseMeta } from './issue-body.ts';
import type { TrackedIssue } from './issue-plan.ts';

/** Pages of 100 issues read per run (the label's issues, open and closed). */
export const MAX_LIST_PAGES = 10;
/** Write requests (POST/PATCH) per run, well under GitHub's secondary limit on content creation. */
export const MAX_WRITES = 60;
/** Failed requests after which the issue work of the run stops. */
export const MAX_FAILURES = 3;

type CallResult<T> = { ok: true; data: T } | { ok: false; status?: number };

export class IssueApi {
  readonly octokit: Octokit;
  readonly owner: string;
  readonly repo: string;
  writes = 0;
  failures = 0;
  /** Set once the work must stop (permission, rate limit, too many failures or writes). */
  stopped?: string;
  readonly warnings: string[] = [];

  constructor(octokit: Octokit, owner: string, repo: string) {
    this.octokit = octokit;
    this.owner = owner;
    this.repo = repo;
  }

  /**
   * Runs one request. Statuses in `expected` (e.g. 404 for a missing label) are answers, not failures; anything
   * else that fails is reported once as a warning.
   */
  async call<T>(what: string, write: boolean, send: () => Promise<{ data: T }>, expected: number[] = []): Promise<CallResult<T>> {
    if (this.stopped) return { ok: false };
    if (write && this.writes >= MAX_WRITES) {
      this.stop(`flakeguard reached its limit of ${MAX_WRITES} issue updates in one run; the rest waits for the next run.`);
      return { ok: false };
    }
    if (write) this.writes++;
    try {
      return { ok: true, data: (await send()).data };
    } catch (error) {
      const failure = describeApiError(error);
      if (failure.status !== undefined && expected.includes(failure.status)) return { ok: false, status: failure.status };
      const status = failure.status ?? 'no response';
      if (failure.denied || failure.status === 401) {
        this.stop(
          `flakeguard could not ${what} (${status}: ${failure.message}). The workflow's token needs \`issues: write\` (permissions: issues: write) for create-issues; the issues are left as they are this run.`,
        );
      } else if (/rate limit/i.test(failure.message) || failure.status === 429) {
        this.stop(`flakeguard could not ${what}: GitHub's ${failure.message}. The issue work stops for this run and resumes on the next one.`);
      } else {
        this.warn(`flakeguard could not ${what} (${status}: ${failure.message}); it tries again on the next run.`);
        if (++this.failures >= MAX_FAILURES) this.stop(`flakeguard stopped updating issues after ${this.failures} failed requests; it tries again on the next run.`);
      }
      return { ok: false, status: failure.status };
    }
  }

  warn(message: string): void {
    this.warnings.push(message);
    core.warning(logText(message, 1000), { title: 'flakeguard issues' });
  }

  private stop(message: string): void {
    if (this.stopped) return;
    this.stopped = message;
    this.warn(message);
  }
}

export interface ApiIssue {
  id: number;
  number: number;
  title: string;
  body?: string | null;
  state: string;
  state_reason?: string | null;
  closed_at: string | null;
  created_at: string;
  html_url: string;
  pull_request?: unknown;
  labels: Array<string | { name?: string }>;
}

export function tracked(issue: ApiIssue, label: string): TrackedIssue | undefined {
  if (issue.pull_request) return undefined;
  const hash = parseIdMarker(issue.body);
  if (!hash) return undefined;
  const labelled = issue.labels.some((l) => (typeof l === 'string' ? l : (l.name ?? '')).toLowerCase() === label.toLowerCase());
  return {
    id: issue.id,
    number: issue.number,
    state: issue.state === 'closed' ? 'closed' : 'open',
    stateReason: issue.state_reason ?? null,
    closedAt: issue.closed_at,
    createdAt: issue.created_at,
    hash,
    meta: parseMeta(issue.body),
    labelled,
    title: issue.title,
    body: issue.body ?? '',
    url: issue.html_url,
  };
}

/** The label's issues, open and closed, that carry a flakeguard marker; undefined when they could not be read. */
export async function listTrackedIssues(api: IssueApi, label: string): Promise<TrackedIssue[] | undefined> {
  const out: TrackedIssue[] = [];
  for (let page = 1; page <= MAX_LIST_PAGES; page++) {
    const res = await api.call('list the issues labelled for flakeguard', false, () =>
      api.octokit.rest.issues.listForRepo({ owner: api.owner, repo: api.repo, labels: label, state: 'all', per_page: 100, page, ...requestOptions() }),
    );
    if (!res.ok) return undefined;
    for (const issue of res.data as ApiIssue[]) {
      const t = tracked(issue, label);
      if (t) out.push(t);
    }
    if (res.data.length < 100) break;
  }
  return out;
}
