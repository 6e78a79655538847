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

/** `note` gets each parcel's doubted times (src/pipeline/clock.ts), for warnings. */
export function foldParcels(snapshot: Snapshot, parcels: ParkedParcel[], options: ApplyOptions, now: number, note?: (message: string) => void): Folded {
  let current = snapshot;
  const folded: Folded['folded'] = [];
  const refused: Folded['refused'] = [];
  for (const parcel of parcels) {
    let entries: ParcelEntry[];
    try {
      entries = parseParcel(parcel.text);
    } catch (error) {
      refused.push({ ref: parcel.ref, reason: error instanceof ParcelError ? error.message : String(error) });
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
  /** The run's head repository is another than this one (a pull request from a fork). */
  fromFork: boolean;
}

/** A run looked up: its facts, `not-found` (no such run in this repository), or why it could not be looked up. */
export type RunLookup = WorkflowRunFacts | 'not-found' | { unknown: string };

/**
 * How parked runs prove where they come from (docs/data-branch.md, "Parcels carry provenance"): with `seal` (the
 * step has `inbox-key`), a parcel is folded in only with a matching seal; without it, only when every run it names is
 * looked up with `lookup` (the GitHub API) and matches what the parcel says about it.
 */
export interface Provenance {
  seal?: SealScope;
  lookup?: (runId: string) => Promise<RunLookup>;
  branch: string;
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
  if (!provenance.lookup) return { verdict: 'leave', reason: 'its runs cannot be checked: no inbox-key and no token to ask the GitHub API with (docs/data-branch.md)' };
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
  }
  return { verdict: 'fold' };
}
