/**
 * The dashboard page's data model, computed from the branch's files (files.ts). Pure: no DOM, no I/O. The views'
 * models are computed from it: suite-summary.ts, test-query.ts, test-detail.ts, backlog.ts.
 * The page (page/) only draws what these functions return; the browser tests recompute the same numbers from the
 * same files with them and compare them with what the page shows.
 *
 * Definitions (docs/dashboard.md says them for people):
 * - a test *failed* in a run when its last attempt failed or errored; it was *retried* when it had several attempts;
 *   it *flaked* when one attempt failed and a later one passed in the same run;
 * - a test is *flaky* (in hindsight) when it flaked at least once in its window, or is quarantined;
 * - a run is *red without flakeguard* when a test failed in it, or when a test its reports failed passed only on
 *   flakeguard's re-run (runs.json's figures, ADR 0460: the outcome string cannot tell a re-run from a retry), and
 *   *red because of flaky tests* when every test that failed in it is flaky (one that passed on a re-run flaked);
 *   *red with flakeguard* is what flakeguard decided for the job (runs.json); a run flakeguard *saved* was red
 *   because of flaky tests without flakeguard and green with it;
 * - a run's *test seconds* are its reports' (runs.json's figures), else estimated as the sum of the newest duration
 *   of each test that ran in it; its *re-run seconds* are the re-run commands' (docs/dashboard.md, "CI time");
 * - an *outage failure* is a failure whose message is one of its run's outage keys.
 */
import { failureKey } from '../history/records.ts';
import type { BranchMeta, HistoryLine, RunRow, StatsLine } from './files.ts';
import { repoUrlOf, safeUrl } from './links.ts';
import { forEachSlot, isFail, runKind } from './test-runs.ts';
import { tallyTest, testCost, type RunTally, type Slots, type TestCost } from '../cost/index.ts';
import { NO_CLUSTERS, type StoredCluster, type StoredClusters } from '../clusters/cluster.ts';
import { clusterIndex } from '../clusters/format.ts';
import type { Diagnosis } from '../diagnose/format.ts';

export type TestState = 'quarantined' | 'by-hand' | 'never' | 'flaky' | 'failing' | 'stable';

export const STATE_LABEL: Record<TestState, string> = {
  quarantined: 'quarantined',
  'by-hand': 'quarantined by hand',
  never: 'never quarantine (by hand)',
  flaky: 'flaky, not quarantined',
  failing: 'failing',
  stable: 'stable',
};

export interface TestEntry {
  id: string;
  /** Lower-case id, for search. */
  key: string;
  history: HistoryLine;
  stats?: StatsLine;
  state: TestState;
  /** PFS estimate, or -1 when not scored. */
  pfs: number;
  /** Runs the test was in (with at least one attempt). */
  runs: number;
  failedRuns: number;
  retriedRuns: number;
  flakedRuns: number;
  /** Failed attempts in runs where the test flaked. */
  flakyFailedAttempts: number;
  /** flakyFailedAttempts × the newest duration, when the duration is known. */
  lostSec?: number;
  /** What it cost in CI time and what its re-runs saved (src/cost/, docs/cost.md); absent when it failed in no run. */
  cost?: TestCost;
  owners: string[];
}

export interface RunPoint {
  seq: number;
  key: string;
  sha: string;
  time: number;
  url?: string;
  onDefaultBranch: boolean;
  /** Tests with an attempt in the run. */
  tests: number;
  failed: number;
  failedFlaky: number;
  outageFailed: number;
  retried: number;
  flaked: number;
  redWithout: boolean;
  redFlakyWithout: boolean;
  /** null when the run's job result was not recorded. */
  redWith: boolean | null;
  redFlakyWith: boolean;
  /** Red because of flaky tests without flakeguard, green with it. */
  saved: boolean;
  /** Tests its reports failed that passed on flakeguard's re-run (0 when the row does not say). */
  passedOnRerun: number;
  /** The run's branch, when its row records it. */
  branch?: string;
  /** Seconds of the run's tests: its reports' when recorded, else estimated (`testSecEstimated`). */
  testSec: number;
  testSecEstimated: boolean;
  /** Seconds of flakeguard's re-runs in the run (0 when none or not recorded). */
  rerunSec: number;
}

export interface DayPoint {
  /** Start of the UTC day, ms. */
  day: number;
  runs: number;
  redWithout: number;
  redFlakyWithout: number;
  redWith: number;
  redFlakyWith: number;
  saved: number;
  failed: number;
  retried: number;
  flaked: number;
  outageFailed: number;
  outageRuns: number;
}

