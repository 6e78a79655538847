import { describe, expect, it } from 'vitest';
import { ewmaFlipRate, flipRate, flipRates, outcomesOf, tierOf, tierQuarantineDecision } from '../../src/scoring/flip-rate.ts';
import { runOutcome } from '../../src/scoring/outcomes.ts';
import { runsOf } from './helpers.ts';

const P = true;
const F = false;

describe('runOutcome', () => {
  it('is the final non-skipped attempt; E is a failure; only-skipped is no outcome', () => {
    expect(runOutcome('P')).toBe(true);
    expect(runOutcome('FP')).toBe(true);
    expect(runOutcome('PF')).toBe(false);
    expect(runOutcome('FE')).toBe(false);
    expect(runOutcome('E')).toBe(false);
    expect(runOutcome('FS')).toBe(false); // trailing skip ignored
    expect(runOutcome('PSS')).toBe(true);
    expect(runOutcome('SS')).toBe(null);
    expect(runOutcome('')).toBe(null);
  });

  it('outcomesOf drops runs without a non-skipped attempt', () => {
    expect(outcomesOf(runsOf(['P', 'S', 'FP', 'E', 'SS']))).toEqual([P, P, F]);
  });
});

describe('flipRate (seed 001)', () => {
  it('is flips / (n - 1) over the last 10 outcomes', () => {
    // P F P F P: 4 flips over 4 pairs = 1.
    expect(flipRate([P, F, P, F, P])).toBe(1);
    // P P P F F: 1 flip over 4 pairs = 0.25.
    expect(flipRate([P, P, P, F, F])).toBe(0.25);
    // 12 outcomes; the first two (F, F) fall out of the window of 10:
    // window = P P P P P P P P F P → flips at 7→8 and 8→9 = 2 over 9 pairs.
    expect(flipRate([F, F, P, P, P, P, P, P, P, P, F, P])).toBeCloseTo(2 / 9, 15);
  });

  it('is null with fewer than 2 outcomes (the seed returns 0.0 and calls it Stable)', () => {
    expect(flipRate([])).toBeNull();
    expect(flipRate([F])).toBeNull();
    expect(tierOf(flipRate([F]))).toBe('Stable');
  });

  it('respects a custom window', () => {
    // last 3: F P P → 1 flip / 2.
    expect(flipRate([P, P, F, P, P], 3)).toBe(0.5);
  });
});

describe('ewmaFlipRate (seed 001)', () => {
  it('starts at the first flip indicator and smooths later ones with alpha 0.3', () => {
    // outcomes P F F P → flips [1, 0, 1]
    // ewma = 1; then 0.3*0 + 0.7*1 = 0.7; then 0.3*1 + 0.7*0.7 = 0.79.
    expect(ewmaFlipRate([P, F, F, P])).toBeCloseTo(0.79, 15);
    // outcomes P P F → flips [0, 1] → 0, then 0.3*1 + 0.7*0 = 0.3.
    expect(ewmaFlipRate([P, P, F])).toBeCloseTo(0.3, 15);
  });

  it('uses only the last 20 outcomes', () => {
    // 21 outcomes: F then 20 P. The F is outside the window, so no flip at all.
    const o = [F, ...Array<boolean>(20).fill(P)];
    expect(ewmaFlipRate(o)).toBe(0);
    // With 22 outcomes F F + 20 P... and one F newest: window = 19 P + F → flips only at the end: 0.3.
    const o2 = [F, F, ...Array<boolean>(19).fill(P), F];
    expect(ewmaFlipRate(o2)).toBeCloseTo(0.3, 15);
  });

  it('is null with fewer than 2 outcomes', () => {
    expect(ewmaFlipRate([P])).toBeNull();
  });
});

describe('flipRates (fast path used by scoreTest)', () => {
  it('agrees with flipRate/ewmaFlipRate on the outcome list, skipped runs dropped', () => {
    const attempts = ['P', 'FP', 'F', 'S', 'E', 'P', 'PF', 'P', 'SS', 'F', 'P', 'P', 'FF', 'P', 'FP', 'E', 'P', 'P', 'F', 'P', 'P', 'F', 'P'];
    const runs = runsOf(attempts);
    const o = outcomesOf(runs);
    for (const cfg of [
      { window: 10, ewmaAlpha: 0.3, ewmaWindow: 20 },
      { window: 3, ewmaAlpha: 0.5, ewmaWindow: 4 },
      { window: 50, ewmaAlpha: 0.1, ewmaWindow: 50 },
    ]) {
      const r = flipRates(runs, cfg);
      expect(r.outcomes).toBe(o.length);
      expect(r.flipRate).toBe(flipRate(o, cfg.window));
      expect(r.ewmaFlipRate).toBe(ewmaFlipRate(o, cfg.ewmaAlpha, cfg.ewmaWindow));
    }
    expect(flipRates(runsOf(['S', 'P'])).flipRate).toBeNull();
  });

  it('gives the same with a scratch buffer reused across tests, whatever it holds, and ignores one too short', () => {
    const histories = [['F', 'F', 'F', 'F', 'F', 'F'], ['P', 'FP', 'P'], ['P', 'F', 'P', 'F', 'P', 'F', 'P', 'F', 'P', 'F', 'P', 'F'], ['S']].map((a) => runsOf(a));
    const scratch = new Uint8Array(20).fill(7);
    for (const runs of histories) expect(flipRates(runs, undefined, scratch)).toEqual(flipRates(runs));
    for (const runs of histories) expect(flipRates(runs, undefined, new Uint8Array(2))).toEqual(flipRates(runs));
  });
});

describe('tiers (seed 001, exact boundaries)', () => {
  it('Stable == 0, Intermittent <= 0.2, Flaky <= 0.5, Chronic > 0.5', () => {
    expect(tierOf(0)).toBe('Stable');
    expect(tierOf(1e-9)).toBe('Intermittent');
    expect(tierOf(0.2)).toBe('Intermittent');
    expect(tierOf(0.2000001)).toBe('Flaky');
    expect(tierOf(0.5)).toBe('Flaky');
    expect(tierOf(0.5000001)).toBe('Chronic');
    expect(tierOf(1)).toBe('Chronic');
  });
});

describe('tierQuarantineDecision (seed 001 auto_update)', () => {
  it('quarantines Flaky and Chronic tests that are not quarantined', () => {
    expect(tierQuarantineDecision('Flaky', false).action).toBe('quarantine');
    expect(tierQuarantineDecision('Chronic', false)).toMatchObject({ action: 'quarantine', quarantined: true });
    expect(tierQuarantineDecision('Chronic', true)).toMatchObject({ action: 'none', quarantined: true });
  });

  it('releases Stable and Intermittent tests only when auto-release is allowed', () => {
    expect(tierQuarantineDecision('Stable', true)).toMatchObject({ action: 'release', quarantined: false });
    expect(tierQuarantineDecision('Intermittent', true).action).toBe('release');
    expect(tierQuarantineDecision('Intermittent', true, false)).toMatchObject({ action: 'none', quarantined: true });
    expect(tierQuarantineDecision('Stable', false)).toMatchObject({ action: 'none', quarantined: false });
  });
});
