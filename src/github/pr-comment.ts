/**
 * The pull-request comment (docs/pr-comment.md, docs/adr/0320-pr-comment-verify-after-write.md): one comment per
 * pull request, found again by its hidden marker and its author (the step's own token: a comment anyone else wrote is
 * never read, edited or deleted, docs/adr/0420-pr-comment-own-author.md) and edited in place; one section per job. GitHub's issue-comment
 * API has no conditional update, so a job writes its section, waits a moment, reads the comment again and writes
 * again (merging what another job wrote meanwhile) until its section is there, a bounded number of times. Never
 * throws: a token that may not comment (403) or a fork's read-only token gets a notice, and the outcome stands.
 */
import * as core from '@actions/core';
import { createClient, describeApiError, requestOptions, type Octokit } from './client.ts';
import type { GitHubContext } from '../config/context.ts';
import type { PrCommentMode } from '../config/inputs.ts';
import type { ApplyResult } from '../pipeline/apply.ts';
import type { ParsedTestCase } from '../model.ts';
import type { RerunResult } from '../rerun/plan.ts';
import { blockingAfterReruns } from '../rerun/plan.ts';
import { renderSection, somethingToSay, type PrSectionInput } from '../report/pr-comment.ts';
import { hasSection, isPrComment, parseSections, sectionBudget, sectionKey, withSection } from '../report/pr-comment-body.ts';
import { scoreLookup } from '../report/scores.ts';
import { logText, mdInert } from '../text/escape.ts';
import { failedTogether, failedTogetherLine } from '../report/clusters.ts';
import { CLUSTERS_FILE, parseClusters } from '../clusters/format.ts';
import { dashboardTestUrl } from '../dashboard/links.ts';
import { blobUrlFor } from './blob-url.ts';

/** Reads (and writes) of the comment at most: a write that another job's write undid is repeated this often. */
export const MAX_TRIES = 6;
/** Before reading back what it wrote, a job waits this long, plus up to as much again at random, plus twice as long as its write took. */
export const SETTLE_MS = 1_000;

export interface PrCommentFacts {
  mode: PrCommentMode;
  token: string;
  ctx: GitHubContext;
  jobKey: string;
  result: ApplyResult;
  rerun?: RerunResult;
  runUrl: string;
  dataBranch: string;
  dataBranchUrl: string;
  statsFileOf: (id: string) => string;
  /** The `codeowners-map` input: how a quarantined test's classname maps to its file when its report gave none. */
  codeownersMap?: string;
  /** Input `dashboard-url`: where the dashboard is served, for links to each test's page. */
  dashboardUrl?: string;
  /** Fix verification's items (src/report/fix-summary.ts, escaped there). */
  fixes?: readonly string[];
}

export type PrCommentAction = 'off' | 'not-a-pull-request' | 'fork' | 'no-token' | 'nothing-to-say' | 'created' | 'updated' | 'unchanged' | 'unverified' | 'failed';

/** Each re-run test's attempts in this run, re-runs included. */
function rerunAttempts(rerun: RerunResult): Map<string, ParsedTestCase['attempts']> {
  const reran = new Set(rerun.cases.filter((c) => c.reruns.length > 0).map((c) => c.test.id));
  return new Map(rerun.tests.filter((t) => reran.has(t.id)).map((t) => [t.id, t.attempts]));
}

