/**
 * Issues for test owners (`create-issues: true`): one issue per flaky test, assigned to the test's owners from
 * CODEOWNERS, found again through a hidden marker, commented on when things change, closed when the test is
 * released and reopened when it regresses. A person closing the issue as completed lifts the quarantine.
 *
 * Two steps around the data-branch sync:
 * - `prepareIssues` (before it) lists the issues, so that closes made by people can lift quarantines;
 * - `session.publish` (after it) plans and carries out the issue actions for the saved result.
 *
 * The parts: `issue-api.ts` (requests, failures as warnings), `issue-plan.ts` (what to do), `issue-body.ts` (what to
 * write), `issue-writer.ts` (doing it), `issue-dry-run.ts` (showing it instead), `issue-publish.ts` (the step after the
 * sync). This file wires them: it lists the issues and hands `publish` what it learned.
 *
 * Nothing here changes the outcome of the run: every API failure (no `issues: write`, rate limits, 5xx) becomes a
 * warning, and the first permission or rate-limit failure stops the issue work for this run.
 */
import * as core from '@actions/core';
import type { Inputs } from '../config/inputs.ts';
import type { GitHubContext } from '../config/context.ts';
import type { RunContext } from '../model.ts';
import type { ApplyResult } from '../pipeline/apply.ts';
import type { SyncResult } from '../store/sync.ts';
import { logText } from '../text/escape.ts';
import type { ClosedByHandLookup } from '../policy/hand-close.ts';
import { createClient } from './client.ts';
import { testHash } from './issue-body.ts';
import type { RuleOptions } from '../policy/rules/types.ts';
import { handLifts, indexIssues, regressionOptionsOf, type IssueIndex } from './issue-plan.ts';
import { IssueApi, listTrackedIssues } from './issue-api.ts';
import { publishIssues } from './issue-publish.ts';
import type { PublishState } from './issue-writer.ts';

export interface IssueSession {
  /** For applyRun: tests whose issue a person closed as completed (undefined when none, or when not lifting). */
  closedByHand?: ClosedByHandLookup;
  /** For applyRun: the number of a test's issue, as listed before the sync (recorded in decisions.json for the dashboard). */
  issueOf?: (id: string) => number | undefined;
  /**
   * Plans and carries out (or, in a dry run, shows) the issue actions for the saved result. Never throws. Its section of
   * the job summary is written once `summaryAfter` settled (the run's own summary comes first).
   */
  publish(sync: SyncResult<ApplyResult>, run: RunContext, summaryAfter?: Promise<unknown>): Promise<void>;
}

export interface IssueSetup {
  inputs: Inputs;
  ctx: GitHubContext;
  readOnly: boolean;
  /** The config file's rule options: the regression check's settings (policy.pfs.regression-*, the PFS priors). */
  rules?: Pick<RuleOptions, 'pfs' | 'scoring'>;
  /** The `rerun` input as read: the bodies name the command that re-runs the test (docs/why.md). */
  rerun?: PublishState['rerun'];
}

export async function prepareIssues(setup: IssueSetup): Promise<IssueSession | undefined> {
  try {
    return await prepare(setup);
  } catch (error) {
    core.warning(logText(`flakeguard could not prepare the issues for test owners: ${error instanceof Error ? error.message : String(error)}`, 1000), { title: 'flakeguard issues' });
    return undefined;
  }
}

async function prepare({ inputs, ctx, readOnly, rules, rerun }: IssueSetup): Promise<IssueSession | undefined> {
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
    publish: async (sync, run, summaryAfter) => {
      try {
        await publishIssues(
          { inputs, ctx, api, index, listed, dryRun, lifts, hashOf, ...(rules ? { regression: regressionOptionsOf(rules) } : {}), ...(rerun ? { rerun } : {}) },
          sync,
          run,
          summaryAfter,
        );
      } catch (error) {
        core.warning(logText(`flakeguard could not update the issues for test owners: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, 2000), {
          title: 'flakeguard issues',
        });
      }
    },
  };
}
