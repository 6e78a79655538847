/**
 * Fix verification before the write (docs/fix-verification.md): on a pull request's run, which quarantined tests it
 * claims to fix (their file changed between the event's base and head, src/github/pr-touched.ts; or a line
 * `flakeguard: fix <test id>` in its body or a commit message of base..head, src/rerun/fix-claims.ts), each run alone
 * as many times as its old rate needs (src/rerun/fix-plan.ts) through the re-run command (src/rerun/fix-run.ts); on
 * the default branch, which recorded verified fixes landed (docs/adr/0331-fix-landed.md). What it finds goes to the
 * write (src/policy/fix-release.ts) and to publishing (src/github/fix-publish.ts). Never fails the step: a fault is a
 * notice and decides nothing.
 */
import * as core from '@actions/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Inputs } from '../config/inputs.ts';
import type { GitHubContext } from '../config/context.ts';
import type { ParsedTestCase, RunContext } from '../model.ts';
import type { Snapshot } from '../store/snapshot.ts';
import type { PolicyOptions } from '../policy/quarantine.ts';
import type { RerunInputs } from '../rerun/rerun-inputs.ts';
import type { FixInputs } from '../rerun/fix-inputs.ts';
import type { RerunPreset } from '../rerun/contract.ts';
import { quarantineBefore } from '../policy/judge.ts';
import { readFixRecord } from '../policy/fix-release.ts';
import { readClaims, type FixClaim } from '../rerun/fix-claims.ts';
import { fixRate, fixVerdict, planFix, type FixOutcome, type FixReport } from '../rerun/fix-plan.ts';
import { runFix } from '../rerun/fix-run.ts';
import { detectRunner } from '../rerun/detect.ts';
import { readWorkspaceFacts } from '../rerun/workspace.ts';
import { findPreset } from '../rerun/presets/index.ts';
import { runGit } from '../store/git-process.ts';
import { commandText, logText } from '../text/escape.ts';
import { touchedQuarantines } from './pr-touched.ts';
import { createClient, describeApiError, requestOptions } from './client.ts';

export interface FixStageInput {
  env: NodeJS.ProcessEnv;
  inputs: Inputs;
  ctx: GitHubContext;
  readOnly: boolean;
  rerun: RerunInputs | undefined;
  fix: FixInputs;
  tests: readonly ParsedTestCase[];
  reporters?: Record<string, number>;
  historyId: (reportId: string) => string;
  snapshot: Snapshot;
  policy: PolicyOptions;
  now: number;
  run: RunContext;
}

/** Commits of a pull request whose messages are read for claims. */
export const MAX_COMMITS = 250;

const TITLE = 'flakeguard fix verification';

/** The stage: undefined when there is nothing to verify or check. */
export async function fixStage(input: FixStageInput): Promise<FixReport | undefined> {
  if (!input.fix.on) return undefined;
  try {
    if (input.ctx.eventName === 'pull_request_target') {
      // Its workspace is the base branch's code unless the workflow checks out the head: a verdict would not be the head's.
      core.info('Fix verification runs on pull_request events only, not pull_request_target (docs/fix-verification.md).');
      return undefined;
    }
    const pr = input.ctx.eventName === 'pull_request';
    const report = pr ? await verifyPullRequest(input) : input.run.onDefaultBranch && !input.readOnly ? await findLanded(input) : undefined;
    for (const n of report?.notices ?? []) core.notice(commandText(`Fix verification: ${n}.`, 1000), { title: TITLE });
    return report;
  } catch (error) {
    core.warning(commandText(`Fix verification stopped on an unexpected error (${error instanceof Error ? error.message : String(error)}); it decides nothing this run.`, 1000), { title: TITLE });
    return undefined;
  }
}

/** The pull request's body, from the event payload (hostile text: only read for claims). */
function pullRequestBody(env: NodeJS.ProcessEnv): string {
  try {
    const event = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH ?? '', 'utf8')) as { pull_request?: { body?: unknown } };
    return typeof event.pull_request?.body === 'string' ? event.pull_request.body : '';
  } catch {
    return '';
  }
}

/** The messages of the pull request's commits (base..head, at most MAX_COMMITS), from the workspace's git. */
async function commitMessages(workspace: string, shas: { base: string; head: string }): Promise<Array<{ text: string; where: string }> | string> {
  try {
    const out = await runGit(workspace, ['log', `--max-count=${MAX_COMMITS}`, '--format=%H%x1f%B%x1e', `${shas.base}..${shas.head}`], { timeoutMs: 60_000 });
    return out
      .split('\x1e')
      .map((c) => c.replace(/^\n/, ''))
      .filter((c) => c.includes('\x1f'))
      .map((c) => {
        const [sha, text = ''] = c.split('\x1f');
        return { text, where: `commit ${sha!.slice(0, 12)}` };
      });
  } catch (error) {
    return `the commit messages of the pull request could not be read (${error instanceof Error ? error.message.split('\n', 1)[0] : String(error)}; \`fetch-depth: 0\` on actions/checkout brings the commits)`;
  }
}

