/** The suite view's headline: runs, tests, and how many runs were red because of flaky tests, without and with flakeguard. */
import type { Model } from './page-model.ts';

export interface Summary {
  runs: number;
  tests: number;
  quarantined: number;
  flaky: number;
  redWithout: number;
  redFlakyWithout: number;
  redWith: number;
  redFlakyWith: number;
  /** Share of runs red because of flaky tests, without and with flakeguard (0..1), over runs with a result. */
  shareFlakyWithout: number;
  shareFlakyWith: number;
  outageRuns: number;
}

export function summarize(model: Model): Summary {
  const s: Summary = {
    runs: model.points.length,
    tests: model.tests.length,
    quarantined: 0,
    flaky: 0,
    redWithout: 0,
    redFlakyWithout: 0,
    redWith: 0,
    redFlakyWith: 0,
    shareFlakyWithout: 0,
    shareFlakyWith: 0,
    outageRuns: 0,
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
    if (p.outageFailed > 0) s.outageRuns++;
  }
  s.shareFlakyWithout = s.runs > 0 ? s.redFlakyWithout / s.runs : 0;
  s.shareFlakyWith = s.runs > 0 ? s.redFlakyWith / s.runs : 0;
  return s;
}
