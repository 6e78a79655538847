/**
 * Carries out the cluster actions of a plan (src/github/issue-clusters.ts) through the API, and previews them for the
 * dry run. Every API failure is a warning (issue-api.ts); nothing here changes the outcome.
 */
import * as core from '@actions/core';
import type { StoredCluster } from '../clusters/cluster.ts';
import { ownersOfTest, type OwnerLookup } from '../owners/index.ts';
import { logText } from '../text/escape.ts';
import { requestOptions } from './client.ts';
import type { IssueApi } from './issue-api.ts';
import { withMeta, type RenderContext } from './issue-body.ts';
import { assigneesOf, clusterBody, clusterOwners, clusterTitle, type ClusterAction, type ClusterMember } from './issue-clusters.ts';
import type { IssueIndex, TestFacts } from './issue-plan.ts';
import type { ActionWriter, Done } from './issue-writer.ts';
import type { History } from '../model.ts';

export interface ClusterWriterContext {
  api: IssueApi | undefined;
  label: string;
  render: RenderContext;
  lookup: OwnerLookup;
  history: History;
  facts: ReadonlyMap<string, TestFacts>;
  quarantined: ReadonlySet<string>;
  index: IssueIndex;
  hashOf: (id: string) => string;
  writer: ActionWriter;
}

function members(ctx: ClusterWriterContext, c: StoredCluster): ClusterMember[] {
  return c.members.map((id) => {
    const test = ctx.facts.get(id)?.test ?? ctx.history.get(id);
    const own = ctx.index.byHash.get(ctx.hashOf(id));
    return { id, quarantined: ctx.quarantined.has(id), owners: test ? ownersOfTest(test, ctx.lookup).owners : [], ...(own ? { issue: own.number } : {}) };
  });
}

export function clusterIssueText(ctx: ClusterWriterContext, c: StoredCluster): { title: string; body: string; assignees: string[] } {
  const list = members(ctx, c);
  const owners = clusterOwners(list);
  return { title: clusterTitle(c), body: clusterBody(ctx.render, c, list, owners), assignees: assigneesOf(owners) };
}

export function previewCluster(ctx: ClusterWriterContext, a: ClusterAction): { title: string; verb: string; body?: string; comment?: string } {
  switch (a.kind) {
    case 'cluster-open': {
      const t = clusterIssueText(ctx, a.cluster);
      return { title: t.title, verb: 'open a new issue for a cluster', body: t.body };
    }
    case 'cluster-reopen':
      return { title: a.issue.title, verb: `reopen #${a.issue.number}`, body: clusterIssueText(ctx, a.cluster).body };
    case 'cluster-update':
      return { title: a.issue.title, verb: `update #${a.issue.number}`, body: clusterIssueText(ctx, a.cluster).body };
    case 'cluster-close':
      return { title: a.issue.title, verb: `close #${a.issue.number}`, comment: closeComment(a) };
  }
}

function closeComment(a: Extract<ClusterAction, { kind: 'cluster-close' }>): string {
  return a.gone
    ? `<!-- flakeguard:comment -->\nThe tests of cluster ${a.id} no longer fail together in the history's window: flakeguard closes this issue. A member still flaky on its own gets an issue of its own.`
    : `<!-- flakeguard:comment -->\nNo test of cluster ${a.id} is quarantined any more: flakeguard closes this issue.`;
}

export async function carryOutCluster(ctx: ClusterWriterContext, a: ClusterAction): Promise<Done | undefined> {
  const api = ctx.api!;
  const { owner, repo } = api;
  const issues = api.octokit.rest.issues;
  switch (a.kind) {
    case 'cluster-open': {
      if (!(await ctx.writer.ensureLabel())) return undefined;
      const t = clusterIssueText(ctx, a.cluster);
      const create = (withAssignees: boolean) =>
        api.call(
          `open an issue for cluster ${a.cluster.id}`,
          true,
          () => issues.create({ owner, repo, title: t.title, body: t.body, labels: [ctx.label], ...(withAssignees && t.assignees.length > 0 ? { assignees: t.assignees } : {}), ...requestOptions() }),
          withAssignees && t.assignees.length > 0 ? [422] : [],
        );
      let made = await create(true);
      if (!made.ok && made.status === 422) {
        core.info(logText(`GitHub refused the assignees ${t.assignees.join(', ')} (not collaborators?); opening the issue without assignees, owners mentioned in its body.`));
        made = await create(false);
      }
      return made.ok ? ctx.writer.done('Opened', made.data.number, t.title, `(${a.cluster.members.length} tests failing together).`) : undefined;
    }
    case 'cluster-reopen': {
      if (!(await ctx.writer.ensureLabel())) return undefined;
      const { body } = clusterIssueText(ctx, a.cluster);
      const opened = await api.call(`reopen issue #${a.issue.number}`, true, () => issues.update({ owner, repo, issue_number: a.issue.number, state: 'open', body, ...requestOptions() }));
      return opened.ok ? ctx.writer.done('Reopened', a.issue.number, a.issue.title, `: its tests fail together again.`) : undefined;
    }
    case 'cluster-update': {
      const { body } = clusterIssueText(ctx, a.cluster);
      if (body === a.issue.body) return undefined;
      const updated = await api.call(`update issue #${a.issue.number}`, true, () => issues.update({ owner, repo, issue_number: a.issue.number, body, ...requestOptions() }));
      return updated.ok ? ctx.writer.done('Updated', a.issue.number, a.issue.title, '(the cluster changed).') : undefined;
    }
    case 'cluster-close': {
      const posted = await api.call(`comment on issue #${a.issue.number}`, true, () => issues.createComment({ owner, repo, issue_number: a.issue.number, body: closeComment(a), ...requestOptions() }));
      if (!posted.ok) return undefined;
      const body = withMeta(a.issue.body, { ...a.issue.meta, closed: new Date().toISOString() });
      const closed = await api.call(`close issue #${a.issue.number}`, true, () =>
        issues.update({ owner, repo, issue_number: a.issue.number, state: 'closed', state_reason: 'completed', body, ...requestOptions() }),
      );
      return closed.ok ? ctx.writer.done('Closed', a.issue.number, a.issue.title, a.gone ? ': its tests no longer fail together.' : ': none of its tests is quarantined.') : undefined;
    }
  }
}
