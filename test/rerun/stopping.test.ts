import { describe, expect, it } from 'vitest';
import { IMPLAUSIBLE, NO_HISTORY, consistentSentence, failureCounts, failureRate, nextStep, rerunChance, rerunsNeeded, streakChance } from '../../src/rerun/stopping.ts';
import type { TestHistory } from '../../src/model.ts';

const rule = { minReruns: 3, maxReruns: 6 };

function historyOf(runs: string[], outage: number[] = []): TestHistory {
  return {
    id: 't',
    name: 't',
    classname: 'c',
    runs: runs.map((attempts, i) => ({ run: `r${i}`, sha: `s${i}`, time: i, onDefaultBranch: true, attempts, ...(outage.includes(i) ? { outage: true } : {}) })),
  };
}

/** Re-runs until the verdict, for a test that keeps failing. */
function rerunsToVerdict(counts = NO_HISTORY, r = rule): [number, string] {
  for (let reruns = 1; ; reruns++) {
    const v = nextStep(counts, reruns + 1, reruns, r);
    if (v !== 'continue') return [reruns, v];
  }
}

describe('the stopping rule', () => {
  it('counts attempts, and attempts right after a failure, over the newest runs that passed at some attempt', () => {
    // The outage run and the runs that failed every time (maybe a regression) are left out.
    const c = failureCounts(historyOf(['P', 'FP', 'FFP', 'S', 'F', 'FFF', 'EEE'], [5]), 50);
    expect(c).toEqual({ failures: 3, passes: 3, againFailures: 1, againPasses: 2 });
    // Once the test passed in a later run, a run that failed every time counts: the episode ended (a burst).
    expect(failureCounts(historyOf(['P', 'FFF', 'FP', 'F', 'EE']), 50)).toEqual({ failures: 4, passes: 2, againFailures: 2, againPasses: 1 });
    // The window counts runs with an outcome, newest first.
    expect(failureCounts(historyOf(['F', 'F', 'P', 'S', 'P']), 2)).toEqual({ failures: 0, passes: 2, againFailures: 0, againPasses: 0 });
  });

  it('is the posterior predictive of the streak: 1/2 for a first failure of a test never seen, decreasing with the streak', () => {
    expect(failureRate(NO_HISTORY)).toBe(0.5);
    expect(streakChance(NO_HISTORY, 1)).toBe(0.5);
    // Uniform prior on the again-rate centred on 1/2 with weight 2: Beta(1, 1) → 1/2 · 1/2 · 2/3 …
    expect(streakChance(NO_HISTORY, 3)).toBeCloseTo(0.5 * 0.5 * (2 / 3), 12);
    let previous = 1;
    for (let s = 1; s < 12; s++) {
      const chance = streakChance({ failures: 3, passes: 40, againFailures: 1, againPasses: 2 }, s);
      expect(chance).toBeLessThan(previous);
      previous = chance;
    }
  });

  it('re-runs a test never seen the maximum: it could be flaky at any rate (exhausted, its quarantine decides)', () => {
    expect(rerunsToVerdict()).toEqual([6, 'exhausted']);
  });

  it('calls a test with a clean history consistent after the minimum re-runs', () => {
    const clean = failureCounts(historyOf(Array(50).fill('P')), 50);
    expect(rerunsToVerdict(clean)).toEqual([3, 'consistent']);
    expect(rerunChance(clean, 3)).toBeLessThan(IMPLAUSIBLE);
  });

  it('judges the re-runs given the failure that triggered them: a well-known 40% flaky test needs 6 failing re-runs (0.4^6 ≈ 0.4%)', () => {
    const known40 = { failures: 4000, passes: 6000, againFailures: 1600, againPasses: 2400 };
    // Among the runs this test turns red, its re-runs keep one red less than 0.5% of the time: 0.4^5 = 1% would not do.
    expect(rerunChance(known40, 5)).toBeCloseTo(0.4 ** 5, 4);
    expect(rerunChance(known40, 5)).toBeGreaterThan(IMPLAUSIBLE);
    expect(rerunChance(known40, 6)).toBeLessThan(IMPLAUSIBLE);
    expect(rerunsToVerdict(known40)).toEqual([6, 'consistent']);
    // The whole streak's chance (the first failure included) is smaller by the failure rate: not the rule's.
    expect(streakChance(known40, 6)).toBeCloseTo(0.4 * rerunChance(known40, 5), 6);
  });

  it("does not count the report's own retries in the streak: they are what made the run red", () => {
    const known40 = { failures: 4000, passes: 6000, againFailures: 1600, againPasses: 2400 };
    // FFFF in the report (three retries), then three failing re-runs: a streak of 7, but only 3 re-runs to judge.
    expect(nextStep(known40, 7, 3, rule)).toBe('continue');
    expect(nextStep(known40, 10, 6, rule)).toBe('consistent');
  });

  it('says how many failing re-runs make a streak implausible, within a limit', () => {
    const known40 = { failures: 4000, passes: 6000, againFailures: 1600, againPasses: 2400 };
    expect(rerunsNeeded(known40, IMPLAUSIBLE, 12)).toBe(6);
    expect(rerunsNeeded(known40, IMPLAUSIBLE / 4, 12)).toBe(8);
    expect(rerunsNeeded(known40, IMPLAUSIBLE, 5)).toBeUndefined();
    // A test never seen: its again-rate is unknown, no streak within 12 is implausible.
    expect(rerunsNeeded(NO_HISTORY, IMPLAUSIBLE, 12)).toBeUndefined();
  });

  it('re-runs a test whose failures come in bursts longer than its failure rate says', () => {
    // 6% of runs fail, but a failure is followed by another: judged at its rate, a burst would look like a regression.
    const bursty = failureCounts(historyOf([...Array(47).fill('P'), 'FFFP', 'FFFP', 'FFFP']), 50);
    const smooth = failureCounts(historyOf([...Array(47).fill('P'), 'FP', 'FP', 'FP']), 50);
    expect(rerunsToVerdict(smooth)).toEqual([3, 'consistent']);
    expect(rerunsToVerdict(bursty)[0]).toBeGreaterThan(3);
  });

  it("learns a bursty test's long bursts once they ended: its next burst is judged by them", () => {
    // Bursts of 4 failing runs in a row that a later run ended: without them, its again-rate would look like 1 in 3.
    const burstsEnded = [
      ...Array(30).fill('P'),
      ...Array(4)
        .fill([...Array(3).fill('FFFF'), 'FP', 'P'])
        .flat(),
    ];
    const shortOnly = [...Array(30).fill('P'), ...Array(4).fill(['FP', 'P']).flat()];
    expect(failureCounts(historyOf(burstsEnded), 50).againFailures).toBe(36);
    expect(rerunsToVerdict(failureCounts(historyOf(shortOnly), 50))).toEqual([3, 'consistent']);
    expect(rerunsToVerdict(failureCounts(historyOf(burstsEnded), 50))).toEqual([6, 'exhausted']);
  });

  it('does not let a regression raise its own p: its failing runs do not count, so each of its runs is consistent', () => {
    const flaky = [...Array(40).fill('P'), ...Array(10).fill('FP')];
    const before = failureCounts(historyOf(flaky), 50);
    const during = failureCounts(historyOf([...flaky.slice(3), 'FFFF', 'FFFF', 'FFFF']), 50);
    expect(rerunsToVerdict(before)).toEqual([3, 'consistent']);
    expect(rerunsToVerdict(during)).toEqual([3, 'consistent']);
  });

  it('never stops before the minimum nor goes past the maximum', () => {
    const clean = failureCounts(historyOf(Array(50).fill('P')), 50);
    expect(nextStep(clean, 2, 1, rule)).toBe('continue');
    expect(nextStep(NO_HISTORY, 7, 6, rule)).toBe('exhausted');
    expect(nextStep(NO_HISTORY, 3, 2, { minReruns: 1, maxReruns: 2 })).toBe('exhausted');
  });

  it('says the sentence with the numbers', () => {
    expect(consistentSentence(7, 7)).toBe('failed 7 of 7 times on this commit; its flaky failures would do that less than 0.5% of the time');
  });
});

