/**
 * diagnoses.json through the writes of other runs: only `mode: diagnose` changes it; every other write of the branch
 * (the step, the aggregate and ingest modes), which rewrites the files flakeguard owns, carries it as it read it,
 * damaged or not (it decides nothing; the next diagnose run keeps what it can read). Pure.
 */
import { DIAGNOSES_FILE } from './format.ts';

/** The file as the write read it, to add to what it writes; nothing when the branch has none. */
export function keptDiagnosesFile(current: ReadonlyMap<string, string>): Map<string, string> {
  const text = current.get(DIAGNOSES_FILE);
  return text === undefined ? new Map() : new Map([[DIAGNOSES_FILE, text]]);
}
