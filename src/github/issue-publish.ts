/**
 * The issue work after the data-branch sync: the tests a plan may act on (from the saved result), the plan, the
 * owners from CODEOWNERS, and then either the actions carried out one by one or, in a dry run, the summary.
 */
import * as core from '@actions/core';
import { appendSummary as appendToSummary } from './step-files.ts';
import type { Inputs } from '../config/inputs.ts';
import type { RunContext } from '../model.ts';
import type { ApplyResult } from '../pipeline/apply.ts';
import type { SyncResult } from '../store/sync.ts';
import { parseLineObject } from '../store/layout.ts';
import { findCodeowners, parseClassMap, type Codeowners, type OwnerLookup } from '../owners/index.ts';
import { logText } from '../text/escape.ts';
import type { Interval, RenderContext } from './issue-body.ts';
import { DEFAULT_REGRESSION, planIssues, type IssueIndex, type Plan, type PlannedAction, type RegressionOptions, type TestFacts } from './issue-plan.ts';
import { CLUSTERS_FILE, parseClusters } from '../clusters/format.ts';
import { withClusters, type ClusterAction } from './issue-clusters.ts';
import { carryOutCluster, previewCluster, type ClusterWriterContext } from './issue-cluster-writer.ts';
import { mdText, mdPre } from '../text/escape.ts';
import { dryRunSummary } from './issue-dry-run.ts';
import { onsetsOfPlan } from './issue-onset.ts';
import { apiCommits, workspaceCommits } from './onset-commits.ts';
import { ActionWriter, type Done, type PublishState } from './issue-writer.ts';

function isInterval(x: unknown): x is Interval {
  return Array.isArray(x) && x.length === 3 && x.every((v) => typeof v === 'number' && Number.isFinite(v));
}

/** The PFS intervals of the new stats lines (`pfs: [pf, low, high]`). */
function statsIntervals(files: Map<string, string>, ids: ReadonlySet<string>): Map<string, Interval> {
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

function recentlyFailing(runs: ReadonlyArray<{ attempts: string }>, r: RegressionOptions): boolean {
  let failing = 0;
  for (let i = runs.length - 1, seen = 0; i >= 0 && seen < r.window; i--) {
    const a = runs[i]!.attempts;
    if (a.replace(/S/g, '') === '') continue;
    seen++;
    if (/[FE]/.test(a)) failing++;
  }
  return failing >= r.minFailing;
}

/** The tests a plan may act on: quarantined, released, tracked by an issue, or failing recently. */
function testFacts(result: ApplyResult, index: IssueIndex, hashOf: (id: string) => string, r: RegressionOptions): TestFacts[] {
  const quarantined = new Set(result.quarantined);
  const newly = new Set(result.newlyQuarantined);
  const released = new Set(result.released);
  const relevant = new Set<string>([...result.quarantined, ...result.released, ...result.orderDependent.keys(), ...(result.ruleEffects?.keys() ?? [])]);
  for (const [id, test] of result.history) {
    if (relevant.has(id)) continue;
    if ((index.byHash.size > 0 && index.byHash.has(hashOf(id))) || recentlyFailing(test.runs, r)) relevant.add(id);
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
      ...(result.ruleEffects?.has(id) ? { rule: result.ruleEffects.get(id)! } : {}),
    });
  }
  return facts;
}

