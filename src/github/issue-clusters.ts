/**
 * One owners' issue per co-failure cluster (docs/issues.md, "Tests that fail together"; ADR 0489): a test of a
 * cluster that would get an issue of its own (it has none yet) gets its cluster's issue instead, which names every
 * member and is assigned to the owners of them all. A member that already has an issue of its own keeps it (it is
 * commented on, closed and reopened as before); outages are not clusters.
 *
 * The cluster's issue is found again by its hidden marker (the sha256 of `\0cluster:<id>`: no test id holds a NUL,
 * which XML cannot carry) and `<!-- flakeguard:cluster=<id> -->`. Its description is rewritten when what it says
 * changed (members, signature, their quarantine), so nothing churns; it is closed when the cluster is gone or none of
 * its members is quarantined, and reopened when a member would get an issue again. Closing it lifts no quarantine.
 */
import type { StoredCluster, StoredClusters } from '../clusters/cluster.ts';
import type { Owner } from '../owners/codeowners.ts';
import { mdText } from '../text/escape.ts';
import { signatureMd } from '../report/clusters.ts';
import { assigneesOf, idMarker, mentionLine, testHash, titleText, TITLE_MAX, type RenderContext } from './issue-body.ts';
import { statusOf, type IssueIndex, type PlannedAction, type TestFacts, type TrackedIssue } from './issue-plan.ts';

export function clusterHash(id: number): string {
  return testHash(`\u0000cluster:${id}`);
}

const CLUSTER_MARKER = /<!-- flakeguard:cluster=(\d{1,9}) -->/;

export function clusterOfIssue(issue: TrackedIssue): number | undefined {
  const m = CLUSTER_MARKER.exec(issue.body);
  return m && clusterHash(Number(m[1])) === issue.hash ? Number(m[1]) : undefined;
}

export type ClusterAction =
  | { kind: 'cluster-open'; cluster: StoredCluster }
  | { kind: 'cluster-reopen'; cluster: StoredCluster; issue: TrackedIssue }
  | { kind: 'cluster-update'; cluster: StoredCluster; issue: TrackedIssue }
  | { kind: 'cluster-close'; issue: TrackedIssue; id: number; gone: boolean };

export interface ClusteredPlan {
  /** In the plan's order: opens and reopens first (ranked), capped at maxIssues together. */
  actions: Array<PlannedAction | ClusterAction>;
  deferred: Array<PlannedAction | ClusterAction>;
}

const opening = (a: PlannedAction | ClusterAction): boolean => a.kind === 'open' || a.kind === 'reopen' || a.kind === 'cluster-open' || a.kind === 'cluster-reopen';

/**
 * The plan with clusters: `ranked` are the plan's opens and reopens in rank order, uncapped (planIssues with no cap),
 * `rest` its other actions. Pure.
 */
export function withClusters(
  ranked: readonly PlannedAction[],
  rest: readonly PlannedAction[],
  clusters: StoredClusters,
  index: IssueIndex,
  facts: readonly TestFacts[],
  maxIssues: number,
): ClusteredPlan {
  const clusterOf = new Map<string, StoredCluster>();
  for (const c of clusters.clusters) if (c.members.length >= 2) for (const m of c.members) clusterOf.set(m, c);
  const quarantined = new Set(facts.filter((f) => f.quarantined).map((f) => f.id));
  const ordered: Array<PlannedAction | ClusterAction> = [];
  const handled = new Set<number>();
  for (const a of ranked) {
    const cluster = a.kind === 'open' ? clusterOf.get(a.facts.id) : undefined;
    if (!cluster) {
      ordered.push(a);
      continue;
    }
    if (handled.has(cluster.id)) continue;
    handled.add(cluster.id);
    const issue = index.byHash.get(clusterHash(cluster.id));
    const status = issue ? statusOf(issue) : undefined;
    if (!issue) ordered.push({ kind: 'cluster-open', cluster });
    else if (status === 'open') ordered.push({ kind: 'cluster-update', cluster, issue });
    else if (status !== 'muted') ordered.push({ kind: 'cluster-reopen', cluster, issue });
  }
  const byId = new Map(clusters.clusters.map((c) => [c.id, c]));
  const after: Array<PlannedAction | ClusterAction> = [...rest];
  for (const issue of index.byHash.values()) {
    if (issue.state !== 'open') continue;
    const id = clusterOfIssue(issue);
    if (id === undefined || handled.has(id)) continue;
    const cluster = byId.get(id);
    if (!cluster) after.push({ kind: 'cluster-close', issue, id, gone: true });
    else if (!cluster.members.some((m) => quarantined.has(m))) after.push({ kind: 'cluster-close', issue, id, gone: false });
    else after.push({ kind: 'cluster-update', cluster, issue });
  }
  const actions: Array<PlannedAction | ClusterAction> = [];
  const deferred: Array<PlannedAction | ClusterAction> = [];
  let opened = 0;
  for (const a of ordered) {
    if (!opening(a)) actions.push(a);
    else if (opened < maxIssues) {
      actions.push(a);
      opened++;
    } else deferred.push(a);
  }
  return { actions: [...actions, ...after], deferred };
}

