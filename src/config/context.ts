/**
 * What the runner tells us about this CI run, read from the GITHUB_* variables and the event payload.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import type { RunIdentity } from '../model.ts';

export interface GitHubContext extends RunIdentity {
  repository: string;
  owner: string;
  repo: string;
  serverUrl: string;
  apiUrl: string;
  refName: string;
  eventName: string;
  defaultBranch: string;
  /**
   * True when the head repository of a pull request is not this repository, or is not known (`head.repo: null`: the
   * fork was deleted). Such a run is read-only and untrusted (docs/forks.md, docs/adr/0417-deleted-fork-is-a-fork.md).
   */
  fromFork: boolean;
  pullRequest?: number;
  /** A pull request's base and head commits, from the event (`pull_request.base.sha`, `pull_request.head.sha`). */
  pullRequestShas?: { base: string; head: string };
  workspace: string;
  runnerTemp: string;
  /** The run's page when it is not a GitHub Actions run (`flakeguard run` on another CI: FLAKEGUARD_RUN_URL). */
  runUrl?: string;
  /** `RUNNER_OS` (Linux, Windows, macOS): a run's matrix cell when it has no job key (src/history/cell.ts). */
  runnerOs?: string;
}

interface EventPayload {
  repository?: { default_branch?: string; full_name?: string };
  pull_request?: { number?: number; head?: { sha?: unknown; repo?: { full_name?: unknown } | null }; base?: { sha?: unknown } };
}

function readEvent(path: string | undefined): EventPayload {
  if (!path) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as EventPayload;
  } catch {
    return {};
  }
}

export function contextFromEnv(env: NodeJS.ProcessEnv): GitHubContext {
  const repository = env.GITHUB_REPOSITORY ?? 'local/local';
  const [owner = 'local', repo = 'local'] = repository.split('/');
  const event = readEvent(env.GITHUB_EVENT_PATH);
  const head = event.pull_request?.head;
  // A pull request's head repository that is not named (`head.repo: null`, a deleted fork) is not this repository.
  const headRepo = head === undefined ? undefined : typeof head?.repo?.full_name === 'string' ? head.repo.full_name : null;
  const ref = env.GITHUB_REF ?? '';
  const sha = (v: unknown): string | undefined => (typeof v === 'string' && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(v) ? v : undefined);
  const base = sha(event.pull_request?.base?.sha);
  const headSha = sha(event.pull_request?.head?.sha);
  return {
    repository,
    owner,
    repo,
    serverUrl: env.GITHUB_SERVER_URL ?? 'https://github.com',
    apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
    runId: env.GITHUB_RUN_ID ?? 'local',
    runAttempt: Math.max(1, Number(env.GITHUB_RUN_ATTEMPT ?? '1') || 1),
    job: env.GITHUB_JOB ?? 'job',
    workflow: env.GITHUB_WORKFLOW ?? 'workflow',
    sha: env.GITHUB_SHA ?? '',
    ref,
    refName: env.GITHUB_REF_NAME ?? ref.replace(/^refs\/(heads|tags)\//, ''),
    eventName: env.GITHUB_EVENT_NAME ?? 'push',
    defaultBranch: event.repository?.default_branch ?? 'main',
    fromFork: headRepo !== undefined && (headRepo === null || headRepo.toLowerCase() !== repository.toLowerCase()),
    pullRequest: event.pull_request?.number,
    ...(base && headSha ? { pullRequestShas: { base, head: headSha } } : {}),
    workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
    runnerTemp: env.RUNNER_TEMP ?? '',
    ...(env.FLAKEGUARD_RUN_URL ? { runUrl: env.FLAKEGUARD_RUN_URL } : {}),
    ...(env.RUNNER_OS ? { runnerOs: env.RUNNER_OS } : {}),
  };
}

export function isOnDefaultBranch(ctx: GitHubContext): boolean {
  return ctx.eventName !== 'pull_request' && ctx.eventName !== 'pull_request_target' && ctx.ref === `refs/heads/${ctx.defaultBranch}`;
}

/**
 * The identity of this job's results across workflow re-runs: run id, job and the user's job key
 * (matrix values), plus the report patterns so that two flakeguard steps in one job stay apart.
 */
export function runIdentity(ctx: GitHubContext, jobKey: string, reportPatterns: string[]): string {
  const extra = createHash('sha256')
    .update(`${jobKey}\n${reportPatterns.join('\n')}`)
    .digest('hex')
    .slice(0, 8);
  return `${ctx.runId}/${ctx.job}/${extra}`;
}

export function runUrl(ctx: GitHubContext): string {
  if (ctx.runUrl) return ctx.runUrl;
  return `${ctx.serverUrl}/${ctx.repository}/actions/runs/${ctx.runId}/attempts/${ctx.runAttempt}`;
}
