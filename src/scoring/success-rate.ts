/**
 * Success rate with run filters (docs/scoring.md, section 4; source: seed 003, docs/sources.md): only runs that can
 * be trusted to reflect the test rather than the change under test are counted.
 */
import type { TestRunRecord } from '../model.ts';
import { CH_P, isFailCode } from './outcomes.ts';

export const DAY_MS = 86_400_000;

/**
 * Which runs count:
 * - 'default-branch-or-successful-job': runs on the default branch, or whose job ultimately
 *   succeeded (`jobSucceeded === true`), so failures a pull request caused do not count. Seed 003's
 *   third condition ("the pipeline succeeded") has no field in TestRunRecord and is not applied.
 * - 'all': every run.
 */
export type RunFilter = 'default-branch-or-successful-job' | 'all';

/**
 * When a counted run is a success:
 * - 'all-attempts': it has a non-skipped attempt and no failing one ("FP" is not a success: in a job
 *   that succeeded, that failure was flaky — exactly what the rate is meant to reveal).
 * - 'final-attempt': its final non-skipped attempt passed ("FP" is a success).
 */
export type PassWhen = 'all-attempts' | 'final-attempt';

export interface SuccessRateConfig {
  /** Only runs with `time >= now - lookbackDays` days count. Default 30 (ScoringConfig.lookbackDays). */
  lookbackDays: number;
  filter: RunFilter;
  passWhen: PassWhen;
}

export const DEFAULT_SUCCESS_RATE_CONFIG: SuccessRateConfig = Object.freeze({
  lookbackDays: 30,
  filter: 'default-branch-or-successful-job',
  passWhen: 'all-attempts',
});

export interface SuccessRate {
  /** passed / counted; null when no run is counted. */
  rate: number | null;
  /** Runs that passed the filter and had at least one non-skipped attempt. */
  counted: number;
  /** Counted runs that were successes. */
  passed: number;
}

export function successRate(runs: readonly TestRunRecord[], now: number, config: SuccessRateConfig = DEFAULT_SUCCESS_RATE_CONFIG): SuccessRate {
  const since = now - config.lookbackDays * DAY_MS;
  const all = config.filter === 'all';
  const finalOnly = config.passWhen === 'final-attempt';
  let counted = 0;
  let passed = 0;
  for (let r = runs.length - 1; r >= 0; r--) {
    const run = runs[r]!;
    if (run.time < since) continue; // histories are oldest first, but do not rely on it
    if (!all && !run.onDefaultBranch && run.jobSucceeded !== true) continue;
    const a = run.attempts;
    let seen = false;
    let failed = false;
    let last = false;
    for (let i = 0; i < a.length; i++) {
      const c = a.charCodeAt(i);
      if (c === CH_P) {
        seen = true;
        last = true;
      } else if (isFailCode(c)) {
        seen = true;
        failed = true;
        last = false;
      }
    }
    if (!seen) continue;
    counted++;
    if (finalOnly ? last : !failed) passed++;
  }
  return { rate: counted === 0 ? null : passed / counted, counted, passed };
}
