/**
 * Several jobs' results ingested in one write of the data branch (the aggregate pattern, and the results a
 * fork's run left behind). Each shard keeps its own run identity; each shard's outcome is decided against the
 * quarantine as it stood before any shard of this ingestion (a failure on one platform cannot forgive itself on
 * another); then the shards are applied to the history one after the other. Pure.
 */
import { createHash } from 'node:crypto';
import type { ParsedReports, ParsedTestCase, RunContext, TestOutcome } from '../model.ts';
import { applyRun, type ApplyInput, type ApplyOptions, type ApplyResult } from './apply.ts';
import { judgeFailures, quarantineBefore, withDamage } from '../policy/judge.ts';
import { decideOutcome, type Outcome } from '../policy/outcome.ts';
import { parseSnapshot, type Snapshot } from '../store/snapshot.ts';
import type { ClosedByHandLookup } from '../policy/hand-close.ts';
import { testId } from '../junit/index.ts';
import { runCell } from '../history/cell.ts';
import { BundleError, type Bundle } from '../artifacts/bundle.ts';
import { canonicalJobKey, renderJobKey, shardLabel, splitTestId } from './job-key.ts';
import type { ParcelEntry } from '../store/parcel.ts';
import type { ExpectedShards } from '../config/mode-inputs.ts';
import { MAX_UNTRUSTED_TESTS, boundedUntrustedTests, untrustedRunKey } from '../history/trust.ts';

export interface Shard {
  /** How people see it: `test (os=windows-latest)`. */
  label: string;
  /** Groups a shard's uploads across attempts: job, job key and report patterns. */
  identity: string;
  jobKey: string;
  run: RunContext;
  reports: ParsedReports;
  filesMatched: number;
  testOutcome: TestOutcome;
  /** Artifact it came from. */
  artifact: string;
  /** Read from another run's artifact (ingest-workflow-run): evidence, never a verdict (src/history/trust.ts). */
  untrusted?: boolean;
}

/**
 * Facts about the workflow run the shards belong to, from a source the action trusts: its own environment
 * (aggregate) or the `workflow_run` event payload (a fork's run). Nothing here comes from an artifact.
 */
export interface TrustedRun {
  runId: string;
  /** The run's latest attempt: a shard's attempt is clamped to 1..this. */
  maxAttempt: number;
  workflow: string;
  sha: string;
  ref: string;
  event: string;
  onDefaultBranch: boolean;
  /** Link to the run, without the attempt. */
  url: string;
  /** A shard's report time is clamped into this range (ms). */
  earliest: number;
  latest: number;
}

const hash8 = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 8);

/** A GitHub job id is `[A-Za-z0-9_-]`; anything else in an artifact's claim is replaced. */
export function safeJobName(job: string): string {
  const safe = job.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100);
  return safe === '' ? 'job' : safe;
}

/**
 * A shard from an artifact's bundle. Only report data is taken from the bundle; the run's commit, ref, event,
 * branch and link come from `trusted`, and the run key is rebuilt under the trusted run id exactly as the shard's
 * own job would have built it (config/context.ts runIdentity), so ingesting it twice counts once. Test ids are
 * recomputed from classname, name and suite (an artifact cannot file results under another test's id), then
 * carry the job key when `split` is set.
 */
export function shardFromBundle(bundle: Bundle, trusted: TrustedRun, options: { split: boolean; artifact: string; untrusted?: boolean }): Shard {
  const { manifest, results } = bundle;
  if (options.untrusted && results.tests.length > MAX_UNTRUSTED_TESTS) {
    throw new BundleError(`it lists ${results.tests.length} tests, more than the ${MAX_UNTRUSTED_TESTS} an untrusted run may report`);
  }
  const job = safeJobName(results.run.job);
  const key = `${trusted.runId}/${job}/${hash8(`${manifest.jobKey}\n${manifest.reportPatterns.join('\n')}`)}`;
  const attempt = Math.min(Math.max(1, Math.trunc(results.run.runAttempt) || 1), trusted.maxAttempt);
  const time = Math.min(Math.max(results.run.time, trusted.earliest), trusted.latest);
  const run: RunContext = {
    key,
    runId: trusted.runId,
    runAttempt: attempt,
    job,
    workflow: trusted.workflow,
    sha: trusted.sha,
    ref: trusted.ref,
    onDefaultBranch: trusted.onDefaultBranch,
    event: trusted.event,
    time,
    url: `${trusted.url}/attempts/${attempt}`,
    // A shard's cell is its job key's: the runner it ran on is not known here (docs/matrix.md#quarantine-per-cell).
    ...(runCell(manifest.jobKey, undefined) !== undefined ? { cell: runCell(manifest.jobKey, undefined)! } : {}),
  };
  const rendered = options.split ? renderJobKey(manifest.jobKey) : '';
  const seen = new Set<string>();
  const tests = results.tests.map((t): ParsedTestCase => {
    const id = splitTestId(testId({ classname: t.classname, name: t.name, suite: t.suite }), rendered);
    if (seen.has(id)) throw new BundleError(`the results list the test '${id.slice(0, 200)}' twice`);
    seen.add(id);
    return { ...t, id };
  });
  return {
    label: shardLabel(job, manifest.jobKey),
    identity: `${job}\n${manifest.jobKey}\n${manifest.reportPatterns.join('\n')}`,
    jobKey: manifest.jobKey,
    run,
    reports: { tests, problems: manifest.problems, filesRead: manifest.filesRead },
    filesMatched: manifest.filesMatched,
    testOutcome: manifest.testOutcome,
    artifact: options.artifact,
    ...(options.untrusted ? { untrusted: true } : {}),
  };
}

