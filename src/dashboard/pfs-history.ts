/**
 * Seed 002's "historical values of the PFS on a test-specific dashboard, so that developers can locate when changes
 * to the score happened": after each run of the test, the PFS of its newest RECENT_WINDOW runs (the regression
 * check's window; outage runs and skipped-only runs left out) with its 90% interval. Pure; the test view draws it.
 *
 * The page reads the data branch, not the config file, so the history uses the default window and priors
 * (`policy.pfs.regression-window` and `policy.pfs.prior-*` change the issues' check, not this chart).
 */
import type { TestRunRecord } from '../model.ts';
import { createPfsMemo, DEFAULT_PFS_CONFIG, pfs, type PfsConfig } from '../scoring/pfs.ts';
import { RECENT_WINDOW } from '../scoring/regression.ts';

export interface PfsPoint {
  /** The run's sequence number on the data branch. */
  seq: number;
  /** Posterior mean of p_f over the window ending at this run, and its credible interval. */
  pf: number;
  low: number;
  high: number;
  /** Evidence runs in the window (fewer than the window at the start of the history). */
  runs: number;
}

export interface PfsRun {
  seq: number;
  attempts: string;
  /** The run's commit; unknown: the run is its own commit. */
  sha?: string;
  outage: boolean;
}

/** One point per evidence run, oldest first. */
export function pfsHistory(runs: readonly PfsRun[], window = RECENT_WINDOW, config: PfsConfig = DEFAULT_PFS_CONFIG): PfsPoint[] {
  const evidence: TestRunRecord[] = [];
  const seqs: number[] = [];
  for (const r of runs) {
    if (r.outage || !/[PFE]/.test(r.attempts)) continue;
    evidence.push({ run: String(r.seq), sha: r.sha ?? `#${r.seq}`, time: r.seq, onDefaultBranch: true, attempts: r.attempts });
    seqs.push(r.seq);
  }
  const memo = createPfsMemo();
  const out: PfsPoint[] = [];
  for (let end = 1; end <= evidence.length; end++) {
    const slice = evidence.slice(Math.max(0, end - window), end);
    const p = pfs(slice, config, memo);
    out.push({ seq: seqs[end - 1]!, pf: p.pf, low: p.pfLow, high: p.pfHigh, runs: slice.length });
  }
  return out;
}