/** The section's facts from the run's result. */
export function sectionInput(f: Omit<PrCommentFacts, 'mode' | 'token'>): PrSectionInput {
  const o = f.result.outcome;
  const rerun = f.rerun;
  return {
    label: f.jobKey || f.ctx.job,
    sha: f.ctx.sha,
    outcome: o,
    decisions: f.result.decisions,
    scores: scoreLookup(f.result.scores),
    newlyQuarantined: f.result.newlyQuarantined,
    orderDependent: f.result.orderDependent,
    ...(rerun
      ? {
          rerun: {
            provenFlaky: rerun.provenFlaky,
            newFlaky: rerun.newFlaky,
            attempts: rerunAttempts(rerun),
            blockedWhy: new Map(blockingAfterReruns(rerun, new Set(o.blocking.map((t) => t.id)), f.result.orderDependent).map((b) => [b.id, b.why])),
          },
        }
      : {}),
    runUrl: f.runUrl,
    dataBranch: f.dataBranch,
    dataBranchUrl: f.dataBranchUrl,
    statsFileOf: f.statsFileOf,
    ...(f.dashboardUrl ? { testUrl: testUrlIn(f.dashboardUrl) } : {}),
    ...(f.fixes && f.fixes.length > 0 ? { fixes: f.fixes } : {}),
    ...(rerun ? { lead: { cases: rerun.cases } } : {}),
    ...(blobUrlFor(f.ctx) ? { blobUrl: blobUrlFor(f.ctx)! } : {}),
    ...together(f.result),
  };
}

/** The run's failures grouped by co-failure cluster (clusters.json as this run wrote it), escaped for a comment. */
function together(result: ApplyResult): { failedTogether?: string[] } {
  const o = result.outcome;
  const groups = failedTogether([...o.failed.map((t) => t.id), ...o.passedOnRetry.map((t) => t.id)], parseClusters(result.files.get(CLUSTERS_FILE)).clusters);
  return groups.length > 0 ? { failedTogether: groups.slice(0, 10).map((g) => failedTogetherLine(g, 5, mdInert)) } : {};
}

/** Each test's page in the dashboard served at `base`. */
export const testUrlIn =
  (base: string) =>
  (id: string): string | undefined =>
    dashboardTestUrl(base, id);

interface Comment {
  id: number;
  body: string;
  /** The login of the comment's author. */
  author: string;
}

/** Whom a token's comments are by when nothing answers who the token is: the Actions app's bot, GITHUB_TOKEN's. */
export const DEFAULT_AUTHOR = 'github-actions[bot]';

/** The API calls the comment needs (an Octokit in the action, a fake in unit tests). */
export interface CommentApi {
  /** The pull request's comments that start with the marker, whoever wrote them, oldest first. */
  list(): Promise<Comment[]>;
  /** The login the token's comments are by; DEFAULT_AUTHOR when nothing answers. Never throws. */
  whoAmI(): Promise<string>;
  create(body: string): Promise<Comment>;
  update(id: number, body: string): Promise<void>;
  remove(id: number): Promise<void>;
  settle(): Promise<void>;
}

function octokitApi(octokit: Octokit, owner: string, repo: string, issue: number): CommentApi {
  // How long this job's last write took: another job's write is about as slow, so the pause before reading back grows with it.
  let lastWriteMs = 0;
  const timed = async <T>(write: () => Promise<T>): Promise<T> => {
    const start = Date.now();
    try {
      return await write();
    } finally {
      lastWriteMs = Date.now() - start;
    }
  };
  return {
    async list() {
      const out: Comment[] = [];
      for (let page = 1; page <= 30; page++) {
        const res = await octokit.rest.issues.listComments({ owner, repo, issue_number: issue, per_page: 100, page, ...requestOptions() });
        for (const c of res.data) if (isPrComment(c.body)) out.push({ id: c.id, body: c.body!, author: c.user?.login ?? '' });
        if (res.data.length < 100) break;
      }
      return out.sort((a, b) => a.id - b.id);
    },
    async whoAmI() {
      // GraphQL's viewer answers a user's token and an installation's token alike (GET /user refuses the latter).
      try {
        const res = await octokit.graphql<{ viewer?: { login?: unknown } }>('query { viewer { login } }', requestOptions());
        const login = res.viewer?.login;
        if (typeof login === 'string' && login !== '') return login;
      } catch (error) {
        core.info(logText(`Could not ask who the token is (${describeApiError(error).message}): its comments are taken to be ${DEFAULT_AUTHOR}'s.`, 1000));
      }
      return DEFAULT_AUTHOR;
    },
    async create(body) {
      const res = await timed(() => octokit.rest.issues.createComment({ owner, repo, issue_number: issue, body, ...requestOptions() }));
      return { id: res.data.id, body: res.data.body ?? body, author: res.data.user?.login ?? '' };
    },
    async update(id, body) {
      await timed(() => octokit.rest.issues.updateComment({ owner, repo, comment_id: id, body, ...requestOptions() }));
    },
    async remove(id) {
      try {
        await octokit.rest.issues.deleteComment({ owner, repo, comment_id: id, ...requestOptions() });
      } catch (error) {
        // Another job removed the same duplicate first.
        if (describeApiError(error).status !== 404) throw error;
      }
    },
    settle: () => new Promise((r) => setTimeout(r, SETTLE_MS + Math.random() * SETTLE_MS + 2 * lastWriteMs)),
  };
}