const MAX_PROBLEMS = 1000;
const STEP_OUTCOMES: readonly TestOutcome[] = ['failure', 'cancelled', 'skipped', '', 'success'];

/**
 * The untrusted runs of a workflow run (`ingest-workflow-run`): one per attempt of the run (the attempt an artifact
 * claims, already clamped to the event's `run_attempt`), whatever jobs, job keys and names its artifacts claim.
 * Each holds its artifacts' tests (in artifact label order, each test once, capped: src/history/trust.ts) under the
 * run key `untrustedRunKey` of the trusted run id, so ingesting the same attempt again counts once.
 */
export function untrustedRuns(shards: readonly Shard[], trusted: TrustedRun): Shard[] {
  const byAttempt = new Map<number, Shard[]>();
  for (const s of shards) {
    const list = byAttempt.get(s.run.runAttempt) ?? [];
    list.push(s);
    byAttempt.set(s.run.runAttempt, list);
  }
  const key = untrustedRunKey(trusted.runId);
  return [...byAttempt.entries()]
    .sort(([a], [b]) => a - b)
    .map(([attempt, list]): Shard => {
      const ordered = [...list].sort((a, b) => a.label.localeCompare(b.label) || a.identity.localeCompare(b.identity));
      const first = ordered[0]!;
      // One cell only when every artifact claims the same one (applyRun keeps it only when trusted runs have it).
      const { cell: _first, ...run } = first.run;
      const cell = ordered.every((s) => s.run.cell === first.run.cell) ? first.run.cell : undefined;
      return {
        label: `workflow run ${trusted.runId} (untrusted)`,
        identity: key,
        jobKey: '',
        run: {
          ...run,
          ...(cell !== undefined ? { cell } : {}),
          key,
          job: 'untrusted',
          runAttempt: attempt,
          time: Math.max(...ordered.map((s) => s.run.time)),
          url: `${trusted.url}/attempts/${attempt}`,
        },
        reports: {
          tests: boundedUntrustedTests(ordered.flatMap((s) => s.reports.tests)),
          problems: ordered.flatMap((s) => s.reports.problems).slice(0, MAX_PROBLEMS),
          filesRead: ordered.reduce((n, s) => n + s.reports.filesRead, 0),
        },
        filesMatched: ordered.reduce((n, s) => n + s.filesMatched, 0),
        // The worst step outcome any artifact claims.
        testOutcome: STEP_OUTCOMES.find((o) => ordered.some((s) => s.testOutcome === o)) ?? '',
        artifact: ordered
          .map((s) => s.artifact)
          .join(', ')
          .slice(0, 1000),
        untrusted: true,
      };
    });
}

/** Of several uploads of one shard (workflow re-runs), the latest attempt's. */
export function latestPerShard(shards: Shard[]): Shard[] {
  const best = new Map<string, Shard>();
  for (const s of shards) {
    const current = best.get(s.identity);
    if (!current || s.run.runAttempt > current.run.runAttempt) best.set(s.identity, s);
  }
  return [...best.values()].sort((a, b) => a.label.localeCompare(b.label));
}

export interface ShardsApplied extends ApplyResult {
  /** The shards whose outcome was decided: the latest attempt of each (`latestPerShard`). */
  decided: Shard[];
  /** Each decided shard's own outcome, in the order of `decided`. */
  shardOutcomes: Outcome[];
}

export interface ApplyShardsInput {
  snapshot: Snapshot;
  /** Every upload found, all attempts: each is recorded (a re-run joins its run's history entry, as evidence). */
  shards: Shard[];
  now: number;
  /** Reasons to fail that belong to no shard (a missing shard, an artifact that could not be read). */
  extraReasons: string[];
  closedByHand?: ClosedByHandLookup;
  /** Issue numbers of tests, recorded in decisions.json (src/pipeline/update-decision-log.ts). */
  issueOf?: ApplyInput['issueOf'];
}

/**
 * Decides each shard's outcome (its latest attempt) and applies every upload, all attempts, to the history; the
 * result's outcome combines the shards'.
 */
