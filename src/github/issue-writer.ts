/**
 * Renders the issue actions of a plan (bodies, comments, the dry run's preview) and carries them out through the API:
 * labels the issues, finds an issue that lost its label through search, opens, reopens, comments on and closes.
 */
import * as core from '@actions/core';
import type { Inputs } from '../config/inputs.ts';
import type { GitHubContext } from '../config/context.ts';
import type { RunContext } from '../model.ts';
import type { ApplyResult } from '../pipeline/apply.ts';
import { META_FILE, parseMeta, shardOf, statsPath } from '../store/layout.ts';
import { ownersOfTest, type OwnerLookup } from '../owners/index.ts';
import { logText, mdText } from '../text/escape.ts';
import { requestOptions } from './client.ts';
import { tracked, type ApiIssue, type IssueApi } from './issue-api.ts';
import {
  assigneesOf,
  issueTitle,
  markerSearchPhrase,
  renderBody,
  renderComment,
  withMeta,
  type CommentKind,
  type IssueContent,
  type IssueMeta,
  type OpenReason,
  type RenderContext,
} from './issue-body.ts';
import type { OnsetOfTest } from './issue-onset.ts';
import type { TestCost } from '../cost/index.ts';
import { historyCosts } from '../store/branch-costs.ts';
import { DECISIONS_FILE, parseDecisions, type TestDecisions } from '../store/decisions.ts';
import { CLUSTERS_FILE, clusterIndex, parseClusters } from '../clusters/format.ts';
import type { StoredCluster } from '../clusters/cluster.ts';
import { DIAGNOSES_FILE, parseDiagnoses, type Diagnosis } from '../diagnose/format.ts';
import { whyAnswer, type WhyAnswer, type WhyFacts } from '../why/answer.ts';
import { pfsTrend, type IssueIndex, type RegressionOptions, type PlannedAction, type Regression, type TestFacts, type TrackedIssue } from './issue-plan.ts';

export const LABEL_COLOR = 'fbca04';
export const LABEL_DESCRIPTION = 'A flaky test tracked by flakeguard';

/** What the issue work of a run knows once the issues are listed (before the sync), for the steps after it. */
export interface PublishState {
  inputs: Inputs;
  ctx: GitHubContext;
  api: IssueApi | undefined;
  index: IssueIndex;
  listed: boolean;
  dryRun: boolean;
  lifts: Map<string, { issue: number; since: number; closedAt: string }>;
  hashOf: (id: string) => string;
  /** The regression check's settings (policy.pfs.regression-*, the PFS priors); default DEFAULT_REGRESSION. */
  regression?: RegressionOptions;
  /** The `rerun` input as read (src/rerun/rerun-inputs.ts): the body's re-run command is built with it. */
  rerun?: WhyFacts['rerun'];
}

/** What was done, as a summary line (markdown, a link to the issue) and a log line. */
export interface Done {
  md: string;
  log: string;
}

/** Renders and carries out the actions of a plan. */
export class ActionWriter {
  private labelReady = false;
  private readonly s: PublishState;
  private readonly render: RenderContext;
  private readonly lookup: OwnerLookup & { codeownersPath?: string };
  private readonly result: ApplyResult;
  private readonly run: RunContext;
  /** Each test's onset, for the bodies (src/github/issue-onset.ts). */
  onsets?: ReadonlyMap<string, OnsetOfTest>;

  constructor(s: PublishState, render: RenderContext, lookup: OwnerLookup & { codeownersPath?: string }, result: ApplyResult, run: RunContext) {
    this.s = s;
    this.render = render;
    this.lookup = lookup;
    this.result = result;
    this.run = run;
  }

  private get api(): IssueApi {
    return this.s.api!;
  }

  statsFile(id: string): string {
    return statsPath(shardOf(id, this.result.shards), this.result.shards);
  }

  owners(f: TestFacts) {
    return ownersOfTest(f.test, this.lookup);
  }

  body(f: TestFacts, reason: OpenReason, meta: IssueMeta, regression?: Regression): string {
    const owners = this.owners(f);
    return renderBody(this.render, {
      test: f.test,
      hash: f.hash,
      ...(f.decision ? { decision: f.decision } : {}),
      quarantined: f.quarantined,
      reason,
      ...(f.orderDependent !== undefined ? { orderDependent: f.orderDependent } : {}),
      ...((f.pfsNow ?? regression?.now) ? { pfsNow: (f.pfsNow ?? regression?.now)! } : {}),
      ...(regression ? { pfsBefore: regression.before } : {}),
      pfsTrend: pfsTrend(f.test, 6, this.s.regression),
      ...(this.s.regression ? { trendWindow: this.s.regression.window } : {}),
      owners,
      ...(this.lookup.codeownersPath ? { codeownersPath: this.lookup.codeownersPath } : {}),
      statsFile: this.statsFile(f.id),
      meta,
      why: this.why(f, owners),
    });
  }

