/**
 * Issues for test owners (`create-issues: true`): one issue per flaky test, assigned to the test's owners from
 * CODEOWNERS, found again through a hidden marker, commented on when things change, closed when the test is
 * released and reopened when it regresses. A person closing the issue as completed lifts the quarantine.
 *
 * Two steps around the data-branch sync:
 * - `prepareIssues` (before it) lists the issues, so that closes made by people can lift quarantines;
 * - `session.publish` (after it) plans and carries out the issue actions for the saved result.
 *
 * Nothing here changes the outcome of the run: every API failure (no `issues: write`, rate limits, 5xx) becomes a
 * warning, and the first permission or rate-limit failure stops the issue work for this run.
 */
import * as core from '@actions/core';
import { appendSummary } from './step-files.ts';
import type { Inputs } from '../config/inputs.ts';
import type { GitHubContext } from '../config/context.ts';
import type { RunContext } from '../model.ts';
import type { ApplyResult } from '../pipeline/apply.ts';
import type { SyncResult } from '../store/sync.ts';
import { parseLineObject, shardOf, statsPath } from '../store/layout.ts';
import { findCodeowners, ownersOfTest, parseClassMap, type Codeowners, type OwnerLookup } from '../owners/index.ts';
import { logText, mdText } from '../text/escape.ts';
import { createClient, describeApiError, requestOptions, type Octokit } from './client.ts';
import {
  assigneesOf,
  issueTitle,
  markerSearchPhrase,
  parseIdMarker,
  parseMeta,
  renderBody,
  renderComment,
  testHash,
  withMeta,
  type CommentKind,
  type Interval,
  type IssueMeta,
  type OpenReason,
  type RenderContext,
} from './issue-body.ts';
import {
  handLifts,
  indexIssues,
  pfsTrend,
  planIssues,
  statusOf,
  REGRESSION_MIN_FAILING,
  REGRESSION_WINDOW,
  type IssueIndex,
  type Plan,
  type PlannedAction,
  type Regression,
  type TestFacts,
  type TrackedIssue,
} from './issue-plan.ts';
import type { ClosedByHandLookup } from '../policy/hand-close.ts';

/** Pages of 100 issues read per run (the label's issues, open and closed). */
export const MAX_LIST_PAGES = 10;
/** Write requests (POST/PATCH) per run, well under GitHub's secondary limit on content creation. */
export const MAX_WRITES = 60;
/** Failed requests after which the issue work of the run stops. */
export const MAX_FAILURES = 3;
/** Bytes of the job summary the dry run may use. */
export const DRY_RUN_SUMMARY_BYTES = 200 * 1024;
export const LABEL_COLOR = 'fbca04';
export const LABEL_DESCRIPTION = 'A flaky test tracked by flakeguard';

export interface IssueSession {
  /** For applyRun: tests whose issue a person closed as completed (undefined when none, or when not lifting). */
  closedByHand?: ClosedByHandLookup;
  /** For applyRun: the number of a test's issue, as listed before the sync (recorded in decisions.json for the dashboard). */
  issueOf?: (id: string) => number | undefined;
  /** Plans and carries out (or, in a dry run, shows) the issue actions for the saved result. Never throws. */
  publish(sync: SyncResult<ApplyResult>, run: RunContext): Promise<void>;
}

export interface IssueSetup {
  inputs: Inputs;
  ctx: GitHubContext;
  readOnly: boolean;
}

/* ---------- the API, with failures turned into warnings ---------- */

type CallResult<T> = { ok: true; data: T } | { ok: false; status?: number };

export class IssueApi {
  readonly octokit: Octokit;
  readonly owner: string;
  readonly repo: string;
  writes = 0;
  failures = 0;
  /** Set once the work must stop (permission, rate limit, too many failures or writes). */
  stopped?: string;
  readonly warnings: string[] = [];

  constructor(octokit: Octokit, owner: string, repo: string) {
    this.octokit = octokit;
    this.owner = owner;
    this.repo = repo;
  }

