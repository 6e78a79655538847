/**
 * How the steps of this repository's workflows prove that a parked run is theirs (docs/data-branch.md, "Parcels
 * carry provenance"; docs/adr/0121-inbox-parcel-provenance.md): a seal under `inbox-key` when the step has one, else a
 * look-up of each run a parcel names with GET /repos/{owner}/{repo}/actions/runs/{run_id}.
 */
import type { Inputs } from '../config/inputs.ts';
import type { GitHubContext } from '../config/context.ts';
import type { Provenance, RunLookup } from '../pipeline/fold.ts';
import type { SealScope } from '../store/parcel.ts';
import { createClient, describeApiError, requestOptions } from './client.ts';

/** The seal scope of this step, when it has `inbox-key`. */
export function sealScope(inputs: Pick<Inputs, 'inboxKey' | 'dataBranch'>, ctx: Pick<GitHubContext, 'repository'>): SealScope | undefined {
  return inputs.inboxKey ? { key: inputs.inboxKey, repository: ctx.repository, branch: inputs.dataBranch } : undefined;
}

/** The provenance a writer of this step asks of parked runs. */
export function inboxProvenance(inputs: Pick<Inputs, 'inboxKey' | 'dataBranch' | 'token'>, ctx: Pick<GitHubContext, 'repository' | 'owner' | 'repo' | 'apiUrl'>): Provenance {
  const seal = sealScope(inputs, ctx);
  if (seal) return { seal, branch: inputs.dataBranch };
  if (!inputs.token) return { branch: inputs.dataBranch };
  return { lookup: workflowRunLookup(inputs.token, ctx), branch: inputs.dataBranch };
}

/** Looks runs up once each (a step folding 64 parcels of one workflow run asks once). */
export function workflowRunLookup(token: string, ctx: Pick<GitHubContext, 'owner' | 'repo' | 'apiUrl'>): (runId: string) => Promise<RunLookup> {
  const seen = new Map<string, Promise<RunLookup>>();
  let client: ReturnType<typeof createClient> | undefined;
  const ask = async (runId: string): Promise<RunLookup> => {
    if (!/^[1-9]\d{0,19}$/.test(runId)) return 'not-found';
    client ??= createClient(token, ctx.apiUrl);
    try {
      const { data } = await (await client).rest.actions.getWorkflowRun({ owner: ctx.owner, repo: ctx.repo, run_id: Number(runId), ...requestOptions() });
      const own = data.repository.id;
      return {
        headSha: data.head_sha,
        event: data.event,
        runAttempt: data.run_attempt ?? 1,
        workflow: data.name ?? '',
        // No head repository (`null`: the fork was deleted) is not this repository.
        fromFork: !data.head_repository || data.head_repository.id !== own,
      };
    } catch (error) {
      const failure = describeApiError(error);
      if (failure.status === 404 && !/not accessible/i.test(failure.message)) return 'not-found';
      return { unknown: `${failure.message}${failure.denied ? ' (the token needs actions: read)' : ''}` };
    }
  };
  return (runId) => {
    let known = seen.get(runId);
    if (!known) seen.set(runId, (known = ask(runId)));
    return known;
  };
}
