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
import { LazyHistory } from '../history/stored.ts';
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

/** Every test's failures, tests that never failed left out (undecoded when the history is a LazyHistory). */
export function* failureProfiles(history: History, runs: RunTable): Generator<FailureProfile> {
  const seqOf = (run: string): number | undefined => runs.get(run)?.seq;
  if (history instanceof LazyHistory) {
    for (const [id, stored] of history.stored) {
      if (neverFailed(stored.segments)) continue;
      const test = history.get(id);
      const p = test && profileOf(test, seqOf);
      if (p) yield p;
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
