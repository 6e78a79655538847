/**
 * Scores a simulation's decisions against the world's truth. Pure.
 *
 * Definitions (docs/benchmarks-archive.md#accuracy, "What is measured"):
 * - evaluation points: after each workflow run from `warmup` on, the quarantine set after that run's last attempt;
 * - precision: quarantined tests that are flaky (rate > 0) at that run, or were within the last GRACE runs (a
 *   fixed test is released only after a clean streak), over all quarantined tests; summed over the points;
 *   `strictPrecision` counts only tests flaky at that very run;
 * - recall: tests flaky at ≥ 5% for at least 25 runs up to that point, quarantined, over all such tests; summed;
 * - masked: an invocation that passed although a test failed deterministically in it (regression, PR break,
 *   outage); `maskedByDesign` are those whose every hard-failed test was quarantined before its failure began
 *   (flakeguard forgives every failure of a quarantined test: the quarantine itself hides them), the rest
 *   (`maskedByPolicy`) had a test quarantined only after its failure began (by that failure, or by other evidence
 *   that came meanwhile);
 * - flaky-only red runs: first attempts with no deterministic failure that were red — without the action: a final
 *   attempt failed; with it: the action's outcome was failure;
 * - runs to quarantine: for each stretch where a test is flaky at ≥ 5%, runs from its first flaky run to the run
 *   after which it was first quarantined (1 = quarantined after its first flaky run);
 * - order-dependent victims (scenario.victims; they fail in the run and pass alone): a run with a victim's failure
 *   is no flaky-only run; from each victim's third failing run on, the share of workflow runs that ended green
 *   (a consistent failure of the suite hidden); a quarantined victim is a false positive of `precision` (its rate
 *   is 0); and what each victim was called: order-dependent (the re-run verdict) or flaky (quarantined, or forgiven
 *   because a re-run passed).
 */
import { flakySince, isVictimAt, lastFlakyAt, rateAt, type HardCause, type SimWorld } from './world.ts';
import type { Invocation, Trace } from './driver.ts';

export const GRACE_RUNS = 30;
export const RECALL_MIN_RATE = 0.05;
export const RECALL_MIN_RUNS = 25;
export const FLAP_RUNS = 3;

export interface Metrics {
  scenario: string;
  seed: number;
  runs: number;
  invocations: number;
  reruns: number;
  precision: number;
  strictPrecision: number;
  recall: number;
  finalPrecision: number;
  finalRecall: number;
  /** Quarantined tests at the end, and how many the truth says are flaky now. */
  finalQuarantined: number;
  finalFlaky: number;
  /** Invocations with a deterministic failure. */
  hardInvocations: number;
  masked: number;
  maskedByDesign: number;
  maskedByPolicy: number;
  /** Causes of the masked invocations. */
  maskedCauses: Record<HardCause, number>;
  flakyRedWithout: number;
  flakyRedWith: number;
  /** flakyRedWithout / flakyRedWith (Infinity when the action left none). */
  redReduction: number;
  /** Flaky tests that failed the flaky-only red runs with the action, by flake rate (a run may count several). */
  flakyRedBlame: Record<string, number>;
  /** All red first attempts, with and without the action. */
  redWithout: number;
  redWith: number;
  medianRunsToQuarantine: number | null;
  /** Flaky stretches (rate ≥ 5%) that were quarantined / never quarantined while flaky. */
  onsetsQuarantined: number;
  onsetsMissed: number;
  /**
   * Runs from a flaky stretch's first flaky failure (any rate; an attempt failed without a deterministic cause) to
   * the run after which the test was first quarantined (1 = quarantined after the run it first failed in); median.
   */
  medianRunsFromFirstFailure: number | null;
  /** Flaky stretches that failed at least once and were never quarantined while flaky. */
  failedNeverQuarantined: number;
  /** In-step re-runs (issue #14): per workflow-run step on average, and in all. */
  rerunExecutionsPerRun: number;
  rerunRoundsPerRun: number;
  /** Processes the re-runs started per run (src/rerun/plan.ts roundGroups: several executions per start). */
  rerunStartsPerRun?: number;
  rerunSecondsPerRun: number;
  rerunSteps: number;
  rerunVerdicts: { proven: number; consistent: number; exhausted: number; notRerun: number };
  /**
   * Flaky failures (no deterministic cause) judged consistent, by the test's true rate, with the p the rule used
   * (median) and whether the test was quarantined before the run: why flaky-only runs stay red with re-runs.
   */
  falseConsistent: Record<string, { count: number; medianP: number | null; quarantined: number }>;
  /** Steps that failed only because a flaky test's streak was judged implausible (flaky-only, first attempts). */
  flakyConsistentRed: number;
  /** Median runs to quarantine by flake rate. */
  runsToQuarantineByRate: Record<string, { median: number | null; quarantined: number; missed: number }>;
  /** Releases followed by a re-entry within FLAP_RUNS runs: the quarantine flapping. */
  flaps: number;
  /** Distinct tests ever wrongly quarantined (outside the grace), by what they had been through. */
  falsePositiveTests: Record<string, number>;
  /** Order-dependent victims (scenario.victims); all 0 in a world without them. */
  victims: VictimMetrics;
  msPerInvocation: number;
  wallMs: number;
}

