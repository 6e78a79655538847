/**
 * Publishing fix verification (docs/fix-verification.md#outputs): the outputs `fixes-verified`, `fixes-failed` and
 * `fixes-json`, and a comment on each verified test's owner issue (create-issues), once per test and head commit (a
 * hidden marker, so that a re-run of the workflow does not comment again). Never throws; never changes the outcome.
 */
import * as core from '@actions/core';
import { createHash } from 'node:crypto';
import type { GitHubContext } from '../config/context.ts';
import type { FixReport } from '../rerun/fix-plan.ts';
import { fixIssueComment } from '../report/fix-summary.ts';
import { logText } from '../text/escape.ts';
import { createClient, requestOptions } from './client.ts';
import { IssueApi } from './issue-api.ts';
import { setOutput } from './step-files.ts';

/** The outputs (JSON arrays of test ids; `fixes-json` one object per verification). */
export function fixOutputs(report: FixReport | undefined): Record<string, string> {
  const outcomes = report?.outcomes ?? [];
  return {
    'fixes-verified': JSON.stringify(outcomes.filter((o) => o.verdict === 'verified').map((o) => o.id)),
    'fixes-failed': JSON.stringify(outcomes.filter((o) => o.verdict === 'failed').map((o) => o.id)),
    'fixes-json': JSON.stringify(
      outcomes.map((o) => ({
        id: o.id,
        verdict: o.verdict,
        runs: o.ran,
        failures: o.failures,
        needed: o.plan.needed,
        planned: o.plan.planned,
        rate: Math.round(o.plan.rate.p * 1e6) / 1e6,
        reached: Math.round(o.reached * 1e6) / 1e6,
        ...(o.plan.capped ? { capped: o.plan.capped.by } : {}),
        ...(o.stopped ? { stopped: o.stopped } : {}),
        why: o.why,
      })),
    ),
  };
}

export function setFixOutputs(report: FixReport | undefined): void {
  for (const [name, value] of Object.entries(fixOutputs(report))) setOutput(name, value);
}

/** The hidden marker of a verification's comment: the test and the head commit. */
export function fixMarker(id: string, head: string | undefined): string {
  return `<!-- flakeguard:fix=${createHash('sha256')
    .update(`${id}\n${head ?? ''}`)
    .digest('hex')
    .slice(0, 16)} -->`;
}

/** Comments on the owner issues of the verified tests (create-issues on a run that can write). */
export async function commentOnOwnerIssues(report: FixReport, o: { token: string; ctx: GitHubContext; issueOf: (id: string) => number | undefined }): Promise<void> {
  if (report.readOnly || report.outcomes.length === 0) return;
  try {
    const api = new IssueApi(await createClient(o.token, o.ctx.apiUrl), o.ctx.owner, o.ctx.repo);
    for (const outcome of report.outcomes) {
      const issue = o.issueOf(outcome.id);
      if (issue === undefined) continue;
      const marker = fixMarker(outcome.id, report.head);
      const listed = await api.call(`list the comments of issue #${issue}`, false, () =>
        api.octokit.rest.issues.listComments({ owner: api.owner, repo: api.repo, issue_number: issue, per_page: 100, ...requestOptions() }),
      );
      if (!listed.ok) continue;
      if (listed.data.some((c) => c.body?.includes(marker))) continue;
      const body = `${fixIssueComment(outcome, report.pr, report.head)}\n\n${marker}`;
      const made = await api.call(`comment on issue #${issue}`, true, () =>
        api.octokit.rest.issues.createComment({ owner: api.owner, repo: api.repo, issue_number: issue, body, ...requestOptions() }),
      );
      if (made.ok) core.info(logText(`Fix verification: commented on issue #${issue} of '${outcome.id}'.`, 1000));
    }
  } catch (error) {
    core.warning(logText(`Fix verification: the owner issues could not be commented on (${error instanceof Error ? error.message : String(error)}).`, 1000), { title: 'flakeguard fix verification' });
  }
}