/* ---------- what the issue says ---------- */

export function clusterTitle(c: StoredCluster): string {
  const head = `${c.members.length} flaky tests failing together (cluster ${c.id})`;
  if (c.signature === undefined) return head;
  return `${head}: ${titleText(c.signature, Math.max(20, TITLE_MAX - head.length - 2))}`;
}

export interface ClusterMember {
  id: string;
  quarantined: boolean;
  owners: readonly Owner[];
  /** The number of the member's own issue, when it has one. */
  issue?: number;
}

/** Members listed at most: a larger cluster links to clusters.json for the rest. */
export const MEMBERS_LISTED = 100;

export function clusterBody(ctx: RenderContext, c: StoredCluster, members: readonly ClusterMember[], owners: readonly Owner[]): string {
  const lines: string[] = [];
  const sig = c.signature !== undefined ? ` with ${signatureMd(c.signature, 200)}` : '';
  lines.push(`**${c.members.length} tests fail together${sig}**: flakeguard's co-failure cluster ${c.id}, since run ${c.since.toLocaleString('en-US')} (the data branch's run number).`);
  lines.push('');
  lines.push(
    'Their failures come in the same runs, so they most likely share one cause (an infrastructure fault, a shared fixture, a test that leaves state behind): fixing it fixes them all. One issue for the cluster, not one per test.',
  );
  lines.push('');
  const mentions = mentionLine(ctx, owners);
  lines.push(`**Owners** (of every member, from CODEOWNERS): ${mentions || 'none found'}`);
  lines.push('');
  lines.push(`Failed together in ${c.together} run${c.together === 1 ? '' : 's'} of the window, the newest run ${c.last.toLocaleString('en-US')}.`);
  lines.push('');
  lines.push('| test | quarantined | own issue |');
  lines.push('| --- | --- | --- |');
  for (const m of members.slice(0, MEMBERS_LISTED)) lines.push(`| ${mdText(m.id, 300)} | ${m.quarantined ? 'yes' : 'no'} | ${m.issue !== undefined ? `#${m.issue}` : ''} |`);
  if (members.length > MEMBERS_LISTED) lines.push(`| … and ${members.length - MEMBERS_LISTED} more (clusters.json on the data branch) | | |`);
  lines.push('');
  lines.push(
    `The clusters are in [\`clusters.json\`](${ctx.serverUrl}/${ctx.repository}/blob/${encodeURIComponent(ctx.dataBranch)}/clusters.json) on the data branch (docs/clusters.md). flakeguard rewrites this description when the cluster changes and closes the issue when the tests no longer fail together or none is quarantined; closing it by hand lifts no quarantine.`,
  );
  lines.push('');
  lines.push(idMarker(clusterHash(c.id)));
  lines.push(`<!-- flakeguard:cluster=${c.id} -->`);
  return `${lines.join('\n')}\n`;
}

/** The owners of every member, each once, in the members' order. */
export function clusterOwners(members: readonly ClusterMember[]): Owner[] {
  const seen = new Set<string>();
  const out: Owner[] = [];
  for (const m of members)
    for (const o of m.owners) {
      const key = JSON.stringify(o);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(o);
    }
  return out;
}

export { assigneesOf };