export interface Model {
  meta: BranchMeta;
  runs: RunRow[];
  runBySeq: Map<number, RunRow>;
  tests: TestEntry[];
  byId: Map<string, TestEntry>;
  points: RunPoint[];
  days: DayPoint[];
  /** https://github.com/owner/repo, from the runs' links, when they give it. */
  repoUrl?: string;
  /** Newest run time (ms), "now" for ages; Date.now() when there is no run. */
  now: number;
  /** The runs only, while the tests' files are still being read: numbers that need them are not known yet. */
  partial?: boolean;
  /** The co-failure clusters of clusters.json (docs/clusters.md; none when the branch has no such file). */
  clusters: StoredClusters;
  /** The cluster of each member. */
  clusterOf: Map<string, StoredCluster>;
  /** The newest diagnosis by experiment of each test (diagnoses.json, docs/diagnose.md; none without the file). */
  diagnoses: ReadonlyMap<string, Diagnosis>;
}

export interface ModelInput {
  meta: BranchMeta;
  runs: RunRow[];
  history: Iterable<HistoryLine>;
  stats: Map<string, StatsLine>;
  /** clusters.json as read (src/clusters/format.ts). */
  clusters?: StoredClusters;
  /** diagnoses.json as read (src/diagnose/format.ts). */
  diagnoses?: ReadonlyMap<string, Diagnosis>;
}

function stateOf(stats: StatsLine | undefined, flaked: number, failed: number): TestState {
  if (stats?.overrideAction === 'never') return 'never';
  if (stats?.quarantined) return stats.overrideAction === 'quarantine' ? 'by-hand' : 'quarantined';
  if (flaked > 0) return 'flaky';
  if (failed > 0) return 'failing';
  return 'stable';
}