export interface VictimMetrics {
  /** Victims whose onset fell inside the history. */
  count: number;
  /** Workflow runs from each victim's third failing run on (summed over victims), and how many of them ended green. */
  runsAfterThird: number;
  greenAfterThird: number;
  /** greenAfterThird / runsAfterThird (0 when there is none). */
  greenShare: number;
  /** Victims quarantined at some point after their onset. */
  quarantined: number;
  /** Victims the re-runs called order-dependent at least once / whose failure was forgiven as flaky at least once. */
  calledOrderDependent: number;
  calledFlaky: number;
  /** A victim's failing runs (first attempts): called order-dependent, forgiven as flaky (green for it), other. */
  runVerdicts: { orderDependent: number; flaky: number; other: number };
  /** Runs after which a victim was quarantined, from its onset on (those from the warm-up on are false positives of `precision`). */
  quarantinedPoints: number;
  /**
   * Order-dependent verdicts on tests that were no victim at that run (a flaky test's failures in a row, a
   * regression): how many, and the flaky-only red runs (first attempts) in which such a verdict was given.
   */
  falseVerdicts: number;
  falseVerdictRedRuns: number;
}

export function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Quarantine set after each workflow run (its last invocation), by run index. */
export function quarantineAfterRuns(trace: Trace): Array<Set<string>> {
  const after: Array<Set<string>> = [];
  let current = new Set<string>();
  let i = 0;
  for (const run of trace.world.runs) {
    while (i < trace.invocations.length && trace.invocations[i]!.execution.run.index === run.index) {
      current = new Set(trace.invocations[i]!.quarantined);
      i++;
    }
    after.push(current);
  }
  return after;
}

/** Run index at which the deterministic failure of `test` in run `run` began. */
function hardStart(world: SimWorld, test: string, run: number, cause: HardCause): number {
  if (cause === 'outage') return run;
  if (cause === 'regression') {
    const r = world.regressions.find((g) => g.test === test && g.from <= run && run < g.to);
    return r ? r.from : run;
  }
  const simRun = world.runs[run]!;
  const b = world.prBreaks.get(simRun.pr!);
  if (!b) return run;
  const first = world.runs.find((r) => r.kind === 'pr' && r.pr === b.pr && r.push! >= b.fromPush);
  return first ? first.index : run;
}