export function applyShards(input: ApplyShardsInput, options: ApplyOptions): ShardsApplied {
  const { snapshot, now } = input;
  if (input.shards.length === 0) throw new Error('applyShards needs at least one shard');
  const decided = latestPerShard(input.shards);
  const shards = [...input.shards].sort((a, b) => a.label.localeCompare(b.label) || a.identity.localeCompare(b.identity) || a.run.runAttempt - b.run.runAttempt);
  const before = quarantineBefore(snapshot, now);
  const shardOutcomes = decided.map((s) => {
    const judged = judgeFailures(snapshot, before, s.reports.tests, s.run.sha, s.run.cell !== undefined ? { ...options, cell: s.run.cell } : options);
    return decideOutcome({
      tests: s.reports.tests,
      problems: s.reports.problems,
      filesMatched: s.filesMatched,
      testOutcome: s.testOutcome,
      quarantined: before.quarantined,
      unforgiven: judged.unforgiven,
      outages: judged.failingOutages,
    });
  });

  let current = snapshot;
  let last: ApplyResult | undefined;
  let ingested = false;
  let compact = false;
  const clockNotes: string[] = [];
  for (const s of shards) {
    last = applyRun(
      {
        snapshot: current,
        reports: s.reports,
        filesMatched: s.filesMatched,
        testOutcome: s.testOutcome,
        run: s.run,
        now,
        closedByHand: input.closedByHand,
        issueOf: input.issueOf,
        ...(s.untrusted ? { untrusted: true } : {}),
      },
      options,
    );
    ingested ||= last.ingested;
    compact ||= last.compact;
    clockNotes.push(...last.clockNotes);
    current = parseSnapshot(last.files, current.blocked);
  }
  const final = last!;
  const after = new Set(final.quarantined);
  const newlyQuarantined = final.quarantined.filter((id) => !before.quarantined.has(id));
  const released = [...before.quarantined].filter((id) => !after.has(id) && final.history.has(id)).sort();

  const reasons = [...input.extraReasons];
  decided.forEach((s, i) => {
    for (const r of shardOutcomes[i]!.reasons) reasons.push(`${s.label}: ${r}`);
  });
  const outcome: Outcome = withDamage(snapshot, {
    result: reasons.length === 0 ? 'success' : 'failure',
    failed: shardOutcomes.flatMap((o) => o.failed),
    forgiven: shardOutcomes.flatMap((o) => o.forgiven),
    blocking: shardOutcomes.flatMap((o) => o.blocking),
    passedOnRetry: shardOutcomes.flatMap((o) => o.passedOnRetry),
    unforgiven: new Map(shardOutcomes.flatMap((o) => [...o.unforgiven])),
    reasons,
  });
  // A damaged branch is not written (src/store/sync.ts): its problems are those of the snapshot read, not of the re-read.
  const problems = snapshot.damaged.length > 0 ? [...snapshot.problems] : final.problems;
  return { ...final, problems, outcome, ingested, compact, newlyQuarantined, released, lapsed: before.lapsed, decided, shardOutcomes, clockNotes };
}

/** Every shard of an ingestion as a parcel's entries, each with its shard's decided result. */
export function shardParcel(shards: Shard[], applied: ShardsApplied): ParcelEntry[] {
  return shards.map((s) => {
    const i = applied.decided.findIndex((d) => d.identity === s.identity);
    return { run: s.run, tests: s.reports.tests, jobSucceeded: i >= 0 && applied.shardOutcomes[i]!.result === 'success', ...(s.untrusted ? { untrusted: true } : {}) };
  });
}

export interface ShardCheck {
  /** Reasons to fail: expected shards that left nothing. */
  missing: string[];
  reasons: string[];
  /** Shards present that were not expected (ingested anyway). */
  unexpected: Shard[];
}

/** Matches the shards present against `expected-shards`. */
export function checkExpected(shards: Shard[], expected: ExpectedShards): ShardCheck {
  if ('count' in expected) {
    if (shards.length >= expected.count) {
      return { missing: [], reasons: [], unexpected: [] };
    }
    const missing = expected.count - shards.length;
    const present = shards.length === 0 ? 'none' : shards.map((s) => s.label).join('; ');
    return {
      missing: [`${missing} of ${expected.count}`],
      reasons: [
        `${missing} of ${expected.count} expected shard${expected.count === 1 ? '' : 's'} uploaded no results (they crashed, were cancelled or skipped, so their tests are unaccounted for). Present: ${present}. List the job keys in expected-shards to have the missing ones named.`,
      ],
      unexpected: [],
    };
  }
  const used = new Set<Shard>();
  const missing: string[] = [];
  for (const key of expected.keys) {
    const canonical = canonicalJobKey(key);
    const match = shards.find((s) => !used.has(s) && (canonicalJobKey(s.jobKey) === canonical || s.run.job === key.trim() || s.label === key.trim()));
    if (match) used.add(match);
    else missing.push(renderJobKey(key) || key.trim());
  }
  const reasons = missing.map((m) => `Shard ${m} uploaded no results: it crashed, was cancelled or skipped before flakeguard ran in it, so its tests are unaccounted for.`);
  return { missing, reasons, unexpected: shards.filter((s) => !used.has(s)) };
}
