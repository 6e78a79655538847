/** Each seed rule's verdict at its thresholds, and its words (src/policy/rules/seed-rules.ts). */
import { describe, expect, it } from 'vitest';
import { ruleVerdict } from '../../src/policy/rules/seed-rules.ts';
import { DEFAULT_RULE_OPTIONS } from '../../src/policy/rules/defaults.ts';
import type { RuleOptions } from '../../src/policy/rules/types.ts';
import { flipRates, pfs, successRate, thresholdedFlakiness } from '../../src/scoring/index.ts';
import type { TestRunRecord } from '../../src/model.ts';
import { historyOf } from '../support/builders.ts';

const runs = (description: string): TestRunRecord[] => historyOf('t', description).runs;
const reps = (token: string, n: number): string => Array(n).fill(token).join(' ');
const NOW = Date.UTC(2026, 10, 2);
const o = DEFAULT_RULE_OPTIONS;
const with_ = <K extends keyof RuleOptions>(key: K, value: Partial<RuleOptions[K]>): RuleOptions => ({ ...o, [key]: { ...o[key], ...value } });

describe('pfs', () => {
  const flaky = runs(`${reps('P', 7)} FP P FP`);
  const r = pfs(flaky, o.scoring.pfs);

  it('enters at exactly min-runs runs and a lower bound equal to enter-low', () => {
    expect(flaky).toHaveLength(10);
    expect(ruleVerdict('pfs', flaky, NOW, with_('pfs', { minRuns: 10, enterLow: r.pfLow })).enter).toBe(true);
    expect(ruleVerdict('pfs', flaky, NOW, with_('pfs', { minRuns: 11, enterLow: 0 })).enter).toBe(false);
    expect(ruleVerdict('pfs', flaky, NOW, with_('pfs', { minRuns: 1, enterLow: r.pfLow + 1e-9 })).enter).toBe(false);
  });

  it('never enters without a failure in the window, whatever the interval', () => {
    expect(ruleVerdict('pfs', runs(reps('P', 10)), NOW, with_('pfs', { minRuns: 1, enterLow: 0 })).enter).toBe(false);
    expect(ruleVerdict('pfs', runs(`${reps('P', 9)} EP`), NOW, with_('pfs', { minRuns: 1, enterLow: 0 })).enter).toBe(true);
  });

  it('releases below release-below only, over the newest pfs.window runs', () => {
    expect(ruleVerdict('pfs', flaky, NOW, with_('pfs', { releaseBelow: r.pf })).release).toBe(false);
    expect(ruleVerdict('pfs', flaky, NOW, with_('pfs', { releaseBelow: r.pf + 1e-9 })).release).toBe(true);
    const v = ruleVerdict('pfs', flaky, NOW, with_('pfs', { window: 4 }));
    const last4 = pfs(flaky.slice(-4), o.scoring.pfs);
    expect(v.measured).toBe(`PFS ${last4.pf.toFixed(2)} [${last4.pfLow.toFixed(2)}, ${last4.pfHigh.toFixed(2)}] over the last 4 runs (enters at a lower bound of 0.01)`);
    expect(v.leaves).toBe('until its PFS falls below 0.02');
  });
});

describe('flip-rate', () => {
  // Flips early, then none: the EWMA (weighted to the newest) and the plain rate differ.
  const h = runs(`P F P F P P P P P P P P`);
  const fr = flipRates(h, o.scoring.flipRate);

  it('takes the tier from the rate chosen, and says which', () => {
    expect(fr.flipRate).not.toBe(fr.ewmaFlipRate);
    const plain = ruleVerdict('flip-rate', h, NOW, o);
    expect(plain.measured).toBe(`flip-rate ${fr.flipRate!.toFixed(2)}: tier ${plain.measured.split('tier ')[1]!.split(' ')[0]} (quarantine tiers: Flaky, Chronic)`);
    const ewma = ruleVerdict('flip-rate', h, NOW, with_('flipRate', { score: 'ewma' }));
    expect(ewma.measured).toMatch(new RegExp(`^EWMA flip-rate ${fr.ewmaFlipRate!.toFixed(2)}: tier `));
  });

  it('says n/a without enough outcomes, and when a quarantined test leaves', () => {
    const v = ruleVerdict('flip-rate', runs('P'), NOW, o);
    expect(v).toEqual({ enter: false, release: true, measured: 'flip-rate n/a: tier Stable (quarantine tiers: Flaky, Chronic)', leaves: 'until its tier is not one of Flaky, Chronic' });
    expect(ruleVerdict('flip-rate', runs('P'), NOW, with_('flipRate', { autoRelease: false }))).toMatchObject({ release: false, leaves: 'until released by hand (auto-release is off)' });
  });
});