/** What a wrongly quarantined test had been through, for the false-positive breakdown. */
function falsePositiveKind(world: SimWorld, test: string, run: number): string {
  const t = world.tests.find((x) => x.id === test)!;
  if (lastFlakyAt(t, run) !== undefined) return 'fixed-flaky (outside grace)';
  if (t.victimFrom !== undefined && t.victimFrom <= run) return 'order-dependent victim';
  if (world.regressions.some((r) => r.test === test && r.from <= run)) return 'regression';
  const module = t.module;
  if ([...world.outages].some(([r, m]) => m === module && r <= run)) return 'outage';
  if ([...world.prBreaks.values()].some((b) => b.test === test)) return 'pr-break';
  return 'stable';
}

export function computeMetrics(trace: Trace, warmup = Math.min(50, Math.floor(trace.world.runs.length / 4))): Metrics {
  const world = trace.world;
  const after = quarantineAfterRuns(trace);
  const byId = new Map(world.tests.map((t) => [t.id, t]));

  let tp = 0;
  let strictTp = 0;
  let quarantinedSum = 0;
  let recalled = 0;
  let eligible = 0;
  const fpTests = new Map<string, string>();
  for (let i = warmup; i < world.runs.length; i++) {
    const q = after[i]!;
    for (const id of q) {
      const t = byId.get(id);
      if (!t) continue;
      quarantinedSum++;
      const last = lastFlakyAt(t, i);
      if (rateAt(t, i) > 0) strictTp++;
      if (last !== undefined && i - last <= GRACE_RUNS) tp++;
      else if (!fpTests.has(id)) fpTests.set(id, falsePositiveKind(world, id, i));
    }
    for (const t of world.tests) {
      const since = flakySince(t, i);
      if (since === undefined || rateAt(t, i) < RECALL_MIN_RATE || i - since + 1 < RECALL_MIN_RUNS) continue;
      eligible++;
      if (q.has(t.id)) recalled++;
    }
  }
  const lastRun = world.runs.length - 1;
  const finalQ = after[lastRun] ?? new Set<string>();
  let finalTp = 0;
  for (const id of finalQ) {
    const t = byId.get(id);
    const last = t ? lastFlakyAt(t, lastRun) : undefined;
    if (last !== undefined && lastRun - last <= GRACE_RUNS) finalTp++;
  }
  let finalEligible = 0;
  let finalRecalled = 0;
  for (const t of world.tests) {
    const since = flakySince(t, lastRun);
    if (since === undefined || rateAt(t, lastRun) < RECALL_MIN_RATE || lastRun - since + 1 < RECALL_MIN_RUNS) continue;
    finalEligible++;
    if (finalQ.has(t.id)) finalRecalled++;
  }

  // Outcomes.
  let masked = 0;
  let maskedByDesign = 0;
  const maskedCauses: Record<HardCause, number> = { regression: 0, 'pr-break': 0, outage: 0 };
  let hardInvocations = 0;
  let flakyRedWithout = 0;
  let flakyRedWith = 0;
  let redWithout = 0;
  let redWith = 0;
  let reruns = 0;
  const blame = new Map<number, number>();
  for (const inv of trace.invocations) {
    const ex = inv.execution;
    if (ex.attempt > 1) reruns++;
    const hard = ex.hardFailed;
    if (hard.size > 0) {
      hardInvocations++;
      if (inv.outcome === 'success') {
        masked++;
        const before = (run: number): Set<string> => (run > 0 ? after[run - 1]! : new Set());
        let design = true;
        for (const [test, cause] of hard) {
          maskedCauses[cause]++;
          if (!before(hardStart(world, test, ex.run.index, cause)).has(test)) design = false;
        }
        if (design) maskedByDesign++;
      }
    }
    if (ex.attempt !== 1) continue;
    const redNoAction = ex.results.some((r) => r.failed);
    if (redNoAction) redWithout++;
    if (inv.outcome === 'failure') redWith++;
    if (hard.size === 0 && ex.victimFailed.length === 0) {
      if (ex.flakyFailed.length > 0) flakyRedWithout++;
      if (inv.outcome === 'failure') {
        flakyRedWith++;
        const before = ex.run.index > 0 ? after[ex.run.index - 1]! : new Set<string>();
        for (const id of ex.flakyFailed) {
          if (before.has(id)) continue;
          const rate = rateAt(byId.get(id)!, ex.run.index);
          blame.set(rate, (blame.get(rate) ?? 0) + 1);
        }
      }
    }
  }

  // Runs from turning flaky to quarantine.
  const delays: number[] = [];
  const byRate = new Map<number, { delays: number[]; missed: number }>();
  let missed = 0;
  for (const t of world.tests) {
    for (let k = 0; k < t.segments.length; k++) {
      const s = t.segments[k]!;
      if (s.rate < RECALL_MIN_RATE) continue;
      const end = Math.min(world.runs.length, t.segments[k + 1]?.from ?? world.runs.length);
      const bucket = byRate.get(s.rate) ?? { delays: [], missed: 0 };
      byRate.set(s.rate, bucket);
      let found: number | undefined;
      for (let i = s.from; i < end; i++) {
        if (after[i]!.has(t.id)) {
          found = i;
          break;
        }
      }
      if (found === undefined) {
        // Too short a stretch to judge is not a miss.
        if (end - s.from >= RECALL_MIN_RUNS) {
          missed++;
          bucket.missed++;
        }
        continue;
      }
      delays.push(found - s.from + 1);
      bucket.delays.push(found - s.from + 1);
    }
  }
  // Runs from the first flaky failure to quarantine, every flaky stretch (any rate).
  const firstFailed = new Map<string, number[]>();
  for (const inv of trace.invocations) {
    if (inv.execution.attempt !== 1) continue;
    for (const r of inv.execution.results) {
      if (r.hard || !r.attempts.some((a) => a.code !== 'P')) continue;
      const list = firstFailed.get(r.test.id) ?? [];
      if (list.at(-1) !== inv.execution.run.index) list.push(inv.execution.run.index);
      firstFailed.set(r.test.id, list);
    }
  }
  const fromFirst: number[] = [];
  let failedNeverQuarantined = 0;
  for (const t of world.tests) {
    const fails = firstFailed.get(t.id) ?? [];
    for (let k = 0; k < t.segments.length; k++) {
      const s = t.segments[k]!;
      if (s.rate <= 0) continue;
      const end = Math.min(world.runs.length, t.segments[k + 1]?.from ?? world.runs.length);
      const first = fails.find((i) => i >= s.from && i < end);
      if (first === undefined) continue;
      let found: number | undefined;
      for (let i = first; i < end; i++) {
        if (after[i]!.has(t.id)) {
          found = i;
          break;
        }
      }
      if (found === undefined) failedNeverQuarantined++;
      else fromFirst.push(found - first + 1);
    }
  }
  let rerunExecutions = 0;
  let rerunRounds = 0;
  let rerunStarts = 0;
  let rerunSeconds = 0;
  let rerunSteps = 0;
  let flakyConsistentRed = 0;
  const rerunVerdicts = { proven: 0, consistent: 0, exhausted: 0, notRerun: 0 };
  const falseByRate = new Map<number, { count: number; ps: number[]; quarantined: number }>();
  for (const inv of trace.invocations) {
    const c = inv.rerun;
    if (!c) continue;
    if (c.rounds > 0) rerunSteps++;
    rerunExecutions += c.executions;
    rerunRounds += c.rounds;
    rerunStarts += c.starts ?? c.rounds;
    rerunSeconds += c.seconds;
    rerunVerdicts.proven += c.proven;
    rerunVerdicts.consistent += c.consistent;
    rerunVerdicts.exhausted += c.exhausted;
    rerunVerdicts.notRerun += c.notRerun;
    if (inv.execution.attempt === 1 && inv.execution.hardFailed.size === 0 && inv.outcome === 'failure' && c.consistent > 0) flakyConsistentRed++;
    for (const ct of c.consistentTests ?? []) {
      if (inv.execution.hardFailed.has(ct.id)) continue;
      const rate = rateAt(byId.get(ct.id)!, inv.execution.run.index);
      const b = falseByRate.get(rate) ?? { count: 0, ps: [], quarantined: 0 };
      falseByRate.set(rate, b);
      b.count++;
      b.ps.push(ct.p);
      if (inv.execution.run.index > 0 && after[inv.execution.run.index - 1]!.has(ct.id)) b.quarantined++;
    }
  }
  const runsToQuarantineByRate: Metrics['runsToQuarantineByRate'] = {};
  for (const [rate, b] of [...byRate].sort((a, b) => a[0] - b[0])) {
    runsToQuarantineByRate[`${Math.round(rate * 100)}%`] = { median: median(b.delays), quarantined: b.delays.length, missed: b.missed };
  }
  const falsePositiveTests: Record<string, number> = {};
  for (const kind of fpTests.values()) falsePositiveTests[kind] = (falsePositiveTests[kind] ?? 0) + 1;

  // Flapping: a release undone within FLAP_RUNS runs.
  let flaps = 0;
  const releasedAt = new Map<string, number>();
  for (let i = 1; i < after.length; i++) {
    for (const id of after[i - 1]!) if (!after[i]!.has(id)) releasedAt.set(id, i);
    for (const id of after[i]!) {
      const r = releasedAt.get(id);
      if (r !== undefined && !after[i - 1]!.has(id)) {
        if (i - r <= FLAP_RUNS) flaps++;
        releasedAt.delete(id);
      }
    }
  }

  const victims = victimMetrics(trace, after);
  const finalFlaky = world.tests.filter((t) => rateAt(t, lastRun) > 0).length;
  const ratio = (a: number, b: number): number => (b === 0 ? 1 : a / b);
  return {
    scenario: world.scenario.name,
    seed: world.seed,
    runs: world.runs.length,
    invocations: trace.invocations.length,
    reruns,
    precision: ratio(tp, quarantinedSum),
    strictPrecision: ratio(strictTp, quarantinedSum),
    recall: ratio(recalled, eligible),
    finalPrecision: ratio(finalTp, finalQ.size),
    finalRecall: ratio(finalRecalled, finalEligible),
    finalQuarantined: finalQ.size,
    finalFlaky,
    hardInvocations,
    masked,
    maskedByDesign,
    maskedByPolicy: masked - maskedByDesign,
    maskedCauses,
    flakyRedWithout,
    flakyRedWith,
    flakyRedBlame: Object.fromEntries([...blame].sort((a, b) => a[0] - b[0]).map(([rate, n]) => [`${Math.round(rate * 100)}%`, n])),
    redReduction: flakyRedWith === 0 ? Number.POSITIVE_INFINITY : flakyRedWithout / flakyRedWith,
    redWithout,
    redWith,
    medianRunsToQuarantine: median(delays),
    onsetsQuarantined: delays.length,
    onsetsMissed: missed,
    medianRunsFromFirstFailure: median(fromFirst),
    failedNeverQuarantined,
    rerunExecutionsPerRun: rerunExecutions / world.runs.length,
    rerunRoundsPerRun: rerunRounds / world.runs.length,
    rerunStartsPerRun: rerunStarts / world.runs.length,
    rerunSecondsPerRun: rerunSeconds / world.runs.length,
    rerunSteps,
    rerunVerdicts,
    flakyConsistentRed,
    falseConsistent: Object.fromEntries(
      [...falseByRate].sort((a, b) => a[0] - b[0]).map(([rate, b]) => [`${+(rate * 100).toFixed(2)}%`, { count: b.count, medianP: median(b.ps), quarantined: b.quarantined }]),
    ),
    runsToQuarantineByRate,
    flaps,
    falsePositiveTests,
    victims,
    msPerInvocation: trace.invocations.length ? trace.invocations.reduce((n, i) => n + i.ms, 0) / trace.invocations.length : 0,
    wallMs: trace.ms,
  };
}