  private branchFacts?: { decisions: Map<string, TestDecisions>; clusters: Map<string, StoredCluster>; diagnoses: ReadonlyMap<string, Diagnosis> };

  /**
   * The test's answer (src/why/, as `flakeguard why` gives it) from the branch as this run wrote it: the body's onset,
   * cost, cluster, diagnosis and re-run command come from it. The branch's files are parsed once, for the first body.
   */
  why(f: TestFacts, owners: ReturnType<ActionWriter['owners']>): WhyAnswer {
    if (!this.branchFacts) {
      const files = this.result.files;
      const decisions = files.has(DECISIONS_FILE) ? parseDecisions(files.get(DECISIONS_FILE)!).log?.tests : undefined;
      this.branchFacts = {
        decisions: decisions ?? new Map(),
        clusters: clusterIndex(parseClusters(files.get(CLUSTERS_FILE)).clusters),
        diagnoses: parseDiagnoses(files.get(DIAGNOSES_FILE)).diagnoses.tests,
      };
    }
    const b = this.branchFacts;
    const d = f.decision;
    const onset = this.onsets?.get(f.id);
    const decisions = b.decisions.get(f.id);
    const cluster = b.clusters.get(f.id);
    const diagnosis = b.diagnoses.get(f.id);
    const cost = this.costOf(f.id).cost;
    return whyAnswer({
      id: f.id,
      dataBranch: this.render.dataBranch,
      now: this.run.time,
      test: f.test,
      stats: { ...(this.result.scores.get(f.id) ?? {}), quarantined: f.quarantined, reason: d?.reason ?? '', ...(d?.since ? { since: d.since } : {}) },
      ...(d?.override ? { override: { override: d.override } } : {}),
      statsFile: this.statsFile(f.id),
      runs: this.result.runs,
      ...(decisions ? { decisions } : {}),
      ...(cluster ? { cluster } : {}),
      ...(diagnosis ? { diagnosis } : {}),
      ...(cost ? { cost } : {}),
      owners,
      ...(this.lookup.codeownersPath ? { codeownersPath: this.lookup.codeownersPath } : {}),
      ...(onset?.commits ? { commits: onset.commits } : {}),
      ...(this.s.rerun ? { rerun: this.s.rerun } : {}),
    });
  }

  private costs?: { rank: Map<string, { cost: TestCost; rank: number }>; of: number; perMinute?: number };

  /** The test's cost and rank over the branch as written (src/cost/), computed once, when the first body is written. */
  private costOf(id: string): { cost?: NonNullable<IssueContent['cost']> } {
    if (!this.costs) {
      const ranked = historyCosts(this.result.history, this.result.runs).filter((e) => e.cost.costSec > 0);
      const meta = parseMeta(this.result.files.get(META_FILE) ?? '').meta;
      const perMinute = this.s.inputs.costPerMinute ?? meta?.costPerMinute;
      this.costs = { rank: new Map(ranked.map((e, i) => [e.id, { cost: e.cost, rank: i + 1 }])), of: ranked.length, ...(perMinute !== undefined ? { perMinute } : {}) };
    }
    const mine = this.costs.rank.get(id);
    if (!mine) return {};
    return { cost: { cost: mine.cost, rank: mine.rank, of: this.costs.of, ...(this.costs.perMinute !== undefined ? { perMinute: this.costs.perMinute } : {}) } };
  }

  comment(kind: CommentKind): string {
    return renderComment(this.render, kind);
  }

  /** What an action would post, for the dry run. */
  preview(a: PlannedAction): { title: string; verb: string; body?: string; comment?: string } {
    switch (a.kind) {
      case 'open':
        return { title: issueTitle(a.facts), verb: 'open a new issue', body: this.body(a.facts, a.reason, { ...(a.facts.pfsNow ? { pfs: a.facts.pfsNow } : {}) }, a.regression) };
      case 'reopen':
        return {
          title: a.issue.title,
          verb: `reopen #${a.issue.number}`,
          body: this.body(a.facts, a.reason, { ...(a.facts.pfsNow ? { pfs: a.facts.pfsNow } : {}) }, a.regression),
          comment: this.comment({ kind: 'reopened', why: a.why, owners: this.owners(a.facts).owners }),
        };
      case 'comment':
        return { title: a.issue.title, verb: `comment on #${a.issue.number}`, comment: this.commentFor(a) };
      case 'close':
        if (a.orderFixed) return { title: a.issue.title, verb: `close #${a.issue.number} (no longer order-dependent)`, comment: this.comment({ kind: 'order-fixed', run: this.run.key }) };
        return { title: a.issue.title, verb: `close #${a.issue.number} (released)`, comment: this.comment({ kind: 'released', reason: a.facts.decision?.reason ?? 'released', run: this.run.key }) };
      case 'lifted':
        return { title: a.issue.title, verb: `comment on #${a.issue.number} (quarantine lifted)`, comment: this.comment({ kind: 'lifted', issueClosedAt: a.issue.closedAt ?? '', run: this.run.key }) };
      case 'duplicate':
        return { title: a.issue.title, verb: `close #${a.issue.number} as a duplicate of #${a.of.number}`, comment: this.comment({ kind: 'duplicate', of: a.of.number }) };
    }
  }

