/**
 * Flip-rate, EWMA flip-rate, stability tiers and the tier-driven quarantine decision
 * (docs/scoring.md, section 2; its source, seed 001: docs/sources.md).
 *
 * A run's outcome is its final non-skipped attempt (error = failure); runs with only skipped
 * attempts are dropped before windows are taken. See docs/scoring.md.
 */
import type { TestRunRecord, Tier } from '../model.ts';
import { runOutcome } from './outcomes.ts';

export interface FlipRateConfig {
  /** Outcomes (most recent) used by the flip-rate and the tier. Seed: 10. */
  window: number;
  /** Smoothing factor of the EWMA flip-rate. Seed: 0.3. */
  ewmaAlpha: number;
  /** Outcomes (most recent) used by the EWMA flip-rate. Seed: 20. */
  ewmaWindow: number;
}

export const DEFAULT_FLIP_RATE_CONFIG: FlipRateConfig = Object.freeze({ window: 10, ewmaAlpha: 0.3, ewmaWindow: 20 });

/** Outcomes of the runs, oldest first, skipped-only runs dropped (true = passed). */
export function outcomesOf(runs: readonly TestRunRecord[]): boolean[] {
  const out: boolean[] = [];
  for (const r of runs) {
    const o = runOutcome(r.attempts);
    if (o !== null) out.push(o);
  }
  return out;
}

/**
 * Fraction of consecutive outcome pairs that differ, over the last `window` outcomes.
 * `null` with fewer than 2 outcomes (the seed returns 0.0 there; see `tierOf`).
 */
export function flipRate(outcomes: readonly boolean[], window = DEFAULT_FLIP_RATE_CONFIG.window): number | null {
  const n = Math.min(window, outcomes.length);
  if (n < 2) return null;
  const start = outcomes.length - n;
  let flips = 0;
  for (let i = start + 1; i < outcomes.length; i++) if (outcomes[i] !== outcomes[i - 1]) flips++;
  return flips / (n - 1);
}

/**
 * EWMA of the flip indicators over the last `window` outcomes, oldest pair first:
 * ewma = flip[0]; then ewma = alpha * flip + (1 - alpha) * ewma for each later pair.
 * `null` with fewer than 2 outcomes (the seed returns 0.0).
 */
export function ewmaFlipRate(outcomes: readonly boolean[], alpha = DEFAULT_FLIP_RATE_CONFIG.ewmaAlpha, window = DEFAULT_FLIP_RATE_CONFIG.ewmaWindow): number | null {
  const n = Math.min(window, outcomes.length);
  if (n < 2) return null;
  const start = outcomes.length - n;
  let ewma = outcomes[start + 1] !== outcomes[start] ? 1 : 0;
  for (let i = start + 2; i < outcomes.length; i++) {
    const flip = outcomes[i] !== outcomes[i - 1] ? 1 : 0;
    ewma = alpha * flip + (1 - alpha) * ewma;
  }
  return ewma;
}

/**
 * `flipRate` and `ewmaFlipRate` straight from the runs, without building the outcome list
 * (same results; used by scoreTest). Also returns the number of outcomes in the whole history.
 * `scratch` is working space a caller scoring many tests passes to every call (its contents
 * do not matter); one is allocated when it is absent or shorter than the windows.
 */
export function flipRates(
  runs: readonly TestRunRecord[],
  config: FlipRateConfig = DEFAULT_FLIP_RATE_CONFIG,
  scratch?: Uint8Array,
): { flipRate: number | null; ewmaFlipRate: number | null; outcomes: number } {
  const need = Math.max(config.window, config.ewmaWindow, 0);
  // Outcomes of the last `need` runs with one, newest first (1 = passed).
  const recent = scratch !== undefined && scratch.length >= need ? scratch : new Uint8Array(need);
  let got = 0;
  let outcomes = 0;
  for (let r = runs.length - 1; r >= 0; r--) {
    const o = runOutcome(runs[r]!.attempts);
    if (o === null) continue;
    if (got < need) recent[got++] = o ? 1 : 0;
    outcomes++;
  }
  // recent[0] is the newest outcome.
  let fr: number | null = null;
  const n = Math.min(config.window, got);
  if (n >= 2) {
    let flips = 0;
    for (let i = 1; i < n; i++) if (recent[i] !== recent[i - 1]) flips++;
    fr = flips / (n - 1);
  }
  let ewma: number | null = null;
  const m = Math.min(config.ewmaWindow, got);
  if (m >= 2) {
    // Oldest pair first: indexes m-1 (oldest) down to 0 (newest).
    let e = recent[m - 1] !== recent[m - 2] ? 1 : 0;
    for (let i = m - 3; i >= 0; i--) {
      const flip = recent[i] !== recent[i + 1] ? 1 : 0;
      e = config.ewmaAlpha * flip + (1 - config.ewmaAlpha) * e;
    }
    ewma = e;
  }
  return { flipRate: fr, ewmaFlipRate: ewma, outcomes };
}

/**
 * Tier exactly as the seed: Stable == 0, Intermittent <= 0.2, Flaky <= 0.5, Chronic > 0.5.
 * A `null` flip-rate (fewer than 2 outcomes) is Stable, as in the seed (which computes 0.0).
 */
export function tierOf(rate: number | null): Tier {
  if (rate === null || rate === 0) return 'Stable';
  if (rate <= 0.2) return 'Intermittent';
  if (rate <= 0.5) return 'Flaky';
  return 'Chronic';
}

export type TierQuarantineAction = 'quarantine' | 'release' | 'none';

export interface TierQuarantineDecision {
  action: TierQuarantineAction;
  /** True when the test should be in quarantine after applying the decision. */
  quarantined: boolean;
  reason: string;
}

/**
 * The seed's QuarantineManager.auto_update for one test: Flaky/Chronic tests not in quarantine are
 * quarantined; Stable/Intermittent tests in quarantine are released when `autoRelease` (the seed's
 * `auto_unquarantine` flag, true for everything it quarantines itself); anything else is left alone.
 */
export function tierQuarantineDecision(tier: Tier, currentlyQuarantined: boolean, autoRelease = true): TierQuarantineDecision {
  if ((tier === 'Flaky' || tier === 'Chronic') && !currentlyQuarantined) {
    return { action: 'quarantine', quarantined: true, reason: `auto: ${tier} flip-rate` };
  }
  if ((tier === 'Stable' || tier === 'Intermittent') && currentlyQuarantined && autoRelease) {
    return { action: 'release', quarantined: false, reason: `auto: ${tier} flip-rate` };
  }
  return { action: 'none', quarantined: currentlyQuarantined, reason: `${tier} flip-rate` };
}
