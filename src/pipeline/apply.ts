/**
 * One run applied to the data branch: from the snapshot read off the branch and this run's parsed reports to
 * the outcome, the new quarantine decisions and the branch's new files. Pure: the same inputs give the same
 * result, which is what lets a rejected push re-apply this run on top of a newer head.
 */
import type { History, ParsedReports, ParsedTestCase, RunContext, TestHistory } from '../model.ts';
import type { TestOutcome } from '../model.ts';
import { DEFAULT_RETENTION, ingestionKey, mergeRun, type MessageNormaliser, type RetentionOptions } from '../history/merge.ts';
import { decideOutcome, finalAttemptFailed, type Outcome } from '../policy/outcome.ts';
import { findOutages, type Outage } from '../policy/outage.ts';
import { anyUntrusted, judgeFailures, quarantineBefore, withDamage, type LapsedOverride } from '../policy/judge.ts';
import { DEFAULT_POLICY, type Decision, type PolicyOptions } from '../policy/quarantine.ts';
import { decide } from '../policy/decide.ts';
import { shardCountFor, type FileProblem } from '../store/layout.ts';
import { nextSeq, type RunFigures, type RunRow, type RunTable, boundedBranch } from '../store/history-format.ts';
import { LazyHistory } from '../history/stored.ts';
import { canMergeStored, mergeStored } from '../history/stored-merge.ts';
import { inBrokenShard, statsFileOf, type Snapshot } from '../store/snapshot.ts';
import { type ClosedByHandLookup } from '../policy/hand-close.ts';
import { ruleState } from '../policy/hand-edits.ts';
import { applyHandEdits, type LocatedEdit } from './apply-hand-edits.ts';
import { type ScoreTests } from './stats-scores.ts';
import { boundedUntrustedTests, trustedEvidence, untrustedCell, untrustedRunKey, untrustedTestsToRecord } from '../history/trust.ts';
import { updateDecisionLog, type IssueNumberLookup } from './update-decision-log.ts';
import { DECISIONS_FILE } from '../store/decisions.ts';
import { checkTimes } from './clock.ts';
import { beforeStreak, heldSentence, ORDER_REASON, orderDependence, streakStart } from '../rerun/order.ts';
import { applyFixes, type FixInput } from '../policy/fix-release.ts';
import { carryIds, idMoves } from './carry-ids.ts';
import { renderFiles } from './render-files.ts';
import { decideTests } from './decide-tests.ts';
import { applyQuarantineRules, rulesActive, withRuleBlocks, type RuleEffect } from '../policy/quarantine-rules.ts';

export interface ApplyOptions {
  retention: RetentionOptions;
  /** Squash the branch to a fresh root commit every this many writes; default: compactEveryFor(tests). */
  compactEvery?: number;
  policy: PolicyOptions;
  normalise?: MessageNormaliser;
  scoreTests?: ScoreTests;
  /** The `cost-per-minute` input (docs/cost.md): recorded in flakeguard.json; absent, the branch keeps the one it has. */
  costPerMinute?: number;
  /**
   * A test's owners from CODEOWNERS (src/owners/), for `policy.quarantine` (src/policy/quarantine-rules.ts): the rules
   * apply only when it is given, so that a run that cannot look owners up never releases a quarantine as ownerless.
   */
  ownersOf?: (test: TestHistory) => readonly string[];
}

/**
 * Each write changes about one line per test, so git's growth per write is proportional to the suite: compact
 * every 100 writes up to 10k tests, more often above (every 10 at 100k), never less than every 5.
 */
export function compactEveryFor(tests: number): number {
  return Math.max(5, Math.min(100, Math.floor(1_000_000 / Math.max(1, tests))));
}
export const DEFAULT_APPLY_OPTIONS: ApplyOptions = { retention: DEFAULT_RETENTION, policy: DEFAULT_POLICY };

