/**
 * The failures grouped by co-failure cluster (docs/clusters.md), for the page: the clusters of `clusters.json`, each
 * with its members as the model knows them and the members that failed in the newest run. Pure: no DOM.
 *
 * A cluster is said as the summary says it (src/report/clusters.ts): "4 tests failed together with `sig`: cluster 7,
 * since run #1,482". Its members are the tests of the file; a member the history no longer holds is still named, with
 * no link. The clusters decide nothing (ADR 0488): the page only shows them.
 */
import type { StoredCluster } from '../clusters/cluster.ts';
import type { Model, TestEntry } from './page-model.ts';
import { forEachSlot, isFail } from './test-runs.ts';

export interface ClusterMember {
  id: string;
  /** The test in the history, when it holds it. */
  entry?: TestEntry;
  /** It had a failed attempt in the newest run of the branch. */
  failedNewest: boolean;
}

export interface ClusterGroup {
  cluster: StoredCluster;
  /** Sorted: those that failed in the newest run first, then by id. */
  members: ClusterMember[];
  /** Members with a failed attempt in the newest run. */
  failedNewest: number;
}

/** The clusters of the page, the most recently together first (then the larger, then the lower id). */
export function clusterGroups(model: Model): ClusterGroup[] {
  const newest = model.points.at(-1)?.seq;
  const groups: ClusterGroup[] = [];
  for (const cluster of model.clusters.clusters) {
    const members: ClusterMember[] = cluster.members.map((id) => {
      const entry = model.byId.get(id);
      const failedNewest = entry !== undefined && newest !== undefined && failedInRun(entry, newest);
      return { id, ...(entry ? { entry } : {}), failedNewest };
    });
    members.sort((a, b) => Number(b.failedNewest) - Number(a.failedNewest) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    groups.push({ cluster, members, failedNewest: members.filter((m) => m.failedNewest).length });
  }
  return groups.sort((a, b) => b.cluster.last - a.cluster.last || b.members.length - a.members.length || a.cluster.id - b.cluster.id);
}

/** True when the test had a failed or errored attempt in run `seq`. */
export function failedInRun(entry: TestEntry, seq: number): boolean {
  let failed = false;
  forEachSlot(entry.history.from, entry.history.o, (s, attempts) => {
    if (s === seq && [...attempts].some(isFail)) failed = true;
  });
  return failed;
}

/** `n` with thousands separated by commas, as the summary writes run numbers. */
export function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The group's sentence, in parts: its count, its signature (to be shown as code) and the rest. */
export function clusterSentence(g: ClusterGroup): { lead: string; signature?: string; tail: string } {
  const c = g.cluster;
  return {
    lead: `${thousands(g.members.length)} tests failed together${c.signature !== undefined ? ' with ' : ''}`,
    ...(c.signature !== undefined ? { signature: c.signature } : {}),
    tail: `: cluster ${c.id}, since run #${thousands(c.since)} (together in ${thousands(c.together)} run${c.together === 1 ? '' : 's'}, the newest #${thousands(c.last)})`,
  };
}