  /**
   * Runs one request. Statuses in `expected` (e.g. 404 for a missing label) are answers, not failures; anything
   * else that fails is reported once as a warning.
   */
  async call<T>(what: string, write: boolean, send: () => Promise<{ data: T }>, expected: number[] = []): Promise<CallResult<T>> {
    if (this.stopped) return { ok: false };
    if (write && this.writes >= MAX_WRITES) {
      this.stop(`flakeguard reached its limit of ${MAX_WRITES} issue updates in one run; the rest waits for the next run.`);
      return { ok: false };
    }
    if (write) this.writes++;
    try {
      return { ok: true, data: (await send()).data };
    } catch (error) {
      const failure = describeApiError(error);
      if (failure.status !== undefined && expected.includes(failure.status)) return { ok: false, status: failure.status };
      const status = failure.status ?? 'no response';
      if (failure.denied || failure.status === 401) {
        this.stop(
          `flakeguard could not ${what} (${status}: ${failure.message}). The workflow's token needs \`issues: write\` (permissions: issues: write) for create-issues; the issues are left as they are this run.`,
        );
      } else if (/rate limit/i.test(failure.message) || failure.status === 429) {
        this.stop(`flakeguard could not ${what}: GitHub's ${failure.message}. The issue work stops for this run and resumes on the next one.`);
      } else {
        this.warn(`flakeguard could not ${what} (${status}: ${failure.message}); it tries again on the next run.`);
        if (++this.failures >= MAX_FAILURES) this.stop(`flakeguard stopped updating issues after ${this.failures} failed requests; it tries again on the next run.`);
      }
      return { ok: false, status: failure.status };
    }
  }

  warn(message: string): void {
    this.warnings.push(message);
    core.warning(logText(message, 1000), { title: 'flakeguard issues' });
  }

  private stop(message: string): void {
    if (this.stopped) return;
    this.stopped = message;
    this.warn(message);
  }
}

interface ApiIssue {
  id: number;
  number: number;
  title: string;
  body?: string | null;
  state: string;
  state_reason?: string | null;
  closed_at: string | null;
  created_at: string;
  html_url: string;
  pull_request?: unknown;
  labels: Array<string | { name?: string }>;
}

function tracked(issue: ApiIssue, label: string): TrackedIssue | undefined {
  if (issue.pull_request) return undefined;
  const hash = parseIdMarker(issue.body);
  if (!hash) return undefined;
  const labelled = issue.labels.some((l) => (typeof l === 'string' ? l : (l.name ?? '')).toLowerCase() === label.toLowerCase());
  return {
    id: issue.id,
    number: issue.number,
    state: issue.state === 'closed' ? 'closed' : 'open',
    stateReason: issue.state_reason ?? null,
    closedAt: issue.closed_at,
    createdAt: issue.created_at,
    hash,
    meta: parseMeta(issue.body),
    labelled,
    title: issue.title,
    body: issue.body ?? '',
    url: issue.html_url,
  };
}

/** The label's issues, open and closed, that carry a flakeguard marker; undefined when they could not be read. */
export async function listTrackedIssues(api: IssueApi, label: string): Promise<TrackedIssue[] | undefined> {
  const out: TrackedIssue[] = [];
  for (let page = 1; page <= MAX_LIST_PAGES; page++) {
    const res = await api.call('list the issues labelled for flakeguard', false, () =>
      api.octokit.rest.issues.listForRepo({ owner: api.owner, repo: api.repo, labels: label, state: 'all', per_page: 100, page, ...requestOptions() }),
    );
    if (!res.ok) return undefined;
    for (const issue of res.data as ApiIssue[]) {
      const t = tracked(issue, label);
      if (t) out.push(t);
    }
    if (res.data.length < 100) break;
  }
  return out;
}

/* ---------- preparing: before the sync ---------- */

export async function prepareIssues(setup: IssueSetup): Promise<IssueSession | undefined> {
  try {
    return await prepare(setup);
  } catch (error) {
    core.warning(logText(`flakeguard could not prepare the issues for test owners: ${error instanceof Error ? error.message : String(error)}`, 1000), { title: 'flakeguard issues' });
    return undefined;
  }
}

