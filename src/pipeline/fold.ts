/**
 * Folding parked runs into the data branch (src/store/sync.ts): each parcel's jobs are applied to the history in
 * the order they were parked, as they would have been had their own push landed. Pure. Ingesting the same job
 * attempt twice counts once, so a parcel folded by two writers, or folded after its own write landed, counts once.
 */
import type { RunContext } from '../model.ts';
import { parseParcel, parcelName, renderParcel, sealParcel, sealProblem, ParcelError, ParcelSchemaError, type ParcelEntry, type SealScope } from '../store/parcel.ts';
import { inboxPrefix } from '../store/inbox-refs.ts';
import { parseSnapshot, type Snapshot } from '../store/snapshot.ts';
import type { Admission, Folded, ParkedParcel, ReadParcel } from '../store/sync.ts';
import { applyRun, type ApplyOptions } from './apply.ts';
import { untrustedRunKey } from '../history/trust.ts';

/** `note` gets each parcel's doubted times (src/pipeline/clock.ts), for warnings. */
export function foldParcels(snapshot: Snapshot, parcels: ParkedParcel[], options: ApplyOptions, now: number, note?: (message: string) => void): Folded {
  let current = snapshot;
  const folded: Folded['folded'] = [];
  const refused: Folded['refused'] = [];
  for (const parcel of parcels) {
    let entries: ParcelEntry[];
    try {
      entries = parcel.entries ?? parseParcel(parcel.text);
    } catch (error) {
      refused.push({ ref: parcel.ref, reason: error instanceof ParcelError ? error.message : String(error) });
      continue;
    }
    const tooMany = parcel.jobs ? beyondRealJobs(entries, parcel.jobs, current) : undefined;
    if (tooMany) {
      refused.push({ ref: parcel.ref, reason: tooMany });
      continue;
    }
    for (const entry of [...entries].sort((a, b) => a.run.time - b.run.time || a.run.runAttempt - b.run.runAttempt)) {
      const result = applyRun(
        {
          snapshot: current,
          reports: { tests: entry.tests, problems: [], filesRead: 1 },
          filesMatched: 1,
          testOutcome: entry.jobSucceeded ? 'success' : 'failure',
          run: entry.run,
          now,
          jobSucceeded: entry.jobSucceeded,
          ...(entry.untrusted ? { untrusted: true } : {}),
        },
        options,
      );
      for (const message of result.clockNotes) note?.(`Parked run ${parcel.ref.replace(/^refs\/heads\//, '')}: ${message}`);
      if (result.ingested) current = parseSnapshot(result.files, current.blocked);
    }
    folded.push({ ref: parcel.ref, sha: parcel.sha });
  }
  return { snapshot: current, folded, refused };
}

/** The parcel of one run (the default mode), named for the inbox, sealed when the step has `inbox-key`. */
export function runParcel(run: RunContext, entries: ParcelEntry[], now: number, seal?: SealScope): { name: string; text: string; seal?: string } {
  const name = parcelName(run, entries, now);
  const text = renderParcel(entries);
  return { name, text, ...(seal ? { seal: sealParcel(seal, name, text) } : {}) };
}

/** A workflow run as the GitHub API describes it (GET /repos/{owner}/{repo}/actions/runs/{run_id}). */
export interface WorkflowRunFacts {
  headSha: string;
  event: string;
  runAttempt: number;
  /** The workflow's name. */
  workflow: string;
  /** The run's head repository is another than this one (a pull request from a fork), or is gone. */
  fromFork: boolean;
  /** The branch the run ran on (`head_branch`). */
  headBranch: string;
  /** A run of this repository's default branch that is not a pull request's, as the step itself reads it (isOnDefaultBranch). */
  onDefaultBranch: boolean;
  /** When the run started and was last updated (ms): a parked job's time is clamped into them. */
  started?: number;
  updated?: number;
}

/** A run looked up: its facts, `not-found` (no such run in this repository), or why it could not be looked up. */
export type RunLookup = WorkflowRunFacts | 'not-found' | { unknown: string };

/** The names of the jobs of a run attempt (GET …/attempts/{attempt_number}/jobs), `not-found`, or why not. */
export type JobsLookup = string[] | 'not-found' | { unknown: string };