export async function publishIssues(s: PublishState, sync: SyncResult<ApplyResult>, run: RunContext, summaryAfter?: Promise<unknown>): Promise<void> {
  /** The job summary in a fixed order whatever runs alongside: this section after `summaryAfter`. */
  const appendSummary = async (text: string): Promise<void> => {
    await summaryAfter?.catch(() => undefined);
    await appendToSummary(text);
  };
  const { inputs, ctx, dryRun } = s;
  const result = sync.applied;
  if (!dryRun && (!sync.historyRead || sync.status.kind === 'not-saved')) {
    core.info('The history was not saved, so the issues for test owners are left as they are this run.');
    return;
  }
  const regression = s.regression ?? DEFAULT_REGRESSION;
  const facts = testFacts(result, s.index, s.hashOf, regression);
  const liftedNow = new Set([...result.released].map(s.hashOf).filter((h) => s.lifts.has(h)));
  // Uncapped first: a cluster's members give one open between them (src/github/issue-clusters.ts); the cap comes after.
  const uncapped = planIssues(facts, s.index, { maxIssues: Number.MAX_SAFE_INTEGER, closeLifts: inputs.closeLiftsQuarantine, liftedNow, regression });
  const clusters = parseClusters(result.files.get(CLUSTERS_FILE)).clusters;
  const opens = uncapped.actions.filter((a) => a.kind === 'open' || a.kind === 'reopen');
  const clustered = withClusters(
    opens,
    uncapped.actions.filter((a) => a.kind !== 'open' && a.kind !== 'reopen'),
    clusters,
    s.index,
    facts,
    inputs.maxIssues,
  );
  const plan: Plan = {
    actions: clustered.actions.filter((a): a is PlannedAction => !a.kind.startsWith('cluster-')),
    deferred: clustered.deferred.filter((a): a is PlannedAction => !a.kind.startsWith('cluster-')),
    muted: uncapped.muted,
  };

  const lookup = await ownerLookup(
    inputs,
    ctx.workspace,
    plan,
    clustered.actions.some((a) => a.kind.startsWith('cluster-')),
  );
  const render: RenderContext = {
    serverUrl: ctx.serverUrl,
    repository: ctx.repository,
    dataBranch: inputs.dataBranch,
    closeLifts: inputs.closeLiftsQuarantine,
    mentions: !dryRun,
  };
  const writer = new ActionWriter(s, render, lookup, result, run);
  const sources = [workspaceCommits(ctx.workspace), ...(s.api ? [apiCommits(s.api.octokit, ctx.owner, ctx.repo)] : [])];
  writer.onsets = await onsetsOfPlan(plan.actions, sources, (f) => writer.owners(f).path);

  const clusterCtx: ClusterWriterContext = {
    api: s.api,
    label: inputs.issueLabel,
    render,
    lookup,
    history: result.history,
    facts: new Map(facts.map((f) => [f.id, f])),
    quarantined: new Set(result.quarantined),
    index: s.index,
    hashOf: s.hashOf,
    writer,
  };
  const deferredCount = clustered.deferred.length;

  if (dryRun) {
    const clusterLines = clustered.actions.filter((a): a is ClusterAction => a.kind.startsWith('cluster-')).map((a) => clusterPreviewLine(previewCluster(clusterCtx, a)));
    await appendSummary(dryRunSummary(writer, plan, s) + clusterLines.join(''));
    core.info(`Issues dry run: ${plan.actions.length} action${plan.actions.length === 1 ? '' : 's'} written to the job summary, none carried out.`);
    return;
  }
  const done: Done[] = [];
  for (const action of clustered.actions) {
    if (s.api?.stopped) break;
    const result = action.kind.startsWith('cluster-') ? await carryOutCluster(clusterCtx, action as ClusterAction) : await writer.carryOut(action as PlannedAction);
    if (result) {
      done.push(result);
      core.info(logText(result.log, 500));
    }
  }
  if (deferredCount > 0) {
    core.info(`${deferredCount} more issue${plan.deferred.length === 1 ? '' : 's'} to open or reopen wait for later runs (max-issues: ${inputs.maxIssues}).`);
  }
  if (done.length > 0 || deferredCount > 0) {
    const lines = ['#### Issues for test owners', '', ...done.map((d) => `- ${d.md}`)];
    if (deferredCount > 0) lines.push(`- ${deferredCount} more to open or reopen on later runs (max-issues: ${inputs.maxIssues}).`);
    await appendSummary(`${lines.join('\n')}\n`);
  }
}

async function ownerLookup(inputs: Inputs, workspace: string, plan: Plan, clusters: boolean): Promise<OwnerLookup & { codeownersPath?: string }> {
  const classMap = inputs.codeownersMap ? parseClassMap(inputs.codeownersMap) : [];
  const needs = clusters || [...plan.actions, ...plan.deferred].some((a) => a.kind === 'open' || a.kind === 'reopen' || a.kind === 'comment' || a.kind === 'close');
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

/** A cluster action in the dry run's summary. */
function clusterPreviewLine(p: { title: string; verb: string; body?: string; comment?: string }): string {
  const text = p.body ?? p.comment ?? '';
  return `\n- ${mdText(p.verb, 100)}: ${mdText(p.title, 200)}\n\n<details><summary>text</summary>\n\n${mdPre(text, 20_000)}\n\n</details>\n`;
}