describe('success-rate', () => {
  const h = runs(`${reps('P', 8)} FP P`);
  const r = successRate(h, NOW, o.scoring.successRate);

  it('enters below enter-below once exactly min-runs runs are counted', () => {
    expect(r.counted).toBe(10);
    expect(ruleVerdict('success-rate', h, NOW, with_('successRate', { minRuns: 10 })).enter).toBe(true);
    expect(ruleVerdict('success-rate', h, NOW, with_('successRate', { minRuns: 11 })).enter).toBe(false);
    expect(ruleVerdict('success-rate', h, NOW, with_('successRate', { enterBelow: r.rate! })).enter).toBe(false);
  });

  it('releases at release-at, and a test with no counted run', () => {
    expect(ruleVerdict('success-rate', h, NOW, with_('successRate', { releaseAt: r.rate! })).release).toBe(true);
    expect(ruleVerdict('success-rate', h, NOW, o).release).toBe(false);
    const none = ruleVerdict('success-rate', [], NOW, o);
    expect(none).toEqual({ enter: false, release: true, measured: 'success rate n/a (0/0 counted runs in 30 days; enters below 0.95)', leaves: 'until its success rate reaches 1' });
    // No rate is no reason to enter, even when no run is needed.
    expect(ruleVerdict('success-rate', [], NOW, with_('successRate', { minRuns: 0 })).enter).toBe(false);
  });
});

describe('multi-factor', () => {
  it('releases on a stable recommendation only, and says when', () => {
    const clean = ruleVerdict('multi-factor', runs(reps('P', 20)), NOW, o);
    expect(clean).toMatchObject({ enter: false, release: true, leaves: 'until its recommendation is stable (score below 0.2)' });
    const flaky = ruleVerdict('multi-factor', runs(reps('FP FP P', 10)), NOW, o);
    expect(flaky.measured).not.toMatch(/recommendation stable$/);
    expect(flaky.release).toBe(false);
  });
});

describe('thresholded', () => {
  const h = runs(`${reps('P', 8)} FP P`);
  const r = successRate(h, NOW, o.scoring.successRate);
  const flakiness = thresholdedFlakiness(1 - r.rate!, o.scoring.thresholded.alpha);

  it('enters above enter-above once exactly min-runs runs are counted', () => {
    expect(flakiness).toBeGreaterThan(0);
    expect(ruleVerdict('thresholded', h, NOW, with_('thresholded', { minRuns: 10 })).enter).toBe(true);
    expect(ruleVerdict('thresholded', h, NOW, with_('thresholded', { minRuns: 11 })).enter).toBe(false);
    expect(ruleVerdict('thresholded', h, NOW, with_('thresholded', { enterAbove: flakiness })).enter).toBe(false);
  });

  it('releases at or below enter-above, and reads no run as no failure', () => {
    expect(ruleVerdict('thresholded', h, NOW, o).release).toBe(false);
    expect(ruleVerdict('thresholded', h, NOW, with_('thresholded', { enterAbove: flakiness })).release).toBe(true);
    const none = ruleVerdict('thresholded', [], NOW, with_('thresholded', { minRuns: 0 }));
    expect(none).toEqual({ enter: false, release: true, measured: 'thresholded flakiness 0.00 (failure chance 0.00 over 0 counted runs, α 0.4)', leaves: 'until its thresholded flakiness is 0' });
    expect(ruleVerdict('thresholded', h, NOW, with_('thresholded', { enterAbove: 0.25 })).leaves).toBe('until its thresholded flakiness is at most 0.25');
  });
});
