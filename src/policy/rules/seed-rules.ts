/**
 * The seed methods as quarantine rules: each reads one test's counted runs (outage runs and unproven pull-request
 * failures already left out by the caller, src/policy/decide.ts) and says whether the method wants the test in
 * quarantine (entry) and whether a quarantined test may leave (release), in words a user understands. Pure.
 */
import type { TestRunRecord } from '../../model.ts';
import { flipRates, tierOf } from '../../scoring/flip-rate.ts';
import { multiFactorScore } from '../../scoring/multi-factor.ts';
import { pfs, type PfsMemo } from '../../scoring/pfs.ts';
import { successRate } from '../../scoring/success-rate.ts';
import { thresholdedFlakiness } from '../../scoring/thresholded.ts';
import type { RuleName, RuleOptions } from './types.ts';

export interface RuleVerdict {
  /** The method wants the test in quarantine. */
  enter: boolean;
  /** The method lets a quarantined test leave. */
  release: boolean;
  /** What the method measured, e.g. "PFS 0.12 [0.04, 0.22] over the last 50 runs". */
  measured: string;
  /** When a quarantined test leaves, in words: "until its PFS falls below 0.02". */
  leaves: string;
}

const f2 = (x: number): string => x.toFixed(2);

export type SeedRule = Exclude<RuleName, 'evidence'>;

export function ruleVerdict(rule: SeedRule, runs: readonly TestRunRecord[], now: number, o: RuleOptions, memo?: PfsMemo): RuleVerdict {
  const s = o.scoring;
  switch (rule) {
    case 'pfs': {
      const window = runs.slice(-o.pfs.window);
      const r = pfs(window, s.pfs, memo);
      return {
        // A test that never failed in the window never enters, whatever the prior leaves of the interval.
        enter: window.length >= o.pfs.minRuns && r.pfLow >= o.pfs.enterLow && window.some((run) => /[FE]/.test(run.attempts)),
        release: r.pf < o.pfs.releaseBelow,
        measured: `PFS ${f2(r.pf)} [${f2(r.pfLow)}, ${f2(r.pfHigh)}] over the last ${window.length} runs (enters at a lower bound of ${o.pfs.enterLow})`,
        leaves: `until its PFS falls below ${o.pfs.releaseBelow}`,
      };
    }
    case 'flip-rate': {
      const fr = flipRates(runs, s.flipRate);
      const rate = o.flipRate.score === 'ewma' ? fr.ewmaFlipRate : fr.flipRate;
      const tier = tierOf(rate);
      const inTier = o.flipRate.quarantineTiers.includes(tier);
      const label = o.flipRate.score === 'ewma' ? 'EWMA flip-rate' : 'flip-rate';
      return {
        enter: inTier,
        release: o.flipRate.autoRelease && !inTier,
        measured: `${label} ${rate === null ? 'n/a' : f2(rate)}: tier ${tier} (quarantine tiers: ${o.flipRate.quarantineTiers.join(', ')})`,
        leaves: o.flipRate.autoRelease ? `until its tier is not one of ${o.flipRate.quarantineTiers.join(', ')}` : 'until released by hand (auto-release is off)',
      };
    }
    case 'success-rate': {
      const r = successRate(runs, now, s.successRate);
      const enough = r.rate !== null && r.counted >= o.successRate.minRuns;
      const rate = r.rate === null ? 'n/a' : f2(r.rate);
      return {
        enter: enough && r.rate! < o.successRate.enterBelow,
        release: r.rate === null || r.rate >= o.successRate.releaseAt,
        measured: `success rate ${rate} (${r.passed}/${r.counted} counted runs in ${s.successRate.lookbackDays} days; enters below ${o.successRate.enterBelow})`,
        leaves: `until its success rate reaches ${o.successRate.releaseAt}`,
      };
    }
    case 'multi-factor': {
      const m = multiFactorScore(runs, now, s.multiFactor);
      const action = m.recommendation.action;
      return {
        enter: action === 'quarantine',
        release: action === 'stable',
        measured: `multi-factor score ${f2(m.score)} (confidence ${f2(m.confidence)}): recommendation ${action}`,
        leaves: `until its recommendation is stable (score below ${s.multiFactor.monitoringThreshold})`,
      };
    }
    case 'thresholded': {
      const r = successRate(runs, now, s.successRate);
      const enough = r.rate !== null && r.counted >= o.thresholded.minRuns;
      const p = r.rate === null ? 0 : 1 - r.rate;
      const flakiness = thresholdedFlakiness(p, s.thresholded.alpha);
      return {
        enter: enough && flakiness > o.thresholded.enterAbove,
        release: flakiness <= o.thresholded.enterAbove,
        measured: `thresholded flakiness ${f2(flakiness)} (failure chance ${f2(p)} over ${r.counted} counted runs, α ${s.thresholded.alpha})`,
        leaves: `until its thresholded flakiness is ${o.thresholded.enterAbove === 0 ? '0' : `at most ${o.thresholded.enterAbove}`}`,
      };
    }
  }
}
