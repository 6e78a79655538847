/**
 * This run's failures grouped by co-failure cluster (docs/clusters.md), for the job summary, the check run and the
 * pull-request comment: "12 tests failed together with `ECONNRESET …`: cluster 7, since run 1,482". Pure.
 * Outages are said as outages (src/policy/outage.ts), not here: their failures are not in any cluster.
 */
import type { StoredCluster, StoredClusters } from '../clusters/cluster.ts';
import { mdText, redact } from '../text/escape.ts';

export interface FailedTogether {
  cluster: StoredCluster;
  /** This run's failed tests (a failed attempt, retries included) of the cluster, sorted. */
  ids: string[];
}

/** The clusters with two or more of `failed` (ids of the run's tests with a failed attempt), most failed first. */
export function failedTogether(failed: Iterable<string>, clusters: StoredClusters): FailedTogether[] {
  const of = new Map<string, StoredCluster>();
  for (const c of clusters.clusters) for (const m of c.members) of.set(m, c);
  const groups = new Map<number, FailedTogether>();
  for (const id of new Set(failed)) {
    const c = of.get(id);
    if (!c) continue;
    const g = groups.get(c.id);
    if (g) g.ids.push(id);
    else groups.set(c.id, { cluster: c, ids: [id] });
  }
  return [...groups.values()]
    .filter((g) => g.ids.length >= 2)
    .map((g) => ({ ...g, ids: g.ids.sort() }))
    .sort((a, b) => b.ids.length - a.ids.length || a.cluster.id - b.cluster.id);
}

const n = (x: number): string => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * A signature in a code span when it is plain printable ASCII without a backtick, a bracket, an angle bracket or a `|`
 * (nothing in it can act, even where a renderer or a check does not honour code spans), else escaped text.
 */
export function signatureMd(sig: string, max = 120, escape: (text: string, max: number) => string = mdText): string {
  const cut = sig.length > max ? `${sig.slice(0, max - 1)}…` : sig;
  if (/^[\x20-\x3b\x3d\x3f-\x5a\x5c\x5e\x5f\x61-\x7b\x7d\x7e]+…?$/.test(cut) && redact(cut) === cut && cut.trim() === cut) return `\`${cut}\``;
  return `"${escape(cut, max + 40)}"`;
}

/** One line of markdown for a group, the first tests named (escaped with `escape`: mdInert where mentions notify). */
export function failedTogetherLine(g: FailedTogether, named = 5, escape: (text: string, max: number) => string = mdText): string {
  const sig = g.cluster.signature !== undefined ? ` with ${signatureMd(g.cluster.signature, 120, escape)}` : '';
  const names = g.ids.slice(0, named).map((id) => escape(id, 120));
  const more = g.ids.length > named ? ` and ${n(g.ids.length - named)} more` : '';
  return `${n(g.ids.length)} tests failed together${sig}: cluster ${g.cluster.id}, since run ${n(g.cluster.since)} (${names.join(', ')}${more}).`;
}

/** The section: a heading and one line per group (at most `max` groups), or nothing. */
export function failedTogetherSection(groups: readonly FailedTogether[], max = 10): string[] {
  if (groups.length === 0) return [];
  const lines = ['#### Failed together', '', ...groups.slice(0, max).map((g) => `- ${failedTogetherLine(g)}`)];
  if (groups.length > max) lines.push(`- …and ${n(groups.length - max)} more clusters (clusters.json on the data branch).`);
  lines.push('', 'Tests that fail in the same runs most likely share one cause; fix it once (docs/clusters.md).', '');
  return lines;
}