/** One section to write: its key and how to render it within a budget of characters. */
export interface SectionWriter {
  key: string;
  render: (budget: number) => string;
}

export interface WriteResult {
  action: 'created' | 'updated' | 'unchanged' | 'nothing-to-say' | 'unverified';
  tries: number;
  /** The login the comment is by (the token's). */
  author: string;
  /** The authors of the comments that start with the marker but are another's: left as they are (ids ascending). */
  others: Array<{ id: number; author: string }>;
}

/**
 * Writes this job's section: read the flakeguard comments of the pull request that the token's own identity wrote
 * (the oldest is the one; a later one is a duplicate two jobs created at once, whose sections are merged into the
 * oldest and which is then deleted), merge, write, and read again after a pause until the section is there as
 * written. A comment by anyone else is never merged, edited or deleted, whatever it holds. Creates the comment only
 * when `create`. `links`: the addresses a kept section may link to (inertSection).
 */
export function writeSection(api: CommentApi, key: string, render: (budget: number) => string, create: boolean, tries = MAX_TRIES, links: readonly string[] = []): Promise<WriteResult> {
  return writeSections(api, [{ key, render }], create, tries, links);
}

const sameLogin = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** writeSection for several sections at once (the jobs of an ingested run): one write holds them all. */
export async function writeSections(api: CommentApi, sections: readonly SectionWriter[], create: boolean, tries = MAX_TRIES, links: readonly string[] = []): Promise<WriteResult> {
  let action: 'created' | 'updated' | undefined;
  // Asked once, alongside the first read: the token's identity costs no round trip of its own.
  const asked = api.whoAmI();
  let author = '';
  const others = new Map<number, string>();
  // Each section's budget counts the sections written with it as other sections of the comment.
  const budgetOf = (body: string | undefined, key: string): number => sectionBudget(withPlaceholders(body, sections, key), key);
  const done = (a: WriteResult['action'], attempt: number): WriteResult => ({
    action: a,
    tries: attempt,
    author,
    others: [...others].map(([id, by]) => ({ id, author: by })).sort((x, y) => x.id - y.id),
  });
  for (let attempt = 1; attempt <= tries; attempt++) {
    if (action) await api.settle();
    const [listed, me] = await Promise.all([api.list(), asked]);
    author ||= me;
    const own: Comment[] = [];
    others.clear();
    for (const c of listed) {
      if (sameLogin(c.author, author)) own.push(c);
      else others.set(c.id, c.author);
    }
    const [first, ...extra] = own;
    if (!first) {
      if (!create) return done(action ?? 'nothing-to-say', attempt);
      let body: string | undefined;
      for (const s of sections) body = withSection(body, { key: s.key, text: s.render(budgetOf(undefined, s.key)) }, [], links);
      const made = await api.create(body!);
      // The author of what the token just wrote is the token's identity, whatever was assumed.
      if (made.author) author = made.author;
      action ??= 'created';
      continue;
    }
    const texts = sections.map((s) => ({ key: s.key, text: s.render(budgetOf(first.body, s.key)) }));
    if (extra.length === 0 && texts.every((t) => hasSection(first.body, t.key, t.text, links))) return done(action ?? 'unchanged', attempt);
    let body = first.body;
    texts.forEach((t, i) => (body = withSection(body, t, i === 0 ? extra.map((e) => e.body) : [], links)));
    if (body !== first.body) await api.update(first.id, body);
    for (const e of extra) await api.remove(e.id);
    action ??= 'updated';
  }
  return done('unverified', tries);
}

