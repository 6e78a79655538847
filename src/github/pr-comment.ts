/**
 * The pull-request comment (docs/pr-comment.md, docs/adr/0320-pr-comment-verify-after-write.md): one comment per
 * pull request, found again by its hidden marker and edited in place; one section per job. GitHub's issue-comment
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
import { hasSection, isPrComment, sectionBudget, sectionKey, withSection } from '../report/pr-comment-body.ts';
import { scoreLookup } from '../report/scores.ts';
import { logText } from '../text/escape.ts';

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
  };
}

interface Comment {
  id: number;
  body: string;
}

/** The API calls the comment needs (an Octokit in the action, a fake in unit tests). */
export interface CommentApi {
  list(): Promise<Comment[]>;
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
        for (const c of res.data) if (isPrComment(c.body)) out.push({ id: c.id, body: c.body! });
        if (res.data.length < 100) break;
      }
      return out.sort((a, b) => a.id - b.id);
    },
    async create(body) {
      const res = await timed(() => octokit.rest.issues.createComment({ owner, repo, issue_number: issue, body, ...requestOptions() }));
      return { id: res.data.id, body: res.data.body ?? body };
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

/**
 * Writes this job's section: read the flakeguard comments of the pull request (the oldest is the one; a later one is
 * a duplicate two jobs created at once, whose sections are merged into the oldest and which is then deleted), merge,
 * write, and read again after a pause until the section is there as written. Creates the comment only when `create`.
 */
export async function writeSection(
  api: CommentApi,
  key: string,
  render: (budget: number) => string,
  create: boolean,
  tries = MAX_TRIES,
): Promise<{ action: 'created' | 'updated' | 'unchanged' | 'nothing-to-say' | 'unverified'; tries: number }> {
  let action: 'created' | 'updated' | undefined;
  for (let attempt = 1; attempt <= tries; attempt++) {
    if (action) await api.settle();
    const [first, ...extra] = await api.list();
    if (!first) {
      if (!create) return { action: action ?? 'nothing-to-say', tries: attempt };
      await api.create(withSection(undefined, { key, text: render(sectionBudget(undefined, key)) }));
      action ??= 'created';
      continue;
    }
    const text = render(sectionBudget(first.body, key));
    if (extra.length === 0 && hasSection(first.body, key, text)) return { action: action ?? 'unchanged', tries: attempt };
    const body = withSection(
      first.body,
      { key, text },
      extra.map((e) => e.body),
    );
    if (body !== first.body) await api.update(first.id, body);
    for (const e of extra) await api.remove(e.id);
    action ??= 'updated';
  }
  return { action: 'unverified', tries };
}

/** Comments on the pull request as `pr-comment` asks; never throws, never changes the outcome. */
export async function publishPrComment(f: PrCommentFacts): Promise<PrCommentAction> {
  const { ctx, mode } = f;
  if (mode === 'off') return 'off';
  if ((ctx.eventName !== 'pull_request' && ctx.eventName !== 'pull_request_target') || !ctx.pullRequest) return 'not-a-pull-request';
  const input = sectionInput(f);
  const say = somethingToSay(input);
  const key = sectionKey(`${ctx.workflow}\n${ctx.job}\n${f.jobKey}`);
  // A fork's run cannot comment: a notice only when there was something to say (a clean run needs none).
  const quiet = mode === 'auto' && !say;
  if (ctx.fromFork && ctx.eventName === 'pull_request') {
    if (!quiet) {
      core.notice(
        `No comment on pull request #${ctx.pullRequest}: a pull request from a fork gets a read-only token, which cannot comment. docs/forks.md says what a fork's run publishes and how its results are saved.`,
        { title: 'flakeguard: pull-request comment' },
      );
    }
    return 'fork';
  }
  if (!f.token) {
    core.info(`No comment on pull request #${ctx.pullRequest}: no token (input 'token').`);
    return 'no-token';
  }
  try {
    const octokit = await createClient(f.token, ctx.apiUrl);
    const done = await writeSection(octokitApi(octokit, ctx.owner, ctx.repo, ctx.pullRequest), key, (budget) => renderSection(input, budget), mode === 'always' || say);
    if (done.action === 'unverified') {
      core.notice(`The comment on pull request #${ctx.pullRequest} changed under every one of ${done.tries} writes of this job's section: it may lack it until the next run.`, {
        title: 'flakeguard: pull-request comment',
      });
    } else {
      core.info(`Pull-request comment on #${ctx.pullRequest}: ${done.action} (${done.tries} read${done.tries === 1 ? '' : 's'}).`);
    }
    return done.action;
  } catch (error) {
    const e = describeApiError(error);
    const hint = e.denied ? ' The token may not comment: give the workflow `permissions: pull-requests: write`.' : '';
    core.notice(logText(`Could not comment on pull request #${ctx.pullRequest} (${e.status ?? 'no status'}: ${e.message}).${hint}`, 1000), { title: 'flakeguard: pull-request comment' });
    return 'failed';
  }
}
