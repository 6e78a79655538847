/**
 * Folding parked runs into the data branch (src/store/sync.ts): each parcel's jobs are applied to the history in
 * the order they were parked, as they would have been had their own push landed. Pure. Ingesting the same job
 * attempt twice counts once, so a parcel folded by two writers, or folded after its own write landed, counts once.
 */
import type { RunContext } from '../model.ts';
import { parseParcel, parcelName, renderParcel, ParcelError, type ParcelEntry } from '../store/parcel.ts';
import { parseSnapshot, type Snapshot } from '../store/snapshot.ts';
import type { Folded, ParkedParcel } from '../store/sync.ts';
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

/** The parcel of one run (the default mode), named for the inbox. */
export function runParcel(run: RunContext, entries: ParcelEntry[], now: number): { name: string; text: string } {
  return { name: parcelName(run, entries, now), text: renderParcel(entries) };
}
