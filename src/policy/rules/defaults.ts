/** Default parameters of every rule: docs/rules.md has the table (default and seed of origin of each). */
import { DEFAULT_SCORING_OPTIONS } from '../../scoring/index.ts';
import type { RuleOptions } from './types.ts';

export const DEFAULT_RULE_OPTIONS: RuleOptions = {
  pfs: { window: 50, enterLow: 0.01, releaseBelow: 0.02, minRuns: 10, regressionWindow: 10, regressionMinFailing: 2 },
  flipRate: { score: 'flip-rate', quarantineTiers: ['Flaky', 'Chronic'], autoRelease: true },
  successRate: { enterBelow: 0.95, releaseAt: 1, minRuns: 10 },
  thresholded: { enterAbove: 0, minRuns: 10 },
  scoring: { ...DEFAULT_SCORING_OPTIONS },
};
