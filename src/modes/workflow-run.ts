/**
 * The facts about a finished workflow run, read from the `workflow_run` event that started this job. GitHub
 * writes this payload; the run's artifacts were written by whatever code that run executed (a fork's code, for a
 * pull request from a fork). So the commit, branch, event, pull request and link come from here, never from
 * an artifact.
 */
import { readFileSync } from 'node:fs';
import { InputError } from '../config/inputs.ts';
import type { GitHubContext } from '../config/context.ts';
import type { TrustedRun } from '../pipeline/shards.ts';

export interface FinishedRun {
  trusted: TrustedRun;
  id: number;
  /** `owner/repo` the run's code came from (a fork's name for a pull request from a fork). */
  headRepository: string;
  /** Login of the head repository's owner (a fork's owner, for a pull request from a fork). */
  headOwner: string;
  /** The branch the run's code came from (in the head repository). */
  headBranch: string;
  fromFork: boolean;
  pullRequest?: number;
  conclusion: string;
}

interface Payload {
  repository?: { full_name?: unknown; default_branch?: unknown };
  workflow_run?: Record<string, unknown>;
}

/** How a head repository that no longer exists is shown. */
const DELETED_FORK = '(a deleted fork)';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const DAY = 86_400_000;
/** A workflow run (with its re-runs) cannot be older than this when its workflow_run event fires. */
const MAX_RUN_AGE = 35 * DAY;

export function finishedRunFromEvent(ctx: GitHubContext, eventPath: string | undefined, now: number): FinishedRun {
  if (ctx.eventName !== 'workflow_run') {
    throw new InputError(`mode: ingest-workflow-run runs in a workflow triggered by 'workflow_run' (this one was triggered by '${ctx.eventName}'); see docs/forks.md.`);
  }
  let payload: Payload;
  try {
    payload = JSON.parse(readFileSync(eventPath ?? '', 'utf8')) as Payload;
  } catch (error) {
    throw new InputError(`Could not read the workflow_run event payload (GITHUB_EVENT_PATH): ${error instanceof Error ? error.message : String(error)}`);
  }
  const wr = payload.workflow_run;
  if (typeof wr !== 'object' || wr === null) throw new InputError('The event payload has no workflow_run.');
  const id = wr.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) throw new InputError('The workflow_run payload has no run id.');
  const repository = str((wr.repository as Record<string, unknown> | undefined)?.full_name) ?? str(payload.repository?.full_name);
  if (repository !== undefined && repository.toLowerCase() !== ctx.repository.toLowerCase()) {
    throw new InputError(`The workflow run belongs to ${repository}, not to ${ctx.repository}.`);
  }
  const headSha = str(wr.head_sha) ?? '';
  if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(headSha)) throw new InputError('The workflow_run payload has no head commit.');
  const headRepo = wr.head_repository as Record<string, unknown> | null | undefined;
  // A head repository the event does not name (`head_repository: null`: a pull request whose fork was deleted) is a fork.
  const deleted = headRepo === null || (headRepo !== undefined && str(headRepo.full_name) === undefined);
  const headRepository = deleted ? DELETED_FORK : (str(headRepo?.full_name) ?? ctx.repository);
  const headOwner = deleted ? '' : (str((headRepo?.owner as Record<string, unknown> | undefined)?.login) ?? headRepository.split('/')[0]!);
  const fromFork = deleted || headRepository.toLowerCase() !== ctx.repository.toLowerCase();
  const event = str(wr.event) ?? '';
  const headBranch = str(wr.head_branch) ?? '';
  const defaultBranch = str(payload.repository?.default_branch) ?? ctx.defaultBranch;
  const attempt = typeof wr.run_attempt === 'number' && Number.isSafeInteger(wr.run_attempt) && wr.run_attempt >= 1 ? wr.run_attempt : 1;
  const prs = Array.isArray(wr.pull_requests) ? (wr.pull_requests as Array<Record<string, unknown>>) : [];
  const prNumber = prs.map((p) => p?.number).find((n): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0);
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
    headOwner,
    headBranch,
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