/**
 * How parked runs prove where they come from (docs/data-branch.md, "Parcels carry provenance"): with `seal` (the
 * step has `inbox-key`), a parcel is folded in only with a matching seal; without it, only when every run it names is
 * looked up with `lookup` (the GitHub API) and matches what the parcel says about it.
 */
export interface Provenance {
  seal?: SealScope;
  lookup?: (runId: string) => Promise<RunLookup>;
  /** The jobs of a run attempt: a parcel without a seal holds at most one run per real job. */
  jobs?: (runId: string, attempt: number) => Promise<JobsLookup>;
  branch: string;
}

/** The job of a run key `<run id>/<job>/<hash>`. */
const jobOfKey = (key: string): string => key.split('/')[1] ?? '';

/**
 * Whether `keys` (a workflow run's trusted run keys, by job) can each be a real job of the run, whose jobs are named
 * `names`: a job named `<job>` or `<job> (<matrix values>)` (GitHub's default names) is a job of that key only;
 * one named otherwise (a `name:` of its own) may be any key's. At most one key per real job.
 */
export function fitsRealJobs(keys: Iterable<string>, names: readonly string[]): boolean {
  const byJob = new Map<string, number>();
  for (const key of keys) byJob.set(jobOfKey(key), (byJob.get(jobOfKey(key)) ?? 0) + 1);
  const jobs = [...byJob.keys()];
  const own = (name: string, job: string): boolean => name === job || name.startsWith(`${job} (`);
  const free = names.filter((n) => !jobs.some((j) => own(n, j))).length;
  let excess = 0;
  for (const [job, count] of byJob) excess += Math.max(0, count - names.filter((n) => own(n, job)).length);
  return excess <= free;
}

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * Why folding these entries would give a workflow run more runs than it has real jobs (counting the trusted runs of
 * it already on the branch), or undefined when it would not.
 */
function beyondRealJobs(entries: readonly ParcelEntry[], jobs: Readonly<Record<string, string[]>>, snapshot: Snapshot): string | undefined {
  for (const [runId, names] of Object.entries(jobs)) {
    const keys = new Set<string>();
    for (const [key, row] of snapshot.runs) if (!row.untrusted && key.startsWith(`${runId}/`)) keys.add(key);
    for (const e of entries) if (!e.untrusted && e.run.runId === runId) keys.add(e.run.key);
    if (!fitsRealJobs(keys, names)) {
      return `workflow run ${runId} would have ${plural(keys.size, 'run')} on the branch with it, more than its ${plural(names.length, 'job')} (a parcel without inbox-key holds at most one run per real job)`;
    }
  }
  return undefined;
}

const clamp = (time: number, facts: WorkflowRunFacts): number => {
  const latest = facts.updated ?? time;
  const earliest = facts.started !== undefined ? Math.min(facts.started - 60_000, latest) : time;
  return Math.min(Math.max(time, earliest), latest);
};

/**
 * An entry of a parcel without a seal (docs/adr/0416-keyless-parcels-are-their-runs-real-jobs.md), with the facts the API gives of its run instead of the parcel's: the branch,
 * event, workflow, whether it ran on the default branch, its time within the run's; an untrusted entry is the one
 * untrusted run of its attempt (`untrustedRunKey`), as a fork's run is.
 */
function withRunFacts(entry: ParcelEntry, facts: WorkflowRunFacts): ParcelEntry {
  const pull = /^pull_request/.test(facts.event) && /^refs\/pull\/\d+\/merge$/.test(entry.run.ref);
  const run = {
    ...entry.run,
    event: facts.event,
    workflow: facts.workflow,
    ref: pull ? entry.run.ref : `refs/heads/${facts.headBranch}`,
    onDefaultBranch: facts.onDefaultBranch && !entry.untrusted,
    time: clamp(entry.run.time, facts),
    ...(entry.untrusted ? { key: untrustedRunKey(entry.run.runId), job: 'untrusted' } : {}),
  };
  return { ...entry, run };
}