  private commentFor(a: Extract<PlannedAction, { kind: 'comment' }>): string {
    if (a.about === 'quarantined') return this.comment({ kind: 'quarantined', reason: a.facts.decision?.reason ?? 'quarantined', run: this.run.key });
    if (a.about === 'order-dependent') return this.comment({ kind: 'order-dependent', sentence: a.facts.orderDependent ?? '', run: this.run.key });
    if (a.about === 'rule') return this.comment({ kind: 'rule', reason: a.facts.rule?.reason ?? '', run: this.run.key });
    return this.comment({ kind: 'regressed', now: a.regression!.now, before: a.regression!.before });
  }

  async ensureLabel(): Promise<boolean> {
    if (this.labelReady) return true;
    const { owner, repo } = this.api;
    const name = this.s.inputs.issueLabel;
    const got = await this.api.call(`read the label '${name}'`, false, () => this.api.octokit.rest.issues.getLabel({ owner, repo, name, ...requestOptions() }), [404]);
    if (!got.ok && got.status === 404) {
      const made = await this.api.call(
        `create the label '${name}'`,
        true,
        () => this.api.octokit.rest.issues.createLabel({ owner, repo, name, color: LABEL_COLOR, description: LABEL_DESCRIPTION, ...requestOptions() }),
        [422],
      );
      if (!made.ok && made.status !== 422) return false;
    } else if (!got.ok) {
      return false;
    }
    this.labelReady = true;
    return true;
  }

  /** An issue of this test that lost its label (found by its marker through search), if any. */
  private async findUnlabelled(f: TestFacts): Promise<TrackedIssue | undefined> {
    const q = `repo:${this.s.ctx.repository} is:issue in:body "${markerSearchPhrase(f.hash)}"`;
    const res = await this.api.call('search for an issue of the test', false, () => this.api.octokit.rest.search.issuesAndPullRequests({ q, per_page: 10, ...requestOptions() }), [403, 422, 429, 503]);
    if (!res.ok) return undefined; // search is only a fallback; the label listing is authoritative
    for (const item of res.data.items as unknown as ApiIssue[]) {
      const t = tracked(item, this.s.inputs.issueLabel);
      if (t && t.hash === f.hash) return t;
    }
    return undefined;
  }

  /** What was done, as a summary line (markdown, a link to the issue) and a log line. */
  done(verb: string, n: number, title: string, tail: string): Done {
    const sep = tail.startsWith(':') ? '' : ' ';
    return {
      md: `${verb} [#${n}](${this.s.ctx.serverUrl}/${this.s.ctx.repository}/issues/${n}) ${mdText(title, 200)}${sep}${mdText(tail, 300)}`,
      log: `${verb} #${n} ${title}${sep}${tail}`,
    };
  }