describe('the stopping rule, at its edges', () => {
  it('leaves out a passing outage run, counts a run with an early pass and an error as a failure', () => {
    expect(failureCounts(historyOf(['P', 'FP'], [1]), 50)).toEqual({ failures: 0, passes: 1, againFailures: 0, againPasses: 0 });
    expect(failureCounts(historyOf(['PF']), 50)).toEqual({ failures: 1, passes: 1, againFailures: 0, againPasses: 0 });
    expect(failureCounts(historyOf(['EP']), 50)).toEqual({ failures: 1, passes: 1, againFailures: 0, againPasses: 1 });
  });

  it('a skipped run is no pass: an older run that failed every time stays out', () => {
    expect(failureCounts(historyOf(['FFF', 'S']), 50)).toEqual({ failures: 0, passes: 0, againFailures: 0, againPasses: 0 });
  });

  it('a streak of none has chance 1', () => {
    expect(streakChance(NO_HISTORY, 0)).toBe(1);
    expect(streakChance(NO_HISTORY, -1)).toBe(1);
  });

  it('calls a chance equal to the threshold plausible, and finds a need equal to the limit', () => {
    const known40 = { failures: 4000, passes: 6000, againFailures: 1600, againPasses: 2400 };
    expect(rerunsNeeded(known40, IMPLAUSIBLE, 6)).toBe(6);
    const at3 = rerunChance(known40, 3);
    expect(rerunsNeeded(known40, at3, 12)).toBe(4);
    expect(nextStep(known40, 4, 3, { minReruns: 0, maxReruns: 10, threshold: at3 })).toBe('continue');
    expect(nextStep(known40, 5, 4, { minReruns: 0, maxReruns: 10, threshold: at3 })).toBe('consistent');
  });
});