/** The order-dependent victims' metrics (see the header). */
export function victimMetrics(trace: Trace, after: Array<Set<string>>): VictimMetrics {
  const world = trace.world;
  const victims = world.tests.filter((t) => t.victimFrom !== undefined && t.victimFrom < world.runs.length);
  const out: VictimMetrics = {
    count: victims.length,
    runsAfterThird: 0,
    greenAfterThird: 0,
    greenShare: 0,
    quarantined: 0,
    calledOrderDependent: 0,
    calledFlaky: 0,
    runVerdicts: { orderDependent: 0, flaky: 0, other: 0 },
    quarantinedPoints: 0,
    falseVerdicts: 0,
    falseVerdictRedRuns: 0,
  };
  const byId = new Map(world.tests.map((t) => [t.id, t]));
  for (const inv of trace.invocations) {
    const ex = inv.execution;
    const wrong = (inv.orderDependent ?? []).filter((id) => !isVictimAt(byId.get(id)!, ex.run.index)).length;
    out.falseVerdicts += wrong;
    if (wrong > 0 && ex.attempt === 1 && ex.hardFailed.size === 0 && ex.victimFailed.length === 0 && inv.outcome === 'failure') out.falseVerdictRedRuns++;
  }
  if (victims.length === 0) return out;
  // The outcome of each workflow run: its last invocation's.
  const last = new Map<number, Invocation>();
  for (const inv of trace.invocations) last.set(inv.execution.run.index, inv);
  for (const v of victims) {
    let failing = 0;
    let od = false;
    let flaky = false;
    for (const inv of trace.invocations) {
      const ex = inv.execution;
      if (ex.attempt !== 1) continue;
      const r = ex.results.find((x) => x.test.id === v.id);
      if (!r || !r.attempts.some((a) => a.code !== 'P')) continue;
      if (ex.run.index < v.victimFrom!) continue;
      failing++;
      const calledOd = inv.orderDependent?.includes(v.id) ?? false;
      const forgiven = !calledOd && (inv.forgivenIds?.includes(v.id) || inv.provenFlaky?.includes(v.id)) === true;
      if (calledOd) out.runVerdicts.orderDependent++;
      else if (forgiven) out.runVerdicts.flaky++;
      else out.runVerdicts.other++;
      od ||= calledOd;
      flaky ||= forgiven;
      if (failing >= 3) {
        out.runsAfterThird++;
        if (last.get(ex.run.index)?.outcome === 'success') out.greenAfterThird++;
      }
    }
    let quarantined = false;
    for (let i = v.victimFrom!; i < world.runs.length; i++) {
      if (!after[i]!.has(v.id)) continue;
      quarantined = true;
      out.quarantinedPoints++;
    }
    if (quarantined) out.quarantined++;
    if (od) out.calledOrderDependent++;
    if (flaky || quarantined) out.calledFlaky++;
  }
  out.greenShare = out.runsAfterThird === 0 ? 0 : out.greenAfterThird / out.runsAfterThird;
  return out;
}

/** Compares two traces of the same world invocation by invocation; returns the first difference, if any. */
export function compareTraces(a: Trace, b: Trace): string | undefined {
  const n = Math.max(a.invocations.length, b.invocations.length);
  for (let i = 0; i < n; i++) {
    const x: Invocation | undefined = a.invocations[i];
    const y: Invocation | undefined = b.invocations[i];
    if (!x || !y) return `invocation ${i}: only one engine ran it`;
    const where = `run ${x.execution.run.index} attempt ${x.execution.attempt}`;
    if (x.execution.run.index !== y.execution.run.index || x.execution.attempt !== y.execution.attempt) return `invocation ${i}: different runs`;
    if (x.outcome !== y.outcome) return `${where}: outcome ${x.outcome} vs ${y.outcome}`;
    if (x.failedTests !== y.failedTests || x.forgiven !== y.forgiven || x.blocking !== y.blocking) return `${where}: counts differ`;
    if (x.quarantined.join('\n') !== y.quarantined.join('\n')) return `${where}: quarantine sets differ`;
  }
  return undefined;
}