export function buildModel(input: ModelInput): Model {
  const runs = input.runs;
  const runBySeq = new Map(runs.map((r) => [r.seq, r]));
  const minSeq = runs.length > 0 ? runs[0]!.seq : 0;
  const size = runs.length > 0 ? runs[runs.length - 1]!.seq - minSeq + 1 : 0;
  const testsIn = new Int32Array(size);
  const failed = new Int32Array(size);
  const failedFlaky = new Int32Array(size);
  const outageFailed = new Int32Array(size);
  const retried = new Int32Array(size);
  const flakedIn = new Int32Array(size);
  const estSec = new Float64Array(size);
  const outageKeys: Array<Set<string> | undefined> = new Array(size);
  const known = new Uint8Array(size);
  for (const r of runs) {
    known[r.seq - minSeq] = 1;
    if (r.outages?.length) outageKeys[r.seq - minSeq] = new Set(r.outages);
  }

  const tests: TestEntry[] = [];
  const byId = new Map<string, TestEntry>();
  const failedSeqs: number[] = [];
  // What each test cost (src/cost/): the runs' shares are tallied over every test, then each failing test is costed.
  const tallies = new Map<number, RunTally>();
  const slotsOf =
    (h: HistoryLine): Slots<number> =>
    (visit) =>
      forEachSlot(h.from, h.o, visit);
  const failing: TestEntry[] = [];
  for (const h of input.history) {
    const stats = input.stats.get(h.id);
    let nRuns = 0;
    let nFailed = 0;
    let nRetried = 0;
    let nFlaked = 0;
    let flakyFailedAttempts = 0;
    let nOutage = 0;
    failedSeqs.length = 0;
    forEachSlot(h.from, h.o, (seq, attempts) => {
      const k = seq - minSeq;
      const inRange = k >= 0 && k < size && known[k] === 1;
      const kind = runKind(attempts);
      if (kind === 'skipped') return;
      nRuns++;
      if (inRange) {
        testsIn[k]!++;
        if (h.d !== undefined && h.d > 0) estSec[k]! += h.d * attempts.length;
      }
      if (attempts.length > 1) {
        nRetried++;
        if (inRange) retried[k]!++;
      }
      if (kind === 'failed') {
        nFailed++;
        if (inRange) {
          failed[k]!++;
          failedSeqs.push(k);
          const keys = outageKeys[k];
          const message = keys ? h.m?.[String(seq)] : undefined;
          if (keys && message !== undefined && keys.has(failureKey(message)!)) {
            outageFailed[k]!++;
            nOutage++;
          }
        }
      } else if (kind === 'flaked') {
        nFlaked++;
        for (const c of attempts) if (isFail(c)) flakyFailedAttempts++;
        if (inRange) flakedIn[k]!++;
      }
    });
    // A failure in an outage is no evidence about the test (docs/policy.md): it does not make the test "failing".
    const state = stateOf(stats, nFlaked, nFailed - nOutage);
    const flaky = nFlaked > 0 || state === 'quarantined' || state === 'by-hand';
    if (flaky) for (const k of failedSeqs) failedFlaky[k]!++;
    const entry: TestEntry = {
      id: h.id,
      key: h.id.toLowerCase(),
      history: h,
      state,
      pfs: stats?.pfs?.[0] ?? -1,
      runs: nRuns,
      failedRuns: nFailed,
      retriedRuns: nRetried,
      flakedRuns: nFlaked,
      flakyFailedAttempts,
      owners: [],
    };
    if (stats) entry.stats = stats;
    if (h.d !== undefined) entry.lostSec = flakyFailedAttempts * h.d;
    tests.push(entry);
    byId.set(h.id, entry);
    if (nFailed > 0 || nFlaked > 0) {
      tallyTest(tallies, slotsOf(h), (seq) => runBySeq.get(seq), h.d);
      failing.push(entry);
    }
  }
  for (const entry of failing) {
    const cost = testCost(slotsOf(entry.history), entry.history.d, (seq) => runBySeq.get(seq), tallies);
    if (cost) entry.cost = cost;
  }

  const points: RunPoint[] = runs.map((r) => {
    const k = r.seq - minSeq;
    const f = failed[k]!;
    const passedOnRerun = r.figures?.passedOnRerun ?? 0;
    const red = f > 0 || passedOnRerun > 0;
    const redFlaky = red && failedFlaky[k] === f;
    const redWith = r.jobSucceeded === undefined ? null : !r.jobSucceeded;
    const point: RunPoint = {
      seq: r.seq,
      key: r.key,
      sha: r.sha,
      time: r.time,
      onDefaultBranch: r.onDefaultBranch,
      tests: testsIn[k]!,
      failed: f,
      failedFlaky: failedFlaky[k]!,
      outageFailed: outageFailed[k]!,
      retried: retried[k]!,
      flaked: flakedIn[k]!,
      redWithout: red,
      redFlakyWithout: redFlaky,
      redWith,
      redFlakyWith: redWith === true && redFlaky,
      saved: redFlaky && redWith === false,
      passedOnRerun,
      testSec: r.figures?.testSec ?? Math.round(estSec[k]! * 10) / 10,
      testSecEstimated: r.figures?.testSec === undefined,
      rerunSec: r.figures?.rerunSec ?? 0,
    };
    if (r.figures?.branch !== undefined) point.branch = r.figures.branch;
    const url = safeUrl(r.url);
    if (url) point.url = url;
    return point;
  });

  let repoUrl: string | undefined;
  for (let i = runs.length - 1; i >= 0 && !repoUrl; i--) repoUrl = repoUrlOf(runs[i]!.url);
  return {
    meta: input.meta,
    runs,
    runBySeq,
    tests,
    byId,
    points,
    days: byDay(points),
    ...(repoUrl ? { repoUrl } : {}),
    now: runs.length > 0 ? Math.max(...runs.map((r) => r.time)) : Date.now(),
    clusters: input.clusters ?? NO_CLUSTERS,
    clusterOf: clusterIndex(input.clusters ?? NO_CLUSTERS),
    diagnoses: input.diagnoses ?? new Map(),
  };
}

export const DAY = 86_400_000;

export function byDay(points: RunPoint[]): DayPoint[] {
  const days = new Map<number, DayPoint>();
  for (const p of points) {
    const day = Math.floor(p.time / DAY) * DAY;
    let d = days.get(day);
    if (!d) days.set(day, (d = { day, runs: 0, redWithout: 0, redFlakyWithout: 0, redWith: 0, redFlakyWith: 0, saved: 0, failed: 0, retried: 0, flaked: 0, outageFailed: 0, outageRuns: 0 }));
    d.runs++;
    if (p.redWithout) d.redWithout++;
    if (p.redFlakyWithout) d.redFlakyWithout++;
    if (p.redWith) d.redWith++;
    if (p.redFlakyWith) d.redFlakyWith++;
    if (p.saved) d.saved++;
    d.failed += p.failed;
    d.retried += p.retried;
    d.flaked += p.flaked;
    d.outageFailed += p.outageFailed;
    if (p.outageFailed > 0) d.outageRuns++;
  }
  return [...days.values()].sort((a, b) => a.day - b.day);
}