/** The body with an empty section for each of `sections` but `key` that it lacks: what sectionBudget should count. */
function withPlaceholders(body: string | undefined, sections: readonly SectionWriter[], key: string): string | undefined {
  let out = body;
  for (const s of sections) if (s.key !== key && !parseSections(out).some((x) => x.key === s.key)) out = withSection(out, { key: s.key, text: '' });
  return out;
}

/** Comments on the pull request as `pr-comment` asks; never throws, never changes the outcome. */
export async function publishPrComment(f: PrCommentFacts): Promise<PrCommentAction> {
  const { ctx, mode } = f;
  if (mode === 'off') return 'off';
  if ((ctx.eventName !== 'pull_request' && ctx.eventName !== 'pull_request_target') || !ctx.pullRequest) return 'not-a-pull-request';
  const input = sectionInput(f);
  // The quarantined tests whose file the pull request changes: from the workspace's git, never an API call.
  if (ctx.pullRequestShas && f.result.quarantined.length > 0) {
    const { touchedQuarantines } = await import('./pr-touched.ts');
    const touched = await touchedQuarantines(ctx.workspace, ctx.pullRequestShas, f.result.quarantined, f.result.history, f.codeownersMap ?? '').catch((error: unknown) => ({
      skipped: error instanceof Error ? error.message : String(error),
    }));
    if ('skipped' in touched) core.info(logText(`The pull-request comment does not say which quarantined tests this pull request touches: ${touched.skipped}.`, 1000));
    else if (touched.tests.length > 0) input.touched = touched.tests;
  }
  const say = somethingToSay(input);
  const key = sectionKey(`${ctx.workflow}\n${ctx.job}\n${f.jobKey}`);
  // A fork's run cannot comment: a notice only when there was something to say (a clean run needs none).
  const quiet = mode === 'auto' && !say;
  if (ctx.fromFork && ctx.eventName === 'pull_request') {
    if (!quiet) {
      core.notice(
        `No comment on pull request #${ctx.pullRequest}: a pull request from a fork gets a read-only token, which cannot comment. The workflow_run workflow that saves its results comments instead (docs/forks.md).`,
        { title: 'flakeguard: pull-request comment' },
      );
    }
    return 'fork';
  }
  if (!f.token) {
    core.info(`No comment on pull request #${ctx.pullRequest}: no token (input 'token').`);
    return 'no-token';
  }
  return commentOn(f.token, ctx, ctx.pullRequest, [{ key, render: (budget) => renderSection(input, budget) }], mode === 'always' || say, linkPrefixes(ctx, f.runUrl, f.dashboardUrl));
}