export interface ApplyInput {
  snapshot: Snapshot;
  reports: ParsedReports;
  filesMatched: number;
  /** When no report matched: what was looked for and the XML files found (OutcomeInput.unmatched). */
  unmatched?: string;
  testOutcome: TestOutcome;
  run: RunContext;
  /** The clock, ms. */
  now: number;
  /** Results from an artifact flakeguard does not vouch for: recorded as evidence, never a verdict (src/history/trust.ts). */
  untrusted?: boolean;
  /** The job's result as its own step decided it (a parked run folded in later, src/pipeline/fold.ts); default: this outcome. */
  jobSucceeded?: boolean;
  /** Tests whose flakeguard issue a person closed as completed: released, then judged on later runs only (docs/issues.md). */
  closedByHand?: ClosedByHandLookup;
  /** What this run's re-runs proved (docs/rerun.md); absent without `rerun`. Its attempts are already in `reports`. */
  rerun?: RerunVerdicts;
  /** The number of each test's flakeguard issue, when known: recorded in decisions.json for the dashboard. */
  issueOf?: IssueNumberLookup;
  /** Fix verification (docs/fix-verification.md): this run's verifications, and the verified fixes that landed. */
  fixes?: FixInput;
}

export interface RerunVerdicts {
  /** Failed tests (history ids) that failed consistently on this commit, with the sentence that says so. */
  consistent: ReadonlyMap<string, string>;
  /** New tests of a pull request that failed and passed on this commit. */
  newFlaky: readonly string[];
  /** `new-tests: block`. */
  newTestsBlock: boolean;
  /** Tests whose final attempt failed in the suite, before the re-runs. */
  failedBeforeReruns: number;
  /** Seconds of the tests in the run's own reports, before the re-runs (runs.json's figures, docs/dashboard.md). */
  reportSec?: number;
  /** Seconds the re-run commands took. */
  rerunSec?: number;
  /**
   * History ids of the tests every attempt of which in the run's own report failed and every re-run alone passed
   * (orderCandidates in src/rerun/plan.ts). Only these can be called order-dependent (a test that passed an
   * in-process retry passed inside the full run; one that failed alone fails without its polluter), and only their
   * entry into quarantine is held (src/rerun/order.ts, beforeStreak). Absent: every test that failed its first
   * attempt is judged, and no entry is held.
   */
  failedInRun?: ReadonlySet<string>;
  /**
   * Tests the re-runs' context rounds found order-dependent (history id → the sentence that says so): treated as
   * applyRun's own order-dependence verdicts (docs/rerun.md#order-dependence).
   */
  orderDependent?: ReadonlyMap<string, string>;
  /**
   * The order suspects the re-run step judged before its context rounds (src/rerun/order.ts, orderSuspects; history
   * id → the streak's sentence). Given, they replace the judgement applyRun would make on its own (one judgement).
   */
  orderSuspects?: ReadonlyMap<string, string>;
  /**
   * Suspects whose experiment disagreed (docs/adr/0430): re-run after the tests that preceded them in the run, they
   * passed, or they failed alone. Their streak is no verdict: the re-run's proof of flakiness stands.
   */
  orderCleared?: ReadonlySet<string>;
}

