/**
 * The failures the cluster rule reads (src/clusters/cluster.ts), from the history after a run. Pure.
 *
 * A test that never failed in its window is skipped without decoding its runs (LazyHistory's stored segments), so the
 * cost grows with the tests that failed, not with the suite. A failing run is one with a failed or errored attempt
 * (a failure then a pass on a retry counts), in a trusted run, not marked as an outage: an outage is many tests
 * failing with one message in one run, and stays reported as an outage (src/policy/outage.ts).
 */
import type { History, TestHistory } from '../model.ts';
import { failureKey } from '../history/merge.ts';
import { neverFailed } from '../history/outcome-string.ts';
import { LazyHistory, type SeqRow, type StoredTest } from '../history/stored.ts';
import type { RunTable } from '../store/history-format.ts';
import { parseClusters, renderClusters } from './format.ts';
import { assignIds, DEFAULT_CLUSTER_OPTIONS, findClusters, type ClusterOptions, type FailureProfile, type FoundClusters, type StoredClusters } from './cluster.ts';

function profileOf(test: TestHistory, seqOf: (run: string) => number | undefined): FailureProfile | undefined {
  let runs: number[] | undefined;
  let keys: Map<number, string> | undefined;
  for (const r of test.runs) {
    if (r.outage || r.untrusted) continue;
    if (r.attempts.indexOf('F') < 0 && r.attempts.indexOf('E') < 0) continue;
    const seq = seqOf(r.run);
    if (seq === undefined) continue;
    (runs ??= []).push(seq);
    const key = failureKey(r.message);
    if (key !== undefined) (keys ??= new Map()).set(seq, key);
  }
  if (!runs) return undefined;
  runs.sort((a, b) => a - b);
  const unique = runs.filter((s, i) => i === 0 || runs[i - 1] !== s);
  return { id: test.id, runs: unique, ...(keys ? { keys } : {}) };
}

/**
 * profileOf of a test in its stored form, without making its records: the runs of its segments with a failed or
 * errored attempt, each with its row's facts and its message as `decode` would join them (src/history/stored.ts).
 * Null when a run is not in the runs table (the decoded path then says so).
 */
function storedProfileOf(id: string, s: StoredTest, keyOf: ReadonlyMap<number, readonly [string, SeqRow]>, seqOf: (run: string) => number | undefined): FailureProfile | undefined | null {
  let runs: number[] | undefined;
  let keys: Map<number, string> | undefined;
  let seq = s.from;
  let sorted = true;
  for (const { a, n } of s.segments) {
    if (a === '' || (a.indexOf('F') < 0 && a.indexOf('E') < 0)) {
      seq += n;
      continue;
    }
    for (let end = seq + n; seq < end; seq++) {
      const joined = keyOf.get(seq);
      if (joined === undefined) return null;
      const row = joined[1];
      if (row.untrusted) continue;
      const message = s.m?.[seq];
      const key = failureKey(message);
      if (key !== undefined && row.outages !== undefined && row.outages.includes(key)) continue;
      const at = seqOf(joined[0]);
      if (at === undefined) continue;
      if (runs && runs[runs.length - 1]! >= at) sorted = false;
      (runs ??= []).push(at);
      if (key !== undefined) (keys ??= new Map()).set(at, key);
    }
  }
  if (!runs) return undefined;
  if (!sorted) {
    runs.sort((a, b) => a - b);
    runs = runs.filter((s, i) => i === 0 || runs![i - 1] !== s);
  }
  return { id, runs, ...(keys ? { keys } : {}) };
}

/** Every test's failures, tests that never failed left out (undecoded when the history is a LazyHistory). */
export function* failureProfiles(history: History, runs: RunTable): Generator<FailureProfile> {
  const seqOf = (run: string): number | undefined => runs.get(run)?.seq;
  if (history instanceof LazyHistory) {
    // The history's run keys by sequence number: a failed test's profile is read off its segments and messages.
    const keyOf = new Map<number, [string, SeqRow]>();
    for (const entry of history.rows) keyOf.set(entry[1].seq, entry);
    for (const [id, stored] of history.stored) {
      if (neverFailed(stored.segments)) continue;
      const p = storedProfileOf(id, stored, keyOf, seqOf);
      if (p !== null) {
        if (p) yield p;
        continue;
      }
      const test = history.get(id);
      const q = test && profileOf(test, seqOf);
      if (q) yield q;
    }
    return;
  }
  for (const test of history.values()) {
    const p = profileOf(test, seqOf);
    if (p) yield p;
  }
}

export interface ClusterUpdate {
  clusters: StoredClusters;
  found: FoundClusters;
}

/** This history's clusters, with the ids of the clusters stored before (assignIds). */
export function clustersAfter(history: History, runs: RunTable, before: StoredClusters, options: ClusterOptions = DEFAULT_CLUSTER_OPTIONS): ClusterUpdate {
  const found = findClusters(failureProfiles(history, runs), options);
  return { clusters: assignIds(found.clusters, before), found };
}

/**
 * The text of `clusters.json` after a write, from the history it writes and the file as read (`before`, undefined
 * when the branch has none); `problem` says why the file as read could not be read in full.
 */
export function clustersFileAfter(before: string | undefined, history: History, runs: RunTable): { text: string; update: ClusterUpdate; problem?: string } {
  const read = parseClusters(before);
  const update = clustersAfter(history, runs, read.clusters);
  return { text: renderClusters(update.clusters), update, ...(read.problem !== undefined ? { problem: read.problem } : {}) };
}