/** Whether a parked run is folded in, left in place or refused (src/store/sync.ts). */
export async function admitParcel(parcel: ReadParcel, provenance: Provenance): Promise<Admission> {
  const text = parcel.text ?? '';
  const name = parcel.ref.slice(inboxPrefix(provenance.branch).length);
  const sealed = provenance.seal ? sealProblem(provenance.seal, name, text, parcel.seal) : undefined;
  let entries: ParcelEntry[];
  try {
    entries = parseParcel(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // Left in place only when a step that knows the key wrote it (or there is no key to tell): a newer flakeguard's.
    if (error instanceof ParcelSchemaError) return sealed ? { verdict: 'refuse', reason: `${reason}; and ${sealed}` } : { verdict: 'leave', reason };
    if (sealed === null) return { verdict: 'leave', reason: `${reason}; its seal is valid, so it is left for a person to look at` };
    return { verdict: 'refuse', reason: error instanceof ParcelError ? reason : `unreadable: ${reason}` };
  }
  if (provenance.seal) return sealed === null ? { verdict: 'fold' } : { verdict: 'refuse', reason: sealed! };
  if (!provenance.lookup || !provenance.jobs) return { verdict: 'leave', reason: 'its runs cannot be checked: no inbox-key and no token to ask the GitHub API with (docs/data-branch.md)' };
  const rewritten: ParcelEntry[] = [];
  const attempts = new Map<string, Set<number>>();
  for (const entry of entries) {
    const run = entry.run;
    const facts = await provenance.lookup(run.runId);
    if (facts === 'not-found') return { verdict: 'refuse', reason: `it names workflow run ${run.runId}, which does not exist in this repository` };
    if ('unknown' in facts) return { verdict: 'leave', reason: `workflow run ${run.runId} could not be looked up: ${facts.unknown}` };
    const wrong: string[] = [];
    if (facts.headSha !== run.sha) wrong.push(`its commit is ${facts.headSha.slice(0, 12)}, not ${run.sha.slice(0, 12)}`);
    if (run.runAttempt > facts.runAttempt) wrong.push(`it has ${facts.runAttempt} attempt${facts.runAttempt === 1 ? '' : 's'}, not ${run.runAttempt}`);
    if (!entry.untrusted) {
      // A trusted entry: the run is this repository's own, on the event and in the workflow the parcel says.
      if (facts.fromFork) wrong.push("it ran a fork's code, yet the parcel calls it trusted");
      if (facts.event !== run.event) wrong.push(`its event is ${facts.event}, not ${run.event}`);
      if (facts.workflow !== run.workflow) wrong.push(`its workflow is '${facts.workflow}', not '${run.workflow}'`);
    }
    if (wrong.length > 0) return { verdict: 'refuse', reason: `workflow run ${run.runId} does not match it: ${wrong.join('; ')}` };
    rewritten.push(withRunFacts(entry, facts));
    if (!entry.untrusted) attempts.set(run.runId, (attempts.get(run.runId) ?? new Set()).add(run.runAttempt));
  }
  // One run per real job: the jobs of each attempt named, the most of any of them for the run.
  const jobs: Record<string, string[]> = {};
  for (const [runId, named] of attempts) {
    let most: string[] = [];
    for (const attempt of [...named].sort((a, b) => a - b)) {
      const listed = await provenance.jobs(runId, attempt);
      if (listed === 'not-found') return { verdict: 'refuse', reason: `attempt ${attempt} of workflow run ${runId} lists no jobs` };
      if (!Array.isArray(listed)) return { verdict: 'leave', reason: `the jobs of workflow run ${runId} could not be looked up: ${listed.unknown}` };
      if (listed.length > most.length) most = listed;
    }
    jobs[runId] = most;
    const keys = new Set(rewritten.filter((e) => !e.untrusted && e.run.runId === runId).map((e) => e.run.key));
    if (!fitsRealJobs(keys, most)) {
      return {
        verdict: 'refuse',
        reason: `workflow run ${runId} does not match it: it has ${plural(keys.size, 'job')}, and the run had ${plural(most.length, 'job')} in attempt ${[...named].join(', ')} (${most
          .slice(0, 5)
          .map((n) => JSON.stringify(n))
          .join(', ')}${most.length > 5 ? ', …' : ''})`,
      };
    }
  }
  return { verdict: 'fold', entries: rewritten, jobs };
}
