import { describe, expect, it } from 'vitest';
import { adviceLine } from '../../src/cli/explain.ts';

describe("explain's multi-factor advice", () => {
  it('is the score alone when it agrees with the state', () => {
    expect(adviceLine('quarantine', 'critical', 'Flaky in 40% of runs.', true)).toBe(
      'Multi-factor score alone (docs/scoring.md, "Recommendation"): would quarantine, priority critical: Flaky in 40% of runs.',
    );
    expect(adviceLine('stable', 'low', undefined, false)).toBe('Multi-factor score alone (docs/scoring.md, "Recommendation"): would call it stable, priority low.');
  });

  it('never stands beside a state it contradicts without saying what decides the state', () => {
    expect(adviceLine('monitor', 'low', 'Fewer than 5 runs: not enough data to act.', true)).toMatch(/would monitor, .* It advises only: the quarantine stands because the policy's rule decided it/);
    expect(adviceLine('monitor', 'low', undefined, true, 'quarantine')).toMatch(/the quarantine stands because it is quarantined by hand/);
    expect(adviceLine('quarantine', 'critical', undefined, false, 'never')).toMatch(/the test is not quarantined because an override says "never"/);
    expect(adviceLine('quarantine', 'critical', undefined, false)).toMatch(/not quarantined because the policy's rule decides quarantine, not this score/);
    for (const line of [adviceLine('monitor', 'low', undefined, true), adviceLine('quarantine', 'high', undefined, false)]) expect(line).not.toContain('seed');
  });
});
