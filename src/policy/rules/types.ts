/**
 * The quarantine rules a user can choose (`policy.rule` in the config file, docs/rules.md): which seed method
 * decides entry and release, and every parameter of every seed method. Plain data only.
 */
import type { ScoringOptions } from '../../scoring/index.ts';
import type { Tier } from '../../model.ts';

export const RULE_NAMES = ['evidence', 'pfs', 'flip-rate', 'success-rate', 'multi-factor', 'thresholded'] as const;
export type RuleName = (typeof RULE_NAMES)[number];

export interface PfsRuleOptions {
  /** Runs (newest last, outage runs left out) the posterior is computed over. */
  window: number;
  /** Enter when the lower end of p_f's credible interval reaches this. */
  enterLow: number;
  /** Leave when the posterior mean of p_f falls below this. */
  releaseBelow: number;
  /** Counted runs needed before it decides to enter (with few runs the prior alone keeps the interval wide). */
  minRuns: number;
  /**
   * Every rule: the issues' regression check (seed 002's "flakiness regresses", src/scoring/regression.ts) reads the
   * PFS of this many newest runs against the baseline, with the PFS priors of `scoring.pfs`.
   */
  regressionWindow: number;
  /** Every rule: failing runs among those needed before a regression counts. */
  regressionMinFailing: number;
}

export interface FlipRateRuleOptions {
  /** Which rate the tier is taken from: the flip-rate or the EWMA flip-rate (docs/scoring.md, section 2). */
  score: 'flip-rate' | 'ewma';
  /** Tiers that enter quarantine (default Flaky and Chronic; docs/rules.md, the `flip-rate` rule). */
  quarantineTiers: Tier[];
  /** Seed 001's auto-release: a quarantined test whose tier is no longer a quarantine tier leaves. */
  autoRelease: boolean;
}

export interface SuccessRateRuleOptions {
  /** Enter when the filtered success rate is below this. */
  enterBelow: number;
  /** Leave when it is at least this. */
  releaseAt: number;
  /** Counted runs needed before the rate decides anything. */
  minRuns: number;
}

export interface ThresholdedRuleOptions {
  /** Enter when the thresholded flakiness (docs/scoring.md, section 5) is above this. */
  enterAbove: number;
  /** Counted runs needed before it decides anything. */
  minRuns: number;
}

export interface RuleOptions {
  pfs: PfsRuleOptions;
  flipRate: FlipRateRuleOptions;
  successRate: SuccessRateRuleOptions;
  thresholded: ThresholdedRuleOptions;
  /** Every seed method's own parameters (src/scoring): used by the rules and by the scores in the stats files. */
  scoring: ScoringOptions;
}
