/** The suite view's headline: runs, tests, how many runs were red because of flaky tests, without and with flakeguard, and the CI time they cost. */
import type { Model, RunPoint } from './page-model.ts';

export interface Summary {
  runs: number;
  tests: number;
  quarantined: number;
  flaky: number;
  redWithout: number;
  redFlakyWithout: number;
  redWith: number;
  redFlakyWith: number;
  /** Runs red because of flaky tests without flakeguard and green with it; `savedByRerun` of them had a test pass on a re-run. */
  saved: number;
  savedByRerun: number;
  /** Share of runs red because of flaky tests, without and with flakeguard (0..1), over runs with a result. */
  shareFlakyWithout: number;
  shareFlakyWith: number;
  outageRuns: number;
  time: CiTime;
}

/**
 * CI time lost to flaky failures (docs/dashboard.md, "CI time"), in seconds:
 * - `lostWithout`: each run red because of flaky tests without flakeguard is run again to get a green check, so it
 *   costs its tests' seconds once more;
 * - `lostWith`: flakeguard's re-runs (their seconds, every run) plus the tests' seconds of each run still red because
 *   of flaky tests with flakeguard;
 * - `savedByReruns`: the tests' seconds of the runs a re-run turned green, less every re-run's seconds (negative when
 *   the re-runs cost more than the runs they saved).
 * `estimated` runs had no recorded tests' seconds: theirs is the sum of the newest duration of each test that ran.
 */
export interface CiTime {
  lostWithout: number;
  lostWith: number;
  rerunSec: number;
  savedByReruns: number;
  estimated: number;
}

export function ciTime(points: readonly RunPoint[]): CiTime {
  const t: CiTime = { lostWithout: 0, lostWith: 0, rerunSec: 0, savedByReruns: 0, estimated: 0 };
  let savedRunsSec = 0;
  for (const p of points) {
    if (p.redFlakyWithout) t.lostWithout += p.testSec;
    if (p.redFlakyWith) t.lostWith += p.testSec;
    if (p.saved && p.passedOnRerun > 0) savedRunsSec += p.testSec;
    if (p.testSecEstimated && (p.redFlakyWithout || p.redFlakyWith)) t.estimated++;
    t.rerunSec += p.rerunSec;
  }
  t.lostWith += t.rerunSec;
  t.savedByReruns = savedRunsSec - t.rerunSec;
  for (const k of ['lostWithout', 'lostWith', 'rerunSec', 'savedByReruns'] as const) t[k] = Math.round(t[k] * 10) / 10;
  return t;
}

export function summarize(model: Pick<Model, 'points' | 'tests'>): Summary {
  const s: Summary = {
    runs: model.points.length,
    tests: model.tests.length,
    quarantined: 0,
    flaky: 0,
    redWithout: 0,
    redFlakyWithout: 0,
    redWith: 0,
    redFlakyWith: 0,
    saved: 0,
    savedByRerun: 0,
    shareFlakyWithout: 0,
    shareFlakyWith: 0,
    outageRuns: 0,
    time: ciTime(model.points),
  };
  for (const t of model.tests) {
    if (t.state === 'quarantined' || t.state === 'by-hand') s.quarantined++;
    if (t.flakedRuns > 0 || t.state === 'quarantined' || t.state === 'by-hand') s.flaky++;
  }
  for (const p of model.points) {
    if (p.redWithout) s.redWithout++;
    if (p.redFlakyWithout) s.redFlakyWithout++;
    if (p.redWith) s.redWith++;
    if (p.redFlakyWith) s.redFlakyWith++;
    if (p.saved) s.saved++;
    if (p.saved && p.passedOnRerun > 0) s.savedByRerun++;
    if (p.outageFailed > 0) s.outageRuns++;
  }
  s.shareFlakyWithout = s.runs > 0 ? s.redFlakyWithout / s.runs : 0;
  s.shareFlakyWith = s.runs > 0 ? s.redFlakyWith / s.runs : 0;
  return s;
}