export interface ApplyResult {
  outcome: Outcome;
  /** False when this run's results were already in the history (a repeated ingestion). */
  ingested: boolean;
  /** Quarantined tests after this run, sorted. */
  quarantined: string[];
  newlyQuarantined: string[];
  released: string[];
  decisions: Map<string, Decision>;
  history: History;
  /** The branch's complete new content (path → text). */
  files: Map<string, string>;
  /** Number of stats/history shards in `files`. */
  shards: number;
  /** Scores by test id, as written into the stats files (empty without `scoreTests`). */
  scores: Map<string, Record<string, unknown>>;
  /** Write `files` as a fresh root commit (replacing the branch's past) instead of on top of the head. */
  compact: boolean;
  problems: FileProblem[];
  lapsed: LapsedOverride[];
  /** This run's outages (src/policy/outage.ts). */
  outages: Outage[];
  /** Stats files that could not be read (their tests forgive nothing), to name them as the cause. */
  brokenStats: string[];
  /** Hand edits of computed stats fields, and what they did (src/policy/hand-edits.ts). */
  handEdits: LocatedEdit[];
  /** The rule that decided (`policy.rule`). */
  rule: PolicyOptions['rule'];
  /** Times that were changed or doubted (src/pipeline/clock.ts), each naming its run: for warnings. */
  clockNotes: string[];
  /** runs.json after this run, as written (for the badge's runs saved, src/report/badge.ts). */
  runs: RunTable;
  /**
   * Tests found order-dependent in this run (history id → the sentence): they fail inside the full run and pass
   * alone. Their failure blocks, and they are not quarantined as flaky (docs/rerun.md#order-dependence).
   */
  orderDependent: Map<string, string>;
  /** What `policy.quarantine` did this run, by test (src/policy/quarantine-rules.ts); absent without those rules. */
  ruleEffects?: Map<string, RuleEffect>;
}

/** The history as evidence (src/history/trust.ts); the history itself when no run in it is untrusted (the common case, checked first). */
function evidenceOf(history: History, runs: RunTable): History {
  return anyUntrusted(runs) ? trustedEvidence(history) : history;
}

/** The untrusted run with the cell it may be recorded in: its claim, when a trusted run has that cell; else none. */
function withUntrustedCell(run: RunContext, runs: RunTable): RunContext {
  if (run.cell === undefined) return run;
  const trusted = new Set<string>();
  for (const row of runs.values()) if (!row.untrusted && row.cell !== undefined) trusted.add(row.cell);
  const cell = untrustedCell(run.cell, trusted);
  if (cell === run.cell) return run;
  const { cell: _claimed, ...rest } = run;
  return rest;
}

/** Every attempt of the test in this run failed, re-runs included (skipped ones left out), and at least one ran. */
function failedThroughout(t: ParsedTestCase): boolean {
  let ran = false;
  for (const a of t.attempts) {
    if (a.status === 'skipped') continue;
    if (a.status === 'passed') return false;
    ran = true;
  }
  return ran;
}

/** Seconds of every attempt of `tests` that gives a duration, to the hundredth. */
export function testSeconds(tests: readonly ParsedTestCase[]): number {
  let sum = 0;
  for (const t of tests) for (const a of t.attempts) if (a.durationSec !== undefined && Number.isFinite(a.durationSec) && a.durationSec > 0) sum += a.durationSec;
  return Math.round(sum * 100) / 100;
}