async function prepare({ inputs, ctx, readOnly }: IssueSetup): Promise<IssueSession | undefined> {
  if (!inputs.createIssues) return undefined;
  const dryRun = inputs.issuesDryRun;
  if (readOnly && !dryRun) {
    core.info('Read-only run (or a pull request from a fork): the issues for test owners are not updated.');
    return undefined;
  }
  let api: IssueApi | undefined;
  let index: IssueIndex = { byHash: new Map(), duplicates: [] };
  let listed = false;
  if (inputs.token) {
    api = new IssueApi(await createClient(inputs.token, ctx.apiUrl), ctx.owner, ctx.repo);
    const issues = await listTrackedIssues(api, inputs.issueLabel);
    if (issues) {
      index = indexIssues(issues);
      listed = true;
    }
  } else if (!dryRun) {
    core.warning('create-issues needs a token (the `token` input) to read and write issues; no issue was updated.', { title: 'flakeguard issues' });
    return undefined;
  }
  if (!listed && !dryRun) return undefined; // never open issues without knowing which exist: that makes duplicates

  const lifts = inputs.closeLiftsQuarantine && !dryRun ? handLifts(index) : new Map();
  const hashes = new Map<string, string>();
  const hashOf = (id: string): string => {
    let h = hashes.get(id);
    if (h === undefined) hashes.set(id, (h = testHash(id)));
    return h;
  };
  const closedByHand: ClosedByHandLookup | undefined =
    lifts.size === 0
      ? undefined
      : (id) => {
          const lift = lifts.get(hashOf(id));
          return lift ? { issue: lift.issue, since: lift.since } : undefined;
        };
  const issueOf = index.byHash.size === 0 ? undefined : (id: string) => index.byHash.get(hashOf(id))?.number;
  return {
    ...(closedByHand ? { closedByHand } : {}),
    ...(issueOf ? { issueOf } : {}),
    publish: async (sync, run) => {
      try {
        await publish({ inputs, ctx, api, index, listed, dryRun, lifts, hashOf }, sync, run);
      } catch (error) {
        core.warning(logText(`flakeguard could not update the issues for test owners: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, 2000), {
          title: 'flakeguard issues',
        });
      }
    },
  };
}

/* ---------- publishing: after the sync ---------- */

interface PublishState {
  inputs: Inputs;
  ctx: GitHubContext;
  api: IssueApi | undefined;
  index: IssueIndex;
  listed: boolean;
  dryRun: boolean;
  lifts: Map<string, { issue: number; since: number; closedAt: string }>;
  hashOf: (id: string) => string;
}

function isInterval(x: unknown): x is Interval {
  return Array.isArray(x) && x.length === 3 && x.every((v) => typeof v === 'number' && Number.isFinite(v));
}

/** The PFS intervals of the new stats lines (`pfs: [pf, low, high]`). */
export function statsIntervals(files: Map<string, string>, ids: ReadonlySet<string>): Map<string, Interval> {
  const out = new Map<string, Interval>();
  for (const [path, text] of files) {
    if (!path.startsWith('stats/') || !path.endsWith('.json')) continue;
    // Read as the step reads it (strict: a line written twice is no silent winner); a broken file is reported elsewhere.
    const tests = parseLineObject(path, text, 'tests').value?.entries;
    if (!tests) continue;
    for (const id of ids) {
      const line = tests.get(id) as { pfs?: unknown } | null | undefined;
      if (typeof line === 'object' && line !== null && isInterval(line.pfs)) out.set(id, line.pfs);
    }
  }
  return out;
}

function recentlyFailing(runs: ReadonlyArray<{ attempts: string }>): boolean {
  let failing = 0;
  for (let i = runs.length - 1, seen = 0; i >= 0 && seen < REGRESSION_WINDOW; i--) {
    const a = runs[i]!.attempts;
    if (a.replace(/S/g, '') === '') continue;
    seen++;
    if (/[FE]/.test(a)) failing++;
  }
  return failing >= REGRESSION_MIN_FAILING;
}

/** The tests a plan may act on: quarantined, released, tracked by an issue, or failing recently. */
export function testFacts(result: ApplyResult, index: IssueIndex, hashOf: (id: string) => string): TestFacts[] {
  const quarantined = new Set(result.quarantined);
  const newly = new Set(result.newlyQuarantined);
  const released = new Set(result.released);
  const relevant = new Set<string>([...result.quarantined, ...result.released, ...result.orderDependent.keys()]);
  for (const [id, test] of result.history) {
    if (relevant.has(id)) continue;
    if ((index.byHash.size > 0 && index.byHash.has(hashOf(id))) || recentlyFailing(test.runs)) relevant.add(id);
  }
  const intervals = statsIntervals(result.files, relevant);
  const facts: TestFacts[] = [];
  for (const id of [...relevant].sort()) {
    const test = result.history.get(id);
    if (!test) continue;
    const decision = result.decisions.get(id);
    facts.push({
      id,
      hash: hashOf(id),
      test,
      ...(decision ? { decision } : {}),
      quarantined: quarantined.has(id),
      newlyQuarantined: newly.has(id),
      released: released.has(id),
      ...(intervals.has(id) ? { pfsNow: intervals.get(id)! } : {}),
      ...(result.orderDependent.has(id) ? { orderDependent: result.orderDependent.get(id)! } : {}),
    });
  }
  return facts;
}

interface Done {
  md: string;
  log: string;
}

async function publish(s: PublishState, sync: SyncResult<ApplyResult>, run: RunContext): Promise<void> {
  const { inputs, ctx, dryRun } = s;
  const result = sync.applied;
  if (!dryRun && (!sync.historyRead || sync.status.kind === 'not-saved')) {
    core.info('The history was not saved, so the issues for test owners are left as they are this run.');
    return;
  }
  const facts = testFacts(result, s.index, s.hashOf);
  const liftedNow = new Set([...result.released].map(s.hashOf).filter((h) => s.lifts.has(h)));
  const plan = planIssues(facts, s.index, { maxIssues: inputs.maxIssues, closeLifts: inputs.closeLiftsQuarantine, liftedNow });

  const lookup = await ownerLookup(inputs, ctx.workspace, plan);
  const render: RenderContext = {
    serverUrl: ctx.serverUrl,
    repository: ctx.repository,
    dataBranch: inputs.dataBranch,
    closeLifts: inputs.closeLiftsQuarantine,
    mentions: !dryRun,
  };
  const writer = new ActionWriter(s, render, lookup, result, run);

  if (dryRun) {
    await appendSummary(dryRunSummary(writer, plan, s));
    core.info(`Issues dry run: ${plan.actions.length} action${plan.actions.length === 1 ? '' : 's'} written to the job summary, none carried out.`);
    return;
  }
  const done: Done[] = [];
  for (const action of plan.actions) {
    if (s.api?.stopped) break;
    const result = await writer.carryOut(action);
    if (result) {
      done.push(result);
      core.info(logText(result.log, 500));
    }
  }
  if (plan.deferred.length > 0) {
    core.info(`${plan.deferred.length} more issue${plan.deferred.length === 1 ? '' : 's'} to open or reopen wait for later runs (max-issues: ${inputs.maxIssues}).`);
  }
  if (done.length > 0 || plan.deferred.length > 0) {
    const lines = ['#### Issues for test owners', '', ...done.map((d) => `- ${d.md}`)];
    if (plan.deferred.length > 0) lines.push(`- ${plan.deferred.length} more to open or reopen on later runs (max-issues: ${inputs.maxIssues}).`);
    await appendSummary(`${lines.join('\n')}\n`);
  }
}

async function ownerLookup(inputs: Inputs, workspace: string, plan: Plan): Promise<OwnerLookup & { codeownersPath?: string }> {
  const classMap = inputs.codeownersMap ? parseClassMap(inputs.codeownersMap) : [];
  const needs = [...plan.actions, ...plan.deferred].some((a) => a.kind === 'open' || a.kind === 'reopen' || a.kind === 'comment' || a.kind === 'close');
  if (!needs) return { classMap, workspace };
  const found = await findCodeowners(workspace);
  if (found && 'tooLarge' in found) {
    core.warning(`${found.path} is 3 MB or more, so GitHub does not use it and flakeguard does not either: issues have no owners.`, { title: 'flakeguard issues' });
    return { classMap, workspace };
  }
  if (found) {
    for (const p of found.problems.slice(0, 10)) core.warning(logText(`${found.path} line ${p.line}: ${p.message}`), { title: 'CODEOWNERS', file: found.path, startLine: p.line });
    return { classMap, workspace, codeowners: found as Codeowners, codeownersPath: found.path };
  }
  return { classMap, workspace };
}

/** Renders and carries out the actions of a plan. */
class ActionWriter {
  private labelReady = false;
  private readonly s: PublishState;
  private readonly render: RenderContext;
  private readonly lookup: OwnerLookup & { codeownersPath?: string };
  private readonly result: ApplyResult;
  private readonly run: RunContext;

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
    return renderBody(this.render, {
      test: f.test,
      hash: f.hash,
      ...(f.decision ? { decision: f.decision } : {}),
      quarantined: f.quarantined,
      reason,
      ...(f.orderDependent !== undefined ? { orderDependent: f.orderDependent } : {}),
      ...((f.pfsNow ?? regression?.now) ? { pfsNow: (f.pfsNow ?? regression?.now)! } : {}),
      ...(regression ? { pfsBefore: regression.before } : {}),
      pfsTrend: pfsTrend(f.test),
      owners: this.owners(f),
      ...(this.lookup.codeownersPath ? { codeownersPath: this.lookup.codeownersPath } : {}),
      statsFile: this.statsFile(f.id),
      meta,
    });
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
    return this.comment({ kind: 'regressed', now: a.regression!.now, before: a.regression!.before });
  }

  private async ensureLabel(): Promise<boolean> {
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
  private done(verb: string, n: number, title: string, tail: string): Done {
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
          a.about === 'quarantined' ? '(quarantined).' : a.about === 'order-dependent' ? '(order-dependent).' : '(flakiness rose again).',
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

/* ---------- dry run ---------- */

function dryRunSummary(writer: ActionWriter, plan: Plan, s: PublishState): string {
  const lines: string[] = ['#### Issues for test owners (dry run)', ''];
  lines.push(
    s.listed
      ? `\`issues-dry-run\` is on: nothing was written to GitHub. This run would take ${plan.actions.length} issue action${plan.actions.length === 1 ? '' : 's'}:`
      : `\`issues-dry-run\` is on: nothing was written to GitHub. The existing issues could not be read${s.inputs.token ? '' : ' (no token)'}, so every issue below would be new:`,
    '',
  );
  let used = 0;
  let cut = 0;
  for (const a of plan.actions) {
    const p = writer.preview(a);
    const block: string[] = [`- **Would ${mdText(p.verb, 100)}**: ${mdText(p.title, 300)}`];
    if (a.kind === 'open' || a.kind === 'reopen') {
      const assignees = assigneesOf(writer.owners(a.facts).owners);
      block.push(`  - label ${mdText(s.inputs.issueLabel, 50)}${assignees.length > 0 ? `, assignees ${assignees.map((x) => `\`${x}\``).join(', ')}` : ', no assignee'}`);
    }
    if (p.body) block.push('', '<details><summary>Issue body</summary>', '', p.body, '', '</details>', '');
    if (p.comment) block.push('', '<details><summary>Comment</summary>', '', p.comment, '', '</details>', '');
    const text = block.join('\n');
    if (used + text.length > DRY_RUN_SUMMARY_BYTES) {
      cut++;
      continue;
    }
    used += text.length;
    lines.push(text);
  }
  if (cut > 0) lines.push('', `_…${cut} more not shown (summary size)._`);
  if (plan.deferred.length > 0) {
    lines.push('', `${plan.deferred.length} more would wait for later runs (max-issues: ${s.inputs.maxIssues}):`, '');
    for (const a of plan.deferred.slice(0, 50)) if (a.kind !== 'duplicate') lines.push(`- ${mdText(a.facts.id, 200)}`);
  }
  const wouldLift = [...s.index.byHash.values()].filter((i) => statusOf(i) === 'closed-by-hand').length;
  if (s.inputs.closeLiftsQuarantine && wouldLift > 0) {
    lines.push(
      '',
      `${wouldLift} issue${wouldLift === 1 ? ' was' : 's were'} closed as completed by a person; outside a dry run, their tests are judged only on runs after the close (close-lifts-quarantine).`,
    );
  }
  if (plan.actions.length === 0) lines.push('_No issue action: no test newly quarantined, released or with rising flakiness._');
  return `${lines.join('\n')}\n`;
}
