/**
 * Seed 002's regression detection ("tickets when flakiness regresses"): the PFS of the recent runs against a
 * baseline. Pure.
 *
 * The recent posterior is computed over the newest `window` runs only (not the whole history, whose clean past
 * would drown a new flakiness for dozens of runs), outage runs and skipped-only runs left out. It rose when its 90%
 * interval lies entirely above the baseline's (the lower bound of now above the upper bound of before), with at
 * least `minFailing` failing runs among the recent ones. Measured in test/scoring/regression.test.ts: after 30
 * clean runs it fires at 3 of the last 10 runs failing then passing on a retry, and on a streak of 4 such runs; not
 * at 2, nor at the same rate as the baseline. Failures without a retry are weaker evidence of flakiness (a failing
 * commit may be broken): 3 single-attempt failures in 10 runs do not fire, 10 in a row do.
 */
import type { TestRunRecord } from '../model.ts';
import { pfs, pfsFromStats, type PfsConfig, type PfsMemo, type PfsStats, DEFAULT_PFS_CONFIG } from './pfs.ts';

/** [pf, pfLow, pfHigh] */
export type Interval = readonly [number, number, number];

export const RECENT_WINDOW = 10;
export const MIN_FAILING = 2;

/** The runs that are evidence: a non-skipped attempt, not in an outage. */
export function evidenceRuns(runs: readonly TestRunRecord[]): TestRunRecord[] {
  return runs.filter((r) => !r.outage && hasOutcome(r.attempts));
}

/** evidenceRuns, or `runs` itself when every run is evidence (read only: no copy). */
function evidenceOf(runs: readonly TestRunRecord[]): readonly TestRunRecord[] {
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i]!;
    if (r.outage || !hasOutcome(r.attempts)) return evidenceRuns(runs);
  }
  return runs;
}

/** True when an attempt failed or errored (`/[FE]/`). */
function hasFailure(attempts: string): boolean {
  for (let i = 0; i < attempts.length; i++) {
    const c = attempts.charCodeAt(i);
    if (c === 70 /* F */ || c === 69 /* E */) return true;
  }
  return false;
}

function hasOutcome(attempts: string): boolean {
  for (let i = 0; i < attempts.length; i++) if (attempts.charCodeAt(i) !== 83 /* S */) return true;
  return false;
}

/** PFS sufficient statistics of a few runs (a window), grouped by sha without the shared index: cheap for 10 runs. */
function windowStats(runs: readonly TestRunRecord[], from: number, to: number): PfsStats {
  const shas: string[] = [];
  const passes: number[] = [];
  const fails: number[] = [];
  for (let r = from; r < to; r++) {
    const run = runs[r]!;
    let g = shas.indexOf(run.sha);
    if (g < 0) {
      g = shas.push(run.sha) - 1;
      passes.push(0);
      fails.push(0);
    }
    const a = run.attempts;
    for (let i = 0; i < a.length; i++) {
      const c = a.charCodeAt(i);
      if (c === 80) passes[g]!++;
      else if (c === 70 || c === 69) fails[g]!++;
    }
  }
  let good = 0;
  let goodFailures = 0;
  let passed = 0;
  const allFail = new Map<number, number>();
  for (let g = 0; g < shas.length; g++) {
    if (passes[g]! > 0) {
      good++;
      goodFailures += fails[g]!;
      passed += passes[g]!;
    } else if (fails[g]! > 0) {
      allFail.set(fails[g]!, (allFail.get(fails[g]!) ?? 0) + 1);
    }
  }
  return { good, goodFailures, passes: passed, allFail: [...allFail].sort((x, y) => x[0] - y[0]) };
}

const interval = (r: { pf: number; pfLow: number; pfHigh: number }): Interval => [r.pf, r.pfLow, r.pfHigh];

/** The PFS of the newest `window` evidence runs. */
export function recentPfs(runs: readonly TestRunRecord[], window = RECENT_WINDOW, config: PfsConfig = DEFAULT_PFS_CONFIG, memo?: PfsMemo): Interval {
  return interval(pfs(evidenceRuns(runs).slice(-window), config, memo));
}

export interface Rise {
  /** The recent interval. */
  now: Interval;
  /** The baseline: given (e.g. recorded in an issue), or the runs before the recent window. */
  before: Interval;
}

/**
 * Whether the test's flakiness rose. Without a given baseline, the runs before the recent window are the baseline,
 * and there must be at least `window` of them.
 */
export function pfsRose(
  runs: readonly TestRunRecord[],
  baseline?: Interval,
  window = RECENT_WINDOW,
  minFailing = MIN_FAILING,
  config: PfsConfig = DEFAULT_PFS_CONFIG,
  memo?: PfsMemo,
): Rise | undefined {
  const evidence = evidenceRuns(runs);
  const recent = evidence.slice(-window);
  if (recent.filter((r) => /[FE]/.test(r.attempts)).length < minFailing) return undefined;
  let before = baseline;
  if (!before) {
    if (evidence.length < 2 * window) return undefined;
    before = interval(pfs(evidence.slice(0, -window), config, memo));
  }
  const now = interval(pfs(recent, config, memo));
  return now[1] > before[2] ? { now, before } : undefined;
}

/**
 * The recent PFS at the last `points` runs `every` runs apart, oldest first: the short trend kept in each stats line
 * (`pfsTrend`) and shown in issues.
 */
export function pfsTrendOf(
  runs: readonly TestRunRecord[],
  points = 5,
  every = 5,
  window = RECENT_WINDOW,
  config: PfsConfig = DEFAULT_PFS_CONFIG,
  memo?: PfsMemo,
  /** Nothing when no run of the trend's span failed (the stats files keep a trend only for tests that failed lately). */
  onlyIfFailing = false,
): Array<{ runs: number; pf: number }> {
  const evidence = evidenceOf(runs);
  const out: Array<{ runs: number; pf: number }> = [];
  if (onlyIfFailing) {
    const span = Math.max(0, evidence.length - (points - 1) * every - window);
    let failing = false;
    for (let r = evidence.length - 1; r >= span && !failing; r--) failing = hasFailure(evidence[r]!.attempts);
    if (!failing) return out;
  }
  for (let k = points - 1; k >= 0; k--) {
    const end = evidence.length - k * every;
    if (end < 1) continue;
    out.push({ runs: end, pf: pfsFromStats(windowStats(evidence, Math.max(0, end - window), end), config, memo).pf });
  }
  return out;
}