  /** Carries out one action; says what was done, or undefined when it was not. */
  async carryOut(a: PlannedAction): Promise<Done | undefined> {
    const { owner, repo } = this.api;
    const api = this.api;
    const issues = api.octokit.rest.issues;
    const now = new Date().toISOString();
    switch (a.kind) {
      case 'open': {
        const lost = await this.findUnlabelled(a.facts);
        if (!(await this.ensureLabel())) return undefined;
        if (lost) {
          const added = await api.call(`label issue #${lost.number}`, true, () =>
            issues.addLabels({ owner, repo, issue_number: lost.number, labels: [this.s.inputs.issueLabel], ...requestOptions() }),
          );
          return added.ok ? this.done('Found', lost.number, lost.title, 'without its label and labelled it again (no new issue).') : undefined;
        }
        const title = issueTitle(a.facts);
        const body = this.body(a.facts, a.reason, { ...(a.facts.pfsNow ? { pfs: a.facts.pfsNow } : {}) }, a.regression);
        const assignees = assigneesOf(this.owners(a.facts).owners);
        const create = (withAssignees: boolean) =>
          api.call(
            `open an issue for '${a.facts.id}'`,
            true,
            () => issues.create({ owner, repo, title, body, labels: [this.s.inputs.issueLabel], ...(withAssignees && assignees.length > 0 ? { assignees } : {}), ...requestOptions() }),
            withAssignees && assignees.length > 0 ? [422] : [],
          );
        let made = await create(true);
        if (!made.ok && made.status === 422) {
          core.info(logText(`GitHub refused the assignees ${assignees.join(', ')} (not collaborators?); opening the issue without assignees, owners mentioned in its body.`));
          made = await create(false);
        }
        return made.ok
          ? this.done('Opened', made.data.number, title, a.reason === 'quarantined' ? '(quarantined).' : a.reason === 'order-dependent' ? '(order-dependent).' : '(flakiness rose).')
          : undefined;
      }
      case 'reopen': {
        if (!(await this.ensureLabel())) return undefined;
        const body = this.body(a.facts, a.reason, { ...(a.facts.pfsNow ? { pfs: a.facts.pfsNow } : {}) }, a.regression);
        const opened = await api.call(`reopen issue #${a.issue.number}`, true, () => issues.update({ owner, repo, issue_number: a.issue.number, state: 'open', body, ...requestOptions() }));
        if (!opened.ok) return undefined;
        await api.call(`comment on issue #${a.issue.number}`, true, () =>
          issues.createComment({ owner, repo, issue_number: a.issue.number, body: this.comment({ kind: 'reopened', why: a.why, owners: this.owners(a.facts).owners }), ...requestOptions() }),
        );
        return this.done('Reopened', a.issue.number, a.issue.title, `: ${a.why}.`);
      }
      case 'comment': {
        const posted = await api.call(`comment on issue #${a.issue.number}`, true, () =>
          issues.createComment({ owner, repo, issue_number: a.issue.number, body: this.commentFor(a), ...requestOptions() }),
        );
        if (!posted.ok) return undefined;
        const reason: OpenReason = a.about === 'order-dependent' ? 'order-dependent' : a.facts.quarantined ? 'quarantined' : 'regressed';
        const body = this.body(a.facts, reason, { ...(a.facts.pfsNow ? { pfs: a.facts.pfsNow } : {}) }, a.regression);
        await api.call(`update issue #${a.issue.number}`, true, () => issues.update({ owner, repo, issue_number: a.issue.number, body, ...requestOptions() }));
        return this.done(
          'Commented on',
          a.issue.number,
          a.issue.title,
          a.about === 'quarantined' ? '(quarantined).' : a.about === 'order-dependent' ? '(order-dependent).' : a.about === 'rule' ? '(policy.quarantine).' : '(flakiness rose again).',
        );
      }
      case 'close': {
        const posted = await api.call(`comment on issue #${a.issue.number}`, true, () =>
          issues.createComment({ owner, repo, issue_number: a.issue.number, body: this.preview(a).comment!, ...requestOptions() }),
        );
        if (!posted.ok) return undefined;
        const meta: IssueMeta = { ...(a.facts.pfsNow ? { pfs: a.facts.pfsNow } : a.issue.meta.pfs ? { pfs: a.issue.meta.pfs } : {}), closed: now };
        const body = this.body(a.facts, a.orderFixed ? 'order-dependent' : 'quarantined', meta);
        const closed = await api.call(`close issue #${a.issue.number}`, true, () =>
          issues.update({ owner, repo, issue_number: a.issue.number, state: 'closed', state_reason: 'completed', body, ...requestOptions() }),
        );
        return closed.ok ? this.done('Closed', a.issue.number, a.issue.title, a.orderFixed ? ': no longer order-dependent.' : ': released from quarantine.') : undefined;
      }
      case 'lifted': {
        const posted = await api.call(`comment on issue #${a.issue.number}`, true, () =>
          issues.createComment({ owner, repo, issue_number: a.issue.number, body: this.preview(a).comment!, ...requestOptions() }),
        );
        return posted.ok ? this.done('Lifted the quarantine:', a.issue.number, a.issue.title, 'was closed as completed.') : undefined;
      }
      case 'duplicate': {
        const posted = await api.call(`comment on issue #${a.issue.number}`, true, () =>
          issues.createComment({ owner, repo, issue_number: a.issue.number, body: this.preview(a).comment!, ...requestOptions() }),
        );
        if (!posted.ok) return undefined;
        const closed = await api.call(`close issue #${a.issue.number} as a duplicate`, true, () =>
          issues.update({
            owner,
            repo,
            issue_number: a.issue.number,
            state: 'closed',
            state_reason: 'duplicate',
            duplicate_issue_id: a.of.id,
            body: withMeta(a.issue.body, { ...a.issue.meta, closed: now }),
            ...requestOptions(),
          }),
        );
        return closed.ok ? this.done('Closed', a.issue.number, a.issue.title, `as a duplicate of #${a.of.number}.`) : undefined;
      }
    }
  }
}
