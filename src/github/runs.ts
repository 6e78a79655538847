/**
 * How the steps of this repository's workflows prove that a parked run is theirs (docs/data-branch.md, "Parcels
 * carry provenance"; docs/adr/0121-inbox-parcel-provenance.md): a seal under `inbox-key` when the step has one, else a
 * look-up of each run a parcel names with GET /repos/{owner}/{repo}/actions/runs/{run_id}, and of the jobs of each
 * attempt it names with GET …/actions/runs/{run_id}/attempts/{attempt_number}/jobs (docs/adr/0416-keyless-parcels-are-their-runs-real-jobs.md).
 */
import type { Inputs } from '../config/inputs.ts';
import type { GitHubContext } from '../config/context.ts';
import type { JobsLookup, Provenance, RunLookup } from '../pipeline/fold.ts';
import type { SealScope } from '../store/parcel.ts';
import { createClient, describeApiError, requestOptions } from './client.ts';

/** Jobs listed of one attempt: more pages are not read (a matrix has at most 256 jobs; a workflow rarely more). */
export const MAX_ATTEMPT_JOBS = 1000;

/** The seal scope of this step, when it has `inbox-key`. */
export function sealScope(inputs: Pick<Inputs, 'inboxKey' | 'dataBranch'>, ctx: Pick<GitHubContext, 'repository'>): SealScope | undefined {
  return inputs.inboxKey ? { key: inputs.inboxKey, repository: ctx.repository, branch: inputs.dataBranch } : undefined;
}

type ApiContext = Pick<GitHubContext, 'owner' | 'repo' | 'apiUrl' | 'defaultBranch'>;

/** The provenance a writer of this step asks of parked runs. */
export function inboxProvenance(inputs: Pick<Inputs, 'inboxKey' | 'dataBranch' | 'token'>, ctx: Pick<GitHubContext, 'repository'> & ApiContext): Provenance {
  const seal = sealScope(inputs, ctx);
  if (seal) return { seal, branch: inputs.dataBranch };
  if (!inputs.token) return { branch: inputs.dataBranch };
  const client = lazyClient(inputs.token, ctx.apiUrl);
  return { lookup: workflowRunLookup(client, ctx), jobs: attemptJobsLookup(client, ctx), branch: inputs.dataBranch };
}

function lazyClient(token: string, apiUrl: string): () => ReturnType<typeof createClient> {
  let client: ReturnType<typeof createClient> | undefined;
  return () => (client ??= createClient(token, apiUrl));
}

/** Asks once per key (a step folding 64 parcels of one workflow run asks once). */
function once<T>(ask: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const seen = new Map<string, Promise<T>>();
  return (key) => {
    let known = seen.get(key);
    if (!known) seen.set(key, (known = ask(key)));
    return known;
  };
}

function failed(error: unknown): 'not-found' | { unknown: string } {
  const failure = describeApiError(error);
  if (failure.status === 404 && !/not accessible/i.test(failure.message)) return 'not-found';
  return { unknown: `${failure.message}${failure.denied ? ' (the token needs actions: read)' : ''}` };
}

/** Looks runs up once each. */
export function workflowRunLookup(client: () => ReturnType<typeof createClient>, ctx: ApiContext): (runId: string) => Promise<RunLookup> {
  return once(async (runId) => {
    if (!/^[1-9]\d{0,19}$/.test(runId)) return 'not-found';
    try {
      const { data } = await (await client()).rest.actions.getWorkflowRun({ owner: ctx.owner, repo: ctx.repo, run_id: Number(runId), ...requestOptions() });
      const own = data.repository.id;
      // No head repository (`null`: the fork was deleted) is not this repository.
      const fromFork = !data.head_repository || data.head_repository.id !== own;
      const headBranch = data.head_branch ?? '';
      const started = Date.parse(data.run_started_at ?? data.created_at);
      const updated = Date.parse(data.updated_at);
      return {
        headSha: data.head_sha,
        event: data.event,
        runAttempt: data.run_attempt ?? 1,
        workflow: data.name ?? '',
        fromFork,
        headBranch,
        // As the step itself reads it (isOnDefaultBranch): not a pull request, on the default branch, and this repository's.
        onDefaultBranch: !fromFork && !/^pull_request/.test(data.event) && headBranch === ctx.defaultBranch,
        ...(Number.isFinite(started) ? { started } : {}),
        ...(Number.isFinite(updated) ? { updated } : {}),
      };
    } catch (error) {
      return failed(error);
    }
  });
}

/** Looks the jobs of a run attempt up once each: their names, at most MAX_ATTEMPT_JOBS. */
export function attemptJobsLookup(client: () => ReturnType<typeof createClient>, ctx: ApiContext): (runId: string, attempt: number) => Promise<JobsLookup> {
  const ask = once(async (key): Promise<JobsLookup> => {
    const [runId, attempt] = key.split('#') as [string, string];
    if (!/^[1-9]\d{0,19}$/.test(runId)) return 'not-found';
    try {
      const octokit = await client();
      const names: string[] = [];
      for await (const page of octokit.paginate.iterator(octokit.rest.actions.listJobsForWorkflowRunAttempt, {
        owner: ctx.owner,
        repo: ctx.repo,
        run_id: Number(runId),
        attempt_number: Number(attempt),
        per_page: 100,
        ...requestOptions(),
      })) {
        for (const job of page.data) names.push(job.name);
        if (names.length >= MAX_ATTEMPT_JOBS) break;
      }
      return names.slice(0, MAX_ATTEMPT_JOBS);
    } catch (error) {
      return failed(error);
    }
  });
  return (runId, attempt) => ask(`${runId}#${attempt}`);
}