/** The addresses a section of the comment links to: the repository's pages (the data branch, its runs), this run, the dashboard. */
export function linkPrefixes(ctx: GitHubContext, runUrl: string, dashboardUrl: string | undefined): string[] {
  return [`${ctx.serverUrl}/${ctx.repository}/`, runUrl, ...(dashboardUrl ? [dashboardUrl] : [])].filter((l) => /^https?:\/\/[^/]+\//i.test(l));
}

/** Writes the sections on pull request `pr`, logging what was done; never throws. */
async function commentOn(token: string, ctx: GitHubContext, pr: number, sections: readonly SectionWriter[], create: boolean, links: readonly string[], octokit?: Octokit): Promise<PrCommentAction> {
  try {
    const client = octokit ?? (await createClient(token, ctx.apiUrl));
    const done = await writeSections(octokitApi(client, ctx.owner, ctx.repo, pr), sections, create, MAX_TRIES, links);
    if (done.others.length > 0) {
      const by = [...new Set(done.others.map((o) => o.author || 'an unknown author'))].slice(0, 5).join(', ');
      core.info(
        logText(
          `${done.others.length} comment${done.others.length === 1 ? '' : 's'} on pull request #${pr} start with flakeguard's marker but ${done.others.length === 1 ? 'is' : 'are'} not by ${done.author} (by ${by}): left as they are, never read.`,
          1000,
        ),
      );
    }
    if (done.action === 'unverified') {
      core.notice(`The comment on pull request #${pr} changed under every one of ${done.tries} writes of this job's section: it may lack it until the next run.`, {
        title: 'flakeguard: pull-request comment',
      });
    } else {
      core.info(`Pull-request comment on #${pr}: ${done.action} (${done.tries} read${done.tries === 1 ? '' : 's'}).`);
    }
    return done.action;
  } catch (error) {
    const e = describeApiError(error);
    const hint = e.denied ? ' The token may not comment: give the workflow `permissions: pull-requests: write`.' : '';
    core.notice(logText(`Could not comment on pull request #${pr} (${e.status ?? 'no status'}: ${e.message}).${hint}`, 1000), { title: 'flakeguard: pull-request comment' });
    return 'failed';
  }
}

/** The finished run whose results `mode: ingest-workflow-run` saved, as its `workflow_run` event describes it. */
export interface IngestedRun {
  url: string;
  sha: string;
  /** owner/name of the fork, its owner's login and the branch the pull request comes from. */
  headRepository: string;
  headOwner: string;
  headBranch: string;
  /** The pull request, when the event names one (GitHub leaves it out for forks). */
  pullRequest?: number;
  workflow: string;
}

/**
 * The open pull request whose head is the run's commit in the fork: the event's own number when it has one, else
 * `GET /pulls?head=<fork owner>:<branch>&state=open`, keeping the one whose head is the run's commit in that fork.
 */
export async function findForkPullRequest(octokit: Octokit, ctx: GitHubContext, run: IngestedRun): Promise<number | undefined> {
  if (run.pullRequest !== undefined) return run.pullRequest;
  if (!run.headBranch || !run.headOwner) return undefined;
  const res = await octokit.rest.pulls.list({ owner: ctx.owner, repo: ctx.repo, head: `${run.headOwner}:${run.headBranch}`, state: 'open', per_page: 100, ...requestOptions() });
  const pr = res.data.find((p) => p.head.sha === run.sha && (p.head.repo?.full_name ?? '').toLowerCase() === run.headRepository.toLowerCase());
  return pr?.number;
}

/**
 * `mode: ingest-workflow-run` on a fork's pull request (docs/forks.md): one section per ingested job, in the same
 * comment, each saying that its results are the fork's, untrusted. Never throws, never changes the outcome.
 */
export async function publishIngestedPrComment(f: {
  mode: PrCommentMode;
  token: string;
  ctx: GitHubContext;
  run: IngestedRun;
  sections: ReadonlyArray<{ identity: string; input: PrSectionInput }>;
  /** Input `dashboard-url`: where the sections' test links point. */
  dashboardUrl?: string;
}): Promise<PrCommentAction> {
  if (f.mode === 'off') return 'off';
  if (!f.token) return 'no-token';
  const say = f.sections.some((s) => somethingToSay(s.input));
  let octokit: Octokit;
  let pr: number | undefined;
  try {
    octokit = await createClient(f.token, f.ctx.apiUrl);
    pr = await findForkPullRequest(octokit, f.ctx, f.run);
  } catch (error) {
    const e = describeApiError(error);
    const hint = e.denied ? ' Give the workflow `permissions: pull-requests: write`.' : '';
    core.notice(logText(`Could not find the pull request of ${f.run.headRepository}:${f.run.headBranch} (${e.status ?? 'no status'}: ${e.message}); no comment.${hint}`, 1000), {
      title: 'flakeguard: pull-request comment',
    });
    return 'failed';
  }
  if (pr === undefined) {
    core.info(logText(`No open pull request from ${f.run.headRepository}:${f.run.headBranch} at ${f.run.sha.slice(0, 12)}: no comment.`, 1000));
    return 'not-a-pull-request';
  }
  const sections = f.sections.map((s) => ({ key: sectionKey(`ingested\n${f.run.workflow}\n${s.identity}`), render: (budget: number) => renderSection(s.input, budget) }));
  return commentOn(f.token, f.ctx, pr, sections, f.mode === 'always' || say, linkPrefixes(f.ctx, f.run.url, f.dashboardUrl), octokit);
}