async function presetFor(input: FixStageInput, rerun: RerunInputs): Promise<RerunPreset | string | undefined> {
  if (!rerun.auto) return rerun.preset;
  const detection = detectRunner(input.reporters, await readWorkspaceFacts(input.ctx.workspace));
  const preset = detection.preset === undefined ? undefined : findPreset(detection.preset);
  return preset ?? `rerun: auto ${detection.why[0] ?? 'could not tell the runner'}`;
}

async function verifyPullRequest(input: FixStageInput): Promise<FixReport | undefined> {
  const { ctx, snapshot } = input;
  const shas = ctx.pullRequestShas;
  const report: FixReport = { ...(ctx.pullRequest ? { pr: ctx.pullRequest } : {}), ...(shas ? { head: shas.head } : {}), outcomes: [], notices: [], landed: [], readOnly: input.readOnly };
  const before = quarantineBefore(snapshot, input.now);
  // Why each test is verified, in the order found: touched files first, then the claims.
  const why = new Map<string, string[]>();
  const add = (id: string, reason: string): void => {
    const list = why.get(id);
    if (list) {
      if (!list.includes(reason)) list.push(reason);
    } else why.set(id, [reason]);
  };
  if (shas && before.quarantined.size > 0) {
    const touched = await touchedQuarantines(ctx.workspace, shas, [...before.quarantined].sort(), snapshot.history, input.inputs.codeownersMap);
    if ('skipped' in touched) core.info(logText(`Fix verification: the files this pull request changes were not compared: ${touched.skipped}.`, 1000));
    else for (const t of touched.tests) add(t.id, `it changes ${t.path}`);
  }
  const texts = [{ text: pullRequestBody(input.env), where: "the pull request's body" }];
  if (shas) {
    const messages = await commitMessages(ctx.workspace, shas);
    if (typeof messages === 'string') core.info(logText(`Fix verification: ${messages}.`, 1000));
    else texts.push(...messages);
  }
  const { claims, refused } = readClaims(texts);
  report.notices.push(...refused);
  const claimed: FixClaim[] = [];
  for (const c of claims) {
    if (!snapshot.history.has(c.id)) {
      report.notices.push(`'${c.id}' (claimed fixed in ${c.where}) is no test flakeguard knows: no history has this id (docs/test-ids.md says how ids are made); nothing was verified`);
    } else if (!before.quarantined.has(c.id)) {
      report.notices.push(`'${c.id}' (claimed fixed in ${c.where}) is not quarantined: there is nothing to release, so it was not verified`);
    } else claimed.push(c);
  }
  for (const c of claimed) add(c.id, c.where);
  if (why.size === 0) return report.notices.length > 0 ? report : undefined;

  const rerun = input.rerun;
  if (!rerun && claimed.length === 0) {
    // Only changed files, no claim: said in the log, not as a notice on every such pull request of a step without re-runs.
    core.info(
      logText(
        `Fix verification: this pull request changes the file of ${why.size} quarantined test${why.size === 1 ? '' : 's'}; without the rerun input they are not verified (docs/fix-verification.md).`,
        1000,
      ),
    );
    return report.notices.length > 0 ? report : undefined;
  }
  if (!rerun) {
    report.notices.push(
      `fix verification runs the tests with the \`rerun\` command, and this step has none: ${why.size} claimed fix${why.size === 1 ? ' was' : 'es were'} not verified (docs/fix-verification.md)`,
    );
    return report;
  }
  const preset = await presetFor(input, rerun);
  if (typeof preset === 'string') {
    report.notices.push(`${preset}: the claimed fixes were not verified (name the preset: docs/rerun-presets.md)`);
    return report;
  }
  const command = preset ?? rerun.command;
  const { readRoundReport } = await import('../pipeline/rerun.ts');
  const deadline = Date.now() + rerun.timeoutSec * 1000;
  const byHistoryId = new Map<string, ParsedTestCase>();
  for (const t of input.tests) {
    const h = input.historyId(t.id);
    if (why.has(h) && !byHistoryId.has(h)) byHistoryId.set(h, t);
  }
  for (const [id, reasons] of why) {
    const test = byHistoryId.get(id);
    if (!test) {
      report.notices.push(`'${id}' did not run in this job's reports, so it could not be verified here (a job that runs it verifies it)`);
      continue;
    }
    if (before.byHand.has(id)) report.notices.push(`'${id}' is quarantined by hand: its verification is shown, and its override still decides`);
    const plan = planFix(fixRate(snapshot.history.get(id), input.policy.window), input.fix.maxRuns);
    // The job's own run of the test is its first run on this change: a failure there fails the verification.
    const failedHere = test.attempts.some((a) => a.status === 'failed' || a.status === 'error');
    const result = failedHere
      ? { ran: 0, failures: 1, rounds: 0, seconds: 0 }
      : await core.group(logText(`Fix verification: '${id}', ${plan.planned} runs`, 1000), () =>
          runFix({
            test,
            runs: plan.planned,
            command,
            ...(rerun.args ? { options: { args: rerun.args } } : {}),
            workspace: ctx.workspace,
            dir: join(ctx.runnerTemp || input.env.RUNNER_TEMP || '/tmp', 'flakeguard-fix', String(report.outcomes.length + 1)),
            deadline,
            env: process.env,
            log: (line) => core.info(logText(line, 2000)),
            logCommand: (line) => core.info(logText(line, 600_000)),
            readReport: (path) => readRoundReport(path, ctx.workspace),
          }),
        );
    const ran = result.ran + (failedHere ? 1 : 0);
    const { verdict, reached } = fixVerdict(plan, ran, result.failures);
    const outcome: FixOutcome = { id, why: reasons, plan, ran, failures: result.failures, verdict, reached, seconds: result.seconds };
    if ('stopped' in result && result.stopped) outcome.stopped = result.stopped;
    if (failedHere) outcome.stopped = "it failed in this job's own run";
    report.outcomes.push(outcome);
  }
  return report;
}