/** The run's branch as runs.json's figures keep it: `main` for `refs/heads/main`, `pull/12/merge` for a pull request's ref. */
export function branchOfRef(ref: string | undefined): string | undefined {
  if (!ref) return undefined;
  const name = ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : ref.replace(/^refs\//, '');
  return name === '' ? undefined : boundedBranch(name);
}

/**
 * What the dashboard counts of this run (RunFigures, ADR 0460): its branch, its tests' seconds and, when the step
 * re-ran, how many of the tests its reports failed passed on a re-run. `tests` have the re-runs merged in.
 */
function runFigures(run: RunContext, tests: readonly ParsedTestCase[], rerun: RerunVerdicts | undefined): RunFigures {
  const branch = branchOfRef(run.ref);
  const figures: RunFigures = { ...(branch !== undefined ? { branch } : {}), testSec: rerun?.reportSec ?? testSeconds(tests) };
  if (rerun) {
    const failedAfter = tests.filter(finalAttemptFailed).length;
    figures.failedBeforeReruns = rerun.failedBeforeReruns;
    figures.passedOnRerun = Math.max(0, rerun.failedBeforeReruns - failedAfter);
    if (rerun.rerunSec !== undefined) figures.rerunSec = Math.round(rerun.rerunSec * 10) / 10;
  }
  return figures;
}

/**
 * A later attempt of the same workflow run keeps what the earlier ones cost (docs/cost.md): the re-run seconds of every
 * attempt add up, and an attempt that follows a red attempt on the same commit is a red run re-run by hand (ADR 0494),
 * counted with its tests' seconds. The other figures are this attempt's.
 */
export function acrossAttempts(figures: RunFigures, previous: RunRow | undefined, sha: string): RunFigures {
  const before = previous?.figures;
  if (!previous) return figures;
  const out: RunFigures = { ...figures };
  if (before?.rerunSec !== undefined) out.rerunSec = Math.round((before.rerunSec + (figures.rerunSec ?? 0)) * 10) / 10;
  const byHand = previous.jobSucceeded === false && previous.sha === sha;
  const hand = (before?.handReruns ?? 0) + (byHand ? 1 : 0);
  if (hand > 0) {
    out.handReruns = hand;
    out.handRerunSec = Math.round(((before?.handRerunSec ?? 0) + (byHand ? (figures.testSec ?? 0) : 0)) * 100) / 100;
  }
  return out;
}

/** The start of an order-dependent test's decision reason (the sentence follows). */
export { ORDER_REASON };

export function applyRun(given: ApplyInput, options: ApplyOptions = DEFAULT_APPLY_OPTIONS): ApplyResult {
  // History stored under the ids as reports wrote them moves to the cleaned ids first (ADR 0446).
  const carried = carryIds(given.snapshot, idMoves(given.reports.tests));
  const input = carried.snapshot === given.snapshot ? given : { ...given, snapshot: carried.snapshot };
  const { reports, now } = input;
  // Times checked against the step's clock and the branch (src/pipeline/clock.ts): no run's time ages out another run.
  const timed = checkTimes(input.run, input.snapshot.runs, input.snapshot.history, now, options.retention);
  // An untrusted run's cell is its claim only when trusted runs have that cell (src/history/trust.ts).
  const run = input.untrusted ? withUntrustedCell(timed.run, input.snapshot.runs) : timed.run;
  const checked = timed.runs === input.snapshot.runs && timed.history === input.snapshot.history ? input.snapshot : { ...input.snapshot, runs: timed.runs, history: timed.history };
  const edited = applyHandEdits(checked, now, options.policy, (id) => statsFileOf(input.snapshot, id));
  const snapshot = edited.snapshot;
  const nowIso = new Date(now).toISOString();
  const before = quarantineBefore(snapshot, now);
  const orderDependent = orderVerdicts(input, snapshot, run, options);
  const consistent = orderDependent.size > 0 ? new Map([...(input.rerun?.consistent ?? []), ...orderDependent]) : input.rerun?.consistent;
  const judged = judgeFailures(snapshot, before, reports.tests, run.sha, run.cell !== undefined ? { ...options, cell: run.cell } : options, consistent);
  let outcome = withDamage(
    snapshot,
    decideOutcome({
      tests: reports.tests,
      problems: reports.problems,
      filesMatched: input.filesMatched,
      ...(input.unmatched !== undefined ? { unmatched: input.unmatched } : {}),
      testOutcome: input.testOutcome,
      quarantined: before.quarantined,
      unforgiven: judged.unforgiven,
      outages: judged.failingOutages,
      ...(orderDependent.size > 0 ? { orderDependent } : {}),
      ...(input.rerun ? { consistent: consistent!, newFlaky: { ids: input.rerun.newFlaky, block: input.rerun.newTestsBlock }, failedBeforeReruns: input.rerun.failedBeforeReruns } : {}),
    }),
  );
  const outageMessages = [...new Set(judged.outages.map((o) => o.message))];

  const jobSucceeded = input.jobSucceeded ?? outcome.result === 'success';
  // An untrusted run records only tests a trusted run has recorded (src/history/trust.ts).
  const recorded = input.untrusted ? boundedUntrustedTests(untrustedTestsToRecord(reports.tests, snapshot.history, run.runId).kept) : reports.tests;
  const alreadyIngested = new Set(Object.keys(snapshot.meta.ingested));
  const ingesting = !alreadyIngested.has(ingestionKey(run));
  const runs: RunTable = new Map(snapshot.runs);
  let newRow: RunRow | undefined;
  if (ingesting) {
    const previous = runs.get(run.key);
    const outages = [...new Set([...(previous?.outages ?? []), ...outageMessages])];
    newRow = {
      seq: previous?.seq ?? nextSeq(runs),
      sha: run.sha,
      time: previous?.time ?? run.time,
      onDefaultBranch: run.onDefaultBranch,
      jobSucceeded,
      ...(run.url ? { url: run.url } : {}),
      ...(outages.length > 0 ? { outages } : {}),
      ...(input.untrusted || previous?.untrusted ? { untrusted: true } : {}),
      ...((run.cell ?? previous?.cell) !== undefined ? { cell: run.cell ?? previous!.cell! } : {}),
      figures: acrossAttempts(runFigures(run, reports.tests, input.rerun), previous, run.sha),
    };
  }
  // The history stays in its stored form when it can (src/history/stored.ts): a new run, no untrusted results.
  const stored =
    snapshot.history instanceof LazyHistory && !input.untrusted && ![...snapshot.runs.values()].some((r) => r.untrusted) && (!ingesting || canMergeStored(snapshot.history.rows, run))
      ? snapshot.history
      : undefined;
  const viaStored =
    stored && ingesting
      ? mergeStored(stored, recorded, run, newRow!, { retention: options.retention, retentionNow: timed.retentionNow, normalise: options.normalise ?? ((m: string) => m.trim()) })
      : undefined;
  const merged = viaStored
    ? { history: viaStored, ingested: true }
    : stored && !ingesting
      ? { history: stored, ingested: false }
      : mergeRun(snapshot.history, recorded, run, alreadyIngested, {
          ...(input.untrusted ? { untrusted: true } : {}),
          ...(!input.untrusted && runs.has(untrustedRunKey(run.runId)) ? { replaces: untrustedRunKey(run.runId) } : {}),
          jobSucceeded,
          retention: options.retention,
          retentionNow: timed.retentionNow,
          normalise: options.normalise,
          outages: outageMessages,
        });
  const history = merged.history;
  if (merged.ingested) runs.set(run.key, newRow!);

  const evidence = evidenceOf(history, runs);
  const { decisions, scores, lazy, inOrder } = decideTests({ history, evidence, snapshot, lapsed: before.expired, closedByHand: input.closedByHand, nowIso, options });
  // An order-dependent test is not quarantined as flaky: released from a quarantine it had, judged afresh on the runs
  // after this one (evidenceAfter), since its failures here were another test's doing. A hand override still wins.
  for (const [id, sentence] of orderDependent) {
    const decision = decisions.get(id);
    if (!decision || decision.override) continue;
    const newest = history.get(id)?.runs.reduce((t, r) => Math.max(t, r.time), run.time) ?? run.time;
    const previous = ruleState(snapshot.stats.get(id));
    // A quarantine that began before the streak was earned by failures the streak did not cause: it stays (the
    // verdict still blocks this run's failure, through the consistent map). One the streak earned is released.
    const began = previous?.quarantined && previous.since ? Date.parse(previous.since) : NaN;
    const streakFrom = streakStart(history.get(id), run.key) ?? run.time;
    if (Number.isFinite(began) && began < streakFrom) continue;
    const stays = previous !== undefined && !previous.quarantined && previous.reason.startsWith(ORDER_REASON) && previous.since;
    decisions.set(id, { quarantined: false, reason: `${ORDER_REASON}${sentence}`, since: stays || nowIso, evidence: decision.evidence, evidenceAfter: newest });
  }
  // Entry held (docs/adr/0396-entry-held.md): a test that fails every attempt inside the run and passes only alone
  // gives the evidence a polluted test gives. Its failure there is forgiven by the re-run as any proven flake's, but it
  // enters quarantine on that evidence only once it passes inside the run again: while its first attempt keeps failing
  // (passing only alone, or not at all), it is decided on its runs before that streak. A polluted test is then never
  // quarantined before the order rule convicts it.
  const candidates = input.rerun?.failedInRun;
  if (candidates) {
    for (const t of reports.tests) {
      const id = t.id;
      if (!candidates.has(id) && !failedThroughout(t)) continue;
      const decision = decisions.get(id);
      if (!decision?.quarantined || decision.override || orderDependent.has(id) || before.quarantined.has(id) || input.closedByHand?.(id)) continue;
      const counted = evidence.get(id);
      if (!counted) continue;
      const { history: earlier, streak } = beforeStreak(counted);
      if (streak === 0) continue;
      const without = decide(earlier, ruleState(snapshot.stats.get(id)), null, nowIso, options.policy);
      if (without.quarantined) continue;
      decisions.set(id, { ...without, reason: `${without.reason}; ${heldSentence(streak)}`, evidence: decision.evidence });
    }
  }
  // Fix verification (src/policy/fix-release.ts): recorded; a verified fix that landed releases; a failure after re-quarantines.
  if (input.fixes || [...snapshot.stats.values()].some((l) => l.fix !== undefined)) {
    applyFixes({ decisions, recorded: (id) => snapshot.stats.get(id)?.fix, history, fixes: input.fixes, runKey: run.key, runTime: run.time, nowIso, policy: options.policy });
  }
  // Quarantine rules as code (docs/quarantine-rules.md): a cap per owner, an owner required, an expiry. They change
  // decisions after the rule, and a failure of this run whose quarantine they refused or ended blocks.
  let ruleEffects: Map<string, RuleEffect> | undefined;
  const rules = options.policy.quarantine;
  if (rulesActive(rules) && options.ownersOf) {
    const find = options.ownersOf;
    const owners = new Map<string, readonly string[]>();
    const ownersOf = (id: string): readonly string[] => {
      let found = owners.get(id);
      if (found === undefined) {
        const test = history.get(id);
        owners.set(id, (found = test ? find(test) : []));
      }
      return found;
    };
    const applied = applyQuarantineRules({
      rules,
      decisions,
      previous: (id) => ruleState(snapshot.stats.get(id)),
      before: before.quarantined,
      ownersOf,
      now,
      releaseAfterCleanRuns: options.policy.releaseAfterCleanRuns,
    });
    for (const [id, decision] of applied.changed) decisions.set(id, decision);
    ruleEffects = applied.effects;
    const blocked = withRuleBlocks(outcome, applied.effects);
    if (blocked !== outcome) {
      outcome = blocked;
      // runs.json says how the job ended: as the rules made it.
      const row = merged.ingested ? runs.get(run.key) : undefined;
      if (row && input.jobSucceeded === undefined && row.jobSucceeded && outcome.result === 'failure') runs.set(run.key, { ...row, jobSucceeded: false });
    }
  }
  // Decided and scored: the decoded histories would only be held to the end of the step.
  if (lazy) lazy.dropCaches();

  const quarantined: string[] = [];
  for (const [id, d] of decisions) if (d.quarantined && !inBrokenShard(snapshot, id)) quarantined.push(id);
  quarantined.sort();
  const newlyQuarantined = quarantined.filter((id) => !before.quarantined.has(id));
  const after = new Set(quarantined);
  const released = [...before.quarantined].filter((id) => !after.has(id) && history.has(id)).sort();

  const problems = [...snapshot.problems];
  for (const [id, stored] of snapshot.overrides) {
    if (!history.has(id)) {
      problems.push({ file: stored.file, line: stored.line, message: `override for unknown test '${id}': no test with this id is in the history (kept; it applies once the test runs)` });
    }
  }

  // Re-sharding would move tests out of a broken file the user still has to fix: keep the layout until then.
  const shards = snapshot.brokenStats.size > 0 ? snapshot.meta.shards : shardCountFor(history.size);
  const writes = snapshot.meta.writes + (merged.ingested ? 1 : 0);
  const compact = merged.ingested && writes >= (options.compactEvery ?? compactEveryFor(history.size));
  const files = renderFiles(
    snapshot,
    shards,
    compact ? 0 : writes,
    history,
    runs,
    decisions,
    scores,
    merged.ingested ? ingestionKey(run) : undefined,
    // The retention this write's merge applied; without a merge, the history is as read, trimmed with the window read.
    merged.ingested ? undefined : snapshot.meta.window,
    now,
    timed.retentionNow,
    options.retention,
    before.expired,
    edited.kept,
    inOrder && decisions.changed ? { decisions: inOrder, changed: decisions.changed } : undefined,
    options.costPerMinute ?? snapshot.meta.costPerMinute,
  );
  // Each test's quarantine timeline: its own informational file, rewritten only when a decision changed.
  const timeline = updateDecisionLog({
    previous: snapshot.decisions,
    stats: snapshot.stats,
    decisions,
    tests: history,
    skip: (id) => inBrokenShard(snapshot, id),
    lapsed: before.expired,
    edits: edited.edits,
    closedByHand: input.closedByHand,
    issueOf: input.issueOf,
    ...(ruleEffects ? { rules: ruleEffects } : {}),
    run: runs.get(run.key)?.seq,
    at: nowIso,
  });
  if (timeline.text !== undefined) files.set(DECISIONS_FILE, timeline.text);
  problems.push(...timeline.problems);
  return {
    outcome,
    ingested: merged.ingested,
    quarantined,
    newlyQuarantined,
    released,
    decisions,
    history,
    files,
    shards,
    scores,
    compact,
    problems,
    lapsed: before.lapsed,
    outages: judged.outages,
    brokenStats: [...snapshot.brokenStats.keys()].sort(),
    handEdits: edited.edits,
    rule: options.policy.rule,
    clockNotes: timed.notes,
    runs,
    orderDependent,
    ...(ruleEffects ? { ruleEffects } : {}),
  };
}

/**
 * This run's order-dependence verdicts (src/rerun/order.ts), from the history as read and this run's attempts with
 * the re-runs merged in, joined by those of the re-runs' context rounds. Only with re-runs (without them a victim
 * never passes, and its failure blocks already), never for an untrusted run (its evidence decides nothing), never
 * for a failure in an outage or one the re-runs already call consistent.
 */
function orderVerdicts(input: ApplyInput, snapshot: Snapshot, run: RunContext, options: ApplyOptions): Map<string, string> {
  const out = new Map<string, string>();
  if (!input.rerun || input.untrusted) return out;
  const normalise = options.normalise ?? ((m: string) => m.trim());
  const inOutage = new Set(findOutages(input.reports.tests, normalise, options.policy).flatMap((o) => o.tests));
  const given = input.rerun.orderDependent;
  if (given && given.size > 0) for (const t of input.reports.tests) if (given.has(t.id) && !inOutage.has(t.id)) out.set(t.id, given.get(t.id)!);
  const cleared = input.rerun.orderCleared;
  // A streak is a suspicion; the experiment decides (docs/adr/0430-order-dependence-proven.md): a suspect it cleared
  // is forgiven as the re-run proved it; one it convicted is in `given`; one it could not judge (no preset that keeps
  // the run's order, a round that did not answer, rerun-timeout) is convicted by its streak, as a failure no
  // experiment explained.
  const suspects =
    input.rerun.orderSuspects ??
    orderDependence({
      history: snapshot.history,
      tests: input.reports.tests,
      runKey: run.key,
      sha: run.sha,
      skip: (id) => inOutage.has(id) || out.has(id) || input.rerun!.consistent.has(id) || (input.rerun!.failedInRun !== undefined && !input.rerun!.failedInRun.has(id)),
      window: options.policy.window,
    });
  const present = new Set(input.reports.tests.map((t) => t.id));
  for (const [id, sentence] of suspects) {
    if (cleared?.has(id) || out.has(id) || inOutage.has(id) || !present.has(id)) continue;
    out.set(id, sentence);
  }
  return out;
}