/**
 * On the default branch: the recorded verified fixes not yet released whose pull request was merged with the
 * verified head, into a commit this run's commit contains (the same commit, or an ancestor in the workspace's git).
 * One API request per such fix (GET /repos/{owner}/{repo}/pulls/{number}); none when there is none.
 */
async function findLanded(input: FixStageInput): Promise<FixReport | undefined> {
  const { snapshot, ctx } = input;
  const before = quarantineBefore(snapshot, input.now);
  const pending: Array<{ id: string; pr: number; head: string }> = [];
  for (const id of before.quarantined) {
    if (before.byHand.has(id)) continue;
    const fix = readFixRecord(snapshot.stats.get(id)?.fix);
    if (fix && fix.verdict === 'verified' && !fix.released) pending.push({ id, pr: fix.pr, head: fix.head });
  }
  if (pending.length === 0) return undefined;
  const report: FixReport = { outcomes: [], notices: [], landed: [], readOnly: input.readOnly };
  if (!input.inputs.token) {
    report.notices.push(`${pending.length} verified fix${pending.length === 1 ? ' waits' : 'es wait'} for their pull request to land, and this step has no token to ask GitHub whether it did`);
    return report;
  }
  const octokit = await createClient(input.inputs.token, ctx.apiUrl);
  const byPr = new Map<number, { merged: boolean; head: string; commit: string | null } | undefined>();
  for (const p of pending) {
    if (!byPr.has(p.pr)) {
      try {
        const { data } = await octokit.rest.pulls.get({ owner: ctx.owner, repo: ctx.repo, pull_number: p.pr, ...requestOptions() });
        byPr.set(p.pr, { merged: data.merged_at !== null && data.base.ref === ctx.defaultBranch, head: data.head.sha, commit: data.merge_commit_sha });
      } catch (error) {
        const f = describeApiError(error);
        report.notices.push(`whether pull request #${p.pr} landed could not be read (${f.status ?? 'no response'}: ${f.message}); its verified fixes wait for the next run`);
        byPr.set(p.pr, undefined);
      }
    }
    const pull = byPr.get(p.pr);
    if (!pull?.merged || !pull.commit) continue;
    if (pull.head !== p.head) {
      report.notices.push(
        `pull request #${p.pr} was merged at ${pull.head.slice(0, 12)}, not at the verified ${p.head.slice(0, 12)}: '${p.id}' stays quarantined until it is verified again or passes ${input.policy.releaseAfterCleanRuns} runs in a row`,
      );
      continue;
    }
    if (await contains(ctx.workspace, input.run.sha, pull.commit)) report.landed.push({ id: p.id, pr: p.pr, commit: pull.commit });
    else
      report.notices.push(
        `pull request #${p.pr} was merged in ${pull.commit.slice(0, 12)}, which this run's commit does not contain as far as the workspace's git shows (a shallow checkout: \`fetch-depth: 0\`); '${p.id}' is released at the first run that shows it`,
      );
  }
  return report;
}

/** Whether `sha` contains `commit`: the same commit, or `commit` an ancestor of it in the workspace's git. */
async function contains(workspace: string, sha: string, commit: string): Promise<boolean> {
  if (sha === commit) return true;
  try {
    await runGit(workspace, ['merge-base', '--is-ancestor', commit, sha], { timeoutMs: 30_000 });
    return true;
  } catch {
    return false;
  }
}
